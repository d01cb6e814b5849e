"""The end of a game: leaders per figure type and the tie-break cascade (reference §8).

``scores`` are the number of figure types each seat leads (a lead is a strictly greater
count than every other player still in the game). ``tiebreak`` names the rule that
separated the winner from the other players with the best score, ``None`` when the score
alone did:

* ``"other_figures"`` - several players lead exactly one type; most figures of their two
  other types wins (§8 step 2);
* ``"total_figures"`` - still tied, most figures in total (§8 step 3), or nobody leads any
  type and the most figures in total wins (§8 step 5);
* ``"shared"`` - nothing separated them: a shared win.

Ranks: the player leading 2 or 3 types, then the players leading one type by (other
figures, total figures), then the others by total figures; resigned players rank last, the
latest resignation first. ``detail`` holds ``captured`` (per seat, per type), ``leaders``
(per type: a seat or ``None``), ``set_aside`` (per type) and the end ``reason``
(``exhausted``, ``ties``, ``blocked``, ``resignation``).
"""

from __future__ import annotations

from games.base import JSON, Outcome, Termination, ranks_from_scores
from games.samurai.data import FIGURE_KINDS
from games.samurai.state import SamuraiState


def leaders(captured: tuple[tuple[int, int, int], ...], seats: list[int]) -> list[int | None]:
    """Per figure type, the seat with strictly the most figures, or ``None``."""
    result: list[int | None] = []
    for t in range(3):
        best = max(captured[s][t] for s in seats)
        top = [s for s in seats if captured[s][t] == best]
        result.append(top[0] if best > 0 and len(top) == 1 else None)
    return result


def rank_keys(
    captured: tuple[tuple[int, int, int], ...], seats: list[int]
) -> dict[int, tuple[int, int, int]]:
    """Sort keys (higher is better) for the cascade of §8, per seat in ``seats``."""
    lead = leaders(captured, seats)
    keys = {}
    for s in seats:
        led = [t for t in range(3) if lead[t] == s]
        total = sum(captured[s])
        if len(led) >= 2:
            keys[s] = (2, total, 0)
        elif led:
            keys[s] = (1, total - captured[s][led[0]], total)
        else:
            keys[s] = (0, total, 0)
    return keys


def _tiebreak(keys: dict[int, tuple[int, int, int]]) -> str | None:
    best = max(keys.values())
    contenders = [k for k in keys.values() if k[0] == best[0]]
    if len(contenders) == 1 or best[0] == 2:
        return None
    if sum(1 for k in contenders if k == best) > 1:
        return "shared"
    if best[0] == 0:
        return "total_figures"
    top_other = [k for k in contenders if k[1] == best[1]]
    return "other_figures" if len(top_other) == 1 else "total_figures"


def outcome(state: SamuraiState) -> Outcome | None:
    """The result once the game is over, else ``None``."""
    if state.phase != "over":
        return None
    n = state.players
    seats = [s for s in range(n) if state.active(s)]
    keys = rank_keys(state.captured, seats)
    lead = leaders(state.captured, seats)
    active_ranks = ranks_from_scores([keys[s] for s in seats])
    ranks = [0] * n
    for s, r in zip(seats, active_ranks, strict=True):
        ranks[s] = r
    for place, s in enumerate(reversed(state.resigned)):
        ranks[s] = len(seats) + 1 + place
    scores = tuple(float(sum(1 for t in lead if t == s)) for s in range(n))
    winners = frozenset(s for s in seats if ranks[s] == 1)
    if state.end_reason == "resignation":
        termination, tiebreak = Termination.RESIGNATION, None
    else:
        termination, tiebreak = Termination.SCORING, _tiebreak(keys)
    detail: dict[str, JSON] = {
        "captured": {
            str(s): dict(zip(FIGURE_KINDS, state.captured[s], strict=True)) for s in range(n)
        },
        "leaders": dict(zip(FIGURE_KINDS, lead, strict=True)),
        "set_aside": dict(zip(FIGURE_KINDS, state.set_aside, strict=True)),
        "reason": state.end_reason,
    }
    return Outcome(termination, winners, tuple(ranks), scores, tiebreak, detail)
