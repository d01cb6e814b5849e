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
from renderer.shitenno import art
from renderer.shitenno.words import status, title_name
from renderer.text import seat_label
from renderer.words import Words, words

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

    def build() -> Image.Image:
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
                img,
                (x, top + k * 26),
                line,
                size=size,
                fill="#1d1b18",
                kit=kit,
                bold=True,
                anchor="lm",
                max_width=CARD_W - x - 36,
            )
        if n > 1:
            draw.ellipse((CARD_W - 40, 6, CARD_W - 6, 40), fill="#1d1b18")
            draw_text(
                img,
                (CARD_W - 23, 23),
                f"×{n}",
                size=18,
                fill="#ffffff",
                kit=kit,
                bold=True,
                anchor="mm",
            )
        return img

    return kit.stamp(("shitenno", "card", card.code, n, pal["name"], tr.locale), build)


def hand_height(view: ShitennoView) -> int:
    troops = _groups([c for c in view.hand if c.kind == "troop"])
    koku = _groups([c for c in view.hand if c.kind == "koku"])
    body = (_rows(len(troops)) + _rows(len(koku))) * (CARD_H + CARD_GAP) + 2 * 44
    return HEAD_H + body + 104 + M


def render_hand(
    view: ShitennoView,
    *,
    palette: Palette,
    names: Sequence[str] | None,
    kit: Toolkit,
    locale: str = "en",
) -> Image.Image:
    """The viewer's hand (RGB); the public view gets a short note instead."""
    tr = words(locale)
    ink, muted = palette["text"], palette["muted_text"]
    if view.viewer is None or not 0 <= view.viewer < view.players:
        img = Image.new("RGB", (WIDTH, 240), rgb(palette["background"]))
        draw_text(
            img,
            (M, 120),
            tr("shitenno.hand.nobody"),
            size=24,
            fill=ink,
            kit=kit,
            anchor="lm",
            max_width=WIDTH - 2 * M,
        )
        return img
    me = view.seats[view.viewer]
    img = Image.new("RGB", (WIDTH, hand_height(view)), rgb(palette["background"]))
    name = seat_label(view.viewer, names, tr.locale)
    draw_text(
        img,
        (M, 30),
        tr("shitenno.hand.title", name=name),
        size=28,
        fill=ink,
        kit=kit,
        bold=True,
        anchor="lm",
        max_width=WIDTH - 2 * M,
    )
    title = title_name(me.title, tr) or tr("shitenno.pic.none")
    facts = tr("shitenno.hand.facts", title=title, favour=me.favour, kamons=me.kamons_left)
    draw_text(
        img, (M, 66), facts, size=20, fill=muted, kit=kit, anchor="lm", max_width=WIDTH - 2 * M
    )
    draw_text(
        img,
        (M, 98),
        status(view, names, tr),
        size=20,
        fill=ink,
        kit=kit,
        anchor="lm",
        max_width=WIDTH - 2 * M,
    )
    y = HEAD_H
    troops = [c for c in view.hand if c.kind == "troop"]
    koku = [c for c in view.hand if c.kind == "koku"]
    by_type = Counter(t for c in troops for t in c.troops)
    counted = ", ".join(
        tr("shitenno.pic.troops", n=by_type[t], troop=tr(f"shitenno.troop.{t}"))
        for t in art.TROOPS
        if by_type[t]
    )
    sections = (
        (
            tr(
                "shitenno.hand.troop_cards",
                n=len(troops),
                troops=counted or tr("shitenno.pic.none"),
            ),
            troops,
        ),
        (tr("shitenno.hand.koku_cards", n=len(koku), value=sum(c.value for c in koku)), koku),
    )
    for heading, cards in sections:
        draw_text(
            img,
            (M, y + 20),
            heading,
            size=20,
            fill=ink,
            kit=kit,
            bold=True,
            anchor="lm",
            max_width=WIDTH - 2 * M,
        )
        y += 44
        groups = _groups(cards)
        if not groups:
            draw_text(
                img,
                (M, y + CARD_H / 2),
                tr("shitenno.pic.none"),
                size=20,
                fill=muted,
                kit=kit,
                anchor="lm",
            )
        for i, (card, n) in enumerate(groups):
            row, col = divmod(i, PER_ROW)
            tile = card_tile(card, n, palette, kit, tr)
            img.paste(tile, (M + col * (CARD_W + CARD_GAP), y + row * (CARD_H + CARD_GAP)), tile)
        y += _rows(len(groups)) * (CARD_H + CARD_GAP)
    bonus = ", ".join(
        tr("shitenno.pic.tile_count", n=n, effect=tr(f"shitenno.effect.{effect}"))
        for effect, n in me.bonus.items()
    )
    draw_text(
        img,
        (M, y + 20),
        tr("shitenno.hand.tiles", tiles=bonus),
        size=20,
        fill=ink,
        kit=kit,
        anchor="lm",
        max_width=WIDTH - 2 * M,
    )
    draw_text(
        img,
        (M, y + 52),
        tr("shitenno.hand.tiles_help"),
        size=18,
        fill=muted,
        kit=kit,
        anchor="lm",
        max_width=WIDTH - 2 * M,
    )
    draw_text(
        img,
        (M, y + 82),
        tr("shitenno.hand.private"),
        size=18,
        fill=muted,
        kit=kit,
        anchor="lm",
        max_width=WIDTH - 2 * M,
    )
    return img
