"""The Samurai pictures and descriptions: bounded, readable, marked, stable, and secret-safe."""

from __future__ import annotations

import io
import math
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

import games
import renderer
import renderer.samurai.board
from games.ai import choose_for
from games.samurai.view import SamuraiView
from renderer.core import CACHED, NAIVE, STATIC_LAYERS, clear_caches, encode_png, png_palette, rgb
from renderer.palettes import PALETTES
from renderer.samurai.art import (
    FIGURES,
    TERRAIN,
    build_figure,
    build_tile,
    hex_points,
    ink_for,
    terrain_for,
)
from renderer.samurai.board import alt_text, hand_alt_text, hex_centre, layout_for, render_hand
from renderer.samurai.hand import hand_slot_centres
from renderer.samurai.layout import HEX_RADIUS, NEEDS
from tests.renderer.make_samurai_reference import (
    NAMES,
    REFERENCE_DIR,
    REFERENCES,
    STAGES,
    render_reference,
    samurai_state,
    samurai_view,
)

PLAYERS = (2, 3, 4)
SEATS = (0, 1, 2, 3)  # Samurai seats at most four


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def board(view: SamuraiView, **kwargs: object) -> Image.Image:
    return decode(renderer.render_board("samurai", view, **kwargs))  # type: ignore[arg-type]


def hand_png(view: SamuraiView, palette: str = "default") -> bytes:
    pal = PALETTES[palette]
    image = render_hand(view, palette=pal, names=NAMES[view.players], kit=CACHED)
    return encode_png(image, png_palette(pal, CACHED))


RGBPixel = tuple[int, int, int]


def rgb_pixels(image: Image.Image) -> list[RGBPixel]:
    return cast(list[RGBPixel], list(image.convert("RGB").get_flattened_data()))


def count_near(image: Image.Image, colour: RGBPixel, tol: float) -> int:
    return sum(1 for p in rgb_pixels(image) if math.dist(p, colour) < tol)


def share_near(
    image: Image.Image, points: list[tuple[int, int]], colour: str, tol: int = 10
) -> float:
    """Fraction of ``points`` whose pixel is within ``tol`` of ``colour``."""
    target = rgb(colour)
    hits = sum(1 for p in points if math.dist(cast(RGBPixel, image.getpixel(p)), target) <= tol)
    return hits / len(points)


def ring_points(view: SamuraiView, label: str, inner: float, outer: float) -> list[tuple[int, int]]:
    """Pixels between two hexagons (as fractions of the hex radius) around ``label``."""
    cx, cy = hex_centre(view, label)
    r = layout_for(view).r
    points = []
    corners = hex_points(0, 0, 1)
    for k in range(120):
        a, b = corners[k // 20], corners[(k // 20 + 1) % 6]
        t = (k % 20) / 20
        ux, uy = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        for f in (inner, (inner + outer) / 2, outer):
            points.append((round(cx + ux * f * r), round(cy + uy * f * r)))
    return points


def highlight_share(image: Image.Image, view: SamuraiView, label: str, palette: str) -> float:
    return share_near(image, ring_points(view, label, 0.8, 0.92), PALETTES[palette]["highlight"])


ALL_VIEWS = [
    pytest.param(
        players, stage, viewer, id=f"{players}p-{stage}-{'public' if viewer is None else 'seat'}"
    )
    for players in PLAYERS
    for stage in STAGES
    for viewer in (None, 1)
]


@pytest.mark.parametrize(("players", "stage", "viewer"), ALL_VIEWS)
def test_board_is_a_bounded_non_blank_png(players: int, stage: str, viewer: int | None) -> None:
    png = renderer.render_board(
        "samurai", samurai_view(players, stage, viewer), names=NAMES[players]
    )
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) <= 300 * 1024
    Image.open(io.BytesIO(png)).verify()
    image = decode(png)
    assert 900 <= image.width <= 1200 and image.height <= 1500
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) >= 40
    assert max(ImageStat.Stat(image).stddev) > 30


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("stage", ["placement", "mid", "end"])
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_last_turn_and_this_turn_hexes_and_only_they_are_ringed(
    players: int, stage: str, palette: str
) -> None:
    view = samurai_view(players, stage)
    marked = set(view.last_turn_hexes) | set(view.this_turn_hexes)
    assert view.last_turn_hexes
    image = board(view, palette=palette)
    for h in view.hexes:
        share = highlight_share(image, view, h.label, palette)
        if h.label in marked:
            assert share > 0.5, h.label
        else:
            assert share < 0.05, h.label


def test_highlight_false_draws_no_ring() -> None:
    view = samurai_view(4, "mid")
    image = board(view, highlight=False)
    for label in view.last_turn_hexes + view.this_turn_hexes:
        assert highlight_share(image, view, label, "default") < 0.05


@pytest.mark.parametrize("players", PLAYERS)
def test_every_empty_target_hex_shows_its_label_and_tiles_cover_theirs(players: int) -> None:
    view = samurai_view(players, "mid")
    image = board(view)
    colours = terrain_for(PALETTES["default"])
    occupied = {t.hex: t for t in view.tiles}
    r = layout_for(view).r
    for h in view.hexes:
        if h.terrain not in ("sea", "land"):
            continue
        cx, cy = hex_centre(view, h.label)
        box = image.crop(
            (round(cx - 0.4 * r), round(cy - 0.2 * r), round(cx + 0.4 * r), round(cy + 0.2 * r))
        )
        ink = rgb(colours.sea_label if h.terrain == "sea" else colours.land_label)
        dark = count_near(box, ink, 40)
        seat_colour = (
            rgb(PALETTES["default"]["players"][occupied[h.label].owner])
            if h.label in occupied
            else None
        )
        if seat_colour is None:
            assert dark >= 12, h.label
        else:
            fill = count_near(box, seat_colour, 12)
            assert fill > box.width * box.height * 0.3, h.label


def test_labels_and_tile_values_stay_readable_shown_500_px_wide() -> None:
    for players in PLAYERS:
        lay = layout_for(samurai_view(players, "start"))
        scale = 500 / lay.width
        assert round(lay.r * 0.52) * scale >= 8, "hex labels"
        assert round(lay.r * 0.8) * 0.8 * scale >= 10, "tile values"
        assert HEX_RADIUS[players] == lay.r


@pytest.mark.parametrize("players", PLAYERS)
def test_panels_fit_the_corners_without_covering_a_hex(players: int) -> None:
    view = samurai_view(players, "start")
    lay = layout_for(view)
    assert lay.width <= 1200
    r = lay.r
    for (x0, y0, x1, y1), names in ((lay.top, lay.top_sections), (lay.bottom, lay.bottom_sections)):
        assert 0 <= x0 < x1 <= lay.width and 0 <= y0 < y1 <= lay.height
        assert x1 - x0 >= max(NEEDS[name] for name in names if name in NEEDS)
        for h in view.hexes:
            cx, cy = lay.centre(h.x, h.y)
            half = r * math.sqrt(3) / 2  # flat-topped: corners left and right
            apart = cx + r <= x0 or cx - r >= x1 or cy + half <= y0 or cy - half >= y1
            assert apart, (players, h.label)
    assert set(lay.top_sections) | set(lay.bottom_sections) == {
        "header",
        "players",
        "turns",
        "figures",
        "key",
    }


def test_sea_and_land_differ_in_grey_scale_too() -> None:
    view = samurai_view(3, "start")
    grey = board(view).convert("L")
    r = layout_for(view).r

    def mean_at(label: str) -> float:
        cx, cy = hex_centre(view, label)
        return ImageStat.Stat(
            grey.crop(
                (round(cx - r / 2), round(cy - r * 0.8), round(cx + r / 2), round(cy + r * 0.8))
            )
        ).mean[0]

    sea = [mean_at(h.label) for h in view.hexes if h.terrain == "sea"][:10]
    land = [mean_at(h.label) for h in view.hexes if h.terrain == "land"][:10]
    assert min(land) - max(sea) >= 12


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_map_colours_survive_the_png_palette(palette: str) -> None:
    """Terrain colours are among the fixed PNG palette's, so the PNG shows what was drawn."""
    pal = PALETTES[palette]
    flat = renderer.get("samurai").png_palette(pal, CACHED).getpalette() or []
    available = [tuple(flat[i : i + 3]) for i in range(0, 768, 3)]
    colours = TERRAIN[palette]
    for value in vars(colours).values():
        for colour in value if isinstance(value, tuple) else (value,):
            assert min(math.dist(rgb(colour), c) for c in available) <= 2, colour


def test_figures_differ_in_shape_not_only_colour() -> None:
    pal = PALETTES["default"]
    masks = {
        k: build_figure(k, 64, pal, CACHED, False).getchannel("A").point(lambda a: 255 * (a > 128))
        for k in FIGURES
    }
    for a in FIGURES:
        for b in FIGURES:
            if a < b:
                both = ImageStat.Stat(ImageChops.multiply(masks[a], masks[b])).sum[0]
                either = ImageStat.Stat(ImageChops.lighter(masks[a], masks[b])).sum[0]
                assert both / either < 0.75, (a, b)


def test_tiles_of_different_seats_differ_beyond_colour() -> None:
    """The seat's shape sits above the value: compare the ink masks there."""
    pal = PALETTES["default"]
    r = 60
    box = (round(r - 0.3 * r), 0, round(r + 0.3 * r), round(0.3 * r + 0.3 * r))
    masks = []
    for seat in SEATS:
        sprite = build_tile("B3", seat, r, pal, CACHED).crop(box)
        ink = rgb(ink_for(pal["players"][seat]))
        mask = Image.new("L", sprite.size)
        mask.putdata([255 * (math.dist(p[:3], ink) < 60) for p in sprite.get_flattened_data()])  # type: ignore[index]
        masks.append(mask)
    for a in range(len(masks)):
        for b in range(a + 1, len(masks)):
            diff = ImageStat.Stat(ImageChops.difference(masks[a], masks[b])).mean[0]
            assert diff > 8, (a, b)


@pytest.mark.parametrize("name", ["4p-mid", "3p-end", "2p-start"])
def test_render_is_deterministic_cached_cold_and_naive(name: str) -> None:
    players, stage = int(name[0]), name.split("-")[1]
    view = samurai_view(players, stage)
    first = renderer.render_board("samurai", view)
    assert renderer.render_board("samurai", view) == first
    clear_caches()
    assert renderer.render_board("samurai", view) == first
    assert renderer.render_naive("samurai", view) == first


def test_static_layer_is_built_once_per_board_and_palette() -> None:
    clear_caches()
    for _ in range(3):
        renderer.render_board("samurai", samurai_view(4, "mid"))
        renderer.render_board("samurai", samurai_view(4, "end"))
        renderer.render_board("samurai", samurai_view(2, "mid"), palette="colorblind")
    assert STATIC_LAYERS.misses == 2
    assert STATIC_LAYERS.hits == 7


def test_names_are_drawn_and_long_ones_fit() -> None:
    view = samurai_view(3, "mid")
    plain = board(view)
    named = board(view, names=("A" * 200 + " 🦊", "Bo", "Chie"))
    assert named.size == plain.size and named.tobytes() != plain.tobytes()


@pytest.mark.parametrize("stem", sorted(REFERENCES))
def test_picture_matches_reference(stem: str) -> None:
    reference = Image.open(REFERENCE_DIR / f"{stem}.png").convert("RGB")
    fresh = decode(render_reference(stem))
    assert fresh.size == reference.size
    diff = ImageStat.Stat(ImageChops.difference(fresh, reference)).mean
    assert sum(diff) / 3 < 1.5, (
        f"{stem} changed: run python -m tests.renderer.make_samurai_reference"
    )


# --- the private hand picture -----------------------------------------------------------


def tile_slots_filled(image: Image.Image, seat: int) -> int:
    colour = PALETTES["default"]["players"][seat]
    filled = 0
    for cx, cy in hand_slot_centres():
        points = [(round(cx + dx), round(cy + dy)) for dx in range(-50, 51, 5) for dy in (-35, 30)]
        filled += share_near(image, points, colour, tol=12) > 0.3
    return filled


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("stage", ["placement", "mid"])
def test_hand_picture_shows_the_five_tiles_and_its_alt_text_lists_them(
    players: int, stage: str
) -> None:
    public = samurai_view(players, stage)
    seat = ((public.current or 0) + 1) % players  # not in mid-turn: a full hand
    view = samurai_view(players, stage, seat)
    assert len(view.hand) == 5
    png = hand_png(view)
    image = decode(png)
    assert image.width <= 1200 and len(png) <= 300 * 1024
    assert max(ImageStat.Stat(image).stddev) > 30
    assert tile_slots_filled(image, seat) == 5
    text = hand_alt_text(view, names=NAMES[players])
    assert len(text) <= 1024 and NAMES[players][seat] in text
    for tile in view.hand:
        assert tile.name in text
    assert f"Draw pile, {len(view.pile)} tiles" in text


def test_hand_picture_mid_turn_shows_the_tiles_left() -> None:
    view = samurai_view(4, "mid", 1)
    assert view.current == 1 and len(view.hand) == 4
    assert tile_slots_filled(decode(hand_png(view)), 1) == 4


def test_hand_picture_during_the_pick_shows_only_the_chosen_tiles() -> None:
    from games.samurai import Take

    game = games.get("samurai")
    state = samurai_state(3, "start")
    for code in ("B4", "W1"):
        state, _ = game.apply(state, 2, Take(code))
    view = game.view(state, 2)
    image = decode(hand_png(view))
    assert tile_slots_filled(image, 2) == 2
    text = hand_alt_text(view)
    assert "2 of 5 chosen" in text and "Buddha 4" in text and "Ship 1 (fast)" in text


def test_hand_picture_of_the_public_view_shows_no_tiles() -> None:
    view = samurai_view(4, "mid")
    image = decode(hand_png(view))
    assert all(tile_slots_filled(image, seat) == 0 for seat in range(4))
    assert "no private" in hand_alt_text(view)


def test_hand_picture_is_deterministic() -> None:
    view = samurai_view(2, "mid", 0)
    first = hand_png(view)
    clear_caches()
    assert hand_png(view) == first
    naive = render_hand(view, palette=PALETTES["default"], names=NAMES[2], kit=NAIVE)
    assert encode_png(naive, png_palette(PALETTES["default"], NAIVE)) == first


# --- alt texts --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "stage", "viewer"), ALL_VIEWS)
def test_alt_text_describes_phase_turn_figures_and_players(
    players: int, stage: str, viewer: int | None
) -> None:
    view = samurai_view(players, stage, viewer)
    names = NAMES[players]
    text = alt_text(view, names=names)
    assert len(text) <= 1024
    assert text.startswith(f"Samurai, {players} players")
    assert "Figures left:" in text and "Set aside:" in text
    for name in names:
        assert name in text
    for step in view.last_turn + view.this_turn:
        assert step in text
    if view.current is not None:
        assert names[view.current] in text.split(".")[1]
    if view.outcome is not None:
        assert "wins" in text or "Shared win" in text
    shown = [p.captured is not None for p in view.seats]
    assert text.count("captured") == sum(shown)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("stage", ["start", "placement", "mid"])
def test_public_alt_text_and_picture_never_depend_on_hidden_tiles(players: int, stage: str) -> None:
    game = games.get("samurai")
    state = samurai_state(players, stage)
    public = game.view(state, None)
    text = alt_text(public, names=NAMES[players])
    png = renderer.render_board("samurai", public)
    on_board = {t.tile.name for t in public.tiles}
    for seat in range(players):
        for tile in game.view(state, seat).hand:
            if tile.name not in on_board:
                assert tile.name not in text
    for seed in (1, 2):
        other = game.view(game.shuffle_hidden(state, None, seed), None)
        assert alt_text(other, names=NAMES[players]) == text
        assert renderer.render_board("samurai", other) == png


def test_alt_text_keeps_whole_sentences_within_the_discord_limit() -> None:
    view = samurai_view(4, "end")
    text = alt_text(view, names=tuple("N" * 300 for _ in range(4)))
    assert len(text) <= 1000 and text.endswith(".") and "…" not in text
    assert text.startswith("Samurai, 4 players, game over. ")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_any_reachable_position_draws_and_describes(players: int, seed: int, steps: int) -> None:
    """Random games stopped anywhere: every view draws, within bounds, and is described."""
    from games.ai import RandomPlayer
    from games.base import resolve_options

    game = games.get("samurai")
    state = game.setup(players, resolve_options(game, {"public_captures": seed % 2 == 0}), seed)
    bot = RandomPlayer(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(bot, game, state, seat))
    for viewer in (None, seed % players):
        view = game.view(state, viewer)
        image = renderer.render_image("samurai", view, names=NAMES[players])
        assert image.width <= 1200
        assert len(alt_text(view, names=NAMES[players])) <= 1024
        assert len(hand_alt_text(view)) <= 1024
        hand = render_hand(view, palette=PALETTES["colorblind"], names=None, kit=CACHED)
        assert hand.width <= 1200


@pytest.mark.parametrize("players", [2, 3, 4])
def test_detail_shows_the_last_move_enlarged(players: int) -> None:
    """Issue 15: beside the board, the window of the board around the last move, cut at
    the board's own drawing size so a phone shows it larger; none before the first move."""
    from bench.configs import configurations, random_positions
    from renderer.samurai.board import DETAIL_W, detail_box, render_detail

    config = next(c for c in configurations() if c.label == f"samurai {players}p")
    states = list(random_positions(config, 1, seed=3))
    first = cast(SamuraiView, config.game.view(states[0], None))
    pal = PALETTES["default"]
    if not first.last_turn_hexes and not first.this_turn_hexes:
        assert render_detail(first, palette=pal, names=None, kit=CACHED) is None
    view = cast(SamuraiView, config.game.view(states[len(states) // 2], None))
    assert view.last_turn_hexes
    lay = layout_for(view)
    box = detail_box(lay, view)
    assert box is not None and box[2] - box[0] == DETAIL_W < lay.width
    last = hex_centre(view, (view.last_turn_hexes + view.this_turn_hexes)[-1])  # the latest
    assert box[0] <= last[0] <= box[2] and box[1] <= last[1] <= box[3]
    image = render_detail(view, palette=pal, names=None, kit=CACHED)
    assert image is not None and image.size == (box[2] - box[0], box[3] - box[1])
    board = renderer.render_image("samurai", view)
    # the same map pixels as the board (its panels aside): the detail is a cut, not a redraw
    same = ImageChops.difference(image.convert("RGB"), board.crop(box).convert("RGB"))
    assert ImageStat.Stat(same).mean[0] < 40
