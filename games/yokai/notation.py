"""Yōkai no Mori notation: writing actions and reading what players type.

Squares are ``a1`` .. ``c4`` (3x4) or ``a1`` .. ``e6`` (5x6): files from the first
player's left, ranks from the first player's side. Piece letters: K koropokkuru,
F kitsune, T tanuki, D kodama, I kirin, O oni.

Canonical form (written by :func:`notation`, stored in logs)::

    move := square square ["+"]      b2b3, b3b4+   ("+" whenever the move promotes)
    drop := LETTER "*" square        D*b3

:func:`parse` reads the canonical form and friendlier ones, in any case and with extra
spaces::

    b2-b3  b2xb3  b2 b3  B2B3          a move; without "+" a move that may promote does
                                       not (5x6), one that must promote does
    d*b3  drop kodama b3  drop D on b3 a drop
    kodama b3  D b3  oni b5+           the piece (name or letter) that goes there, moved
    kodama samurai c4  super oni a5    or dropped; several candidates are ambiguous
    b3                                 the only action that reaches the square

Names also accepted: lion/king (K), fox/elephant (F), giraffe (T), chick (D), dog (I),
cat (O), samurai/hen/+D, super-oni/+O.

>>> from games.yokai import GAME
>>> state = GAME.setup(2, {"variant": "3x4", "perpetual_check_loses": False}, 0)
>>> [GAME.notation(state, action) for action in GAME.legal(state, 0)]
['b1a2', 'b1c2', 'c1c2', 'b2b3']
>>> GAME.parse(state, 0, " B2 x b3 ")
Move(src=4, dst=7, promote=False)
>>> GAME.notation(state, GAME.parse(state, 0, "kodama b3"))
'b2b3'
>>> GAME.parse(state, 0, "c2")
Traceback (most recent call last):
...
games.errors.AmbiguousNotation: “c2” could be b1c2 or c1c2: please write one of them.
>>> GAME.notation(state, GAME.parse(state, 0, "drop kitsune on b3"))
'F*b3'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.base import AmbiguousNotation, IllegalAction, InvalidNotation, Reason
from games.yokai.board import Geometry
from games.yokai.state import Drop, Move, YokaiAction, YokaiState
from games.yokai.view import PIECE_NAMES

FILES = "abcde"
ALIASES = {
    "k": "K", "koropokkuru": "K", "lion": "K", "king": "K",
    "f": "F", "kitsune": "F", "fox": "F", "elephant": "F",
    "t": "T", "tanuki": "T", "giraffe": "T",
    "d": "D", "kodama": "D", "chick": "D",
    "i": "I", "kirin": "I", "dog": "I",
    "o": "O", "oni": "O", "cat": "O",
    "+d": "+D", "kodama samurai": "+D", "samurai": "+D", "hen": "+D",
    "+o": "+O", "super oni": "+O", "super-oni": "+O", "superoni": "+O",
}  # fmt: skip
_PIECE = "|".join(re.escape(name) for name in sorted(ALIASES, key=len, reverse=True))
_SQ = r"([a-z])(\d{1,2})"
MOVE_RE = re.compile(rf"{_SQ} ?[-x:]? ?{_SQ} ?(\+)?")
DROP_RE = re.compile(rf"(?:drop )?({_PIECE}) ?\* ?{_SQ}|drop ({_PIECE}) (?:on |at |to )?{_SQ}")
SQUARE_RE = re.compile(rf"{_SQ} ?(\+)?")
PIECE_RE = re.compile(rf"({_PIECE}) ?(?:to |on |at |x ?|- ?)?{_SQ} ?(\+)?")
HINT = Reason(
    "yokai.notation.hint",
    "Write a move as from-square and to-square (b2b3, or b3b4+ to promote) "
    "or a drop as letter*square (D*b3).",
)


def square_name(geo: Geometry, sq: int) -> str:
    """``4`` -> ``"b2"`` on the 3x4 board."""
    return FILES[sq % geo.files] + str(sq // geo.files + 1)


def notation(geo: Geometry, action: YokaiAction) -> str:
    """The canonical text of ``action``: ``b2b3``, ``b3b4+`` or ``D*b3``."""
    if isinstance(action, Drop):
        return f"{action.piece}*{square_name(geo, action.dst)}"
    plus = "+" if action.promote else ""
    return square_name(geo, action.src) + square_name(geo, action.dst) + plus


def label(state: YokaiState, action: YokaiAction) -> str:
    """Friendly menu text: ``kodama b2→b3 takes kodama``, ``drop kodama on b3``; a
    :class:`Reason` (``yokai.label.*``) so the bot words it in the reader's language."""
    geo = state.geometry
    if isinstance(action, Drop):
        to = square_name(geo, action.dst)
        text = f"drop {PIECE_NAMES[action.piece]} on {to}"
        return Reason("yokai.label.drop", text, piece=action.piece, to=to)
    piece = state.board[action.src].upper()
    src, dst = square_name(geo, action.src), square_name(geo, action.dst)
    text = f"{PIECE_NAMES[piece]} {src}→{dst}"
    target = state.board[action.dst]
    taken = target.upper() if target else ""
    if target:
        text += f" takes {PIECE_NAMES[taken]}"
    if action.promote:
        text += " and promotes" if target else " promotes"
    key = (
        "yokai.label.move" + (".capture" if target else "") + (".promote" if action.promote else "")
    )
    return Reason(key, text, piece=piece, src=src, dst=dst, taken=taken)


def parse(state: YokaiState, text: str, legal: Sequence[YokaiAction], seat: int) -> YokaiAction:
    """Read ``text`` as an action of ``seat``, resolving friendly forms against ``legal``.

    Raises InvalidNotation (unreadable text), AmbiguousNotation (several candidates) or
    IllegalAction (a piece-only form that names no piece able to act).
    """
    norm = " ".join(text.lower().split())
    geo = state.geometry
    if match := MOVE_RE.fullmatch(norm):
        src = _square(geo, match.group(1), match.group(2))
        dst = _square(geo, match.group(3), match.group(4))
        if match.group(5):
            return Move(src, dst, True)
        if Move(src, dst, False) not in legal and Move(src, dst, True) in legal:
            return Move(src, dst, True)  # the promotion is forced
        return Move(src, dst, False)
    if match := DROP_RE.fullmatch(norm):
        return _drop(geo, match)
    if match := SQUARE_RE.fullmatch(norm):
        dst = _square(geo, match.group(1), match.group(2))
        return _resolve(state, text, legal, seat, None, dst, bool(match.group(3)))
    if match := PIECE_RE.fullmatch(norm):
        dst = _square(geo, match.group(2), match.group(3))
        kind = ALIASES[match.group(1)]
        return _resolve(state, text, legal, seat, kind, dst, bool(match.group(4)))
    raise InvalidNotation(
        f"I can't read “{text.strip()}”. {HINT}",
        key="yokai.notation.i_can_t_read",
        strip=text.strip(),
        hint=HINT,
    )


def _drop(geo: Geometry, match: re.Match[str]) -> Drop:
    """A drop written ``D*b3`` or ``drop kodama b3``; a promoted piece is refused."""
    name, file, rank = match.group(1, 2, 3) if match.group(1) else match.group(4, 5, 6)
    kind = ALIASES[name]
    if kind.startswith("+"):
        raise InvalidNotation(
            f"Pieces are always dropped unpromoted: write {kind[1]}*{file}{rank}.",
            key="yokai.notation.pieces_are_always_dropped_unpromoted",
            kind=kind[1],
            file=file,
            rank=rank,
        )
    return Drop(kind, _square(geo, file, rank))


def _square(geo: Geometry, file: str, rank: str) -> int:
    f, r = FILES.find(file), int(rank)
    if not (0 <= f < geo.files and 1 <= r <= geo.ranks):
        last = FILES[geo.files - 1]
        raise InvalidNotation(
            f"There is no square {file}{rank} on the {geo.variant} board "
            f"(files a–{last}, ranks 1–{geo.ranks}).",
            key="yokai.notation.there_no_square_board_files",
            file=file,
            rank=rank,
            variant=geo.variant,
            last=last,
            ranks=geo.ranks,
        )
    return (r - 1) * geo.files + f


def _kind(state: YokaiState, action: YokaiAction) -> str:
    """The acting piece: ``"D"`` for a kodama move or drop, ``"+D"`` for a samurai."""
    return action.piece if isinstance(action, Drop) else state.board[action.src].upper()


def _resolve(
    state: YokaiState,
    text: str,
    legal: Sequence[YokaiAction],
    seat: int,
    kind: str | None,
    dst: int,
    plus: bool,
) -> YokaiAction:
    """The one legal action of piece ``kind`` (any if None) reaching ``dst``."""
    reaching = [a for a in legal if a.dst == dst]
    found = [a for a in reaching if kind is None or _kind(state, a) == kind]
    if not found and kind in ("D", "O"):
        found = [a for a in reaching if _kind(state, a) == "+" + kind]  # "kodama" for a samurai
    if plus:
        found = [a for a in found if isinstance(a, Move) and a.promote]
    else:  # a bare move that may promote does not; a forced promotion stays
        found = [
            a
            for a in found
            if not (isinstance(a, Move) and a.promote and Move(a.src, dst) in found)
        ]
    if len(found) == 1:
        return found[0]
    geo = state.geometry
    if found:
        names = [notation(geo, a) for a in found]
        listed = ", ".join(names[:-1]) + " or " + names[-1]
        raise AmbiguousNotation(
            f"“{text.strip()}” could be {listed}: please write one of them.",
            names,
            key="yokai.notation.could_be_please_write_one",
            strip=text.strip(),
            listed=listed,
        )
    return _unreachable(state, seat, kind, dst, plus)


def _unreachable(
    state: YokaiState, seat: int, kind: str | None, dst: int, plus: bool
) -> YokaiAction:
    """An action for a piece form no legal action matches, so that ``act`` explains why."""
    where = square_name(state.geometry, dst)
    if kind is None:
        raise IllegalAction(
            f"None of your actions reaches {where}.",
            key="yokai.notation.none_actions_reaches",
            where=where,
        )
    mine = [
        sq
        for sq, text in enumerate(state.board)
        if text.upper() == kind and (text != text.upper()) == (seat == 1)
    ]
    if mine:
        return Move(mine[0], dst, plus)
    if not kind.startswith("+"):
        return Drop(kind, dst)
    raise IllegalAction(
        f"You have no {PIECE_NAMES[kind]} on the board.",
        key="yokai.notation.have_no_board",
        piece=PIECE_NAMES[kind],
    )
