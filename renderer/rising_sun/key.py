"""The key in the map's free corner: every mark the map draws, its sample and its word.

:data:`ENTRIES` is the list the key is drawn from, and the list a test checks every mark
of the board against (``tests/renderer/test_rising_sun_phone.py``): a mark the board
draws but the key lacks is a test failure, not a guess left to the players. The entries
flow left to right and wrap, so a longer language takes more lines, not cut words. Seat
marks are explained by the scores (each clan's mark beside its name), the Season cards'
marks by the second picture's own key.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderer.core import Toolkit, draw_text
from renderer.palettes import Palette
from renderer.rising_sun import art
from renderer.rising_sun import layout as L
from renderer.text import flow
from renderer.words import Words

Box = L.Box
KEY_BOX = L.cell_box(*L.KEY_CELL)
SAMPLE_W = 30  # px: the widest sample (a figure, a shipping route)
PITCH = 31  # px between the key's lines
GAP = 12  # px between entries on a line

# (mark, catalogue key of its word), in the key's order.
ENTRIES: tuple[tuple[str, str], ...] = (
    ("daimyo", "rising_sun.figure.daimyo"),
    ("shinto", "rising_sun.figure.shinto"),
    ("bushi", "rising_sun.figure.bushi"),
    ("monster", "rising_sun.key.monster"),
    ("force", "rising_sun.key.force"),
    ("stronghold", "rising_sun.key.stronghold"),
    ("war_order", "rising_sun.key.war"),
    ("war_winner", "rising_sun.key.winner"),
    ("coin", "rising_sun.key.coins"),
    ("ronin", "rising_sun.key.ronin"),
    ("land", "rising_sun.key.land"),
    ("sea", "rising_sun.key.sea"),
)


def lines(tr: Words, kit: Toolkit) -> list[list[tuple[str, str]]]:
    """The key's entries as lines of (mark, word) that fit the key's box."""
    room = KEY_BOX[2] - KEY_BOX[0] - 16
    entries = [(mark, tr(key)) for mark, key in ENTRIES]
    return flow(entries, lambda e: SAMPLE_W + 6 + art.width(kit, e[1], L.MIN_TEXT), room, GAP)


def draw_key(img: Image.Image, pal: Palette, kit: Toolkit, tr: Words) -> None:
    """The key's panel with a sample and a word per entry (in the static layer)."""
    x0, y0, x1, y1 = KEY_BOX
    ImageDraw.Draw(img).rounded_rectangle(
        KEY_BOX, radius=12, fill=pal["panel"], outline=pal["panel_border"], width=2
    )
    rows = lines(tr, kit)
    y = y0 + (y1 - y0 - (len(rows) - 1) * PITCH) / 2
    for row in rows:
        x = x0 + 8.0
        for mark, word in row:
            draw_sample(img, mark, (x + SAMPLE_W / 2, y), pal, kit)
            draw_text(
                img, (x + SAMPLE_W + 6, y), word, size=L.MIN_TEXT, fill=pal["text"], kit=kit,
                anchor="lm", max_width=x1 - 8 - (x + SAMPLE_W + 6),
            )  # fmt: skip
            x += SAMPLE_W + 6 + art.width(kit, word, L.MIN_TEXT) + GAP
        y += PITCH


def draw_sample(
    img: Image.Image, mark: str, at: tuple[float, float], pal: Palette, kit: Toolkit
) -> None:
    """The sample of ``mark`` centred at ``at``, drawn as the map draws it."""
    col = art.colours(pal)
    x, y = at
    if mark in art.FIGURE_SHAPES:
        art.paste(img, art.figure(mark, None, L.FIGURE, pal, kit), at)
    elif mark == "force":
        art.paste(img, art.force_box("3", pal, kit), at)
    elif mark == "stronghold":
        art.paste(img, art.stronghold(None, 24, pal, kit), at)
    elif mark == "war_order":
        art.paste(img, art.war_badge("2", pal, kit), at)
    elif mark == "war_winner":
        art.paste(img, art.winner(None, pal, kit), at)
    elif mark == "coin":
        art.paste(img, art.coin(11, pal, kit), at)
    elif mark == "ronin":
        art.paste(img, art.ronin(11, pal, kit), at)
    elif mark == "land":
        art.land_border(ImageDraw.Draw(img), ((x - 14, y), (x + 14, y)), col, 12)
    elif mark == "sea":
        draw = ImageDraw.Draw(img)
        draw.rectangle((x - 15, y - 9, x + 15, y + 9), fill=col["sea"])
        art.sea_route(draw, ((x - 13, y), (x + 13, y)), col["lane"], 4, 7, 5)
