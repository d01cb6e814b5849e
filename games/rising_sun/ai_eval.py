"""The computer player's static evaluation of a position for one seat, in VP-equivalents.

``evaluate(g, seat)`` adds: VP; the expected value of this season's unresolved war
provinces (token VP plus what a new province adds to the set bonus, whose steps are at 3,
5 and 7 different provinces, times a chance of taking it
from the Force margin, a tie to the higher Honor, Koi's coins counted as Ronin); the shrines
still to be worshipped at (each remaining Kami Turn's power, when this seat would win the
shrine); a little for majorities Harvest could pay; Strongholds (and the summon each brings
in every Recruit to come); coins, Ronin and Honor. A shrine this seat wins also counts part
of the power it keeps from the rival who would win it otherwise (Susanoo pays 1 VP per
Stronghold, and Turtle's are many). ``hypothetical`` copies the few lists an action changes
so a candidate can be tried without the engine (fast: a move is tried in well under a
millisecond).
"""

from __future__ import annotations

import copy
import functools
import math

from games.rising_sun import board
from games.rising_sun.data import data
from games.rising_sun.scoring import set_bonus
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G

COIN = 0.5  # a coin before the war: bidding power, gone at cleanup
RONIN = 0.7  # a Ronin: Force when its owner wins Hire Ronin, every battle
LATER_NEW = 0.5  # new provinces a season to come: 0.9-1.4 in mirror games, discounted (unsure)
SHRINE_POWER = {
    "amaterasu": 1.0,
    "fujin": 1.5,
    "hachiman": 2 * RONIN,
    "raijin": 1.5,
    "ryujin": 1.0,
    "susanoo": 0.0,  # 1 VP per Stronghold, added where it is valued
    "tsukuyomi": 2 * COIN,
}
RECRUITS = 1.4  # Recruit mandates a season, about (7 mandate turns, 2 tiles in 10)
SUMMON = 0.6  # a figure summoned at a Stronghold, in VP-equivalents
DENY_SHRINE = 0.5  # a shrine won is also a power the rival who would win it does not get
# chance of taking a battled province by Force margin (mine minus the best other)
MARGIN_CHANCE = {-3: 0.08, -2: 0.15, -1: 0.28, 0: 0.45, 1: 0.65, 2: 0.78, 3: 0.88}
HONOR_TIE = 0.1  # at an even margin, the higher Honor takes the tie


def hypothetical(g: G) -> G:
    """A copy of ``g`` whose figures, Strongholds, coins, Ronin and VP may be changed."""
    h = copy.copy(g)
    h.figs = [list(f) for f in g.figs]
    h.holds = [list(x) for x in g.holds]
    h.coins, h.ronin, h.vp = list(g.coins), list(g.ronin), list(g.vp)
    h.honor = list(g.honor)
    h.tasks = list(g.tasks)  # Mercy may queue its decision
    return h


def force_table(g: G) -> list[list[int]]:
    """War Force per province per seat (figures, modifiers, Turtle Strongholds)."""
    n = len(data().provinces)
    table = [[0] * g.players for _ in range(n)]
    for i, (o, _, at) in enumerate(g.figs):
        if 0 <= at < SHRINE:
            table[at][o] += board.figure_force(g, i, war=True)
    for s in range(g.players):
        if g.has_clan(s, "turtle"):
            for p in g.holds[s]:
                table[p][s] += 1
    return table


def kami_turns_left(g: G) -> int:
    if g.phase == "tea":
        return data().political.count("kami")
    if g.phase != "political":
        return 0
    return data().political[g.slot + 1 :].count("kami")


def province_value(g: G, seat: int, p: int) -> float:
    """A war province's token, and what a province new to ``seat`` adds to its set bonus."""
    season = min(g.season, 2)
    mine = {q for _, q in g.tokens[seat]}
    token = data().token_vp[season]
    return token if p in mine else token + set_gain(len(mine), max(0, 2 - g.season))


@functools.cache
def set_gain(have: int, seasons_after: int) -> float:
    """What one more different province adds to the set bonus (10 VP at 3, 5 and 7): the
    step it makes now or with the new provinces still to come, a Poisson count of mean
    ``LATER_NEW`` a season. The third province is worth 10 VP in Autumn, the fourth none,
    so a seat fights for the province that completes a step, not for any new one."""
    mean = LATER_NEW * seasons_after
    total, chance = 0.0, math.exp(-mean)
    for later in range(len(data().provinces) - have):  # every province, at most
        total += chance * (set_bonus(have + 1 + later) - set_bonus(have + later))
        chance *= mean / (later + 1)
    return total


def win_chance(g: G, seat: int, forces: list[int]) -> float:
    """Chance that ``seat`` takes a war province with these Forces (all seats): the margin
    over the best other, each side's Ronin (Koi's coins too) counted at half, as only the
    winner of Hire Ronin adds them."""
    mine = forces[seat]
    if mine <= 0:
        return 0.0
    others = [s for s in range(g.players) if s != seat and forces[s] > 0 and g.active(s)]
    if not others:
        return 0.92
    ally = g.ally[seat]
    if ally is not None and others == [ally]:
        ahead = mine > forces[ally] or (mine == forces[ally] and g.higher(seat, ally))
        return 0.85 if ahead else 0.1
    reach = {s: forces[s] + min(hireable(g, s), 4) // 2 for s in (seat, *others)}
    best = max(reach[s] for s in others)
    margin = reach[seat] - best
    chance = MARGIN_CHANCE[max(-3, min(3, margin))]
    if margin == 0:  # a tie of Force goes to the higher Honor
        tied = [s for s in others if reach[s] == best]
        chance += HONOR_TIE if all(g.higher(seat, s) for s in tied) else -HONOR_TIE
    return chance


def hireable(g: G, seat: int) -> int:
    """The Ronin ``seat`` could hire in a battle: Koi's coins count as Ronin too."""
    return g.ronin[seat] + (g.coins[seat] if g.has_clan(seat, "koi") else 0)


def war_value(g: G, seat: int, table: list[list[int]]) -> float:
    done = len(g.war_results) if g.phase == "war" else 0
    total = 0.0
    for p in g.war[done:]:
        if g.battle is not None and g.battle["prov"] == p:
            continue  # the battle under way is judged by its bids
        total += win_chance(g, seat, table[p]) * province_value(g, seat, p)
    return total


def shrine_value(g: G, seat: int) -> float:
    turns = kami_turns_left(g)
    if not turns:
        return 0.0
    total = 0.0
    for k, kid in enumerate(g.shrines):
        force = [0] * g.players
        for o, kind, at in g.figs:
            if at == SHRINE + k and board.counts_as_shinto(kind):
                force[o] += 1
        if not force[seat]:
            continue
        best = max(force[s] for s in range(g.players) if s != seat)
        wins = force[seat] > best or (
            force[seat] == best
            and all(g.higher(seat, s) for s in range(g.players) if s != seat and force[s] == best)
        )
        power = _power(g, seat, kid)
        if wins:  # denied to whoever would win it without this seat (Susanoo to Turtle)
            rival = min(
                (s for s in range(g.players) if s != seat), key=lambda s: (-force[s], g.rank(s))
            )
            power += DENY_SHRINE * _power(g, rival, kid) * (force[rival] > 0)
        total += turns * power * (1.0 if wins else 0.25)
    return total


def _power(g: G, seat: int, kid: str) -> float:
    return len(g.holds[seat]) if kid == "susanoo" else SHRINE_POWER[kid]


def harvest_value(g: G, seat: int, table: list[list[int]]) -> float:
    total = 0.0
    for p, prov in enumerate(data().provinces):
        force = table[p]
        if (
            force[seat]
            and board.strongest(g, list(range(g.players)), dict(enumerate(force))) == seat
        ):
            total += prov.vp + prov.coins * COIN + prov.ronin * RONIN
    return 0.12 * total if g.phase != "war" else 0.0


def mandates_left(g: G) -> float:
    """Mandate turns still to come this season and in the seasons after, in seasons."""
    turns = data().political.count("mandate")
    if g.phase == "political":
        now = data().political[g.slot + 1 :].count("mandate") / turns
    else:
        now = 1.0 if g.phase == "tea" else 0.0
    return now + max(0, 2 - g.season)


def stronghold_value(g: G, seat: int) -> float:
    """Each Stronghold: a little, Form of the Kitsune's VP, and one summon more in every
    Recruit to come (Dragonfly's anywhere)."""
    summon = SUMMON * (1.5 if g.has_clan(seat, "dragonfly") else 1.0)
    per = 1.0 + 3 * g.count(seat, "form_of_the_kitsune") * (g.season < 3)
    per += summon * RECRUITS * mandates_left(g)
    return per * len(g.holds[seat])


def evaluate(g: G, seat: int) -> float:
    """The position for ``seat`` in VP-equivalents (see the module docstring)."""
    table = force_table(g)
    coin = COIN if g.phase != "war" else 0.3
    rank_bonus = 0.15 * (g.players - 1 - g.rank(seat))
    held = sum(1 for f in g.figs if f[2] == HOSTAGE + seat) * 0.3
    return (
        g.vp[seat]
        + war_value(g, seat, table)
        + shrine_value(g, seat)
        + harvest_value(g, seat, table)
        + stronghold_value(g, seat)
        + coin * g.coins[seat]
        + RONIN * g.ronin[seat]
        + rank_bonus
        + held
    )


def on_map(g: G, seat: int) -> int:
    return sum(1 for o, _, at in g.figs if o == seat and 0 <= at < SHRINE)


def in_reserve(g: G, seat: int) -> int:
    return sum(1 for o, _, at in g.figs if o == seat and at == RESERVE)
