"""Edo's panel of the Shitenno board: the sharing year (Tairō, the lot on offer and to
whom, open cards, lots taken) or the province year (turn order, majorities), and the
last action, words and chips flowing left to right."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from games.shitenno.scoring import majority
from games.shitenno.view import CardView, LotView, ShitennoView
from renderer.core import Role, Toolkit, rgb
from renderer.palettes import Palette
from renderer.plugin import Paint
from renderer.shitenno import art
from renderer.shitenno.layout import CHIP_H, LOUD, ROW_STEP, Layout, _text, text_length
from renderer.shitenno.words import (
    card_name,
    last_action,
    tile_name,
    title_name,
)
from renderer.text import fit_names, seat_label
from renderer.words import Words


@dataclass
class Flow:
    """Places words and chips left to right, wrapping, inside a box."""

    img: Image.Image
    kit: Toolkit
    pal: Palette
    left: float
    right: float
    y: float
    bottom: float
    x: float = 0.0
    full: bool = False

    def __post_init__(self) -> None:
        self.x = self.left

    def newline(self) -> None:
        if self.x > self.left:
            self.x = self.left
            self.y += ROW_STEP

    def _room(self, width: float) -> bool:
        if self.full:
            return False
        if self.x + width > self.right and self.x > self.left:
            self.x = self.left + 24
            self.y += ROW_STEP
        if self.y + CHIP_H / 2 > self.bottom:
            self.full = True
            _text(
                self.img,
                (self.right - 4, self.y - ROW_STEP),
                "…",
                20,
                self.pal["text"],
                self.kit,
                anchor="rm",
            )
            return False
        return True

    def words(
        self,
        text: str,
        *,
        bold: bool = False,
        muted: bool = False,
        size: int = 20,
        role: Role = "other",
    ) -> None:
        width = text_length(self.kit, text, size, bold)
        if not self._room(min(width, self.right - self.left)):
            return
        ink = self.pal["muted_text"] if muted else self.pal["text"]
        _text(
            self.img,
            (self.x, self.y),
            text,
            size,
            ink,
            self.kit,
            bold=bold,
            width=self.right - self.x,
            role=role,
        )
        self.x += width + 10

    def chip(
        self, text: str, swatch: Image.Image | None, mark: tuple[object, ...], fill: str = art.CHIP
    ) -> None:
        """A rounded label with a mark (``swatch``, named by ``mark`` for the cache)."""
        width = text_length(self.kit, text, 18) + 16 + (swatch.width + 8 if swatch else 0)
        if not self._room(width):
            return
        key = ("shitenno", "chip", text, mark, fill, self.pal["name"])
        sprite = self.kit.stamp(key, lambda: self._chip(text, swatch, fill, round(width)))
        self.img.paste(sprite, (round(self.x), round(self.y - CHIP_H / 2)))
        self.x += width + 8

    def _chip(self, text: str, swatch: Image.Image | None, fill: str, width: int) -> Image.Image:
        img = Image.new("RGB", (width, CHIP_H), rgb(self.pal["panel"]))
        ImageDraw.Draw(img).rounded_rectangle((0, 0, width - 1, CHIP_H - 1), radius=7, fill=fill)
        tx = 8
        if swatch is not None:
            img.paste(swatch, (tx, round(CHIP_H / 2 - swatch.height / 2)), swatch)
            tx += swatch.width + 8
        _text(img, (tx, CHIP_H / 2), text, 18, "#1d1b18", self.kit)
        return img


def _cards(flow: Flow, cards: Sequence[CardView], tr: Words) -> None:
    if not cards:
        flow.words(tr("shitenno.pic.no_card"), muted=True, size=18)
        return
    counts: dict[str, tuple[CardView, int]] = {}
    for c in cards:
        counts[c.code] = (c, counts.get(c.code, (c, 0))[1] + 1)
    for card, n in counts.values():
        name = card_name(card, tr)
        text = name if n == 1 else tr("shitenno.pic.copies", n=n, card=name)
        flow.chip(
            text,
            art.card_swatch(card.troops, card.value, 20, flow.pal, flow.kit),
            ("card", card.code),
        )


def _tile_chip(flow: Flow, seals: int, tr: Words, short: bool = False) -> None:
    text = title_name(seals, tr) if short else tile_name(seals, tr)
    gold = art.mark_colour("gold", flow.pal)
    flow.chip(text, art.seals(seals, 4, flow.pal, flow.kit), ("seals", seals), gold)


def _lot(flow: Flow, lot: LotView, tr: Words) -> None:
    _cards(flow, lot.cards, tr)
    _tile_chip(flow, lot.tile, tr)


def labels(view: ShitennoView, names: Sequence[str] | None, tr: Words) -> list[str]:
    """Every seat's label, to word a sentence whose names :func:`fit_names` may shorten."""
    return [seat_label(s.seat, names, tr.locale) for s in view.seats]


def offer_line(view: ShitennoView, names: Sequence[str] | None, flow: Flow, tr: Words) -> str:
    """The lot on offer: who offers it to whom, the names giving way to the words."""
    tairo, to = view.tairo, view.offered_to

    def offer(named: Sequence[str]) -> str:
        def pick(seat: int | None) -> str:
            return "" if seat is None else named[seat]

        return tr("shitenno.pic.offer", tairo=pick(tairo), to=pick(to))

    measure = partial(text_length, flow.kit, size=LOUD, bold=True)
    return fit_names(offer, labels(view, names, tr), measure, flow.right - flow.left)


def _edo(img: Image.Image, view: ShitennoView, lay: Layout, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, x1, y1 = lay.edo_box
    flow = Flow(img, kit, pal, x0 + 12, x1 - 12, y0 + 22, y1 - 36)
    if view.phase == "even":
        _sharing_year(flow, view, names, tr)
    else:
        _province_year(flow, view, names, tr)

    def last_words(named: Sequence[str]) -> str:
        last = last_action(view, named, tr)
        return tr("shitenno.pic.last", text=last) if last else tr("shitenno.pic.first")

    room, measure = x1 - x0 - 24, partial(text_length, kit, size=LOUD)
    text = fit_names(last_words, labels(view, names, tr), measure, room)
    _text(img, (x0 + 12, y1 - 22), text, LOUD, pal["text"], kit, width=room, role="last")


def _namer(names: Sequence[str] | None, tr: Words) -> Callable[[int | None], str]:
    def name(seat: int | None) -> str:
        return "" if seat is None else seat_label(seat, names, tr.locale)

    return name


def _sharing_year(flow: Flow, view: ShitennoView, names: Sequence[str] | None, tr: Words) -> None:
    """Edo in a sharing year: the Tairō, the lots split or on offer, the open cards and
    the lots taken."""
    name = _namer(names, tr)
    flow.words(tr("shitenno.pic.edo", tairo=name(view.tairo)), bold=True)
    if view.hierarchy_tiles:
        flow.words(tr("shitenno.pic.tiles_in_hand"), muted=True, size=18)
        for seals in view.hierarchy_tiles:
            _tile_chip(flow, seals, tr, short=True)
    flow.newline()
    if view.split is not None:
        a, b = view.split
        flow.words(tr("shitenno.pic.lot_a"), bold=True)
        _lot(flow, a, tr)
        flow.newline()
        flow.words(tr("shitenno.pic.lot_b"), bold=True)
        _lot(flow, b, tr)
        flow.newline()
        flow.words(tr("shitenno.pic.chooses", name=name(view.chooser)), muted=True, size=18)
    else:
        if view.offer is not None:
            flow.words(offer_line(view, names, flow, tr), bold=True, size=LOUD, role="task")
            _lot(flow, view.offer, tr)
            if view.refused:
                refused = tr.join([name(s) for s in view.refused])
                flow.words(tr("shitenno.pic.refused", names=refused), muted=True, size=18)
            flow.newline()
        flow.words(tr("shitenno.pic.open", n=len(view.open_cards)), bold=True)
        _cards(flow, view.open_cards, tr)
        flow.newline()
    taken = [
        tr("shitenno.pic.taken", name=name(s.seat), title=title_name(s.lot.tile, tr),
           n=len(s.lot.cards))
        for s in view.seats
        if s.lot is not None
    ]  # fmt: skip
    if taken:
        flow.words(tr("shitenno.pic.lots_taken"), muted=True, size=18)
        flow.words("; ".join(taken), size=18)


def _province_year(flow: Flow, view: ShitennoView, names: Sequence[str] | None, tr: Words) -> None:
    """Edo in a province year (and at the end): the turn order and the majorities."""
    name, pal, kit = _namer(names, tr), flow.pal, flow.kit
    flow.words(tr("shitenno.pic.order"), bold=True)
    for i, seat in enumerate(view.order):
        title = title_name(view.seats[seat].title, tr)
        text = tr("shitenno.pic.order_item", i=i + 1, name=name(seat), title=title)
        fill = pal["highlight"] if seat == view.current and view.outcome is None else art.CHIP
        flow.chip(text, art.seat_marker(seat, 8, pal, kit), ("seat", seat), fill)
    flow.newline()
    over = view.phase == "over"
    flow.words(
        tr("shitenno.pic.majorities_final" if over else "shitenno.pic.majorities"), bold=True
    )
    for p in view.provinces:
        slots = tuple(None if k is None else (k.owner, k.golden) for k in p.kamons)
        leader = majority(slots)
        if leader is not None:
            flow.chip(
                tr(f"shitenno.province.{p.id}"),
                art.seat_marker(leader, 8, pal, kit),
                ("seat", leader),
            )
    flow.newline()
    if view.outcome is not None:
        reason = tr.get(f"shitenno.end.{view.end_reason}", "")
        flow.words(tr("shitenno.pic.ended", reason=reason), size=18)
