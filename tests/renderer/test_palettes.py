"""Issues 15 and 25: seat colours stay apart for viewers with the common colour-vision
deficiencies, and no category colour (a card type, a troop, a seal) reads as a seat's.

Colours are seen as each viewer sees them (Machado et al. 2009, full severity:
:func:`renderer.vision.simulate`) and compared in CIEDE2000, from coloraide (a test-only
dependency: the bot never measures colours, so the runtime does not carry the library).
On that scale 2.3 is just noticeable and 10 or more reads as another colour at a glance.
"""

from __future__ import annotations

import itertools

import pytest
from coloraide import Color
from hypothesis import given, settings
from hypothesis import strategies as st

from renderer import RENDERERS, vision
from renderer.china import map as china_map
from renderer.china import pieces as china_pieces
from renderer.china.map import MAP_COLOURS
from renderer.palettes import PALETTES, SEAT_SHAPES
from renderer.rising_sun import art as rising_sun_art
from renderer.samurai import art as samurai_art
from renderer.shitenno import art as shitenno_art

SEAT_GAP = {"default": 12.0, "colorblind": 15.0}
CATEGORY_GAP = 12.0  # a category colour from every seat colour of its palette
GROUND_GAP = 12.0  # a seat colour from the board, the panels and the background
CHINA_CARD_GAP_CIE76 = 15.0  # China's cards among themselves (issue 15, CIE76)
TEXT_CONTRAST = 4.5  # WCAG 2 for text
VISIONS = (None, *vision.DEFICIENCIES)
# the games whose renderers declare category colours (a renderer that dropped its
# declaration would pass the gap test with nothing to check)
WITH_CATEGORIES = {"china", "rising_sun", "samurai", "shitenno"}


def seen(colour: str, how: str | None) -> str:
    return vision.simulate(colour, how) if how else colour


def ciede2000(a: str, b: str) -> float:
    return float(Color(a).delta_e(b, method="2000"))


def gap(a: str, b: str, how: str | None) -> float:
    return ciede2000(seen(a, how), seen(b, how))


def closest_pair(colours: tuple[str, ...], how: str | None) -> tuple[float, str, str]:
    return min((gap(a, b, how), a, b) for a, b in itertools.combinations(colours, 2))


def categories() -> list[tuple[str, str]]:
    return [(key, name) for key in sorted(RENDERERS) for name in PALETTES]


@pytest.mark.parametrize("how", VISIONS, ids=lambda v: v or "typical")
@pytest.mark.parametrize("name", list(PALETTES))
def test_seat_colours_stay_apart_for_every_viewer(name: str, how: str | None) -> None:
    distance, a, b = closest_pair(tuple(PALETTES[name]["players"]), how)
    assert distance >= SEAT_GAP[name], f"{name}: {a} and {b} are {distance:.1f} apart ({how})"


@pytest.mark.parametrize("name", list(PALETTES))
def test_seat_colours_stand_out_on_the_board_and_carry_text(name: str) -> None:
    pal = PALETTES[name]
    for seat in pal["players"]:
        for ground in (pal["board"], pal["panel"], pal["background"]):
            for how in VISIONS:
                assert gap(seat, ground, how) >= GROUND_GAP, (name, seat, ground, how)
        ink = vision.ink_on(seat, pal["token_text"])
        assert vision.contrast(seat, ink) >= TEXT_CONTRAST, (name, seat, ink)


def test_every_category_colour_is_declared_by_its_renderer() -> None:
    declared = {
        k for k in RENDERERS if any(RENDERERS[k].category_colours(p) for p in PALETTES.values())
    }
    assert declared == WITH_CATEGORIES


@pytest.mark.parametrize(("game", "name"), categories())
def test_no_category_colour_reads_as_a_seat_colour(game: str, name: str) -> None:
    pal = PALETTES[name]
    near = [
        f"{what} {colour} is {gap(colour, seat, how):.1f} from seat {seat} ({how or 'typical'})"
        for what, colour in RENDERERS[game].category_colours(pal).items()
        for seat in pal["players"]
        for how in VISIONS
        if gap(colour, seat, how) < CATEGORY_GAP
    ]
    assert not near, "\n".join(near)


@pytest.mark.parametrize("name", list(PALETTES))
def test_text_on_category_colours_reads(name: str) -> None:
    """Troop headers, card bars, card faces and figures carry names or letters: the game's
    ink for each reads."""
    pal = PALETTES[name]
    col = rising_sun_art.colours(pal)
    inked = [(c, shitenno_art.ink_on(c)) for c in shitenno_art.category_colours(pal).values()]
    inked += [
        (c, rising_sun_art.ink_on(c, col)) for c in rising_sun_art.category_colours(pal).values()
    ]
    inked += [(c, china_pieces.ink_on(c)) for c in china_map.category_colours(pal).values()]
    figures = samurai_art.terrain_for(pal)
    inked += list(zip(figures.figure_fill, figures.figure_ink, strict=True))
    for fill, ink in inked:
        assert vision.contrast(fill, ink) >= TEXT_CONTRAST, (name, fill, ink)


def test_the_checks_can_fail() -> None:
    """The old default blue and magenta were 6.3 apart for protanopes, its red and green
    10.2 for deuteranopes, Rising Sun's virtue card 0 from the blue seat."""
    assert closest_pair(("#2a64ad", "#c2458f"), "protanopia")[0] < SEAT_GAP["default"]
    assert closest_pair(("#bb3328", "#24874f"), "deuteranopia")[0] < SEAT_GAP["default"]
    assert gap("#2a64ad", "#2a64ad", None) < CATEGORY_GAP


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 0xFFFFFF), st.sampled_from(vision.DEFICIENCIES))
def test_the_simulation_is_machados(value: int, how: str) -> None:
    """:func:`renderer.vision.simulate` agrees with coloraide's own Machado filter, so a
    wrong matrix entry cannot pass the checks above unnoticed."""
    colour = f"#{value:06x}"
    method = {"protanopia": "protan", "deuteranopia": "deutan", "tritanopia": "tritan"}[how]
    theirs = Color(colour).filter(method, 1.0, method="machado", space="srgb-linear")
    expected = theirs.convert("srgb").clip().to_string(hex=True)
    ours = vision.simulate(colour, how)
    assert all(abs(int(ours[i : i + 2], 16) - int(expected[i : i + 2], 16)) <= 1 for i in (1, 3, 5))


@pytest.mark.parametrize("how", VISIONS, ids=lambda v: v or "typical")
@pytest.mark.parametrize("name", list(MAP_COLOURS))
def test_china_cards_stay_apart_for_every_viewer(name: str, how: str | None) -> None:
    cards = tuple(MAP_COLOURS[name]["card"].values())
    seen_cards = {c: seen(c, how) for c in cards}
    distance = min(
        vision.delta_e(seen_cards[a], seen_cards[b]) for a, b in itertools.combinations(cards, 2)
    )
    assert distance >= CHINA_CARD_GAP_CIE76, (name, how)


def test_china_red_and_orange_differ_in_lightness_for_everyone() -> None:
    for name, colours in MAP_COLOURS.items():
        red, orange = colours["card"]["R"], colours["card"]["O"]
        for how in vision.DEFICIENCIES:
            assert vision.delta_e(vision.simulate(red, how), vision.simulate(orange, how)) >= 20, (
                name,
                how,
            )


def test_seats_differ_by_shape_too() -> None:
    for pal in PALETTES.values():
        assert len(set(pal["player_shapes"])) == len(pal["players"]) == len(SEAT_SHAPES)
