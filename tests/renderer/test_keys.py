"""Every mark a board draws is explained where it is seen (issue 25, item 2).

For Shitenno and Yōkai (Rising Sun has its own test, ``test_rising_sun_phone.py``; China
and Samurai are not checked yet, see docs/DESIGN.md) the drawing calls
that put a mark on the board are hooked, each naming the mark it draws; every board of
the start, middle and end of a seeded game of every configuration is drawn in both
languages; every mark drawn must be one the board's key lists, and every entry of the key
must be drawn on the picture in the reader's words. A few marks are explained on the board
by something other than the key (``ELSEWHERE``): a seat's colour and shape by the same
mark beside the seat's name, a chip or a card by the words printed on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import renderer
from renderer.palettes import PALETTES
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


def _yokai_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    items = yokai_board.legend_items(layout_for(view), tr)
    return [(item, yokai_board._legend_word(item, tr)) for item in items]


def _shitenno_key(view: Any, tr: Words) -> list[tuple[str, str]]:
    return [(mark, tr(key)) for mark, key in shitenno_board.KEY]


SPECS: dict[str, Spec] = {
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
            listed = {mark for mark, _ in key} | spec.elsewhere
            assert set(marks) - listed == set(), (config.label, sorted(set(marks) - listed))
            said = {d.text for d in log.drawn}
            unsaid = [word for _, word in key if word not in said]
            assert not unsaid, (config.label, unsaid)
            assert len({word for _, word in key}) == len(key), key
    assert marks, "no mark recorded: the hooks missed the drawing calls"
