"""A takeback or an Undo the service allows hands nobody hidden information.

For every game with hidden information, random legal playouts (hypothesis seeds, a few
resignations mixed in) are stopped after every step; for each seat, the rollback the
service would offer it there (its Undo when its game says it has a step to undo, else a
takeback of its last confirmed move) is put to the service's own rule
(:func:`bot.service.rewind.refusal`). When the rule allows it, the undone actions are replayed on
``shuffle_hidden`` of the restored position for that seat: every step must still be legal
and leave that seat the very view the real continuation gave it. A step that is illegal
on the redeal, or a view that differs, is something the seat learnt and would keep after
the rollback.

Guards (issue 23): the rule that looked only at private events let a public reveal from a
hidden source be taken back (China's face-up refill from the pile, Shitenno's stack tiles
and new open cards, Rising Sun's revealed bids and war order) and an Undo checked nothing;
with that rule back in ``bot/service/rewind.py`` this test fails for all four games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.service import rewind
from games import engine
from games.base import Event, Game, GameError, Seat, State, resolve_options
from games.rng import Rng, derive_seed

HIDDEN_INFORMATION = ("china", "rising_sun", "samurai", "shitenno")
MOVES = {"china": 160, "rising_sun": 260, "samurai": 160, "shitenno": 200}
RESIGN_ONE_IN = 300  # a resignation now and then, from a seat that is not to act

Seen = dict[tuple[int, Seat], Any]
Rule = Callable[[Sequence[rewind.Undone], Seat, bool], "str | None"]


@dataclass(frozen=True)
class Step:
    seat: Seat
    text: str
    before: State
    after: State
    events: list[Event]


def playout(game: Game, players: int, seed: int, moves: int) -> list[Step]:
    """Random legal moves (a random seat among those to act), now and then a resignation
    of a seat still in the game, until the game ends or ``moves`` steps."""
    rng = Rng(derive_seed(seed, "takeback.playout"))
    state = game.setup(players, resolve_options(game, {}), seed)
    steps: list[Step] = []
    resigned: set[Seat] = set()
    while game.outcome(state) is None and len(steps) < moves:
        acting = sorted(game.to_act(state))
        idle = [s for s in range(players) if s not in acting and s not in resigned]
        if idle and players > 2 and rng.below(RESIGN_ONE_IN) == 0:
            seat, text = idle[rng.below(len(idle))], engine.RESIGN
            resigned.add(seat)
            after, events = engine.resign(game, state, seat)
        else:
            seat = acting[rng.below(len(acting))]
            options = game.legal(state, seat)
            action = options[rng.below(len(options))]
            text = game.notation(state, action)
            after, events = engine.act(game, state, seat, action)
        steps.append(Step(seat, text, state, after, events))
        state = after
    return steps


def rollback(game: Game, steps: Sequence[Step], end: int, seat: Seat) -> tuple[int, bool] | None:
    """Where the service would roll back to for ``seat`` after ``end`` steps, and whether
    it is an Undo (``True``) or a takeback; ``None`` when it offers neither (a finished
    game is never rolled back: it showed its secrets in the scoring)."""
    state = steps[end - 1].after
    if game.outcome(state) is not None:
        return None
    if game.can_undo(state, seat):
        return end - 1, True
    mine = [i for i in range(end) if steps[i].seat == seat]
    if not mine or steps[mine[-1]].text == engine.RESIGN:
        return None
    return mine[-1], False


def leak(
    game: Game, steps: Sequence[Step], start: int, end: int, seat: Seat, seed: int, seen: Seen
) -> str:
    """Replay ``steps[start:end]`` on a redeal of what ``seat`` could not see at
    ``start``; what differs from the real continuation for ``seat`` (``""``: nothing).
    ``seen`` keeps the real continuation's views, by step and seat."""
    state = game.shuffle_hidden(steps[start].before, seat, seed)
    for i in range(start, end):
        step = steps[i]
        try:
            if step.text == engine.RESIGN:
                state, _ = engine.resign(game, state, step.seat)
            else:
                state, _, _ = engine.act_text(game, state, step.seat, step.text)
        except GameError as error:
            return f"step {i} ({step.seat}: {step.text}) is illegal on the redeal: {error}"
        if (i, seat) not in seen:
            seen[i, seat] = game.view(step.after, seat)
        if game.view(state, seat) != seen[i, seat]:
            kinds = [e.kind for e in step.events]
            return f"step {i} ({step.seat}: {step.text}, {kinds}) shows seat {seat} a secret"
    return ""


def leaks(game: Game, players: int, seed: int, moves: int, rule: Rule) -> tuple[int, list[str]]:
    """How many rollbacks ``rule`` allows after the steps of a playout (by seat and
    position restored), and every one of them that hands its requester something.

    The rule only refuses more as the undone steps grow, and ``leak`` compares the views
    after every replayed step; so each (seat, restored position) is replayed once, up to
    the last step after which the rule still allowed rolling back to it."""
    steps = playout(game, players, seed, moves)
    furthest: dict[tuple[Seat, int, bool], int] = {}
    for end in range(1, len(steps) + 1):
        for seat in range(players):
            target = rollback(game, steps, end, seat)
            if target is None:
                continue
            start, own = target
            undone = [rewind.Undone(s.seat, s.seat, s.text, s.events) for s in steps[start:end]]
            if rule(undone, seat, own) is None:
                furthest[seat, start, own] = end
    found: list[str] = []
    seen: Seen = {}
    for (seat, start, own), end in furthest.items():
        redeal = derive_seed(seed, f"redeal{start}")
        problem = leak(game, steps, start, end, seat, redeal, seen)
        if problem:
            kind = "undo" if own else "takeback"
            found.append(f"{kind} by seat {seat} of steps {start}..{end - 1}: {problem}")
    return len(furthest), found


def service_rule(undone: Sequence[rewind.Undone], seat: Seat, own: bool) -> str | None:
    """The service's rule (each seat is played by the user with its number)."""
    return rewind.refusal(undone, seat, seat, own=own)


@pytest.mark.parametrize("key", HIDDEN_INFORMATION)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), data=st.data())
def test_an_allowed_rollback_reveals_nothing(key: str, seed: int, data: Any) -> None:
    game = games.get(key)
    players = data.draw(st.sampled_from(game.seats), label="players")
    allowed, found = leaks(game, players, seed, MOVES[key], service_rule)
    assert allowed, "the rule allowed no rollback at all: nothing was checked"
    assert not found, f"{len(found)} rollbacks leak, e.g.:\n" + "\n".join(found[:4])
