"""A heuristic computer player: one rule of thumb per decision.

* Tea Ceremony: propose to the player with the fewest VP; accept a proposer who is not
  ahead by more than 5 VP.
* Mandates: Recruit while the reserve is full, Train with coins for a useful card, Harvest
  where it leads, Marshal otherwise; Betray only when unallied. Lotus keeps Betray face down.
* Summons and moves: towards this season's war provinces where it is not yet strongest,
  Shinto to the shrines; Strongholds in war provinces.
* Cards: the most expensive affordable one, War and Winter Upgrades and monsters first.
* Bids: Hire Ronin when it holds Ronin, Imperial Poets with part of the rest, the remainder
  held back for later battles; Seppuku when outnumbered; hostages from the strongest enemy.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Game, Player, Seat
from games.rising_sun import board
from games.rising_sun.data import data
from games.rising_sun.state import (
    Accept,
    Betray,
    Bid,
    Build,
    Buy,
    Choose,
    Confirm,
    Decline,
    Done,
    G,
    Gift,
    Move,
    Pass,
    Propose,
    Refuse,
    RisingSunState,
    Seppuku,
    Summon,
    thaw_cached,
)
from games.rng import Rng

CARD_TASTE = {"war_upgrade": 3, "winter_upgrade": 3, "monster": 2, "virtue": 1, "enhancement": 1}


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, state: RisingSunState, seat: Seat) -> Action:
        legal = [a for a in game.legal(state, seat) if not isinstance(a, Gift)]
        g = thaw_cached(state)
        task = g.tasks[0]["t"]
        best = max(legal, key=lambda a: (self._score(g, seat, task, a), -legal.index(a)))
        return best

    def _score(self, g: G, seat: int, task: str, a: Any) -> float:
        if isinstance(a, Propose):
            return 10 - g.vp[a.to] / 10
        if isinstance(a, Accept | Refuse):
            proposer = int(g.tea["offer"][0])
            ok = g.vp[proposer] <= g.vp[seat] + 5
            return 1 if isinstance(a, Accept) == ok else 0
        if isinstance(a, Pass):
            return 0
        if isinstance(a, Choose):
            return _mandate_value(g, seat, a)
        if isinstance(a, Summon):
            return _place_value(g, seat, a.dest) + (0.5 if a.kind == "bushi" else 0)
        if isinstance(a, Move):
            return _place_value(g, seat, a.dst) - _place_value(g, seat, a.src) - 0.5
        if isinstance(a, Build):
            return 3 + (2 if data().province(a.province) in g.war else 0) - (a.gift is not None)
        if isinstance(a, Buy):
            card = data().cards[a.card]
            paid = board.price(g, seat, card.cost, bool(g.tasks[0].get("bonus")))
            return CARD_TASTE[card.type] - paid + (0.5 if a.gift is not None else 0)
        if isinstance(a, Betray):
            return 1 + g.vp[a.victim] / 20
        if isinstance(a, Bid | Confirm):
            return _bid_value(g, seat, a)
        if isinstance(a, Seppuku):
            return 1 if _outnumbered(g, seat) else -1
        if isinstance(a, Decline):
            return 0
        if isinstance(a, Done):
            return 0.5 if task == "buy" else 0
        return self.rng.below(100) / 100  # hostages, extras: any


def _war_need(g: G, seat: int, p: int) -> float:
    """How much one more figure helps in province ``p``."""
    if p not in g.war:
        return 0.2
    mine = board.force_in(g, seat, p)
    others = max(
        (board.force_in(g, s, p) for s in range(g.players) if s != seat and not g.allied(s, seat)),
        default=0,
    )
    if mine > others + 2:
        return 0.3
    return 2.0 + (1.0 if mine <= others else 0)


def _place_value(g: G, seat: int, dest: str) -> float:
    if dest.startswith("shrine:"):
        k = g.shrines.index(dest[7:])
        mine = board.shrine_force(g, k, seat)
        best = max(board.shrine_force(g, k, s) for s in range(g.players))
        return 2.5 if mine <= best else 0.5
    return _war_need(g, seat, data().province(dest))


def _mandate_value(g: G, seat: int, a: Choose) -> float:
    reserve = sum(1 for o, k, at in g.figs if o == seat and at == board.RESERVE_LOC)
    m = a.mandate
    value = {
        "recruit": reserve / 2,
        "marshal": 1.5,
        "train": 1.0,
        "harvest": 1 + _harvest(g, seat),
    }.get(m, 0.0)
    if m == "betray":
        value = 0.5 if g.ally[seat] is None else -5
    if a.keep == "betray":
        value += 0.5
    return value


def _harvest(g: G, seat: int) -> float:
    total = 0.0
    for p, prov in enumerate(data().provinces):
        force = {s: board.force_in(g, s, p) for s in range(g.players)}
        if force[seat] and board.strongest(g, list(force), force) == seat:
            total += prov.vp + prov.coins / 2 + prov.ronin / 2
    return total / 2


def _outnumbered(g: G, seat: int) -> bool:
    b = g.battle
    if b is None:
        return False
    p = b["prov"]
    return board.force_in(g, seat, p, war=True) < max(
        board.force_in(g, s, p, war=True) for s in b["parts"]
    )


def _bid_value(g: G, seat: int, a: Any) -> float:
    b = g.battle
    assert b is not None
    coins, ronin = g.coins[seat], g.ronin[seat]
    if g.has_clan(seat, "koi"):
        ronin += coins // 2
    want = [0, 0, 0, 0]
    budget = coins
    others = max((g.ronin[s] for s in b["parts"] if s != seat), default=0)
    if ronin or others:
        want[2] = min(budget, max(1, (coins * 2) // 3))
        budget -= want[2]
    want[3] = budget // 3
    if isinstance(a, Confirm):
        return 50 if b["bids"][str(seat)] == want else -1
    return (
        100
        if a.as_list() == want
        else -sum(abs(x - y) for x, y in zip(a.as_list(), want, strict=True))
    )


def make_player(strength: str, seed: int = 0) -> Player:
    return HeuristicPlayer(seed)
