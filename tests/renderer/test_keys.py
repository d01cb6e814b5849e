"""Every mark a board draws is explained where it is seen (issue 25, item 2).

For every game but Rising Sun (which has its own test, ``test_rising_sun_phone.py``) the
drawing calls that put a mark on the board are hooked, each naming the mark it draws;
every board of the start, middle and end of a seeded game of every configuration is drawn
in both languages; every mark drawn must be one the board's key lists or one that
``/help game:`` explains (``Drawing.marks``: China's and Samurai's full keys do not fit
under their boards), every entry of the key must be drawn on the picture in the reader's
words, and every mark of the help must be in the help's text. A few marks are explained on
the board by something other than the key (``elsewhere``): a seat's colour and shape by the
same mark beside the seat's name, a chip or a card by the words printed on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import games
import renderer
from bench.configs import Config, random_positions
from bot.words.help import game_help
from renderer.china import board as china_board
from renderer.china import map as china_map
from renderer.palettes import PALETTES
from renderer.samurai import board as samurai_board
from renderer.shitenno import art as shitenno_art
from renderer.shitenno import board as shitenno_board
from renderer.words import Words, words
from renderer.yokai import board as yokai_board
from renderer.yokai.layout import layout_for
from tests.renderer.drawn import CONFIGS, TextLog, positions, watch

__all__ = ["watch"]

NAMES = ("Ann", "Bo", "Chie", "Dai", "Eun")
Namer = Callable[..., str]


@dataclass(frozen=True)
class Spec:
    """A game's marks: ``hooks`` maps (module, function) to what the call draws;
    ``key(view, tr)`` is the (mark, words) the board's key shows; ``elsewhere`` the marks
    the board explains by other means (each with its reason in a comment)."""

    hooks: dict[tuple[Any, str], Namer]
    key: Callable[[Any, Words], list[tuple[str, str]]]
    elsewhere: frozenset[str]
    helped: tuple[str, ...] = ()  # the marks /help game: explains (Drawing.marks' order)


def _yokai_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    items = yokai_board.legend_items(layout_for(view), tr)
    return [(item, yokai_board._legend_word(item, tr)) for item in items]


def _shitenno_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    return [(mark, tr(key)) for mark, key in shitenno_board.KEY]


def _no_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    return []


def _china_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    return [("dragon", tr("china.key.dragon")), ("scored", tr("china.key.scored"))]


SPECS: dict[str, Spec] = {
    "samurai": Spec(
        hooks={
            (samurai_board, "_draw_terrain"): lambda *a, **k: "terrain",
            (samurai_board, "tile"): lambda *a, **k: "tile",
            (samurai_board, "figure"): lambda *a, **k: "figure",
            (samurai_board, "_closed"): lambda *a, **k: "closed",
            (samurai_board, "ring"): lambda *a, **k: "highlight",
        },
        key=_no_key,
        elsewhere=frozenset(),
        helped=samurai_board.MARKS,
    ),
    "china": Spec(
        hooks={
            (china_map, "space_disc"): lambda *a, **k: "space",
            (china_map, "draw_roads"): lambda *a, **k: "road",
            (china_map, "draw_badge"): lambda *a, **k: "alliance",
            (china_map, "dragon_sprite"): lambda *a, **k: "dragon",
            (china_map, "last_ring"): lambda *a, **k: "last",
            (china_board, "house_sprite"): lambda *a, **k: "house",
            (china_board, "token_sprite"): lambda *a, **k: "emissary",
            (china_board, "fort_sprite"): lambda *a, **k: "fort",
            (china_board, "scored_label"): lambda *a, **k: "scored",
        },
        key=_china_key,
        elsewhere=frozenset(),
        helped=china_board.MARKS,
    ),
    "yokai": Spec(
        hooks={
            (yokai_board, "token"): lambda key, *a, **k: key,
            (yokai_board, "draw_zones"): lambda *a, **k: "zone",
            (yokai_board, "draw_mark"): lambda draw, mark, *a, **k: mark,
            (yokai_board, "draw_seat_mark"): lambda *a, **k: "seat",
        },
        key=_yokai_key,
        elsewhere=frozenset({"seat"}),  # each panel's mark beside its player's name
    ),
    "shitenno": Spec(
        hooks={
            (shitenno_art, "kamon"): lambda seat, golden, *a, **k: "golden" if golden else "seat",
            (shitenno_art, "position_disc"): lambda r, nxt, *a, **k: "next" if nxt else "position",
            (shitenno_board, "last_ring"): lambda *a, **k: "last",
            (shitenno_art, "seat_marker"): lambda *a, **k: "seat",
            (shitenno_art, "seals"): lambda *a, **k: "seals",
            (shitenno_art, "card_swatch"): lambda *a, **k: "card",
        },
        key=_shitenno_key,
        # a seat's Kamons: the mark beside its name in the players' table; a title's
        # seals: the titles in the centre and their powers above the key; a card's
        # colours: the chip names the card
        elsewhere=frozenset({"seat", "seals", "card"}),
    ),
}


@pytest.fixture
def marks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every mark drawn by a hooked call, by name, in drawing order."""
    seen: list[str] = []
    for spec in SPECS.values():
        for (module, name), namer in spec.hooks.items():
            real = getattr(module, name)

            def spy(*a: Any, real: Any = real, namer: Namer = namer, **k: Any) -> Any:
                seen.append(namer(*a, **k))
                return real(*a, **k)

            monkeypatch.setattr(module, name, spy)
    yield seen


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_mark_on_the_board_is_in_its_key(
    game: str, locale: str, marks: list[str], watch: Callable[[], TextLog]
) -> None:
    spec, tr, draw = SPECS[game], words(locale), renderer.get(game)
    configs = [c for c in CONFIGS if c.key == game]
    assert configs
    for config in configs:
        for state in positions(config.label):
            view = config.game.view(state, None)
            marks.clear()
            log = watch()
            draw.render(
                view, palette=PALETTES["default"], highlight=True, kit=log.kit(),
                names=NAMES[: config.players], locale=locale,
            )  # fmt: skip
            key = spec.key(view, tr)
            listed = {mark for mark, _ in key} | spec.elsewhere | set(spec.helped)
            assert set(marks) - listed == set(), (config.label, sorted(set(marks) - listed))
            said = {d.text for d in log.drawn}
            unsaid = [word for _, word in key if word not in said]
            assert not unsaid, (config.label, unsaid)
            assert len({word for _, word in key}) == len(key), key
    assert marks, "no mark recorded: the hooks missed the drawing calls"
    helped = game_help(games.get(game), locale)
    for mark in spec.helped:  # each explained in the reader's words, in /help game:
        assert tr(f"{game}.mark.{mark}") in helped, mark


@pytest.mark.parametrize("locale", ["en", "es"])
def test_china_s_fortifications_are_drawn_and_explained(
    locale: str, marks: list[str], watch: Callable[[], TextLog]
) -> None:
    """The fortification variant (option ``fortifications``, off in the configurations
    above, so their boards never drew one): a board of a playout with it draws the
    fortification mark, and /help game: explains it. Shown red with ``fort`` left out of
    China's ``MARKS``."""
    game = games.get("china")
    config = Config("china", game, {"fortifications": True}, 4)
    states = list(random_positions(config, 1, seed=15))
    view = game.view(states[-1], None)
    marks.clear()
    renderer.get("china").render(
        view, palette=PALETTES["default"], highlight=True, kit=watch().kit(),
        names=NAMES[:4], locale=locale,
    )  # fmt: skip
    assert "fort" in marks
    listed = {mark for mark, _ in _china_key(view, words(locale))} | set(china_board.MARKS)
    assert set(marks) <= listed, sorted(set(marks) - listed)
    assert words(locale)("china.mark.fort") in game_help(game, locale)
