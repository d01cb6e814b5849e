"""Drawing helpers shared by every game's renderer.

Fonts are loaded once per (size, weight); static layers (background, grid, coordinates)
are built once per (game, variant, size, palette) and copied for each picture; sprites
and rendered text are kept too (FreeType hinting costs ~0.1 ms a glyph, more than
pasting a stored mask). PNG bytes come from :func:`encode_png` only. :data:`CACHED` and
:data:`NAIVE` bundle those choices so one drawing routine serves both the real path and
the no-cache benchmark baseline, and both draw the same pixels.
"""

from __future__ import annotations

import io
import itertools
import math
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal, TypeVar

from PIL import Image, ImageDraw, ImageFont

from games import files
from games.base import InvalidOption
from renderer.lru import Lru as Lru
from renderer.palettes import PALETTES, Palette
from renderer.shapes import SHAPE_SIDES as SHAPE_SIDES
from renderer.shapes import Point as Point
from renderer.shapes import draw_seat_mark as draw_seat_mark
from renderer.shapes import regular_polygon as regular_polygon
from renderer.shapes import rounded_polygon as rounded_polygon

FONT_DIR = files.DATA_DIR / "fonts"
FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont
T = TypeVar("T")

# What a text on a picture is for, declared by the renderer where it draws it: who must act
# ("turn"), what they must do ("task"), the scores, the last action ("last") and the
# labels of pieces ("piece") must be read at a glance; everything else is "other"
# (coordinates, headings, keys). See :data:`CAPS_FLOOR` and docs/DESIGN.md, legibility.
Role = Literal["turn", "task", "score", "last", "piece", "other"]
ROLES: tuple[Role, ...] = ("turn", "task", "score", "last", "piece", "other")


# --- fonts and colours ------------------------------------------------------------------


def load_font(size: int, bold: bool = False) -> Font:
    """Read the font file from disk (no cache): the naive baseline's path."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[bold]), size)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """The project font at ``size`` px, loaded once and shared."""
    return load_font(size, bold)


@lru_cache(maxsize=256)
def rgb(colour: str) -> RGB:
    """``"#rrggbb"`` as an ``(r, g, b)`` tuple."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def get_palette(name: str) -> Palette:
    """The palette called ``name``; raises InvalidOption listing the known ones."""
    try:
        return PALETTES[name]
    except KeyError:
        known = ", ".join(sorted(PALETTES))
        raise InvalidOption(f"There is no palette called {name!r}. Palettes: {known}.") from None


# --- caches -----------------------------------------------------------------------------


STATIC_LAYERS: Lru[Image.Image] = Lru(32)  # whole-picture backgrounds, ~3 MB each
STAMPS: Lru[Any] = Lru(4096)  # piece tokens, text masks, PNG palettes: small and many


@dataclass(frozen=True)
class Toolkit:
    """Where a renderer gets fonts, static layers and stamps: cached or rebuilt every time.

    ``scale`` is how many drawing pixels make one output pixel: a sprite drawn 4x larger
    and shrunk asks :meth:`supersampled` for a toolkit whose fonts count 4x smaller.
    ``record``, when set (the legibility test), is told the output size in px and the
    weight of every font drawn with (see :class:`FontLog`).
    """

    load: Callable[[int, bool], Font]
    cached: bool
    scale: float = 1.0
    record: Callable[[float, bool], None] | None = None
    record_map: Callable[[float, bool], None] | None = None
    tag: Callable[[int, bool, Role, float], Font] | None = None

    def on_map(self) -> Toolkit:
        """This toolkit for the text of a map that a detail picture enlarges (its fonts are
        recorded apart: see :class:`FontLog` and docs/DESIGN.md, legibility)."""
        return self if self.record_map is None else replace(self, record=self.record_map)

    def font(self, size: int, bold: bool = False, role: Role = "other") -> Font:
        """The project font at ``size`` drawing px, to draw text of ``role`` with
        (recorded; ``tag``, when set, hands out a font object per role and scale so that a
        test hooking Pillow's text drawing knows what each text is for)."""
        if self.record is not None:
            self.record(size / self.scale, bold)
        if self.tag is not None:
            return self.tag(size, bold, role, self.scale)
        return self.load(size, bold)

    def metrics(self, size: int, bold: bool = False) -> Font:
        """The same font only to measure text with (``getlength``): not recorded, because
        a size tried and rejected by :func:`fitting_size` is never drawn."""
        return self.load(size, bold)

    def supersampled(self, factor: float) -> Toolkit:
        """This toolkit for a sprite drawn ``factor`` times larger than it is shown."""
        return replace(self, scale=self.scale * factor)

    def layer(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        """A fresh, drawable copy of the static layer ``key``."""
        return STATIC_LAYERS.get(key, build).copy() if self.cached else build()

    def stamp(self, key: Hashable, build: Callable[[], T]) -> T:
        """A shared, read-only small thing (token sprite, text mask) built once per key."""
        value: T = STAMPS.get(key, build) if self.cached else build()
        return value


CACHED = Toolkit(load=font, cached=True)
NAIVE = Toolkit(load=load_font, cached=False)


@dataclass
class FontLog:
    """Every font size (output px) a picture was drawn with: a no-cache toolkit whose
    :meth:`Toolkit.font` reports here, so nothing drawn is hidden behind a cached stamp.

    The legibility rule (issue 15): shown ``show`` px wide (a phone gives an image about
    450 px), every text must be at least ``minimum`` px. We measure the font size (the em
    square, what CSS calls ``font-size``), not the cap height: it is what a renderer
    chooses, and for Noto Sans capitals are 0.71 em and digits 0.71 em tall, so 9 px text
    has capitals about 6.4 px tall on the phone.
    """

    sizes: list[tuple[float, bool]]
    map_sizes: list[tuple[float, bool]] = field(default_factory=list)

    @classmethod
    def start(cls) -> tuple[FontLog, Toolkit]:
        log = cls([])
        return log, Toolkit(load=font, cached=False, record=log.add, record_map=log.add_map)

    def add(self, size: float, bold: bool) -> None:
        self.sizes.append((size, bold))

    def add_map(self, size: float, bold: bool) -> None:
        """A font of map text drawn through :meth:`Toolkit.on_map`."""
        self.map_sizes.append((size, bold))

    def map_shown(self, width: int, show: int = 450) -> float:
        """The smallest map text (:meth:`add_map`) in px shown ``show`` px wide."""
        return min(size for size, _ in self.map_sizes) * show / width

    def smallest(self) -> float:
        return min(size for size, _ in self.sizes)

    def shown(self, width: int, show: int = 450) -> float:
        """The smallest text in px when the picture is shown ``show`` px wide."""
        return self.smallest() * show / width


LEGIBLE_PX = 9  # the smallest text, in px, at PHONE_WIDTH
PHONE_WIDTH = 450


def legible_size(width: int, minimum: float = LEGIBLE_PX, show: int = PHONE_WIDTH) -> int:
    """The smallest font size (px) legible in a picture ``width`` px wide shown ``show`` px
    wide: ``legible_size(1000) == 20``."""
    return math.ceil(minimum * width / show - 1e-9)


LOUD_CAPS_PX = 8.0  # capitals of what one must read (see :data:`Role`), px at PHONE_WIDTH
QUIET_CAPS_PX = 6.4  # capitals of every other text: Noto Sans at LEGIBLE_PX


BOTH = (False, True)


@lru_cache(maxsize=64)
def caps_size(width: int, caps: float = LOUD_CAPS_PX, show: int = PHONE_WIDTH) -> int:
    """The smallest font size (px) whose capitals (the ink of "H") are at least ``caps`` px
    tall in a picture ``width`` px wide shown ``show`` px wide: ``caps_size(1000) == 25``."""
    size = max(1, math.floor(caps * width / show))
    while any(-font(size, b).getbbox("H", anchor="ls")[1] * show / width < caps for b in BOTH):
        size += 1
    return size


def clear_caches() -> None:
    """Forget every cached layer, stamp and font (tests, palette edits)."""
    STATIC_LAYERS.clear()
    STAMPS.clear()
    _MISSING.clear()
    font.cache_clear()


# --- text -------------------------------------------------------------------------------


def _glyph_missing(ch: str, fnt: Font) -> bool:
    # Pillow cannot ask a font whether it has a glyph, so compare with the .notdef box.
    def mask(text: str) -> bytes:
        im = Image.new("L", (int(2 * fnt.size), int(2 * fnt.size)))
        ImageDraw.Draw(im).text((4, 4), text, font=fnt, fill=255)
        return im.tobytes()

    return not ch.isspace() and mask(ch) == mask("\uffff")


# Whether (character, font file, size) has no glyph: drawing two masks costs ~0.1 ms, and
# translated words ("Última", "jugador·") repeat their few accented letters in every new
# line of text. Bounded by the characters people type; cleared with the other caches.
_MISSING: dict[tuple[str, str, float], bool] = {}


def _missing(ch: str, fnt: Font) -> bool:
    key = (ch, str(fnt.path), fnt.size)
    found = _MISSING.get(key)
    if found is None:
        if len(_MISSING) > 50_000:  # a flood of distinct characters: start again
            _MISSING.clear()
        found = _MISSING[key] = _glyph_missing(ch, fnt)
    return found


def printable(text: str, fnt: Font) -> str:
    """``text`` with characters the font cannot draw (emoji, CJK) replaced by ``?``."""
    if text.isascii():
        return text
    return "".join("?" if _missing(ch, fnt) else ch for ch in text)


def fit_text(text: str, fnt: Font, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``max_width`` px wide."""
    if fnt.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + "…") <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fitting_size(
    kit: Toolkit, text: str, sizes: Sequence[int], max_width: float, bold: bool = False
) -> int:
    """The first of ``sizes`` (largest first) at which ``text`` fits ``max_width`` px, else
    the last: longer translations shrink a little before an ellipsis cuts them."""
    for size in sizes:
        if kit.metrics(size, bold).getlength(text) <= max_width:
            return size
    return sizes[-1]


def _wrap(text: str, fnt: Font, max_width: float, max_lines: int) -> list[str] | None:
    """``text`` broken at spaces (or after a hyphen) into at most ``max_lines`` lines each
    within ``max_width`` px, the earlier lines as full as they go; ``None`` if it cannot."""
    pieces = re.findall(r"[^\s-]+-?|\s+", text)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        trial = line + piece
        if fnt.getlength(trial.strip()) <= max_width or not line.strip():
            line = trial
            continue
        lines.append(line.strip())
        line = piece.lstrip()
    lines.append(line.strip())
    lines = [x for x in lines if x]
    if len(lines) > max_lines or any(fnt.getlength(x) > max_width for x in lines):
        return None
    return lines


def fit_lines(
    kit: Toolkit,
    text: str,
    size: int,
    max_width: float,
    *,
    floor: int,
    bold: bool = False,
    max_lines: int = 2,
) -> tuple[int, list[str]]:
    """How to show ``text`` whole within ``max_width`` px: (font size, lines). One line at
    the largest size from ``size`` down to ``floor`` (the picture's legible minimum, see
    :func:`legible_size`), else wrapped into ``max_lines`` lines at the largest such size;
    only when even that fails is the last line cut (at ``floor``).

    >>> kit = Toolkit(load=font, cached=False)
    >>> fit_lines(kit, "Ann", 30, 500, floor=20)
    (30, ['Ann'])
    >>> fit_lines(kit, "Bartholomew Montgomery-Wellesley", 30, 260, floor=20)
    (24, ['Bartholomew', 'Montgomery-Wellesley'])
    """
    floor = min(floor, size)
    for wanted in range(size, floor - 1, -1):
        if kit.metrics(wanted, bold).getlength(text) <= max_width:
            return wanted, [text]
    for wanted in range(size, floor - 1, -1):
        lines = _wrap(text, kit.metrics(wanted, bold), max_width, max_lines)
        if lines is not None:
            return wanted, lines
    lines = _wrap(text, kit.metrics(floor, bold), max_width, 10_000) or [text]
    pos = 0
    for line in lines[: max_lines - 1]:  # the rest, as typed, on the last line (cut)
        pos = text.find(line, pos) + len(line)
    return floor, [*lines[: max_lines - 1], text[pos:].strip()]


def draw_lines(
    img: Image.Image,
    xy: Point,
    text: str,
    *,
    size: int,
    floor: int,
    fill: str,
    kit: Toolkit,
    max_width: float,
    bold: bool = False,
    anchor: str = "lm",
    max_lines: int = 2,
    leading: float = 1.12,
    role: Role = "other",
) -> int:
    """``text`` whole within ``max_width`` px (see :func:`fit_lines`): smaller, then on two
    lines, around ``xy`` (the lines' block is placed as ``anchor`` places one line: "lm"
    centres it on ``y``, "la" hangs it from ``y``, "ls"/"ld" stand it on ``y``); returns
    the size used."""
    used, lines = fit_lines(kit, text, size, max_width, floor=floor, bold=bold, max_lines=max_lines)
    step = used * leading
    block = step * (len(lines) - 1)
    y0 = xy[1] - block / 2 if anchor[1] == "m" else xy[1] - block if anchor[1] in "sd" else xy[1]
    for i, line in enumerate(lines):
        draw_text(
            img, (xy[0], y0 + i * step), line, size=used, fill=fill, kit=kit, bold=bold,
            anchor=anchor, max_width=max_width, role=role,
        )  # fmt: skip
    return used


def _text_mask(
    kit: Toolkit,
    text: str,
    size: int,
    bold: bool,
    anchor: str,
    max_width: float | None,
    role: Role = "other",
) -> tuple[Image.Image, tuple[int, int]]:
    fnt = kit.font(size, bold, role)
    text = printable(text, fnt)
    if max_width is not None:
        text = fit_text(text, fnt, max_width)
    left, top, right, bottom = (int(v) for v in fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, (left, top)


def draw_text(
    img: Image.Image,
    xy: Point,
    text: str,
    *,
    size: int,
    fill: str,
    kit: Toolkit,
    bold: bool = False,
    anchor: str = "la",
    max_width: float | None = None,
    role: Role = "other",
) -> None:
    """Text at ``xy`` (Pillow anchor), unknown glyphs as ``?``, cut to ``max_width`` px;
    ``role`` says what it is for (see :data:`Role`)."""
    key = ("text", text, size, bold, anchor, max_width)
    mask, (dx, dy) = kit.stamp(
        key, lambda: _text_mask(kit, text, size, bold, anchor, max_width, role)
    )
    img.paste(rgb(fill), (round(xy[0]) + dx, round(xy[1]) + dy), mask)


# --- encoding ---------------------------------------------------------------------------


# zlib level for every PNG (house style). Measured on the Yōkai boards (CPU ms / mean KiB):
# level 1: 5.4 / 46.5, level 3: 5.9 / 42.9, level 6: 11.9 / 36.1, level 9: ~60 / 34.
# zlib level 3: measured 2-3x faster than level 6 on all three boards (p95 17-26 ms against
# 46-80 ms) for 10-15% larger files, still far below Discord's and our 300 KiB budget.
PNG_COMPRESS_LEVEL = 3


def build_png_palette(pal: Palette) -> Image.Image:
    """A 256-colour "P" image: every palette colour exactly, then the blends between them.

    Flat art only holds the palette's colours and their anti-aliasing ramps, so mapping to
    this fixed set beats a per-picture adaptive palette for both speed and fidelity.
    """
    base: list[RGB] = []
    for value in pal.values():
        for colour in value if isinstance(value, tuple) else (value,):
            if isinstance(colour, str) and colour.startswith("#") and rgb(colour) not in base:
                base.append(rgb(colour))
    base += [c for c in ((255, 255, 255), (0, 0, 0)) if c not in base]
    ramps = [
        tuple(round(x + (y - x) * step / 8) for x, y in zip(a, b, strict=True))
        for a, b in itertools.combinations(base, 2)
        for step in range(1, 8)
    ]
    swatch = Image.new("RGB", (len(ramps), 1))
    swatch.putdata(ramps)
    spare = 256 - len(base)
    blends = swatch.quantize(spare, method=Image.Quantize.FASTOCTREE).getpalette() or []
    flat = [channel for colour in base for channel in colour] + blends[: 3 * spare]
    out = Image.new("P", (1, 1))
    out.putpalette(flat)
    return out


def png_palette(pal: Palette, kit: Toolkit) -> Image.Image:
    """The fixed PNG palette of ``pal``, built once per palette name on the cached path."""
    return kit.stamp(("png-palette", pal["name"]), lambda: build_png_palette(pal))


def encode_png(img: Image.Image, colours: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img`` at zlib level ``PNG_COMPRESS_LEVEL``, as 8-bit palette art.

    ``colours`` is a fixed palette (see :func:`png_palette`): measured twice as fast as an
    adaptive octree palette, smaller and closer to the original. Without it, an adaptive
    256-colour palette is used.
    """
    if img.mode != "P":
        rgb_img = img if img.mode == "RGB" else img.convert("RGB")  # convert() would copy
        if colours is not None:
            img = rgb_img.quantize(palette=colours, dither=Image.Dither.NONE)
        else:
            img = rgb_img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
