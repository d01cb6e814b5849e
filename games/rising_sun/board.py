"""Figures, Force, Honor and the effects that fire when figures enter, die or are bought
(reference §2, §6, §10, §11, §12.4-12.5)."""

from __future__ import annotations

from games.base import Event
from games.rising_sun.data import BASE_KINDS, ONI, data, is_monster
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G, push

Events = list[Event]


# --- figures -----------------------------------------------------------------------------


def counts_as_shinto(kind: str) -> bool:
    return kind in ("shinto", "komainu")


def counts_as_daimyo(kind: str) -> bool:
    return kind in ("daimyo", "yurei")


def same_type(mine: str, theirs: str) -> bool:
    """Betray: the replacing figure's type matches (monsters all match each other;
    Komainu is a Shinto and a monster)."""
    if mine == theirs:
        return True
    if is_monster(mine) and is_monster(theirs):
        return True
    return counts_as_shinto(mine) and counts_as_shinto(theirs)


def figures_at(g: G, loc: int, owner: int | None = None) -> list[int]:
    return [i for i, (o, _, at) in enumerate(g.figs) if at == loc and (owner is None or o == owner)]


def reserve_kinds(g: G, seat: int) -> list[str]:
    """Kinds in ``seat``'s reserve, Daimyo/Shinto/Bushi first then monsters, no repeats."""
    kinds = {k for o, k, at in g.figs if o == seat and at == RESERVE}
    return [k for k in BASE_KINDS if k in kinds] + sorted(k for k in kinds if is_monster(k))


def find_figure(g: G, seat: int, kind: str, loc: int, exclude: set[int] | None = None) -> int:
    for i, (o, k, at) in enumerate(g.figs):
        if o == seat and k == kind and at == loc and (exclude is None or i not in exclude):
            return i
    return -1


def clans_in(g: G, p: int) -> set[int]:
    present = {o for o, _, at in g.figs if at == p}
    present.update(s for s in range(g.players) if p in g.holds[s])
    return present


def lowest_honor_in(g: G, seat: int, p: int) -> bool:
    return all(g.rank(seat) >= g.rank(other) for other in clans_in(g, p))


def figure_force(g: G, i: int, *, war: bool = False) -> int:
    owner, kind, loc = g.figs[i]
    if kind == "bushi":
        return (
            data().value("way_of_the_katana", "bushi_force")
            if (war and g.count(owner, "way_of_the_katana"))
            else 1
        )
    if kind == "shinto":
        return 1
    base = 1 if kind == "daimyo" else data().value(kind, "force")
    lowest = kind in ("oni_of_skulls", "oni_of_blood") and 0 <= loc < SHRINE
    if lowest and lowest_honor_in(g, owner, loc):
        base = data().value(kind, "force_lowest_honor")
    if counts_as_daimyo(kind):
        base += g.count(owner, "path_of_the_lion") * data().value(
            "path_of_the_lion", "daimyo_force"
        )
        base += g.count(owner, "path_of_the_dragon") * data().value(
            "path_of_the_dragon", "daimyo_force"
        )
    return base


def force_in(g: G, seat: int, p: int, *, war: bool = False) -> int:
    """``seat``'s Force in province ``p`` (Turtle's Strongholds count 1 each)."""
    total = sum(figure_force(g, i, war=war) for i in figures_at(g, p, seat))
    if g.has_clan(seat, "turtle"):
        total += g.holds[seat].count(p)
    return total


def shrine_force(g: G, k: int, seat: int) -> int:
    return sum(
        1 for o, kind, at in g.figs if at == SHRINE + k and o == seat and counts_as_shinto(kind)
    )


def strongest(g: G, seats: list[int], force: dict[int, int]) -> int:
    """The seat with the most Force; ties go to the higher Honor."""
    return min(seats, key=lambda s: (-force[s], g.rank(s)))


# --- honor, points, coins ----------------------------------------------------------------


def gain_honor(g: G, seat: int, steps: int = 1) -> None:
    for _ in range(steps):
        r = g.honor.index(seat)
        if r == 0:
            return
        g.honor[r - 1], g.honor[r] = g.honor[r], g.honor[r - 1]


def lose_honor(g: G, seat: int, steps: int = 1) -> None:
    for _ in range(steps):
        r = g.honor.index(seat)
        if r == len(g.honor) - 1:
            return
        g.honor[r + 1], g.honor[r] = g.honor[r], g.honor[r + 1]


def honor_to_top(g: G, seat: int) -> None:
    g.honor.remove(seat)
    g.honor.insert(0, seat)


def gain_vp(g: G, seat: int, n: int, events: Events, why: str, *, loyal: bool = True) -> None:
    """``seat`` gains ``n`` VP; ``loyal=False`` when the caller pays Loyalty once for a
    larger event (:func:`loyalty`)."""
    if n <= 0:
        return
    g.vp[seat] += n
    events.append(Event("rising_sun.vp", {"vp": n, "why": why}, seat=seat))
    if loyal:
        loyalty(g, seat, events)


def steal_vp(
    g: G, thief: int, victim: int, n: int, events: Events, why: str, *, loyal: bool = True
) -> int:
    taken = min(n, g.vp[victim])
    if taken:
        g.vp[victim] -= taken
        g.vp[thief] += taken
        events.append(
            Event("rising_sun.steal", {"vp": taken, "from": victim, "why": why}, seat=thief)
        )
        if loyal:
            loyalty(g, thief, events)
    return taken


def loyalty(g: G, seat: int, events: Events) -> None:
    """Loyalty: an allied owner gains +1 VP per copy on each separate event in which it
    gains VP. Within a battle each step (a war advantage, the outcome) is one event, paid
    once however many gains it holds (``battle["loyal"]``)."""
    copies = g.count(seat, "loyalty")
    if not copies or g.ally[seat] is None:
        return
    battle = g.battle
    if battle is not None and "loyal" in battle:
        if seat in battle["loyal"]:
            return
        battle["loyal"].append(seat)
    n = copies * data().value("loyalty", "vp")
    g.vp[seat] += n
    events.append(Event("rising_sun.vp", {"vp": n, "why": "loyalty"}, seat=seat))


def take_coins(g: G, gains: dict[int, int], events: Events) -> None:
    """Coins taken from the supply in one event (by one seat or several at once)."""
    before = list(g.coins)
    for s, n in gains.items():
        g.coins[s] += n
    merchant(g, before, [s for s, n in gains.items() if n > 0], events)


def merchant(g: G, before: list[int], takers: list[int], events: Events) -> None:
    """Way of the Merchant after one event in which ``takers`` took coins from the supply:
    each owner poorer (``before`` the event) than one of them gains its coin, once per copy
    whatever the number of richer takers; that coin triggers nothing."""
    if not takers:
        return
    per = data().value("way_of_the_merchant", "coins")
    for m in range(g.players):
        copies = g.count(m, "way_of_the_merchant")
        if copies and g.active(m) and any(before[s] > before[m] for s in takers if s != m):
            g.coins[m] += copies * per
            events.append(coins_event(m, copies * per, "way_of_the_merchant"))


def coins_event(seat: int, n: int, why: str) -> Event:
    return Event("rising_sun.coins", {"coins": n, "why": why}, seat=seat)


# --- death and entering ------------------------------------------------------------------


def kill(
    g: G, ids: list[int], killer: int | None, events: Events, *, why: str = "", mercy: bool = True
) -> int:
    """Kill figures (they go back to their owners' reserves); Righteousness pays their
    owners, Justice pays a killer who killed a lower-Honor player's figures. A killer with
    Mercy about to kill opponents' figures decides first (a ``mercy`` task at the front of
    the queue; nothing dies now and 0 is returned): ``why`` tells that task what it ends
    (``battle``: the figures killed count for Imperial Poets)."""
    if not ids:
        return 0
    if (
        mercy
        and killer is not None
        and g.count(killer, "mercy")
        and any(g.figs[i][0] != killer for i in ids)
    ):
        push(g, {"t": "mercy", "seat": killer, "figs": [[i, g.figs[i][2]] for i in ids],
                 "why": why})  # fmt: skip
        return 0
    owners: dict[int, int] = {}
    for i in ids:
        owners[g.figs[i][0]] = owners.get(g.figs[i][0], 0) + 1
        g.figs[i][2] = RESERVE
    events.append(
        Event("rising_sun.killed", {"count": len(ids), "owners": sorted(owners)}, seat=killer)
    )
    for owner in sorted(owners):
        copies = g.count(owner, "righteousness")
        gain_vp(
            g,
            owner,
            copies * owners[owner] * data().value("righteousness", "vp_per_own_figure_killed"),
            events,
            "righteousness",
        )
    if killer is not None and any(o != killer and g.higher(killer, o) for o in owners):
        gain_vp(
            g, killer, g.count(killer, "justice") * data().value("justice", "vp"), events, "justice"
        )
    return len(ids)


def entered(g: G, i: int, events: Events) -> None:
    """A figure entered a province (summon, move, replace): Oni of Hate and Oni of Spite."""
    owner, kind, p = g.figs[i]
    if not 0 <= p < SHRINE or kind not in ("oni_of_hate", "oni_of_spite"):
        return
    higher = list(g.honor[: g.rank(owner)])
    if kind == "oni_of_hate":
        victims: list[int] = []
        for s in higher:
            for target in ("bushi", "shinto"):  # a Bushi when there is one (design)
                j = find_figure(g, s, target, p)
                if j >= 0:
                    victims.append(j)
                    break
        kill(g, victims, owner, events, why="oni_of_hate")
    else:
        stolen = 0
        for s in higher:  # one entering is one event for Loyalty
            if force_in(g, s, p) > 0:
                n = data().value("oni_of_spite", "vp_stolen")
                stolen += steal_vp(g, owner, s, n, events, "oni_of_spite", loyal=False)
        if stolen:
            loyalty(g, owner, events)


def place(g: G, i: int, loc: int, events: Events) -> None:
    g.figs[i][2] = loc
    entered(g, i, events)


def oni_owned(g: G, seat: int) -> int:
    return sum(1 for c in g.owned[seat] if c in ONI)


def monsters_owned(g: G, seat: int) -> int:
    return sum(1 for c in g.owned[seat] if data().cards[c].type == "monster")


def virtues(g: G, seat: int) -> int:
    """Different Virtues owned."""
    return len({c for c in g.owned[seat] if data().cards[c].type == "virtue"})


def hostages_of(g: G, captor: int) -> list[int]:
    return [i for i, f in enumerate(g.figs) if f[2] == HOSTAGE + captor]


def loc_name(loc: int, g: G) -> str:
    if 0 <= loc < SHRINE:
        return data().provinces[loc].id
    if SHRINE <= loc < HOSTAGE:
        return "shrine:" + g.shrines[loc - SHRINE]
    return "reserve"


def parse_loc(text: str, g: G) -> int:
    if text.startswith("shrine:"):
        kami = text[7:]
        return SHRINE + g.shrines.index(kami) if kami in g.shrines else -99
    try:
        return data().province(text)
    except KeyError:
        return -99


def price(g: G, seat: int, cost: int, bonus: bool) -> int:
    """What ``seat`` pays: Bonsai's cap first, then the Train bonus discount."""
    c = data().constants
    if g.has_clan(seat, "bonsai"):
        cost = min(cost, c["bonsai_price_cap"])
    if bonus:
        cost = max(0, cost - c["train_discount"])
    return cost


def benevolence(g: G, seat: int, paid: int, to: int | None, events: Events) -> None:
    """Benevolence: coins of a purchase given to another player instead of the supply."""
    if to is None:
        return
    n = min(g.count(seat, "benevolence"), paid)
    if n <= 0:
        return
    g.coins[to] += n
    v = data().values["benevolence"]
    gain_honor(g, seat, v["honor"] * n)
    gain_vp(g, seat, v["vp"] * n, events, "benevolence")


RESERVE_LOC = RESERVE
