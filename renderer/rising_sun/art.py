"""Rising Sun's colours and small sprites: seat marks, coins, Ronin, Strongholds, Force
and war-order badges, card-type stripes. Each sprite is drawn four times larger and
scaled down (smooth edges), once per size and palette through the Toolkit."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import cast

from PIL import Image, ImageDraw

from renderer import vision
from renderer.core import Point, Toolkit, build_png_palette, draw_seat_mark, draw_text
from renderer.palettes import Palette

SS = 4  # supersampling factor

# Colours the shared palette lacks, by palette name. The card types (and the Kami's
# political cards, the Ronin's hat) are categories: each is lighter or darker than the
# seat of its hue, 12 CIEDE2000 from every seat colour for every viewer
# (tests/renderer/test_palettes.py), so a blue card never reads as the blue player's.
COLOURS: dict[str, dict[str, str]] = {
    "default": {
        "sea": "#23485c",
        "lane": "#9fd0e6",
        "land": "#ead9b2",
        "land_edge": "#6b4a28",
        "ink": "#1d1b18",
        "muted_ink": "#5c4a33",
        "badge": "#2a2118",
        "badge_ring": "#e3b520",
        "coin": "#e3b520",
        "coin_edge": "#7a5a10",
        "kasa": "#c9aa6c",
        "kami": "#6b3a4a",
        "enhancement": "#4c9e66",
        "virtue": "#1f3e59",
        "monster": "#513b33",
        "war_upgrade": "#7d1623",
        "winter_upgrade": "#5aa1c5",
    },
    "colorblind": {
        "sea": "#30404f",
        "lane": "#b5d6ea",
        "land": "#dcd6c8",
        "land_edge": "#5a5a5a",
        "ink": "#111111",
        "muted_ink": "#444444",
        "badge": "#111111",
        "badge_ring": "#f0e442",
        "coin": "#f0e442",
        "coin_edge": "#6b6400",
        "kasa": "#d1bc8a",
        "kami": "#6a405b",
        "enhancement": "#0b4d3a",
        "virtue": "#063f5f",
        "monster": "#68533f",
        "war_upgrade": "#cb6019",
        "winter_upgrade": "#38b2f5",
    },
}


CATEGORIES = ("kami", "enhancement", "virtue", "monster", "war_upgrade", "winter_upgrade", "kasa")


def colours(pal: Palette) -> dict[str, str]:
    return COLOURS.get(pal["name"], COLOURS["default"])


def category_colours(pal: Palette) -> dict[str, str]:
    """The card types', the Kami cards' and the Ronin's colours (see ``GameRenderer``)."""
    return {key: colours(pal)[key] for key in CATEGORIES}


def ink_on(fill: str, col: dict[str, str]) -> str:
    """White or the map's ink, whichever contrasts more with ``fill`` (WCAG ratio)."""
    return vision.ink_on(fill, col["ink"])


def png_palette(pal: Palette, kit: Toolkit) -> Image.Image:
    """The fixed PNG palette: ``pal``'s colours plus the map's, exactly."""
    extended = cast(Palette, {**pal, "rising_sun": tuple(colours(pal).values())})
    return kit.stamp(
        ("png-palette", "rising_sun", pal["name"]), lambda: build_png_palette(extended)
    )


def width(kit: Toolkit, text: str, size: int, bold: bool = False) -> float:
    """The width of ``text`` in px (measured once per text and size on the cached path)."""
    return float(
        kit.stamp(
            ("rising_sun", "len", text, size, bold), lambda: kit.font(size, bold).getlength(text)
        )
    )


def heading(
    img: Image.Image, xy: Point, text: str, pal: Palette, kit: Toolkit, room: float | None = None
) -> None:
    """A section's heading: 20 px bold in the text colour, its left end at ``xy`` and its
    middle on ``xy``'s height, cut to ``room`` px."""
    draw_text(
        img, xy, text, size=20, bold=True, fill=pal["text"], kit=kit, anchor="lm", max_width=room
    )


def paste(img: Image.Image, sprite: Image.Image, centre: Point) -> None:
    img.paste(
        sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite
    )


def seat_mark(seat: int, r: float, pal: Palette, kit: Toolkit) -> Image.Image:
    """The seat's shape in its colour, outlined in dark ink (shape and colour both)."""
    size = round(2 * r + 6)

    def build() -> Image.Image:
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        c = size * SS / 2
        draw_seat_mark(
            ImageDraw.Draw(big),
            pal["player_shapes"][seat],
            (c, c),
            r * SS,
            pal["players"][seat],
            colours(pal)["ink"],
        )
        return big.resize((size, size), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "mark", seat, r, pal["name"]), build)


def coin(r: float, pal: Palette, kit: Toolkit) -> Image.Image:
    """A gold coin with a square hole (a mon), the coins' mark."""
    size = round(2 * r + 2)

    def build() -> Image.Image:
        col = colours(pal)
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        c, rr = size * SS / 2, r * SS
        d.ellipse(
            (c - rr, c - rr, c + rr, c + rr),
            fill=col["coin"],
            outline=col["coin_edge"],
            width=SS * 2,
        )
        h = rr * 0.32
        d.rectangle((c - h, c - h, c + h, c + h), fill=col["coin_edge"])
        return big.resize((size, size), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "coin", r, pal["name"]), build)


def ronin(r: float, pal: Palette, kit: Toolkit) -> Image.Image:
    """A straw hat (a wide, flat cone), the Ronin tokens' mark."""
    w, h = round(2.4 * r), round(1.3 * r)

    def build() -> Image.Image:
        col = colours(pal)
        big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        W, H = w * SS, h * SS
        d.polygon(
            [(SS, H - SS * 2), (W / 2, SS), (W - SS, H - SS * 2)],
            fill=col["kasa"],
            outline=col["ink"],
            width=SS * 2,
        )
        return big.resize((w, h), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "ronin", r, pal["name"]), build)


def stronghold(seat: int | None, size: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """A castle keep with merlons, in the seat's colour (``None``: plain, for the key)."""

    def build() -> Image.Image:
        col = colours(pal)
        fill = pal["players"][seat] if seat is not None else col["land"]
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        s = size * SS
        m = s / 7
        pts = [
            (m * 0.5, s - m * 0.5), (m * 0.5, m * 1.5), (m * 1.8, m * 1.5), (m * 1.8, m * 2.6),
            (m * 2.9, m * 2.6), (m * 2.9, m * 1.5), (m * 4.1, m * 1.5), (m * 4.1, m * 2.6),
            (m * 5.2, m * 2.6), (m * 5.2, m * 1.5), (m * 6.5, m * 1.5), (m * 6.5, s - m * 0.5),
        ]  # fmt: skip
        d.polygon(pts, fill=fill, outline=col["ink"], width=SS * 2)
        d.rectangle((s / 2 - m * 0.7, s - m * 2.3, s / 2 + m * 0.7, s - m * 0.5), fill=col["ink"])
        return big.resize((size, size), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "hold", seat, size, pal["name"]), build)


def number_badge(
    text: str, r: float, fill: str, ring: str, ink: str, size: int, kit: Toolkit
) -> Image.Image:
    """A disc with a number (the war order; also the key's sample)."""
    d = round(2 * r + 4)

    def build() -> Image.Image:
        big = Image.new("RGBA", (d * SS, d * SS), (0, 0, 0, 0))
        c, rr = d * SS / 2, r * SS
        ImageDraw.Draw(big).ellipse(
            (c - rr, c - rr, c + rr, c + rr), fill=fill, outline=ring, width=SS * 2
        )
        img = big.resize((d, d), Image.Resampling.LANCZOS)
        draw_text(img, (d / 2, d / 2), text, size=size, bold=True, fill=ink, kit=kit, anchor="mm")
        return img

    return kit.stamp(("rising_sun", "badge", text, r, fill, ring, ink, size), build)


LABEL = 23  # px: a number on a piece (capitals of 8 px at 450 px wide)


def force_box(text: str, pal: Palette, kit: Toolkit) -> Image.Image:
    """A dark square with a white number: a clan's Force in a province."""

    def build() -> Image.Image:
        col = colours(pal)
        w = max(30, round(kit.metrics(LABEL, True).getlength(text)) + 12)
        img = Image.new("RGBA", (w, 30), (0, 0, 0, 0))
        ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, 29), radius=6, fill=col["ink"])
        draw_text(
            img,
            (w / 2, 15),
            text,
            size=LABEL,
            bold=True,
            fill="#ffffff",
            kit=kit,
            anchor="mm",
            role="piece",
        )
        return img

    return kit.stamp(("rising_sun", "force", text, pal["name"]), build)


def war_badge(text: str, pal: Palette, kit: Toolkit) -> Image.Image:
    """The war-order badge of a province (the order its war is fought in)."""
    col = colours(pal)
    return number_badge(text, 17, col["badge"], col["badge_ring"], "#ffffff", LABEL, kit)


def winner(seat: int | None, pal: Palette, kit: Toolkit) -> Image.Image:
    """The mark of the clan that won a province's war: its seat mark in a gold ring, set
    beside the war-order badge (``None``: a plain one, for the key)."""

    def build() -> Image.Image:
        col = colours(pal)
        size = 30
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        c = size * SS / 2
        ring = c - SS
        d.ellipse((c - ring, c - ring, c + ring, c + ring), fill=col["badge_ring"])
        inner = ring - 3 * SS
        d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=pal["panel"])
        fill = pal["players"][seat] if seat is not None else col["land"]
        shape = pal["player_shapes"][seat] if seat is not None else "circle"
        draw_seat_mark(d, shape, (c, c), inner - 3 * SS, fill, col["ink"])
        return big.resize((size, size), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "winner", seat, pal["name"]), build)


def land_border(
    draw: ImageDraw.ImageDraw, path: Sequence[Point], col: dict[str, str], width: int = 14
) -> None:
    """A land border: a light road with dark edges."""
    draw.line(path, fill=col["land_edge"], width=width + 8, joint="curve")
    draw.line(path, fill=col["land"], width=width, joint="curve")


def sea_route(
    draw: ImageDraw.ImageDraw,
    path: Sequence[Point],
    fill: str,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A shipping route: a dashed polyline (the dashes run on across corners)."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            if on:
                a, b = pos / length, (pos + step) / length
                draw.line(
                    (
                        x0 + (x1 - x0) * a,
                        y0 + (y1 - y0) * a,
                        x0 + (x1 - x0) * b,
                        y0 + (y1 - y0) * b,
                    ),
                    fill=fill,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap
    for x, y in path[1:-1]:
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=fill)


FIGURE_SHAPES = ("daimyo", "shinto", "bushi", "monster")


def figure_shape(kind: str) -> str:
    """The shape a figure of ``kind`` is drawn as: its own for the clans' three figures,
    the monsters' one (horns) for every monster."""
    return kind if kind in FIGURE_SHAPES[:3] else "monster"


def figure(kind: str, seat: int | None, size: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """A figure ``size`` px tall in its clan's colour (``None``: plain, for the key), told
    apart by its outline: a Bushi is a pawn, a Daimyo a pawn under a three-pointed crown,
    a Shinto a shrine gate (torii), a monster a horned head."""
    shape = figure_shape(kind)

    def build() -> Image.Image:
        col = colours(pal)
        fill = pal["players"][seat] if seat is not None else col["land"]
        s = size * SS
        big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        DRAW_FIGURE[shape](ImageDraw.Draw(big), s, fill, col["ink"])
        return big.resize((size, size), Image.Resampling.LANCZOS)

    return kit.stamp(("rising_sun", "figure", shape, seat, size, pal["name"]), build)


def _pawn(d: ImageDraw.ImageDraw, s: float, fill: str, ink: str, top: float) -> None:
    """A pawn whose head's top is at ``top`` (fraction of ``s``)."""
    w = SS * 2
    body = [(s * 0.1, s * 0.98), (s * 0.33, s * 0.52), (s * 0.67, s * 0.52), (s * 0.9, s * 0.98)]
    d.polygon(body, fill=fill, outline=ink, width=w)
    r = (0.5 - top) * s / 2 + s * 0.02
    cy = top * s + r
    d.ellipse((s / 2 - r, cy - r, s / 2 + r, cy + r), fill=fill, outline=ink, width=w)


def _bushi(d: ImageDraw.ImageDraw, s: float, fill: str, ink: str) -> None:
    _pawn(d, s, fill, ink, 0.04)


def _daimyo(d: ImageDraw.ImageDraw, s: float, fill: str, ink: str) -> None:
    crown = [
        (s * 0.22, s * 0.27), (s * 0.16, s * 0.0), (s * 0.36, s * 0.13), (s * 0.5, s * 0.0),
        (s * 0.64, s * 0.13), (s * 0.84, s * 0.0), (s * 0.78, s * 0.27),
    ]  # fmt: skip
    d.polygon(crown, fill=ink)
    _pawn(d, s, fill, ink, 0.29)


def _shinto(d: ImageDraw.ImageDraw, s: float, fill: str, ink: str) -> None:
    w = SS * 2
    lintel = [(s * 0.02, s * 0.08), (s * 0.98, s * 0.08), (s * 0.9, s * 0.26), (s * 0.1, s * 0.26)]
    d.polygon(lintel, fill=fill, outline=ink, width=w)
    d.rectangle((s * 0.14, s * 0.36, s * 0.86, s * 0.5), fill=fill, outline=ink, width=w)
    for x in (0.2, 0.6):
        d.rectangle((s * x, s * 0.26, s * (x + 0.2), s * 0.98), fill=fill, outline=ink, width=w)


def _monster(d: ImageDraw.ImageDraw, s: float, fill: str, ink: str) -> None:
    w = SS * 2
    for sign in (-1, 1):
        horn = [
            (s / 2 + sign * s * 0.16, s * 0.34), (s / 2 + sign * s * 0.46, s * 0.02),
            (s / 2 + sign * s * 0.34, s * 0.44),
        ]  # fmt: skip
        d.polygon(horn, fill=ink)
    d.ellipse((s * 0.14, s * 0.24, s * 0.86, s * 0.98), fill=fill, outline=ink, width=w)
    for x in (0.36, 0.64):
        d.ellipse((s * (x - 0.07), s * 0.5, s * (x + 0.07), s * 0.64), fill=ink)
    fangs = [(s * 0.34, s * 0.76), (s * 0.42, s * 0.9), (s * 0.5, s * 0.76)]
    d.polygon(fangs, fill=ink)
    d.polygon([(x + s * 0.16, y) for x, y in fangs], fill=ink)


DRAW_FIGURE = {"bushi": _bushi, "daimyo": _daimyo, "shinto": _shinto, "monster": _monster}
