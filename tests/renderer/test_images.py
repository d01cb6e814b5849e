"""The Yōkai pictures: valid, bounded, not blank, last move and check marked, stable."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops, ImageStat

import renderer
from games.base import InvalidOption, UnknownGame
from games.yokai.view import YokaiView
from renderer.core import CACHED, STATIC_LAYERS, clear_caches, rgb
from renderer.palettes import PALETTES
from renderer.yokai.board import square_box
from renderer.yokai.tokens import build_token
from tests.renderer import positions
from tests.renderer.make_reference import REFERENCE_DIR, REFERENCES, render_reference

POSITIONS = sorted(positions.ALL)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def share_near(image: Image.Image, box: tuple[int, int, int, int], colour: str) -> float:
    """Fraction of the pixels in ``box`` within a small distance of ``colour``."""
    target = rgb(colour)
    pixels = list(image.crop(box).get_flattened_data())
    near = sum(1 for p in pixels if math.dist(p, target) <= 8)
    return near / len(pixels)


def border_strip(box: tuple[int, int, int, int], width: int) -> list[tuple[int, int, int, int]]:
    x0, y0, x1, y1 = box
    return [
        (x0 + 3, y0 + 3, x1 - 3, y0 + width),
        (x0 + 3, y1 - width, x1 - 3, y1 - 3),
    ]


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_picture_is_a_bounded_non_blank_png(name: str, palette: str) -> None:
    png = renderer.render_board("yokai", positions.ALL[name](), palette=palette)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) <= 300 * 1024
    Image.open(io.BytesIO(png)).verify()
    image = decode(png)
    assert 600 <= image.width <= 1200 and image.height <= 1200
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) >= 40
    assert max(ImageStat.Stat(image).stddev) > 30


@pytest.mark.parametrize("name", [n for n in POSITIONS if positions.ALL[n]().last_squares])
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_last_move_squares_and_only_they_are_highlighted(name: str, palette: str) -> None:
    view = positions.ALL[name]()
    image = decode(renderer.render_board("yokai", view, palette=palette))
    colour = PALETTES[palette]["highlight"]
    for index in range(len(view.board)):
        share = share_near(image, square_box(view, index), colour)
        if index in view.last_squares:
            assert share > 0.1, view.square_name(index)
        else:
            assert share < 0.005, view.square_name(index)


def test_highlight_false_draws_no_last_move() -> None:
    view = positions.midgame_3x4()
    image = decode(renderer.render_board("yokai", view, highlight=False))
    for index in view.last_squares:
        assert share_near(image, square_box(view, index), PALETTES["default"]["highlight"]) == 0


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_check_rings_the_koropokkuru_in_check(palette: str) -> None:
    view = positions.midgame_5x6_check()
    king = view.board.index("K")
    colour = PALETTES[palette]["check"]
    image = decode(renderer.render_board("yokai", view, palette=palette))
    for strip in border_strip(square_box(view, king), 9):
        assert share_near(image, strip, colour) > 0.8
    calm = decode(renderer.render_board("yokai", positions.start_5x6(), palette=palette))
    for strip in border_strip(square_box(view, positions.start_5x6().board.index("K")), 9):
        assert share_near(calm, strip, colour) < 0.05


def test_second_player_tokens_point_down() -> None:
    pal = PALETTES["default"]
    for seat, apex_y, base_y in ((0, 10, 85), (1, 89, 14)):
        alpha = build_token("K", seat, 100, pal, CACHED).getchannel("A")
        # At the apex end the corners are cut away; at the base end they are solid.
        assert alpha.getpixel((20, apex_y)) == 0 and alpha.getpixel((50, apex_y)) > 200
        assert alpha.getpixel((20, base_y)) > 200


def test_promoted_token_differs_from_unpromoted() -> None:
    pal = PALETTES["default"]
    plain = build_token("D", 0, 100, pal, CACHED).convert("RGB")
    promoted = build_token("+D", 0, 100, pal, CACHED).convert("RGB")
    centre = (35, 35, 65, 80)
    assert share_near(promoted, centre, pal["promoted_fill"]) > 0.2
    assert share_near(plain, centre, pal["promoted_fill"]) == 0


@pytest.mark.parametrize("name", ["midgame_3x4", "midgame_5x6_check", "finished_3x4"])
def test_render_is_deterministic_cached_cold_and_naive(name: str) -> None:
    view = positions.ALL[name]()
    first = renderer.render_board("yokai", view)
    assert renderer.render_board("yokai", view) == first
    clear_caches()
    assert renderer.render_board("yokai", view) == first
    assert renderer.render_naive("yokai", view) == first


def test_static_layer_is_built_once_per_variant_and_palette() -> None:
    clear_caches()
    for _ in range(3):
        renderer.render_board("yokai", positions.midgame_3x4())
        renderer.render_board("yokai", positions.start_5x6(), palette="colorblind")
    assert STATIC_LAYERS.misses == 2
    assert STATIC_LAYERS.hits == 4


def test_render_image_matches_render_board() -> None:
    view = positions.captured_king_3x4()
    image = renderer.render_image("yokai", view)
    assert isinstance(image, Image.Image) and image.mode == "RGB"
    png = decode(renderer.render_board("yokai", view))
    assert png.size == image.size
    assert max(ImageStat.Stat(ImageChops.difference(png, image)).mean) < 2


def test_names_are_drawn_and_long_ones_fit() -> None:
    view = positions.start_3x4()
    plain = decode(renderer.render_board("yokai", view))
    named = renderer.render_board("yokai", view, names=("A" * 200 + " 🦊", "Bo"))
    assert decode(named).size == plain.size
    assert decode(named).tobytes() != plain.tobytes()


def test_colour_blind_palette_changes_the_picture() -> None:
    view = positions.midgame_3x4()
    default = decode(renderer.render_board("yokai", view))
    colorblind = decode(renderer.render_board("yokai", view, palette="colorblind"))
    assert max(ImageStat.Stat(ImageChops.difference(default, colorblind)).mean) > 5


def test_unknown_palette_and_game_are_friendly_errors() -> None:
    with pytest.raises(InvalidOption, match="colorblind"):
        renderer.render_board("yokai", positions.start_3x4(), palette="neon")
    with pytest.raises(UnknownGame, match="yokai"):
        renderer.render_board("chess", positions.start_3x4())


@pytest.mark.parametrize("stem", sorted(REFERENCES))
def test_picture_matches_reference(stem: str) -> None:
    reference = Image.open(REFERENCE_DIR / f"{stem}.png").convert("RGB")
    fresh = decode(render_reference(stem))
    assert fresh.size == reference.size
    diff = ImageStat.Stat(ImageChops.difference(fresh, reference)).mean
    assert sum(diff) / 3 < 1.5, f"{stem} changed: run python -m tests.renderer.make_reference"


def test_every_engine_view_renders() -> None:
    """Views produced by the real engine, through a seeded random game of each size."""
    import games
    from games.base import resolve_options
    from games.rng import Rng

    game = games.get("yokai")
    for variant in ("3x4", "5x6"):
        state = game.setup(2, resolve_options(game, {"variant": variant}), seed=7)
        rng = Rng(11)
        for ply in range(40):
            view = game.view(state, None)
            assert isinstance(view, YokaiView)
            if ply % 8 == 0 or game.outcome(state) is not None:
                image = decode(renderer.render_board("yokai", view))
                for index in view.last_squares:
                    assert (
                        share_near(image, square_box(view, index), PALETTES["default"]["highlight"])
                        > 0.1
                    )
                assert len(renderer.alt_text("yokai", view)) <= 1024
            if game.outcome(state) is not None:
                break
            (seat,) = game.to_act(state)
            state, _ = game.apply(state, seat, rng.choice(list(game.legal(state, seat))))
