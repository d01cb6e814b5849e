"""Rising Sun's labels: a friendly line per action for menus (autocomplete, buttons), each
a :class:`Reason` naming its catalogue entry (``rising_sun.label.*``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Reason
from games.rising_sun import board
from games.rising_sun import state as acts
from games.rising_sun.data import data
from games.rising_sun.notation import notation
from games.rising_sun.state import G, RSAction


def _kind(kind: str) -> str:
    if kind in data().cards:
        return data().cards[kind].name
    return kind.capitalize()


def _place(dest: str) -> str:
    if dest.startswith("shrine:"):
        return "the shrine of " + data().kami_names.get(dest[7:], dest[7:])
    try:
        return data().provinces[data().province(dest)].name
    except KeyError:
        return dest


def label(g: G, action: RSAction) -> str:
    """A friendly one-line description for menus: a :class:`Reason` (English text that
    names its catalogue entry, ``rising_sun.label.*``), so the bot words it per reader."""
    special = _step_label(g, action)
    if special is not None:
        return special
    labeller = _LABELLERS.get(type(action))
    if labeller is not None:
        return labeller(g, action)
    if isinstance(action, acts.Decline) and g.tasks and g.tasks[0]["t"] in DECLINE_LABEL:
        task = str(g.tasks[0]["t"])
        return Reason(f"rising_sun.label.decline.{task}", DECLINE_LABEL[task])
    for kind, (name, text) in FIXED_LABEL.items():
        if isinstance(action, kind):
            return Reason(f"rising_sun.label.{name}", text)
    return notation(g, action)


def _who(g: G, seat: int) -> str:
    """The English name of ``seat``'s clan ("" before the clans are chosen)."""
    return data().clans[g.clans[seat]].name if g.clan_id(seat) else ""


def _propose_label(g: G, action: acts.Propose) -> Reason:
    text = f"Propose an alliance to {_who(g, action.to)}"
    return Reason("rising_sun.label.propose", text, to=g.clan_id(action.to))


def _gift_label(g: G, action: acts.Gift) -> Reason:
    to = g.clan_id(action.to)
    if action.what == "ronin":
        text = f"Give {action.n} Ronin to {_who(g, action.to)}"
        return Reason("rising_sun.label.gift.ronin", text, n=action.n, to=to)
    text = f"Give {action.n} {'coin' if action.n == 1 else 'coins'} to {_who(g, action.to)}"
    return Reason("rising_sun.label.gift.coin", text, n=action.n, to=to)


def _choose_label(g: G, action: acts.Choose) -> Reason:
    text = f"Announce {action.mandate.capitalize()}"
    if action.keep:
        text += f" (keep {action.keep.capitalize()} face down)"
        key = "rising_sun.label.choose.keep"
        return Reason(key, text, mandate=action.mandate, keep=action.keep)
    return Reason("rising_sun.label.choose", text, mandate=action.mandate)


def _summon_label(g: G, action: acts.Summon) -> Reason:
    text = f"Summon {_kind(action.kind)} to {_place(action.dest)}"
    return Reason("rising_sun.label.summon", text, kind=action.kind, dest=action.dest)


def _move_label(g: G, action: acts.Move) -> Reason:
    text = f"Move {_kind(action.kind)} from {_place(action.src)} to {_place(action.dst)}"
    return Reason("rising_sun.label.move", text, kind=action.kind, src=action.src, dst=action.dst)


def _build_label(g: G, action: acts.Build) -> Reason:
    text = f"Build a Stronghold in {_place(action.province)}"
    if action.gift is not None:
        text += f" (a coin to {_who(g, action.gift)})"
        key = "rising_sun.label.build.gift"
        return Reason(key, text, dest=action.province, to=g.clan_id(action.gift))
    return Reason("rising_sun.label.build", text, dest=action.province)


def _buy_label(g: G, action: acts.Buy) -> Reason:
    card = data().cards.get(action.card)
    name = card.name if card else action.card
    printed = f"{card.cost} coin{'' if card.cost == 1 else 's'} printed" if card else ""
    text = f"Buy {name}" + (f" ({printed})" if card else "")
    cost = card.cost if card else 0
    key = "rising_sun.label.buy" + ("" if card else ".unknown")
    if action.gift is not None:
        text += f", a coin to {_who(g, action.gift)}"
        key += ".gift"
    to = g.clan_id(action.gift) if action.gift is not None else ""
    return Reason(key, text, card=action.card, cost=cost, to=to)


def _betray_label(g: G, action: acts.Betray) -> Reason:
    text = f"Betray: replace {_who(g, action.victim)}'s {_kind(action.kind)}"
    text += f" in {_place(action.province)}"
    key = "rising_sun.label.betray"
    if action.mine != action.kind:
        text += f" with your {_kind(action.mine)}"
        key += ".with"
    victim = g.clan_id(action.victim)
    return Reason(
        key, text, victim=victim, kind=action.kind, dest=action.province, mine=action.mine
    )


def _bid_label(g: G, action: acts.Bid) -> Reason:
    text = "Bid: Seppuku {}, Take Hostage {}, Hire Ronin {}, Imperial Poets {}".format(
        *action.as_list()
    )
    seppuku, hostage, ronin, poets = action.as_list()
    return Reason(
        "rising_sun.label.bid", text, seppuku=seppuku, hostage=hostage, ronin=ronin, poets=poets
    )


def _hostage_label(g: G, action: acts.Hostage) -> Reason:
    text = f"Take {_who(g, action.victim)}'s {_kind(action.kind)} hostage"
    victim = g.clan_id(action.victim)
    return Reason("rising_sun.label.hostage", text, victim=victim, kind=action.kind)


def _extra_label(g: G, action: acts.Extra) -> Reason:
    text = f"Give the odd reparation coin to {_who(g, action.to)}"
    return Reason("rising_sun.label.extra", text, to=g.clan_id(action.to))


def _kill_label(g: G, action: acts.Kill) -> Reason:
    where = _place(action.province)
    text = f"Path of the Ninja: kill {_who(g, action.victim)}'s Bushi in {where} (-1 Honor)"
    victim = g.clan_id(action.victim)
    return Reason("rising_sun.label.kill", text, victim=victim, dest=action.province)


_LABELLERS: dict[type, Callable[[G, Any], Reason]] = {
    acts.Propose: _propose_label,
    acts.Gift: _gift_label,
    acts.Choose: _choose_label,
    acts.Summon: _summon_label,
    acts.Move: _move_label,
    acts.Build: _build_label,
    acts.Buy: _buy_label,
    acts.Betray: _betray_label,
    acts.Bid: _bid_label,
    acts.Hostage: _hostage_label,
    acts.Extra: _extra_label,
    acts.Kill: _kill_label,
}
"""The label of each kind of action that names something (the others: below)."""


FIXED_LABEL: dict[type, tuple[str, str]] = {
    acts.Pass: ("pass", "Pass (no more proposals)"),
    acts.Accept: ("accept", "Accept the alliance"),
    acts.Refuse: ("refuse", "Refuse the alliance"),
    acts.Done: ("done", "Done"),
    acts.Confirm: ("confirm", "Confirm your bid"),
    acts.Seppuku: ("seppuku", "Commit Seppuku"),
    acts.Decline: ("decline", "Decline the advantage"),
    acts.Spare: ("spare", "Mercy: spare them and gain VP"),
    acts.Take: (
        "take",
        "Path of the Monkey: take a coin from the richest opponent (each, if tied; -1 Honor)",
    ),
}

DECLINE_LABEL = {
    "ninja": "Do not use Path of the Ninja",
    "monkey": "Do not use Path of the Monkey",
    "mercy": "No Mercy: the figures die",
    "ronin": "Do not hire the Ronin",
    "poets": "Do not use Imperial Poets",
    "serpent": "Let the route be used for free",
}
USE_LABEL = {
    "ronin": "Hire Ronin: your Ronin fight for you in this battle",
    "poets": "Imperial Poets: gain VP for every figure killed in this battle",
    "serpent": "Path of the Serpent: charge the route's coins",
}


def _step_label(g: G, action: RSAction) -> Reason | None:
    """The labels of the clan choice, the tiles' order and the ``use`` steps."""
    if isinstance(action, acts.Clan):
        return clan_label(action.clan)
    if isinstance(action, acts.Order):
        names = ", ".join(m.capitalize() for m in action.tiles)
        text = f"Put back {names} (top first)"
        return Reason("rising_sun.label.order", text, tiles=list(action.tiles))
    if isinstance(action, acts.Use) and g.tasks and g.tasks[0]["t"] in USE_LABEL:
        task = str(g.tasks[0]["t"])
        return Reason(f"rising_sun.label.use.{task}", USE_LABEL[task])
    return None


def clan_label(cid: str) -> Reason:
    """A clan while choosing: its name, starting Honor rank and power."""
    c = next(c for c in data().clans if c.id == cid)
    text = f"{c.name} (starting Honor rank {c.rank}): {c.summary}"
    return Reason("rising_sun.label.clan", text, clan=cid, rank=c.rank)


def place_name(g: G, loc: int) -> str:
    return _place(board.loc_name(loc, g))
