"""Secret multi-choice menus (a select plus Confirm), offered by DM or ephemerally.

Some choices are easier as one menu than as a chain of ``/move`` steps: Samurai's opening
hand is five of twenty tiles. A game opts in with an adapter here that builds the menu
from the seat's private view and turns the chosen values back into ordinary actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.text import t
from games.base import Game, Seat, State


@dataclass(frozen=True)
class Menu:
    game_id: int
    prompt: str
    options: tuple[tuple[str, str], ...]  # (label, value), at most 25
    min_values: int
    max_values: int
    selected: tuple[str, ...]
    confirm: str  # the action the Confirm button plays
    locale: str = "en"  # the catalogue of the prompt, the options and the buttons


def _samurai_menu(game_id: int, game: Game, state: State, seat: Seat, locale: str) -> Menu | None:
    from games.samurai.data import TILES

    view = game.view(state, seat)
    if view.phase != "pick" or view.confirmed:
        return None
    options: list[tuple[str, str]] = []
    chosen = [tile.code for tile in view.hand]
    selected: list[str] = []
    for code, spec in TILES.items():  # every player owns the same 20 tiles (public data)
        key = "samurai.menu.tile_fast" if spec.fast else "samurai.menu.tile"
        label = t(key, locale, tile=code, code=code)
        for copy in range(1, spec.count + 1):
            value = f"{code}.{copy}"
            options.append((label, value))
            if code in chosen:
                chosen.remove(code)
                selected.append(value)
    prompt = t("samurai.menu.prompt", locale, game_id=game_id)
    return Menu(game_id, prompt, tuple(options), 5, 5, tuple(selected), "confirm", locale)


def _samurai_steps(game: Game, state: State, seat: Seat, values: Sequence[str]) -> list[str]:
    from games.samurai.notation import pick_steps

    codes = [v.split(".", 1)[0] for v in values]
    steps = pick_steps(state, seat, "pick " + " ".join(codes), confirm=False)
    return [game.notation(state, a) for a in steps]


MenuBuilder = Callable[[int, Game, State, Seat, str], Menu | None]
StepMaker = Callable[[Game, State, Seat, Sequence[str]], list[str]]
ADAPTERS: dict[str, tuple[MenuBuilder, StepMaker]] = {
    "samurai": (_samurai_menu, _samurai_steps),
}


def menu_for(game_id: int, game: Game, state: State, seat: Seat, locale: str = "en") -> Menu | None:
    """The menu ``seat`` should answer now (texts in ``locale``), or ``None``."""
    adapter = ADAPTERS.get(game.key)
    return adapter[0](game_id, game, state, seat, locale) if adapter else None


def menu_steps(game: Game, state: State, seat: Seat, values: Sequence[Any]) -> list[str]:
    adapter = ADAPTERS.get(game.key)
    if adapter is None:
        return []
    return adapter[1](game, state, seat, [str(v) for v in values])
