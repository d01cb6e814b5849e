"""Samurai notation: writing actions and reading what players type.

Hexes are labelled by column letter ``A``..``T`` (west to east) and row ``1``..``24`` (north
to south) on the whole printed map (see :mod:`games.samurai.data`); Edo is ``O14``, the
cities are ``L16`` (Kyoto), ``O10`` (Akita) and ``P5`` (Sapporo). Tiles: ``H2``..``H4``
helmet, ``B2``..``B4`` Buddha, ``R2``..``R4`` rice field, ``S1``..``S3`` samurai, ``N1``
ronin, ``W1``/``W2`` ship, ``FS`` figure swap, ``TS`` tile swap. Figures: ``H``, ``B``, ``R``.

Canonical form (written by :func:`notation`, stored in logs)::

    take B4 | drop B4 | confirm        choose the starting hand, one tile at a time
    H@L16                              put a helmet from the supply on Kyoto
    B3@F7                              play Buddha 3 on F7 (ships W1@C4, ronin N1@F7)
    TS F7>G9                           tile swap on F7; the own tile there moves to G9
    FS H@L16 B@O10                     exchange Kyoto's helmet with Akita's Buddha
    end                                end the turn and draw back up to five

:func:`parse` also reads friendlier forms in any case: ``buddha 3 on f7``, ``b3 f7``,
``ship 2 c4`` or ``ship c4`` (when only one ship fits), ``ronin f7``, ``tile swap f7 g9``,
``figure swap helmet kyoto buddha akita``, ``helmet kyoto``, ``pick b4``, ``ready``,
``done``, ``end turn``; a lone tile or hex lists the plays it could mean. A tile code is
also read as any language's board prints it (``samurai.code.*`` in the catalogues): in
Spanish ``Y`` yelmo, ``A`` arroz, ``R1`` ronin, ``M`` barco (mar), ``IF`` and ``IL`` the
swaps, so ``A2@F7`` is ``R2@F7``; a figure too (``Y@L16``: a helmet, ``samurai.letter.*``).

>>> from games.samurai import GAME
>>> s = GAME.setup(2, {"random_opening": True, "random_placement": True}, 5)
>>> s.hands[0]
('B2', 'B3', 'S3', 'W1', 'TS')
>>> GAME.parse(s, 0, "buddha 3 on m16")
Place(tile='B3', hex='M16')
>>> GAME.notation(s, GAME.parse(s, 0, "ship k14"))
'W1@K14'
>>> GAME.label(s, acts.Place("B3", "M16"))
'Buddha 3 on M16 (next to Kyoto (L16), village N15)'
>>> GAME.notation(s, GAME.parse(s, 0, "figure swap rice kyoto buddha akita"))
'FS R@L16 B@O10'
>>> GAME.parse(s, 0, "m16")
Traceback (most recent call last):
...
games.errors.AmbiguousNotation: “m16” could be B2@M16, B3@M16, S3@M16: please write one of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from games.base import AmbiguousNotation, InvalidNotation, Reason
from games.samurai import state as acts
from games.samurai.data import (
    FIGURE_NAMES,
    FIGURES,
    TILES,
    Board,
    all_labels,
    board_for,
)
from games.samurai.state import SamuraiAction, SamuraiState
from games.words import spoken

EXAMPLES = "`B3@F7`, `W1@C4`, `TS F7>G9`, `FS H@L16 B@O10`, `end`"
PHRASES = (
    ("figure swap", "fs"),
    ("swap figures", "fs"),
    ("figureswap", "fs"),
    ("tile swap", "ts"),
    ("swap tiles", "ts"),
    ("tileswap", "ts"),
    ("end my turn", "end"),
    ("end turn", "end"),
    ("rice fields", "rice"),
    ("rice field", "rice"),
    ("high helmet", "helmet"),
)
FILLER = frozenset(
    {"on", "to", "at", "in", "into", "onto", "the", "a", "an", "put", "place", "play", "with"}
    | {"and", "next", "of", "my", "tile", "figure", "village", "city", "capital", "from"}
)
KINDS = {
    "h": "H", "helmet": "H", "helmets": "H", "yelmo": "H", "castle": "H",
    "b": "B", "buddha": "B", "buddhas": "B", "buda": "B",
    "r": "R", "rice": "R", "arroz": "R",
    "s": "S", "samurai": "S",
    "n": "N", "ronin": "N",
    "w": "W", "ship": "W", "ships": "W", "boat": "W", "barco": "W",
    "fs": "FS", "ts": "TS",
}  # fmt: skip
FIGURE_WORDS = {w: k for w, k in KINDS.items() if k in FIGURES}
END_WORDS = frozenset(("end", "pass", "finish", "done", "confirm", "ready", "ok"))
TAKE_WORDS = frozenset(("take", "pick", "choose", "add", "select"))
DROP_WORDS = frozenset(("drop", "remove", "unpick", "return", "discard"))
CONFIRM_WORDS = frozenset(("confirm", "ready", "ok", "done"))
TILE_RE = re.compile(r"^([a-z]+?)(\d+)$")
PIECE_WORD = re.compile(r"([a-z]+)\s*(?=@)")
HEX_RE = re.compile(r"^[a-t]\d{1,2}$")
Legal = Callable[[], Sequence[SamuraiAction]]
SEPARATORS = re.compile(r"->|→|↔|<->|<>|[@>,;:()\[\]\-_/]")
PHRASE_MAP = dict(PHRASES)
PHRASE_RE = re.compile(r"\b(?:" + "|".join(re.escape(p) for p, _ in PHRASES) + r")\b")


# --- writing --------------------------------------------------------------------------


def notation(action: SamuraiAction) -> str:
    """Canonical text of ``action`` (see the module docstring)."""
    if isinstance(action, acts.Place):
        return f"{action.tile}@{action.hex}"
    if isinstance(action, acts.End):
        return "end"
    if isinstance(action, acts.TileSwap):
        return f"TS {action.source}>{action.target}"
    if isinstance(action, acts.FigureSwap):
        (f1, h1), (f2, h2) = action.first, action.second
        return f"FS {f1}@{h1} {f2}@{h2}"
    if isinstance(action, acts.PlaceFigure):
        return f"{action.figure}@{action.hex}"
    if isinstance(action, acts.Take):
        return f"take {action.tile}"
    if isinstance(action, acts.Drop):
        return f"drop {action.tile}"
    if isinstance(action, acts.Confirm):
        return "confirm"
    raise InvalidNotation(
        "That is not a Samurai action.", key="samurai.notation.not_samurai_action"
    )


def tile_name(code: str) -> str:
    """``"Buddha 3"`` for ``"B3"``; the code itself if unknown."""
    spec = TILES.get(code)
    return spec.name if spec else code


def hex_title(board: Board, label: str) -> str:
    """``"Kyoto (L16)"``, ``"village F7"``, ``"F7"`` for plain hexes."""
    index = board.by_label.get(label)
    if index is None:
        return label
    h = board.hexes[index]
    return h.title if h.is_settlement else label


def _title(board: Board, label: str) -> str:
    """:func:`hex_title` as a catalogue Reason where it has words (``village F7``)."""
    index = board.by_label.get(label)
    if index is None:
        return label
    h = board.hexes[index]
    if h.is_settlement and not h.name and h.terrain in ("city", "village"):
        return Reason(f"samurai.settlement.{h.terrain}", h.title, hex=h.label)
    return hex_title(board, label)


def _near(state: SamuraiState, board: Board, label: str) -> str:
    """`` (next to …)``: the settlements next to ``label`` that hold figures (a Reason)."""
    index = board.by_label.get(label)
    if index is None:
        return ""
    names = [_title(board, board.hexes[s].label) for s in board.near[index] if state.figures[s]]
    if not names:
        return ""
    return Reason("samurai.label.near", f" (next to {', '.join(names)})", names=names)


def _short(key: str, english: str, **params: Any) -> Reason:
    """A label within 100 characters by design: the surroundings go first if too long."""
    if len(english) > LABEL_MAX and params.get("near"):
        english = english.replace(str(params["near"]), "")
        params["near"] = ""
    if len(english) > LABEL_MAX:
        english = english[: LABEL_MAX - 1] + "…"
    return Reason(key, english, **params)


def label(state: SamuraiState, action: SamuraiAction) -> str:
    """A friendly one-line description for menus, at most 100 characters: a
    :class:`Reason` (``samurai.label.*``), so the bot words it in the reader's language."""
    board = board_for(state.players)
    if isinstance(action, acts.Place):
        near = _near(state, board, action.hex)
        text = f"{tile_name(action.tile)} on {action.hex}{near}"
        return _short("samurai.label.place", text, tile=action.tile, hex=action.hex, near=near)
    if isinstance(action, acts.TileSwap):
        index = board.by_label.get(action.source)
        tile = state.tiles[index] if index is not None else None
        code = tile[1] if tile else "?"
        near = _near(state, board, action.target)
        text = (
            f"Tile swap on {action.source}: your {tile_name(code) if tile else 'tile'} moves "
            f"to {action.target}{near}"
        )
        params = {"source": action.source, "moved": code, "target": action.target, "near": near}
        return _short("samurai.label.tile_swap", text, **params)
    if isinstance(action, acts.FigureSwap):
        (f1, h1), (f2, h2) = action.first, action.second
        t1, t2 = _title(board, h1), _title(board, h2)
        text = (
            f"Figure swap: {FIGURE_NAMES.get(f1, f1)} in {t1} with "
            f"{FIGURE_NAMES.get(f2, f2)} in {t2}"
        )
        params = {"first": f1, "first_at": t1, "second": f2, "second_at": t2}
        return _short("samurai.label.figure_swap", text, **params)
    if isinstance(action, acts.PlaceFigure):
        where = _title(board, action.hex)
        text = f"Put a {FIGURE_NAMES.get(action.figure, '?')} on {where}"
        return _short("samurai.label.figure", text, figure=action.figure, where=where)
    if isinstance(action, acts.Take):
        text = f"Take {tile_name(action.tile)} into your starting hand"
        return Reason("samurai.label.take", text, tile=action.tile)
    if isinstance(action, acts.Drop):
        return Reason("samurai.label.drop", f"Put {tile_name(action.tile)} back", tile=action.tile)
    if isinstance(action, acts.Confirm):
        return Reason("samurai.label.confirm", "Confirm your starting hand")
    return Reason("samurai.label.end", "End your turn and draw back up to five tiles")


LABEL_MAX = 100


# --- reading --------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    """The words of ``text`` without filler; a word written against ``@`` is a figure or a
    tile, never filler (Spanish ``A@L16``: arroz, not the preposition)."""
    lowered = text.strip().lower()
    pieces = set(PIECE_WORD.findall(lowered))
    text = SEPARATORS.sub(" ", lowered)
    text = PHRASE_RE.sub(lambda m: PHRASE_MAP[m.group(0)], " ".join(text.split()))
    return [w for w in text.split() if w in pieces or w not in FILLER]


def _figure(word: str) -> str | None:
    """The figure type a word names (``helmet``, ``H``; Spanish ``Y`` yelmo, ``A`` arroz as
    the Spanish boards' key prints them, ``samurai.letter.*``), else ``None``."""
    return FIGURE_WORDS.get(word) or spoken("samurai", "samurai.letter").get(word)


def _ambiguous(text: str, actions: Sequence[SamuraiAction]) -> AmbiguousNotation:
    names = [notation(a) for a in actions]
    shown = ", ".join(names[:6]) + (", …" if len(names) > 6 else "")
    return AmbiguousNotation(
        f"“{text}” could be {shown}: please write one of them.",
        names,
        key="samurai.notation.could_be_please_write_one",
        text_name=text,
        shown=shown,
    )


def _unreadable(text: str) -> InvalidNotation:
    short = text if len(text) <= 40 else text[:39] + "…"
    return InvalidNotation(
        f"I could not read “{short}” as a Samurai action (e.g. {EXAMPLES}).",
        key="samurai.notation.i_could_not_read_as",
        short=short,
        examples=EXAMPLES,
    )


def _read_tile(words: list[str], i: int) -> tuple[str | None, str | None, int]:
    """``(code, kind letter, next index)`` for a tile at ``words[i]``; ``(None, None, i)``."""
    if i >= len(words):
        return None, None, i
    word = _code(words[i])
    match = TILE_RE.match(word)
    if match and match.group(1) in KINDS:
        kind = KINDS[match.group(1)]
        return kind + match.group(2), kind, i + 1
    if word in KINDS:
        kind = KINDS[word]
        if kind in ("FS", "TS", "N"):
            return ("N1" if kind == "N" else kind), kind, i + 1
        if i + 1 < len(words) and words[i + 1].isdigit():
            return kind + words[i + 1], kind, i + 2
        return None, kind, i + 1
    return None, None, i


def _code(word: str) -> str:
    """A tile code as the reader's board prints it (Spanish ``a2`` is rice 2), in the
    parser's own letters; any other word as it is."""
    return spoken("samurai", "samurai.code").get(word, word).lower()


def _read_hex(board: Board, word: str) -> str | None:
    """The label a word names (a label or a settlement's name), else ``None``."""
    if HEX_RE.match(word):
        label = word.upper()
        if label in board.by_label:
            return label
        if label in all_labels():
            raise InvalidNotation(
                f"Hex {label} is not on the board for {board.players} players.",
                key="samurai.notation.hex_not_board_for_players",
                label=label,
                players=board.players,
            )
        return None
    for h in board.hexes:
        if h.name and h.name.lower() == word:
            return h.label
    return None


def _check_tile(code: str, text: str) -> str:
    if code not in TILES:
        raise InvalidNotation(
            f"There is no tile {code.upper()} (tiles are e.g. B3, S1, W2, N1).",
            key="samurai.notation.there_no_tile_tiles_are",
            upper=code.upper(),
        )
    return code


def _pick_one(text: str, matches: list[SamuraiAction]) -> SamuraiAction:
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise _ambiguous(text, matches)
    raise InvalidNotation(
        f"No legal action matches “{text.strip()[:40]}” now.",
        key="samurai.notation.no_legal_action_matches_now",
        strip=text.strip()[:40],
    )


def parse(state: SamuraiState, seat: int, text: str, legal: Legal) -> SamuraiAction:
    """An action from ``text`` for ``seat``; ``legal`` lists its legal actions (lazily)."""
    if not isinstance(text, str) or len(text) > 200:
        raise _unreadable(str(text)[:40])
    words = _words(text)
    if not words:
        raise InvalidNotation(
            f"Type an action, for example {EXAMPLES}.",
            key="samurai.notation.type_action_for_example",
            examples=EXAMPLES,
        )
    board = board_for(state.players)
    head, rest = words[0], words[1:]
    if _code(head) in ("fs", "ts"):  # Spanish IF, IL
        head = _code(head)
    if head in END_WORDS and not rest:
        if state.phase == "pick" and head in CONFIRM_WORDS:
            return acts.Confirm()
        return acts.End()
    if head in TAKE_WORDS | DROP_WORDS:
        code, _, nxt = _read_tile(rest, 0)
        if code is None or nxt != len(rest):
            raise _unreadable(text)
        code = _check_tile(code, text)
        return acts.Take(code) if head in TAKE_WORDS else acts.Drop(code)
    if head == "fs":
        return _figure_swap(board, text, rest, legal)
    if head == "ts":
        return _tile_swap(board, text, rest, legal)
    if state.phase == "placement":
        return _figure_placement(board, text, words, legal)
    if state.phase == "pick":
        code, _, nxt = _read_tile(words, 0)
        if code is None or nxt != len(words):
            raise _unreadable(text)
        return acts.Take(_check_tile(code, text))
    return _tile_placement(board, text, words, legal, state.hands[seat])


def _tile_placement(
    board: Board, text: str, words: list[str], legal: Legal, hand: tuple[str, ...]
) -> SamuraiAction:
    code, kind, nxt = _read_tile(words, 0)
    target = _read_hex(board, words[nxt]) if nxt < len(words) else None
    if kind is None or (target is None and nxt < len(words)) or nxt + 1 < len(words):
        label = _read_hex(board, words[0]) if len(words) == 1 else None
        if label is None:
            raise _unreadable(text)
        return _pick_one(text, [a for a in legal() if isinstance(a, acts.Place) and a.hex == label])
    if code is not None:
        code = _check_tile(code, text)
        if target is not None:
            return acts.Place(code, target)
    matches = [
        a
        for a in legal()
        if isinstance(a, acts.Place)
        and (a.tile == code if code else a.tile[0] == kind)
        and (target is None or a.hex == target)
    ]
    if not matches and code is not None and code not in hand:
        raise InvalidNotation(
            f"You have no {tile_name(code)} in your hand.",
            key="samurai.notation.have_no_hand",
            tile=tile_name(code),
        )
    return _pick_one(text, list(matches))


def _figure_placement(board: Board, text: str, words: list[str], legal: Legal) -> SamuraiAction:
    figure = _figure(words[0])
    labels = words[1:] if figure else words
    if len(labels) > 1:
        raise _unreadable(text)
    target = _read_hex(board, labels[0]) if labels else None
    if labels and target is None:
        raise _unreadable(text)
    if figure and target:
        return acts.PlaceFigure(figure, target)
    matches = [
        a
        for a in legal()
        if isinstance(a, acts.PlaceFigure)
        and (figure is None or a.figure == figure)
        and (target is None or a.hex == target)
    ]
    return _pick_one(text, list(matches))


def _figure_swap(board: Board, text: str, words: list[str], legal: Legal) -> SamuraiAction:
    pairs: list[tuple[str | None, str]] = []
    pending: str | None = None
    for word in words:
        figure = _figure(word)
        if figure and pending is None:
            pending = figure
            continue
        label = _read_hex(board, word)
        if label is None:
            raise _unreadable(text)
        pairs.append((pending, label))
        pending = None
    if pending is not None or len(pairs) > 2:
        raise _unreadable(text)
    if len(pairs) == 2 and pairs[0][0] and pairs[1][0]:
        (f1, h1), (f2, h2) = pairs
        assert f1 is not None and f2 is not None
        if board.by_label[h2] < board.by_label[h1]:
            (f1, h1), (f2, h2) = (f2, h2), (f1, h1)
        return acts.FigureSwap((f1, h1), (f2, h2))

    def fits(action: acts.FigureSwap) -> bool:
        ends = [action.first, action.second]
        for figure, label in pairs:
            hit = next((e for e in ends if e[1] == label and figure in (None, e[0])), None)
            if hit is None:
                return False
            ends.remove(hit)
        return True

    matches = [a for a in legal() if isinstance(a, acts.FigureSwap) and fits(a)]
    return _pick_one(text, list(matches))


def _tile_swap(board: Board, text: str, words: list[str], legal: Legal) -> SamuraiAction:
    labels = [_read_hex(board, w) for w in words]
    if len(labels) > 2 or any(label is None for label in labels):
        raise _unreadable(text)
    if len(labels) == 2:
        source, target = labels
        assert source is not None and target is not None
        return acts.TileSwap(source, target)
    matches = [
        a for a in legal() if isinstance(a, acts.TileSwap) and (not labels or a.source == labels[0])
    ]
    return _pick_one(text, list(matches))
