"""Quick-choice buttons on a public board never show a secret.

A seat with at most five legal actions gets one button per action on the public board.
Peek is a two-action game whose seat 0 holds a secret card: its legal actions name the
card ("Play the 3"), so buttons would show the card to the whole channel. Open Peek is the
same game with the card face up: there the buttons must appear (so this test cannot pass
by never showing buttons).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import games
from bot.service.facade import Service
from bot.store import open_store
from games.base import JSON, Action, Event, OptionSpec, Outcome, Seat, Termination
from games.defaults import GameDefaults
from games.rng import Rng


@dataclass(frozen=True)
class PeekState:
    card: int
    played: int | None = None


class Peek(GameDefaults):
    key = "peek"
    title = "Peek"
    seats: tuple[int, ...] = (2,)
    options: tuple[OptionSpec, ...] = ()
    rules_version = 1
    hidden_information = True

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> PeekState:
        return PeekState(1 + Rng(seed).below(5))

    def to_act(self, state: PeekState) -> frozenset[Seat]:
        return frozenset() if state.played is not None else frozenset({0})

    def legal(self, state: PeekState, seat: Seat) -> Sequence[Action]:
        return [("play", state.card), ("pass", 0)] if seat in self.to_act(state) else []

    def apply(self, state: PeekState, seat: Seat, action: Action) -> tuple[PeekState, list[Event]]:
        return replace(state, played=state.card if action[0] == "play" else 0), [
            Event("peek.done", {}, seat)
        ]

    def explain_illegal(self, state: PeekState, seat: Seat, action: Action) -> str:
        return "No."

    def can_undo(self, state: PeekState, seat: Seat) -> bool:
        return False

    def resign(self, state: PeekState, seat: Seat) -> tuple[PeekState, list[Event]]:
        return replace(state, played=0), []

    def view(self, state: PeekState, seat: Seat | None) -> Any:
        return {"played": state.played, "card": state.card if seat == 0 else None}

    def hand(self, state: PeekState, seat: Seat) -> JSON:
        return {"card": state.card} if seat == 0 and state.played is None else None

    def outcome(self, state: PeekState) -> Outcome | None:
        if state.played is None:
            return None
        return Outcome(Termination.SCORING, frozenset({0}), (1, 2), (1.0, 0.0))

    def parse(self, state: PeekState, seat: Seat, text: str) -> Action:
        word, _, number = text.partition(" ")
        return (word, int(number or 0))

    def notation(self, state: PeekState, action: Action) -> str:
        return f"{action[0]} {action[1]}"

    def label(self, state: PeekState, action: Action) -> str:
        return f"Play the {action[1]}" if action[0] == "play" else "Pass"

    def dump_state(self, state: PeekState) -> JSON:
        return {"card": state.card, "played": state.played}

    def load_state(self, data: JSON) -> PeekState:
        return PeekState(data["card"], data["played"])

    def shuffle_hidden(self, state: PeekState, seat: Seat | None, seed: int) -> PeekState:
        if seat == 0:
            return state
        return replace(state, card=1 + (state.card + seed) % 5)


class OpenPeek(Peek):
    key = "openpeek"
    title = "Open Peek"
    hidden_information = False

    def view(self, state: PeekState, seat: Seat | None) -> Any:
        return {"played": state.played, "card": state.card}

    def hand(self, state: PeekState, seat: Seat) -> JSON:
        return None

    def shuffle_hidden(self, state: PeekState, seat: Seat | None, seed: int) -> PeekState:
        return state


@pytest.fixture
def peek_games() -> Iterator[None]:
    for game in (Peek(), OpenPeek()):
        games.register(game)
    yield
    for key in ("peek", "openpeek"):
        games.unregister(key)


@pytest_asyncio.fixture
async def service(tmp_path: Path, peek_games: None) -> AsyncIterator[Service]:
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False)
    await store.close()


async def _first_board(service: Service, key: str, seed: int) -> Any:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=1, user_name="A", key=key, seed=seed
    )
    await service.join(lobby.game.game_id, 2, "B")
    result = await service.start(lobby.game.game_id, 1)
    loaded = await service.load(lobby.game.game_id)
    return result.public[0], loaded.state.card


@pytest.mark.parametrize("seed", range(6))
async def test_buttons_never_show_a_secret(service: Service, seed: int) -> None:
    board, card = await _first_board(service, "peek", seed)
    labels = [label for label, _ in board.choices]
    assert not any(str(card) in label for label in labels), labels
    assert f"the {card}" not in board.text


async def test_buttons_appear_when_they_reveal_nothing(service: Service) -> None:
    board, card = await _first_board(service, "openpeek", 3)
    assert [label for label, _ in board.choices] == [f"Play the {card}", "Pass"]
