"""Yōkai no Mori rules (3x4 and 5x6) behind the :class:`games.base.Game` protocol.

Implements ``yokai.md`` exactly: 3x4 wins by catch, failed defence and try (§4.5, tested in
that order), 5x6 shogi legality with optional promotion and drop limits (§5.2-5.5), a draw
on the third occurrence of a position counting the start (§3, wins tested first) and, as an
option for 5x6, the loss of a player whose every move in the repeated cycle gave check.

``legal()`` order: moves by from-square index, then to-square index, the non-promoting
version before the promoting one; then drops by letter K F T D I O, then square index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from games import record
from games.base import (
    JSON,
    Action,
    Event,
    IllegalAction,
    InvalidOption,
    OptionSpec,
    Outcome,
    Termination,
)
from games.record import Rules
from games.yokai import ai as yokai_ai
from games.yokai import explain, notation
from games.yokai.board import LETTERS, Position
from games.yokai.board import perft as _perft
from games.yokai.state import (
    CODE_TEXT,
    VARIANTS,
    Drop,
    Move,
    Result,
    YokaiAction,
    YokaiState,
    decode,
    dump_state,
    encode,
    key_in_check,
    key_side,
    load_state,
    position_key,
    start_state,
    to_position,
)
from games.yokai.view import PIECE_NAMES, YokaiView

OPTIONS = (
    OptionSpec("variant", "3x4", "Board: 3x4 (classic) or 5x6.", choices=VARIANTS),
    OptionSpec(
        "perpetual_check_loses",
        False,
        "5x6 only: a repetition reached while one player gave check with every move is a "
        "loss for that player instead of a draw.",
    ),
)


def piece_name(text: str) -> str:
    """The English name of a board code (``"d"`` -> ``"kodama"``, ``"+O"`` -> ``"super oni"``)."""
    return PIECE_NAMES[text.upper()]


class End(StrEnum):
    """Yōkai's own reasons to end (``Game.end_reasons``)."""

    CAPTURE = "capture"  # a royal piece was captured (3x4)
    TRY = "try"  # a koropokkuru reached the far rank safely (3x4)
    CHECKMATE = "checkmate"  # the side to move is in check with no legal action (5x6)


def termination_of(value: str) -> str:
    """A stored reason as :class:`End` or the shared :class:`Termination`."""
    return End(value) if value in End._value2member_map_ else Termination(value)


def _setup(players: int, options: Mapping[str, JSON], seed: int) -> YokaiState:
    """The start position; seat 0 is the first player. ``seed`` is not needed."""
    if players != 2:
        raise InvalidOption("Yōkai no Mori is played by exactly 2 players.")
    variant = str(options.get("variant", "3x4"))
    if variant not in VARIANTS:
        raise InvalidOption(f"variant must be one of {', '.join(VARIANTS)}.")
    return start_state(variant, bool(options.get("perpetual_check_loses", False)))


def _to_act(state: YokaiState) -> frozenset[int]:
    return frozenset() if state.result is not None else frozenset((state.to_move,))


def _legal(state: YokaiState, seat: int) -> Sequence[YokaiAction]:
    """Every legal action of ``seat``, in the order given in the module docstring."""
    if state.result is not None or seat != state.to_move:
        return []
    geo = state.geometry
    return [decode(geo, m) for m in to_position(state).legal_moves()]


def _play(state: YokaiState, seat: int, action: YokaiAction) -> tuple[YokaiState, list[Event]]:
    """Play a legal ``action``; the end of the game is decided here (§3, §4.5, §5.5)."""
    geo = state.geometry
    pos = to_position(state)
    m = encode(geo, action)
    if m is None:  # apply() expects a legal action (games.engine.act checks)
        raise IllegalAction(explain.explain_illegal(state, seat, action))
    text = notation.notation(geo, action)
    events = [_action_event(state, action, text, seat)]
    pos.make(m)
    history = (*state.history, position_key(pos))
    result = _result_after(pos, history, state.perpetual_check_loses)
    squares = (action.src, action.dst) if isinstance(action, Move) else (action.dst,)
    new = YokaiState(
        variant=state.variant,
        board=tuple(CODE_TEXT[code] for code in pos.board),
        hands=(tuple(pos.hands[0][1:]), tuple(pos.hands[1][1:])),
        to_move=pos.side,
        ply=state.ply + 1,
        history=history,
        last_move=text,
        last_squares=squares,
        result=result,
        perpetual_check_loses=state.perpetual_check_loses,
    )
    if result is not None:
        events.append(_end_event(result))
    return new, events


def _action_event(state: YokaiState, action: YokaiAction, text: str, seat: int) -> Event:
    geo = state.geometry
    if isinstance(action, Drop):
        args: dict[str, JSON] = {
            "piece": PIECE_NAMES[action.piece],
            "to": notation.square_name(geo, action.dst),
            "notation": text,
        }
        return Event("yokai.drop", args, seat=seat)
    target = state.board[action.dst]
    args = {
        "piece": piece_name(state.board[action.src]),
        "from": notation.square_name(geo, action.src),
        "to": notation.square_name(geo, action.dst),
        "capture": piece_name(target) if target else None,
        "promote": action.promote,
        "notation": text,
    }
    return Event("yokai.move", args, seat=seat)


def _hand(state: YokaiState, seat: int) -> JSON:
    """Nothing is private (the reserves are public, in the view)."""
    return None


def _resign(state: YokaiState, seat: int) -> tuple[YokaiState, list[Event]]:
    """``seat`` resigns and loses."""
    result = Result(Termination.RESIGNATION.value, 1 - seat)
    new = YokaiState(
        state.variant, state.board, state.hands, state.to_move, state.ply, state.history,
        state.last_move, state.last_squares, result, state.perpetual_check_loses,
    )  # fmt: skip
    return new, [Event("yokai.resign", {}, seat=seat), _end_event(result)]


def _view(state: YokaiState, seat: int | None) -> YokaiView:
    """Everything is public: the same view for every seat (``viewer`` aside)."""
    geo = state.geometry
    over = state.result is not None
    hands = tuple(
        tuple((LETTERS[i], count) for i, count in enumerate(state.hands[s]) if count)
        for s in (0, 1)
    )
    return YokaiView(
        variant=state.variant,
        files=geo.files,
        ranks=geo.ranks,
        board=state.board,
        hands=(hands[0], hands[1]),
        to_move=None if over else state.to_move,
        ply=state.ply,
        last_move=state.last_move,
        last_squares=state.last_squares,
        in_check=not over and to_position(state).in_check(),
        outcome=_outcome(state),
        viewer=seat,
    )


def _outcome(state: YokaiState) -> Outcome | None:
    """The result (ranks (1, 2)/(2, 1), or (1, 1) and half points for a draw)."""
    result = state.result
    if result is None:
        return None
    detail: dict[str, JSON] = {} if result.rule is None else {"rule": result.rule}
    termination = termination_of(result.termination)
    if result.winner is None:
        return Outcome(termination, frozenset(), (1, 1), (0.5, 0.5), detail=detail)
    winner = result.winner
    ranks = (1, 2) if winner == 0 else (2, 1)
    scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    return Outcome(termination, frozenset((winner,)), ranks, scores, detail=detail)


def _parse(state: YokaiState, seat: int, text: str) -> YokaiAction:
    """An action from text (see :mod:`games.yokai.notation` for the grammar)."""
    return notation.parse(state, text, _legal(state, seat), seat)


def _notation(state: YokaiState, action: Action) -> str:
    """Canonical text: ``b2b3``, ``b3b4+``, ``D*b3``."""
    return notation.notation(state.geometry, _OURS(action))


_OURS: record.Own[YokaiAction] = record.Own((Move, Drop), "That is not a Yōkai no Mori action.")


def _end_event(result: Result) -> Event:
    return Event("yokai.end", {"termination": result.termination, "winner": result.winner})


def _result_after(pos: Position, history: tuple[str, ...], perpetual: bool) -> Result | None:
    """Wins first (§4.5, §5.5), then the threefold repetition of §3."""
    end = pos.terminal()
    if end is not None:
        return Result(end.reason, end.winner, end.rule)
    key = history[-1]
    if history.count(key) < 3:
        return None
    if perpetual and pos.geo.shogi:
        cycle = history[history.index(key) + 1 :]
        # A position whose side to move is in check was reached by a checking move of the
        # other player; a player all of whose moves in the cycle checked loses.
        checking = [
            all(key_in_check(k) for k in cycle if key_side(k) != player) for player in (0, 1)
        ]
        if checking[0] != checking[1]:
            loser = 0 if checking[0] else 1
            return Result(Termination.REPETITION.value, 1 - loser, "perpetual_check")
    return Result(Termination.REPETITION.value, None)


def perft(state: YokaiState, depth: int, *, bulk: bool = False) -> int:
    """Action sequences of length ``depth`` from ``state``'s position (``yokai.md`` §7).

    Every leaf is played (made and unmade) unless ``bulk`` counts the last ply's moves
    without playing them. Repetition, resignation and the state's history are ignored.
    """
    return _perft(to_position(state), depth, bulk)


GAME = Rules(
    key="yokai",
    title="Yōkai no Mori",
    seats=(2,),
    options=OPTIONS,
    rules_version=1,
    hidden_information=False,
    end_reasons=tuple(End),
    setup=_setup,
    to_act=_to_act,
    legal=_legal,
    apply=record.CheckedApply(_play, _OURS),
    explain_illegal=explain.explain_illegal,
    # can_undo: a turn is a single action, confirmed when played: nothing to take back.
    resign=_resign,
    view=_view,
    hand=_hand,
    outcome=_outcome,
    make_player=yokai_ai.make_player,  # alpha-beta with iterative deepening
    parse=_parse,
    notation=_notation,
    # Menu text such as "kodama b2→b3 takes kodama" or "drop kodama on b3".
    label=record.CheckedText(notation.label, _OURS),
    dump_state=dump_state,
    load_state=load_state,
    # shuffle_hidden: nothing is hidden in Yōkai no Mori.
    perft=perft,  # ``python -m games perft`` and the benchmark use it
)
"""Yōkai no Mori, variants 3x4 and 5x6 (registered as ``"yokai"``)."""
