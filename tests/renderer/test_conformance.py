"""The renderer's conformance harness: every registered game, variant and player count draws.

Seeded random playouts; at evenly spread positions of each (always the first and the last)
the public board, its alt text and every seat's hand picture (when the game has one) are
drawn, and at the end the result card. Every PNG must decode, stay within the size bounds
and the 300 KiB budget, and every alt text must be non-empty and at most 1024 characters.
Drawing every position of every playout would take minutes (~60 ms a picture), so a few
positions stand for the whole game; the other renderer tests cover positions in depth.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import games
import renderer
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from renderer.plugin import GameRenderer, NoHandPicture

SEEDS = (3, 8)
SAMPLES = 3  # positions drawn per playout besides the last
MAX_BYTES = 300 * 1024
MAX_ALT = 1024
MIN_SIDE, MAX_SIDE = 200, 2400  # px, each side of every picture
NAMES = ("Ann", "Bartholomew the Great", "Chie", "Dai", "Eun")


def _configurations() -> list[tuple[str, dict[str, Any], int]]:
    configs = []
    for key, game in sorted(games.GAMES.items()):
        variants = next((o.choices for o in game.options if o.name == "variant"), ())
        for options in [{"variant": v} for v in variants] or [{}]:
            for players in game.seats:
                configs.append((key, options, players))
    return configs


CONFIGS = _configurations()
IDS = [f"{k}-{o.get('variant', 'std')}-{n}p" for k, o, n in CONFIGS]


def check_png(data: bytes, what: str) -> None:
    assert len(data) <= MAX_BYTES, f"{what}: {len(data) // 1024} KiB"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG", what
    assert MIN_SIDE <= image.width <= MAX_SIDE and MIN_SIDE <= image.height <= MAX_SIDE, (
        what,
        image.size,
    )


def check_alt(text: str, what: str) -> None:
    assert text.strip(), f"{what}: empty alt text"
    assert len(text) <= MAX_ALT, f"{what}: {len(text)} characters"


def playout(key: str, options: dict[str, Any], players: int, seed: int) -> list[Any]:
    """Every state of a seeded random game, the first to the last."""
    game = games.get(key)
    state = game.setup(players, resolve_options(game, options), seed)
    player = RandomPlayer(seed)
    states = [state]
    while game.outcome(state) is None:
        assert len(states) < 4000, "playout did not end"
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
        states.append(state)
    return states


def spread(count: int, keep: int) -> list[int]:
    """``keep`` indices of ``range(count)`` spread evenly, the first and the last included."""
    if count <= keep:
        return list(range(count))
    return sorted({round(i * (count - 1) / (keep - 1)) for i in range(keep)})


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
def test_every_position_kind_draws_within_bounds(
    key: str, options: dict[str, Any], players: int
) -> None:
    game = games.get(key)
    names = NAMES[:players]
    for seed in SEEDS:
        states = playout(key, options, players, seed)
        for index in spread(len(states), SAMPLES + 1):
            state = states[index]
            where = f"{key} {options} {players}p seed {seed} step {index}"
            view = game.view(state, None)
            check_png(renderer.render_board(key, view, names=names), f"{where} board")
            check_alt(renderer.alt_text(key, view, names=names), f"{where} alt")
            if index == len(states) - 1:  # the end, in the other language too
                check_png(renderer.render_board(key, view, locale="es"), f"{where} board es")
                check_alt(renderer.alt_text(key, view, locale="es"), f"{where} alt es")
            if not renderer.has_hand(key):
                continue
            for seat in range(players):
                own = game.view(state, seat)
                png = renderer.render_hand(key, own, names=names)
                check_png(png, f"{where} hand of {seat}")
                check_alt(renderer.hand_alt_text(key, own, names=names), f"{where} hand alt")
        outcome = game.outcome(states[-1])
        assert outcome is not None
        for locale in ("en", "es"):
            card = renderer.render_result(key, game.title, outcome, names=names, locale=locale)
            check_png(card, f"{key} result {locale}")
            alt = renderer.result_alt_text(key, game.title, outcome, names=names, locale=locale)
            check_alt(alt, f"{key} result alt {locale}")


def test_every_registered_game_has_a_renderer() -> None:
    assert set(games.GAMES) <= set(renderer.RENDERERS), set(games.GAMES) - set(renderer.RENDERERS)
    for key in games.GAMES:
        drawn = renderer.get(key)
        assert isinstance(drawn, GameRenderer) and drawn.key == key
        assert renderer.has_board(key)


def test_a_game_without_a_hand_picture_says_so() -> None:
    keys = [k for k in games.GAMES if not renderer.has_hand(k)]
    assert keys, "every game has a hand picture: nothing to check"
    key = keys[0]
    game = games.get(key)
    view = game.view(game.setup(min(game.seats), resolve_options(game, {}), 1), 0)
    with pytest.raises(NoHandPicture):
        renderer.render_hand(key, view)
    with pytest.raises(NoHandPicture):
        renderer.hand_alt_text(key, view)


def test_unknown_games_are_refused_with_the_known_ones() -> None:
    with pytest.raises(games.base.UnknownGame, match="yokai"):
        renderer.get("no-such-game")
    assert not renderer.has_board("no-such-game") and not renderer.has_hand("no-such-game")
