"""Shared drawing helpers: caches, text fitting, palettes and the PNG encoder."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageStat

from renderer.core import (
    Lru,
    build_png_palette,
    draw_seat_mark,
    encode_png,
    fit_text,
    font,
    load_font,
    printable,
    rgb,
)
from renderer.palettes import PALETTES, SEAT_SHAPES


def test_fonts_are_loaded_once_per_size_and_weight() -> None:
    assert font(30, True) is font(30, True)
    assert font(30, True) is not font(30, False)
    assert load_font(30, True) is not load_font(30, True)


def test_lru_builds_once_and_evicts_the_oldest() -> None:
    cache: Lru[int] = Lru(2)
    built: list[str] = []

    def build(key: str) -> int:
        built.append(key)
        return len(built)

    assert cache.get("a", lambda: build("a")) == 1
    assert cache.get("a", lambda: build("a")) == 1
    cache.get("b", lambda: build("b"))
    cache.get("c", lambda: build("c"))  # evicts "a"
    cache.get("a", lambda: build("a"))
    assert built == ["a", "b", "c", "a"]
    assert (cache.hits, cache.misses, len(cache)) == (1, 4, 2)


def test_fit_text_cuts_long_names_with_an_ellipsis() -> None:
    fnt = font(30, True)
    assert fit_text("Bo", fnt, 300) == "Bo"
    cut = fit_text("Kiyomi the Fox Spirit of the Northern Woods", fnt, 300)
    assert cut.endswith("…") and fnt.getlength(cut) <= 300
    assert fnt.getlength(fit_text(cut[:-1] + "xx", fnt, 300)) <= 300


def test_unsupported_characters_become_question_marks() -> None:
    fnt = font(30, True)
    assert printable("Yōkai ×2 🦊 天", fnt) == "Yōkai ×2 ? ?"


def test_palettes_cover_five_seats_with_distinct_colours_and_shapes() -> None:
    for palette in PALETTES.values():
        assert len(set(palette["players"])) == 5
        assert palette["player_shapes"] == SEAT_SHAPES and len(set(SEAT_SHAPES)) == 5
        assert len(set(palette["player_fills"])) == 5


def test_seat_marks_differ_in_shape() -> None:
    masks = []
    for shape in SEAT_SHAPES:
        image = Image.new("L", (60, 60))
        draw_seat_mark(ImageDraw.Draw(image), shape, (30, 30), 20, "#ffffff", "#ffffff")
        masks.append(image.tobytes())
    assert len(set(masks)) == len(SEAT_SHAPES)


def test_png_palette_holds_every_palette_colour_exactly() -> None:
    for palette in PALETTES.values():
        flat = build_png_palette(palette).getpalette() or []
        colours = {tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)}
        assert rgb(palette["highlight"]) in colours and rgb(palette["players"][1]) in colours
        assert len(flat) == 3 * 256


def test_encode_png_with_fixed_and_adaptive_palettes() -> None:
    image = Image.new("RGB", (200, 100), rgb(PALETTES["default"]["board"]))
    ImageDraw.Draw(image).text((10, 30), "Yōkai", font=font(40, True), fill="#1d1b18")
    for colours in (build_png_palette(PALETTES["default"]), None):
        png = encode_png(image, colours)
        decoded = Image.open(io.BytesIO(png))
        assert decoded.mode == "P" and decoded.size == image.size
        diff = ImageStat.Stat(ImageChops.difference(decoded.convert("RGB"), image)).mean
        assert max(diff) < 2
