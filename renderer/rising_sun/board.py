"""Rising Sun's board picture: the map (a Tenka design) with the political track, the
shrines and the key in its free cells, then the battle (while one is fought), the clans
in Honor order, the Season cards on offer and the last action in words.

The static layer (background, sea, borders and routes, empty boxes with names and
harvest rewards, the key, panel frames and headers) is cached per player count, shrine
set, panel layout, palette and language; each call draws only what changes.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.rising_sun.view import ProvinceView, RisingSunView, SlotView
from renderer.core import Toolkit, draw_text, fitting_size
from renderer.palettes import Palette
from renderer.rising_sun import art, panels
from renderer.rising_sun import layout as L
from renderer.rising_sun.words import (
    clan_name,
    figures_short,
    last_places,
    season_phase,
    standing,
    status,
    who,
)
from renderer.words import Words, words

GAME_KEY = "rising_sun"
Box = L.Box


def monster_key(view: RisingSunView, tr: Words, kit: Toolkit) -> list[str]:
    """The key's lines for the monsters on the map and at the shrines (0 to 2 lines)."""
    kinds = sorted(
        {
            g.kind
            for groups in [p.figures for p in view.provinces]
            + [s.worshippers for s in view.shrines]
            for g in groups
            if g.kind not in ("daimyo", "shinto", "bushi")
        }
    )
    if not kinds:
        return []
    items = [
        f"{tr.get(f'rising_sun.abbr.{k}', k)} {tr.get(f'rising_sun.figure.{k}', k)}" for k in kinds
    ]
    return panels.wrap(tr("rising_sun.key.monsters"), items, L.WIDTH - 2 * L.MARGIN - 24, kit)[:2]


# --- static layer -------------------------------------------------------------------------


def draw_static(view: RisingSunView, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    """The map's static layer: title, sea, borders and routes, boxes with names and
    harvest rewards, the political and shrine frames, the key, the footnote."""
    col = art.colours(pal)
    bottom = L.cell_box(0, L.map_rows(view) - 1)[3]
    img = Image.new("RGB", (L.WIDTH, round(bottom + 8 + L.FOOT_ROW)), pal["background"])
    draw = ImageDraw.Draw(img)
    title = tr("rising_sun.title").upper()
    draw_text(
        img,
        (L.MARGIN, L.TITLE_H / 2),
        title,
        size=28,
        bold=True,
        fill=pal["text"],
        kit=kit,
        anchor="lm",
    )
    cells = L.province_cells(view)
    draw.rounded_rectangle(
        (L.SEA_LEFT, L.MAP_TOP - 8, L.WIDTH - 8, bottom + 8), radius=16, fill=col["sea"]
    )
    _draw_routes(img, view, cells, col)
    for p in view.provinces:
        _province_frame(img, p, L.cell_box(*cells[p.id]), pal, kit, tr)
    _political_frame(img, pal, kit)
    _shrine_frame(img, view, pal, kit, tr)
    _key(img, pal, kit, tr)
    foot = tr("rising_sun.footnote")
    xy = (L.WIDTH - L.MARGIN, bottom + 8 + L.FOOT_ROW / 2)
    draw_text(img, xy, foot, size=18, fill=pal["muted_text"], kit=kit, anchor="rm")
    return img


def _draw_routes(
    img: Image.Image, view: RisingSunView, cells: dict[str, tuple[int, int]], col: dict[str, str]
) -> None:
    draw = ImageDraw.Draw(img)
    done: set[frozenset[str]] = set()
    for p in view.provinces:
        for q in p.land:
            pair = frozenset({p.id, q})
            if pair in done or q not in cells:
                continue
            done.add(pair)
            path = L.route_path(p.id, q, cells)
            draw.line(path, fill=col["land_edge"], width=22, joint="curve")
            draw.line(path, fill=col["land"], width=14, joint="curve")
    for p in view.provinces:
        for q in p.sea:
            pair = frozenset({p.id, q})
            if pair in done or q not in cells:
                continue
            done.add(pair)
            _dashed(draw, L.route_path(p.id, q, cells), col["lane"], 4, 10, 7)


def _dashed(
    draw: ImageDraw.ImageDraw,
    path: Sequence[L.Point],
    fill: str,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed polyline (the dashes run on across corners)."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            if on:
                a, b = pos / length, (pos + step) / length
                draw.line(
                    (
                        x0 + (x1 - x0) * a,
                        y0 + (y1 - y0) * a,
                        x0 + (x1 - x0) * b,
                        y0 + (y1 - y0) * b,
                    ),
                    fill=fill,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap
    for x, y in path[1:-1]:
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=fill)


def _province_frame(
    img: Image.Image, p: ProvinceView, box: Box, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    col = art.colours(pal)
    x0, y0, x1, _ = box
    ImageDraw.Draw(img).rounded_rectangle(
        box, radius=12, fill=col["land"], outline=col["land_edge"], width=3
    )
    name = tr.get(f"rising_sun.place.{p.id}", p.name)
    draw_text(
        img,
        (x0 + 12, y0 + 22),
        name,
        size=24,
        bold=True,
        fill=col["ink"],
        kit=kit,
        anchor="lm",
        max_width=x1 - x0 - 70,
    )
    x = x0 + 12
    label = tr("rising_sun.harvest_label")
    draw_text(img, (x, y0 + 54), label, size=18, fill=col["muted_ink"], kit=kit, anchor="lm")
    x += kit.font(18, False).getlength(label) + 10
    vp, coins, ronin = p.harvest
    if vp:
        text = f"{vp} {tr('rising_sun.vp')}"
        draw_text(
            img, (x, y0 + 54), text, size=18, bold=True, fill=col["ink"], kit=kit, anchor="lm"
        )
        x += kit.font(18, True).getlength(text) + 12
    for n, sprite in ((coins, art.coin(10, pal, kit)), (ronin, art.ronin(10, pal, kit))):
        if n:
            art.paste(img, sprite, (x + sprite.width / 2, y0 + 54))
            x += sprite.width + 4
            draw_text(
                img, (x, y0 + 54), str(n), size=18, bold=True, fill=col["ink"], kit=kit, anchor="lm"
            )
            x += kit.font(18, True).getlength(str(n)) + 12
    ImageDraw.Draw(img).line((x0 + 10, y0 + 70, x1 - 10, y0 + 70), fill=col["land_edge"], width=1)


POLITICAL_BOX = L.cell_box(0, 0, 2, 1)
SHRINE_BOX = L.cell_box(*L.SHRINE_CELL)
KEY_BOX = L.cell_box(*L.KEY_CELL)
SLOT_W, SLOT_H, SLOT_GAP = 98, 56, 8


def slot_box(i: int) -> Box:
    x0, y0, _, _ = POLITICAL_BOX
    row, c = divmod(i, 5)
    x = x0 + 14 + c * (SLOT_W + SLOT_GAP)
    y = y0 + 44 + row * (SLOT_H + 8)
    return (x, y, x + SLOT_W, y + SLOT_H)


def _panel(img: Image.Image, box: Box, pal: Palette) -> None:
    ImageDraw.Draw(img).rounded_rectangle(
        box, radius=12, fill=pal["panel"], outline=pal["panel_border"], width=2
    )


def _political_frame(img: Image.Image, pal: Palette, kit: Toolkit) -> None:
    _panel(img, POLITICAL_BOX, pal)


def _shrine_frame(
    img: Image.Image, view: RisingSunView, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    _panel(img, SHRINE_BOX, pal)
    x0, y0, _x1, _ = SHRINE_BOX
    draw_text(
        img,
        (x0 + 12, y0 + 20),
        tr("rising_sun.shrines"),
        size=20,
        bold=True,
        fill=pal["text"],
        kit=kit,
        anchor="lm",
    )
    for k, sh in enumerate(view.shrines):
        name = tr.get(f"rising_sun.kami.{sh.id}", sh.name)
        y = y0 + 56 + k * 38
        draw_text(
            img,
            (x0 + 12, y),
            name,
            size=18,
            bold=True,
            fill=pal["text"],
            kit=kit,
            anchor="lm",
            max_width=108,
        )


def _key(img: Image.Image, pal: Palette, kit: Toolkit, tr: Words) -> None:
    col = art.colours(pal)
    _panel(img, KEY_BOX, pal)
    x0, y0, x1, _ = KEY_BOX
    ink, room = pal["text"], x1 - x0 - 24
    figures = tr("rising_sun.key.figures").split(" · ")
    y = y0 + 20
    step = 26.5

    def line(text: str, at: float, x: float) -> None:
        draw_text(
            img, (x, at), text, size=18, fill=ink, kit=kit, anchor="lm", max_width=x1 - 12 - x
        )

    line(" · ".join(figures[:2]), y, x0 + 12)
    line(figures[2] if len(figures) > 2 else "", y + step, x0 + 12)
    bx = x0 + 12 + kit.font(18, False).getlength(figures[2] if len(figures) > 2 else "") + 16
    force = art.force_box("3", pal, kit)
    img.paste(force, (round(bx), round(y + step - 12)), force)
    line(tr("rising_sun.key.force"), y + step, bx + force.width + 8)
    hold = art.stronghold(None, 22, pal, kit)
    art.paste(img, hold, (x0 + 24, y + 2 * step))
    line(tr("rising_sun.key.stronghold"), y + 2 * step, x0 + 44)
    badge = art.number_badge("2", 12, col["badge"], col["badge_ring"], "#ffffff", 18, kit)
    art.paste(img, badge, (x0 + 24, y + 3 * step))
    line(tr("rising_sun.key.war"), y + 3 * step, x0 + 44)
    art.paste(img, art.coin(10, pal, kit), (x0 + 24, y + 4 * step))
    coins = tr("rising_sun.key.coins")
    line(coins, y + 4 * step, x0 + 44)
    rx = x0 + 44 + kit.font(18, False).getlength(coins) + 18
    kasa = art.ronin(10, pal, kit)
    art.paste(img, kasa, (rx + kasa.width / 2, y + 4 * step))
    line(tr("rising_sun.key.ronin"), y + 4 * step, rx + kasa.width + 8)
    draw = ImageDraw.Draw(img)
    ly = y + 5 * step
    draw.line((x0 + 12, ly, x0 + 36, ly), fill=col["land_edge"], width=14)
    draw.line((x0 + 12, ly, x0 + 36, ly), fill=col["land"], width=8)
    line(tr("rising_sun.key.land"), ly, x0 + 44)
    sy = y + 6 * step
    draw.rectangle((x0 + 10, sy - 9, x0 + 38, sy + 9), fill=col["sea"])
    _dashed(draw, ((x0 + 12, sy), (x0 + 36, sy)), col["lane"], 4, 7, 5)
    line(tr("rising_sun.key.sea"), sy, x0 + 44)
    del room


# --- per call: the map ----------------------------------------------------------------------


def _frame(img: Image.Image, box: Box, pal: Palette) -> None:
    """The last action's mark: a thick highlight frame around a box."""
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=15, outline=pal["highlight_border"], width=2
    )
    draw.rounded_rectangle(
        (x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=14, outline=pal["highlight"], width=4
    )


def draw_provinces(
    img: Image.Image, view: RisingSunView, pal: Palette, kit: Toolkit, tr: Words, lit: set[str]
) -> None:
    col = art.colours(pal)
    cells = L.province_cells(view)
    for p in view.provinces:
        box = L.cell_box(*cells[p.id])
        x0, y0, x1, y1 = box
        if p.id in lit:
            _frame(img, box, pal)
        if p.war_number is not None:
            badge = art.number_badge(
                str(p.war_number), 16, col["badge"], col["badge_ring"], "#ffffff", 20, kit
            )
            art.paste(img, badge, (x1 - 24, y0 + 24))
            if p.war_winner is not None:
                art.paste(img, art.seat_mark(p.war_winner, 10, pal, kit), (x1 - 56, y0 + 24))
        owners = sorted({g.owner for g in p.figures} | {s for s, _ in p.strongholds})
        rows = max(1, len(owners))
        step = min(24.0, (y1 - 8 - (y0 + 84)) / rows + 0.0) if rows > 5 else 24.0
        for r, seat in enumerate(owners):
            cy = y0 + 86 + r * step
            art.paste(img, art.seat_mark(seat, 9, pal, kit), (x0 + 22, cy))
            mine = [g for g in p.figures if g.owner == seat]
            text = figures_short(mine, tr)
            right = x1 - 10
            force = p.force[seat] if seat < len(p.force) else 0
            if force:
                fb = art.force_box(str(force), pal, kit)
                right -= fb.width
                img.paste(fb, (round(right), round(cy - 12)), fb)
                right -= 6
            holds = next((n for s, n in p.strongholds if s == seat), 0)
            if holds:
                if holds > 1:
                    right -= 12
                    draw_text(
                        img,
                        (right + 12, cy),
                        str(holds),
                        size=18,
                        bold=True,
                        fill=col["ink"],
                        kit=kit,
                        anchor="rm",
                    )
                hold = art.stronghold(seat, 22, pal, kit)
                right -= 24
                art.paste(img, hold, (right + 11, cy - 1))
                right -= 4
            draw_text(
                img,
                (x0 + 38, cy),
                text,
                size=18,
                bold=True,
                fill=col["ink"],
                kit=kit,
                anchor="lm",
                max_width=right - x0 - 40,
            )


def draw_political(
    img: Image.Image,
    view: RisingSunView,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    x0, y0, x1, y1 = POLITICAL_BOX
    head = season_phase(view, tr)
    draw_text(
        img,
        (x0 + 14, y0 + 22),
        head,
        size=22,
        bold=True,
        fill=pal["text"],
        kit=kit,
        anchor="lm",
        max_width=x1 - x0 - 28,
    )
    if view.outcome is not None:
        draw_final(img, view, names, pal, kit, tr)
        return
    current = view.slot if view.phase == "political" else -1
    for slot in view.slots:
        draw_slot(img, slot, slot.index == current, pal, kit, tr)
    holder = who(view.chooser, names, tr) if 0 <= view.chooser < view.players else "-"
    deck = tr("rising_sun.deck", n=view.deck_size, who=holder)
    if kit.metrics(18).getlength(deck) > x1 - x0 - 28:  # a long name: its clan's row says it
        deck = tr("rising_sun.deck_count", n=view.deck_size)
    draw_text(
        img,
        (x0 + 14, y1 - 20),
        deck,
        size=18,
        fill=pal["muted_text"],
        kit=kit,
        anchor="lm",
        max_width=x1 - x0 - 28,
    )


def draw_slot(
    img: Image.Image, s: SlotView, lit: bool, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """One slot of the mandate track: a Kami, a played mandate (and who chose it) or its
    number; ``lit`` rings the slot being played."""
    col = art.colours(pal)
    draw = ImageDraw.Draw(img)
    box = slot_box(s.index)
    bx0, by0, bx1, by1 = box
    cx = (bx0 + bx1) / 2
    if s.kind == "kami":
        draw.rounded_rectangle(box, radius=8, fill=col["kami"])
        draw_text(
            img,
            (cx, (by0 + by1) / 2),
            tr("rising_sun.slot.kami"),
            size=18,
            bold=True,
            fill="#ffffff",
            kit=kit,
            anchor="mm",
        )
    elif s.mandate is not None:
        draw.rounded_rectangle(box, radius=8, fill=col["land"])
        name = tr(f"rising_sun.mandate.{s.mandate}")
        size = fitting_size(kit, name, (18,), SLOT_W - 8, bold=True)
        bold = art.width(kit, name, 18, True) <= SLOT_W - 8
        draw_text(
            img,
            (cx, by0 + 18),
            name,
            size=size,
            bold=bold,
            fill=col["ink"],
            kit=kit,
            anchor="mm",
            max_width=SLOT_W - 6,
        )
        if s.chooser is not None:
            art.paste(img, art.seat_mark(s.chooser, 8, pal, kit), (cx, by0 + 41))
    else:
        draw.rounded_rectangle(box, radius=8, outline=pal["panel_border"], width=2)
        draw_text(
            img,
            (cx, (by0 + by1) / 2),
            str(s.index + 1),
            size=18,
            fill=pal["muted_text"],
            kit=kit,
            anchor="mm",
        )
    if lit:
        draw.rounded_rectangle(
            (bx0 - 3, by0 - 3, bx1 + 3, by1 + 3), radius=10, outline=pal["highlight"], width=4
        )


def draw_final(
    img: Image.Image,
    view: RisingSunView,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """Where the mandate track was, once the game is over: the clans in the result's
    order with their final Victory Points, as on the result card."""
    x0, y0, x1, y1 = POLITICAL_BOX
    rows = standing(view)
    step = min(34.0, (y1 - y0 - 70) / max(1, len(rows)))
    for k, (place, seat) in enumerate(rows):
        line = tr(
            "rising_sun.final_row",
            place=place,
            who=who(seat, names, tr),
            clan=clan_name(view, seat, tr),
            vp=view.seats[seat].vp,
        )
        draw_text(
            img,
            (x0 + 14, y0 + 62 + k * step),
            line,
            size=20,
            bold=place == 1,
            fill=pal["text"],
            kit=kit,
            anchor="lm",
            max_width=x1 - x0 - 28,
        )


def draw_shrines(
    img: Image.Image, view: RisingSunView, pal: Palette, kit: Toolkit, lit: set[str]
) -> None:
    x0, y0, x1, _ = SHRINE_BOX
    for k, sh in enumerate(view.shrines):
        y = y0 + 56 + k * 38
        if sh.id in lit:
            ImageDraw.Draw(img).rounded_rectangle(
                (x0 + 5, y - 17, x1 - 5, y + 17), radius=8, outline=pal["highlight"], width=3
            )
        owners = sorted({g.owner for g in sh.worshippers})
        if not owners:
            continue
        step = min(40.0, (x1 - 10 - (x0 + 126)) / len(owners))
        for i, seat in enumerate(owners):
            n = sum(g.count for g in sh.worshippers if g.owner == seat)
            x = x0 + 136 + i * step
            art.paste(img, art.seat_mark(seat, 9, pal, kit), (x, y))
            if n > 1:
                draw_text(
                    img,
                    (x + 12, y),
                    str(n),
                    size=18,
                    bold=True,
                    fill=pal["text"],
                    kit=kit,
                    anchor="lm",
                )


def draw_title(
    img: Image.Image,
    view: RisingSunView,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    text = status(view, names, tr)
    if not text:
        return
    left = L.MARGIN + art.width(kit, tr("rising_sun.title").upper(), 28, True) + 24
    room = L.WIDTH - L.MARGIN - left
    if art.width(kit, text, 18, True) > room - 28:  # several long names: count them
        text = status(view, names, tr, brief=True)
    size = fitting_size(kit, text, (22, 20, 18), room - 28, bold=True)
    width = min(art.width(kit, text, size, True) + 28, room)
    box = (L.WIDTH - L.MARGIN - width, 8, L.WIDTH - L.MARGIN, L.TITLE_H - 6)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=18, fill=pal["highlight"])
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(
        img,
        centre,
        text,
        size=size,
        bold=True,
        fill=pal["token_text"],
        kit=kit,
        anchor="mm",
        max_width=width - 24,
    )


def render(
    view: RisingSunView,
    *,
    palette: Palette,
    highlight: bool,
    names: Sequence[str] | None,
    kit: Toolkit,
    locale: str = "en",
) -> Image.Image:
    """The board picture of ``view`` (RGB)."""
    tr = words(locale)
    monsters = monster_key(view, tr, kit)
    key_lines = len(panels.offer_key(tr, kit)) if view.offer else 0
    sec = L.sections(view, len(monsters), key_lines)
    # The map's layer depends on the game's fixed parts only, so one game's pictures
    # share it whatever the panels below hold (battle, monsters).
    key = (
        GAME_KEY,
        view.players,
        tuple(s.id for s in view.shrines),
        tuple(p.id for p in view.provinces),
        palette["name"],
        tr.locale,
    )
    img = Image.new("RGB", (L.WIDTH, sec.height), palette["background"])
    img.paste(kit.layer(key, lambda: draw_static(view, palette, kit, tr)), (0, 0))
    panels.draw_static_panels(img, view, sec, palette, kit, tr)
    provinces, shrines, card = last_places(view) if highlight else (set(), set(), None)
    draw_title(img, view, names, palette, kit, tr)
    draw_political(img, view, names, palette, kit, tr)
    draw_provinces(img, view, palette, kit, tr, provinces)
    draw_shrines(img, view, palette, kit, shrines)
    panels.draw_panels(img, view, sec, monsters, names, palette, kit, tr, card)
    return img
