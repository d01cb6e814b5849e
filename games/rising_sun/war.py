"""The War Phase (reference §7): start-of-War effects, each war province in order, battles
with secret bids, the four advantages and the outcome, reparations."""

from __future__ import annotations

from typing import Any

from games.base import Event, Reveal
from games.rising_sun import board
from games.rising_sun.board import Events
from games.rising_sun.data import BOXES, data
from games.rising_sun.state import G, push


def war_start(g: G, task: dict[str, Any], events: Events) -> None:
    """Start of War, in Honor order: War Upgrades (Way of the Righteous takes its coins from
    the lower-Honor players), then Koi turns its Ronin into coins. The coins taken from the
    supply are one event for Way of the Merchant, richer meaning richer before it."""
    g.phase = "war"
    g.slot = len(data().political)
    values = data().values
    before = list(g.coins)
    supply: dict[int, int] = {}
    for s in list(g.honor):
        if not g.active(s):
            continue
        got = g.count(s, "way_of_the_shogun") * values["way_of_the_shogun"]["coins"]
        got += g.count(s, "way_of_the_moneylender") * values["way_of_the_moneylender"]["coins"]
        g.ronin[s] += g.count(s, "way_of_the_ronin") * values["way_of_the_ronin"]["ronin"]
        if g.count(s, "way_of_bushido"):
            v, b = board.virtues(g, s), values["way_of_bushido"]
            got += g.count(s, "way_of_bushido") * v * b["coins_per_virtue"]
            board.gain_vp(
                g,
                s,
                g.count(s, "way_of_bushido") * v * b["vp_per_virtue"],
                events,
                "way_of_bushido",
            )
        if g.count(s, "way_of_the_righteous"):
            righteous(g, s, events)
        if g.has_clan(s, "koi") and g.ronin[s]:
            got += g.ronin[s]
            g.ronin[s] = 0
        g.coins[s] += got
        supply[s] = got
    board.merchant(g, before, [s for s, n in supply.items() if n > 0], events)
    push(g, *({"t": "province", "n": n} for n in range(len(g.war))), {"t": "cleanup"})


def righteous(g: G, seat: int, events: Events) -> None:
    """Way of the Righteous: a coin (per copy) from each lower-Honor player who has one."""
    per = g.count(seat, "way_of_the_righteous") * data().value(
        "way_of_the_righteous", "coins_per_lower_player"
    )
    got = 0
    for o in g.honor[g.rank(seat) + 1 :]:
        if g.active(o):
            n = min(per, g.coins[o])
            g.coins[o] -= n
            got += n
    g.coins[seat] += got
    if got:
        events.append(board.coins_event(seat, got, "way_of_the_righteous"))


def take_token(g: G, seat: int | None, p: int, souls: list[int], events: Events) -> None:
    """``seat`` takes the province's token (``None``: discarded): Oni of Souls (when it took
    part) and Courage pay; gaining the token is one event for Loyalty."""
    g.war_results.append(seat)
    if seat is None:
        events.append(Event("rising_sun.token_discarded", {"province": data().provinces[p].id}))
        return
    g.tokens[seat].append([g.season, p])
    events.append(Event("rising_sun.token", {"province": data().provinces[p].id}, seat=seat))
    d = data()
    gains = [("courage", g.count(seat, "courage") * d.value("courage", "vp_per_token"))]
    if seat in souls:  # Oni of Souls took part
        gains.append(
            ("oni_of_souls", board.oni_owned(g, seat) * d.value("oni_of_souls", "vp_per_oni"))
        )
    for why, vp in gains:
        board.gain_vp(g, seat, vp, events, why, loyal=False)
    if any(vp > 0 for _, vp in gains):
        board.loyalty(g, seat, events)


def province(g: G, task: dict[str, Any], events: Events) -> None:
    g.battle = None
    p = g.war[task["n"]]
    force = {s: board.force_in(g, s, p, war=True) for s in range(g.players) if g.active(s)}
    parts = [s for s in range(g.players) if force.get(s, 0) > 0]
    souls = sorted({o for o, k, at in g.figs if at == p and k == "oni_of_souls"})
    if not parts:
        take_token(g, None, p, souls, events)
    elif len(parts) == 1:
        take_token(g, parts[0], p, souls, events)
    elif len(parts) == 2 and g.allied(*parts):
        take_token(g, board.strongest(g, parts, force), p, souls, events)
    else:
        g.battle = {
            "n": task["n"], "prov": p, "parts": parts, "souls": souls,
            "bids": {str(s): [0, 0, 0, 0] for s in parts}, "confirmed": [], "revealed": False,
            "killed": 0, "hired": None, "winner": None, "adv": {}, "loyal": [],
        }  # fmt: skip
        events.append(
            Event("rising_sun.battle", {"province": data().provinces[p].id, "parts": parts})
        )
        push(g, {"t": "bids"}, {"t": "adv", "box": 0}, {"t": "adv", "box": 1},
             {"t": "adv", "box": 2}, {"t": "outcome"}, {"t": "adv", "box": 3},
             {"t": "reparations"})  # fmt: skip


def reveal(g: G, events: Events) -> None:
    battle = g.battle
    assert battle is not None
    battle["revealed"] = True
    for s in battle["parts"]:
        if not g.active(s):
            battle["bids"][str(s)] = [0, 0, 0, 0]
    events.append(Event("rising_sun.bids", {"bids": battle["bids"]}, reveals=Reveal.HIDDEN))


def best_bidder(g: G, box: int) -> int | None:
    battle = g.battle
    assert battle is not None
    bids = {s: battle["bids"][str(s)][box] for s in battle["parts"]}
    top = [s for s in battle["parts"] if bids[s] > 0]
    if not top:
        return None
    return int(min(top, key=lambda s: (-bids[s], g.rank(s))))


def hostage_targets(g: G, seat: int, p: int) -> list[int]:
    return [
        i for i, (o, k, at) in enumerate(g.figs)
        if at == p and o != seat and not board.counts_as_daimyo(k)
    ]  # fmt: skip


def advantage(g: G, task: dict[str, Any], events: Events) -> None:
    battle = g.battle
    assert battle is not None
    box = task["box"]
    battle["loyal"] = []  # each war advantage is a new event for Loyalty
    winner = best_bidder(g, box)
    battle["adv"][BOXES[box]] = winner
    if winner is None:
        return
    p = battle["prov"]
    events.append(Event("rising_sun.advantage", {"box": BOXES[box]}, seat=winner))
    if box == 0 and board.figures_at(g, p, winner):
        push(g, {"t": "seppuku", "seat": winner})
    elif box == 1 and hostage_targets(g, winner, p):
        left = 1 + g.count(winner, "respect") * data().value("respect", "extra_hostages")
        push(g, {"t": "hostage", "seat": winner, "left": left})
    elif box == 2:
        hired = g.ronin[winner]
        if g.has_clan(winner, "koi"):  # coins in the reserve count as Ronin
            hired += g.coins[winner] - sum(battle["bids"][str(winner)])
        if not g.fixed_rules:  # edition 1 used them at once
            use_advantage(g, winner, {"t": "ronin", "hired": hired}, events)
        elif hired > 0:  # the winner may decline (nothing to decline without Ronin)
            push(g, {"t": "ronin", "seat": winner, "hired": hired})
    elif box == 3 and not g.fixed_rules:
        use_advantage(g, winner, {"t": "poets"}, events)
    elif box == 3 and battle["killed"] > 0:
        push(g, {"t": "poets", "seat": winner})


def use_advantage(g: G, seat: int, task: dict[str, Any], events: Events) -> None:
    """The winner uses the Hire Ronin or Imperial Poets it won."""
    battle = g.battle
    assert battle is not None
    if task["t"] == "ronin":
        battle["hired"] = [seat, task["hired"]]
    else:
        vp = battle["killed"] * data().constants["poets_vp_per_kill"]
        board.gain_vp(g, seat, vp, events, "poets")


def do_seppuku(g: G, seat: int, events: Events) -> None:
    battle = g.battle
    assert battle is not None
    ids = board.figures_at(g, battle["prov"], seat)
    n = board.kill(g, ids, seat, events)
    battle["killed"] += n
    c = data().constants
    board.gain_vp(g, seat, n * c["seppuku_vp_per_figure"], events, "seppuku")
    board.gain_honor(g, seat, n * c["seppuku_honor_per_figure"])


def outcome(g: G, task: dict[str, Any], events: Events) -> None:
    battle = g.battle
    assert battle is not None
    p, parts = battle["prov"], battle["parts"]
    force = {s: board.force_in(g, s, p, war=True) for s in parts}
    if battle["hired"]:
        force[battle["hired"][0]] += battle["hired"][1]
    alive = [s for s in parts if g.active(s)] or parts
    if max(force[s] for s in alive) > 0:
        winner = board.strongest(g, alive, force)
    else:
        winner = min(alive, key=g.rank)
    battle["winner"] = winner
    battle["loyal"] = []  # the outcome is one event for Loyalty
    dead = [
        i for i, (o, _, at) in enumerate(g.figs)
        if at == p and o != winner and not g.allied(winner, o)
    ]  # fmt: skip
    battle["killed"] += board.kill(g, dead, winner, events, why="battle")
    take_token(g, winner, p, battle["souls"], events)


def reparations(g: G, task: dict[str, Any], events: Events) -> None:
    battle = g.battle
    assert battle is not None
    winner = battle["winner"]
    losers = [s for s in battle["parts"] if s != winner]
    for s in losers:
        g.coins[s] -= sum(battle["bids"][str(s)])
    pot = sum(battle["bids"][str(winner)])
    g.coins[winner] -= pot
    takers = [s for s in losers if g.active(s)]
    if not takers:
        g.battle = None
        return
    share, rest = divmod(pot, len(takers))
    for s in takers:
        g.coins[s] += share
    if rest and g.options.get("reparations_remainder") == "honor":
        for s in sorted(takers, key=g.rank)[:rest]:
            g.coins[s] += 1
        rest = 0
    if rest:
        push(g, {"t": "extra", "seat": winner, "left": rest, "to": takers, "given": []})
    else:
        g.battle = None


AUTO = {
    "war_start": war_start,
    "province": province,
    "adv": advantage,
    "outcome": outcome,
    "reparations": reparations,
}
