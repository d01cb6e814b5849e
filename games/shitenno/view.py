"""What a player (or the public) may know of a Shitenno game: :class:`ShitennoView`.

The view is the only thing the bot and the renderer see. It never holds another seat's
hand or any deck order: hands appear as sizes (Troop and Koku cards apart, their backs
differ), decks as sizes. Revealed cards, lots on offer, answers, titles, bonus tiles in
front of players, the top tile of each stack (troop face), Kamons and favour are public.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.base import JSON, Outcome, Seat
from games.shitenno.data import (
    EFFECTS,
    TITLE_IDS,
    TITLE_NAMES,
    TROOP_IDS,
    card_name,
    koku_value,
    provinces,
    raw,
)
from games.shitenno.payment import koku_cost, requirement
from games.shitenno.state import Lot, ShitennoState


@dataclass(frozen=True)
class CardView:
    """A card: ``code`` (``"S"``, ``"MB"``, ``"K2"``), ``kind`` (``"troop"`` or ``"koku"``),
    ``troops`` (troop ids on a Troop card, ``("sohei", "bushi")``; empty for Koku),
    ``value`` (Koku value; 0 for Troop cards) and ``name`` (``"Sōhei + Bushi"``)."""

    code: str
    kind: str
    troops: tuple[str, ...]
    value: int
    name: str


@dataclass(frozen=True)
class KamonView:
    """A control Kamon on the board: ``owner`` seat, ``golden`` face (counts 2)."""

    owner: Seat
    golden: bool


@dataclass(frozen=True)
class ProvinceView:
    """One province panel.

    * ``id`` (``"kanto"``), ``name`` (``"Kantō"``), ``troop`` (its troop id), ``printed``
      (troops printed on the panel, 3 or 4: the gate figure), ``values`` (favour of the
      positions 1-4), ``majority`` (final majority bonus, 6), ``row``/``col`` (3x3 grid
      without a centre: row 0 Chūgoku, Chūbu, Hokkaidō; row 1 Kyūshū col 0, Tōhoku col 2;
      row 2 Shikoku, Kansai, Kantō).
    * ``kamons``: the 4 positions, left first, each a :class:`KamonView` or ``None``.
    * ``next_position``: index (0-3) of the leftmost free position, ``None`` when full.
    * ``tiles_left``: bonus tiles still stacked on the gate (3 at the start);
      ``top_troop``: troop id on the top tile's troop face (``None`` with the stack empty).
    * ``requirement``: troops needed now, ``((troop id, count), ...)`` (province type
      first), empty when full; ``koku``: Koku value needed now (``None`` when full).
    """

    id: str
    name: str
    troop: str
    printed: int
    values: tuple[int, int, int, int]
    majority: int
    row: int
    col: int
    kamons: tuple[KamonView | None, ...]
    next_position: int | None
    tiles_left: int
    top_troop: str | None
    requirement: tuple[tuple[str, int], ...]
    koku: int | None


@dataclass(frozen=True)
class TitleView:
    """A title: ``seals`` (4-1), ``id`` (``daimyo``, ``shomyo``, ``sensei``, ``hatamoto``),
    ``name`` and ``holder`` (seat, or ``None`` when vacant this year)."""

    seals: int
    id: str
    name: str
    holder: Seat | None


@dataclass(frozen=True)
class LotView:
    """A lot: its ``cards`` and its Hierarchy ``tile`` (seals 1-4)."""

    cards: tuple[CardView, ...]
    tile: int


@dataclass(frozen=True)
class SeatView:
    """Public facts about one seat.

    ``general`` (the Shitennō it plays, by seat), ``title`` (seals of the title held this
    year, 0 = none), ``favour`` (the favour track; once the game is over, the track after
    the final scoring, «En el marcador de puntos de favor, cada general añadirá los puntos»,
    so the last board shows the result), ``kamons_left`` (control Kamons in the
    supply), ``troop_cards``/``koku_cards`` (hand sizes), ``bonus`` (unused bonus tiles as
    ``{"exchange": n, "plus": n, "draw": n}``), ``lot`` (the lot received this sharing
    year, ``None`` if none yet), ``placed`` (Kamons placed in the current turn, for the
    player on turn), ``resigned``.
    """

    seat: Seat
    general: str
    title: int
    favour: int
    kamons_left: int
    troop_cards: int
    koku_cards: int
    bonus: dict[str, int]
    lot: LotView | None
    placed: int
    resigned: bool


@dataclass(frozen=True)
class ShitennoView:
    """A game as one seat (``viewer``) or the public (``viewer=None``) may see it.

    * ``players`` (2-4); ``phase``: ``"even"`` (sharing in Edo), ``"odd"`` (provinces) or
      ``"over"``; ``year``: 1, 2, ... (year 1 is the first even year of the rulebook);
      ``to_act``: seats to act now; ``current``: the seat to act (Tairō building a lot,
      player offered a lot, chooser of the split, player on turn), ``None`` at the end.
    * ``provinces``: the 8 panels (:class:`ProvinceView`) in data order.
    * ``titles``: the 4 titles, Daimyō first (:class:`TitleView`); ``order``: this year's
      turn order (seats by title).
    * ``seats``: a :class:`SeatView` per seat.
    * Sharing year: ``tairo`` (seat or ``None``); ``open_cards`` (revealed cards not yet in
      a lot); ``hierarchy_tiles`` (seals of the Hierarchy tiles still in the Tairō's hand);
      ``offer`` (the lot on offer or ``None``); ``offered_to`` (the seat deciding);
      ``offer_queue`` (seats still to be asked after it); ``refused`` (seats that refused
      this offer); ``split`` (the two lots A and B of the final split, while the other
      player chooses) and ``chooser``.
    * ``troop_deck``, ``troop_discard``, ``koku_deck``: pile sizes.
    * ``hand``: the viewer's cards (canonical order), empty for the public.
    * ``last_seat``, ``last_action`` (notation), ``last_province`` (province id touched by
      the last action, for highlighting).
    * ``end_reason`` (``"kamons"``, ``"koku"``, ``"resignation"``) and ``outcome`` once over.
    """

    players: int
    viewer: Seat | None
    phase: str
    year: int
    to_act: frozenset[Seat]
    current: Seat | None
    provinces: tuple[ProvinceView, ...]
    titles: tuple[TitleView, ...]
    order: tuple[Seat, ...]
    seats: tuple[SeatView, ...]
    tairo: Seat | None
    open_cards: tuple[CardView, ...]
    hierarchy_tiles: tuple[int, ...]
    offer: LotView | None
    offered_to: Seat | None
    offer_queue: tuple[Seat, ...]
    refused: tuple[Seat, ...]
    split: tuple[LotView, LotView] | None
    chooser: Seat | None
    troop_deck: int
    troop_discard: int
    koku_deck: int
    hand: tuple[CardView, ...]
    last_seat: Seat | None
    last_action: str
    last_province: str | None
    end_reason: str | None
    outcome: Outcome | None


@cache
def card_view(code: str) -> CardView:
    """The :class:`CardView` of a card code."""
    if code[0] == "K":
        return CardView(code, "koku", (), koku_value(code), card_name(code))
    return CardView(code, "troop", tuple(TROOP_IDS[c] for c in code), 0, card_name(code))


def lot_view(lot: Lot | None) -> LotView | None:
    if lot is None:
        return None
    return LotView(tuple(card_view(c) for c in lot[0]), lot[1])


def _province(state: ShitennoState, i: int) -> ProvinceView:
    p = provinces()[i]
    slots = state.board[i]
    free = next((k for k, s in enumerate(slots) if s is None), None)
    stack = state.stacks[i]
    need = requirement(p, stack) if free is not None else {}
    return ProvinceView(
        id=p.id,
        name=p.name,
        troop=TROOP_IDS[p.troop],
        printed=p.printed,
        values=p.values,
        majority=p.majority,
        row=p.row,
        col=p.col,
        kamons=tuple(None if s is None else KamonView(s[0], s[1]) for s in slots),
        next_position=free,
        tiles_left=len(stack),
        top_troop=TROOP_IDS[stack[0][0]] if stack else None,
        requirement=tuple((TROOP_IDS[t], n) for t, n in need.items()),
        koku=None if free is None else koku_cost(p, free),
    )


def build_view(
    state: ShitennoState, viewer: Seat | None, to_act: frozenset[Seat], outcome: Outcome | None
) -> ShitennoView:
    """The view of ``state`` for ``viewer`` (``None`` = the public)."""
    me = viewer if viewer is not None and 0 <= viewer < state.players else None
    split = state.split
    return ShitennoView(
        players=state.players,
        viewer=viewer,
        phase=state.phase,
        year=state.year,
        to_act=to_act,
        current=min(to_act) if to_act else None,
        provinces=tuple(_province(state, i) for i in range(len(state.board))),
        titles=_titles(state),
        order=state.order,
        seats=tuple(_seat(state, s, outcome) for s in range(state.players)),
        tairo=state.tairo if state.phase == "even" else None,
        open_cards=tuple(card_view(c) for c in state.open_cards),
        hierarchy_tiles=state.tiles,
        offer=lot_view(state.offer),
        offered_to=state.offer_queue[0] if state.offer_queue else None,
        offer_queue=state.offer_queue[1:],
        refused=state.refused,
        split=None if split is None else (lot_view(split[0]), lot_view(split[1])),  # type: ignore[arg-type]
        chooser=state.chooser,
        troop_deck=len(state.troop_deck),
        troop_discard=len(state.troop_discard),
        koku_deck=len(state.koku_deck),
        hand=() if me is None else tuple(card_view(c) for c in state.hands[me]),
        last_seat=state.last_seat,
        last_action=state.last_text,
        last_province=state.last_province,
        end_reason=state.end_reason,
        outcome=outcome,
    )


def _titles(state: ShitennoState) -> tuple[TitleView, ...]:
    holders = {t: s for s, t in enumerate(state.titles) if t}
    return tuple(
        TitleView(seals, TITLE_IDS[seals], TITLE_NAMES[seals], holders.get(seals))
        for seals in (4, 3, 2, 1)
    )


def _seat(state: ShitennoState, s: Seat, outcome: Outcome | None) -> SeatView:
    return SeatView(
        seat=s,
        general=raw()["generals"][s],
        title=state.titles[s],
        favour=state.favour[s] if outcome is None else int(outcome.scores[s]),
        kamons_left=state.kamons[s],
        troop_cards=sum(1 for c in state.hands[s] if c[0] != "K"),
        koku_cards=sum(1 for c in state.hands[s] if c[0] == "K"),
        bonus=dict(zip(EFFECTS, state.bonus[s], strict=True)),
        lot=lot_view(state.lots[s]) if state.phase == "even" else None,
        placed=state.placed if state.current == s and state.phase == "odd" else 0,
        resigned=state.resigned == s,
    )


def private_info(state: ShitennoState, seat: Seat) -> JSON:
    """What only ``seat`` knows, as JSON: ``hand`` (card codes, canonical order), and
    ``troops``/``koku`` (how many troops of each type and the Koku value it holds).
    ``None`` once the game is over."""
    if state.phase == "over" or not 0 <= seat < state.players:
        return None
    hand = state.hands[seat]
    troops = {TROOP_IDS[t]: sum(c.count(t) for c in hand if c[0] != "K") for t in TROOP_IDS}
    return {"hand": list(hand), "troops": troops, "koku": sum(koku_value(c) for c in hand)}
