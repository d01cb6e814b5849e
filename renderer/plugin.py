"""What a game's renderer is: the :class:`GameRenderer` protocol, its defaults, the registry.

A game's pictures live in one package, ``renderer/<key>/``, whose ``__init__`` exports one
object, ``RENDERER``, satisfying :class:`GameRenderer`. Every per-game hook is a declared
member of the protocol; :class:`Drawing` builds a renderer from a game's drawing functions
(what every built-in game does), and :class:`RendererDefaults` gives a class-based
renderer the optional members' defaults (no
hand picture, no detail picture, the shared PNG palette, no category colours, a plain
score column on the result card), so a
game overrides only what it has. The shared core never names a game: it finds the
packages under ``renderer/`` that export ``RENDERER`` (:func:`discover`), and a renderer
from elsewhere (a test's toy game) joins with :func:`register`.

>>> all(get(key).key == key and has_board(key) for key in RENDERERS)
True
>>> has_board("no such game"), has_hand("no such game")
(False, False)
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from PIL import Image

from games.base import Outcome, UnknownGame
from renderer.alt import Sentence, pack, sentences
from renderer.columns import Column, ResultPart, score_columns
from renderer.core import Toolkit, png_palette
from renderer.palettes import Palette
from renderer.words import Words, words

__all__ = [
    "RENDERERS",
    "Column",
    "Drawing",
    "GameRenderer",
    "NoHandPicture",
    "Paint",
    "RendererDefaults",
    "ResultPart",
    "discover",
    "get",
    "has_board",
    "has_hand",
    "picture",
    "register",
    "unregister",
]


class NoHandPicture(UnknownGame):
    """The game has no private hand picture (its hidden information is none, or text)."""


# --- one picture's ask --------------------------------------------------------------------

View = TypeVar("View")
Drawn = TypeVar("Drawn")


@dataclass(frozen=True)
class Paint:
    """What one picture is drawn with besides the view: the palette, the seats' names, the
    toolkit, the words of the locale and (a board only) whether to light the last move."""

    palette: Palette
    names: Sequence[str] | None
    kit: Toolkit
    tr: Words
    highlight: bool = False


def picture(draw: Callable[[View, Paint], Drawn]) -> Callable[..., Drawn]:
    """A game's ``draw(view, paint)`` called with the protocol's keywords, so a board, hand
    or detail function states them once here: ``palette``, ``names``, ``kit``, ``locale``
    and, for a board, ``highlight``."""

    @wraps(draw)
    def keywords(
        view: View,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
        highlight: bool = False,
    ) -> Drawn:
        return draw(view, Paint(palette, names, kit, words(locale), highlight))

    return keywords


# --- the protocol -------------------------------------------------------------------------


@runtime_checkable
class GameRenderer(Protocol):
    """A game's pictures and their descriptions (see renderer/yokai for the smallest one).

    Every method draws only from what it is given (a view, an outcome), so a picture can
    never show a secret the viewer was not given. ``locale`` is a supported locale ("en",
    "es"); words come from :func:`renderer.words.words`.
    """

    @property
    def key(self) -> str:
        """The game key this renderer draws (``games.get(key)``)."""
        ...

    @property
    def has_hand(self) -> bool:
        """Whether :meth:`render_hand` and :meth:`hand_alt_text` draw a seat's private hand.
        Without one, both raise :class:`NoHandPicture`."""
        ...

    def board_marks(self, locale: str = "en") -> list[str]:
        """The board's marks its picture does not explain, one line each in ``locale``'s
        words, for ``/help game:`` (what a key on the picture would not fit)."""
        ...

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
        """The board picture of a public or seat view (RGB)."""
        ...

    def alt_text(self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
        """A description of the board for screen readers (at most 1,000 characters): its
        :meth:`alt_sentences` packed by :func:`renderer.alt.pack`."""
        ...

    def alt_sentences(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> Sequence[Sentence]:
        """The whole description of the board as ranked sentences in reading order, whose
        turn and what they must do first (see :mod:`renderer.alt`)."""
        ...

    def render_hand(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        """The private picture of one seat's hand, for the DM (a seat's view)."""
        ...

    def hand_alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        """A description of the hand picture for screen readers."""
        ...

    def render_detail(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image | None:
        """The board's second picture, posted in the same message: what a phone-sized
        board leaves out (the region of the last move enlarged, or panels such as cards on
        offer and seats' powers). ``None`` (the default) when the board says it all."""
        ...

    def png_palette(self, pal: Palette, kit: Toolkit) -> Image.Image:
        """The fixed 256-colour PNG palette of this game's pictures in ``pal``."""
        ...

    def category_colours(self, pal: Palette) -> Mapping[str, str]:
        """Every colour this game gives a kind of thing (a card type, a troop, a seal) in
        ``pal``, by name: none may be read as a seat's colour (tests/renderer/
        test_palettes.py keeps each 12 CIEDE2000 from every seat colour, for every viewer)."""
        ...

    def result_part(self, outcome: Outcome, seats: int, tr: Words) -> ResultPart:
        """This game's columns, notes, legend and end wording on the result card, read
        from ``outcome.detail`` (unknown or malformed detail is left out, not guessed)."""
        ...


class RendererDefaults:
    """Defaults for the optional members of :class:`GameRenderer` (renderers inherit)."""

    has_hand: bool = False

    def alt_text(self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
        raise NotImplementedError("a renderer describes its board")

    def board_marks(self, locale: str = "en") -> list[str]:
        return []  # the board's own key explains every mark

    def alt_sentences(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> Sequence[Sentence]:
        return sentences(self.alt_text(view, names=names, locale=locale))

    def render_hand(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        raise NoHandPicture("This game has no hand picture.")

    def hand_alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        raise NoHandPicture("This game has no hand picture.")

    def render_detail(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image | None:
        return None

    def png_palette(self, pal: Palette, kit: Toolkit) -> Image.Image:
        return png_palette(pal, kit)

    def category_colours(self, pal: Palette) -> Mapping[str, str]:
        return {}

    def result_part(self, outcome: Outcome, seats: int, tr: Words) -> ResultPart:
        return ResultPart(score_columns(outcome, seats, tr))


@dataclass(frozen=True)
class Drawing:
    """A :class:`GameRenderer` made of a game's drawing functions, so a game package writes
    its functions once and does not restate the protocol's signatures to forward them:

    ``RENDERER = Drawing(GAME_KEY, render, alt_sentences, result_part=result_part)``

    ``describe`` gives the board's ranked sentences (see :mod:`renderer.alt`).

    Hand functions, a PNG palette and category colours are optional (no hand picture; the
    shared palette; no category colours); so are ``marks``, the catalogue keys of the lines
    ``/help game:`` adds about the board's marks that its picture has no room to explain.
    """

    key: str
    draw: Callable[..., Image.Image]
    describe: Callable[..., Sequence[Sentence]]
    draw_hand: Callable[..., Image.Image] | None = None
    describe_hand: Callable[..., str] | None = None
    result: Callable[[Outcome, int, Words], ResultPart] | None = None
    palette: Callable[[Palette, Toolkit], Image.Image] | None = None
    draw_detail: Callable[..., Image.Image | None] | None = None
    categories: Callable[[Palette], Mapping[str, str]] | None = None
    marks: tuple[str, ...] = ()  # catalogue keys: the marks /help game: explains

    @property
    def has_hand(self) -> bool:
        return self.draw_hand is not None and self.describe_hand is not None

    def board_marks(self, locale: str = "en") -> list[str]:
        tr = words(locale)
        return [tr(key) for key in self.marks]

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
        return self.draw(
            view, palette=palette, highlight=highlight, names=names, kit=kit, locale=locale
        )

    def alt_text(self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
        return pack(self.alt_sentences(view, names=names, locale=locale))

    def alt_sentences(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> Sequence[Sentence]:
        return self.describe(view, names=names, locale=locale)

    def render_hand(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        if self.draw_hand is None:
            raise NoHandPicture("This game has no hand picture.")
        return self.draw_hand(view, palette=palette, names=names, kit=kit, locale=locale)

    def hand_alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        if self.describe_hand is None:
            raise NoHandPicture("This game has no hand picture.")
        return self.describe_hand(view, names=names, locale=locale)

    def render_detail(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image | None:
        if self.draw_detail is None:
            return None
        return self.draw_detail(view, palette=palette, names=names, kit=kit, locale=locale)

    def png_palette(self, pal: Palette, kit: Toolkit) -> Image.Image:
        return self.palette(pal, kit) if self.palette is not None else png_palette(pal, kit)

    def category_colours(self, pal: Palette) -> Mapping[str, str]:
        return self.categories(pal) if self.categories is not None else {}

    def result_part(self, outcome: Outcome, seats: int, tr: Words) -> ResultPart:
        if self.result is not None:
            return self.result(outcome, seats, tr)
        return ResultPart(score_columns(outcome, seats, tr))


# --- the registry -------------------------------------------------------------------------

_registry: dict[str, GameRenderer] = {}
_lock = threading.Lock()
_discovered = False
PACKAGE_DIR = Path(__file__).resolve().parent


def register(renderer: GameRenderer) -> None:
    """Make ``renderer`` draw the game ``renderer.key`` (replacing any earlier one)."""
    if not isinstance(renderer, GameRenderer):
        raise TypeError(f"{renderer!r} does not satisfy the GameRenderer protocol")
    _registry[renderer.key] = renderer


def unregister(key: str) -> None:
    """Forget a renderer registered from elsewhere (a test's toy game)."""
    _registry.pop(key, None)


def discover() -> None:
    """Register the ``RENDERER`` of every package under ``renderer/`` (once)."""
    global _discovered
    if _discovered:
        return
    with _lock:
        if _discovered:
            return
        for info in sorted(pkgutil.iter_modules([str(PACKAGE_DIR)]), key=lambda i: i.name):
            if not info.ispkg:
                continue
            module = importlib.import_module(f"renderer.{info.name}")
            found = vars(module).get("RENDERER")
            if found is None:
                continue
            if found.key != info.name:
                raise ValueError(f"renderer/{info.name} exports a RENDERER for {found.key!r}")
            _registry.setdefault(found.key, found)
        _discovered = True


def get(game_key: str) -> GameRenderer:
    """The renderer of ``game_key``; raises UnknownGame listing the games that have one."""
    discover()
    try:
        return _registry[game_key]
    except KeyError:
        known = ", ".join(sorted(_registry))
        raise UnknownGame(f"There is no picture for {game_key!r}. Games: {known}.") from None


def has_board(game_key: str) -> bool:
    """Whether ``game_key`` has a renderer (a board picture)."""
    discover()
    return game_key in _registry


def has_hand(game_key: str) -> bool:
    """Whether ``game_key`` has a private hand picture."""
    return has_board(game_key) and _registry[game_key].has_hand


class _Registry(Mapping[str, GameRenderer]):
    """The registered renderers by game key, read-only (discovered on first use)."""

    def __getitem__(self, key: str) -> GameRenderer:
        discover()
        return _registry[key]

    def __iter__(self) -> Iterator[str]:
        discover()
        return iter(dict(_registry))

    def __len__(self) -> int:
        discover()
        return len(_registry)


RENDERERS: Mapping[str, GameRenderer] = _Registry()
