"""A game's renderer from elsewhere: a toy game registers its renderer and its words, and
the shared core draws its board, its hand and its result card without knowing it."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest
from PIL import Image

import renderer
from games import words as game_words
from games.base import Outcome, Termination
from renderer import plugin
from renderer.core import CACHED, Toolkit, draw_text, get_palette
from renderer.palettes import Palette
from renderer.result import result_alt_text, score_columns
from renderer.words import Words, words

TOY_WORDS = {
    "en": {"toy.title": "Toy", "toy.end.bored": "everyone got bored", "toy.result.note": "Note"},
    "es": {
        "toy.title": "Juguete",
        "toy.end.bored": "todos se aburrieron",
        "toy.result.note": "Nota",
    },
}


@dataclass(frozen=True)
class ToyView:
    marks: int


class ToyRenderer(plugin.RendererDefaults):
    key = "toy"
    has_hand = True

    def render(
        self,
        view: ToyView,
        *,
        palette: Palette,
        highlight: bool,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        img = Image.new("RGB", (320, 240), palette["background"])
        text = f"{words(locale)('toy.title')} {view.marks}"
        draw_text(img, (10, 10), text, size=24, fill=palette["text"], kit=kit)
        return img

    def alt_text(
        self, view: ToyView, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        return f"{words(locale)('toy.title')}: {view.marks}"

    def render_hand(
        self,
        view: ToyView,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        return Image.new("RGB", (200, 100), palette["panel"])

    def hand_alt_text(
        self, view: ToyView, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        return "hand"

    def result_part(self, outcome: Outcome, seats: int, tr: Words) -> plugin.ResultPart:
        note = (tr("toy.result.note"), "42")
        return plugin.ResultPart(score_columns(outcome, seats, tr), notes=(note,))


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ToyRenderer]:
    """The toy's renderer and words, for one test (both forgotten afterwards)."""
    monkeypatch.setattr(game_words, "_extra", {})
    for locale, mapping in TOY_WORDS.items():
        game_words.add(locale, mapping)
    toy = ToyRenderer()
    renderer.register(toy)
    yield toy
    plugin._registry.pop("toy", None)
    game_words._cache.clear()


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_a_registered_renderer_draws_through_the_shared_core(toy: ToyRenderer) -> None:
    assert renderer.get("toy") is toy and renderer.has_board("toy") and renderer.has_hand("toy")
    assert "toy" in renderer.RENDERERS
    assert decode(renderer.render_board("toy", ToyView(3))).size == (320, 240)
    assert decode(renderer.render_hand("toy", ToyView(3))).size == (200, 100)
    assert renderer.alt_text("toy", ToyView(3), locale="es") == "Juguete: 3"
    assert renderer.hand_alt_text("toy", ToyView(3)) == "hand"


def test_a_games_own_end_reason_and_result_part_reach_the_card(toy: ToyRenderer) -> None:
    outcome = Outcome("bored", frozenset({1}), (2, 1), (1.0, 4.0))
    alt = result_alt_text("toy", "Toy", outcome, names=("Ann", "Bo"))
    assert "Game over: everyone got bored." in alt and "Note: 42." in alt
    assert "score 4" in alt
    es = result_alt_text("toy", "Toy", outcome, names=("Ann", "Bo"), locale="es")
    assert "todos se aburrieron" in es and "Nota: 42." in es
    assert decode(renderer.render_result("toy", "Toy", outcome, names=("Ann", "Bo"))).width > 0


def test_a_shared_termination_keeps_the_shared_words(toy: ToyRenderer) -> None:
    outcome = Outcome(Termination.RESIGNATION, frozenset({0}), (1, 2), (0.0, 0.0))
    alt = result_alt_text("toy", "Toy", outcome, names=("Ann", "Bo"))
    assert f"Game over: {words('en')('result.termination.resignation')}." in alt


def test_a_renderer_must_satisfy_the_protocol() -> None:
    with pytest.raises(TypeError):
        renderer.register(object())  # type: ignore[arg-type]
    assert "toy" not in renderer.RENDERERS


def test_a_picture_gets_the_protocols_keywords_as_one_paint() -> None:
    """A game's ``draw(view, paint)`` behind :func:`plugin.picture` is called with the
    renderer protocol's keywords: each reaches the paint, the locale as its words, and a
    hand or detail call (no ``highlight``) lights nothing."""
    seen: list[plugin.Paint] = []

    @plugin.picture
    def draw(view: ToyView, paint: plugin.Paint) -> Image.Image:
        seen.append(paint)
        return Image.new("RGB", (view.marks, 1))

    pal = get_palette("colorblind")
    board = draw(ToyView(3), palette=pal, highlight=True, names=("Ann",), kit=CACHED, locale="es")
    hand = draw(ToyView(2), palette=pal, names=None, kit=CACHED)
    assert board.size == (3, 1) and hand.size == (2, 1)
    lit, plain = seen
    assert (lit.palette, lit.names, lit.kit, lit.highlight) == (pal, ("Ann",), CACHED, True)
    assert lit.tr.locale == "es" and lit.tr("common.draw") == "Empate"
    assert (plain.names, plain.highlight, plain.tr.locale) == (None, False, "en")
