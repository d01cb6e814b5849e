"""The panels of Rising Sun's second picture (:mod:`renderer.rising_sun.detail`): the
battle's bids, the clans in Honor order (with their powers, cards, tokens, hostages and
reserves) and the Season cards on offer."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.rising_sun.data import BOXES
from games.rising_sun.view import BattleView, CardView, RisingSunView, SeatView
from renderer.core import Toolkit, draw_lines, draw_text
from renderer.palettes import Palette
from renderer.plugin import Paint
from renderer.rising_sun import art
from renderer.rising_sun import layout as L
from renderer.rising_sun.words import (
    card_name,
    card_short,
    clan_name,
    figure_name,
    figures_long,
    place,
    set_name,
    standing,
    who,
)
from renderer.words import Words

LEFT, RIGHT = L.MARGIN, L.WIDTH - L.MARGIN
CARD_TYPES = ("enhancement", "virtue", "monster", "war_upgrade", "winter_upgrade")
BATTLE_COLS = (310, 440, 570, 700)  # the four boxes' centres
BATTLE_STATUS = 810


def wrap(label: str, items: Sequence[str], width: float, kit: Toolkit) -> list[str]:
    """``label`` then ``items`` joined by " · ", broken into lines of ``width`` px (18 px)."""
    lines: list[str] = []
    line = label
    for item in items:
        candidate = f"{line} · {item}" if line and line != label else f"{line} {item}".strip()
        if art.width(kit, candidate, 18) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = item
    lines.append(line)
    return lines


def wrap_words(text: str, width: float, kit: Toolkit) -> list[str]:
    """``text`` broken into lines of at most ``width`` px at 18 px."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if art.width(kit, candidate, 18) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    return [*lines, line]


def _box(img: Image.Image, box: tuple[float, float, float, float], pal: Palette) -> None:
    ImageDraw.Draw(img).rounded_rectangle(
        box, radius=12, fill=pal["panel"], outline=pal["panel_border"], width=2
    )


def _text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    pal: Palette,
    kit: Toolkit,
    *,
    size: int = 18,
    bold: bool = False,
    muted: bool = False,
    anchor: str = "lm",
    width: float | None = None,
) -> None:
    fill = pal["muted_text"] if muted else pal["text"]
    draw_text(
        img, xy, text, size=size, bold=bold, fill=fill, kit=kit, anchor=anchor, max_width=width
    )


def draw_static_panels(
    img: Image.Image, view: RisingSunView, sec: L.Sections, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    if sec.battle is not None and view.battle is not None:
        height = L.BATTLE_HEAD + len(view.battle.participants) * L.BATTLE_ROW + L.LINE + 12
        _box(img, (LEFT, sec.battle, RIGHT, sec.battle + height), pal)
        for x, b in zip(BATTLE_COLS, BOXES, strict=True):
            label = tr(f"rising_sun.box.{b}")
            if art.width(kit, label, 18) > 126:  # "Contratar Ronin": the short word
                label = tr.get(f"rising_sun.box_short.{b}", label)
            _text(
                img,
                (LEFT + x, sec.battle + 50),
                label,
                pal,
                kit,
                muted=True,
                anchor="mm",
                width=126,
            )
        _text(
            img,
            (LEFT + BATTLE_STATUS, sec.battle + 50),
            tr("rising_sun.battle.status"),
            pal,
            kit,
            muted=True,
            anchor="mm",
            width=100,
        )
    top = sec.clans
    _box(img, (LEFT, top, RIGHT, top + L.CLAN_HEAD + view.players * L.CLAN_ROW), pal)
    head = tr("rising_sun.head.clan_cards")
    _text(img, (LEFT + 14, top + 20), head, pal, kit, size=20, bold=True, width=RIGHT - LEFT - 28)


def draw_panels(img: Image.Image, view: RisingSunView, sec: L.Sections, paint: Paint) -> None:
    pal, kit, tr = paint.palette, paint.kit, paint.tr
    if sec.battle is not None:
        draw_battle(img, view, sec.battle, paint)
    draw_clans(img, view, sec.clans, paint)
    draw_offer(img, view, sec, pal, kit, tr)


def draw_battle(img: Image.Image, view: RisingSunView, top: float, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    b = view.battle
    if b is None:
        return
    head = tr("rising_sun.battle", province=place(b.province, tr))
    _text(img, (LEFT + 14, top + 20), head, pal, kit, size=22, bold=True)
    note = tr("rising_sun.battle.revealed" if b.revealed else "rising_sun.battle.secret")
    hx = LEFT + 14 + art.width(kit, head, 22, True) + 14
    _text(img, (hx, top + 21), note, pal, kit, muted=True, width=RIGHT - 14 - hx)
    for r, (seat, bid) in enumerate(zip(b.participants, b.bids, strict=False)):
        name_y = top + L.BATTLE_HEAD + r * L.BATTLE_ROW + 4
        _battle_row(img, b, seat, bid, name_y, names, pal, kit, tr)
    notes = []
    if b.hired is not None:
        notes.append(tr("rising_sun.battle.hired", who=who(b.hired[0], names, tr), n=b.hired[1]))
    if b.killed:
        notes.append(tr.count("rising_sun.count.figures_killed", b.killed))
    if b.winner is not None:
        notes.append(tr("rising_sun.battle.winner", who=who(b.winner, names, tr)))
    if notes:
        y = top + L.BATTLE_HEAD + len(b.participants) * L.BATTLE_ROW + 8
        _text(img, (LEFT + 14, y), " · ".join(notes), pal, kit, width=RIGHT - LEFT - 28)


def _battle_row(
    img: Image.Image, b: BattleView, seat: int, bid: tuple[int, ...] | None, name_y: float,
    names: Sequence[str] | None, pal: Palette, kit: Toolkit, tr: Words,
) -> None:  # fmt: skip
    """A bidder's row: mark and name, the bids under it (the boxes won lit), the state."""
    won = dict(b.advantages)
    draw = ImageDraw.Draw(img)
    cy = name_y + 26  # the bids under the name, which has the row's width
    art.paste(img, art.seat_mark(seat, 9, pal, kit), (LEFT + 26, name_y))
    draw_lines(
        img, (LEFT + 42, name_y), who(seat, names, tr), size=18, floor=18,
        fill=pal["text"], kit=kit, bold=True, max_width=RIGHT - LEFT - 56, max_lines=1,
    )  # fmt: skip
    for i, (x, box) in enumerate(zip(BATTLE_COLS, BOXES, strict=True)):
        if won.get(box) == seat:
            draw.rounded_rectangle(
                (LEFT + x - 40, cy - 13, LEFT + x + 40, cy + 13),
                radius=6,
                fill=pal["highlight"],
            )
            fill = pal["token_text"]
        else:
            fill = pal["text"]
        value = tr("rising_sun.battle.hidden") if bid is None else str(bid[i])
        draw_text(img, (LEFT + x, cy), value, size=20, bold=True, fill=fill, kit=kit, anchor="mm")
    state = "confirmed" if seat in b.confirmed else "waiting"
    _text(
        img,
        (LEFT + BATTLE_STATUS, cy),
        tr(f"rising_sun.battle.{state}"),
        pal,
        kit,
        muted=state == "waiting",
        anchor="mm",
        width=110,
    )


def draw_clans(img: Image.Image, view: RisingSunView, top: float, paint: Paint) -> None:
    """Each clan in Honor order: rank, mark and name; its clan and role; its power in
    words (at most three lines); its cards; its tiles, tokens, hostages and reserve."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    draw = ImageDraw.Draw(img)
    room = RIGHT - LEFT - 90
    for r, (rank, seat) in enumerate(standing(view)):
        sv = view.seats[seat]
        y = top + L.CLAN_HEAD + r * L.CLAN_ROW
        if r:
            draw.line((LEFT + 12, y, RIGHT - 12, y), fill=pal["panel_border"], width=1)
        cy = y + 18
        _text(img, (LEFT + 30, cy), str(rank), pal, kit, size=20, bold=True, anchor="mm")
        art.paste(img, art.seat_mark(seat, 10, pal, kit), (LEFT + 56, cy))
        name = who(seat, names, tr)
        draw_lines(
            img, (LEFT + 74, cy), name, size=20, floor=18, fill=pal["text"], kit=kit,
            bold=True, max_width=room, max_lines=1,
        )  # fmt: skip
        clan = clan_name(view, seat, tr)
        if sv.resigned:
            clan += f" ({tr('rising_sun.row.resigned')})"
        if seat == view.chooser and view.outcome is None and view.phase != "clans":
            clan += f" · {tr('rising_sun.row.deck_holder')}"
        _text(img, (LEFT + 74, y + 44), clan, pal, kit, bold=True, width=room)
        power = tr.get(f"rising_sun.clan_power.{sv.clan}", "") if sv.clan else ""
        for i, part in enumerate(wrap_words(power, room, kit)[:3] if power else []):
            _text(img, (LEFT + 74, y + 68 + i * 21), part, pal, kit, muted=True, width=room)
        _clan_lines(img, sv, y, names, pal, kit, tr)


def _clan_lines(
    img: Image.Image,
    sv: SeatView,
    y: float,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """A clan's cards, then its tiles, tokens, hostages and reserve (two lines each)."""
    room = RIGHT - LEFT - 90
    cards = [
        card_name(c.id, c.name, tr) + (f" ×{c.count}" if c.count > 1 else "") for c in sv.cards
    ]
    line = (
        tr("rising_sun.row.cards", cards=", ".join(cards))
        if cards
        else tr("rising_sun.row.no_cards")
    )
    for i, part in enumerate(wrap_words(line, room, kit)[:2]):
        _text(img, (LEFT + 74, y + 134 + i * 22), part, pal, kit, width=room)
    extras = extras_line(sv, names, tr, kit, 2 * room)
    for i, part in enumerate(wrap_words(extras, room, kit)[:2]):
        _text(img, (LEFT + 74, y + 182 + i * 22), part, pal, kit, muted=True, width=room)


def extras_line(
    sv: SeatView, names: Sequence[str] | None, tr: Words, kit: Toolkit, room: float
) -> str:
    """A clan's last lines: face-down tiles, its bid confirmed, War Province tokens,
    hostages, reserve; told more briefly (tokens counted per province, the confirmed bid
    left to the battle panel) when the plain words do not fit ``room`` px."""
    tokens: dict[str, int] = {}
    for _, p in sv.tokens:
        tokens[p] = tokens.get(p, 0) + 1
    for brief in (False, True):
        parts = []
        if sv.facedown:
            parts.append(tr.count("rising_sun.count.tiles_face_down", sv.facedown))
        if sv.bid_confirmed and not brief:  # the battle panel shows it too
            parts.append(tr("rising_sun.row.confirmed"))
        if tokens:
            if brief:
                listed = [place(p, tr) + (f" ×{n}" if n > 1 else "") for p, n in tokens.items()]
            else:
                listed = [place(p, tr) for _, p in sv.tokens]
            parts.append(tr("rising_sun.row.tokens", tokens=", ".join(listed)))
        if sv.hostages:
            held = ", ".join(
                f"{figure_name(g.kind, tr)} ({who(g.owner, names, tr)})" for g in sv.hostages
            )
            parts.append(tr("rising_sun.row.hostages", figures=held))
        if sv.reserve:
            figures = figures_long(sv.reserve, tr)
            parts.append(tr("rising_sun.row.reserve", figures=figures))
        line = " · ".join(parts)
        if art.width(kit, line, 18) <= room:
            break
    return line


def offer_key(tr: Words, kit: Toolkit) -> list[list[tuple[str, str, float]]]:
    """The key under the cards on offer, as lines of (mark, label, width px) items:
    each card type's letter and name, the copies mark, the coin (the cost)."""

    def build() -> list[list[tuple[str, str, float]]]:
        items = []
        for t in CARD_TYPES:
            letter = tr(f"rising_sun.card_abbr.{t}")
            name = tr(f"rising_sun.card_type.{t}")
            items.append((t, name, _chip_w(letter, kit) + 6 + art.width(kit, name, 18)))
        copies = tr("rising_sun.key.copies")
        items.append(
            ("copies", copies, art.width(kit, "×2", 18, True) + 6 + art.width(kit, copies, 18))
        )
        cost = tr("rising_sun.key.cost")
        items.append(("cost", cost, 20 + 6 + art.width(kit, cost, 18)))
        lines: list[list[tuple[str, str, float]]] = [[]]
        room, x = RIGHT - LEFT - 28, 0.0
        for item in items:
            if lines[-1] and x + item[2] > room:
                lines.append([])
                x = 0.0
            lines[-1].append(item)
            x += item[2] + 18
        return lines

    return kit.stamp(("rising_sun", "offer-key", tr.locale), build)


def _chip_w(letter: str, kit: Toolkit) -> float:
    return max(26.0, art.width(kit, letter, 18, True) + 10)


def draw_offer(
    img: Image.Image, view: RisingSunView, sec: L.Sections, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    top = sec.offer
    _box(img, (LEFT, top, RIGHT, top + sec.offer_height), pal)
    head = tr("rising_sun.offer_set", set=set_name(view, tr))
    _text(img, (LEFT + 14, top + 22), head, pal, kit, size=20, bold=True, width=RIGHT - LEFT - 28)
    if not view.offer:
        none = tr("rising_sun.offer_none")
        _text(img, (LEFT + 14, top + L.OFFER_HEAD + 14), none, pal, kit, muted=True)
        return
    for i, c in enumerate(view.offer):
        row, column = divmod(i, L.OFFER_COLS)
        x0 = LEFT + 14 + column * (L.CARD_W + 12)
        y0 = top + L.OFFER_HEAD + row * L.CARD_PITCH
        tile = card_tile(c, L.CARD_W, pal, kit, tr)
        img.paste(tile, (round(x0), round(y0)), tile)
    y = top + L.OFFER_HEAD + L.offer_rows(len(view.offer)) * L.CARD_PITCH + 12
    _draw_offer_key(img, y, offer_key(tr, kit)[: sec.key_lines], pal, kit, tr)


def _draw_offer_key(
    img: Image.Image, y: float, rows: Sequence[Sequence[tuple[str, str, float]]], pal: Palette,
    kit: Toolkit, tr: Words,
) -> None:  # fmt: skip
    """The offer's key from ``y``: each card type's letter chip, copies and cost."""
    col = art.colours(pal)
    draw = ImageDraw.Draw(img)
    for line in rows:
        x = LEFT + 14.0
        for mark, label, w in line:
            if mark in CARD_TYPES:
                letter = tr(f"rising_sun.card_abbr.{mark}")
                cw = _chip_w(letter, kit)
                draw.rounded_rectangle((x, y - 12, x + cw, y + 12), radius=4, fill=col[mark])
                draw_text(
                    img, (x + cw / 2, y), letter, size=18, bold=True,
                    fill=art.ink_on(col[mark], col), kit=kit, anchor="mm",
                )  # fmt: skip
                lx = x + cw + 6
            elif mark == "copies":
                _text(img, (x, y), "×2", pal, kit, bold=True)
                lx = x + art.width(kit, "×2", 18, True) + 6
            else:
                art.paste(img, art.coin(9, pal, kit), (x + 10, y))
                lx = x + 26
            _text(img, (lx, y), label, pal, kit)
            x += w + 18
        y += L.KEY_LINE


def card_tile(c: CardView, width: int, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    """A Season card (a sprite): its type's colour and letter, name, copies and cost on
    the first line, its effect in words under it (wrapped, at most two lines)."""

    def build() -> Image.Image:
        return _card(c, width, pal, kit, tr)

    key = ("rising_sun", "card", c.id, c.count, c.cost, width, pal["name"], tr.locale)
    return kit.stamp(key, build)


def _card(c: CardView, width: int, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    """The card sprite of :func:`card_tile`, drawn."""
    col = art.colours(pal)
    height = L.CARD_H
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=col["land"])
    letter = tr.get(f"rising_sun.card_abbr.{c.type}", "?")
    w = _chip_w(letter, kit)
    stripe = col.get(c.type, col["ink"])
    draw.rounded_rectangle((0, 0, w, height - 1), radius=8, fill=stripe)
    draw.rectangle((w - 8, 0, w, height - 1), fill=stripe)
    ink = col["ink"]
    draw_text(
        img, (w / 2, 18), letter, size=18, bold=True, fill=art.ink_on(stripe, col), kit=kit,
        anchor="mm",
    )  # fmt: skip
    right = _card_cost(img, c, width, pal, kit)
    left = w + 10
    name = card_name(c.id, c.name, tr)
    draw_text(
        img, (left, 18), name, size=18, bold=True, fill=ink, kit=kit, anchor="lm",
        max_width=right - left,
    )  # fmt: skip
    room = width - left - 10
    lines = wrap_words(card_short(c.id, c.effect, tr), room, kit)
    if len(lines) > L.CARD_LINES:
        lines = [*lines[: L.CARD_LINES - 1], " ".join(lines[L.CARD_LINES - 1 :])]
    for i, line in enumerate(lines):
        draw_text(
            img, (left, 44 + i * 23), line, size=18, fill=ink, kit=kit, anchor="lm",
            max_width=room,
        )  # fmt: skip
    return img


def _card_cost(img: Image.Image, c: CardView, width: int, pal: Palette, kit: Toolkit) -> float:
    """A card's cost (a coin and the number) and copies at the right of its first line;
    returns the x left free for its name."""
    col = art.colours(pal)
    ink = col["ink"]
    cost = str(c.cost)
    right = width - 10 - art.width(kit, cost, 18, True)
    draw_text(img, (width - 10, 18), cost, size=18, bold=True, fill=ink, kit=kit, anchor="rm")
    art.paste(img, art.coin(9, pal, kit), (right - 13, 18))
    right -= 28
    if c.count > 1:
        copies = f"×{c.count}"
        draw_text(
            img, (right, 18), copies, size=18, bold=True, fill=col["muted_ink"], kit=kit,
            anchor="rm",
        )  # fmt: skip
        right -= art.width(kit, copies, 18, True) + 8
    return right
