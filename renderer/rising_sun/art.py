"""Rising Sun's colours and small sprites: seat marks, coins, Ronin, Strongholds, Force
and war-order badges, card-type stripes. Each sprite is drawn four times larger and
scaled down (smooth edges), once per size and palette through the Toolkit."""

from __future__ import annotations

from typing import cast

from PIL import Image, ImageDraw

from renderer.core import Point, Toolkit, build_png_palette, draw_seat_mark, draw_text
from renderer.palettes import Palette

SS = 4  # supersampling factor

# Colours the shared palette lacks, by palette name. The colour-blind set keeps the card
# types apart by lightness as well as hue, and nothing here reuses a seat's colour.
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
        "kasa": "#c9a45c",
        "kami": "#8a2f2a",
        "enhancement": "#2f8a4c",
        "virtue": "#2a64ad",
        "monster": "#7a4a22",
        "war_upgrade": "#a8261c",
        "winter_upgrade": "#4f93b8",
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
        "kasa": "#bfa878",
        "kami": "#6a3d5a",
        "enhancement": "#00785a",
        "virtue": "#0060a0",
        "monster": "#6b5030",
        "war_upgrade": "#b04a00",
        "winter_upgrade": "#56b4e9",
    },
}


def colours(pal: Palette) -> dict[str, str]:
    return COLOURS.get(pal["name"], COLOURS["default"])


def ink_on(fill: str, col: dict[str, str]) -> str:
    """White or the map's ink, whichever reads better on ``fill`` (a light stripe of the
    colour-blind palette takes dark letters)."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    light = 0.2126 * r**2.2 + 0.7152 * g**2.2 + 0.0722 * b**2.2
    return col["ink"] if light > 0.3 else "#ffffff"


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


def force_box(text: str, pal: Palette, kit: Toolkit) -> Image.Image:
    """A dark square with a white number: a clan's Force in a province."""

    def build() -> Image.Image:
        col = colours(pal)
        w = max(24, round(kit.font(18, True).getlength(text)) + 10)
        img = Image.new("RGBA", (w, 24), (0, 0, 0, 0))
        ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, 23), radius=5, fill=col["ink"])
        draw_text(img, (w / 2, 12), text, size=18, bold=True, fill="#ffffff", kit=kit, anchor="mm")
        return img

    return kit.stamp(("rising_sun", "force", text, pal["name"]), build)
