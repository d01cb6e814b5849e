"""Yōkai no Mori in words: the alt text (screen readers) and the short last-move label."""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.yokai.view import PIECE_NAMES, YokaiView
from renderer.alt import NOW, Sentence, pack
from renderer.text import result_sentence, seat_label
from renderer.words import Words, words

MOVE_RE = re.compile(r"^([a-e])([1-6])([a-e])([1-6])(\+?)$")
DROP_RE = re.compile(r"^([A-Z])\*([a-e][1-6])$")


def piece_key(code: str) -> tuple[str, int]:
    """("+D", 1) from "+d": the piece (move-table key) and the owner of a board code."""
    letter = code[-1]
    return ("+" if code.startswith("+") else "") + letter.upper(), 0 if letter.isupper() else 1


def title(view: YokaiView) -> str:
    return f"Yōkai no Mori {view.files}x{view.ranks}"


def piece_name(key: str, tr: Words) -> str:
    """The name of piece ``key`` ("D", "+D") in ``tr``'s locale."""
    return tr.get(f"yokai.piece.{key}", PIECE_NAMES.get(key, key))


def short_move(view: YokaiView) -> str:
    """The last move for the picture: "D b2–b3", "D b3–b4+", "D*b3"."""
    text = view.last_move or ""
    m = MOVE_RE.match(text)
    if m and view.last_squares:
        code = view.board[view.last_squares[-1]]
        letter = code[-1].upper() if code else ""
        return f"{letter} {m[1]}{m[2]}–{m[3]}{m[4]}{m[5]}".strip()
    return text


def last_move_sentence(view: YokaiView, names: Sequence[str] | None, tr: Words) -> str:
    """ "Last move: First player kodama c3 to c4, promoting to kodama samurai." """
    text = view.last_move
    if not text:
        return ""
    target = view.board[view.last_squares[-1]] if view.last_squares else ""
    # The piece now on the target square is the one that moved, so it names the mover.
    who = ""
    if target:
        who = tr("yokai.alt.who", name=seat_label(piece_key(target)[1], names, tr.locale))
    if m := MOVE_RE.match(text):
        key = piece_key(target)[0] if target else ""
        moved = key[-1:] if m[5] else key
        before = piece_name(moved, tr) if moved else tr("yokai.alt.piece")
        promo = ""
        if m[5]:
            promoted = piece_name(key, tr) if key else tr("yokai.alt.promoted_piece")
            promo = tr("yokai.alt.promoting", piece=promoted)
        src, dst = f"{m[1]}{m[2]}", f"{m[3]}{m[4]}"
        return tr("yokai.alt.move", who=who, piece=before, src=src, dst=dst, promo=promo)
    if m := DROP_RE.match(text):
        return tr("yokai.alt.drop", who=who, piece=piece_name(m[1], tr), square=m[2])
    return tr("yokai.alt.other", move=text)


def pieces_sentence(view: YokaiView, seat: int, names: Sequence[str] | None, tr: Words) -> str:
    """ "First player (bottom): koropokkuru b1; kodama b2, c2." grouped by piece."""
    squares: dict[str, list[str]] = {key: [] for key in PIECE_NAMES}
    for index, code in enumerate(view.board):
        if code and piece_key(code)[1] == seat:
            squares.setdefault(piece_key(code)[0], []).append(view.square_name(index))
    groups = [f"{piece_name(k, tr)} {', '.join(at)}" for k, at in squares.items() if at]
    return tr(
        "yokai.alt.pieces",
        name=seat_label(seat, names, tr.locale),
        side=tr(f"yokai.side.{seat}"),
        groups="; ".join(groups) or tr("yokai.alt.no_pieces"),
    )


def reserves_sentence(view: YokaiView, names: Sequence[str] | None, tr: Words) -> str:
    """ "Reserves: First player 2 kodama, 1 kitsune; Second player none." """
    parts = []
    for seat in (0, 1):
        hand = ", ".join(f"{n} {piece_name(k, tr)}" for k, n in view.hands[seat])
        parts.append(f"{seat_label(seat, names, tr.locale)} {hand or tr('yokai.alt.none')}")
    return tr("yokai.alt.reserves", parts="; ".join(parts))


def alt_sentences(
    view: YokaiView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> list[Sentence]:
    """The position in ranked sentences: whose move (or the result) and the last move
    first, the captured pieces in reserve next, then every piece on the board."""
    tr = words(locale)
    when = tr("yokai.alt.start") if view.ply == 0 else tr("yokai.alt.move_n", n=view.ply)
    head = f"{title(view)}, {when}"
    if view.outcome is not None:
        head += ". " + result_sentence(view.outcome, names, tr.locale, "yokai")
    elif view.to_move is not None:
        check = tr("yokai.alt.in_check") if view.in_check else ""
        head += tr(
            "yokai.alt.to_move", name=seat_label(view.to_move, names, tr.locale), check=check
        )
    else:
        head += "."
    said = [Sentence(head, NOW), Sentence(last_move_sentence(view, names, tr), NOW)]
    said.append(Sentence(reserves_sentence(view, names, tr), NOW))
    return said + [Sentence(pieces_sentence(view, seat, names, tr)) for seat in (0, 1)]


def alt_text(view: YokaiView, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """A screen-reader description of the position and the last move (at most 1,000
    characters, whole sentences, what matters first)."""
    return pack(alt_sentences(view, names=names, locale=locale))
