"""The season's structure as a queue of tasks (reference §4-§9).

The automatic tasks (seasonal setup, Harvest, shrines, start of War, cleanup, Winter) live
here; ``rules.advance`` runs them until the first task that needs a decision. Decision
tasks name their seat; the rules module answers them. A task is a dict ``{"t": kind, ...}``.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Reveal
from games.rising_sun import board, war
from games.rising_sun.board import Events
from games.rising_sun.clans import ring, seat_clans
from games.rising_sun.data import data, is_monster
from games.rising_sun.scoring import winter_scores
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G, push
from games.rng import Rng

DECISIONS = frozenset(
    {
        "tea", "choose", "recruit", "summon1", "marshal", "fujin", "buy", "place_monster",
        "betray", "bids", "seppuku", "hostage", "extra", "ninja", "monkey", "mercy", "ronin",
        "poets", "serpent", "clan", "reorder",
    }
)  # fmt: skip


def shuffle(g: G, items: list[Any]) -> list[Any]:
    rng = Rng(g.rng)
    out = rng.shuffled(items)
    g.rng = rng.state
    return out


def seats_from(g: G, first: int) -> list[int]:
    """Active seats clockwise starting with ``first`` (clockwise: :func:`clans.ring`)."""
    table = ring(g)
    at = table.index(first)
    return [s for s in table[at:] + table[:at] if g.active(s)]


def next_active(g: G, seat: int) -> int:
    """The next active seat clockwise after ``seat`` (``seat`` itself if none)."""
    return next(iter(seats_from(g, seat)[1:] if g.active(seat) else seats_from(g, seat)), seat)


def decider(g: G, task: dict[str, Any]) -> int | None:
    if task["t"] == "tea":
        offer = g.tea.get("offer")
        return int(offer[1]) if offer else g.tea.get("turn")
    if task["t"] == "choose":
        return g.chooser
    return task.get("seat")


# --- seasons -----------------------------------------------------------------------------


def season_setup(g: G, task: dict[str, Any], events: Events) -> None:
    d = data()
    if g.season > 0:
        paid: dict[int, int] = {}
        for captor in range(g.players):
            held = board.hostages_of(g, captor)
            for i in held:
                g.figs[i][2] = RESERVE
            if held and g.season < 3:
                paid[captor] = len(held) * d.constants["hostage_return_coin"]
        board.take_coins(g, paid, events)
    if g.season == 3:
        push(g, {"t": "winter"})
        return
    n = g.players + 2
    g.war = g.war_piles[g.season][:n]
    g.war_piles[g.season] = g.war_piles[g.season][n:]
    g.war_results = []
    chosen = str(g.options["set"])
    g.offer = sorted(c for c in (*d.sets["core"], *d.sets[chosen]) if d.cards[c].season == g.season)
    income = {s: d.clans[g.clans[s]].income for s in range(g.players) if g.active(s)}
    board.take_coins(g, income, events)
    g.phase = "tea"
    war = {"season": g.season, "war": list(g.war)}  # drawn from the shuffled War piles
    events.append(Event("rising_sun.season", war, reveals=Reveal.HIDDEN))
    push(g, {"t": "tea_start"})


def tea_start(g: G, task: dict[str, Any], events: Events) -> None:
    g.ally = [None] * g.players
    g.tea = {"turn": g.chooser, "offer": None, "asked": [], "passes": 0, "n": 0}
    push(g, {"t": "tea"}, {"t": "political"})


def political(g: G, task: dict[str, Any], events: Events) -> None:
    g.phase = "political"
    g.tea = {}
    tasks = [
        {"t": "mandate" if step == "mandate" else "kami", "slot": i}
        for i, step in enumerate(data().political)
    ]
    push(g, *tasks, {"t": "war_start"})


def mandate(g: G, task: dict[str, Any], events: Events) -> None:
    g.slot = task["slot"]
    if not g.active(g.chooser):
        g.chooser = next_active(g, g.chooser)
    n = data().constants["mandate_draw"]
    g.drawn, g.deck = g.deck[:n], g.deck[n:]
    g.deck_known = [g.chooser, 0]
    drawn = {"mandates": list(g.drawn)}
    to = frozenset((g.chooser,))
    events.append(Event("rising_sun.drawn", drawn, g.chooser, to, Reveal.HIDDEN))
    push(g, {"t": "choose"})


def kami(g: G, task: dict[str, Any], events: Events) -> None:
    g.slot = task["slot"]
    push(g, *({"t": "shrine", "k": k} for k in range(len(g.shrines))))


def shrine(g: G, task: dict[str, Any], events: Events) -> None:
    k = task["k"]
    force = {s: board.shrine_force(g, k, s) for s in range(g.players) if g.active(s)}
    if not force or max(force.values()) == 0:
        return
    winner = board.strongest(g, list(force), force)
    kid = g.shrines[k]
    c = data().constants
    events.append(Event("rising_sun.shrine", {"kami": kid}, seat=winner))
    if kid == "amaterasu":
        board.honor_to_top(g, winner)
    elif kid == "fujin":
        push(g, {"t": "fujin", "seat": winner, "left": c["fujin_moves"], "moved": []})
    elif kid == "hachiman":
        g.ronin[winner] += c["hachiman_ronin"]
    elif kid == "raijin":
        push(g, summon1(winner, "bushi", "any", 1, "raijin"))
    elif kid == "ryujin":
        push(g, {"t": "buy", "seat": winner, "bonus": False, "why": "ryujin"})
    elif kid == "susanoo":
        board.gain_vp(
            g, winner, len(g.holds[winner]) * c["susanoo_vp_per_stronghold"], events, "susanoo"
        )
    elif kid == "tsukuyomi":
        board.take_coins(g, {winner: c["tsukuyomi_coins"]}, events)


def summon1(seat: int, kind: str, where: str, n: int, why: str) -> dict[str, Any]:
    """A task: summon up to ``n`` figures of ``kind`` to ``where`` (``any`` province,
    ``stronghold``, ``shrine``)."""
    return {"t": "summon1", "seat": seat, "kind": kind, "where": where, "n": n, "why": why}


def after_summon(g: G, seat: int) -> list[dict[str, Any]]:
    """What follows a Summon of ``seat``, in this order: Path of the Kenin's Bushi (its
    own Summon triggers nothing), then Path of the Spirit, Patron and Warlord (automatic,
    one event), then the optional Path of the Ninja and Path of the Monkey, whose Honor
    loss therefore never spoils the Spirit or the Patron of the same Summon."""
    d = data()
    tasks: list[dict[str, Any]] = []
    copies = g.count(seat, "path_of_the_kenin")
    if copies:
        where = "any" if g.has_clan(seat, "dragonfly") else "stronghold"
        tasks.append(
            summon1(seat, "bushi", where, copies * d.value("path_of_the_kenin", "bushi"), "kenin")
        )
    if any(g.count(seat, c) for c in SUMMON_GAINS):
        tasks.append({"t": "summon_gains", "seat": seat})
    if g.count(seat, "path_of_the_ninja"):
        n = g.count(seat, "path_of_the_ninja") * d.value("path_of_the_ninja", "bushi_killed")
        tasks.append({"t": "ninja", "seat": seat, "left": n})
    if g.count(seat, "path_of_the_monkey"):
        tasks.append({"t": "monkey", "seat": seat, "left": g.count(seat, "path_of_the_monkey")})
    return tasks


SUMMON_GAINS = ("path_of_the_spirit", "path_of_the_patron", "path_of_the_warlord")


def summon_gains(g: G, task: dict[str, Any], events: Events) -> None:
    """Path of the Spirit (highest Honor: coins and VP), Path of the Patron (Honor above at
    least two players: coins), Path of the Warlord (coins): one event."""
    d = data()
    s = task["seat"]
    if not g.active(s):
        return
    coins = {"path_of_the_warlord": g.count(s, "path_of_the_warlord")}
    below = sum(1 for o in range(g.players) if o != s and g.active(o) and g.higher(s, o))
    if below >= d.value("path_of_the_patron", "lower_players"):
        coins["path_of_the_patron"] = g.count(s, "path_of_the_patron")
    spirit = g.count(s, "path_of_the_spirit") if g.rank(s) == 0 else 0
    coins["path_of_the_spirit"] = spirit
    paid = {card: n * d.value(card, "coins") for card, n in coins.items() if n}
    events += [board.coins_event(s, n, card) for card, n in paid.items()]
    board.take_coins(g, {s: sum(paid.values())}, events)
    board.gain_vp(g, s, spirit * d.value("path_of_the_spirit", "vp"), events, "path_of_the_spirit")


def end_recruit(g: G, task: dict[str, Any], events: Events) -> None:
    """End of each Recruit: Path of the Light and Path of the Samurai."""
    extra = []
    for s in task["order"]:
        if g.count(s, "path_of_the_light"):
            extra.append(summon1(s, "shinto", "shrine", g.count(s, "path_of_the_light"), "light"))
        if g.count(s, "path_of_the_samurai"):
            extra.append(summon1(s, "bushi", "any", g.count(s, "path_of_the_samurai"), "samurai"))
    push(g, *extra)


def harvest(g: G, task: dict[str, Any], events: Events) -> None:
    """Every player's coin, and the bonus rewards of the chooser and its ally: one event
    (one coin of Way of the Merchant, one VP of Loyalty per seat)."""
    d = data()
    gains: dict[int, int] = {}
    rewards: list[tuple[int, int, int, int]] = []
    for s in task["order"]:
        gains[s] = d.constants["harvest_coin"]
        if s not in task["bonus"]:
            continue
        vp = coins = ronin = 0
        for p, prov in enumerate(d.provinces):
            force = {t: board.force_in(g, t, p) for t in range(g.players) if g.active(t)}
            if force[s] > 0 and board.strongest(g, list(force), force) == s:
                vp, coins, ronin = vp + prov.vp, coins + prov.coins, ronin + prov.ronin
        gains[s] += coins
        rewards.append((s, vp, coins, ronin))
    board.take_coins(g, gains, events)
    for s, vp, coins, ronin in rewards:
        g.ronin[s] += ronin
        board.gain_vp(g, s, vp, events, "harvest")  # one gain: a single event
        events.append(
            Event("rising_sun.harvest", {"coins": coins, "ronin": ronin, "vp": vp}, seat=s)
        )


def pass_deck(g: G, task: dict[str, Any], events: Events) -> None:
    g.drawn = []
    g.chooser = next_active(g, g.chooser)


def cleanup(g: G, task: dict[str, Any], events: Events) -> None:
    g.coins = [0] * g.players
    g.ronin = [0] * g.players
    for f in g.figs:
        if SHRINE <= f[2] < HOSTAGE:
            f[2] = RESERVE
    g.deck = shuffle(g, sorted(g.deck + tiles_out(g)))
    g.deck_known = [-1, 0]
    if g.played_by:
        g.chooser = next_active(g, g.played_by[-1])
    g.played, g.played_by, g.facedown = [], [], []
    g.war, g.war_results, g.battle = [], [], None
    g.offer = []
    g.season += 1
    push(g, {"t": "season"})


def tiles_out(g: G) -> list[str]:
    """The mandate tiles out of the deck: those laid on the track and Lotus's face-down
    ones. Lotus *announces* a mandate without laying a tile (its tile is the face-down
    one), so its announcements are no tiles."""
    if not g.fixed_rules:  # edition 1 put back every announcement, Lotus's too
        return g.played + [t for _, t in g.facedown]
    laid = [m for m, s in zip(g.played, g.played_by, strict=True) if not g.has_clan(s, "lotus")]
    return laid + [t for _, t in g.facedown]


def winter(g: G, task: dict[str, Any], events: Events) -> None:
    """Winter scoring (Loyalty's point is one of the gains: the scoring is one event)."""
    for s, (why, vp) in winter_scores(g):
        board.gain_vp(g, s, vp, events, why, loyal=False)
    g.phase = "over"


AUTO = {
    "seat_clans": seat_clans,
    "season": season_setup,
    "tea_start": tea_start,
    "political": political,
    "mandate": mandate,
    "kami": kami,
    "shrine": shrine,
    "end_recruit": end_recruit,
    "harvest": harvest,
    "summon_gains": summon_gains,
    "pass_deck": pass_deck,
    "cleanup": cleanup,
    "winter": winter,
    **war.AUTO,
}


def reserve_has(g: G, seat: int, kind: str) -> bool:
    return any(o == seat and k == kind and at == RESERVE for o, k, at in g.figs)


def monster_kinds_in_reserve(g: G, seat: int) -> list[str]:
    return sorted({k for o, k, at in g.figs if o == seat and at == RESERVE and is_monster(k)})
