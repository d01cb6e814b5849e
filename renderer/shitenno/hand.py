"""Shitenno's private hand picture, for the DM: the seat's Troop and Koku cards (copies
grouped, each card with its troops' colours and names), the troops counted by type, the
Koku value, bonus tiles and title. 900 px wide; every text at least 18 px."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.shitenno.view import CardView, ShitennoView
from renderer.core import Toolkit, draw_text, rgb
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.shitenno import art
from renderer.shitenno.words import status, title_name
from renderer.text import seat_label
from renderer.words import Words

WIDTH = 900
M = 14
CARD_W, CARD_H = 164, 84
CARD_GAP = 10
PER_ROW = (WIDTH - 2 * M + CARD_GAP) // (CARD_W + CARD_GAP)
HEAD_H = 120


def _groups(cards: Sequence[CardView]) -> list[tuple[CardView, int]]:
    counts = Counter(c.code for c in cards)
    first = {c.code: c for c in cards}
    return [(first[code], n) for code, n in counts.items()]


def _rows(n: int) -> int:
    return max(1, -(-n // PER_ROW))


def card_tile(card: CardView, n: int, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    """One card (``n`` copies): colour bars at the left, the name in words."""
    key = ("shitenno", "card", card.code, n, pal["name"], tr.locale)
    return kit.stamp(key, lambda: _build_card(card, n, pal, kit, tr))


def _build_card(card: CardView, n: int, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    img = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, CARD_W - 1, CARD_H - 1), radius=9, fill=art.CHIP, outline="#1d1b18", width=2
    )
    colours = [art.troop_colour(t, pal) for t in card.troops] or [art.mark_colour("gold", pal)]
    for i, colour in enumerate(colours):
        draw.rounded_rectangle((8 + i * 20, 8, 24 + i * 20, CARD_H - 9), radius=4, fill=colour)
    x = 8 + len(colours) * 20 + 6
    if card.kind == "koku":
        lines = [tr("shitenno.hand.koku_word"), str(card.value)]
    else:
        names = [tr(f"shitenno.troop.{t}") for t in card.troops]
        lines = [names[0]] if len(names) == 1 else [names[0], "+ " + names[1]]
    top = CARD_H / 2 - (len(lines) - 1) * 13
    for k, line in enumerate(lines):
        size = 26 if card.kind == "koku" and k == 1 else 20
        draw_text(
            img, (x, top + k * 26), line, size=size, fill="#1d1b18", kit=kit, bold=True,
            anchor="lm", max_width=CARD_W - x - 36,
        )  # fmt: skip
    if n > 1:
        draw.ellipse((CARD_W - 40, 6, CARD_W - 6, 40), fill="#1d1b18")
        draw_text(
            img, (CARD_W - 23, 23), f"×{n}", size=18, fill="#ffffff", kit=kit, bold=True,
            anchor="mm",
        )  # fmt: skip
    return img


def hand_height(view: ShitennoView) -> int:
    troops = _groups([c for c in view.hand if c.kind == "troop"])
    koku = _groups([c for c in view.hand if c.kind == "koku"])
    body = (_rows(len(troops)) + _rows(len(koku))) * (CARD_H + CARD_GAP) + 2 * 44
    return HEAD_H + body + 104 + M


def _line(
    img: Image.Image, y: float, text: str, size: int, fill: str, kit: Toolkit, bold: bool = False
) -> None:
    """A line of the hand at the left margin, as wide as the picture allows."""
    draw_text(
        img, (M, y), text, size=size, fill=fill, kit=kit, bold=bold, anchor="lm",
        max_width=WIDTH - 2 * M,
    )  # fmt: skip


@picture
def render_hand(view: ShitennoView, paint: Paint) -> Image.Image:
    """The viewer's hand (RGB); the public view gets a short note instead."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    ink, muted = palette["text"], palette["muted_text"]
    if view.viewer is None or not 0 <= view.viewer < view.players:
        img = Image.new("RGB", (WIDTH, 240), rgb(palette["background"]))
        _line(img, 120, tr("shitenno.hand.nobody"), 24, ink, kit)
        return img
    me = view.seats[view.viewer]
    img = Image.new("RGB", (WIDTH, hand_height(view)), rgb(palette["background"]))
    name = seat_label(view.viewer, names, tr.locale)
    _line(img, 30, tr("shitenno.hand.title", name=name), 28, ink, kit, bold=True)
    title = title_name(me.title, tr) or tr("shitenno.pic.none")
    facts = tr("shitenno.hand.facts", title=title, favour=me.favour, kamons=me.kamons_left)
    _line(img, 66, facts, 20, muted, kit)
    _line(img, 98, status(view, names, tr), 20, ink, kit)
    y = HEAD_H
    for heading, cards in _sections(view, tr):
        y = _section(img, y, heading, cards, palette, kit, tr)
    bonus = ", ".join(
        tr("shitenno.pic.tile_count", n=n, effect=tr(f"shitenno.effect.{effect}"))
        for effect, n in me.bonus.items()
    )
    _line(img, y + 20, tr("shitenno.hand.tiles", tiles=bonus), 20, ink, kit)
    _line(img, y + 52, tr("shitenno.hand.tiles_help"), 18, muted, kit)
    _line(img, y + 82, tr("shitenno.hand.private"), 18, muted, kit)
    return img


def _sections(view: ShitennoView, tr: Words) -> list[tuple[str, list[CardView]]]:
    """The hand's two sections: (heading, cards) for the Troop and the Koku cards."""
    troops = [c for c in view.hand if c.kind == "troop"]
    koku = [c for c in view.hand if c.kind == "koku"]
    by_type = Counter(t for c in troops for t in c.troops)
    counted = ", ".join(
        tr("shitenno.pic.troops", n=by_type[t], troop=tr(f"shitenno.troop.{t}"))
        for t in art.TROOPS
        if by_type[t]
    )
    none = tr("shitenno.pic.none")
    return [
        (tr("shitenno.hand.troop_cards", n=len(troops), troops=counted or none), troops),
        (tr("shitenno.hand.koku_cards", n=len(koku), value=sum(c.value for c in koku)), koku),
    ]


def _section(
    img: Image.Image, y: int, heading: str, cards: list[CardView], pal: Palette, kit: Toolkit,
    tr: Words,
) -> int:  # fmt: skip
    """A section's heading and its cards from ``y``; returns the y below it."""
    _line(img, y + 20, heading, 20, pal["text"], kit, bold=True)
    y += 44
    groups = _groups(cards)
    if not groups:
        none = tr("shitenno.pic.none")
        draw_text(
            img, (M, y + CARD_H / 2), none, size=20, fill=pal["muted_text"], kit=kit, anchor="lm"
        )
    for i, (card, n) in enumerate(groups):
        row, col = divmod(i, PER_ROW)
        tile = card_tile(card, n, pal, kit, tr)
        img.paste(tile, (M + col * (CARD_W + CARD_GAP), y + row * (CARD_H + CARD_GAP)), tile)
    return y + _rows(len(groups)) * (CARD_H + CARD_GAP)
