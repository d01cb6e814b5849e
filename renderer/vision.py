"""How colours look to viewers with a colour-vision deficiency, in plain numbers, and
which ink reads on a colour.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", severity 1.0 (full dichromacy): a 3x3 matrix
applied to linear sRGB. :func:`delta_e` is CIE76 ΔE in CIELAB (D65), where about 2.3 is
just noticeable; the palettes' tests measure CIEDE2000 instead (a test-only library).
:func:`contrast` is WCAG 2's ratio; :func:`ink_on` picks the ink that reads on a fill.

>>> round(delta_e("#000000", "#ffffff"))
100
>>> simulate("#ffffff", "protanopia") == "#ffffff"
True
>>> round(contrast("#000000", "#ffffff")), ink_on("#4c9e66", "#1d1b18")
(21, '#1d1b18')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = tuple(MACHADO)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _rgb(colour: str) -> tuple[float, float, float]:
    v = colour.lstrip("#")
    r, g, b = (int(v[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def simulate(colour: str, deficiency: str) -> str:
    """``colour`` ("#rrggbb") as a viewer with ``deficiency`` sees it."""
    lin = [_linear(c) for c in _rgb(colour)]
    out = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in MACHADO[deficiency]]
    return "#" + "".join(f"{round(_gamma(c) * 255):02x}" for c in out)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in _rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference of two sRGB colours."""
    return math.dist(lab(a), lab(b))


def closest_pair(colours: Sequence[str], deficiency: str | None = None) -> tuple[float, str, str]:
    """The smallest ΔE between two of ``colours`` as seen with ``deficiency`` (``None``:
    typical vision), with the pair."""
    seen = {c: simulate(c, deficiency) if deficiency else c for c in colours}
    return min((delta_e(seen[a], seen[b]), a, b) for a, b in itertools.combinations(colours, 2))


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    r, g, b = (_linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21; text wants 4.5)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(fill: str, dark: str) -> str:
    """White or ``dark``, whichever contrasts more with ``fill``."""
    return "#ffffff" if contrast(fill, "#ffffff") >= contrast(fill, dark) else dark
