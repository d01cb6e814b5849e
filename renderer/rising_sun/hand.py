"""The private Rising Sun picture sent by DM: the four mandate tiles drawn (to choose
from), the tiles put back on the deck (in order), Lotus's face-down tiles and the bid
being made, drawn only from the viewer's own view (the public view holds none); then the
viewer's Season cards with what each does (public, shown here as a reminder)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.rising_sun.data import BOXES
from games.rising_sun.view import CardView, RisingSunView
from renderer.core import Toolkit, draw_text
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.rising_sun import art
from renderer.rising_sun import layout as L
from renderer.rising_sun.panels import card_tile
from renderer.rising_sun.words import clan_name, own_bid, place, who
from renderer.words import Words

WIDTH = 900
TILE_W, TILE_H, TILE_GAP = 196, 92, 16
SECTION_H = 150
CARDS_HEAD = 34


def _sections(view: RisingSunView) -> list[str]:
    out = []
    if view.drawn:
        out.append("drawn")
    if view.deck_top:
        out.append("deck_top")
    if view.facedown:
        out.append("facedown")
    if own_bid(view) is not None:
        out.append("bid")
    return out


def _tile(
    img: Image.Image,
    i: int,
    y: float,
    name: str,
    head: tuple[float, int, int],
    col: dict[str, str],
    kit: Toolkit,
) -> float:
    """The ``i``-th tile of a row at ``y`` with ``name`` centred on it; ``head`` is the name's
    height, size and side margin. Returns the tile's left edge."""
    name_y, size, pad = head
    x0 = 24 + i * (TILE_W + TILE_GAP)
    ImageDraw.Draw(img).rounded_rectangle(
        (x0, y, x0 + TILE_W, y + TILE_H),
        radius=12,
        fill=col["land"],
        outline=col["land_edge"],
        width=3,
    )
    draw_text(
        img,
        (x0 + TILE_W / 2, name_y),
        name,
        size=size,
        bold=True,
        fill=col["ink"],
        kit=kit,
        anchor="mm",
        max_width=TILE_W - pad,
    )
    return x0


def _tiles(
    img: Image.Image, y: float, tiles: Sequence[str], pal: Palette, kit: Toolkit, tr: Words
) -> None:
    col = art.colours(pal)
    for i, m in enumerate(tiles):
        name = tr(f"rising_sun.mandate.{m}")
        x0 = _tile(img, i, y, name, (y + TILE_H / 2, 24, 16), col, kit)
        if len(tiles) > 1:
            draw_text(
                img,
                (x0 + 14, y + 16),
                str(i + 1),
                size=18,
                fill=col["muted_ink"],
                kit=kit,
                anchor="lm",
            )


def _bid(
    img: Image.Image, y: float, view: RisingSunView, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    col = art.colours(pal)
    bid = own_bid(view) or (0, 0, 0, 0)
    for i, (box, value) in enumerate(zip(BOXES, bid, strict=True)):
        x0 = _tile(img, i, y, tr(f"rising_sun.box.{box}"), (y + 24, 18, 12), col, kit)
        coin = art.coin(13, pal, kit)
        art.paste(img, coin, (x0 + TILE_W / 2 - 24, y + 62))
        draw_text(
            img,
            (x0 + TILE_W / 2 - 4, y + 62),
            str(value),
            size=30,
            bold=True,
            fill=col["ink"],
            kit=kit,
            anchor="lm",
        )


def _height(view: RisingSunView, parts: Sequence[str]) -> int:
    cards = view.seats[view.viewer].cards if view.viewer is not None else ()
    height = 110 + (len(parts) * SECTION_H if parts else 100)
    if cards:
        height += CARDS_HEAD + L.offer_rows(len(cards)) * L.CARD_PITCH
    return height + 10


def _cards(
    img: Image.Image, y: float, cards: Sequence[CardView], pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """The viewer's Season cards (public, but shown here with what they do)."""
    art.heading(img, (24, y + 14), tr("rising_sun.hand.cards"), pal, kit, WIDTH - 48)
    for i, c in enumerate(cards):
        row, column = divmod(i, L.OFFER_COLS)
        x0 = 24 + column * (L.CARD_W + 12)
        tile = card_tile(c, L.CARD_W, pal, kit, tr)
        img.paste(tile, (round(x0), round(y + CARDS_HEAD + row * L.CARD_PITCH)), tile)


@picture
def render_hand(view: RisingSunView, paint: Paint) -> Image.Image:
    """The viewer's secrets and Season cards (a plain notice for the public)."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    pal = palette
    if view.viewer is None:
        img = Image.new("RGB", (WIDTH, 220), pal["background"])
        notice = tr("rising_sun.hand.public")
        xy = (24, 40)
        draw_text(img, xy, notice, size=22, bold=True, fill=pal["text"], kit=kit, anchor="lm")
        return img
    parts = _sections(view)
    img = Image.new("RGB", (WIDTH, _height(view, parts)), pal["background"])
    sv = view.seats[view.viewer]
    _head(img, view, view.viewer, names, pal, kit, tr)
    y = 110.0
    if not parts:
        nothing = tr("rising_sun.hand.nothing")
        draw_text(img, (24, y + 20), nothing, size=22, fill=pal["text"], kit=kit, anchor="lm")
        y += 60
    for part in parts:
        _part(img, y, part, view, pal, kit, tr)
        y += SECTION_H
    if sv.cards:
        _cards(img, y, sv.cards, pal, kit, tr)
    return img


def _head(
    img: Image.Image, view: RisingSunView, seat: int, names: Sequence[str] | None,
    pal: Palette, kit: Toolkit, tr: Words,
) -> None:  # fmt: skip
    """The hand's title (whose, which clan) and the clan's VP, coins, Ronin and Honor."""
    sv = view.seats[seat]
    art.paste(img, art.seat_mark(seat, 12, pal, kit), (36, 36))
    title = tr("rising_sun.hand.title", who=f"{who(seat, names, tr)} ({clan_name(view, seat, tr)})")
    draw_text(
        img, (58, 36), title, size=26, bold=True, fill=pal["text"], kit=kit, anchor="lm",
        max_width=WIDTH - 80,
    )  # fmt: skip
    stats = tr(
        "rising_sun.hand.stats", vp=sv.vp, coins=sv.coins, ronin=sv.ronin, honor=sv.honor + 1
    )
    draw_text(
        img, (24, 76), stats, size=20, fill=pal["muted_text"], kit=kit, anchor="lm",
        max_width=WIDTH - 48,
    )  # fmt: skip


def _part(
    img: Image.Image, y: float, part: str, view: RisingSunView, pal: Palette, kit: Toolkit,
    tr: Words,
) -> None:  # fmt: skip
    """One section of the hand from ``y``: its heading, then the bid or the tiles."""
    assert view.viewer is not None
    sv = view.seats[view.viewer]
    if part == "bid" and view.battle is not None:
        head = tr("rising_sun.hand.bid", province=place(view.battle.province, tr), coins=sv.coins)
    elif part == "drawn":
        lotus = sv.clan == "lotus"
        head = tr("rising_sun.hand.drawn_lotus" if lotus else "rising_sun.hand.drawn")
    else:
        head = tr(f"rising_sun.hand.{part}")
    art.heading(img, (24, y + 14), head, pal, kit, WIDTH - 48)
    if part == "bid":
        _bid(img, y + 34, view, pal, kit, tr)
        bid = own_bid(view) or (0, 0, 0, 0)
        held = tr("rising_sun.hand.held", n=max(0, sv.coins - sum(bid)))
        state = tr(
            "rising_sun.hand.bid_confirmed" if sv.bid_confirmed else "rising_sun.hand.bid_open"
        )
        xy = (24, y + 34 + TILE_H + 14)
        text = f"{held} · {state}"
        draw_text(img, xy, text, size=18, fill=pal["muted_text"], kit=kit, anchor="lm")
    else:
        tiles = {"drawn": view.drawn, "deck_top": view.deck_top, "facedown": view.facedown}
        _tiles(img, y + 34, tiles[part], pal, kit, tr)
