"""Who acts, what is legal and what an action does (reference §5-§7).

``legal`` order: for each decision, the choices in a fixed order (seats ascending, province
and shrine order of the data, reserve kinds Daimyo/Shinto/Bushi then monsters by id), with
``done`` / ``pass`` / ``decline`` last but before gifts.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Reveal
from games.rising_sun import board, flow, war
from games.rising_sun.board import Events
from games.rising_sun.data import BOXES, MANDATES, data, is_monster
from games.rising_sun.state import (
    HOSTAGE,
    RESERVE,
    SHRINE,
    Accept,
    Betray,
    Bid,
    Build,
    Buy,
    Choose,
    Confirm,
    Decline,
    Done,
    Extra,
    G,
    Gift,
    Hostage,
    Kill,
    Move,
    Pass,
    Propose,
    Refuse,
    RSAction,
    Seppuku,
    Spare,
    Summon,
    Take,
    push,
)

Task = dict[str, Any]


def advance(g: G, events: Events) -> None:
    """Run automatic tasks until a decision is due or the game is over."""
    while g.tasks:
        task = g.tasks[0]
        kind = task["t"]
        if kind in flow.DECISIONS:
            if needs_decision(g, task):
                return
            g.tasks.pop(0)
            if kind == "bids":
                war.reveal(g, events)
            elif kind == "mercy":  # its owner resigned: the figures die
                resolve_mercy(g, task, False, events)
            continue
        g.tasks.pop(0)
        flow.AUTO[kind](g, task, events)
    g.phase = "over"


def needs_decision(g: G, task: Task) -> bool:
    """Whether a decision task still waits for someone (else it is dropped)."""
    if task["t"] == "bids":
        battle = g.battle
        assert battle is not None
        return any(s not in battle["confirmed"] and g.active(s) for s in battle["parts"])
    seat = flow.decider(g, task)
    if seat is None or not g.active(seat):
        return False
    return options_exist(g, task, seat)


def to_act(g: G) -> frozenset[int]:
    if g.phase == "over" or not g.tasks:
        return frozenset()
    task = g.tasks[0]
    if task["t"] == "bids":
        assert g.battle is not None
        return frozenset(
            s for s in g.battle["parts"] if s not in g.battle["confirmed"] and g.active(s)
        )
    seat = flow.decider(g, task)
    return frozenset() if seat is None else frozenset({seat})


# --- options per decision ----------------------------------------------------------------


def tea_targets(g: G, seat: int) -> list[int]:
    if g.ally[seat] is not None or not g.active(seat):
        return []
    asked = {(a, b) for a, b in g.tea.get("asked", [])}
    return [
        t for t in range(g.players)
        if t != seat and g.active(t) and g.ally[t] is None and (seat, t) not in asked
    ]  # fmt: skip


def gifts(g: G, seat: int) -> list[RSAction]:
    if g.gifted[seat]:
        return []
    out: list[RSAction] = []
    for to in range(g.players):
        if to != seat and g.active(to):
            out += [Gift(to, "coin", n) for n in range(1, g.coins[seat] + 1)]
            out += [Gift(to, "ronin", n) for n in range(1, g.ronin[seat] + 1)]
    return out


def summon_dests(g: G, seat: int, kind: str, slots: list[int]) -> list[str]:
    d = data()
    if not slots:
        return []
    if -1 in slots:
        provinces = set(range(len(d.provinces)))
    else:
        provinces = {p for p in slots if p >= 0}
        if -2 in slots:
            provinces |= set(g.holds[seat])
    out = [d.provinces[p].id for p in sorted(provinces)]
    if board.counts_as_shinto(kind):
        out += ["shrine:" + k for k in g.shrines]
    return out


def neighbours(g: G, seat: int, src: int) -> list[tuple[int, int]]:
    """(destination, Serpent charge) of a Move from ``src``."""
    d = data()
    if g.has_clan(seat, "dragonfly"):
        return [(p, 0) for p in range(len(d.provinces)) if p != src]
    charge = sum(
        g.count(o, "path_of_the_serpent") * d.value("path_of_the_serpent", "coins_per_route")
        for o in range(g.players)
        if o != seat and g.active(o)
    )
    out = []
    for p in sorted(d.land[src] | d.sea[src]):
        cost = 0 if p in d.land[src] else charge
        if cost <= g.coins[seat]:
            out.append((p, cost))
    return out


def moves(g: G, seat: int, moved: list[int], hmoved: list[int]) -> list[RSAction]:
    d = data()
    groups: set[tuple[str, int]] = set()
    for i, (o, k, at) in enumerate(g.figs):
        if o == seat and 0 <= at < SHRINE and i not in moved:
            groups.add((k, at))
    if g.has_clan(seat, "turtle"):
        groups.update(("stronghold", p) for h, p in enumerate(g.holds[seat]) if h not in hmoved)
    out: list[RSAction] = []
    for kind, src in sorted(groups, key=lambda ks: (ks[1], _kind_order(ks[0]))):
        for dst, _ in neighbours(g, seat, src):
            out.append(Move(kind, d.provinces[src].id, d.provinces[dst].id))
    return out


def _kind_order(kind: str) -> tuple[int, str]:
    order = ("daimyo", "shinto", "bushi")
    return (order.index(kind), "") if kind in order else (3 if kind != "stronghold" else 4, kind)


def builds(g: G, seat: int, task: Task) -> list[RSAction]:
    d = data()
    if not task["bonus"] or task["built"] or len(g.holds[seat]) >= d.per_clan["strongholds"]:
        return []
    cost = board.price(g, seat, d.constants["stronghold_cost"], False)
    if g.coins[seat] < cost:
        return []
    if g.options.get("marshal_build") == "anywhere":
        where = set(range(len(d.provinces)))
    else:
        where = {at for o, _, at in g.figs if o == seat and 0 <= at < SHRINE}
    out: list[RSAction] = []
    for p in sorted(where):
        out.append(Build(d.provinces[p].id))
        out += [Build(d.provinces[p].id, o) for o in _gift_to(g, seat, cost)]
    return out


def _gift_to(g: G, seat: int, paid: int) -> list[int]:
    if paid < 1 or not g.count(seat, "benevolence"):
        return []
    return [o for o in range(g.players) if o != seat and g.active(o)]


def buys(g: G, seat: int, task: Task) -> list[RSAction]:
    out: list[RSAction] = []
    for card in sorted(set(g.offer)):
        cost = board.price(g, seat, data().cards[card].cost, task["bonus"])
        if cost <= g.coins[seat]:
            out.append(Buy(card))
            out += [Buy(card, o) for o in _gift_to(g, seat, cost)]
    return out


def betrayals(g: G, seat: int, task: Task) -> list[RSAction]:
    """Replacements of figures on the map by your own of the same type: up to ``left`` of
    different players (``victims`` so far), then Path of the Unrighteous's ``extra`` ones
    of any player, repeats allowed, Shinto at shrines included. Never a Daimyo."""
    mine = board.reserve_kinds(g, seat)
    if not mine:
        return []
    extra = task.get("extra", 0) > 0
    targets: set[tuple[int, str, int]] = set()
    for o, k, at in g.figs:
        if o == seat or board.counts_as_daimyo(k) or not 0 <= at < HOSTAGE:
            continue
        normal = task["left"] > 0 and o not in task["victims"] and at < SHRINE
        at_shrine = at >= SHRINE and board.counts_as_shinto(k)
        if normal or (extra and (at < SHRINE or at_shrine)):
            targets.add((o, k, at))
    out: list[RSAction] = []
    for o, k, at in sorted(targets, key=lambda t: (t[0], t[2], _kind_order(t[1]))):
        for m in mine:
            if board.same_type(m, k):
                out.append(Betray(o, k, board.loc_name(at, g), m))
    return out


def hostages(g: G, seat: int) -> list[RSAction]:
    assert g.battle is not None
    seen: list[Hostage] = []
    for i in war.hostage_targets(g, seat, g.battle["prov"]):
        action = Hostage(g.figs[i][0], g.figs[i][1])
        if action not in seen:
            seen.append(action)
    seen.sort(key=lambda a: (a.victim, _kind_order(a.kind)))
    out: list[RSAction] = []
    out.extend(seen)
    return out


def bid_options(g: G, seat: int) -> list[RSAction]:
    """The one-box changes of the current bid, then ``confirm``: a whole bid is played as
    up to four such changes (the bid form's answer does that), which keeps ``legal()`` a
    plain, short list."""
    assert g.battle is not None
    cur = g.battle["bids"][str(seat)]
    coins = g.coins[seat]
    out: list[RSAction] = []
    for b in range(4):
        room = coins - (sum(cur) - cur[b])
        for v in range(room + 1):
            if v != cur[b]:
                values = list(cur)
                values[b] = v
                out.append(Bid(*values))
    out.append(Confirm())
    return out


def decision_options(g: G, task: Task, seat: int) -> list[RSAction]:
    """The choices of the task, without ``done``/``pass`` and gifts."""
    t = task["t"]
    d = data()
    if t == "tea":
        offer = g.tea.get("offer")
        if offer:
            return [Accept(), Refuse()]
        return [Propose(to) for to in tea_targets(g, seat)]
    if t == "choose":
        kinds = list(dict.fromkeys(g.drawn))
        if g.has_clan(seat, "lotus"):
            return [Choose(m, keep) for keep in kinds for m in MANDATES]
        return [Choose(m) for m in kinds]
    if t in ("recruit", "summon1", "place_monster"):
        out: list[RSAction] = []
        if t == "recruit":
            kinds, slots = board.reserve_kinds(g, seat), task["slots"]
        elif t == "summon1":
            kinds = (
                [task["kind"]] if task["n"] > 0 and flow.reserve_has(g, seat, task["kind"]) else []
            )
            slots = _summon1_slots(g, seat, task)
        else:
            kinds = [g.figs[task["fig"]][1]] if g.figs[task["fig"]][2] == RESERVE else []
            slots = [-1] if g.has_clan(seat, "dragonfly") else list(g.holds[seat])
        for kind in kinds:
            out += [Summon(kind, dest) for dest in summon_dests(g, seat, kind, slots)]
        if t == "summon1" and task["where"] == "shrine":
            out = [a for a in out if isinstance(a, Summon) and a.dest.startswith("shrine:")]
        return out
    if t == "marshal":
        return moves(g, seat, task["moved"], task["hmoved"]) + builds(g, seat, task)
    if t == "fujin":
        return moves(g, seat, [], []) if task["left"] > 0 else []
    if t == "buy":
        return buys(g, seat, task)
    if t == "betray":
        return betrayals(g, seat, task)
    if t == "ninja":
        return ninja_kills(g) if task["left"] > 0 else []
    if t == "monkey":
        return [Take()] if task["left"] > 0 and richest(g, seat) else []
    if t == "mercy":
        return [Spare()]
    if t == "seppuku":
        return [Seppuku()]
    if t == "hostage":
        return hostages(g, seat) if task["left"] > 0 else []
    if t == "extra":
        return [Extra(to) for to in task["to"] if to not in task["given"]] if task["left"] else []
    del d
    return []


def _summon1_slots(g: G, seat: int, task: Task) -> list[int]:
    where = task["where"]
    if where == "any":
        return [-1]
    if where == "stronghold":
        return list(g.holds[seat])
    return [-1]  # shrine: filtered to shrines by the caller


def options_exist(g: G, task: Task, seat: int) -> bool:
    if task["t"] == "tea":
        return True
    return bool(decision_options(g, task, seat))


def legal(g: G, seat: int) -> list[RSAction]:
    if seat not in to_act(g):
        return []
    task = g.tasks[0]
    t = task["t"]
    if t == "bids":
        return bid_options(g, seat)
    out = decision_options(g, task, seat)
    if t == "tea" and not g.tea.get("offer"):
        out = [*out, Pass(), *gifts(g, seat)]
    elif t == "choose":
        out = [*out, *gifts(g, seat)]
    elif t in ("recruit", "summon1", "marshal", "fujin", "buy", "betray"):
        out.append(Done())
    elif t in ("seppuku", "hostage", "ninja", "monkey", "mercy"):
        out.append(Decline())
    return out


def ninja_kills(g: G) -> list[RSAction]:
    """Path of the Ninja: any one Bushi on the map (yours too), by owner then province."""
    found = {(o, at) for o, k, at in g.figs if k == "bushi" and 0 <= at < SHRINE}
    return [Kill(o, "bushi", data().provinces[at].id) for o, at in sorted(found)]


def richest(g: G, seat: int) -> list[int]:
    """Path of the Monkey's victims: the richest opponents (every one tied), if they have
    a coin."""
    others = [o for o in range(g.players) if o != seat and g.active(o)]
    top = max((g.coins[o] for o in others), default=0)
    return [o for o in others if g.coins[o] == top] if top > 0 else []


# --- apply -------------------------------------------------------------------------------


def apply(g: G, seat: int, action: RSAction, events: Events) -> None:
    task = g.tasks[0]
    if isinstance(action, Gift):
        give(g, seat, action, events)
        return
    g.gifted[seat] = False
    handler = HANDLERS[task["t"]]
    handler(g, seat, task, action, events)


def finish(g: G, task: Task, *follow: Task) -> None:
    """Take the finished ``task`` off the queue, its ``follow`` tasks in its place. Found by
    identity, not position: a reaction (Mercy) may have been pushed in front of it."""
    for i, queued in enumerate(g.tasks):
        if queued is task:
            g.tasks[i : i + 1] = list(follow)
            return
    push(g, *follow)


def give(g: G, seat: int, action: Gift, events: Events) -> None:
    pool = g.coins if action.what == "coin" else g.ronin
    pool[seat] -= action.n
    pool[action.to] += action.n
    g.gifted[seat] = True
    events.append(
        Event("rising_sun.gift", {"to": action.to, "what": action.what, "n": action.n}, seat=seat)
    )


def on_tea(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    tea = g.tea
    if isinstance(action, Propose):
        tea["offer"] = [seat, action.to]
        tea["asked"].append([seat, action.to])
        tea["n"] += 1
        events.append(Event("rising_sun.propose", {"to": action.to}, seat=seat))
        return
    if isinstance(action, Accept | Refuse):
        proposer = tea["offer"][0]
        tea["offer"] = None
        tea["passes"] = 0
        if isinstance(action, Accept):
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
    for i in range(1, g.players + 1):
        s = (after + i) % g.players
        if s in eligible:
            g.tea["turn"] = s
            return


def on_choose(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert isinstance(action, Choose)
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
    push(g, *resolution(g, seat, action.mandate), {"t": "pass_deck"})


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
    if isinstance(action, Done):
        summoned = task.get("summoned") and task.get("why") != "kenin"
        finish(g, task, *(flow.after_summon(g, seat) if summoned else []))
        return
    assert isinstance(action, Summon)
    loc = board.parse_loc(action.dest, g)
    if task["t"] == "place_monster":
        i = task["fig"]
    else:
        i = board.find_figure(g, seat, action.kind, RESERVE)
    if task["t"] == "recruit":
        _use_slot(g, seat, task["slots"], loc)
    elif task["t"] == "summon1":
        task["n"] -= 1
    board.place(g, i, loc, events)
    task["summoned"] = task.get("summoned", 0) + 1
    events.append(Event("rising_sun.summon", {"kind": action.kind, "to": action.dest}, seat=seat))
    if task["t"] == "place_monster" or not decision_options(g, task, seat):
        finish(g, task, *(flow.after_summon(g, seat) if task.get("why") != "kenin" else []))


def _use_slot(g: G, seat: int, slots: list[int], loc: int) -> None:
    if loc >= SHRINE:
        fixed = [p for p in slots if p >= 0]
        slots.remove(fixed[0] if fixed else (-1 if -1 in slots else -2))
    elif loc in slots:
        slots.remove(loc)
    else:
        slots.remove(-1 if -1 in slots else -2)


def on_move(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    if isinstance(action, Done):
        finish(g, task)
        return
    d = data()
    if isinstance(action, Build):
        p = d.province(action.province)
        cost = board.price(g, seat, d.constants["stronghold_cost"], False)
        g.coins[seat] -= cost
        g.holds[seat].append(p)
        task["built"] = True
        board.benevolence(g, seat, cost, action.gift, events)
        events.append(Event("rising_sun.build", {"province": action.province}, seat=seat))
    else:
        assert isinstance(action, Move)
        src, dst = d.province(action.src), d.province(action.dst)
        charge = dict(neighbours(g, seat, src))[dst]
        if charge:
            for o in range(g.players):
                n = g.count(o, "path_of_the_serpent")
                if o != seat and g.active(o) and n:
                    g.coins[seat] -= n
                    g.coins[o] += n
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
        events.append(
            Event(
                "rising_sun.move",
                {"kind": action.kind, "from": action.src, "to": action.dst},
                seat=seat,
            )
        )
    if not decision_options(g, task, seat):
        finish(g, task)


def on_buy(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    finish(g, task)
    if isinstance(action, Done):
        return
    assert isinstance(action, Buy)
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
    if isinstance(action, Done):
        finish(g, task)
        return
    assert isinstance(action, Betray)
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
    if isinstance(action, Decline):
        finish(g, task)
        return
    assert isinstance(action, Kill)
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
    if isinstance(action, Decline):
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
    resolve_mercy(g, task, isinstance(action, Spare), events)


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
    if isinstance(action, Bid):
        g.battle["bids"][str(seat)] = bid = action.as_list()
        sealed = dict(zip(BOXES, bid, strict=True))  # a secret step: its bidder alone sees it
        events.append(Event("rising_sun.bid", sealed, seat=seat, audience=frozenset((seat,))))
    else:
        g.battle["confirmed"].append(seat)
        events.append(Event("rising_sun.bid_confirmed", {}, seat=seat))


def on_advantage(g: G, seat: int, task: Task, action: RSAction, events: Events) -> None:
    assert g.battle is not None
    if isinstance(action, Decline):
        finish(g, task)
        return
    if isinstance(action, Seppuku):
        finish(g, task)
        war.do_seppuku(g, seat, events)
        return
    assert isinstance(action, Hostage)
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
    assert isinstance(action, Extra)
    g.coins[action.to] += 1
    task["given"].append(action.to)
    task["left"] -= 1
    if not task["left"]:
        finish(g, task)
        g.battle = None


HANDLERS = {
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
    "extra": on_extra,
    "ninja": on_ninja,
    "monkey": on_monkey,
    "mercy": on_mercy,
}

__all__ = ["BOXES", "apply", "is_monster", "legal", "to_act"]
