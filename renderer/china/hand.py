"""The private China picture sent by DM: the viewer's hand, with the face-up row for context.

Each hand card is drawn large in its colour with its notation letter, its colour's name
and the regions it pays for, so the hand reads without telling colours apart.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.china.view import ChinaView
from renderer.china.pieces import card_sprite, pile_sprite
from renderer.china.words import card_letter, colour_name, pile_status, turn_status
from renderer.core import Toolkit, draw_text, rgb
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.text import seat_label
from renderer.words import Words

WIDTH, HEIGHT = 900, 380
BIG = (170, 236)
SMALL = (60, 84)
HAND_X, HAND_Y = 24, 100
SIDE_X = 618  # the face-up row and pile, right of the hand


def _static(pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    box = (SIDE_X - 14, HAND_Y - 14, WIDTH - 16, HEIGHT - 20)
    draw.rounded_rectangle(box, radius=14, fill=pal["panel"], outline=pal["panel_border"], width=2)
    draw_text(
        img,
        (SIDE_X, HAND_Y + 12),
        tr("china.head.face_up"),
        size=19,
        fill=pal["muted_text"],
        kit=kit,
        anchor="lm",
        max_width=WIDTH - 16 - SIDE_X - 14,
    )
    return img


def regions_for(view: ChinaView, card: str) -> str:
    """The regions a card pays for, as printed on it: "Wei · Yan"."""
    return " · ".join(r.name for r in view.regions if r.colour == card)


@picture
def render_hand(view: ChinaView, paint: Paint) -> Image.Image:
    """The viewer's hand (up to 3 cards), the face-up row and the pile (RGB)."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    key = ("china-hand", (WIDTH, HEIGHT), palette["name"], tr.locale)
    img = kit.layer(key, lambda: _static(palette, kit, tr))
    if view.viewer is None or view.hand is None:
        draw_text(
            img, (24, 50), tr("china.hand.public"), size=30, bold=True, fill=palette["text"],
            kit=kit, anchor="lm", max_width=WIDTH - 48,
        )  # fmt: skip
        return img
    title = tr("china.hand.title", name=seat_label(view.viewer, names, tr.locale))
    ink, muted = palette["text"], palette["muted_text"]
    xy = (HAND_X, 36)
    draw_text(img, xy, title, size=32, bold=True, fill=ink, kit=kit, anchor="lm", max_width=840)
    status = turn_status(view, names, personal=True, locale=tr.locale)
    xy = (HAND_X, 74)
    draw_text(img, xy, status, size=20, fill=muted, kit=kit, anchor="lm", max_width=SIDE_X - 50)
    for n, card in enumerate(view.hand):
        name, regions = colour_name(view, card, tr), regions_for(view, card)
        sprite = card_sprite(card, card_letter(card, tr), name, BIG, palette, kit, regions)
        img.paste(sprite, (HAND_X + n * (BIG[0] + 14), HAND_Y), sprite)
    if not view.hand:
        none = tr("china.hand.no_cards")
        xy = (HAND_X, HAND_Y + 40)
        draw_text(img, xy, none, size=26, fill=palette["muted_text"], kit=kit, anchor="lm")
    _side(img, view, palette, kit, tr)
    return img


def _side(img: Image.Image, view: ChinaView, palette: Palette, kit: Toolkit, tr: Words) -> None:
    """The face-up row and the pile, with how many cards are left, at the right."""
    for n, card in enumerate(view.face_up):
        sprite = card_sprite(card, card_letter(card, tr), "", SMALL, palette, kit)
        img.paste(sprite, (SIDE_X + n * (SMALL[0] + 8), HAND_Y + 36), sprite)
    top = HAND_Y + 36 + SMALL[1] + 24
    back = pile_sprite(palette, kit, 44)
    img.paste(back, (SIDE_X, top), back)
    draw_text(
        img,
        (SIDE_X + 22, top + back.height / 2),
        str(view.pile_count),
        size=22,
        bold=True,
        fill="#ffffff",
        kit=kit,
        anchor="mm",
    )
    for k, line in enumerate(pile_status(view, tr).split(" · ")):
        draw_text(
            img,
            (SIDE_X + 58, top + 14 + k * 24),
            line,
            size=19,
            fill=palette["text"],
            kit=kit,
            anchor="lm",
            max_width=WIDTH - SIDE_X - 90,
        )
