"""``legal()`` against the independent rule checker, and the sentences of illegal plays."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

import pytest

from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import GameError, IllegalAction, NotYourTurn, resolve_options
from games.china import GAME
from games.china.board import board
from games.china.checks import place_error
from games.china.state import PILE, ChinaState, Draw, Exchange, Pass, Place
from tests.games.china.helpers import ALEX, BARBARA, place, position


def _card_choices(hand: list[str]) -> set[tuple[str, ...]]:
    out = {tuple(c) for n in (1, 2, 3) for c in combinations(hand, n)}
    return out | {("P", "P", "P"), ("R", "G")}


def _candidates(state: ChinaState, seat: int) -> Iterator[Place]:
    """Every placement with at most 2 pieces (and some with 3), legal or not."""
    layout = board(state.side)
    for cards in _card_choices(state.hands[seat]):
        for region in layout.regions:
            ids = [layout.spaces[s].id for s in region.spaces]
            foreign = layout.spaces[(region.spaces[-1] + 1) % len(layout.spaces)].id
            for houses in [(), *((h,) for h in [*ids, foreign]), *combinations(ids, 2)]:
                for envoys in range(0, 3):
                    for fort in [None, *ids]:
                        total = len(houses) + envoys + (fort is not None)
                        if 1 <= total <= 2 or (total == 3 and envoys == 1 and fort is None):
                            yield Place(cards, region.id, houses, envoys, fort)


@cache
def _states(count: int) -> tuple[tuple[ChinaState, int], ...]:
    return tuple(_walk(count))


def _walk(count: int) -> Iterator[tuple[ChinaState, int]]:
    for index in range(count):
        players = 3 + index % 3
        options = {"fortifications": index % 2 == 0}
        state = GAME.setup(players, resolve_options(GAME, options), 100 + index)
        player = RandomPlayer(index)
        steps = 0
        while GAME.outcome(state) is None and (steps < 4 + 9 * index or state.phase != "act"):
            seat = state.current
            state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
            steps += 1
        if GAME.outcome(state) is None and state.phase == "act":
            yield state, state.current


@pytest.mark.parametrize("index", range(6))
def test_legal_placements_are_exactly_those_the_rules_allow(index: int) -> None:
    states = _states(12)
    assert len(states) >= 8
    for state, seat in states[index::6]:
        legal = {a for a in GAME.legal(state, seat) if isinstance(a, Place)}
        allowed = {a for a in _candidates(state, seat) if place_error(state, seat, a) is None}
        assert legal == allowed


def test_legal_and_apply_agree_on_illegal_actions() -> None:
    for state, seat in _states(6):
        legal = set(GAME.legal(state, seat))
        for action in [Draw(PILE), Pass(), *list(_candidates(state, seat))[:300]]:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    engine.act(GAME, state, seat, action)


def _sample() -> ChinaState:
    return position(
        houses={"WEI1": BARBARA, "QI1": BARBARA},
        emissaries={"qi": [0, 1, 0, 0]},
        hands={ALEX: "RGG"},
        face_up="OOYP",
    )


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (place("RR", "wei", "WEI2", "WEI3"), "do not hold"),
        (place("G", "wei", "WEI2"), "does not match Wei"),
        (place("R", "wei", "WEI2", "WEI3", "E"), "at most 2 pieces"),
        (place("RGG", "wei", "WEI2", "QI2"), "single region"),
        (place("R", "qi", "E"), "does not match"),
        (place("GG", "qi", "E"), "at most 1 emissary"),
        (place("GG", "zhao", "E"), "without houses"),
        (place("GG", "wei", "WEI1"), "already holds a house"),
        (place("GG", "atlantis", "E"), "no region"),
        (place("GG", "wei", "WEI99"), "no house space"),
        (place("RGG", "wei", "WEI2"), "pay for 2 pieces"),
        (place("RGG", "yan", "YAN1", "YAN2"), "only 1 piece"),
        (place("RGG", "wei", "WEI2", "WEI2"), "only one house"),
        (Draw("G"), "only after placing"),
        (Exchange("O", PILE), "do not hold"),
        (Exchange("R", "G"), "no face-up green"),
        (Pass(), "cannot pass"),
        ("RR:wei", "not a China action"),
    ],
)
def test_illegal_actions_are_explained(action: object, words: str) -> None:
    state = _sample()
    assert action not in GAME.legal(state, ALEX)
    assert words in GAME.explain_illegal(state, ALEX, action)


def test_supply_limits_are_explained() -> None:
    state = _sample()
    state.houses_left[ALEX] = 1
    assert "only 1 house left" in GAME.explain_illegal(
        state, ALEX, place("RGG", "wei", "WEI2", "WEI3")
    )
    state.emissaries_left[ALEX] = 0
    assert "0 emissaries left" in GAME.explain_illegal(
        state, ALEX, place("RGG", "wei", "E", "WEI2")
    )


def test_turn_and_game_over_errors() -> None:
    state = _sample()
    with pytest.raises(NotYourTurn):
        engine.act(GAME, state, BARBARA, Exchange("R", PILE))
    assert GAME.explain_illegal(state, BARBARA, Pass()) == "It is not your turn."
    state.phase = "over"
    assert GAME.explain_illegal(state, ALEX, Pass()) == "The game is over."
    drawing = _sample()
    drawing.phase = "draw"
    assert "placed this turn" in GAME.explain_illegal(drawing, ALEX, place("R", "wei", "WEI2"))
    assert "no face-up red" in GAME.explain_illegal(drawing, ALEX, Draw("R"))
    drawing.pile = []
    assert "pile is empty" in GAME.explain_illegal(drawing, ALEX, Draw(PILE))


def test_errors_do_not_depend_on_hidden_cards() -> None:
    state = _sample()
    actions = [place("PP", "wei", "WEI2"), Exchange("P", PILE), Draw("P"), place("GG", "qi", "E")]
    for seed in range(5):
        hidden = GAME.shuffle_hidden(state, ALEX, seed)
        for action in actions:
            with pytest.raises(GameError) as error:
                engine.act(GAME, state, ALEX, action)
            with pytest.raises(GameError) as again:
                engine.act(GAME, hidden, ALEX, action)
            assert str(error.value) == str(again.value)


def test_legal_order_is_the_documented_one() -> None:
    for state, seat in _states(12):
        legal = GAME.legal(state, seat)
        kinds = [type(a).__name__ for a in legal]
        assert kinds == sorted(kinds, key=["Place", "Exchange", "Pass"].index)
        regions = [board(state.side).region_index[a.region] for a in legal if isinstance(a, Place)]
        assert regions == sorted(regions)
        for region in set(regions):
            sizes = [a.pieces for a in legal if isinstance(a, Place) and a.region == region]
            assert sizes == sorted(sizes)
        assert GAME.legal(state, seat) == legal


def test_game_object_satisfies_the_protocol() -> None:
    from games.base import Game

    assert isinstance(GAME, Game)
    assert (GAME.key, GAME.title, GAME.seats, GAME.rules_version) == (
        "china",
        "China",
        (3, 4, 5),
        1,
    )
    assert GAME.hidden_information
    assert {o.name: o.default for o in GAME.options} == {
        "side": "auto",
        "fortifications": False,
        "extra_routes": False,
        "blocked_end": "immediate",
        "zero_majority": False,
    }
