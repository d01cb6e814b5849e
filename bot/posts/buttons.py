"""The board's buttons: the common controls of the seats to act (Undo, End, Resign) and,
when one seat acts among a few actions the public may see, one button per action."""

from __future__ import annotations

from bot.service.loaded import Loaded
from bot.words.text import BUTTON_LABEL, fit, say
from games import engine

QUICK_CHOICES = 5  # one row of buttons


def quick_choices(loaded: Loaded, locale: str = "en") -> tuple[tuple[str, int], ...]:
    """Buttons when one seat acts and has only a few actions the public may see (China's
    draws, Shitenno's Accept / Refuse): pressing one plays ``public_choices()[index]`` at
    this version (labels in ``locale``, shortened to a button's 80 characters at a word).

    Public buttons must reveal nothing, so they come from the game's own rule
    (:meth:`games.base.Game.public_choices`, a function of public information only, a
    conformance property) and never from ``legal()``: a Shitenno hand that can place
    nothing leaves only Draw / End, and even how many actions there are would tell."""
    game, state = loaded.game, loaded.state
    acting = game.to_act(state)
    if len(acting) != 1:
        return ()
    (seat,) = acting
    shown = engine.public_choices(game, state, seat, most=QUICK_CHOICES)
    if shown is None or len(shown) < 2:
        return ()
    return tuple(
        (fit(say(game.label(state, a), locale), BUTTON_LABEL), i) for i, a in enumerate(shown)
    )


def controls(loaded: Loaded) -> tuple[str, ...]:
    """Board buttons for the common choices of the seats to act now."""
    game, state = loaded.game, loaded.state
    acting = game.to_act(state)
    controls = []
    if any(game.can_undo(state, p) for p in acting):
        controls.append("undo")
    if any(game.end_turn(state, p) is not None for p in acting):
        controls.append("end")
    controls.append("resign")
    return tuple(controls)
