"""The board's parts under the map: the war line (the battle's Force per clan, or the war
order), the scores (the clans in Honor order, or by the result), the last action and
where the rest is (the second picture). Their places are fixed per player count
(:func:`renderer.rising_sun.layout.board`), so the board keeps one height."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.rising_sun.view import RisingSunView
from renderer.core import Toolkit, draw_lines, draw_text, fit_lines
from renderer.palettes import Palette
from renderer.rising_sun import art
from renderer.rising_sun import layout as L
from renderer.rising_sun.words import clan_name, last_action_text, place, standing, who
from renderer.words import Words

LEFT, RIGHT = L.MARGIN, L.WIDTH - L.MARGIN


class Page(NamedTuple):
    """A picture being drawn and what it is drawn from (unpacked by the drawing steps)."""

    img: Image.Image
    view: RisingSunView
    names: Sequence[str] | None
    pal: Palette
    kit: Toolkit
    tr: Words


# The scores' columns (centres), from the panel's left edge.
COLS = {"vp": 470, "coins": 556, "ronin": 640, "ally": 716, "holds": 800}


def draw_summary(page: Page, parts: L.Board) -> None:
    img, pal, kit, tr = page.img, page.pal, page.kit, page.tr
    draw_war(page, parts.war)
    draw_scores(page, parts.scores)
    draw_last(page, parts.last)
    pointer = tr("rising_sun.more")
    draw_text(
        img, (LEFT + 4, parts.pointer + L.POINTER / 2), pointer, size=L.MIN_TEXT,
        fill=pal["muted_text"], kit=kit, anchor="lm", max_width=RIGHT - LEFT - 8,
    )  # fmt: skip


def _panel(img: Image.Image, top: float, height: float, pal: Palette) -> None:
    ImageDraw.Draw(img).rounded_rectangle(
        (LEFT, top, RIGHT, top + height), radius=12, fill=pal["panel"],
        outline=pal["panel_border"], width=2,
    )  # fmt: skip


def draw_war(page: Page, top: float) -> None:
    """The battle being fought, with each clan's Force there (and the winner once known);
    outside a battle, the order the wars will be fought in."""
    img, view, pal, kit, tr = page.img, page.view, page.pal, page.kit, page.tr
    if view.outcome is not None:
        return
    cy = top + L.WAR_LINE / 2
    b = view.battle
    if b is None:
        if view.war:
            order = " · ".join(f"{i + 1} {place(p, tr)}" for i, p in enumerate(view.war))
            text = tr("rising_sun.war_order", order=order)
            _panel(img, top, L.WAR_LINE, pal)
            draw_text(
                img, (LEFT + 14, cy), text, size=L.MIN_TEXT + 2, fill=pal["text"], kit=kit,
                anchor="lm", max_width=RIGHT - LEFT - 28,
            )  # fmt: skip
        return
    _panel(img, top, L.WAR_LINE, pal)
    head = tr("rising_sun.battle_force", province=place(b.province, tr))
    draw_text(
        img, (LEFT + 14, cy), head, size=L.READ_TEXT, bold=True, fill=pal["text"], kit=kit,
        anchor="lm", max_width=RIGHT - LEFT - 300,
    )  # fmt: skip
    x = LEFT + 14 + min(art.width(kit, head, L.READ_TEXT, True), RIGHT - LEFT - 300) + 18
    forces = next((p.force for p in view.provinces if p.id == b.province), ())
    for seat in b.participants:
        art.paste(img, art.seat_mark(seat, 10, pal, kit), (x + 12, cy))
        box = art.force_box(str(forces[seat] if seat < len(forces) else 0), pal, kit)
        img.paste(box, (round(x + 28), round(cy - box.height / 2)), box)
        x += 28 + box.width + 16
    if b.winner is not None:
        art.paste(img, art.winner(b.winner, pal, kit), (x + 16, cy))


def draw_scores(page: Page, top: float) -> None:
    """The clans in Honor order (by the result once the game is over): rank, mark, name
    and clan, VP, coins, Ronin, ally, Strongholds left; the clans to act are arrowed."""
    img, view, pal, kit, tr = page.img, page.view, page.pal, page.kit, page.tr
    _panel(img, top, L.SCORE_HEAD + view.players * L.SCORE_ROW, pal)
    cy = top + L.SCORE_HEAD / 2 + 2
    head = "rising_sun.head.clans" if view.outcome is None else "rising_sun.head.result"
    draw_text(
        img, (LEFT + 14, cy), tr(head), size=20, bold=True, fill=pal["text"], kit=kit,
        anchor="lm", max_width=COLS["vp"] - 60,
    )  # fmt: skip
    for key, x in COLS.items():
        draw_text(
            img, (LEFT + x, cy), tr(f"rising_sun.head.{key}"), size=L.MIN_TEXT,
            fill=pal["muted_text"], kit=kit, anchor="mm", max_width=112 if key == "holds" else 80,
        )  # fmt: skip
    for r, (rank, seat) in enumerate(standing(view)):
        y = top + L.SCORE_HEAD + r * L.SCORE_ROW
        _score_row(page, rank, seat, y + L.SCORE_ROW / 2)


def _score_row(page: Page, rank: int, seat: int, cy: float) -> None:
    img, view, names, pal, kit, tr = page
    draw = ImageDraw.Draw(img)
    ink, size = pal["text"], L.READ_TEXT + 1
    draw.line((LEFT + 12, cy - L.SCORE_ROW / 2, RIGHT - 12, cy - L.SCORE_ROW / 2),
              fill=pal["panel_border"], width=1)  # fmt: skip
    if seat in view.to_act and view.outcome is None:
        draw.polygon(
            [(LEFT + 6, cy - 9), (LEFT + 17, cy), (LEFT + 6, cy + 9)], fill=pal["highlight"]
        )
    draw_text(img, (LEFT + 32, cy), str(rank), size=size, bold=True, fill=ink, kit=kit,
              anchor="mm", role="score")  # fmt: skip
    art.paste(img, art.seat_mark(seat, 11, pal, kit), (LEFT + 62, cy))
    room = COLS["vp"] - 34 - 82
    name = who(seat, names, tr)
    used_size = draw_lines(img, (LEFT + 82, cy), name, size=size, floor=L.MIN_TEXT, fill=ink,
                           kit=kit, bold=True, max_width=room, leading=1.0)  # fmt: skip
    used = min(room, art.width(kit, name, used_size, True))
    _clan_label(img, clan_name(view, seat, tr), (LEFT + 82 + used + 10, cy + 1), room - used - 10,
                pal, kit)  # fmt: skip
    _counts(img, view, seat, cy, pal, kit)


def _counts(
    img: Image.Image, view: RisingSunView, seat: int, cy: float, pal: Palette, kit: Toolkit
) -> None:
    """A clan's VP, coins, Ronin, ally and Strongholds left, in the scores' columns."""
    sv, ink, size = view.seats[seat], pal["text"], L.READ_TEXT + 1
    x = LEFT + COLS["vp"]
    draw_text(img, (x, cy), str(sv.vp), size=size, bold=True, fill=ink, kit=kit, anchor="mm",
              role="score")  # fmt: skip
    for key, n, sprite in (
        ("coins", sv.coins, art.coin(11, pal, kit)),
        ("ronin", sv.ronin, art.ronin(11, pal, kit)),
        ("holds", sv.strongholds_left, art.stronghold(seat, 24, pal, kit)),
    ):
        x = LEFT + COLS[key]
        art.paste(img, sprite, (x - 14, cy))
        draw_text(img, (x + 2, cy), str(n), size=size, bold=True, fill=ink, kit=kit,
                  anchor="lm", role="score")  # fmt: skip
    if sv.ally is not None:
        art.paste(img, art.seat_mark(sv.ally, 10, pal, kit), (LEFT + COLS["ally"], cy))


def _clan_label(
    img: Image.Image, clan: str, at: tuple[float, float], room: float, pal: Palette, kit: Toolkit
) -> None:
    """The clan after its player's name, in small muted letters, when there is room (the
    second picture names every clan with its power)."""
    if room >= art.width(kit, clan, L.MIN_TEXT):
        draw_text(img, at, clan, size=L.MIN_TEXT, fill=pal["muted_text"], kit=kit, anchor="lm")


def draw_last(page: Page, top: float) -> None:
    """The last action in words, on at most two lines, by the highlight's mark."""
    img, view, names, pal, kit, tr = page
    text = last_action_text(view, names, tr)
    line = tr("rising_sun.last", text=text) if text else tr("rising_sun.first")
    ImageDraw.Draw(img).rounded_rectangle(
        (LEFT + 4, top + 8, LEFT + 24, top + 28), radius=4, outline=pal["highlight"], width=4
    )
    room = RIGHT - LEFT - 40
    size, lines = fit_lines(kit, line, L.READ_TEXT + 1, room, floor=L.READ_TEXT,
                            max_lines=L.LAST_LINES)  # fmt: skip
    for i, part in enumerate(lines):
        draw_text(
            img, (LEFT + 34, top + 18 + i * L.LAST_LINE), part, size=size, fill=pal["text"],
            kit=kit, anchor="lm", max_width=room, role="last",
        )  # fmt: skip
