"""Building Rising Sun positions for the rule tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games import engine
from games.base import GameError, resolve_options
from games.rising_sun import GAME, board
from games.rising_sun.data import data, is_monster
from games.rising_sun.rules import advance
from games.rising_sun.state import RESERVE, SHRINE, G, RisingSunState, freeze, thaw

KOI, LOTUS, TURTLE, DRAGONFLY, BONSAI = 0, 1, 2, 3, 4  # seats with clans="first"


def fresh(players: int = 3, seed: int = 1, **options: Any) -> RisingSunState:
    opts = {"clans": "first", "beginner_shrines": True, **options}
    return GAME.setup(players, resolve_options(GAME, opts), seed)


def edit(state: RisingSunState, change: Callable[[G], None], *, run: bool = True) -> RisingSunState:
    g = thaw(state)
    change(g)
    if run:
        advance(g, [])
    return freeze(g)


def p(pid: str) -> int:
    return data().province(pid)


def clear(g: G) -> None:
    """Every figure back to its reserve, no Strongholds, no coins."""
    for f in g.figs:
        f[2] = RESERVE
    g.holds = [[] for _ in range(g.players)]
    g.coins = [0] * g.players


def put(g: G, seat: int, kind: str, where: str, n: int = 1) -> None:
    """``n`` figures of ``kind`` from the reserve to ``where`` (a province id or a kami);
    a monster is bought first (card owned) when there is none in the reserve."""
    loc = SHRINE + g.shrines.index(where) if where in g.shrines else p(where)
    for _ in range(n):
        i = next(
            (i for i, f in enumerate(g.figs) if f[0] == seat and f[1] == kind and f[2] == RESERVE),
            -1,
        )
        if i < 0:
            assert is_monster(kind), kind
            g.owned[seat].append(kind)
            g.figs.append([seat, kind, loc])
        else:
            g.figs[i][2] = loc


def where(g: G, seat: int, kind: str) -> list[str]:
    """Locations of ``seat``'s ``kind`` figures, sorted."""
    out = []
    for o, k, at in g.figs:
        if o == seat and k == kind:
            out.append(
                "reserve"
                if at == RESERVE
                else (data().provinces[at].id if at < SHRINE else str(at))
            )
    return sorted(out)


def task_only(g: G, *tasks: dict[str, Any]) -> None:
    g.tasks = [*tasks, {"t": "tea"}]  # the tea task stops the queue afterwards
    g.tea = {"turn": 0, "offer": None, "asked": [], "passes": 0, "n": 0}


def play(state: RisingSunState, seat: int, *texts: str) -> RisingSunState:
    for text in texts:
        state, _, _ = engine.act_text(GAME, state, seat, text)
    return state


def g_of(state: RisingSunState) -> G:
    return thaw(state)


def force(state: RisingSunState, seat: int, province: str, *, war: bool = False) -> int:
    """``seat``'s Force in ``province`` as the engine reckons it."""
    return board.force_in(thaw(state), seat, p(province), war=war)


def mandate_turn(
    players: int, chooser: int, drawn: list[str], change: Callable[[G], None] | None = None
) -> RisingSunState:
    """A Political Phase position where ``chooser`` has drawn ``drawn`` (after ``change``)."""

    def setup(g: G) -> None:
        g.phase = "political"
        g.chooser = chooser
        g.drawn = drawn
        if change:
            change(g)
        task_only(g, {"t": "choose"})

    return edit(fresh(players), setup)


def war_start(
    players: int, change: Callable[[G], None], war: tuple[str, ...] = ()
) -> RisingSunState:
    """The start of the War Phase after ``change`` (on a cleared board): ``war`` first, then
    a battle of Lotus and Turtle in Hokkaido that stops the queue before cleanup."""

    def setup(g: G) -> None:
        clear(g)
        change(g)
        put(g, LOTUS, "bushi", "hokkaido")
        put(g, TURTLE, "bushi", "hokkaido")
        g.phase, g.slot = "political", 9
        g.war = [p(x) for x in (*war, "hokkaido")]
        task_only(g, {"t": "war_start"})

    return edit(fresh(players), setup)


def refused(state: RisingSunState, seat: int, action: object, key: str) -> None:
    """``action`` is refused with the rule sentence ``key`` and the state is unchanged."""
    before = GAME.dump_state(state)
    with pytest.raises(GameError) as info:
        engine.act(GAME, state, seat, action)  # type: ignore[arg-type]
    assert info.value.key == key
    assert GAME.dump_state(state) == before
