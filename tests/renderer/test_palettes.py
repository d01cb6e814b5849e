"""Issue 15: every palette's seat colours (and China's card colours) stay apart for viewers
with the common colour-vision deficiencies, simulated (Machado et al. 2009, full severity)
and compared in CIELAB (CIE76 ΔE): every pair at least ``MIN_DELTA_E`` apart."""

from __future__ import annotations

import pytest

from renderer.china.map import MAP_COLOURS
from renderer.palettes import PALETTES, SEAT_SHAPES
from renderer.vision import DEFICIENCIES, closest_pair, delta_e, simulate

MIN_DELTA_E = 15.0  # 2.3 is just noticeable; 15 reads as another colour at a glance
VISIONS = (None, *DEFICIENCIES)


def sets() -> list[tuple[str, tuple[str, ...]]]:
    out = [(f"{name} seats", tuple(p["players"])) for name, p in PALETTES.items()]
    out += [(f"{name} china cards", tuple(m["card"].values())) for name, m in MAP_COLOURS.items()]
    return out


@pytest.mark.parametrize("vision", VISIONS, ids=lambda v: v or "typical")
@pytest.mark.parametrize(("what", "colours"), sets(), ids=[w for w, _ in sets()])
def test_colours_stay_apart_for_every_viewer(
    what: str, colours: tuple[str, ...], vision: str | None
) -> None:
    gap, a, b = closest_pair(colours, vision)
    assert gap >= MIN_DELTA_E, f"{what}: {a} and {b} are {gap:.1f} ΔE apart ({vision})"


def test_china_red_and_orange_differ_in_lightness_for_everyone() -> None:
    for name, colours in MAP_COLOURS.items():
        red, orange = colours["card"]["R"], colours["card"]["O"]
        for vision in DEFICIENCIES:
            assert delta_e(simulate(red, vision), simulate(orange, vision)) >= 20, (name, vision)


def test_the_check_can_fail() -> None:
    """The old default purple and blue were 8.8 ΔE apart for protanopes."""
    gap, _, _ = closest_pair(("#2a64ad", "#7d3c98"), "protanopia")
    assert 8 < gap < MIN_DELTA_E
    assert simulate("#ff0000", "protanopia") != "#ff0000"


def test_seats_differ_by_shape_too() -> None:
    for pal in PALETTES.values():
        assert len(set(pal["player_shapes"])) == len(pal["players"]) == len(SEAT_SHAPES)
