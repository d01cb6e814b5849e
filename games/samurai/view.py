"""What a player (or the public) may know of a Samurai game: :class:`SamuraiView`.

The view is the only thing the bot and the renderer see. Hands and draw piles are never in
another seat's view; with 3-4 players captured figures are shown only to their owner
(unless the option ``public_captures`` is on) until the game ends; with 2 players they are
public, as in the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from games.base import JSON, Outcome, Seat
from games.samurai.data import FIGURE_KINDS, TILES, board_for, sort_tiles
from games.samurai.state import SamuraiState


@dataclass(frozen=True)
class HexView:
    """One hex of the board (static for a player count).

    ``label`` is the printed label (``"F7"``: column letter, row number); ``x``/``y`` the
    map coordinates (flat-topped hexes in columns, odd columns half a hex lower; pixel
    centre for hex size ``r``: ``(1.5 * r * x, sqrt(3) * r * (y + 0.5 * (x % 2)))``);
    ``terrain`` is ``sea``, ``land``, ``village``, ``city`` or ``capital``; ``name`` is the
    settlement's name (Edo; the city names are guesses) or ``None``; ``capacity`` the number
    of figures it holds at the start (0 for sea and plain land).
    """

    label: str
    x: int
    y: int
    terrain: str
    name: str | None
    capacity: int


@dataclass(frozen=True)
class TileView:
    """A tile kind: ``code`` (``"B3"``), ``kind`` (``helmet``, ``buddha``, ``rice``,
    ``samurai``, ``ronin``, ``ship``, ``figure_swap``, ``tile_swap``), ``value`` (0 for the
    swaps), ``fast`` (carries the Japanese character) and ``name`` (``"Buddha 3"``)."""

    code: str
    kind: str
    value: int
    fast: bool
    name: str


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the board: on hex ``hex`` (label), owned by seat ``owner``."""

    hex: str
    owner: Seat
    tile: TileView


@dataclass(frozen=True)
class SettlementView:
    """A village, city or Edo: its ``hex`` label, ``name`` and the ``figures`` on it now
    (``"H"``, ``"B"``, ``"R"`` in that order; empty once it was resolved), ``open_land`` the
    number of its land neighbours still empty (0 = resolved)."""

    hex: str
    name: str | None
    terrain: str
    figures: tuple[str, ...]
    open_land: int


@dataclass(frozen=True)
class PlayerView:
    """Public facts about one seat.

    ``hand_count`` and ``pile_count`` are ``None`` until the starting hands are dealt;
    ``captured`` (helmets, Buddhas, rice fields) is ``None`` when the viewer may not see it;
    ``ready`` says the seat confirmed its starting hand; ``resigned`` that it left the game.
    """

    seat: Seat
    hand_count: int | None
    pile_count: int | None
    captured: tuple[int, int, int] | None
    ready: bool
    resigned: bool


@dataclass(frozen=True)
class SamuraiView:
    """A game as one seat (``viewer``) or the public (``viewer=None``) may see it.

    * ``players``: 2-4; ``phase``: ``pick``, ``placement``, ``play`` or ``over``;
      ``turn``: turns started in the play phase; ``current``: the seat placing a figure or
      playing its turn (``None`` in the pick and at the end); ``to_act``: seats to act now.
    * ``hexes``: every hex of this board (:class:`HexView`), in board order (column, row).
    * ``tiles``: tiles on the board (:class:`PlacedTile`), in board order.
    * ``settlements``: every settlement with its figures (:class:`SettlementView`).
    * ``supply``: figures still to be placed, per type (H, B, R); ``set_aside``: figures
      that left the game unowned, per type; ``ties``: how many were set aside by ties (the
      fourth ends the game).
    * ``seats``: a :class:`PlayerView` per seat.
    * ``hand``: the viewer's tiles (during the pick, the tentative choice), canonical order;
      ``pile``: the tiles left in the viewer's draw pile, canonical order (the order of the
      pile is secret even from its owner); ``captured``: the viewer's figures; ``confirmed``:
      the viewer confirmed its starting hand. Empty/``None``/``False`` for the public.
    * ``this_turn``: notation of the steps of the turn in progress (``B3@F7``);
      ``this_turn_hexes``: hex labels they touched; ``last_turn``, ``last_turn_hexes``,
      ``last_seat``: the same for the previous finished turn (for highlighting).
    * ``end_reason`` (``exhausted``, ``ties``, ``blocked``, ``resignation``) and ``outcome``
      once the game is over.
    """

    players: int
    viewer: Seat | None
    phase: str
    turn: int
    current: Seat | None
    to_act: frozenset[Seat]
    hexes: tuple[HexView, ...]
    tiles: tuple[PlacedTile, ...]
    settlements: tuple[SettlementView, ...]
    supply: tuple[int, int, int]
    set_aside: tuple[int, int, int]
    ties: int
    seats: tuple[PlayerView, ...]
    hand: tuple[TileView, ...]
    pile: tuple[TileView, ...]
    captured: tuple[int, int, int] | None
    confirmed: bool
    this_turn: tuple[str, ...]
    this_turn_hexes: tuple[str, ...]
    last_turn: tuple[str, ...]
    last_turn_hexes: tuple[str, ...]
    last_seat: Seat | None
    end_reason: str | None
    outcome: Outcome | None


@cache
def tile_view(code: str) -> TileView:
    """The :class:`TileView` of a tile code."""
    spec = TILES[code]
    return TileView(spec.code, spec.kind, spec.value, spec.fast, spec.name)


@lru_cache(maxsize=4096)
def _settlement(players: int, s: int, figures: str, open_land: int) -> SettlementView:
    h = board_for(players).hexes[s]
    return SettlementView(h.label, h.name, h.terrain, tuple(figures), open_land)


@cache
def hex_views(players: int) -> tuple[HexView, ...]:
    """The static hexes of the board for ``players``."""
    return tuple(
        HexView(h.label, h.x, h.y, h.terrain, h.name, h.capacity) for h in board_for(players).hexes
    )


def captures_visible(state: SamuraiState, viewer: Seat | None, owner: Seat) -> bool:
    """Whether ``viewer`` may see ``owner``'s captured figures now."""
    return (
        state.players == 2
        or state.phase == "over"
        or bool(state.options.get("public_captures"))
        or viewer == owner
    )


def build_view(
    state: SamuraiState, viewer: Seat | None, to_act: frozenset[Seat], outcome: Outcome | None
) -> SamuraiView:
    """The view of ``state`` for ``viewer`` (``None`` = the public)."""
    labels = [h.label for h in board_for(state.players).hexes]
    me = viewer if viewer is not None and 0 <= viewer < state.players else None
    playing = state.phase in ("placement", "play")
    return SamuraiView(
        players=state.players,
        viewer=viewer,
        phase=state.phase,
        turn=state.turn,
        current=state.current if playing else None,
        to_act=to_act,
        hexes=hex_views(state.players),
        tiles=tuple(
            PlacedTile(labels[h], t[0], tile_view(t[1])) for h, t in enumerate(state.tiles) if t
        ),
        settlements=_settlements(state),
        supply=state.supply,
        set_aside=state.set_aside,
        ties=state.ties,
        seats=tuple(_player(state, viewer, s) for s in range(state.players)),
        hand=() if me is None else tuple(tile_view(c) for c in state.hands[me]),
        pile=() if me is None else _own_pile(state, me),
        captured=None if me is None else state.captured[me],
        confirmed=False if me is None else state.ready[me],
        this_turn=state.turn_steps,
        this_turn_hexes=tuple(labels[h] for h in state.turn_hexes),
        last_turn=state.last_steps,
        last_turn_hexes=tuple(labels[h] for h in state.last_hexes),
        last_seat=state.last_seat,
        end_reason=state.end_reason,
        outcome=outcome,
    )


def _player(state: SamuraiState, viewer: Seat | None, s: Seat) -> PlayerView:
    dealt = state.phase != "pick"
    return PlayerView(
        seat=s,
        hand_count=len(state.hands[s]) if dealt else None,
        pile_count=len(state.piles[s]) if dealt else None,
        captured=state.captured[s] if captures_visible(state, viewer, s) else None,
        ready=state.ready[s],
        resigned=not state.active(s),
    )


def _settlements(state: SamuraiState) -> tuple[SettlementView, ...]:
    board = board_for(state.players)
    tiles = state.tiles
    return tuple(
        _settlement(state.players, s, state.figures[s], [tiles[h] for h in ring].count(None))
        for s, ring in ((s, board.land_ring[s]) for s in board.settlements)
    )


def _own_pile(state: SamuraiState, viewer: Seat) -> tuple[TileView, ...]:
    ordered = sort_tiles(state.piles[viewer])
    return tuple(tile_view(c) for c in ordered)


def private_info(state: SamuraiState, seat: Seat) -> JSON:
    """What only ``seat`` knows, as JSON (see :meth:`games.base.Game.hand`)."""
    if state.phase == "over" or not state.active(seat):
        return None
    info: dict[str, JSON] = {
        "hand": list(state.hands[seat]),
        "pile": list(sort_tiles(state.piles[seat])),
        "confirmed": state.ready[seat],
    }
    if not all(captures_visible(state, other, seat) for other in range(state.players)):
        info["captured"] = dict(zip(FIGURE_KINDS, state.captured[seat], strict=True))
    return info
