"""Issue 25, item 4: long names never hide the game.

With 32-character names (Latin, and wide Japanese ones the font draws as "?"), every
game's boards, details, hands and result card are drawn, and every line of text is read
back as drawn: an ellipsis may only stand for the rest of a player's name (the name gives
way: ``renderer.text.fit_name``/``fit_names``) or say that more follows after a whole word
("… and more"), never cut the verb or the object of a sentence (whose turn, the lot on
offer, the last action); and no text runs over the edge of what it is drawn on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

import renderer.core as core
import renderer.samurai.text as samurai_text
from bench.configs import Config
from renderer.core import Toolkit, draw_text, font
from tests.renderer.drawn import CONFIGS, TextLog, pictures, watch

__all__ = ["watch"]

LATIN = (
    "Bartholomew Montgomery-Wellesley",
    "Maximiliana Wolfeschlegelsteinho",
    "Chiyoko Yamanouchi-Fitzgerald 3.",
    "Dmitri Alexandrovich Volkonsky I",
    "Esperanza Guadalupe de los Ríos.",
)
WIDE = tuple(
    name * 4
    for name in (
        "山田太郎花子一二",
        "佐藤健二三四五六",
        "鈴木次郎七八九十",
        "高橋三郎百千万億",
        "田中四郎東西南北",
    )
)


class Seen:
    """Every line of text drawn (as drawn: cut, "?" for missing glyphs) and every text
    pasted outside what it was pasted on."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []  # (asked for, drawn)
        self.over_edge: list[str] = []
        self.masks: dict[int, str] = {}


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    out = Seen()
    text_mask, line_mask, paste = core._text_mask, samurai_text.line_mask, Image.Image.paste

    def mask(kit: Toolkit, text: str, size: int, bold: bool, *args: Any) -> Any:
        found = text_mask(kit, text, size, bold, *args)
        max_width = args[1] if len(args) > 1 else None
        shown = core.printable(text, kit.metrics(size, bold))
        if max_width is not None:
            shown = core.fit_text(shown, kit.metrics(size, bold), max_width)
        out.lines.append((core.printable(text, kit.metrics(size, bold)), shown))
        out.masks[id(found[0])] = shown
        return found

    def line(kit: Toolkit, text: str, size: int, bold: bool, *args: Any) -> Any:
        found = line_mask(kit, text, size, bold, *args)
        shown = core.printable(text, kit.metrics(size, bold))
        out.lines.append((shown, shown))
        out.masks[id(found[0])] = text
        return found

    def pasted(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        text = out.masks.get(id(mask)) if mask is not None else None
        if text is not None and isinstance(box, tuple) and len(box) == 2:
            x, y = box
            if x < 0 or y < 0 or x + mask.width > self.width or y + mask.height > self.height:
                out.over_edge.append(f"{text!r} at {box} on {self.size}")
        paste(self, im, box, mask)

    monkeypatch.setattr(core, "_text_mask", mask)
    monkeypatch.setattr(samurai_text, "line_mask", line)
    monkeypatch.setattr(Image.Image, "paste", pasted)
    yield out


def shown_forms(names: tuple[str, ...]) -> list[str]:
    """Each name as a picture may show it: as typed, and with "?" for the glyphs the
    font lacks (the Japanese ones)."""
    fnt = core.font(20)
    return [*names, *(core.printable(name, fnt) for name in names)]


def names_in(text: str, names: tuple[str, ...]) -> bool:
    """Whether ``text`` holds a player's name, or the start of one shortened with "…"."""
    forms = shown_forms(names)
    shortened = (form[:k].rstrip() + "…" for form in forms for k in range(1, len(form)))
    return any(form in text for form in forms) or any(cut in text for cut in shortened)


def in_last_name(asked: str, line: str, name: str) -> bool:
    """Whether ``line`` is ``asked`` cut inside the name that ends it (a letter kept)."""
    kept = line.removesuffix("…").rstrip()
    return asked.endswith(name) and asked.startswith(kept) and len(kept) > len(asked) - len(name)


def cut_words(asked: str, line: str, names: tuple[str, ...]) -> bool:
    """Whether ``line`` (drawn for ``asked``) lost words: cut while drawn though it is not
    a name (or a part of one on its own line), or an ellipsis that stands for something
    else than the end of a name (or for more to come, after a whole word and a space)."""
    forms = shown_forms(names)
    if line != asked and not any(
        asked.strip() in form or in_last_name(asked, line, form) for form in forms
    ):
        return True
    for at, ch in enumerate(line):
        if ch != "…":
            continue
        before = line[:at]
        if before.endswith(" ") or before == "":
            continue  # "steps …": more follows a whole word
        if not any(
            before.endswith(form[:k].rstrip()) for form in forms for k in range(1, len(form))
        ):
            return True
    return False


@pytest.mark.parametrize("names", [LATIN, WIDE], ids=["latin", "wide"])
@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_long_names_give_way_to_the_words(
    config: Config,
    locale: str,
    names: tuple[str, ...],
    seen: Seen,
    watch: Callable[[], TextLog],
) -> None:
    named = names[: config.players]
    drawn = [what for what, _, _ in pictures(config, locale, named, watch)]
    assert "result card" in drawn and seen.lines
    sentences = [(asked, line) for asked, line in seen.lines if names_in(asked, named)]
    cut = sorted({f"{a!r} as {line!r}" for a, line in sentences if cut_words(a, line, named)})
    assert not cut, f"words cut instead of a name: {cut}"
    assert not seen.over_edge, f"text over the edge: {sorted(set(seen.over_edge))}"


def test_the_check_sees_cut_words_and_text_over_the_edge(seen: Seen) -> None:
    """The check can fail: a sentence cut at its end, and a text pasted past the edge."""
    kit = Toolkit(load=font, cached=False)
    img = Image.new("RGB", (300, 60))
    sentence = f"{LATIN[0]} offers a lot to {LATIN[1]}"
    draw_text(img, (0, 0), sentence, size=20, fill="#ffffff", kit=kit, max_width=280)
    assert cut_words(*seen.lines[-1], LATIN[:2])
    draw_text(img, (0, 0), "to move: Bartholomew, then Ma", size=20, fill="#ffffff", kit=kit,
              max_width=200)  # fmt: skip
    assert cut_words(*seen.lines[-1], LATIN[:2])  # "…" after a name's start, words lost
    draw_text(img, (0, 0), "Barth… to move", size=20, fill="#ffffff", kit=kit)
    assert not cut_words(*seen.lines[-1], LATIN[:2])
    draw_text(img, (0, 0), LATIN[1], size=20, fill="#ffffff", kit=kit, max_width=200)
    assert not cut_words(*seen.lines[-1], LATIN[:2])  # a name alone gives way
    draw_text(img, (0, 0), "capture, drop …", size=20, fill="#ffffff", kit=kit)
    assert not cut_words(*seen.lines[-1], LATIN[:2])
    assert not seen.over_edge
    draw_text(img, (250, 30), "Kantō", size=20, fill="#ffffff", kit=kit)
    assert seen.over_edge == ["'Kantō' at (250, 37) on (300, 60)"]
