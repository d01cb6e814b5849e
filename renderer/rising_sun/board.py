"""Rising Sun's board picture, one phone screen of one height through a game: whose turn
and what they must do, the map (a Tenka design) with the political track, the shrines
and the key in its free cells, the war line, the scores and the last action
(:mod:`renderer.rising_sun.summary`). The clans' cards, the Season cards on offer, the
shrines' powers and a battle's bids are the second picture (:mod:`.detail`).

The static layer (background, sea, borders and routes, empty boxes with names and
harvest rewards, the key, panel frames) is cached per player count, shrine set, palette
and language; each call draws only what changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from PIL import Image, ImageDraw

from games.rising_sun.view import ProvinceView, RisingSunView
from renderer.core import Toolkit, draw_lines, draw_text
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.rising_sun import art, summary
from renderer.rising_sun import layout as L
from renderer.rising_sun.key import draw_key
from renderer.rising_sun.political import POLITICAL_BOX, draw_political
from renderer.rising_sun.words import kind_key, last_places, season_phase, status
from renderer.words import Words

GAME_KEY = "rising_sun"
Box = L.Box


# --- static layer -------------------------------------------------------------------------


def draw_static(view: RisingSunView, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    """The map's static layer: title, sea, borders and routes, boxes with names and
    harvest rewards, the political and shrine frames, the key, the footnote."""
    col = art.colours(pal)
    bottom = L.cell_box(0, L.map_rows(view) - 1)[3]
    img = Image.new("RGB", (L.WIDTH, round(bottom + 8 + L.FOOT_ROW)), pal["background"])
    draw = ImageDraw.Draw(img)
    cells = L.province_cells(view)
    draw.rounded_rectangle(
        (L.SEA_LEFT, L.MAP_TOP - 8, L.WIDTH - 8, bottom + 8), radius=16, fill=col["sea"]
    )
    _draw_routes(img, view, cells, col)
    for p in view.provinces:
        _province_frame(img, p, L.cell_box(*cells[p.id]), pal, kit, tr)
    _political_frame(img, pal, kit)
    _shrine_frame(img, view, pal, kit, tr)
    draw_key(img, pal, kit, tr)
    foot = tr("rising_sun.footnote")
    xy = (L.WIDTH - L.MARGIN, bottom + 8 + L.FOOT_ROW / 2)
    draw_text(img, xy, foot, size=18, fill=pal["muted_text"], kit=kit, anchor="rm")
    return img


def _new_routes(
    view: RisingSunView,
    cells: dict[str, tuple[int, int]],
    done: set[frozenset[str]],
    neighbours: Callable[[ProvinceView], Iterable[str]],
) -> Iterator[tuple[L.Point, ...]]:
    """The path to each of a province's ``neighbours`` on the map, once a pair: a pair in
    ``done`` (already drawn) is passed over, and each one yielded joins it."""
    for p in view.provinces:
        for q in neighbours(p):
            pair = frozenset({p.id, q})
            if pair in done or q not in cells:
                continue
            done.add(pair)
            yield L.route_path(p.id, q, cells)


def _draw_routes(
    img: Image.Image, view: RisingSunView, cells: dict[str, tuple[int, int]], col: dict[str, str]
) -> None:
    """Land borders first, then the sea routes between provinces not already bordering."""
    draw = ImageDraw.Draw(img)
    done: set[frozenset[str]] = set()
    for path in _new_routes(view, cells, done, lambda p: p.land):
        art.land_border(draw, path, col)
    for path in _new_routes(view, cells, done, lambda p: p.sea):
        art.sea_route(draw, path, col["lane"], 4, 10, 7)


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
    draw_text(img, (x, y0 + 50), label, size=18, fill=col["muted_ink"], kit=kit, anchor="lm")
    x += kit.font(18, False).getlength(label) + 10
    vp, coins, ronin = p.harvest
    if vp:
        text = f"{vp} {tr('rising_sun.vp')}"
        draw_text(
            img, (x, y0 + 50), text, size=18, bold=True, fill=col["ink"], kit=kit, anchor="lm"
        )
        x += kit.font(18, True).getlength(text) + 12
    for n, sprite in ((coins, art.coin(10, pal, kit)), (ronin, art.ronin(10, pal, kit))):
        if n:
            art.paste(img, sprite, (x + sprite.width / 2, y0 + 50))
            x += sprite.width + 4
            draw_text(
                img, (x, y0 + 50), str(n), size=18, bold=True, fill=col["ink"], kit=kit, anchor="lm"
            )
            x += kit.font(18, True).getlength(str(n)) + 12
    ImageDraw.Draw(img).line((x0 + 10, y0 + 66, x1 - 10, y0 + 66), fill=col["land_edge"], width=1)


SHRINE_BOX = L.cell_box(*L.SHRINE_CELL)
SHRINE_TOP, SHRINE_PITCH = 60, 44


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
    art.heading(img, (x0 + 12, y0 + 20), tr("rising_sun.shrines"), pal, kit)
    for k, sh in enumerate(view.shrines):
        name = tr.get(f"rising_sun.kami.{sh.id}", sh.name)
        y = y0 + SHRINE_TOP + k * SHRINE_PITCH
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
    img: Image.Image, view: RisingSunView, pal: Palette, kit: Toolkit, lit: set[str]
) -> None:
    """Each province's war-order badge (and its war's winner), then a row per clan there:
    its mark, its figures as shapes with counts, its Strongholds and its Force."""
    cells = L.province_cells(view)
    for p in view.provinces:
        box = L.cell_box(*cells[p.id])
        x0, y0, x1, y1 = box
        if p.id in lit:
            _frame(img, box, pal)
        if p.war_number is not None:
            art.paste(img, art.war_badge(str(p.war_number), pal, kit), (x1 - 24, y0 + 22))
            if p.war_winner is not None:
                art.paste(img, art.winner(p.war_winner, pal, kit), (x1 - 62, y0 + 22))
        owners = sorted({g.owner for g in p.figures} | {s for s, _ in p.strongholds})
        step = min(float(L.OWNER_ROW), (y1 - 4 - (y0 + L.OWNER_TOP)) / max(1, len(owners)))
        for r, seat in enumerate(owners):
            cy = y0 + L.OWNER_TOP + step / 2 + r * step
            _owner_row(img, p, seat, cy, (x0, x1), pal, kit)


def _owner_row(
    img: Image.Image,
    p: ProvinceView,
    seat: int,
    cy: float,
    span: tuple[float, float],
    pal: Palette,
    kit: Toolkit,
) -> None:
    x0, x1 = span
    ink = art.colours(pal)["ink"]
    art.paste(img, art.seat_mark(seat, 9, pal, kit), (x0 + 20, cy))
    right = x1 - 8
    force = p.force[seat] if seat < len(p.force) else 0
    if force:
        fb = art.force_box(str(force), pal, kit)
        right -= fb.width
        img.paste(fb, (round(right), round(cy - fb.height / 2)), fb)
        right -= 6
    holds = next((n for s, n in p.strongholds if s == seat), 0)
    if holds > 1:
        label = str(holds)
        draw_text(
            img,
            (right, cy),
            label,
            size=art.LABEL,
            bold=True,
            fill=ink,
            kit=kit,
            anchor="rm",
            role="piece",
        )
        right -= art.width(kit, label, art.LABEL, True) + 2
    if holds:
        art.paste(img, art.stronghold(seat, 26, pal, kit), (right - 13, cy - 1))
        right -= 32
    mine = sorted((g for g in p.figures if g.owner == seat), key=lambda g: kind_key(g.kind))
    draw_figures(img, [(g.kind, g.count) for g in mine], seat, (x0 + 34, right, cy), pal, kit)


def draw_figures(
    img: Image.Image,
    groups: Sequence[tuple[str, int]],
    seat: int,
    at: tuple[float, float, float],
    pal: Palette,
    kit: Toolkit,
) -> None:
    """Figures as shapes, each followed by its count when above one, from ``left`` to
    ``right`` at height ``cy`` (``at``); closer together, never smaller, when they do not
    fit."""
    left, right, cy = at
    labels = [str(n) if n > 1 else "" for _, n in groups]
    widths = [L.FIGURE + (art.width(kit, t, art.LABEL, True) + 1 if t else 0) + 5 for t in labels]
    squeeze = min(1.0, (right - left) / sum(widths)) if widths else 1.0
    ink = art.colours(pal)["ink"]
    x = left
    for (kind, _), label, w in zip(groups, labels, widths, strict=True):
        art.paste(img, art.figure(kind, seat, L.FIGURE, pal, kit), (x + L.FIGURE / 2, cy))
        if label:
            draw_text(
                img, (x + L.FIGURE + 1, cy), label, size=art.LABEL, bold=True, fill=ink,
                kit=kit, anchor="lm", role="piece",
            )  # fmt: skip
        x += w * squeeze


def draw_shrines(
    img: Image.Image, view: RisingSunView, pal: Palette, kit: Toolkit, lit: set[str]
) -> None:
    x0, y0, x1, _ = SHRINE_BOX
    for k, sh in enumerate(view.shrines):
        y = y0 + SHRINE_TOP + k * SHRINE_PITCH
        if sh.id in lit:
            ImageDraw.Draw(img).rounded_rectangle(
                (x0 + 5, y - 19, x1 - 5, y + 19), radius=8, outline=pal["highlight"], width=3
            )
        owners = sorted({g.owner for g in sh.worshippers})
        if not owners:
            continue
        step = min(46.0, (x1 - 10 - (x0 + 124)) / len(owners))
        for i, seat in enumerate(owners):
            n = sum(g.count for g in sh.worshippers if g.owner == seat)
            x = x0 + 136 + i * step
            art.paste(img, art.seat_mark(seat, 10, pal, kit), (x, y))
            if n > 1:
                draw_text(
                    img, (x + 14, y), str(n), size=art.LABEL, bold=True, fill=pal["text"],
                    kit=kit, anchor="lm", role="piece",
                )  # fmt: skip


def draw_title(img: Image.Image, view: RisingSunView, paint: Paint) -> None:
    """The status bar across the top: whose turn and what they must do (the result once
    the game is over; the season and phase while nobody is to act)."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    room = L.WIDTH - 2 * L.MARGIN - 32
    text = status(view, names, tr) or season_phase(view, tr)
    if art.width(kit, text, L.READ_TEXT + 1, True) > room:  # several long names: count them
        text = status(view, names, tr, brief=True) or text
    box = (L.MARGIN, 8, L.WIDTH - L.MARGIN, L.TITLE_H)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=22, fill=pal["highlight"])
    draw_lines(
        img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, size=28,
        floor=L.READ_TEXT + 1, fill=pal["token_text"], kit=kit, bold=True, anchor="mm",
        max_width=room, max_lines=1, role="turn",
    )  # fmt: skip


@picture
def render(view: RisingSunView, paint: Paint) -> Image.Image:
    """The board picture of ``view`` (RGB), of one height per player count."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    parts = L.board(view.players, L.map_rows(view))
    # The map's layer depends on the game's fixed parts only.
    key = (
        GAME_KEY,
        view.players,
        tuple(s.id for s in view.shrines),
        tuple(p.id for p in view.provinces),
        palette["name"],
        tr.locale,
    )
    img = Image.new("RGB", (L.WIDTH, parts.height), palette["background"])
    img.paste(kit.layer(key, lambda: draw_static(view, palette, kit, tr)), (0, 0))
    provinces, shrines, _card = last_places(view) if paint.highlight else (set(), set(), None)
    draw_title(img, view, paint)
    draw_political(img, view, paint)
    draw_provinces(img, view, palette, kit, provinces)
    draw_shrines(img, view, palette, kit, shrines)
    summary.draw_summary(summary.Page(img, view, names, palette, kit, tr), parts)
    return img
