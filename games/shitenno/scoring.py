"""Final scoring (reference §7) and the outcome.

Per seat: the favour track, +1 per Koku in hand, +1 per unused Exchange tile that turns a
Troop card still in hand into 1 Koku (at most one per card), optionally +1 per unused +1
and Draw tile (``plus_and_draw_score``), and 6 per province majority (golden Kamons count
2; a tie goes to the tied player whose Kamon sits furthest left). The winner has the most
favour; a tie goes to the higher title held in the last year (``tiebreak`` ``"title"``).

``detail`` holds, per seat (as a string key), ``track``, ``koku``, ``exchange``,
``tiles`` (the optional +1/Draw points), ``provinces`` (majority points), ``majorities``
(province ids won), ``total`` and ``title``; plus ``majority`` (province id -> winning
seat or ``None``) and the end ``reason`` (``kamons``, ``koku``, ``resignation``).
"""

from __future__ import annotations

from games.base import JSON, Outcome, Termination, ranks_from_scores
from games.shitenno.data import PROVINCE_IDS, TITLE_IDS, koku_value, provinces
from games.shitenno.state import ShitennoState


def majority(slots: tuple[tuple[int, bool] | None, ...]) -> int | None:
    """The seat scoring a province's majority: most Kamons (golden = 2); ties go to the
    tied seat with the leftmost Kamon; ``None`` without Kamons."""
    weight: dict[int, int] = {}
    first: dict[int, int] = {}
    for k, s in enumerate(slots):
        if s is None:
            continue
        weight[s[0]] = weight.get(s[0], 0) + (2 if s[1] else 1)
        first.setdefault(s[0], k)
    if not weight:
        return None
    best = max(weight.values())
    return min((seat for seat, w in weight.items() if w == best), key=first.__getitem__)


def breakdown(state: ShitennoState) -> dict[str, dict[str, JSON]]:
    """Final points per seat (see the module docstring)."""
    owners = [majority(slots) for slots in state.board]
    out: dict[str, dict[str, JSON]] = {}
    extra_tiles = bool(state.options.get("plus_and_draw_score"))
    for s in range(state.players):
        hand = state.hands[s]
        koku = sum(koku_value(c) for c in hand)
        troop_cards = sum(1 for c in hand if c[0] != "K")
        exchange = min(state.bonus[s][0], troop_cards)
        tiles = state.bonus[s][1] + state.bonus[s][2] if extra_tiles else 0
        won = [PROVINCE_IDS[i] for i, o in enumerate(owners) if o == s]
        prov = sum(provinces()[PROVINCE_IDS.index(pid)].majority for pid in won)
        total = state.favour[s] + koku + exchange + tiles + prov
        out[str(s)] = {
            "track": state.favour[s],
            "koku": koku,
            "exchange": exchange,
            "tiles": tiles,
            "provinces": prov,
            "majorities": won,
            "total": total,
            "title": TITLE_IDS.get(state.titles[s]),
        }
    return out


def outcome(state: ShitennoState) -> Outcome | None:
    """The result once the game is over, else ``None``."""
    if state.phase != "over":
        return None
    n = state.players
    points = breakdown(state)
    totals = [int(points[str(s)]["total"]) for s in range(n)]
    keys = [(float(totals[s]), float(state.titles[s])) for s in range(n)]
    if state.resigned is not None:
        keys[state.resigned] = (float("-inf"), 0.0)
    ranks = ranks_from_scores(keys)
    winners = frozenset(s for s in range(n) if ranks[s] == 1)
    best = max(totals[s] for s in winners)
    contenders = [s for s in range(n) if totals[s] == best and s != state.resigned]
    tiebreak = "title" if len(contenders) > 1 else None
    detail: dict[str, JSON] = {
        "seats": points,
        "majority": {PROVINCE_IDS[i]: majority(slots) for i, slots in enumerate(state.board)},
        "reason": state.end_reason,
    }
    termination = (
        Termination.RESIGNATION if state.end_reason == "resignation" else Termination.SCORING
    )
    return Outcome(termination, winners, ranks, tuple(float(t) for t in totals), tiebreak, detail)
