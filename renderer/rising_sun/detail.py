"""Rising Sun's second picture, posted with the board: what the one-screen board leaves
out. A battle's bids (while one is fought), each clan's power, cards, tokens, hostages
and reserve, the Season cards on offer with their key, each shrine's worshippers and
Kami's power, and the monsters on the map by name. Its height follows what it holds."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.rising_sun.view import RisingSunView
from renderer.core import Toolkit, draw_lines, draw_text
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.rising_sun import art, panels
from renderer.rising_sun import layout as L
from renderer.rising_sun.summary import Page
from renderer.rising_sun.words import figure_name, place, who
from renderer.words import Words

LEFT, RIGHT = L.MARGIN, L.WIDTH - L.MARGIN
CLANS = ("daimyo", "shinto", "bushi")


def monster_lines(
    view: RisingSunView, names: Sequence[str] | None, tr: Words, kit: Toolkit
) -> list[str]:
    """The monsters on the map and at the shrines by name, owner and place (wrapped)."""
    items = []
    where = [(p.id, p.figures) for p in view.provinces]
    where += [(f"shrine:{s.id}", s.worshippers) for s in view.shrines]
    for at, groups in where:
        for g in groups:
            if g.kind in CLANS:
                continue
            monster = figure_name(g.kind, tr)
            if g.count > 1:
                monster = f"{g.count} × {monster}"
            who_ = who(g.owner, names, tr)
            items.append(
                tr("rising_sun.monster_at", monster=monster, who=who_, place=place(at, tr))
            )
    if not items:
        return []
    return panels.wrap("", items, RIGHT - LEFT - 28, kit)


@picture
def render_detail(view: RisingSunView, paint: Paint) -> Image.Image:
    """The second picture of ``view`` (RGB), 900 px wide like the board."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    monsters = monster_lines(view, names, tr, kit)
    key_lines = len(panels.offer_key(tr, kit)) if view.offer else 0
    sec = L.detail_sections(view, len(monsters), key_lines)
    img = Image.new("RGB", (L.WIDTH, sec.height), palette["background"])
    panels.draw_static_panels(img, view, sec, palette, kit, tr)
    panels.draw_panels(img, view, sec, paint)
    draw_shrines(Page(img, view, names, palette, kit, tr), sec.shrines)
    if monsters:
        top = sec.monsters
        _head(img, top, L.CLAN_HEAD + len(monsters) * L.LINE, tr("rising_sun.key.monsters"),
              palette, kit)  # fmt: skip
        for i, line in enumerate(monsters):
            y = top + L.CLAN_HEAD + 10 + i * L.LINE
            draw_text(
                img, (LEFT + 14, y), line, size=L.MIN_TEXT, fill=palette["text"], kit=kit,
                anchor="lm", max_width=RIGHT - LEFT - 28,
            )  # fmt: skip
    return img


def _head(
    img: Image.Image, top: float, height: float, text: str, pal: Palette, kit: Toolkit
) -> None:
    ImageDraw.Draw(img).rounded_rectangle(
        (LEFT, top, RIGHT, top + height), radius=12, fill=pal["panel"],
        outline=pal["panel_border"], width=2,
    )  # fmt: skip
    art.heading(img, (LEFT + 14, top + 20), text, pal, kit, RIGHT - LEFT - 28)


def draw_shrines(page: Page, top: float) -> None:
    """Each shrine: its Kami, who worships there (Shinto per clan), the Kami's power."""
    img, view, names, pal, kit, tr = page
    _head(img, top, L.CLAN_HEAD + len(view.shrines) * L.SHRINE_ROW, tr("rising_sun.head.shrines"),
          pal, kit)  # fmt: skip
    for k, sh in enumerate(view.shrines):
        y = top + L.CLAN_HEAD + k * L.SHRINE_ROW + 14
        kami = tr.get(f"rising_sun.kami.{sh.id}", sh.name)
        draw_text(img, (LEFT + 14, y), kami, size=L.MIN_TEXT, bold=True, fill=pal["text"],
                  kit=kit, anchor="lm")  # fmt: skip
        x = LEFT + 14 + art.width(kit, kami, L.MIN_TEXT, True) + 12
        power = tr.get(f"rising_sun.kami_power.{sh.id}", "")
        draw_text(img, (x, y), power, size=L.MIN_TEXT, fill=pal["muted_text"], kit=kit,
                  anchor="lm", max_width=RIGHT - 14 - x)  # fmt: skip
        seats = sorted({g.owner for g in sh.worshippers})
        if not seats:
            continue
        people = [
            tr("rising_sun.worshipper", who=who(seat, names, tr),
               n=sum(g.count for g in sh.worshippers if g.owner == seat))
            for seat in seats
        ]  # fmt: skip
        line = tr("rising_sun.worshippers", who=", ".join(people))
        draw_lines(img, (LEFT + 14, y + 14), line, size=L.MIN_TEXT, floor=L.MIN_TEXT,
                   fill=pal["text"], kit=kit, max_width=RIGHT - LEFT - 28, anchor="la")  # fmt: skip
