"""Rising Sun on one phone screen (issue 25): the board keeps one height through a whole
game and stays within 900 px tall at 450 px wide; its figures are shapes of at least 14 px
at 450 px wide with no letter on them; every mark it draws is in its key; no old code
("OSo", "RD", "S3", "B2") is drawn; the text one must read has capitals of 8 px at 450 px
wide, all other text 6.4 px (capital height measured with the font, not its size)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderer.core as core
from games.rising_sun import GAME
from games.rising_sun.view import RisingSunView
from renderer.palettes import PALETTES
from renderer.plugin import get
from renderer.rising_sun import art, board, detail, key, panels, political, summary
from renderer.rising_sun import layout as L
from renderer.words import words
from tests.renderer.test_rising_sun import NAMES, states

KIT = core.Toolkit(load=core.font, cached=False)  # nothing cached: every text is drawn
PHONE = 450
MODULES = (core, board, summary, political, key, art, panels, detail)
# Who acts, what to do, the scores, the last action, the numbers on pieces.
MUST_READ = {"draw_title", "_score_row", "_counts", "draw_last", "draw_figures", "_owner_row"}
MUST_READ |= {"force_box", "number_badge", "draw_shrines"}
# The letters the board drew for figures and monsters before issue 25, in both languages.
CODES = {"D", "S", "B", "Ko", "OSk", "Yu", "RD", "OB", "OSo", "OH", "OSp"}
CODES |= {"OCa", "DR", "OSa", "OAl", "OOd", "ORe"}
HELPERS = {"draw_text", "draw_lines", "_text"}


def render(view: RisingSunView, locale: str = "en", palette: str = "default") -> Image.Image:
    pal = PALETTES[palette]
    return get("rising_sun").render(
        view, palette=pal, highlight=True, names=NAMES, kit=KIT, locale=locale
    )


def sample(players: int, seed: int) -> list[RisingSunView]:
    """The start, a Political Phase, a battle being bid, one revealed, and the end."""
    views = [GAME.view(s, None) for s in states(players, seed)]
    picks: list[Callable[[RisingSunView], bool]] = [
        lambda v: v.phase == "political" and v.slot >= 4,
        lambda v: v.battle is not None and not v.battle.revealed,
        lambda v: v.battle is not None and v.battle.winner is not None,
        lambda v: any(p.war_winner is not None for p in v.provinces),
    ]
    return [views[0], *(next(v for v in views if pick(v)) for pick in picks), views[-1]]


@pytest.mark.parametrize(("players", "seed", "every"), [(3, 5, 3), (4, 2, 1), (5, 7, 3)])
def test_the_board_keeps_one_height_through_a_whole_game(
    players: int, seed: int, every: int
) -> None:
    """Every board of a whole random game (every ``every``-th position) has the same size,
    at most 900 px tall at 450 px wide; the second picture is as wide."""
    game = states(players, seed)
    assert GAME.outcome(game[-1]) is not None and len(game) > 100
    sizes: Counter[tuple[int, int]] = Counter()
    drawing = get("rising_sun")
    for state in [*game[::every], game[-1]]:
        image = drawing.render(
            GAME.view(state, None), palette=PALETTES["default"], highlight=True, names=NAMES,
            kit=core.CACHED,
        )  # fmt: skip
        sizes[image.size] += 1
    assert len(sizes) == 1, sizes
    ((width, height),) = sizes
    assert height * PHONE / width <= 900
    second = drawing.render_detail(
        GAME.view(game[-1], None), palette=PALETTES["default"], names=NAMES, kit=core.CACHED
    )
    assert second is not None and second.width == width


@pytest.fixture
def sprites(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, Image.Image | None]]]:
    """Every mark the board draws, as (mark, sprite), outside its key (the key's samples
    are recorded apart, under ``key:``)."""
    seen: list[tuple[str, Image.Image | None]] = []
    in_key = [False]
    marks: dict[str, Callable[..., str]] = {
        "figure": lambda kind, *a, **k: art.figure_shape(kind),
        "force_box": lambda *a, **k: "force",
        "stronghold": lambda *a, **k: "stronghold",
        "war_badge": lambda *a, **k: "war_order",
        "winner": lambda *a, **k: "war_winner",
        "coin": lambda *a, **k: "coin",
        "ronin": lambda *a, **k: "ronin",
        "land_border": lambda *a, **k: "land",
        "sea_route": lambda *a, **k: "sea",
        "seat_mark": lambda *a, **k: "seat",
    }
    for name, mark in marks.items():
        real = getattr(art, name)

        def spy(*a: Any, real: Any = real, mark: Any = mark, **k: Any) -> Any:
            out = real(*a, **k)
            tag = ("key:" if in_key[0] else "") + mark(*a, **k)
            seen.append((tag, out if isinstance(out, Image.Image) else None))
            return out

        monkeypatch.setattr(art, name, spy)
    real_key = key.draw_key

    def keyed(*a: Any, **k: Any) -> None:
        in_key[0] = True
        try:
            real_key(*a, **k)
        finally:
            in_key[0] = False

    monkeypatch.setattr(board, "draw_key", keyed)
    yield seen


@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_mark_on_the_board_is_in_its_key(
    sprites: list[tuple[str, Image.Image | None]], locale: str
) -> None:
    tr = words(locale)
    for players, seed in ((3, 5), (4, 2), (5, 7)):
        for view in sample(players, seed):
            render(view, locale)
    drawn = {mark for mark, _ in sprites if not mark.startswith("key:")}
    keyed = {mark.removeprefix("key:") for mark, _ in sprites if mark.startswith("key:")}
    listed = {mark for mark, _ in key.ENTRIES}
    # seat marks are explained by the scores: each clan's mark beside its name
    assert drawn - {"seat"} <= listed, sorted(drawn - {"seat"} - listed)
    assert listed <= keyed, sorted(listed - keyed)
    assert {"daimyo", "shinto", "bushi", "monster", "force", "war_order", "war_winner"} <= drawn
    said = [tr(word) for _, word in key.ENTRIES]
    assert all(said) and len(set(said)) == len(said)


def test_the_key_shows_every_word_whole_in_both_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cut: list[str] = []
    real = core.fit_text

    def spy(text: str, fnt: Any, max_width: float) -> str:
        out = real(text, fnt, max_width)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(core, "fit_text", spy)
    for locale in ("en", "es"):
        tr = words(locale)
        img = Image.new("RGB", (L.WIDTH, 1200))
        key.draw_key(img, PALETTES["default"], KIT, tr)
        assert len(key.lines(tr, KIT)) * key.PITCH <= key.KEY_BOX[3] - key.KEY_BOX[1]
    assert not cut, cut


def test_figures_are_shapes_of_14_px_at_450_px_wide_without_letters(
    sprites: list[tuple[str, Image.Image | None]], monkeypatch: pytest.MonkeyPatch
) -> None:
    texts: list[str] = []
    real = board.draw_text

    def spy(img: Any, xy: Any, text: str, **kw: Any) -> None:
        texts.append(text)
        real(img, xy, text, **kw)

    real_rows = board.draw_provinces

    def provinces(*a: Any, **k: Any) -> None:
        monkeypatch.setattr(board, "draw_text", spy)
        try:
            real_rows(*a, **k)
        finally:
            monkeypatch.setattr(board, "draw_text", real)

    monkeypatch.setattr(board, "draw_provinces", provinces)
    widths = set()
    for players, seed in ((4, 2), (5, 7)):
        for view in sample(players, seed):
            widths.add(render(view).width)
    (width,) = widths
    figures = [(m, s) for m, s in sprites if m in art.FIGURE_SHAPES and s is not None]
    assert {m for m, _ in figures} == set(art.FIGURE_SHAPES)
    for mark, sprite in figures:
        box = sprite.getchannel("A").point(lambda a: 255 if a > 96 else 0).getbbox()
        assert box is not None
        tall = max(box[2] - box[0], box[3] - box[1]) * PHONE / width
        assert tall >= 14, (mark, tall)
    assert_distinct({m: s for m, s in reversed(figures)})
    assert texts and all(t.isdigit() for t in texts), sorted({t for t in texts if not t.isdigit()})


def assert_distinct(sprites: dict[str, Image.Image]) -> None:
    """No two figure shapes share their outline (a tenth of their pixels differ at least)."""
    masks = {m: s.getchannel("A").point(lambda a: 255 if a > 96 else 0) for m, s in sprites.items()}
    for a in masks:
        for b in masks:
            if a < b:
                differ = sum(ImageChops.difference(masks[a], masks[b]).histogram()[1:])
                assert differ > 0.1 * L.FIGURE**2, (a, b, differ)


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, bool, bool]]]:
    """Every text drawn: (text, size, bold, whether it is one to read: who acts, what to
    do, scores, last action, numbers on pieces, by the function drawing it)."""
    seen: list[tuple[str, int, bool, bool]] = []
    real = core.draw_text

    def spy(img: Any, xy: Any, text: str, **kw: Any) -> None:
        frame = sys._getframe(1)  # the nearest caller past the shared text helpers
        while frame.f_back is not None and frame.f_code.co_name in HELPERS:
            frame = frame.f_back
        caller = frame.f_code.co_qualname.split(".")[0]
        seen.append((text, kw["size"], kw.get("bold", False), caller in MUST_READ))
        real(img, xy, text, **kw)

    for module in MODULES:
        if hasattr(module, "draw_text"):
            monkeypatch.setattr(module, "draw_text", spy)
    yield seen


def capitals(size: int, bold: bool, width: int) -> float:
    top, bottom = KIT.font(size, bold).getbbox("H")[1::2]
    return (bottom - top) * PHONE / width


@pytest.mark.parametrize("locale", ["en", "es"])
def test_text_one_must_read_has_capitals_of_8_px_at_450_px_wide(
    texts: list[tuple[str, int, bool, bool]], locale: str
) -> None:
    for players, seed in ((3, 5), (5, 7)):
        for view in sample(players, seed):
            texts.clear()
            image = render(view, locale)
            tr = words(locale)
            must = {t for t, _, _, m in texts if m}
            assert any(str(sv.vp) in must for sv in view.seats)
            assert any(t.startswith(tr("rising_sun.last", text="")[:5]) for t in must) or (
                tr("rising_sun.first") in must
            )
            small = {
                (t, s): round(capitals(s, b, image.width), 2)
                for t, s, b, m in texts
                if capitals(s, b, image.width) < (8 if m else 6.4)
            }
            assert not small, small


@pytest.mark.parametrize("locale", ["en", "es"])
def test_no_code_is_drawn_in_place_of_words(
    texts: list[tuple[str, int, bool, bool]], locale: str
) -> None:
    """Figures and monsters are shapes on the map and words elsewhere: none of the old
    letter codes ("OSo", "RD", "S3", "B2") is drawn on the board or its second picture."""
    drawing = get("rising_sun")
    for players, seed in ((4, 2), (5, 7)):
        for view in sample(players, seed):
            render(view, locale)
            drawing.render_detail(view, palette=PALETTES["default"], names=NAMES, kit=KIT,
                                  locale=locale)  # fmt: skip
    tokens = {w.strip(".,:;()·") for t, _, _, _ in texts for w in t.split()}
    coded = {w for w in tokens if w.rstrip("0123456789") in CODES}
    assert not coded, sorted(coded)
