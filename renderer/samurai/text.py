"""Per-call text composed from cached glyphs.

Every Samurai picture prints strings it has not printed before (the turn number, the steps
of the last turn), and FreeType with text layout takes about 0.25 ms a glyph, so a fresh
status line alone cost several milliseconds. Glyph masks are few (letters, digits,
punctuation per size and weight) and stay in the stamp cache, so a new line is pasted
together from them, then cached whole like core's text stamps. Kerning is not applied; at
these sizes and in these short labels it does not show.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from renderer.core import Point, Role, Toolkit, printable, rgb

Glyph = tuple[Image.Image, int, int, float]  # mask, left and top offsets from the pen, advance


def glyph(kit: Toolkit, ch: str, size: int, bold: bool, role: Role = "other") -> Glyph:
    """The mask of ``ch`` (``?`` if the font lacks it) with its offsets and advance."""

    def build() -> Glyph:
        fnt = kit.font(size, bold, role)
        shown = printable(ch, fnt)
        left, top, right, bottom = (int(v) for v in fnt.getbbox(shown, anchor="ls"))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
        ImageDraw.Draw(mask).text((-left, -top), shown, font=fnt, fill=255, anchor="ls")
        return mask, left, top, fnt.getlength(shown)

    return kit.stamp(("glyph", ch, size, bold), build)


def text_width(kit: Toolkit, text: str, size: int, bold: bool = False) -> float:
    """Width of ``text`` as :func:`draw_line` sets it."""
    return sum(glyph(kit, ch, size, bold)[3] for ch in text)


def fit(kit: Toolkit, text: str, size: int, bold: bool, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``max_width`` px wide."""
    if text_width(kit, text, size, bold) <= max_width:
        return text
    while text and text_width(kit, text.rstrip() + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitting(
    kit: Toolkit, text: str, sizes: tuple[int, ...], max_width: float, bold: bool = False
) -> int:
    """The first of ``sizes`` (largest first) at which ``text`` fits ``max_width`` px, else
    the last: longer translations shrink a little before an ellipsis cuts them."""
    for size in sizes:
        if text_width(kit, text, size, bold) <= max_width:
            return size
    return sizes[-1]


Line = tuple[Image.Image, int, int, float]  # mask, left and top offsets from the pen, width


def line_mask(kit: Toolkit, text: str, size: int, bold: bool, role: Role = "other") -> Line:
    """The mask of a whole line, pasted together from glyph masks and cached."""

    def build() -> Line:
        placed = []
        x = 0.0
        for ch in text:
            mask, left, top, advance = glyph(kit, ch, size, bold, role)
            if not ch.isspace():
                placed.append((mask, round(x) + left, top))
            x += advance
        if not placed:
            return Image.new("L", (1, 1)), 0, 0, x
        x0 = min(p[1] for p in placed)
        y0 = min(p[2] for p in placed)
        x1 = max(p[1] + p[0].width for p in placed)
        y1 = max(p[2] + p[0].height for p in placed)
        out = Image.new("L", (x1 - x0, y1 - y0))
        for mask, left, top in placed:  # glyph boxes may overlap: keep the darker ink
            box = (left - x0, top - y0)
            region = out.crop((*box, box[0] + mask.width, box[1] + mask.height))
            out.paste(ImageChops.lighter(region, mask), box)
        return out, x0, y0, x

    return kit.stamp(("line", text, size, bold), build)


def draw_line(
    img: Image.Image,
    xy: Point,
    text: str,
    *,
    size: int,
    fill: str,
    kit: Toolkit,
    bold: bool = False,
    anchor: str = "lm",
    max_width: float | None = None,
    role: Role = "other",
) -> None:
    """One line at ``xy``; ``anchor`` is Pillow's: (l|m|r)(m|s), middle or baseline."""
    if max_width is not None:
        text = fit(kit, text, size, bold, max_width)
    mask, left, top, width = line_mask(kit, text, size, bold, role)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    ascent, descent = kit.stamp(("metrics", size, bold), lambda: kit.font(size, bold).getmetrics())
    baseline = xy[1] + ((ascent - descent) / 2 if anchor[1] == "m" else 0)
    img.paste(rgb(fill), (round(x) + left, round(baseline) + top), mask)
