"""The computer player: a one-ply greedy search over a static evaluation
(:mod:`games.rising_sun.ai_eval`), with a rule of thumb where search does not fit.

* Figures (Recruit, Marshal, Fujin, Raijin, the Paths' summons, a bought monster's
  placement, Betray, Marshal's Stronghold): every legal choice is tried on a copy of the
  few lists it changes and the best evaluation wins; ``done`` when nothing gains. The
  evaluation values this season's war provinces (token VP and the set bonus of a new
  province, times a chance from the Force margin) and the shrines of the Kami Turns left,
  so figures go where they take a province or a shrine, and Shinto worship where they win.
* Mandates: each drawn tile is scored by playing this seat's part greedily on a copy
  (Recruit's summons, Marshal's moves and Stronghold, Betray's two replacements), Harvest
  by the rewards of the provinces it leads, Train by the best card's value per coin;
  minus what the others gain from it. Lotus may announce any mandate and keeps Betray
  face down when it draws one (so nobody else plays it).
* Season cards: a value in VP-equivalents per card (coins and Ronin over the wars left,
  Force, end-game VP for what it owns) against the price in coins, which also fund bids.
  Benevolence is worth its 2 VP for each paid purchase to come (Bonsai pays a coin for
  every one).
* Tea Ceremony: propose to the strongest partner who is not a threat to win (Force on the
  map, not far ahead by the evaluation, which sees VP to come as well as VP scored);
  accept such a proposal.
* A Winter Upgrade is also worth what it would pay the rival it pays most (beyond its
  worth here): Form of the Kitsune is kept from a clan with many Strongholds.
* War: :mod:`games.rising_sun.ai_war`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action, Player, Seen
from games.rising_sun import board, rules, war
from games.rising_sun import state as acts
from games.rising_sun.ai_eval import (
    COIN,
    RONIN,
    evaluate,
    force_table,
    hypothetical,
    mandates_left,
)
from games.rising_sun.ai_war import battle_lost, bid_step, hostage_choice, target_bid
from games.rising_sun.data import data
from games.rising_sun.state import RESERVE, G, RSAction, thaw_cached
from games.rng import Rng, derive_seed

GAIN = 0.05  # an action must gain this much over "done"
DENIAL = 1.0  # a Winter Upgrade bought for what it would pay a rival, above its worth here
BENEVOLENT = 2.0  # Benevolence's VP for a coin given
TRAINS = 1.4  # Train mandates a season, about (and a Ryujin shrine or a Stronghold)
OTHERS_GAIN = {"recruit": 0.8, "marshal": 0.6, "train": 0.4, "harvest": 0.3, "betray": 0.0}


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, seen: Seen) -> Action:
        g, seat = thaw_cached(seen.guess), seen.seat
        options = rules.legal(g, seat)
        if g.tasks[0]["t"] == "clan":  # any clan: from the seed, so mirror games spread
            pick = Rng(derive_seed(self.seed, f"clan:{g.rng}:{seat}"))
            return options[pick.below(len(options))]
        if g.tasks[0]["t"] == "bids":  # no gifts in War; a lazy list of whole bids
            return bid_step(g, seat, options)
        return decide(g, seat, g.tasks[0], [a for a in options if not isinstance(a, acts.Gift)])


def decide(g: G, seat: int, task: dict[str, Any], legal: list[RSAction]) -> RSAction:
    t = task["t"]
    if t == "tea":
        return _tea(g, seat, legal)
    if t == "choose":
        choices = [a for a in legal if isinstance(a, acts.Choose)]
        gains = {m: mandate_gain(g, seat, m) for m in dict.fromkeys(a.mandate for a in choices)}
        if g.ally[seat] is not None and g.count(seat, "honesty"):
            honest = g.count(seat, "honesty") * data().value("honesty", "vp")
            gains = {m: v + (honest if m != "betray" else 0) for m, v in gains.items()}
        return max(choices, key=lambda a: _mandate_value(gains[a.mandate], a))
    if t == "buy":
        return _buy(g, seat, task, legal)
    if t == "bids":
        return bid_step(g, seat, legal)
    if t == "seppuku":
        return acts.Seppuku() if battle_lost(g, seat) else acts.Decline()
    if t == "hostage":
        return hostage_choice(g, seat, legal)
    if t == "extra":
        extras = [a for a in legal if isinstance(a, acts.Extra)]
        return min(extras, key=lambda a: (-g.vp[a.to], a.to))  # the leader gets none
    if t == "ninja":
        return _ninja(g, seat, legal)
    if t == "monkey":
        return acts.Take() if acts.Take() in legal and _monkey_pays(g, seat) else acts.Decline()
    if t == "mercy":
        return acts.Spare() if _spare_pays(g, seat, task) else acts.Decline()
    if t in ("ronin", "poets", "serpent"):  # Ronin, VP and coins: always worth taking
        return acts.Use()
    return _best_by_search(g, seat, task, legal)


# --- search over figures -------------------------------------------------------------------


def try_action(g: G, seat: int, task: dict[str, Any], a: RSAction) -> G | None:
    """A copy of ``g`` after ``a`` (the parts the evaluation reads), or ``None``."""
    h = hypothetical(g)
    if isinstance(a, acts.Summon):
        loc = board.parse_loc(a.dest, h)
        i = (
            task["fig"]
            if task["t"] == "place_monster"
            else board.find_figure(h, seat, a.kind, RESERVE)
        )
        board.place(h, i, loc, [])
    elif isinstance(a, acts.Move):
        src, dst = data().province(a.src), data().province(a.dst)
        h.coins[seat] -= dict(rules.neighbours(h, seat, src)).get(dst, 0)
        if a.kind == "stronghold":
            h.holds[seat][h.holds[seat].index(src)] = dst
        else:
            i = board.find_figure(h, seat, a.kind, src, set(task.get("moved", [])))
            board.place(h, i, dst, [])
    elif isinstance(a, acts.Build):
        cost = board.price(h, seat, data().constants["stronghold_cost"], False)
        h.coins[seat] -= cost
        h.holds[seat].append(data().province(a.province))
        board.benevolence(h, seat, cost, a.gift, [])
    elif isinstance(a, acts.Betray):
        p = board.parse_loc(a.province, h)
        h.figs[board.find_figure(h, a.victim, a.kind, p)][2] = RESERVE
        board.place(h, board.find_figure(h, seat, a.mine, RESERVE), p, [])
    else:
        return None
    return h


def _best_by_search(g: G, seat: int, task: dict[str, Any], legal: list[RSAction]) -> RSAction:
    base = evaluate(g, seat)
    best: RSAction | None = None
    best_gain = GAIN
    for a in legal:
        h = try_action(g, seat, task, a)
        if h is None:
            continue
        gain = evaluate(h, seat) - base
        if gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        return best
    if acts.Done() in legal:
        return acts.Done()
    return next((a for a in legal if try_action(g, seat, task, a) is not None), legal[0])


def _greedy(g: G, seat: int, steps: int, options: Callable[[G, dict[str, Any]], list[RSAction]],
            task: dict[str, Any]) -> float:  # fmt: skip
    """What ``steps`` greedy choices gain on a copy of ``g``."""
    h, total = g, 0.0
    base = evaluate(h, seat)
    for _ in range(steps):
        best: tuple[float, G, RSAction] | None = None
        for a in options(h, task):
            nh = try_action(h, seat, task, a)
            if nh is None:
                continue
            value = evaluate(nh, seat)
            if best is None or value > best[0]:
                best = (value, nh, a)
        if best is None or best[0] - base <= GAIN:
            break
        total += best[0] - base
        base, h = best[0], best[1]
        if isinstance(best[2], acts.Move):  # what stands where it went counts as moved
            dst = data().province(best[2].dst)
            if best[2].kind == "stronghold":
                held = [k for k, q in enumerate(h.holds[seat]) if q == dst]
                task["hmoved"] = sorted(set(task["hmoved"]) | set(held))
            else:
                moved = [i for i, f in enumerate(h.figs) if f[0] == seat and f[2] == dst]
                task["moved"] = sorted(set(task["moved"]) | set(moved))
        if isinstance(best[2], acts.Betray):
            b = best[2]
            if task["left"] and b.victim not in task["victims"] and "shrine:" not in b.province:
                task["victims"].append(b.victim)
                task["left"] -= 1
            else:
                task["extra"] -= 1
    return total


# --- mandates --------------------------------------------------------------------------


def _mandate_value(gain: float, a: acts.Choose) -> float:
    value = gain - OTHERS_GAIN[a.mandate]
    if a.keep is not None and a.keep == "betray":
        value += 0.3  # nobody else can play it this season
    return value


def mandate_gain(g: G, seat: int, mandate: str) -> float:
    if mandate == "recruit":
        slots = len(g.holds[seat]) + 1
        return _greedy(g, seat, slots, lambda h, t: recruit_options(h, seat), {"t": "recruit"})
    if mandate == "marshal":
        task = {"t": "marshal", "bonus": True, "built": False, "moved": [], "hmoved": []}
        moves = _greedy(
            g, seat, 3, lambda h, t: rules.moves(h, seat, t["moved"], t["hmoved"]), task
        )
        builds = rules.builds(g, seat, task)
        build = max((_gain_of(g, seat, task, b) for b in builds), default=0.0)
        return moves + max(0.0, build)
    if mandate == "harvest":
        return COIN + _harvest_rewards(g, seat)
    if mandate == "train":
        buys = rules.buys(g, seat, {"bonus": True})
        return max(
            (_card_net(g, seat, b, True) for b in buys if isinstance(b, acts.Buy)), default=0.0
        )
    extra = g.count(seat, "path_of_the_unrighteous")
    task = {"t": "betray", "left": 2, "victims": [], "extra": extra}
    gain = _greedy(g, seat, 2 + extra, lambda h, t: rules.betrayals(h, seat, t), task)
    if g.ally[seat] is not None:
        gain -= 1.5  # the alliance and one step of Honor
    return gain


def recruit_options(g: G, seat: int) -> list[RSAction]:
    """Summons of a Recruit, ignoring which Stronghold slots are used (an estimate)."""
    slots = [-1] if g.has_clan(seat, "dragonfly") else sorted(set(g.holds[seat]))
    return [
        acts.Summon(kind, dest)
        for kind in board.reserve_kinds(g, seat)
        for dest in rules.summon_dests(g, seat, kind, slots)
    ]


def _gain_of(g: G, seat: int, task: dict[str, Any], a: RSAction) -> float:
    h = try_action(g, seat, task, a)
    return -99.0 if h is None else evaluate(h, seat) - evaluate(g, seat)


def _harvest_rewards(g: G, seat: int) -> float:
    table = force_table(g)
    total = 0.0
    for p, prov in enumerate(data().provinces):
        force = {s: table[p][s] for s in range(g.players) if g.active(s)}
        if force[seat] > 0 and board.strongest(g, list(force), force) == seat:
            total += prov.vp + prov.coins * COIN + prov.ronin * RONIN
    return total


# --- cards -----------------------------------------------------------------------------


def card_value(g: G, seat: int, card: str) -> float:
    """What owning ``card`` is worth to ``seat`` in VP-equivalents."""
    wars = 3 - g.season if g.phase != "war" else 2 - g.season
    v = data().values.get(card, {})
    c = data().cards[card]
    monsters = board.monsters_owned(g, seat)
    table = {
        "way_of_the_shogun": v.get("coins", 0) * COIN * wars,
        "way_of_the_moneylender": v.get("coins", 0) * COIN * wars,
        "way_of_the_ronin": v.get("ronin", 0) * RONIN * wars,
        "way_of_bushido": (2 * COIN + 2) * max(1, board.virtues(g, seat)) * wars,
        "way_of_the_katana": 0.6 * _bushi_on_map(g, seat) * wars,
        "path_of_the_lion": 1.2 * wars,
        "path_of_the_dragon": 3.0 * wars,
        "path_of_the_serpent": 0.3,
        "path_of_the_kenin": 1.5 * wars,
        "path_of_the_light": 0.8 * wars,
        "path_of_the_samurai": 1.5 * wars,
        "righteousness": 1.5 * wars,
        "justice": 1.5 * wars,
        "respect": 0.4 * wars,
        "benevolence": _benevolence(g, seat),
        "form_of_the_kitsune": 3.0 * max(len(g.holds[seat]), 1),
        "form_of_the_phoenix": 3.0 * (board.virtues(g, seat) + 0.5),
        "form_of_the_beast": 3.0 * (monsters + 0.5),
        **_set_card_values(g, seat, wars),
    }
    if card in table:
        value = table[card]
    elif c.type == "monster":
        force = max(v.get("force", 1), v.get("force_lowest_honor", 0) * 0.6)
        value = 1.0 + 0.9 * force + (1.5 if card in ("oni_of_souls", "oni_of_spite") else 0)
        value += 3.0 * g.count(seat, "form_of_the_beast")
    else:
        value = 1.0
    if c.type == "virtue":
        value += 3.0 * g.count(seat, "form_of_the_phoenix") * (card not in g.owned[seat])
    return value


def _benevolence(g: G, seat: int) -> float:
    """Benevolence: 2 VP and a step of Honor for each purchase to come that costs a coin
    (Bonsai's purchases all cost one, unless Train's bonus makes them free)."""
    paid = 0.9 if g.has_clan(seat, "bonsai") else 0.6
    return (BENEVOLENT + 0.15) * TRAINS * mandates_left(g) * paid


def _set_card_values(g: G, seat: int, wars: int) -> dict[str, float]:
    """Horseman and Teapot cards, in VP-equivalents over the wars left (rough counts: two
    Summons, a token or two and two VP gains a season)."""
    below = g.players - 1 - g.rank(seat)
    allied = 1.0 if g.ally[seat] is not None else 0.6
    kindred = len(set(g.allied_in[seat])) if seat < len(g.allied_in) else 0
    top = g.rank(seat) == 0
    return {
        "courage": 2.0 * 1.5 * wars,
        "path_of_the_ninja": 0.8 * wars,
        "way_of_the_righteous": below * COIN * 0.8 * wars,
        "mercy": 1.2 * wars,
        "path_of_the_monkey": 0.6 * wars,
        "form_of_the_demon": 3.0 * (board.oni_owned(g, seat) + 0.5),
        "path_of_the_spirit": (2 * COIN + 2) * 2 * wars * (0.8 if top else 0.2),
        "honesty": 2.0 * 1.5 * allied * wars,
        "path_of_the_patron": 2 * COIN * 2 * wars * (0.9 if below >= 2 else 0.3),
        "path_of_the_warlord": COIN * 2 * wars,
        "loyalty": 3.0 * allied * wars,
        "way_of_the_merchant": 2 * COIN * wars,
        "form_of_the_kindred": 3.0 * (kindred + 0.6 * max(0, 2 - g.season)),
        "path_of_the_unrighteous": 0.4 * wars,
    }


def _ninja(g: G, seat: int, legal: list[RSAction]) -> RSAction:
    """The Bushi whose death helps most, when that is worth a step of Honor."""
    base = evaluate(g, seat)
    best: RSAction = acts.Decline()
    best_gain = 0.6  # a step of Honor and its ties
    for a in legal:
        if isinstance(a, acts.Kill):
            h = hypothetical(g)
            h.figs[board.find_figure(h, a.victim, a.kind, data().province(a.province))][2] = RESERVE
            gain = evaluate(h, seat) - base - (1.0 if a.victim == seat else 0.0)
            if gain > best_gain:
                best, best_gain = a, gain
    return best


def _monkey_pays(g: G, seat: int) -> bool:
    """A coin from each richest opponent is worth a step of Honor unless that step costs
    Path of the Spirit or the Patron their condition."""
    taken = len(rules.richest(g, seat))
    keeps = g.count(seat, "path_of_the_spirit") and g.rank(seat) == 0
    keeps = keeps or (g.count(seat, "path_of_the_patron") and g.players - 1 - g.rank(seat) == 2)
    return taken * (COIN + 0.2) >= 0.45 and g.phase != "war" and not keeps


def _spare_pays(g: G, seat: int, task: dict[str, Any]) -> bool:
    """Mercy's VP against what the deaths would bring (this seat's view of the board,
    Imperial Poets when this seat holds them, Justice)."""
    ids = [i for i, loc in task["figs"] if g.figs[i][2] == loc and g.figs[i][0] != seat]
    h = hypothetical(g)
    for i in ids:
        h.figs[i][2] = RESERVE
    kill_gain = evaluate(h, seat) - evaluate(g, seat)
    b = g.battle
    if task["why"] == "battle" and b is not None:
        poets = war.best_bidder(g, 3)
        if poets == seat:
            kill_gain += len(ids) * data().constants["poets_vp_per_kill"]
        elif poets is not None:
            kill_gain -= 0.5 * len(ids)
    owners = {g.figs[i][0] for i in ids}
    if g.count(seat, "justice") and any(g.higher(seat, o) for o in owners):
        kill_gain += g.count(seat, "justice") * data().value("justice", "vp")
    return g.count(seat, "mercy") * data().value("mercy", "vp") >= kill_gain


def _bushi_on_map(g: G, seat: int) -> int:
    return sum(1 for o, k, at in g.figs if o == seat and k == "bushi" and 0 <= at < 10)


def _card_net(g: G, seat: int, a: acts.Buy, bonus: bool) -> float:
    cost = board.price(g, seat, data().cards[a.card].cost, bonus)
    gift = 2.0 + 0.15 if a.gift is not None else 0.0  # Benevolence: +2 VP, +1 Honor
    if a.gift is not None and g.vp[a.gift] >= g.vp[seat]:
        gift -= 0.5  # a coin to a rival
    return (
        card_value(g, seat, a.card) + _denial(g, seat, a.card) - cost * COIN + gift * min(1, cost)
    )


def _denial(g: G, seat: int, card: str) -> float:
    """A Winter Upgrade is bought to keep it from the rival it would pay most (Form of the
    Kitsune in Turtle's hands, whose Strongholds are many): the part of its worth to that
    rival above its worth here."""
    if data().cards[card].type != "winter_upgrade":
        return 0.0
    rivals = [card_value(g, o, card) for o in range(g.players) if o != seat and g.active(o)]
    return DENIAL * max(0.0, max(rivals, default=0.0) - card_value(g, seat, card))


def _buy(g: G, seat: int, task: dict[str, Any], legal: list[RSAction]) -> RSAction:
    buys = [a for a in legal if isinstance(a, acts.Buy)]
    if not buys:
        return acts.Done()
    best = max(buys, key=lambda a: (_card_net(g, seat, a, bool(task.get("bonus"))), -buys.index(a)))
    return best if _card_net(g, seat, best, bool(task.get("bonus"))) > 0.3 else acts.Done()


# --- Tea Ceremony ----------------------------------------------------------------------


def _partner(g: G, seat: int, other: int) -> float:
    """How good an ally ``other`` is: Force on the map, unless it is a threat to win."""
    table = force_table(g)
    presence = sum(table[p][other] for p in range(len(table)))
    lead = evaluate(g, other) - evaluate(g, seat)  # VP and what the position promises
    cards = sum(g.count(seat, c) for c in ("honesty", "loyalty", "form_of_the_kindred"))
    return presence * 0.3 - max(0, lead) * 0.5 + 1.5 * cards


def _tea(g: G, seat: int, legal: list[RSAction]) -> RSAction:
    if acts.Accept() in legal:
        proposer = int(g.tea["offer"][0])
        return acts.Accept() if _partner(g, seat, proposer) > -2 else acts.Refuse()
    proposals = [a for a in legal if isinstance(a, acts.Propose)]
    if proposals:
        best = max(proposals, key=lambda a: (_partner(g, seat, a.to), -a.to))
        if _partner(g, seat, best.to) > -2:
            return best
    return acts.Pass()


def make_player(strength: str, seed: int = 0) -> Player:
    return GreedyPlayer(seed)


__all__ = ["GreedyPlayer", "card_value", "decide", "make_player", "mandate_gain", "target_bid"]
