"""China's scoring: houses of a region, alliances, routes, and the final result.

Pure functions over plain values, so the rules, the AI and the tests share them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import JSON, Event, Outcome, Termination, ranks_from_scores
from games.china.board import Board
from games.china.state import ChinaState


def house_points(counts: Sequence[int], doubled: Iterable[int] = ()) -> list[int]:
    """Points per seat for one region from its house ``counts`` per seat.

    Players with the most houses score every house in the region; players in the k-th
    group (k >= 2) score the count of one player of the group just above. Ties share a
    group and no group is skipped. Seats in ``doubled`` own a house on a fortification
    there and score double.

    >>> house_points([4, 2, 0, 1])  # rulebook example 4
    [7, 4, 0, 2]
    >>> house_points([2, 2, 1, 0])  # rulebook example 5
    [5, 5, 2, 0]
    """
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    total = sum(counts)
    value = {level: (total if k == 0 else levels[k - 1]) for k, level in enumerate(levels)}
    double = set(doubled)
    return [
        (value[c] * (2 if seat in double else 1)) if c > 0 else 0 for seat, c in enumerate(counts)
    ]


def region_counts(state: ChinaState, layout: Board, region: int) -> list[int]:
    """Houses per seat in ``region``."""
    counts = [0] * state.players
    for space in layout.regions[region].spaces:
        owner = state.owners[space]
        if owner >= 0:
            counts[owner] += 1
    return counts


def region_points(state: ChinaState, layout: Board, region: int) -> list[int]:
    """House-scoring points per seat in ``region`` as it stands."""
    doubled = {
        state.owners[s]
        for s in layout.regions[region].spaces
        if state.forts[s] and state.owners[s] >= 0
    }
    return house_points(region_counts(state, layout, region), doubled)


def majority(counts: Sequence[int], zero_counts: bool = False) -> frozenset[int]:
    """Seats holding the emissary majority of a region (all tied leaders).

    Zero emissaries never make a majority unless ``zero_counts`` (an option) says so.
    """
    top = max(counts)
    if top == 0 and not zero_counts:
        return frozenset()
    return frozenset(seat for seat, c in enumerate(counts) if c == top)


def alliance_points(
    first: Sequence[int], second: Sequence[int], zero_counts: bool = False
) -> list[int]:
    """Points per seat for one alliance from the emissaries per seat of its two regions.

    >>> alliance_points([1, 1, 0, 0], [2, 1, 1, 0])  # rulebook example 6, no. 3
    [6, 0, 0, 0]
    """
    both = majority(first, zero_counts) & majority(second, zero_counts)
    total = sum(first) + sum(second)
    return [total if seat in both else 0 for seat in range(len(first))]


def _longest_path(
    nodes: set[int], neighbours: Sequence[Sequence[int]], forts: Sequence[bool]
) -> list[int]:
    """The best simple path in ``nodes``: most points (length, doubled by a fortification),
    then longest, then first found (nodes in board order)."""
    best: list[int] = []
    best_key = (0, 0)
    path: list[int] = []
    on_path: set[int] = set()

    def extend(node: int) -> None:
        nonlocal best, best_key
        path.append(node)
        on_path.add(node)
        length = len(path)
        key = (length * (2 if any(forts[n] for n in path) else 1), length)
        if key > best_key:
            best, best_key = list(path), key
        for nxt in neighbours[node]:
            if nxt in nodes and nxt not in on_path:
                extend(nxt)
        path.pop()
        on_path.discard(node)

    for start in sorted(nodes):
        extend(start)
    return best


def _components(nodes: set[int], neighbours: Sequence[Sequence[int]]) -> list[set[int]]:
    seen: set[int] = set()
    parts = []
    for start in sorted(nodes):
        if start in seen:
            continue
        part = {start}
        stack = [start]
        while stack:
            for nxt in neighbours[stack.pop()]:
                if nxt in nodes and nxt not in part:
                    part.add(nxt)
                    stack.append(nxt)
        seen |= part
        parts.append(part)
    return parts


def route_rows(
    owners: Sequence[int],
    forts: Sequence[bool],
    neighbours: Sequence[Sequence[int]],
    seat: int,
    extra_rows: bool = False,
    minimum: int = 4,
) -> list[list[int]]:
    """The scoring rows of ``seat``: in each road network of its houses, the best simple
    path of at least ``minimum`` houses (branches do not count); with ``extra_rows`` also
    further disjoint rows in what is left."""
    rows = []
    pending = _components({s for s, o in enumerate(owners) if o == seat}, neighbours)
    while pending:
        part = pending.pop(0)
        if len(part) < minimum:
            continue
        row = _longest_path(part, neighbours, forts)
        if len(row) < minimum:
            continue
        rows.append(row)
        if extra_rows:
            pending.extend(_components(part - set(row), neighbours))
    return sorted(rows)


def row_points(row: Sequence[int], forts: Sequence[bool]) -> int:
    """One point per house of a row, doubled once if a house stands on a fortification."""
    return len(row) * (2 if any(forts[s] for s in row) else 1)


def add_points(state: ChinaState, seat: int, kind: str, points: int) -> None:
    """Credit ``points`` of ``kind`` (houses, alliances, routes) to ``seat``."""
    state.scores[seat] += points
    state.points[seat][kind] += points


def score_region(state: ChinaState, layout: Board, region: int, final: bool) -> Event:
    """Score the houses of ``region`` now and mark it scored."""
    points = region_points(state, layout, region)
    for seat, p in enumerate(points):
        add_points(state, seat, "houses", p)
    state.scored[region] = True
    return Event(
        "china.region_scored",
        {
            "region": layout.regions[region].id,
            "region_name": layout.regions[region].name,
            "houses": region_counts(state, layout, region),
            "points": points,
            "final": final,
        },
    )


def final_scoring(state: ChinaState, layout: Board) -> list[Event]:
    """Unscored regions, then the alliances in number order, then routes (in place)."""
    events = [
        score_region(state, layout, r.index, final=True)
        for r in layout.regions
        if not state.scored[r.index] and any(state.owners[s] >= 0 for s in r.spaces)
    ]
    alliances = _score_alliances(state, layout, events)
    rows_by_seat = _score_routes(state, layout)
    routes = [p["routes"] for p in state.points]
    args = {"rows": rows_by_seat, "points": routes, "nobody": not any(routes)}
    events.append(Event("china.routes_scored", args))
    state.final = {"alliances": alliances, "rows": rows_by_seat}
    return events


def _score_alliances(state: ChinaState, layout: Board, events: list[Event]) -> list[JSON]:
    """Score the alliances in number order (in place); their points for the final record."""
    zero = bool(state.options.get("zero_majority", False))
    alliances: list[JSON] = []
    for al in layout.alliances:
        a, b = al.regions
        points = alliance_points(state.emissaries[a], state.emissaries[b], zero)
        for seat, p in enumerate(points):
            add_points(state, seat, "alliances", p)
        alliances.append({"number": al.number, "points": points})
        args = {"number": al.number, "points": points, "nobody": not any(points)}
        events.append(Event("china.alliance_scored", args))
    return alliances


def _score_routes(state: ChinaState, layout: Board) -> list[list[list[str]]]:
    """Score each seat's routes (in place); per seat, its rows as space ids."""
    extra = bool(state.options.get("extra_routes", False))
    rows_by_seat = []
    for seat in range(state.players):
        rows = route_rows(state.owners, state.forts, layout.neighbours, seat, extra)
        for row in rows:
            add_points(state, seat, "routes", row_points(row, state.forts))
        rows_by_seat.append([[layout.spaces[s].id for s in row] for row in rows])
    return rows_by_seat


def pieces_left(state: ChinaState, seat: int) -> int:
    """Houses, placeable emissaries and an unused fortification still in supply."""
    return state.houses_left[seat] + state.emissaries_left[seat] + state.forts_left[seat]


def breakdown(state: ChinaState) -> list[dict[str, int]]:
    """Per seat: houses, alliances, routes, total and pieces left."""
    return [
        {**state.points[seat], "total": state.scores[seat], "pieces_left": pieces_left(state, seat)}
        for seat in range(state.players)
    ]


def make_outcome(state: ChinaState, termination: Termination) -> Outcome:
    """Rank the remaining seats by points, then pieces left; resigned seats rank last, the
    latest to resign first among them."""
    active = state.active
    keys = [(float(state.scores[s]), float(pieces_left(state, s))) for s in active]
    active_ranks = ranks_from_scores(keys)
    ranks = [0] * state.players
    for seat, rank in zip(active, active_ranks, strict=True):
        ranks[seat] = rank
    for k, seat in enumerate(reversed(state.resigned)):
        ranks[seat] = len(active) + 1 + k
    winners = frozenset(s for s in active if ranks[s] == 1)
    best = max(state.scores[s] for s in active)
    leaders = [s for s in active if state.scores[s] == best]
    tiebreak = "pieces_left" if len(leaders) > 1 and len(winners) < len(leaders) else None
    return Outcome(
        termination=termination,
        winners=winners,
        ranks=tuple(ranks),
        scores=tuple(float(s) for s in state.scores),
        tiebreak=tiebreak,
        detail={"breakdown": breakdown(state), "resigned": list(state.resigned)},
    )
