"""A game as loaded from the store: its rows, its engine and its current state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.service.levels import level_word
from bot.service.results import NotSeated
from bot.store import GameRow, SeatRow
from bot.words.i18n import game_locale
from bot.words.text import t
from games.base import Game, Seat, State


def seat_name(
    row: GameRow, seat: SeatRow, seats: Sequence[SeatRow], locale: str | None = None
) -> str:
    """A display name for a seat: the player's name, or the AI's: a distinct name from the
    catalogue's ``ai.names`` with the ``(AI, level)`` mark of ``locale`` (by default the
    game's)."""
    locale = locale or game_locale(row.settings)
    if seat.user_id is None:
        ais = [s for s in seats if s.user_id is None]
        given = [n.strip() for n in t("ai.names", locale).split(",") if n.strip()]
        index = ais.index(seat) if seat in ais else 0
        name = given[index % len(given)] if given else str(index + 1)
        if given and index >= len(given):
            name = f"{name} {index // len(given) + 1}"
        return t("ai.name", locale, name=name, level=level_word(seat.ai, locale))
    name = row.settings.get("names", {}).get(str(seat.user_id))
    if name:
        return str(name)
    number = seat.position + 1 if seat.position is not None else list(seats).index(seat) + 1
    return t("seat.n", locale, n=number)


def mention(seat: SeatRow, name: str) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else name


@dataclass
class Loaded:
    row: GameRow
    seats: list[SeatRow]
    game: Game
    state: State | None
    # read with the game in the same store call (:meth:`bot.service.unit.Unit.load`): the seated
    # players' settings (a player without any has no entry) and the server's
    prefs: dict[int, dict[str, Any]] = field(default_factory=dict)
    guild: dict[str, Any] = field(default_factory=dict)

    def seat_of(self, user_id: int) -> Seat:
        for s in self.seats:
            if s.user_id == user_id and s.position is not None:
                return s.position
        raise NotSeated("err.not_seated")

    def user_at(self, seat: Seat) -> int | None:
        return next((s.user_id for s in self.seats if s.position == seat), None)

    @property
    def humans(self) -> set[int]:
        return {s.user_id for s in self.seats if s.user_id is not None}

    @property
    def locale(self) -> str:
        """The catalogue of the game's public posts (chosen when the game was opened)."""
        return game_locale(self.row.settings)

    def names(self, locale: str | None = None) -> list[str]:
        """Seat names in seat order (AI seats named in ``locale``, by default the game's)."""
        return [seat_name(self.row, s, self.seats, locale) for s in self.seats]

    def acted(self, acting: Sequence[Seat], first_seq: int) -> list[SeatRow]:
        """The seats once actions of ``acting`` (logged from ``first_seq`` on) are in:
        each seat's ``last_acted_seq`` as the store's trigger keeps it."""
        last = {seat: first_seq + i for i, seat in enumerate(acting)}
        return [
            replace(s, last_acted_seq=last[s.position]) if s.position in last else s
            for s in self.seats
        ]

    def name_of(self, user_id: int) -> str:
        return str(self.row.settings.get("names", {}).get(str(user_id), f"<@{user_id}>"))


def new_turn(game: Game, before: State | None, after: State) -> bool:
    """A new turn starts when a seat joins those to act (not when one of several simultaneous
    choosers finishes), so the clock of a seat still choosing keeps running."""
    if before is None:
        return True
    return bool(game.to_act(after) - game.to_act(before))
