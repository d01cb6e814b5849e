"""The computer player in War: the bids it aims for and the War Advantages it uses.

Coins are worth nothing after the season, so they are spread over the battles left. In a
battle it can win on Force it bids a little on Imperial Poets (and Take Hostage for the
VP); when Hire Ronin decides it, it outbids the others' likely bids; when it cannot win,
Seppuku for the VP and Honor. A won Seppuku is used only when the battle is lost anyway; a
hostage is the figure that hurts the likely winner most.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rising_sun import board, war
from games.rising_sun.ai_eval import force_table, province_value
from games.rising_sun.data import BOXES, data
from games.rising_sun.state import Bid, Confirm, Decline, G, Hostage, RSAction


def _battle_forces(g: G) -> dict[int, int]:
    assert g.battle is not None
    p = g.battle["prov"]
    return {s: board.force_in(g, s, p, war=True) for s in g.battle["parts"]}


def _hire(g: G, seat: int, coins_bid: int) -> int:
    """The Ronin ``seat`` would hire (Koi: its unbid coins count too)."""
    hired = g.ronin[seat]
    if g.has_clan(seat, "koi"):
        hired += g.coins[seat] - coins_bid
    return hired


def _battles_left(g: G, seat: int) -> int:
    assert g.battle is not None
    table = force_table(g)
    n = 0
    for p in g.war[len(g.war_results) + 1 :]:
        f = table[p]
        if f[seat] and any(f[s] for s in range(g.players) if s != seat):
            n += 1
    return n


def target_bid(g: G, seat: int) -> list[int]:
    """The bid this seat aims for in the battle under way (Seppuku, Hostage, Ronin, Poets)."""
    b = g.battle
    assert b is not None
    coins = g.coins[seat]
    force = _battle_forces(g)
    others = [s for s in b["parts"] if s != seat]
    mine = force[seat]
    rival = max(others, key=lambda s: (force[s] + _hire(g, s, 0), -g.rank(s)))
    rival_top = force[rival] + _hire(g, rival, 0)
    best_other = max(force[s] for s in others)
    budget = coins if _battles_left(g, seat) == 0 else -(-coins // (1 + _battles_left(g, seat)))
    out = [0, 0, 0, 0]
    foes = sum(1 for i in board.figures_at(g, b["prov"]) if g.figs[i][0] != seat)
    value = province_value(g, seat, b["prov"])
    top = int(max(g.coins[s] for s in others))
    if mine > rival_top or (mine == rival_top and g.higher(seat, rival)):
        out[3] = min(budget, 1 if foes < 3 else 2)  # Poets: a VP per figure killed
        return out
    with_ronin = mine + _hire(g, seat, budget)
    if with_ronin > best_other or (
        with_ronin == best_other
        and all(g.higher(seat, s) for s in others if force[s] == best_other)
    ):
        out[2] = _outbid(top, budget) if value >= 2 else min(budget, 1)
        out[3] = min(budget - out[2], 1)
        return out
    if mine > 0 and mine + _hire(g, seat, budget) + 2 >= best_other and budget >= 2:
        out[1] = _outbid(top, budget // 2)  # a hostage from the strongest may turn it
        out[2] = _outbid(top, budget - out[1])
        return out
    mine_figs = len(board.figures_at(g, b["prov"], seat))
    out[0] = min(budget, 1 + (mine_figs >= 3)) if mine_figs else 0  # Seppuku: VP, Honor
    out[3] = min(budget - out[0], 1)
    return out


def _outbid(top: int, box_coins: int) -> int:
    """Enough to beat a random share of ``top`` (the richest other's coins) most of the
    time: a random bid rarely puts half on one box."""
    return min(box_coins, top // 2 + 1)


def bid_step(g: G, seat: int, legal: Sequence[RSAction]) -> RSAction:
    assert g.battle is not None
    want = target_bid(g, seat)
    current = g.battle["bids"][str(seat)]
    if current == want:
        return Confirm()
    if Bid(*want) in legal:  # from an empty bid: the whole bid at once
        return Bid(*want)
    # lower boxes first so every step stays within the coins
    for box in sorted(range(len(BOXES)), key=lambda b: want[b] >= current[b]):
        if want[box] != current[box]:
            values = list(current)
            values[box] = want[box]
            if Bid(*values) in legal:
                return Bid(*values)
    return Confirm()


def _predicted_winner(g: G) -> int:
    """Who wins the battle under way, from the revealed bids (Hire Ronin counted)."""
    b = g.battle
    assert b is not None
    force = _battle_forces(g)
    hirer = war.best_bidder(g, 2)
    if hirer is not None:
        force[hirer] += _hire(g, hirer, sum(b["bids"][str(hirer)]))
    return board.strongest(g, list(force), force)


def battle_lost(g: G, seat: int) -> bool:
    winner = _predicted_winner(g)
    return winner != seat and not g.allied(winner, seat)


def hostage_choice(g: G, seat: int, legal: list[RSAction]) -> RSAction:
    options = [a for a in legal if isinstance(a, Hostage)]
    if not options:
        return Decline()
    winner = _predicted_winner(g)

    def score(a: Hostage) -> tuple[float, int]:
        force = (
            data().values.get(a.kind, {}).get("force", 1)
            if a.kind not in ("bushi", "shinto")
            else 1
        )
        hurt = force * (3 if a.victim == winner and winner != seat else 1)
        return (
            hurt + (1 if g.vp[a.victim] else 0) - (3 if g.allied(seat, a.victim) else 0),
            -options.index(a),
        )

    return max(options, key=score)
