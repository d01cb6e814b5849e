"""The China pictures: valid, bounded, readable layout, last turn marked, stable, no secrets."""

from __future__ import annotations

import dataclasses
import io
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

import renderer
import renderer.china.board
from games.base import Outcome, Termination
from games.china import GAME
from games.china.view import ChinaView
from renderer.china import geometry as cg
from renderer.china import map as cm
from renderer.core import CACHED, STATIC_LAYERS, clear_caches, get_palette, rgb
from renderer.palettes import PALETTES
from tests.renderer.make_china_reference import (
    HAND_REFERENCES,
    NAMES,
    POSITIONS,
    REFERENCE_DIR,
    REFERENCES,
    board_png,
    ensure_registered,
    hand_png,
    play,
    render_reference,
)

ensure_registered()
BOARDS = sorted(n for n in POSITIONS if not n.startswith("private"))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def share_near(image: Image.Image, box: tuple[float, float, float, float], colour: str) -> float:
    """Fraction of the pixels in ``box`` within a small distance of ``colour``."""
    target = rgb(colour)
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = image.crop((x0, y0, x1, y1))
    pixels = list(crop.get_flattened_data())
    return sum(1 for p in pixels if math.dist(p, target) <= 8) / len(pixels)


def around(centre: tuple[float, float], half: float) -> tuple[float, float, float, float]:
    x, y = centre
    return (x - half, y - half, x + half, y + half)


def last_places(view: ChinaView) -> set[str]:
    last = view.last_turn
    if last is None or last.kind != "place":
        return set()
    return set(last.houses) | ({last.fortification} if last.fortification else set())


RING = cg.SPACE_R + 14  # half-size of a box that holds a space's last-turn ring


# --- validity, size, determinism -----------------------------------------------------------


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_board_is_a_bounded_non_blank_png(name: str, palette: str) -> None:
    view = POSITIONS[name]()
    for png in (
        board_png(view, palette, NAMES),
        renderer.render_board("china", view, palette=palette),
    ):
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(png) <= 300 * 1024
        Image.open(io.BytesIO(png)).verify()
        image = decode(png)
        assert 800 <= image.width <= 1200 and image.height <= 1200
        colours = image.getcolors(maxcolors=1 << 16)
        assert colours is not None and len(colours) >= 40
        assert max(ImageStat.Stat(image).stddev) > 30


def test_both_sides_and_every_player_count_have_their_own_static_layer() -> None:
    clear_caches()
    seen = set()
    for name in BOARDS:
        view = POSITIONS[name]()
        seen.add((view.side, view.players))
        board_png(view)
        board_png(view)
    assert {("A", 3), ("A", 4), ("B", 4), ("B", 5)} == seen
    assert STATIC_LAYERS.misses == len(seen)
    assert STATIC_LAYERS.hits == 2 * len(BOARDS) - len(seen)


@pytest.mark.parametrize("name", ["mid_4a_forts", "late_5", "end_5"])
def test_render_is_deterministic_cached_cold_and_naive(name: str) -> None:
    view = POSITIONS[name]()
    first = board_png(view, "default", NAMES)
    assert board_png(view, "default", NAMES) == first
    clear_caches()
    assert board_png(view, "default", NAMES) == first
    pal = get_palette("default")
    naive = renderer.china.board.render(
        view, palette=pal, highlight=True, names=NAMES, kit=renderer.core.NAIVE
    )
    cached = renderer.china.board.render(view, palette=pal, highlight=True, names=NAMES, kit=CACHED)
    assert naive.tobytes() == cached.tobytes()


@pytest.mark.parametrize("stem", sorted({**REFERENCES, **HAND_REFERENCES}))
def test_picture_matches_reference(stem: str) -> None:
    reference = Image.open(REFERENCE_DIR / f"{stem}.png").convert("RGB")
    fresh = decode(render_reference(stem))
    assert fresh.size == reference.size
    diff = ImageStat.Stat(ImageChops.difference(fresh, reference)).mean
    assert sum(diff) / 3 < 1.5, f"{stem} changed: run python -m tests.renderer.make_china_reference"


def test_own_png_palette_keeps_every_map_colour_apart() -> None:
    """The map's colours survive encoding: yellow and orange regions stay distinct."""
    for name in PALETTES:
        pal = get_palette(name)
        colours = renderer.china.board.png_palette(pal, CACHED)
        fills = cm.map_colours(pal)["fill"]
        swatch = Image.new("RGB", (len(fills), 1))
        swatch.putdata([rgb(c) for c in fills.values()])
        back = swatch.quantize(palette=colours, dither=Image.Dither.NONE).convert("RGB")
        assert len(set(back.get_flattened_data())) == len(fills)
        for got, want in zip(back.get_flattened_data(), fills.values(), strict=True):
            assert math.dist(got, rgb(want)) <= 6


# --- what the board shows ------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in BOARDS if not n.startswith("start")])
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_last_turn_placements_and_only_they_are_ringed(name: str, palette: str) -> None:
    view = POSITIONS[name]()
    image = decode(board_png(view, palette))
    colour = PALETTES[palette]["highlight"]
    geo = renderer.china.board.geometry(view, CACHED)
    marked = last_places(view)
    rings = [geo.spaces[m] for m in marked]
    if view.last_turn is not None and view.last_turn.emissaries:
        region = view.last_turn.region or ""
        rings += [geo.dragons[region], *geo.envoys[region]]
    for space, centre in geo.spaces.items():
        share = share_near(image, around(centre, RING), colour)
        if space in marked:
            assert share > 0.05, space
        elif all(math.dist(centre, ring) > 2 * RING for ring in rings):
            assert share < 0.005, space
    if view.last_turn is not None and view.last_turn.kind == "place" and view.last_turn.emissaries:
        dragon = geo.dragons[view.last_turn.region or ""]
        assert share_near(image, around(dragon, cg.DRAGON_R + 10), colour) > 0.05


def test_some_positions_exercise_houses_emissaries_forts_and_exchanges() -> None:
    """The fixtures cover what the ring tests look for (else they would test nothing)."""
    lasts = [v.last_turn for v in (POSITIONS[n]() for n in BOARDS) if v.last_turn is not None]
    assert {"place", "exchange"} <= {last.kind for last in lasts}
    assert any(last.houses for last in lasts)
    assert any(last.emissaries for last in lasts)
    assert any(s.fortified for r in POSITIONS["mid_4a_forts"]().regions for s in r.spaces)


def test_highlight_false_draws_no_ring() -> None:
    view = POSITIONS["late_5"]()
    pal = get_palette("default")
    image = renderer.china.board.render(view, palette=pal, highlight=False, names=None, kit=CACHED)
    geo = renderer.china.board.geometry(view, CACHED)
    for space in last_places(view):
        assert share_near(image, around(geo.spaces[space], RING), pal["highlight"]) == 0


def test_houses_show_their_owner_colour_on_their_space() -> None:
    view = POSITIONS["late_5"]()
    pal = get_palette("default")
    image = decode(board_png(view))
    for region in view.regions:
        for space in region.spaces:
            box = around(renderer.china.board.space_centre(view, space.id), 10)
            owned = [share_near(image, box, pal["players"][s]) for s in range(view.players)]
            if space.owner is None:
                assert max(owned) < 0.05, space.id
            else:
                assert owned[space.owner] > 0.2, space.id


def test_scored_regions_have_a_dark_label() -> None:
    view = POSITIONS["final_round_4b"]()
    pal = get_palette("default")
    ink = cm.map_colours(pal)["map"]["label"]
    image = decode(board_png(view))
    geo = renderer.china.board.geometry(view, CACHED)
    assert any(r.scored for r in view.regions) and not all(r.scored for r in view.regions)
    for region in view.regions:
        share = share_near(image, geo.labels[region.id].box, ink)
        assert (share > 0.5) == region.scored, region.id


@pytest.mark.parametrize("side_players", [("a", 3), ("a", 4), ("b", 4), ("b", 5)])
def test_labels_and_tokens_cover_no_space_or_dragon(side_players: tuple[str, int]) -> None:
    side, players = side_players
    view = GAME.view(GAME.setup(players, {"side": side}, 1), None)
    geo = cg.build_geometry(view, CACHED)
    x0, y0, x1, y1 = geo.map_box
    circles = [(c, float(cg.SPACE_R)) for c in geo.spaces.values()]
    circles += [(c, float(cg.DRAGON_R)) for c in geo.dragons.values()]
    plain = cg.Obstacles(circles=circles, segments=[], boxes=[])
    for region in view.regions:
        bx0, by0, bx1, by1 = geo.labels[region.id].box
        assert x0 <= bx0 and bx1 <= x1 and y0 <= by0 and by1 <= y1, region.id
        assert plain.hits_circles(geo.labels[region.id].box) == 0, region.id
        slots = geo.envoys[region.id]
        assert len(slots) == players, region.id
        for slot in slots:
            assert plain.hits_circles(around(slot, cg.TOKEN / 2 - 1)) == 0, region.id
            assert math.dist(slot, geo.dragons[region.id]) < 4 * cg.CELL
        assert all(math.dist(a, b) >= cg.TOKEN for a in slots for b in slots if a != b)


def test_names_are_drawn_and_long_ones_fit() -> None:
    view = POSITIONS["mid_5"]()
    plain = decode(board_png(view))
    named = decode(board_png(view, names=("A" * 200 + " 🐉", "Bo", "", "Dai", "Eun")))
    assert named.size == plain.size
    assert named.tobytes() != plain.tobytes()


def test_resigned_seat_and_resignation_win_render() -> None:
    view = POSITIONS["mid_4b"]()
    resigned = dataclasses.replace(
        view,
        resigned=(1, 2, 3),
        hand_sizes=(3, 0, 0, 0),
        to_act=None,
        step="over",
        outcome=Outcome(Termination.RESIGNATION, frozenset({0}), (1, 4, 3, 2)),
    )
    image = decode(board_png(resigned, names=NAMES))
    assert image.size == decode(board_png(view, names=NAMES)).size
    text = renderer.alt_text("china", resigned, names=NAMES)
    assert "Kiyomi wins by resignation" in text and "Bo 0 (resigned)" in text


# --- the private hand ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["private_mid_4a", "private_late_5"])
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_hand_picture_shows_each_card_in_its_colour(name: str, palette: str) -> None:
    view = POSITIONS[name]()
    assert view.hand
    png = hand_png(view, palette, NAMES)
    assert png.startswith(b"\x89PNG") and len(png) < 100 * 1024
    image = decode(png)
    assert image.width <= 1200
    cards = cm.map_colours(get_palette(palette))["card"]
    from renderer.china.hand import BIG, HAND_X, HAND_Y

    for n, card in enumerate(view.hand):
        x = HAND_X + n * (BIG[0] + 14)
        box = (x + 12, HAND_Y + 12, x + BIG[0] - 12, HAND_Y + BIG[1] - 12)
        assert share_near(image, box, cards[card]) > 0.4, card


def test_hand_picture_of_a_public_view_shows_no_cards() -> None:
    pal = get_palette("default")
    image = renderer.china.board.render_hand(
        POSITIONS["mid_5"](), palette=pal, names=None, kit=CACHED
    )
    cards = cm.map_colours(pal)["card"]
    from renderer.china.hand import BIG, HAND_X, HAND_Y

    box = (HAND_X, HAND_Y, HAND_X + 3 * BIG[0], HAND_Y + BIG[1])
    assert all(share_near(image, box, c) == 0 for c in cards.values())


def test_hand_alt_text_names_the_cards() -> None:
    view = POSITIONS["private_late_5"]()
    text = renderer.china.board.hand_alt_text(view, names=NAMES)
    colours = dict(view.colours)
    assert text.startswith("Aurélien the Magnificent's hand in China: ")
    assert ", ".join(colours[c] for c in view.hand or ()) in text
    assert len(text) <= 1024


# --- alt text -------------------------------------------------------------------------------


def test_alt_text_gives_turn_last_turn_scores_cards_pile_and_regions() -> None:
    view = POSITIONS["final_round_4b"]()
    text = renderer.alt_text("china", view, names=NAMES)
    assert len(text) <= 1024
    assert "turn " in text and " to play: place or exchange." in text
    assert "Last turn: " in text and " placed " in text
    assert "Scores: Kiyomi " in text
    face_up = ", ".join(dict(view.colours)[c] for c in view.face_up)
    assert f"Face-up cards: {face_up}." in text
    assert f"Pile: {view.pile_count} card" in text and "final round." in text
    assert "Wei (" in text and "houses " in text and "emissaries " in text
    scored = [r.name for r in view.regions if r.scored]
    assert f"Regions scored: {', '.join(scored)}." in text


def test_alt_text_of_finished_game_and_drawing_step() -> None:
    end = POSITIONS["end_5"]()
    assert "Game over: " in renderer.alt_text("china", end) and " wins with " in renderer.alt_text(
        "china", end
    )
    drawing = POSITIONS["mid_3_drawing"]()
    assert f"draws {drawing.cards_to_draw} more card" in renderer.alt_text("china", drawing)


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 150),
)
def test_public_alt_text_never_tells_a_hand(players: int, seed: int, actions: int) -> None:
    state = play(players, seed, actions)
    public = GAME.view(state, None)
    assert public.hand is None
    text = renderer.alt_text("china", public)
    assert len(text) <= 1024 and "hand" not in text.lower()
    for seat in range(players):
        # The same words whoever asks: nothing private can have slipped in.
        assert renderer.alt_text("china", GAME.view(state, seat)) == text
