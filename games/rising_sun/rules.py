"""Who acts, what is legal and what an action does (reference §5-§7).

``legal`` order: for each decision, the choices in a fixed order (see
:mod:`games.rising_sun.choices`), with ``done`` / ``pass`` / ``decline`` last but before
gifts. The handlers that apply an action are in :mod:`games.rising_sun.handlers`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rising_sun import flow, war
from games.rising_sun.board import Events
from games.rising_sun.choices import (
    betrayals,
    bid_options,
    builds,
    buys,
    decision_options,
    gifts,
    moves,
    neighbours,
    options_exist,
    richest,
    summon_dests,
)
from games.rising_sun.data import BOXES, is_monster
from games.rising_sun.handlers import HANDLERS, _next_tea_turn, give, resolve_mercy
from games.rising_sun.state import Decline, Done, G, Gift, Pass, RSAction

Task = dict[str, Any]


def advance(g: G, events: Events) -> None:
    """Run automatic tasks until a decision is due or the game is over."""
    while g.tasks:
        task = g.tasks[0]
        kind = task["t"]
        if kind in flow.DECISIONS:
            if needs_decision(g, task):
                return
            g.tasks.pop(0)
            if kind == "bids":
                war.reveal(g, events)
            elif kind == "mercy":  # its owner resigned: the figures die
                resolve_mercy(g, task, False, events)
            continue
        g.tasks.pop(0)
        flow.AUTO[kind](g, task, events)
    g.phase = "over"


def needs_decision(g: G, task: Task) -> bool:
    """Whether a decision task still waits for someone (else it is dropped)."""
    if task["t"] == "bids":
        battle = g.battle
        assert battle is not None
        return any(s not in battle["confirmed"] and g.active(s) for s in battle["parts"])
    seat = flow.decider(g, task)
    if seat is None or not g.active(seat):
        return False
    return options_exist(g, task, seat)


def to_act(g: G) -> frozenset[int]:
    if g.phase == "over" or not g.tasks:
        return frozenset()
    task = g.tasks[0]
    if task["t"] == "bids":
        assert g.battle is not None
        return frozenset(
            s for s in g.battle["parts"] if s not in g.battle["confirmed"] and g.active(s)
        )
    seat = flow.decider(g, task)
    return frozenset() if seat is None else frozenset({seat})


def legal(g: G, seat: int) -> Sequence[RSAction]:
    if seat not in to_act(g):
        return []
    task = g.tasks[0]
    t = task["t"]
    if t == "bids":
        return bid_options(g, seat)
    out = decision_options(g, task, seat)
    if t == "tea" and not g.tea.get("offer"):
        out = [*out, Pass(), *gifts(g, seat)]
    elif t == "choose":
        out = [*out, *gifts(g, seat)]
    elif t in ("recruit", "summon1", "marshal", "fujin", "buy", "betray"):
        out.append(Done())
    elif t in ("seppuku", "hostage", "ninja", "monkey", "mercy", "ronin", "poets", "serpent"):
        out.append(Decline())
    return out


def apply(g: G, seat: int, action: RSAction, events: Events) -> None:
    task = g.tasks[0]
    if isinstance(action, Gift):
        give(g, seat, action, events)
        return
    g.gifted[seat] = False
    handler = HANDLERS[task["t"]]
    handler(g, seat, task, action, events)


__all__ = [
    "BOXES", "_next_tea_turn", "advance", "apply", "betrayals", "builds", "buys", "is_monster",
    "legal", "moves", "neighbours", "richest", "summon_dests", "to_act",
]  # fmt: skip
