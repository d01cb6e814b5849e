"""What a player (or the public) may know of a China game: :class:`ChinaView`.

The view is the only thing the bot and the renderer see. It carries the whole board
geometry (from the data file) so a renderer needs nothing else. Secret: every hand but the
viewer's own, the order and contents of the draw pile, and the reshuffle generator. Public:
everything on the table, the discard pile, the number of cards in the pile and in each hand.

Cards are colour letters; ``colours`` maps each letter to its colour name. Seats are
``0 .. players-1`` in turn order; seat 0 is the start player (the Emperor).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome, Seat
from games.china.board import Board, load_data
from games.china.rules import layout_of
from games.china.scoring import pieces_left, region_counts
from games.china.state import ChinaState


@dataclass(frozen=True)
class SpaceView:
    """A house space.

    ``id`` (e.g. ``"WEI3"``), ``cell`` = ``(column, row)`` on the region grid (pixel centre
    ``(cell_px * column + cell_px / 2, ...)``), ``owner`` = the seat whose house stands
    there or ``None``, ``fortified`` = a fortification stands there (bare when ``owner`` is
    ``None``).
    """

    id: str
    cell: tuple[int, int]
    owner: Seat | None
    fortified: bool


@dataclass(frozen=True)
class RegionView:
    """A region.

    ``id`` (ASCII, lower case), ``name`` (display name), ``colour`` (card letter),
    ``spaces`` in board order, ``dragon`` = the dragon space's cell, ``emissaries`` per
    seat on the dragon, ``houses`` per seat, ``cap`` = the most emissaries the region may
    hold now (the largest house count of one player), ``scored`` = its houses have been
    scored (the scoring marker lies there).
    """

    id: str
    name: str
    colour: str
    spaces: tuple[SpaceView, ...]
    dragon: tuple[int, int]
    emissaries: tuple[int, ...]
    houses: tuple[int, ...]
    cap: int
    scored: bool


@dataclass(frozen=True)
class AllianceView:
    """Alliance ``number`` (1-15, scored in this order) between ``regions`` (two ids);
    ``crossings`` are the roads (pairs of space ids) where its number is drawn."""

    number: int
    regions: tuple[str, str]
    crossings: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SupplyView:
    """Pieces a seat still has in supply."""

    houses: int
    emissaries: int
    fortifications: int


@dataclass(frozen=True)
class ScoreView:
    """A seat's points so far: ``houses`` (region scoring), ``alliances``, ``routes``."""

    total: int
    houses: int
    alliances: int
    routes: int


@dataclass(frozen=True)
class LastTurnView:
    """The most recent turn's visible action, for highlighting.

    ``kind`` is ``"place"``, ``"exchange"`` or ``"pass"``. For a placement: ``cards``
    played, ``region`` id, ``houses`` (space ids), ``emissaries``, ``fortification``
    (space id or ``None``). For an exchange: ``cards`` = the discarded card and ``take``
    = the colour taken face up or ``"pile"``.
    """

    seat: Seat
    kind: str
    cards: tuple[str, ...] = ()
    region: str | None = None
    houses: tuple[str, ...] = ()
    emissaries: int = 0
    fortification: str | None = None
    take: str | None = None


@dataclass(frozen=True)
class ChinaView:
    """A China position as ``viewer`` may see it (``viewer`` ``None`` = the public).

    Board: ``side`` (``"A"`` or ``"B"``), ``grid_rows`` (one string per row of the region
    grid, one letter per cell), ``grid_legend`` (``(letter, region id)`` pairs),
    ``cell_px`` (suggested cell size), ``regions``, ``roads`` (pairs of space ids),
    ``alliances``. Options: ``fortifications`` (variant on).

    Players: ``players``, ``scores`` (per seat, with the breakdown), ``supply`` (per
    seat), ``pieces_left`` (per seat: the tie-break), ``hand_sizes`` (per seat),
    ``resigned`` (seats in resignation order).

    Cards: ``colours`` (``(letter, name)`` in colour order), ``face_up`` (the face-up row,
    left to right, up to 4), ``pile_count``, ``discard_count``, ``discard_top`` (last card
    discarded or ``None``), ``discard_counts`` (``(letter, n)`` of the whole discard pile,
    which is public), ``exhaustions`` (0, 1 or 2 times the pile ran out),
    ``final_round`` (the game ends after the current round), ``hand`` (the viewer's own
    cards in colour order, empty after resigning; ``None`` in the public view).

    Turn: ``to_act`` (seat or ``None`` when over), ``step`` (``"place"``: place, exchange
    or pass; ``"draw"``: refilling the hand; ``"over"``), ``cards_to_draw`` (cards still
    to draw this turn), ``turn`` (turns completed), ``last_turn`` (or ``None``), and
    ``outcome`` (or ``None``).
    """

    viewer: Seat | None
    players: int
    side: str
    fortifications: bool
    grid_rows: tuple[str, ...]
    grid_legend: tuple[tuple[str, str], ...]
    cell_px: int
    regions: tuple[RegionView, ...]
    roads: tuple[tuple[str, str], ...]
    alliances: tuple[AllianceView, ...]
    scores: tuple[ScoreView, ...]
    supply: tuple[SupplyView, ...]
    pieces_left: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    resigned: tuple[Seat, ...]
    colours: tuple[tuple[str, str], ...]
    face_up: tuple[str, ...]
    pile_count: int
    discard_count: int
    discard_top: str | None
    discard_counts: tuple[tuple[str, int], ...]
    exhaustions: int
    final_round: bool
    hand: tuple[str, ...] | None
    to_act: Seat | None
    step: str
    cards_to_draw: int
    turn: int
    last_turn: LastTurnView | None
    outcome: Outcome | None


def _regions(state: ChinaState) -> tuple[RegionView, ...]:
    layout = layout_of(state)
    out = []
    for region in layout.regions:
        houses = region_counts(state, layout, region.index)
        spaces = tuple(
            SpaceView(
                id=layout.spaces[s].id,
                cell=layout.spaces[s].cell,
                owner=state.owners[s] if state.owners[s] >= 0 else None,
                fortified=state.forts[s],
            )
            for s in region.spaces
        )
        out.append(
            RegionView(
                id=region.id,
                name=region.name,
                colour=region.colour,
                spaces=spaces,
                dragon=region.dragon,
                emissaries=tuple(state.emissaries[region.index]),
                houses=tuple(houses),
                cap=max(houses),
                scored=state.scored[region.index],
            )
        )
    return tuple(out)


def _last_turn(state: ChinaState) -> LastTurnView | None:
    record = state.last_turn
    if record is None:
        return None
    if record["kind"] == "exchange":
        return LastTurnView(record["seat"], "exchange", (record["discard"],), take=record["take"])
    if record["kind"] == "pass":
        return LastTurnView(record["seat"], "pass")
    return LastTurnView(
        seat=record["seat"],
        kind="place",
        cards=tuple(record["cards"]),
        region=record["region"],
        houses=tuple(record["houses"]),
        emissaries=record["emissaries"],
        fortification=record["fortification"],
    )


def _alliances(layout: Board) -> tuple[AllianceView, ...]:
    return tuple(
        AllianceView(
            al.number,
            (layout.regions[al.regions[0]].id, layout.regions[al.regions[1]].id),
            al.crossings,
        )
        for al in layout.alliances
    )


def _scores(state: ChinaState) -> tuple[ScoreView, ...]:
    return tuple(
        ScoreView(state.scores[s], p["houses"], p["alliances"], p["routes"])
        for s, p in enumerate(state.points)
    )


def _supply(state: ChinaState) -> tuple[SupplyView, ...]:
    return tuple(
        SupplyView(state.houses_left[s], state.emissaries_left[s], state.forts_left[s])
        for s in range(state.players)
    )


def make_view(state: ChinaState, viewer: Seat | None) -> ChinaView:
    """The view of ``state`` for ``viewer``."""
    data = load_data()
    layout = layout_of(state)
    over = state.phase == "over"
    own = state.hands[viewer] if viewer is not None and 0 <= viewer < state.players else None
    step = "over" if over else ("draw" if state.phase == "draw" else "place")
    to_draw = data.hand_size - len(state.hands[state.current]) if step == "draw" else 0
    return ChinaView(
        viewer=viewer,
        players=state.players,
        side=state.side,
        fortifications=bool(state.options.get("fortifications")),
        grid_rows=data.grid_rows,
        grid_legend=tuple(sorted(data.grid_legend.items())),
        cell_px=data.cell_px,
        regions=_regions(state),
        roads=tuple((layout.spaces[a].id, layout.spaces[b].id) for a, b in layout.roads),
        alliances=_alliances(layout),
        scores=_scores(state),
        supply=_supply(state),
        pieces_left=tuple(pieces_left(state, s) for s in range(state.players)),
        hand_sizes=tuple(len(h) for h in state.hands),
        resigned=tuple(state.resigned),
        colours=tuple((c, data.colour_names[c]) for c in data.colours),
        face_up=tuple(state.face_up),
        pile_count=len(state.pile),
        discard_count=len(state.discard),
        discard_top=state.discard[-1] if state.discard else None,
        discard_counts=tuple((c, state.discard.count(c)) for c in data.colours),
        exhaustions=state.exhaustions,
        final_round=state.end_triggered and not over,
        hand=None if own is None else tuple(own),
        to_act=None if over else state.current,
        step=step,
        cards_to_draw=to_draw,
        turn=state.turn,
        last_turn=_last_turn(state),
        outcome=None if state.result is None else Outcome.from_json(state.result),
    )
