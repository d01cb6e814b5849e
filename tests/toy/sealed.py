"""Sealed Bid: a test-only toy game with a simultaneous secret choice (2-4 players).

It proves the house rules of ``games/base.py``: a game registered from outside the
``games`` package, with its own words and its own renderer, played end to end through the
service and the Discord emulator without a line of ``bot/`` naming it.

Rules. Each player starts with 10 coins. Three rounds; each round a prize (1 to 5 points,
from a seeded shuffle, shown face up) is auctioned: every player secretly bids 0 or more of
their coins with a form (an amounts field). When the last bid is in, the bids are revealed;
the single highest bid wins the prize and pays its bid (a tie for the highest bid: nobody
wins, nobody pays). Most points wins; coins left break a tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.ai import RandomPlayer
from games.base import (
    JSON,
    Action,
    Event,
    IllegalAction,
    InvalidNotation,
    OptionSpec,
    Outcome,
    Player,
    Reason,
    Seat,
    Termination,
    ranks_from_scores,
)
from games.defaults import GameDefaults
from games.forms import Amounts, Answers, Box, Form, Text
from games.rng import Rng

KEY = "sealed"
COINS = 10
ROUNDS = 3


@dataclass(frozen=True)
class Bid:
    coins: int


@dataclass(frozen=True)
class SealedState:
    players: int
    prizes: tuple[int, ...]  # the whole deck in draw order (secret beyond the current)
    round: int
    coins: tuple[int, ...]
    points: tuple[int, ...]
    bids: tuple[int | None, ...]  # this round's sealed bids
    last: tuple[int, ...] | None = None  # the bids revealed last round
    resigned: tuple[bool, ...] = ()

    @property
    def prize(self) -> int:
        return self.prizes[self.round]


@dataclass(frozen=True)
class SealedView:
    players: int
    round: int
    prize: int | None
    coins: tuple[int, ...]
    points: tuple[int, ...]
    bid_in: tuple[bool, ...]
    last: tuple[int, ...] | None
    my_bid: int | None
    seat: int | None


class SealedGame(GameDefaults):
    key = KEY
    title = "Sealed Bid"
    seats: tuple[int, ...] = (2, 3, 4)
    options: tuple[OptionSpec, ...] = ()
    rules_version = 1
    hidden_information = True
    end_reasons: tuple[str, ...] = ()

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> SealedState:
        prizes = tuple(Rng(seed).shuffled([1, 2, 3, 4, 5]))
        return SealedState(
            players,
            prizes,
            0,
            (COINS,) * players,
            (0,) * players,
            (None,) * players,
            None,
            (False,) * players,
        )

    def to_act(self, state: SealedState) -> frozenset[Seat]:
        if state.round >= ROUNDS:
            return frozenset()
        return frozenset(
            s for s in range(state.players) if state.bids[s] is None and not state.resigned[s]
        )

    def legal(self, state: SealedState, seat: Seat) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return []
        return [Bid(n) for n in range(state.coins[seat] + 1)]

    def apply(
        self, state: SealedState, seat: Seat, action: Action
    ) -> tuple[SealedState, list[Event]]:
        assert isinstance(action, Bid)
        bids = list(state.bids)
        bids[seat] = action.coins
        events = [
            Event("sealed.bid", {}, seat),
            Event("sealed.my_bid", {"coins": action.coins}, seat, frozenset({seat})),
        ]
        state = replace(state, bids=tuple(bids))
        if self.to_act(state):
            return state, events
        return self._reveal(state, events)

    def _reveal(self, state: SealedState, events: list[Event]) -> tuple[SealedState, list[Event]]:
        bids = [b or 0 for b in state.bids]
        top = max(bids)
        leaders = [s for s in range(state.players) if bids[s] == top and not state.resigned[s]]
        coins, points = list(state.coins), list(state.points)
        if len(leaders) == 1 and top >= 0:
            (winner,) = leaders
            coins[winner] -= top
            points[winner] += state.prize
            events.append(
                Event("sealed.won", {"prize": state.prize, "coins": top, "bids": bids}, winner)
            )
        else:
            events.append(Event("sealed.tie", {"prize": state.prize, "bids": bids}))
        return (
            replace(
                state,
                round=state.round + 1,
                coins=tuple(coins),
                points=tuple(points),
                bids=tuple(None if not r else 0 for r in state.resigned),
                last=tuple(bids),
            ),
            events,
        )

    def explain_illegal(self, state: SealedState, seat: Seat, action: object) -> str:
        if isinstance(action, Bid) and action.coins > state.coins[seat]:
            return Reason(
                "sealed.too_much",
                f"You have only {state.coins[seat]} coins.",
                coins=state.coins[seat],
            )
        return Reason("sealed.not_now", "You have already bid this round.")

    def can_undo(self, state: SealedState, seat: Seat) -> bool:
        return False

    def resign(self, state: SealedState, seat: Seat) -> tuple[SealedState, list[Event]]:
        resigned = list(state.resigned)
        resigned[seat] = True
        bids = list(state.bids)
        bids[seat] = 0 if bids[seat] is None else bids[seat]
        state = replace(state, resigned=tuple(resigned), bids=tuple(bids))
        events = [Event("resign", {}, seat)]
        if sum(not r for r in resigned) <= 1:
            return replace(state, round=ROUNDS), events
        if not self.to_act(state) and state.round < ROUNDS:
            return self._reveal(state, events)
        return state, events

    def view(self, state: SealedState, seat: Seat | None) -> SealedView:
        return SealedView(
            players=state.players,
            round=state.round,
            prize=state.prize if state.round < ROUNDS else None,
            coins=state.coins,
            points=state.points,
            bid_in=tuple(b is not None for b in state.bids),
            last=state.last,
            my_bid=None if seat is None else state.bids[seat],
            seat=seat,
        )

    def hand(self, state: SealedState, seat: Seat) -> JSON:
        if state.round >= ROUNDS or state.resigned[seat]:
            return None
        return {"coins": state.coins[seat], "bid": state.bids[seat]}

    def outcome(self, state: SealedState) -> Outcome | None:
        if state.round < ROUNDS:
            return None
        keys = [
            (-1.0, -1.0) if state.resigned[s] else (float(state.points[s]), float(state.coins[s]))
            for s in range(state.players)
        ]
        ranks = ranks_from_scores(keys)
        winners = frozenset(s for s in range(state.players) if ranks[s] == 1)
        active = sum(not r for r in state.resigned)
        termination = Termination.RESIGNATION if active <= 1 else Termination.SCORING
        return Outcome(termination, winners, ranks, tuple(float(p) for p in state.points))

    def parse(self, state: SealedState, seat: Seat, text: str) -> Action:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "bid" and words[1].isdigit() and len(words[1]) < 4:
            return Bid(int(words[1]))
        raise InvalidNotation(Reason("sealed.notation", "Write your bid as: bid 3."))

    def notation(self, state: SealedState, action: Action) -> str:
        assert isinstance(action, Bid)
        return f"bid {action.coins}"

    def label(self, state: SealedState, action: Action) -> str:
        assert isinstance(action, Bid)
        return f"Bid {action.coins} coins"

    def dump_state(self, state: SealedState) -> JSON:
        return {
            "players": state.players,
            "prizes": list(state.prizes),
            "round": state.round,
            "coins": list(state.coins),
            "points": list(state.points),
            "bids": list(state.bids),
            "last": None if state.last is None else list(state.last),
            "resigned": list(state.resigned),
        }

    def load_state(self, data: JSON) -> SealedState:
        return SealedState(
            data["players"],
            tuple(data["prizes"]),
            data["round"],
            tuple(data["coins"]),
            tuple(data["points"]),
            tuple(data["bids"]),
            None if data["last"] is None else tuple(data["last"]),
            tuple(data["resigned"]),
        )

    def shuffle_hidden(self, state: SealedState, seat: Seat | None, seed: int) -> SealedState:
        rng = Rng(seed)
        future = list(state.prizes[state.round + 1 :])
        prizes = state.prizes[: state.round + 1] + tuple(rng.shuffled(future))
        bids = tuple(
            b if (b is None or s == seat) else rng.below(state.coins[s] + 1)
            for s, b in enumerate(state.bids)
        )
        return replace(state, prizes=prizes, bids=bids)

    # --- the secret choice as a form ---------------------------------------------------

    def form(self, state: SealedState, seat: Seat) -> Form | None:
        if seat not in self.to_act(state):
            return None
        coins = state.coins[seat]
        box = Box("coins", Text("sealed.form.coins", "Coins"), 0, coins)
        field = Amounts("bid", Text("sealed.form.bid", "Your bid"), (box,), 0, coins)
        prompt = Text(
            "sealed.form.prompt",
            "Round {round}: bid for a prize worth {prize}. You have {coins} coins.",
            {"round": state.round + 1, "prize": state.prize, "coins": coins},
        )
        return Form(f"sealed.bid.{state.round}", prompt, (field,))

    def answer(
        self, state: SealedState, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[Action]:
        coins = int(answers["bid"]["coins"])
        if coins > state.coins[seat]:
            raise IllegalAction(self.explain_illegal(state, seat, Bid(coins)))
        return [Bid(coins)] if final else []

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        return RandomPlayer(seed)


GAME = SealedGame()

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "sealed.too_much": "You have only {coins} coins.",
        "sealed.not_now": "You have already bid this round.",
        "sealed.notation": "Write your bid as: bid 3.",
        "sealed.form.coins": "Coins",
        "sealed.form.bid": "Your bid",
        "sealed.form.prompt": (
            "Round {round}: bid for a prize worth {prize}. You have {coins} coins."
        ),
        "sealed.event.bid": "{player} has sealed a bid.",
        "sealed.event.my_bid": "You bid {coins}.",
        "sealed.event.won": "{player} wins the {prize}-point prize for {coins} coins.",
        "sealed.event.tie": "A tie for the {prize}-point prize: nobody wins it.",
    },
    "es": {
        "sealed.too_much": "Solo tienes {coins} monedas.",
        "sealed.not_now": "Ya has pujado esta ronda.",
        "sealed.notation": "Escribe tu puja así: bid 3.",
        "sealed.form.coins": "Monedas",
        "sealed.form.bid": "Tu puja",
        "sealed.form.prompt": (
            "Ronda {round}: puja por un premio de {prize}. Tienes {coins} monedas."
        ),
        "sealed.event.bid": "{player} ha sellado una puja.",
        "sealed.event.my_bid": "Pujaste {coins}.",
        "sealed.event.won": "{player} gana el premio de {prize} puntos por {coins} monedas.",
        "sealed.event.tie": "Empate por el premio de {prize} puntos: nadie lo gana.",
    },
}
