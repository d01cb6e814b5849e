"""The panel under China's map: the title bar's status, one row per player (seat mark,
house with the seat number, name, score, supply, hand size; at the end the score's parts),
the face-up cards with their colour names, the pile and the last turn in words."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.china.view import ChinaView
from renderer.china import geometry as cg
from renderer.china.pieces import (
    card_sprite,
    fort_sprite,
    house_sprite,
    pile_sprite,
    token_sprite,
)
from renderer.china.words import (
    card_letter,
    last_turn_text,
    pile_notes,
    result_text,
    title,
    turn_status,
)
from renderer.core import (
    Font,
    Point,
    Toolkit,
    caps_size,
    draw_lines,
    draw_seat_mark,
    draw_text,
    fit_lines,
    fitting_size,
)
from renderer.palettes import Palette
from renderer.plugin import Paint
from renderer.text import fit_name, seat_label, shown_width, with_name
from renderer.words import Words

GAME_KEY = "china"
RANKS = 5  # china.rank.1 .. china.rank.5

# Panel columns, as offsets from the panel's left edge.
COL_NAME = 84
COL_SCORE = 330
COL_SUPPLY = 410
COL_HAND = 582
COL_PARTS = 398  # at the end: the score's parts, then pieces left (the tie-break)
COL_LEFT = 624
SUPPLY_STEP = 60  # houses, emissaries, fortification: one icon and count each
HEAD_DY = 22  # the column headers' middle, below the panel's top
CARDS_X = 650  # the card display starts here
CARD_W, CARD_H = 64, 90


def draw_title_status(img: Image.Image, view: ChinaView, geo: cg.Geometry, paint: Paint) -> None:
    """Whose turn and step (or the result) at the top right, as a pill."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    right = geo.width - cg.MARGIN
    # The pill leaves the title (game and side) its room at the left; a long name gives
    # way (shortened with "…"), then the status takes two lines (over the map frame).
    key = (GAME_KEY, "title-room", geo.width, view.side, view.players, tr.locale)
    limit = min(geo.width - 420, kit.stamp(key, lambda: _title_room(view, geo, kit, tr)))
    floor = caps_size(img.width)
    what, status = _status_words(view, names, kit, tr, floor, limit - 28)
    text = f"{what} · {status}"
    size, lines = fit_lines(kit, text, floor, limit - 28, floor=floor, bold=True)
    if len(lines) > 1:  # the turn number (or "game over") gives way to the status
        size, lines = fit_lines(kit, status, floor, limit - 28, floor=floor, bold=True)
    fnt = kit.metrics(size, True)
    if len(lines) == 2:  # a name kept on one line, then the most even lines
        lines = _even_lines(status, lines, fnt, limit - 28, view, names, tr)
    width = max(fnt.getlength(line) for line in lines) + 28
    step = size * 1.12
    top = 8 if len(lines) == 1 else 4
    bottom = cg.TOP_BAR - 6 if len(lines) == 1 else top + 10 + size + step * (len(lines) - 1)
    box = (right - width, top, right, bottom)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=18, fill=pal["highlight"])
    for n, line in enumerate(lines):
        xy = ((box[0] + box[2]) / 2, (top + bottom) / 2 + (n - (len(lines) - 1) / 2) * step)
        draw_text(img, xy, line, size=size, bold=True, fill=pal["token_text"], kit=kit,
                  anchor="mm", max_width=width - 24, role="turn")  # fmt: skip


def _status_words(
    view: ChinaView, names: Sequence[str] | None, kit: Toolkit, tr: Words, floor: int,
    room: float,
) -> tuple[str, str]:  # fmt: skip
    """(the turn or "game over", the status), a long name shortened to leave ``room``."""
    if view.outcome is not None:
        what, status = tr("common.game_over"), result_text(view, names, tr.locale)
    else:
        final = view.final_round
        what = tr("china.final_round") if final else tr("china.turn", n=view.turn + 1)
        status = turn_status(view, names, locale=tr.locale)
        if view.to_act is not None:
            seat, measure = view.to_act, shown_width(kit.metrics(floor, True))

            def sentence(name: str) -> str:
                named = with_name(names, seat, name, view.players)
                return turn_status(view, named, locale=tr.locale)

            status = fit_name(sentence, seat_label(seat, names, tr.locale), measure, room)
    return what, status


def _even_lines(
    status: str, lines: list[str], fnt: Font, room: float, view: ChinaView,
    names: Sequence[str] | None, tr: Words,
) -> list[str]:  # fmt: skip
    """The status on two lines as even as fit, a name never broken over both."""
    words = status.split(" ")
    cuts = [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
    fits = [c for c in cuts if max(map(fnt.getlength, c)) <= room]
    named = [seat_label(s, names, tr.locale) for s in range(view.players)]

    def split(cut: tuple[str, str]) -> bool:  # a name in the status broken over both
        return any(n in status and n not in cut[0] and n not in cut[1] for n in named)

    if fits:
        first, second = min(fits, key=lambda c: (split(c), max(map(fnt.getlength, c))))
        lines = [first, second]
    return lines


def _title_room(view: ChinaView, geo: cg.Geometry, kit: Toolkit, tr: Words) -> float:
    """Width left for the status pill right of the title."""
    head, sub = title(view, tr).split(" · ", 1)
    used = kit.metrics(30, True).getlength(head.upper()) + 20 + kit.metrics(22).getlength(sub)
    return geo.width - 2 * cg.MARGIN - used - 24


def draw_players(img: Image.Image, view: ChinaView, geo: cg.Geometry, paint: Paint) -> None:
    """One row per seat: mark, house and number, name, score, then supply and hand size
    during the game or the score's parts and pieces left (the tie-break) at the end."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, _, _ = geo.panel_box
    draw = ImageDraw.Draw(img)
    over = view.outcome is not None
    _player_heads(img, geo, over, pal, kit, tr)
    for seat in range(view.players):
        top = y0 + 40 + seat * cg.ROW_H
        name_y, cy = top + 15, top + 41  # the name has a line of its own, whole
        if view.to_act == seat and not over:
            row = (x0 + 8, top + 2, x0 + CARDS_X - 22, top + cg.ROW_H - 2)
            draw.rounded_rectangle(row, radius=10, fill=pal["panel_border"])
            arrow = [(x0 + 12, name_y - 9), (x0 + 24, name_y), (x0 + 12, name_y + 9)]
            draw.polygon(arrow, fill=pal["highlight"])
        mark = pal["player_shapes"][seat]
        draw_seat_mark(draw, mark, (x0 + 42, name_y), 11, pal["players"][seat], pal["text"])
        sprite = house_sprite(seat, 30, pal, kit)
        img.paste(sprite, (x0 + 58, round(cy - 16)), sprite)
        _name_and_score(img, view, seat, (x0, cy), names, pal, kit, tr, name_y=name_y)
        if over:
            _breakdown(img, view, seat, (x0, cy), pal, kit)
        else:
            _supply(img, view, seat, (x0 + COL_SUPPLY, cy), pal, kit)


def _player_heads(
    img: Image.Image, geo: cg.Geometry, over: bool, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """The players' column headings: score, supply and hand, or at the end the score's
    parts and pieces left."""
    x0, y0, _, _ = geo.panel_box
    left = tr("china.head.left")
    left_w = kit.metrics(22, False).getlength(left)
    score_head = (COL_SCORE, tr("china.head.score"), "rm", 90.0)
    if over:
        parts = (COL_PARTS, tr("china.head.parts"), "lm", COL_LEFT - COL_PARTS - left_w - 10)
        heads = [score_head, parts, (COL_LEFT, left, "rm", 90.0)]
    else:
        supply = (COL_SUPPLY, tr("china.head.supply"), "lm", COL_HAND - COL_SUPPLY - 10.0)
        heads = [
            score_head,
            supply,
            (COL_HAND, tr("china.head.hand"), "lm", CARDS_X - COL_HAND - 4.0),
        ]
    for x, text, anchor, room in heads:
        xy = (x0 + x, y0 + HEAD_DY)
        size = 22
        muted = pal["muted_text"]
        draw_text(img, xy, text, size=size, fill=muted, kit=kit, anchor=anchor, max_width=room)


def _name_and_score(
    img: Image.Image,
    view: ChinaView,
    seat: int,
    at: Point,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
    *,
    name_y: float,
) -> None:
    x0, cy = at
    resigned = tr("china.resigned") if seat in view.resigned else ""
    name = seat_label(seat, names, tr.locale) + resigned
    width = CARDS_X - 30 - COL_NAME
    text = pal["text"]
    xy = (x0 + COL_NAME, name_y)
    size = fitting_size(kit, name, (23, 22), width, bold=True)
    draw_text(img, xy, name, size=size, bold=True, fill=text, kit=kit, anchor="lm", max_width=width)
    total = str(view.scores[seat].total)
    xy = (x0 + COL_SCORE, cy)
    draw_text(img, xy, total, size=28, bold=True, fill=text, kit=kit, anchor="rm", role="score")
    outcome = view.outcome
    if outcome is not None and seat < len(outcome.ranks) and 1 <= outcome.ranks[seat] <= RANKS:
        rank = tr(f"china.rank.{outcome.ranks[seat]}")
        ink = pal["highlight"] if seat in outcome.winners else pal["muted_text"]
        xy = (x0 + COL_SCORE + 10, cy)
        draw_text(img, xy, rank, size=22, bold=True, fill=ink, kit=kit, anchor="lm")


def _breakdown(
    img: Image.Image, view: ChinaView, seat: int, at: Point, pal: Palette, kit: Toolkit
) -> None:
    """The final score's parts and the pieces left in supply (the tie-break)."""
    x0, cy = at
    score = view.scores[seat]
    parts = f"{score.houses} + {score.alliances} + {score.routes}"
    text = pal["text"]
    draw_text(img, (x0 + COL_PARTS, cy), parts, size=22, fill=text, kit=kit, anchor="lm")
    left = str(view.pieces_left[seat])
    draw_text(img, (x0 + COL_LEFT, cy), left, size=22, fill=text, kit=kit, anchor="rm")


def _supply(
    img: Image.Image, view: ChinaView, seat: int, at: Point, pal: Palette, kit: Toolkit
) -> None:
    """Houses, emissaries (and the fortification) left in supply, then the hand size."""
    x, cy = at
    supply = view.supply[seat]
    items = [(house_sprite(seat, 24, pal, kit), supply.houses)]
    items.append((token_sprite(seat, None, 22, pal, kit), supply.emissaries))
    if view.fortifications:
        items.append((fort_sprite(pal, kit, 22), supply.fortifications))
    for n, (sprite, count) in enumerate(items):
        left = x + n * SUPPLY_STEP
        img.paste(sprite, (round(left), round(cy - sprite.height / 2)), sprite)
        draw_text(img, (left + 27, cy), str(count), size=22, fill=pal["text"], kit=kit, anchor="lm")
    back = pile_sprite(pal, kit, 16)
    hx = x + COL_HAND - COL_SUPPLY
    img.paste(back, (round(hx), round(cy - back.height / 2)), back)
    hand = str(view.hand_sizes[seat])
    draw_text(img, (hx + 21, cy), hand, size=22, fill=pal["text"], kit=kit, anchor="lm")


def draw_cards(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """The face-up row (colour and colour name), the pile with its count, pile notes."""
    x0, y0, x1, _ = geo.panel_box
    left, top = x0 + CARDS_X, y0 + 42
    for n, card in enumerate(view.face_up):
        sprite = card_sprite(card, card_letter(card, tr), "", (CARD_W, CARD_H), pal, kit)
        img.paste(sprite, (left + n * (CARD_W + 8), top), sprite)
    px = left + 4 * (CARD_W + 8) + 8
    back = pile_sprite(pal, kit, CARD_W)
    img.paste(back, (px, top), back)
    mid = (px + CARD_W / 2, top + CARD_H / 2)
    draw_text(
        img, mid, str(view.pile_count), size=28, bold=True, fill="#ffffff", kit=kit, anchor="mm"
    )
    below = (px + CARD_W / 2, top + CARD_H + 12)
    pile = tr("china.pile_label")
    muted = pal["muted_text"]
    draw_text(img, below, pile, size=22, fill=muted, kit=kit, anchor="mm", max_width=CARD_W + 24)
    notes = [(tr("china.discards", n=view.discard_count), False)]
    notes += [(note, False) for note in pile_notes(view, tr)]
    if view.final_round:
        notes.append((tr("china.final_round_loud"), True))
    width = x1 - left - CARD_W - 30
    for k, (note, loud) in enumerate(notes):
        xy = (left, top + CARD_H + 14 + k * 27)
        ink = pal["highlight"] if loud else pal["muted_text"]
        draw_text(
            img, xy, note, size=22, bold=loud, fill=ink, kit=kit, anchor="lm", max_width=width
        )


def draw_footer(img: Image.Image, view: ChinaView, geo: cg.Geometry, paint: Paint) -> None:
    """The last turn in words along the panel's bottom."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, _, x1, y1 = geo.panel_box
    xy, width, size = (x0 + 16, y1 - 25), x1 - x0 - 32, caps_size(img.width)
    last = view.last_turn
    if last is None:
        text = tr("china.first_turn")
    else:  # the name gives way, never the move

        def sentence(name: str) -> str:
            named = with_name(names, last.seat, name, view.players)
            return tr("china.last_turn", text=last_turn_text(view, named, tr.locale))

        who = seat_label(last.seat, names, tr.locale)
        text = fit_name(sentence, who, shown_width(kit.metrics(size)), width)
    draw_lines(  # one line, else two standing on the panel's bottom
        img, (xy[0], xy[1] + 9), text, size=size, floor=size, fill=pal["text"], kit=kit,
        anchor="ls", max_width=width, role="last",
    )  # fmt: skip
