"""What an action does (reference §5-§7): one handler per decision task, called by
:func:`games.rising_sun.rules.apply`."""

from __future__ import annotations

from typing import Any

from games.base import Event, Reveal
from games.rising_sun import board, flow, war
from games.rising_sun import state as acts
from games.rising_sun.board import Events
from games.rising_sun.choices import decision_options, neighbours, richest, tea_targets
from games.rising_sun.clans import choose, ring
from games.rising_sun.data import BOXES, data
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G, RSAction, push

Task = dict[str, Any]


def finish(g: G, task: Task, *follow: Task) -> None:
    """Take the finished ``task`` off the queue, its ``follow`` tasks in its place. Found by
    identity, not position: a reaction (Mercy) may have been pushed in front of it."""
    for i, queued in enumerate(g.tasks):
        if queued is task:
            g.tasks[i : i + 1] = list(follow)
            return
    push(g, *follow)


def give(g: G, seat: int, action: acts.Gift, events: Events) -> None:
    pool = g.coins if action.what == "coin" else g.ronin
    pool[seat] -= action.n
    pool[action.to] += action.n
    g.gifted[seat] = True
    events.append(
        Event("rising_sun.gift", {"to": action.to, "what": action.what, "n": action.n}, seat=seat)
    )


def on_clan(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert isinstance(action, acts.Clan)
    choose(g, seat, action.clan)
    finish(g, task)
    events.append(Event("rising_sun.clan", {"clan": action.clan}, seat=seat))


def on_tea(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    tea = g.tea
    if isinstance(action, acts.Propose):
        tea["offer"] = [seat, action.to]
        tea["asked"].append([seat, action.to])
        tea["n"] += 1
        events.append(Event("rising_sun.propose", {"to": action.to}, seat=seat))
        return
    if isinstance(action, acts.Accept | acts.Refuse):
        proposer = tea["offer"][0]
        tea["offer"] = None
        tea["passes"] = 0
        if isinstance(action, acts.Accept):
            g.ally[proposer], g.ally[seat] = seat, proposer
            record_alliance(g, proposer, seat)
            events.append(Event("rising_sun.alliance", {"with": proposer}, seat=seat))
        else:
            events.append(Event("rising_sun.refuse", {"to": proposer}, seat=seat))
        _next_tea_turn(g, proposer)
        return
    tea["passes"] += 1
    _next_tea_turn(g, seat)


def record_alliance(g: G, *seats: int) -> None:
    """Form of the Kindred: remember the season of an alliance (even one broken later)."""
    while len(g.allied_in) < g.players:
        g.allied_in.append([])
    for s in seats:
        if g.season not in g.allied_in[s]:
            g.allied_in[s].append(g.season)


def _next_tea_turn(g: G, after: int) -> None:
    eligible = [s for s in range(g.players) if tea_targets(g, s)]
    if not eligible or g.tea["passes"] >= len(eligible):
        g.tasks.pop(0)  # the tea task (resign may call this too)
        return
    table = ring(g)
    at = table.index(after)
    for s in table[at + 1 :] + table[: at + 1]:  # clockwise after ``after``
        if s in eligible:
            g.tea["turn"] = s
            return


def on_choose(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert isinstance(action, acts.Choose)
    removed = action.keep if action.keep is not None else action.mandate
    rest = list(g.drawn)
    rest.remove(removed)
    if action.keep is not None:
        g.facedown.append([seat, action.keep])
    g.deck = rest + g.deck
    g.deck_known = [seat, len(rest)]
    g.drawn = []
    g.played.append(action.mandate)
    g.played_by.append(seat)
    finish(g, task)
    played = {"mandate": action.mandate}  # one of the tiles only its chooser saw
    events.append(Event("rising_sun.mandate", played, seat=seat, reveals=Reveal.OWN))
    if g.ally[seat] is not None and action.mandate != "betray":  # Honesty
        vp = g.count(seat, "honesty") * data().value("honesty", "vp")
        board.gain_vp(g, seat, vp, events, "honesty")
    reorder = [{"t": "reorder", "seat": seat}] if g.options.get("mandate_reorder") else []
    push(g, *reorder, *resolution(g, seat, action.mandate), {"t": "pass_deck"})


def on_reorder(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    """Optional rule: the tiles put back go on the deck in the chosen order (secret)."""
    assert isinstance(action, acts.Order)
    g.deck[: len(action.tiles)] = list(action.tiles)
    finish(g, task)
    order = {"tiles": list(action.tiles)}  # the chooser's secret: told to it alone
    to = frozenset((seat,))
    events.append(Event("rising_sun.order", order, seat, to, Reveal.OWN))


def resolution(g: G, c: int, mandate: str) -> list[Task]:
    ally = g.ally[c]
    bonus = {c} if ally is None else {c, ally}
    order = flow.seats_from(g, flow.next_active(g, c))
    if mandate == "recruit":
        tasks: list[Task] = []
        for s in order:
            if g.has_clan(s, "dragonfly"):
                slots = [-1] * len(g.holds[s]) + ([-1] if s in bonus else [])
            else:
                slots = sorted(g.holds[s]) + ([-2] if s in bonus else [])
            tasks.append({"t": "recruit", "seat": s, "slots": slots, "summoned": 0})
        return [*tasks, {"t": "end_recruit", "order": order}]
    if mandate == "marshal":
        return [
            {
                "t": "marshal",
                "seat": s,
                "bonus": s in bonus,
                "moved": [],
                "hmoved": [],
                "built": False,
            }
            for s in order
        ]
    if mandate == "train":
        return [
            {"t": "buy", "seat": s, "bonus": s in bonus, "why": "train"}
            for s in flow.seats_from(g, c)
        ]
    if mandate == "harvest":
        return [{"t": "harvest", "order": order, "bonus": sorted(bonus)}]
    if ally is not None:  # Betray while allied: the alliance breaks, -1 Honor
        g.ally[c] = g.ally[ally] = None
        board.lose_honor(g, c, data().constants["betray_honor_loss"])
    extra = g.count(c, "path_of_the_unrighteous") * data().value(
        "path_of_the_unrighteous", "extra_replacements"
    )
    left = data().constants["betray_replacements"]
    return [{"t": "betray", "seat": c, "left": left, "victims": [], "extra": extra}]


def on_summon(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    if isinstance(action, acts.Done):
        summoned = task.get("summoned") and task.get("why") != "kenin"
        finish(g, task, *(flow.after_summon(g, seat) if summoned else []))
        return
    assert isinstance(action, acts.Summon)
    loc = board.parse_loc(action.dest, g)
    if task["t"] == "place_monster":
        i = task["fig"]
    else:
        i = board.find_figure(g, seat, action.kind, RESERVE)
    if task["t"] == "recruit":
        task.setdefault("made", []).append(loc)
    elif task["t"] == "summon1":
        task["n"] -= 1
    board.place(g, i, loc, events)
    task["summoned"] = task.get("summoned", 0) + 1
    events.append(Event("rising_sun.summon", {"kind": action.kind, "to": action.dest}, seat=seat))
    if task["t"] == "place_monster" or not decision_options(g, task, seat):
        finish(g, task, *(flow.after_summon(g, seat) if task.get("why") != "kenin" else []))


def on_move(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    if isinstance(action, acts.Done):
        finish(g, task)
        return
    if isinstance(action, acts.Build):
        _build(g, seat, task, action, events)
    else:
        assert isinstance(action, acts.Move)
        _move(g, seat, task, action, events)
    if not decision_options(g, task, seat):
        finish(g, task)


def _build(g: G, seat: int, task: Task, action: acts.Build, events: Events) -> None:
    d = data()
    p = d.province(action.province)
    cost = board.price(g, seat, d.constants["stronghold_cost"], False)
    g.coins[seat] -= cost
    g.holds[seat].append(p)
    task["built"] = True
    board.benevolence(g, seat, cost, action.gift, events)
    events.append(Event("rising_sun.build", {"province": action.province}, seat=seat))


def _move(g: G, seat: int, task: Task, action: acts.Move, events: Events) -> None:
    d = data()
    src, dst = d.province(action.src), d.province(action.dst)
    if dict(neighbours(g, seat, src))[dst]:  # each Serpent owner may charge its coins
        charge_serpents(g, seat, events)
    if action.kind == "stronghold":
        hmoved = task.get("hmoved", [])
        h = next(h for h, p in enumerate(g.holds[seat]) if p == src and h not in hmoved)
        g.holds[seat][h] = dst
        if task["t"] == "marshal":
            task["hmoved"].append(h)
    else:
        moved = task.get("moved", [])
        i = board.find_figure(g, seat, action.kind, src, set(moved))
        if task["t"] == "marshal":
            task["moved"].append(i)
        board.place(g, i, dst, events)
    if task["t"] == "fujin":
        task["left"] -= 1
    where = {"kind": action.kind, "from": action.src, "to": action.dst}
    events.append(Event("rising_sun.move", where, seat=seat))


def serpent_charges(g: G, mover: int) -> list[Task]:
    """Path of the Serpent: each other owner may charge its coin (per copy) for the route."""
    coins = data().value("path_of_the_serpent", "coins_per_route")
    return [
        {"t": "serpent", "seat": o, "mover": mover, "n": g.count(o, "path_of_the_serpent") * coins}
        for o in range(g.players)
        if o != mover and g.active(o) and g.count(o, "path_of_the_serpent")
    ]


def charge_serpents(g: G, mover: int, events: Events) -> None:
    """Each Serpent owner is asked whether it charges the route (edition 1: charged at
    once, with no word of it)."""
    charges = serpent_charges(g, mover)
    if g.fixed_rules:
        push(g, *charges)
        return
    for task in charges:
        g.coins[mover] -= task["n"]
        g.coins[task["seat"]] += task["n"]


def on_serpent(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    """The Serpent's owner charges the route's coins (the mover could pay them) or not."""
    finish(g, task)
    if isinstance(action, acts.Use):
        n = min(task["n"], g.coins[task["mover"]])
        g.coins[task["mover"]] -= n
        g.coins[seat] += n
        events.append(Event("rising_sun.charge", {"from": task["mover"], "coins": n}, seat=seat))


def on_buy(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    finish(g, task)
    if isinstance(action, acts.Done):
        return
    assert isinstance(action, acts.Buy)
    card = data().cards[action.card]
    cost = board.price(g, seat, card.cost, task["bonus"])
    g.coins[seat] -= cost
    g.offer.remove(action.card)
    g.owned[seat].append(action.card)
    board.benevolence(g, seat, cost, action.gift, events)
    events.append(Event("rising_sun.buy", {"card": action.card, "cost": cost}, seat=seat))
    if card.type == "monster":
        g.figs.append([seat, card.id, RESERVE])
        push(g, {"t": "place_monster", "seat": seat, "fig": len(g.figs) - 1})


def on_betray(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    if isinstance(action, acts.Done):
        finish(g, task)
        return
    assert isinstance(action, acts.Betray)
    p = board.parse_loc(action.province, g)
    victim = board.find_figure(g, action.victim, action.kind, p)
    mine = board.find_figure(g, seat, action.mine, RESERVE)
    # one of the two replacements of different players when it can be, else an extra one
    if task["left"] > 0 and action.victim not in task["victims"] and p < SHRINE:
        task["left"] -= 1
        task["victims"].append(action.victim)
    else:
        task["extra"] -= 1
    g.figs[victim][2] = RESERVE
    board.place(g, mine, p, events)
    events.append(
        Event(
            "rising_sun.betray",
            {"victim": action.victim, "kind": action.kind, "province": action.province},
            seat=seat,
        )
    )
    if not decision_options(g, task, seat):
        finish(g, task)


def on_ninja(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    """Path of the Ninja: kill the chosen Bushi (Mercy may still spare it) for 1 Honor."""
    if isinstance(action, acts.Decline):
        finish(g, task)
        return
    assert isinstance(action, acts.Kill)
    i = board.find_figure(g, action.victim, action.kind, data().province(action.province))
    board.lose_honor(g, seat, data().value("path_of_the_ninja", "honor_loss"))
    task["left"] -= 1
    events.append(
        Event("rising_sun.ninja", {"victim": action.victim, "province": action.province},
              seat=seat)
    )  # fmt: skip
    if not task["left"]:
        finish(g, task)
    board.kill(g, [i], seat, events, why="ninja")


def on_monkey(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    """Path of the Monkey: a coin from each richest opponent, for 1 Honor."""
    if isinstance(action, acts.Decline):
        finish(g, task)
        return
    per = data().value("path_of_the_monkey", "coins_per_richest")
    for o in richest(g, seat):
        n = min(per, g.coins[o])
        g.coins[o] -= n
        g.coins[seat] += n
        events.append(Event("rising_sun.take", {"from": o, "coins": n}, seat=seat))
    board.lose_honor(g, seat, data().value("path_of_the_monkey", "honor_loss"))
    task["left"] -= 1
    if not decision_options(g, task, seat):
        finish(g, task)


def on_mercy(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    """Mercy: spare the opponents' figures (+VP per copy), or let them all die now."""
    finish(g, task)
    resolve_mercy(g, task, isinstance(action, acts.Spare), events)


def resolve_mercy(g: G, task: Task, spare: bool, events: Events) -> None:
    seat = task["seat"]
    ids = [i for i, loc in task["figs"] if g.figs[i][2] == loc]  # still where they were
    if spare:
        spared = [i for i in ids if g.figs[i][0] != seat]
        ids = [i for i in ids if g.figs[i][0] == seat]
        vp = g.count(seat, "mercy") * data().value("mercy", "vp")
        events.append(Event("rising_sun.spare", {"count": len(spared)}, seat=seat))
        board.gain_vp(g, seat, vp, events, "mercy")
    killed = board.kill(g, ids, seat, events, mercy=False)
    if task["why"] == "battle" and g.battle is not None:
        g.battle["killed"] += killed


def on_bid(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert g.battle is not None
    if isinstance(action, acts.Bid):
        g.battle["bids"][str(seat)] = bid = action.as_list()
        sealed = dict(zip(BOXES, bid, strict=True))  # a secret step: its bidder alone sees it
        events.append(Event("rising_sun.bid", sealed, seat=seat, audience=frozenset((seat,))))
    else:
        g.battle["confirmed"].append(seat)
        events.append(Event("rising_sun.bid_confirmed", {}, seat=seat))


def on_advantage(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert g.battle is not None
    if isinstance(action, acts.Decline):
        finish(g, task)
        return
    if isinstance(action, acts.Seppuku):
        finish(g, task)
        war.do_seppuku(g, seat, events)
        return
    if isinstance(action, acts.Use):
        finish(g, task)
        war.use_advantage(g, seat, task, events)
        return
    assert isinstance(action, acts.Hostage)
    i = board.find_figure(g, action.victim, action.kind, g.battle["prov"])
    g.figs[i][2] = HOSTAGE + seat
    board.steal_vp(g, seat, action.victim, data().constants["hostage_vp_stolen"], events, "hostage")
    events.append(
        Event("rising_sun.hostage", {"victim": action.victim, "kind": action.kind}, seat=seat)
    )
    task["left"] -= 1
    if not decision_options(g, task, seat):
        finish(g, task)


def on_extra(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert isinstance(action, acts.Extra)
    g.coins[action.to] += 1
    task["given"].append(action.to)
    task["left"] -= 1
    if not task["left"]:
        finish(g, task)
        g.battle = None


HANDLERS = {
    "clan": on_clan,
    "reorder": on_reorder,
    "tea": on_tea,
    "choose": on_choose,
    "recruit": on_summon,
    "summon1": on_summon,
    "place_monster": on_summon,
    "marshal": on_move,
    "fujin": on_move,
    "buy": on_buy,
    "betray": on_betray,
    "bids": on_bid,
    "seppuku": on_advantage,
    "hostage": on_advantage,
    "ronin": on_advantage,
    "poets": on_advantage,
    "serpent": on_serpent,
    "extra": on_extra,
    "ninja": on_ninja,
    "monkey": on_monkey,
    "mercy": on_mercy,
}
