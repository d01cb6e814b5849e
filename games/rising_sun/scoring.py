"""Winter scoring and the result (reference §9, §10)."""

from __future__ import annotations

from collections.abc import Callable

from games.base import JSON, Outcome, Termination
from games.rising_sun import board
from games.rising_sun.data import data
from games.rising_sun.state import G

WINTER_UPGRADES: dict[str, tuple[str, Callable[[G, int], int]]] = {
    "form_of_the_kitsune": ("vp_per_stronghold", lambda g, s: len(g.holds[s])),
    "form_of_the_phoenix": ("vp_per_virtue", board.virtues),
    "form_of_the_beast": ("vp_per_monster", board.monsters_owned),
    "form_of_the_demon": ("vp_per_oni", board.oni_owned),
    "form_of_the_kindred": ("vp_per_season", lambda g, s: kindred_seasons(g, s)),
}  # card: (value key in the data, what it counts)


def winter_scores(g: G) -> list[tuple[int, tuple[str, int]]]:
    """Every Winter gain as (seat, (reason, VP)): Winter Upgrades, War Province tokens by
    season, the set bonus for different provinces, and Loyalty's point for an owner still
    allied (the Winter scoring is one event)."""
    d = data()
    out: list[tuple[int, tuple[str, int]]] = []
    for s in range(g.players):
        gains = [
            (card, g.count(s, card) * measure(g, s) * d.value(card, key))
            for card, (key, measure) in WINTER_UPGRADES.items()
        ]
        gains.append(("war_tokens", sum(d.token_vp[season] for season, _ in g.tokens[s])))
        gains.append(("set_bonus", set_bonus(len({p for _, p in g.tokens[s]}))))
        loyal = g.count(s, "loyalty") if g.ally[s] is not None else 0
        if loyal and any(vp > 0 for _, vp in gains):
            gains.append(("loyalty", loyal * d.value("loyalty", "vp")))
        out += [(s, gain) for gain in gains]
    return out


def kindred_seasons(g: G, seat: int) -> int:
    """Seasons (Spring to Autumn) in which ``seat`` had an alliance, even a broken one."""
    return len(set(g.allied_in[seat])) if seat < len(g.allied_in) else 0


def set_bonus(different: int) -> int:
    for low, high, vp in data().set_bonus:
        if low <= different <= high:
            return vp
    return 0


def standings(g: G) -> list[int]:
    """Active seats best first: VP, then Honor (a strict order)."""
    return sorted((s for s in range(g.players) if g.active(s)), key=lambda s: (-g.vp[s], g.rank(s)))


def outcome(g: G) -> Outcome | None:
    active = [s for s in range(g.players) if g.active(s)]
    if g.phase != "over" and len(active) > 1:
        return None
    order = standings(g) + list(reversed(g.resigned))
    top = order[0]
    winners = {top}
    ally = g.ally[top]
    tiebreak = None
    if ally is not None and g.active(ally) and g.vp[ally] == g.vp[top]:
        winners.add(ally)  # allies tied for first share the win
    elif len(active) > 1 and g.vp[order[1]] == g.vp[top]:
        tiebreak = "honor"
    ranks = [0] * g.players
    for place, s in enumerate(order):
        ranks[s] = 1 if s in winners else place + 1
    termination = (
        Termination.SCORING if len(active) > 1 or g.phase == "over" else Termination.RESIGNATION
    )
    if len(active) <= 1:
        termination = Termination.RESIGNATION
    return Outcome(
        termination=termination,
        winners=frozenset(winners),
        ranks=tuple(ranks),
        scores=tuple(float(v) for v in g.vp),
        tiebreak=tiebreak,
        detail=_detail(g),
    )


def _detail(g: G) -> dict[str, JSON]:
    """The Honor order (the tie-break) and, once Winter was scored, each seat's Winter
    gains by reason (the result card shows them; recomputed from the final state, which
    Winter does not change)."""
    detail: dict[str, JSON] = {"honor": list(g.honor)}
    if g.phase == "over" and g.season >= 3:
        rows: list[dict[str, JSON]] = [{} for _ in range(g.players)]
        for s, (why, vp) in winter_scores(g):
            rows[s][why] = vp
        detail["winter"] = list(rows)
    return detail
