"""Yōkai no Mori's tokens: shogi-like pentagons pointing at the opponent, the piece letter
and a dot for each direction the piece can step, a cross on a promoted piece; drawn 4x
larger and shrunk (Pillow polygons are not anti-aliased), with a shadow down-right."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from renderer.core import Toolkit, rgb, rounded_polygon
from renderer.palettes import Palette

GAME_KEY = "yokai"
SUPERSAMPLE = 4  # tokens are drawn 4x larger and shrunk: Pillow polygons are not anti-aliased

# Steps (dx, dy) in the owner's frame, dy = +1 towards the opponent (rules §1 diagrams).
KING = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1))
GOLD = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1))
MOVES: dict[str, tuple[tuple[int, int], ...]] = {
    "K": KING,
    "F": ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    "T": ((0, 1), (-1, 0), (1, 0), (0, -1)),
    "D": ((0, 1),),
    "I": GOLD,
    "O": ((-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)),
    "+D": GOLD,
    "+O": GOLD,
}
# Where each direction's dot sits on a token of unit size pointing up.
DOT_AT = {
    (0, 1): (0.5, 0.2),
    (-1, 1): (0.25, 0.34),
    (1, 1): (0.75, 0.34),
    (-1, 0): (0.15, 0.6),
    (1, 0): (0.85, 0.6),
    (-1, -1): (0.2, 0.86),
    (0, -1): (0.5, 0.875),
    (1, -1): (0.8, 0.86),
}
# The pentagon token (unit box, pointing up): apex, shoulders, wide base like a shogi piece.
TOKEN_SHAPE = ((0.5, 0.02), (0.88, 0.24), (0.95, 0.97), (0.05, 0.97), (0.12, 0.24))


def build_token(
    key: str, seat: int, size: int, pal: Palette, kit: Toolkit, down: bool | None = None
) -> Image.Image:
    """An RGBA token ``size`` px wide for piece ``key`` ("D", "+D") of ``seat``, with shadow;
    pointing down (``down``) for the seat at the top of the picture, seat 1 by default."""
    s = size * SUPERSAMPLE
    kit = kit.supersampled(SUPERSAMPLE)
    promoted = key.startswith("+")
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pad, body = 0.05 * s, 0.9 * s  # room for the shadow

    def shape(inset: float) -> list[tuple[float, float]]:
        side = body - 2 * inset
        return [(pad + inset + x * side, pad + inset * 1.2 + y * side) for x, y in TOKEN_SHAPE]

    draw.polygon(rounded_polygon(shape(0), 0.08 * body), fill=pal["players"][seat])
    fill = pal["promoted_fill"] if promoted else pal["player_fills"][seat]
    draw.polygon(rounded_polygon(shape(0.055 * body), 0.06 * body), fill=fill)
    dot = pal["promoted_dot"] if promoted else pal["players"][seat]
    r = 0.052 * body
    for step in MOVES[key]:
        cx, cy = (pad + u * body for u in DOT_AT[step])
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dot)
    ink = pal["token_text"]
    letter_at = (s / 2 + (0.05 * body if promoted else 0), pad + 0.6 * body)
    letter = kit.font(round(0.58 * body), True, "piece")
    draw.text(letter_at, key[-1], font=letter, fill=ink, anchor="mm")
    if promoted:  # a cross as well as the fill: promotion must not rely on colour
        px, py, arm, bar = pad + 0.27 * body, pad + 0.5 * body, 0.1 * body, 0.028 * body
        draw.rectangle((px - arm, py - bar, px + arm, py + bar), fill=ink)
        draw.rectangle((px - bar, py - arm, px + bar, py + arm), fill=ink)
    if seat == 1 if down is None else down:
        img = img.transpose(Image.Transpose.ROTATE_180)
    return _with_shadow(img, pal, s).resize((size, size), Image.Resampling.LANCZOS)


def _with_shadow(img: Image.Image, pal: Palette, s: int) -> Image.Image:
    # The shadow falls down-right for both players, so it is added after the half turn.
    alpha = img.getchannel("A").point(lambda a: a * 110 // 255)
    shadow = Image.new("RGBA", img.size, (*rgb(pal["shadow"]), 0))
    shadow.putalpha(alpha)
    shift = round(0.022 * s)
    shadow = shadow.transform(img.size, Image.Transform.AFFINE, (1, 0, -shift, 0, 1, -shift))
    shadow = shadow.filter(ImageFilter.GaussianBlur(0.016 * s))
    return Image.alpha_composite(shadow, img)


def token(
    key: str, seat: int, size: int, pal: Palette, kit: Toolkit, down: bool | None = None
) -> Image.Image:
    """The token sprite, cached per (piece, seat, size, palette, way) on the cached path."""
    down = seat == 1 if down is None else down
    return kit.stamp(
        (GAME_KEY, "token", key, seat, size, pal["name"], down),
        lambda: build_token(key, seat, size, pal, kit, down),
    )
