"""Rising Sun's political panel: the mandate track (Kami, mandates played and by whom,
the slot being played) with the deck's line, or, once the game is over, the clans in the
result's order with their final Victory Points."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.rising_sun.view import RisingSunView, SlotView
from renderer.core import Toolkit, draw_text, fitting_size
from renderer.palettes import Palette
from renderer.plugin import Paint
from renderer.rising_sun import art
from renderer.rising_sun import layout as L
from renderer.rising_sun.words import clan_name, season_phase, standing, who
from renderer.text import fit_name, shown_width
from renderer.words import Words

Box = L.Box
POLITICAL_BOX = L.cell_box(0, 0, 2, 1)
SLOT_W, SLOT_H, SLOT_GAP = 98, 56, 8


def slot_box(i: int) -> Box:
    x0, y0, _, _ = POLITICAL_BOX
    row, c = divmod(i, 5)
    x = x0 + 14 + c * (SLOT_W + SLOT_GAP)
    y = y0 + 44 + row * (SLOT_H + 8)
    return (x, y, x + SLOT_W, y + SLOT_H)


def draw_political(img: Image.Image, view: RisingSunView, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, x1, y1 = POLITICAL_BOX
    width = x1 - x0 - 28
    head = season_phase(view, tr)
    draw_text(
        img, (x0 + 14, y0 + 22), head, size=22, bold=True, fill=pal["text"], kit=kit,
        anchor="lm", max_width=width,
    )  # fmt: skip
    if view.outcome is not None:
        draw_final(img, view, paint)
        return
    current = view.slot if view.phase == "political" else -1
    for slot in view.slots:
        draw_slot(img, slot, slot.index == current, pal, kit, tr)
    holder = who(view.chooser, names, tr) if 0 <= view.chooser < view.players else "-"
    deck = tr("rising_sun.deck", n=view.deck_size, who=holder)
    if kit.metrics(18).getlength(deck) > width:  # a long name: its clan's row says it
        deck = tr("rising_sun.deck_count", n=view.deck_size)
    draw_text(
        img, (x0 + 14, y1 - 20), deck, size=18, fill=pal["muted_text"], kit=kit,
        anchor="lm", max_width=width,
    )  # fmt: skip


def draw_slot(
    img: Image.Image, s: SlotView, lit: bool, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """One slot of the mandate track: a Kami, a played mandate (and who chose it) or its
    number; ``lit`` rings the slot being played."""
    box = slot_box(s.index)
    if s.kind == "kami":
        _kami_slot(img, box, pal, kit, tr)
    elif s.mandate is not None:
        _mandate_slot(img, box, s, pal, kit, tr)
    else:
        _empty_slot(img, box, s.index, pal, kit)
    if lit:
        bx0, by0, bx1, by1 = box
        ImageDraw.Draw(img).rounded_rectangle(
            (bx0 - 3, by0 - 3, bx1 + 3, by1 + 3), radius=10, outline=pal["highlight"], width=4
        )


def _centre(box: Box) -> tuple[float, float]:
    bx0, by0, bx1, by1 = box
    return (bx0 + bx1) / 2, (by0 + by1) / 2


def _kami_slot(img: Image.Image, box: Box, pal: Palette, kit: Toolkit, tr: Words) -> None:
    ImageDraw.Draw(img).rounded_rectangle(box, radius=8, fill=art.colours(pal)["kami"])
    label = tr("rising_sun.slot.kami")
    draw_text(img, _centre(box), label, size=18, bold=True, fill="#ffffff", kit=kit, anchor="mm")


def _mandate_slot(
    img: Image.Image, box: Box, s: SlotView, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    col = art.colours(pal)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=8, fill=col["land"])
    cx, by0 = _centre(box)[0], box[1]
    name = tr(f"rising_sun.mandate.{s.mandate}")
    size = fitting_size(kit, name, (18,), SLOT_W - 8, bold=True)
    bold = art.width(kit, name, 18, True) <= SLOT_W - 8
    draw_text(
        img, (cx, by0 + 18), name, size=size, bold=bold, fill=col["ink"], kit=kit,
        anchor="mm", max_width=SLOT_W - 6,
    )  # fmt: skip
    if s.chooser is not None:
        art.paste(img, art.seat_mark(s.chooser, 8, pal, kit), (cx, by0 + 41))


def _empty_slot(img: Image.Image, box: Box, index: int, pal: Palette, kit: Toolkit) -> None:
    ImageDraw.Draw(img).rounded_rectangle(box, radius=8, outline=pal["panel_border"], width=2)
    draw_text(
        img, _centre(box), str(index + 1), size=18, fill=pal["muted_text"], kit=kit, anchor="mm"
    )


def draw_final(img: Image.Image, view: RisingSunView, paint: Paint) -> None:
    """Where the mandate track was, once the game is over: the clans in the result's
    order with their final Victory Points, as on the result card."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, x1, y1 = POLITICAL_BOX
    rows = standing(view)
    step = min(34.0, (y1 - y0 - 70) / max(1, len(rows)))
    for k, (place, seat) in enumerate(rows):
        bold = place == 1
        measure = shown_width(kit.metrics(L.READ_TEXT, bold))

        def row(name: str, place: int = place, seat: int = seat) -> str:
            clan = clan_name(view, seat, tr)
            vp = view.seats[seat].vp
            return tr("rising_sun.final_row", place=place, who=name, clan=clan, vp=vp)

        # a long name gives way with "…", never the clan or the score after it
        line = fit_name(row, who(seat, names, tr), measure, x1 - x0 - 28)
        draw_text(
            img, (x0 + 14, y0 + 62 + k * step), line, size=L.READ_TEXT, bold=bold,
            fill=pal["text"], kit=kit, anchor="lm", max_width=x1 - x0 - 28, role="score",
        )  # fmt: skip
