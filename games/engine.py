"""The checked layer between callers and games (the normal case, written once).

Callers (the bot, the CLI, the AI, tests) change state only through :func:`act`, which
rejects a finished game, a seat that is not to act and an action not in ``legal()``, so
each game implements only legal transitions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import (
    MALFORMED_ACTION,
    Action,
    Event,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Seat,
    State,
    well_formed,
)


def check_can_act(game: Game, state: State, seat: Seat) -> None:
    """Raise GameOver or NotYourTurn unless ``seat`` may act now."""
    if game.outcome(state) is not None:
        raise GameOver("This game is over.", key="rules.common.game_over")
    if seat not in game.to_act(state):
        raise NotYourTurn("It is not your turn.", key="rules.common.not_your_turn")


def find_legal(game: Game, state: State, seat: Seat, action: object) -> Action | None:
    """The member of ``legal()`` that ``action`` stands for (or the game's copy of a legal
    action it does not list, ``Game.unlisted``), or ``None``.

    Matches only an action of the very same type that compares and hashes equal, so
    objects whose ``==`` lies or raises, unhashable values and look-alike types never
    match; and the caller gets the game's own object back, never the one it passed in.
    """
    try:
        key = hash(action)
    except Exception:
        return None
    kind = type(action)
    try:
        legal = game.legal(state, seat)
        # ``index`` first: a lazy sequence (Shitenno's thousands of lots) finds a member
        # without listing the others, a list stops at it; nothing == action: not legal
        candidate = legal[legal.index(action)]
        if type(candidate) is kind and candidate == action and hash(candidate) == key:
            return candidate
        for candidate in legal:  # an earlier look-alike answered ==: look at them all
            if type(candidate) is kind and candidate == action and hash(candidate) == key:
                return candidate
    except Exception:  # not there (ValueError), or a field's == raised
        pass
    return _unlisted(game, state, seat, action, key)


def _unlisted(game: Game, state: State, seat: Seat, action: object, key: int) -> Action | None:
    """The game's copy of a legal action ``legal()`` does not list (``Game.unlisted``),
    checked as strictly as a listed one."""
    try:
        candidate = game.unlisted(state, seat, action)
        if type(candidate) is type(action) and candidate == action and hash(candidate) == key:
            return candidate
    except Exception:  # the game's check failed on a strange object: not legal
        return None
    return None


def public_choices(
    game: Game, state: State, seat: Seat, most: int | None = None
) -> tuple[Action, ...] | None:
    """The game's :meth:`~games.base.Game.public_choices` for ``seat``, checked, for the
    public board's buttons: ``None`` unless ``seat`` is the one seat to act in a game going
    on, when the game answers ``None``, or when it lists more than ``most`` actions (then
    none is looked at: a lot of Shitenno lists thousands lazily). Fails closed: an action
    that is not legal now makes the answer ``None``, never a button that cannot be
    played. Which seat acts is public, so these conditions leak nothing."""
    if game.outcome(state) is not None or game.to_act(state) != {seat}:
        return None
    choices = game.public_choices(state, seat)
    if choices is None or (most is not None and len(choices) > most):
        return None
    shown = tuple(choices)
    legal = game.legal(state, seat)
    if any(action not in legal for action in shown):
        return None
    return shown


def explain(game: Game, state: State, seat: Seat, action: object) -> str:
    """Why ``action`` is not legal for ``seat`` now: the game's sentence, or
    :data:`~games.base.MALFORMED_ACTION` for an object whose fields do not have their
    declared types, or when the game's explainer fails on it (a backstop: explainers
    check :func:`~games.base.well_formed` themselves)."""
    if not well_formed(action):
        return MALFORMED_ACTION
    try:
        why = game.explain_illegal(state, seat, action)
    except Exception:
        return MALFORMED_ACTION
    return why if isinstance(why, str) and why else MALFORMED_ACTION


def act(game: Game, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
    """Apply ``action`` for ``seat`` after checking it; the input state is untouched.

    Anything that is not one of ``legal()`` raises IllegalAction, whatever it is; the
    game applies its own copy of the action."""
    check_can_act(game, state, seat)
    legal = find_legal(game, state, seat, action)
    if legal is None:
        # a Reason carries its catalogue key into the error (GameError reads it)
        raise IllegalAction(explain(game, state, seat, action))
    return game.apply(state, seat, legal)


def act_text(game: Game, state: State, seat: Seat, text: str) -> tuple[State, Action, list[Event]]:
    """Parse ``text`` for ``seat`` and apply it; returns the parsed action too."""
    check_can_act(game, state, seat)
    action = game.parse(state, seat, text)
    new_state, events = act(game, state, seat, action)
    return new_state, action, events


def resign(game: Game, state: State, seat: Seat) -> tuple[State, list[Event]]:
    if game.outcome(state) is not None:
        raise GameOver("This game is over.", key="rules.common.game_over")
    return game.resign(state, seat)


def replay(game: Game, state: State, log: Iterable[tuple[Seat, str]]) -> tuple[State, list[Event]]:
    """Re-apply a log of ``(seat, notation)`` pairs (``"resign"`` resigns)."""
    events: list[Event] = []
    for seat, text in log:
        if text == RESIGN:
            state, new = resign(game, state, seat)
        else:
            state, _, new = act_text(game, state, seat, text)
        events.extend(new)
    return state, events


RESIGN = "resign"


def legal_notations(game: Game, state: State, seat: Seat) -> Sequence[str]:
    return [game.notation(state, a) for a in game.legal(state, seat)]
