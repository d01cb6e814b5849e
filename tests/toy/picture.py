"""Sealed Bid's pictures, registered from tests like the game itself: a row per player with
coins, points and whether the bid is in, the prize on offer, and the seat's own bid in its
hand picture. Words come from the same catalogue fragment as the bot's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderer.core import Toolkit, draw_seat_mark, draw_text
from renderer.palettes import Palette
from renderer.plugin import RendererDefaults
from renderer.text import seat_label
from renderer.words import words
from tests.toy.sealed import KEY, SealedView

WIDTH, ROW = 600, 56

WORDS = {
    "en": {
        "sealed.picture.prize": "Prize on offer: {prize} points (round {round} of 3)",
        "sealed.picture.over": "The auction is over",
        "sealed.picture.row": "{coins} coins · {points} points",
        "sealed.picture.in": "bid in",
        "sealed.picture.waiting": "bidding…",
        "sealed.picture.mine": "Your bid: {bid}",
        "sealed.picture.none": "You have not bid yet ({coins} coins)",
        "sealed.picture.alt": "Sealed Bid. {prize}. {rows}",
    },
    "es": {
        "sealed.picture.prize": "Premio en juego: {prize} puntos (ronda {round} de 3)",
        "sealed.picture.over": "La subasta ha terminado",
        "sealed.picture.row": "{coins} monedas · {points} puntos",
        "sealed.picture.in": "puja hecha",
        "sealed.picture.waiting": "pujando…",
        "sealed.picture.mine": "Tu puja: {bid}",
        "sealed.picture.none": "Aún no has pujado ({coins} monedas)",
        "sealed.picture.alt": "Sealed Bid. {prize}. {rows}",
    },
}


class SealedRenderer(RendererDefaults):
    key = KEY
    has_hand = True

    def _head(self, view: SealedView, locale: str) -> str:
        tr = words(locale)
        if view.prize is None:
            return tr("sealed.picture.over")
        return tr("sealed.picture.prize", prize=view.prize, round=view.round + 1)

    def _rows(self, view: SealedView, names: Sequence[str] | None, locale: str) -> list[str]:
        tr = words(locale)
        out = []
        for seat in range(view.players):
            state = tr("sealed.picture.in") if view.bid_in[seat] else tr("sealed.picture.waiting")
            row = tr("sealed.picture.row", coins=view.coins[seat], points=view.points[seat])
            out.append(f"{seat_label(seat, names, locale)}: {row} · {state}")
        return out

    def render(
        self,
        view: Any,
        *,
        palette: Palette,
        highlight: bool,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        height = 70 + ROW * view.players
        img = Image.new("RGB", (WIDTH, height), palette["background"])
        draw = ImageDraw.Draw(img)
        draw_text(img, (20, 22), self._head(view, locale), size=24, fill=palette["text"], kit=kit)
        for seat, line in enumerate(self._rows(view, names, locale)):
            y = 70 + seat * ROW
            draw.rounded_rectangle((12, y, WIDTH - 12, y + ROW - 8), 8, fill=palette["panel"])
            shape, colour = palette["player_shapes"][seat], palette["players"][seat]
            draw_seat_mark(draw, shape, (36, y + 24), 12, colour, palette["text"])
            draw_text(img, (60, y + 12), line, size=22, fill=palette["text"], kit=kit)
        return img

    def alt_text(self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
        rows = "; ".join(self._rows(view, names, locale))
        return words(locale)("sealed.picture.alt", prize=self._head(view, locale), rows=rows)

    def render_hand(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        img = Image.new("RGB", (WIDTH, 90), palette["background"])
        draw_text(
            img,
            (20, 30),
            self.hand_alt_text(view, names=names, locale=locale),
            size=26,
            fill=palette["text"],
            kit=kit,
        )
        return img

    def hand_alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        tr = words(locale)
        coins = view.coins[view.seat] if view.seat is not None else 0
        if view.my_bid is None:
            return tr("sealed.picture.none", coins=coins)
        return tr("sealed.picture.mine", bid=view.my_bid)


RENDERER = SealedRenderer()
