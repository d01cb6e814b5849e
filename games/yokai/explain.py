"""Why an action is illegal, in the words of the rules (``yokai.md``)."""

from __future__ import annotations

from games.base import MALFORMED_ACTION, Reason, well_formed
from games.yokai.board import FORCED, KODAMA, LETTERS, NONE, Geometry, Position
from games.yokai.notation import square_name
from games.yokai.state import TEXT_CODE, Drop, Move, YokaiState, encode, to_position
from games.yokai.view import PIECE_NAMES

MOVES = {
    "K": Reason(
        "yokai.rules.moves_k",
        "Your koropokkuru moves only one square, in any direction.",
    ),
    "F": Reason(
        "yokai.rules.moves_f",
        "Your kitsune moves only one square diagonally.",
    ),
    "T": Reason(
        "yokai.rules.moves_t",
        "Your tanuki moves only one square forward, back, left or right.",
    ),
    "D": Reason(
        "yokai.rules.moves_d",
        "Your kodama moves only one square forward.",
    ),
    "I": Reason(
        "yokai.rules.moves_i",
        "Your kirin moves one square forward, diagonally forward, sideways or straight back.",
    ),
    "O": Reason(
        "yokai.rules.moves_o",
        "Your oni moves one square forward or diagonally.",
    ),
    "+D": Reason(
        "yokai.rules.moves_promoted_d",
        (
            "Your kodama samurai moves one square forward, diagonally forward, sideways or "
            "straight back."
        ),
    ),
    "+O": Reason(
        "yokai.rules.moves_promoted_o",
        "Your super oni moves one square forward, diagonally forward, sideways or straight back.",
    ),
}
IN_VARIANT = {"3x4": "KFTD", "5x6": "KDIO"}


def explain_illegal(state: YokaiState, seat: int, action: object) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` in ``state``."""
    if not well_formed(action):
        return MALFORMED_ACTION
    if state.result is not None:
        return Reason("rules.common.game_over", "This game is over.")
    if seat != state.to_move:
        return Reason("rules.common.not_your_turn", "It is not your turn.")
    geo = state.geometry
    if isinstance(action, Move):
        return _explain_move(state, geo, action)
    if isinstance(action, Drop):
        return _explain_drop(state, geo, action)
    return Reason(
        "yokai.rules.not_y_kai_no_mori",
        "That is not a Yōkai no Mori action: move a piece or drop one from your reserve.",
    )


def _off_board(geo: Geometry) -> Reason:
    return Reason(
        "yokai.rules.square_not_board",
        f"That square is not on the {geo.variant} board.",
        variant=geo.variant,
    )


def _own(text: str, seat: int) -> bool:
    return bool(text) and (text != text.upper()) == (seat == 1)


def _explain_move(state: YokaiState, geo: Geometry, move: Move) -> str:
    if encode(geo, move) is None:
        return _off_board(geo)
    seat = state.to_move
    piece = state.board[move.src]
    where = square_name(geo, move.src)
    if not piece:
        return Reason("yokai.rules.there_no_piece", f"There is no piece on {where}.", where=where)
    kind = piece.upper()
    if not _own(piece, seat):
        return Reason(
            "yokai.rules.not_yours",
            f"The {PIECE_NAMES[kind]} on {where} is not yours.",
            piece=PIECE_NAMES[kind],
            where=where,
        )
    code = TEXT_CODE[piece]
    if move.dst not in geo.targets[code][move.src]:
        if kind == "D" and geo.far[seat][move.src]:
            return Reason(
                "yokai.rules.kodama_far_rank_can_never", "A kodama on the far rank can never move."
            )
        return MOVES[kind]
    if _own(state.board[move.dst], seat):
        return Reason(
            "yokai.rules.square_occupied_by_one_own",
            "That square is occupied by one of your own pieces.",
        )
    return _explain_landing(geo, move, code, kind)


def _explain_landing(geo: Geometry, move: Move, code: int, kind: str) -> str:
    """A move to a square its piece reaches: its promotion, or its koropokkuru left
    attacked."""
    promotion = geo.promotion(code, move.src, move.dst)
    if move.promote and promotion == NONE:
        return _no_promotion(geo, kind)
    if not move.promote and promotion == FORCED:
        text = square_name(geo, move.src) + square_name(geo, move.dst)
        return Reason(
            "yokai.rules.kodama_reaches_far_rank_must",
            f"A kodama that reaches the far rank must promote (write {text}+).",
            text_name=text,
        )
    if geo.shogi:
        return Reason(
            "yokai.rules.5x6_move_would_leave_koropokkuru",
            "In 5x6 that move would leave your koropokkuru attacked.",
        )
    return Reason("yokai.rules.move_not_legal_now", "That move is not legal now.")


def _no_promotion(geo: Geometry, kind: str) -> str:
    name = PIECE_NAMES[kind]
    if kind in ("+D", "+O"):
        return Reason(
            "yokai.rules.already_promoted", f"Your {name} is already promoted.", name=name
        )
    if kind == "D" and not geo.shogi:
        return Reason(
            "yokai.rules.kodama_promotes_only_when_moves",
            "A kodama promotes only when it moves onto the far rank.",
        )
    if kind in ("D", "O") and geo.shogi:
        return Reason(
            "yokai.rules.may_promote_only_when_moves",
            f"A {name} may promote only when it moves into, inside or out of the "
            "promotion zone (the two far ranks).",
            name=name,
        )
    return Reason("yokai.rules.never_promotes", f"A {name} never promotes.", name=name)


def _explain_drop(state: YokaiState, geo: Geometry, drop: Drop) -> str:
    if not isinstance(drop.piece, str) or drop.piece not in LETTERS or len(drop.piece) != 1:
        return Reason(
            "yokai.rules.only_koropokkuru_kitsune_tanuki_kodama",
            "Only a koropokkuru, kitsune, tanuki, kodama, kirin or oni can be dropped.",
        )
    name = PIECE_NAMES[drop.piece]
    if drop.piece not in IN_VARIANT[geo.variant]:
        return Reason(
            "yokai.rules.there_no",
            f"There is no {name} in {geo.variant}.",
            name=name,
            variant=geo.variant,
        )
    if encode(geo, drop) is None:
        return _off_board(geo)
    seat = state.to_move
    if not state.hands[seat][LETTERS.index(drop.piece)]:
        return Reason("yokai.rules.have_no_reserve", f"You have no {name} in reserve.", name=name)
    if state.board[drop.dst]:
        return Reason("yokai.rules.square_occupied", "That square is occupied.")
    if not geo.shogi:
        return Reason("yokai.rules.drop_not_legal_now", "That drop is not legal now.")
    pos = to_position(state)
    if pos.in_check():
        return Reason(
            "yokai.rules.5x6_drop_would_leave_koropokkuru",
            "In 5x6 that drop would leave your koropokkuru attacked.",
        )
    if drop.piece == "D":
        return _explain_kodama_drop(geo, pos, drop, seat)
    return Reason("yokai.rules.drop_not_legal_now", "That drop is not legal now.")


def _explain_kodama_drop(geo: Geometry, pos: Position, drop: Drop, seat: int) -> str:
    """A 5x6 kodama drop that breaks one of the kodama's own drop rules."""
    if geo.far[seat][drop.dst]:
        return Reason(
            "yokai.rules.5x6_may_not_drop_kodama",
            "In 5x6 you may not drop a kodama on your far rank: it could never move.",
        )
    mine = KODAMA + 8 * seat
    if any(pos.board[sq] == mine and sq % geo.files == drop.dst % geo.files for sq in range(geo.n)):
        return Reason(
            "yokai.rules.may_not_drop_kodama_file",
            "You may not drop a kodama in a file that already has one of your unpromoted kodama.",
        )
    return Reason(
        "yokai.rules.may_not_give_checkmate_by",
        "You may not give checkmate by dropping a kodama.",
    )
