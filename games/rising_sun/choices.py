"""What each decision offers (reference §5-§7): the choices of a decision task, in a fixed
order (seats ascending, province and shrine order of the data, reserve kinds Daimyo/Shinto/
Bushi then monsters by id). ``rules.legal`` adds ``done`` / ``pass`` / ``decline`` and gifts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any

from games.rising_sun import board, flow, war
from games.rising_sun import state as acts
from games.rising_sun.bids import WholeBids
from games.rising_sun.clans import free_clans
from games.rising_sun.data import MANDATES, data
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G, RSAction
from games.rising_sun.summons import matchable

Task = dict[str, Any]


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
            out += [acts.Gift(to, "coin", n) for n in range(1, g.coins[seat] + 1)]
            out += [acts.Gift(to, "ronin", n) for n in range(1, g.ronin[seat] + 1)]
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
            out.append(acts.Move(kind, d.provinces[src].id, d.provinces[dst].id))
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
        out.append(acts.Build(d.provinces[p].id))
        out += [acts.Build(d.provinces[p].id, o) for o in _gift_to(g, seat, cost)]
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
            out.append(acts.Buy(card))
            out += [acts.Buy(card, o) for o in _gift_to(g, seat, cost)]
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
                out.append(acts.Betray(o, k, board.loc_name(at, g), m))
    return out


def hostages(g: G, seat: int) -> list[RSAction]:
    assert g.battle is not None
    seen: list[acts.Hostage] = []
    for i in war.hostage_targets(g, seat, g.battle["prov"]):
        action = acts.Hostage(g.figs[i][0], g.figs[i][1])
        if action not in seen:
            seen.append(action)
    seen.sort(key=lambda a: (a.victim, _kind_order(a.kind)))
    out: list[RSAction] = []
    out.extend(seen)
    return out


def bid_options(g: G, seat: int) -> Sequence[RSAction]:
    """From an empty bid, every whole bid within the coins (lazily, see
    :mod:`games.rising_sun.bids`); once a bid is placed, its one-box changes; then
    ``confirm``."""
    assert g.battle is not None
    cur = g.battle["bids"][str(seat)]
    coins = g.coins[seat]
    if not any(cur):
        return WholeBids(coins)
    out: list[RSAction] = []
    for b in range(4):
        room = coins - (sum(cur) - cur[b])
        for v in range(room + 1):
            if v != cur[b]:
                values = list(cur)
                values[b] = v
                out.append(acts.Bid(*values))
    out.append(acts.Confirm())
    return out


def decision_options(g: G, task: Task, seat: int) -> list[RSAction]:
    """The choices of the task, without ``done``/``pass`` and gifts."""
    t = task["t"]
    if t in ("clan", "reorder", "tea", "choose"):
        return _table_options(g, task, seat)
    if t == "recruit":
        return recruit_summons(g, seat, task)
    if t in ("summon1", "place_monster"):
        return _summons(g, task, seat)
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
        return [acts.Take()] if task["left"] > 0 and richest(g, seat) else []
    if t in FIXED_OPTIONS:
        return list(FIXED_OPTIONS[t])
    if t == "hostage":
        return hostages(g, seat) if task["left"] > 0 else []
    if t == "extra":
        return (
            [acts.Extra(to) for to in task["to"] if to not in task["given"]] if task["left"] else []
        )
    return []


def _table_options(g: G, task: Task, seat: int) -> list[RSAction]:
    """The clan choice, the mandates' order and choice, and the Tea Ceremony."""
    t = task["t"]
    if t == "clan":
        return [acts.Clan(c) for c in free_clans(g)]
    if t == "reorder":
        return reorders(g, seat)
    if t == "tea":
        if g.tea.get("offer"):
            return [acts.Accept(), acts.Refuse()]
        return [acts.Propose(to) for to in tea_targets(g, seat)]
    kinds = list(dict.fromkeys(g.drawn))
    if g.has_clan(seat, "lotus"):
        return [acts.Choose(m, keep) for keep in kinds for m in MANDATES]
    return [acts.Choose(m) for m in kinds]


def _summons(g: G, task: Task, seat: int) -> list[RSAction]:
    """A single summon (``summon1``) or the placing of a summoned Monster."""
    if task["t"] == "summon1":
        kinds = [task["kind"]] if task["n"] > 0 and flow.reserve_has(g, seat, task["kind"]) else []
        slots = _summon1_slots(g, seat, task)
    else:
        kinds = [g.figs[task["fig"]][1]] if g.figs[task["fig"]][2] == RESERVE else []
        slots = [-1] if g.has_clan(seat, "dragonfly") else list(g.holds[seat])
    out: list[RSAction] = []
    for kind in kinds:
        out += [acts.Summon(kind, dest) for dest in summon_dests(g, seat, kind, slots)]
    if task["t"] == "summon1" and task["where"] == "shrine":
        out = [a for a in out if isinstance(a, acts.Summon) and a.dest.startswith("shrine:")]
    return out


def recruit_summons(g: G, seat: int, task: Task) -> list[RSAction]:
    """The summons a Recruit still allows: those the owed slots can still match together
    with the summons already made (:mod:`games.rising_sun.summons`)."""
    made = task.get("made", [])
    holds = g.holds[seat]
    out: list[RSAction] = []
    for kind in board.reserve_kinds(g, seat):
        for dest in summon_dests(g, seat, kind, task["slots"]):
            if matchable(task["slots"], [*made, board.parse_loc(dest, g)], holds):
                out.append(acts.Summon(kind, dest))
    return out


FIXED_OPTIONS: dict[str, tuple[RSAction, ...]] = {
    "mercy": (acts.Spare(),), "seppuku": (acts.Seppuku(),), "ronin": (acts.Use(),),
    "poets": (acts.Use(),), "serpent": (acts.Use(),),
}  # fmt: skip


def reorders(g: G, seat: int) -> list[RSAction]:
    """Optional rule: the distinct orders (top first) of the tiles ``seat`` put back."""
    returned = g.deck[: g.deck_known[1]] if g.deck_known[0] == seat else []
    orders = sorted(set(permutations(returned)))
    return [acts.Order(o) for o in orders] if len(orders) > 1 else []


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


def ninja_kills(g: G) -> list[RSAction]:
    """Path of the Ninja: any one Bushi on the map (yours too), by owner then province."""
    found = {(o, at) for o, k, at in g.figs if k == "bushi" and 0 <= at < SHRINE}
    return [acts.Kill(o, "bushi", data().provinces[at].id) for o, at in sorted(found)]


def richest(g: G, seat: int) -> list[int]:
    """Path of the Monkey's victims: the richest opponents (every one tied), if they have
    a coin."""
    others = [o for o in range(g.players) if o != seat and g.active(o)]
    top = max((g.coins[o] for o in others), default=0)
    return [o for o in others if g.coins[o] == top] if top > 0 else []
