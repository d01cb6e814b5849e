"""Yōkai no Mori in words: the alt text (screen readers) and the short last-move label."""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.yokai.view import PIECE_NAMES, YokaiView
from renderer.text import result_sentence, seat_label

MOVE_RE = re.compile(r"^([a-e])([1-6])([a-e])([1-6])(\+?)$")
DROP_RE = re.compile(r"^([A-Z])\*([a-e][1-6])$")


def piece_key(code: str) -> tuple[str, int]:
    """("+D", 1) from "+d": the piece (move-table key) and the owner of a board code."""
    letter = code[-1]
    return ("+" if code.startswith("+") else "") + letter.upper(), 0 if letter.isupper() else 1


def title(view: YokaiView) -> str:
    return f"Yōkai no Mori {view.files}x{view.ranks}"


def short_move(view: YokaiView) -> str:
    """The last move for the picture: "D b2–b3", "D b3–b4+", "D*b3"."""
    text = view.last_move or ""
    m = MOVE_RE.match(text)
    if m and view.last_squares:
        code = view.board[view.last_squares[-1]]
        letter = code[-1].upper() if code else ""
        return f"{letter} {m[1]}{m[2]}–{m[3]}{m[4]}{m[5]}".strip()
    return text


def last_move_sentence(view: YokaiView, names: Sequence[str] | None) -> str:
    """ "Last move: First player kodama c3 to c4, promoting to kodama samurai." """
    text = view.last_move
    if not text:
        return ""
    target = view.board[view.last_squares[-1]] if view.last_squares else ""
    # The piece now on the target square is the one that moved, so it names the mover.
    who = f"{seat_label(piece_key(target)[1], names)} " if target else ""
    if m := MOVE_RE.match(text):
        key = piece_key(target)[0] if target else ""
        before = PIECE_NAMES.get(key[-1:] if m[5] else key, "piece")
        promo = f", promoting to {PIECE_NAMES.get(key, 'a promoted piece')}" if m[5] else ""
        return f"Last move: {who}{before} {m[1]}{m[2]} to {m[3]}{m[4]}{promo}."
    if m := DROP_RE.match(text):
        return f"Last move: {who}dropped a {PIECE_NAMES.get(m[1], m[1])} on {m[2]}."
    return f"Last move: {text}."


def pieces_sentence(view: YokaiView, seat: int, names: Sequence[str] | None) -> str:
    """ "First player (bottom): koropokkuru b1; kodama b2, c2." grouped by piece."""
    squares: dict[str, list[str]] = {key: [] for key in PIECE_NAMES}
    for index, code in enumerate(view.board):
        if code and piece_key(code)[1] == seat:
            squares.setdefault(piece_key(code)[0], []).append(view.square_name(index))
    groups = [f"{PIECE_NAMES.get(k, k)} {', '.join(at)}" for k, at in squares.items() if at]
    side = "bottom" if seat == 0 else "top"
    return f"{seat_label(seat, names)} ({side}): {'; '.join(groups) or 'no pieces'}."


def reserves_sentence(view: YokaiView, names: Sequence[str] | None) -> str:
    """ "Reserves: First player 2 kodama, 1 kitsune; Second player none." """
    parts = []
    for seat in (0, 1):
        hand = ", ".join(f"{n} {PIECE_NAMES.get(k, k)}" for k, n in view.hands[seat]) or "none"
        parts.append(f"{seat_label(seat, names)} {hand}")
    return f"Reserves: {'; '.join(parts)}."


def alt_text(view: YokaiView, *, names: Sequence[str] | None = None) -> str:
    """A screen-reader description of the position and the last move (≤ 1024 chars)."""
    when = "start position" if view.ply == 0 else f"move {view.ply}"
    head = f"{title(view)}, {when}"
    if view.outcome is not None:
        head += ". " + result_sentence(view.outcome, names)
    elif view.to_move is not None:
        check = ", in check" if view.in_check else ""
        head += f", {seat_label(view.to_move, names)} to move{check}."
    else:
        head += "."
    parts = [head, last_move_sentence(view, names)]
    parts += [pieces_sentence(view, seat, names) for seat in (0, 1)]
    parts.append(reserves_sentence(view, names))
    text = " ".join(p for p in parts if p)
    return text if len(text) <= 1024 else text[:1023] + "…"
