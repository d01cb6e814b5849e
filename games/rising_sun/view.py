"""What a seat (or the public) may know of a Rising Sun game: :class:`RisingSunView`.

Secret (reference §14): the chooser's four drawn mandates (and the order of the three it put
back), Lotus's face-down tiles, war bids until everyone in the battle has confirmed, the
order of the mandate deck and of the War Province piles. Everything else is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.base import JSON, Outcome, Seat
from games.rising_sun import board
from games.rising_sun.clans import free_clans
from games.rising_sun.data import BOXES, data
from games.rising_sun.state import HOSTAGE, RESERVE, SHRINE, G


@dataclass(frozen=True)
class FigureGroup:
    """``count`` figures of ``kind`` (``daimyo``, ``shinto``, ``bushi`` or a monster id)
    belonging to seat ``owner``; ``force`` is their total Force there now (0 off the map)."""

    owner: Seat
    kind: str
    count: int
    force: int


@dataclass(frozen=True)
class ProvinceView:
    """A province: ``id`` and printed ``name``; ``harvest`` = (VP, coins, Ronin) reward;
    ``land``/``sea``: ids of the provinces across a land border / along a shipping route
    (a provisional design, see the data file); ``war_number``: its place in this season's
    battle order (1 = first) or ``None``; ``war_winner``: who took its token this season
    (``None`` before or when discarded); ``figures``; ``strongholds``: (owner, count);
    ``force``: Force per seat now (Harvest reckoning; Turtle's Strongholds included)."""

    id: str
    name: str
    harvest: tuple[int, int, int]
    land: tuple[str, ...]
    sea: tuple[str, ...]
    war_number: int | None
    war_winner: Seat | None
    figures: tuple[FigureGroup, ...]
    strongholds: tuple[tuple[Seat, int], ...]
    force: tuple[int, ...]


@dataclass(frozen=True)
class ShrineView:
    """A shrine, left to right (``position`` 0-3): its Kami ``id``/``name`` and the figures
    worshipping there (they count as Force 1 each)."""

    position: int
    id: str
    name: str
    worshippers: tuple[FigureGroup, ...]


@dataclass(frozen=True)
class CardView:
    """A Season card: ``id``, ``name``, ``type`` (enhancement, virtue, monster, war_upgrade,
    winter_upgrade), printed ``cost``, ``season`` (0-2), ``effect`` text; ``count`` copies."""

    id: str
    name: str
    type: str
    cost: int
    season: int
    effect: str
    count: int


@dataclass(frozen=True)
class SeatView:
    """Public facts about one seat: ``clan`` id and ``clan_name`` (``""`` while not
    chosen); ``honor`` (0 = top of the track); ``vp``, ``coins``, ``ronin``; ``ally``
    (seat or ``None``); ``reserve`` figures; ``strongholds_left`` (not yet built);
    ``cards`` owned; ``tokens``: War Province tokens as (season, province id); ``hostages``
    it holds; ``facedown``: how many mandate tiles Lotus keeps face down;
    ``bid_confirmed`` in the current battle; ``resigned``."""

    seat: Seat
    clan: str
    clan_name: str
    honor: int
    vp: int
    coins: int
    ronin: int
    ally: Seat | None
    reserve: tuple[FigureGroup, ...]
    strongholds_left: int
    cards: tuple[CardView, ...]
    tokens: tuple[tuple[int, str], ...]
    hostages: tuple[FigureGroup, ...]
    facedown: int
    bid_confirmed: bool
    resigned: bool


@dataclass(frozen=True)
class BattleView:
    """The battle being fought: ``province`` id, ``participants``, ``confirmed`` seats,
    ``bids`` per participant (box order seppuku, hostage, ronin, poets) once revealed, else
    only the viewer's own (others ``None``); ``advantages``: box -> winning seat so far;
    ``hired``: (seat, Ronin hired); ``killed`` figures so far; ``winner`` once decided."""

    province: str
    participants: tuple[Seat, ...]
    confirmed: tuple[Seat, ...]
    revealed: bool
    bids: tuple[tuple[int, ...] | None, ...]
    advantages: tuple[tuple[str, Seat | None], ...]
    hired: tuple[Seat, int] | None
    killed: int
    winner: Seat | None


@dataclass(frozen=True)
class SlotView:
    """One step of the Political Phase track (M M M K M M K M M K): ``kind`` is
    ``mandate`` or ``kami``; a played mandate shows ``mandate`` and the ``chooser``."""

    index: int
    kind: str
    mandate: str | None
    chooser: Seat | None


@dataclass(frozen=True)
class RisingSunView:
    """A game as seat ``viewer`` (``None`` = the public) may see it.

    * ``card_set``: the Season card set played with Core (``random`` already resolved).
    * ``season`` (0 spring, 1 summer, 2 autumn, 3 winter), ``phase`` (clans while they are
      chosen, then tea, political, war, over), ``step`` (the decision pending: clan, tea,
      choose, recruit, summon1, marshal, fujin, buy, place_monster, betray, bids, seppuku,
      hostage, ronin, poets, extra, and the cards' ninja, monkey, mercy, serpent; ``None``
      at the end),
      ``to_act`` and ``current`` (the seat deciding; ``None`` during bids), ``slot``
      (political step 0-9; 10 in War).
    * ``provinces``, ``shrines``, ``seats``, ``honor`` (seats from the top), ``offer``
      (Season cards face up), ``slots`` (the political track), ``deck_size``,
      ``chooser`` (holds the mandate deck), ``war`` (province ids in battle order this
      season), ``battle``.
    * ``tea_offer`` (proposer, receiver) while an alliance is proposed.
    * The viewer's secrets: ``drawn`` (its four mandate tiles while it chooses),
      ``deck_top`` (the tiles it put back on the deck, in order, while still there),
      ``facedown`` (Lotus's face-down tiles). Empty for the public.
    * ``last_action``: (seat, notation) of the last action, as far as the viewer may know
      it (:func:`public_last`): others see a bid as ``bid`` and a Lotus mandate choice
      without its kept tile; ``outcome`` once over.
    """

    players: int
    viewer: Seat | None
    card_set: str
    season: int
    phase: str
    step: str | None
    to_act: frozenset[Seat]
    current: Seat | None
    slot: int
    provinces: tuple[ProvinceView, ...]
    shrines: tuple[ShrineView, ...]
    seats: tuple[SeatView, ...]
    honor: tuple[Seat, ...]
    offer: tuple[CardView, ...]
    slots: tuple[SlotView, ...]
    deck_size: int
    chooser: Seat
    war: tuple[str, ...]
    battle: BattleView | None
    tea_offer: tuple[Seat, Seat] | None
    drawn: tuple[str, ...]
    deck_top: tuple[str, ...]
    facedown: tuple[str, ...]
    last_action: tuple[Seat, str] | None
    outcome: Outcome | None


@cache
def card_view(cid: str, count: int = 1) -> CardView:
    c = data().cards[cid]
    return CardView(c.id, c.name, c.type, c.cost, c.season, c.effect, count)


def _cards(ids: list[str]) -> tuple[CardView, ...]:
    seen: dict[str, int] = {}
    for c in ids:
        seen[c] = seen.get(c, 0) + 1
    return tuple(card_view(c, n) for c, n in sorted(seen.items()))


def groups(
    g: G, ids: list[int], *, force: bool = False, war: bool = False
) -> tuple[FigureGroup, ...]:
    acc: dict[tuple[int, str], list[int]] = {}
    for i in ids:
        o, k, _ = g.figs[i]
        acc.setdefault((o, k), []).append(i)
    return tuple(
        FigureGroup(
            o, k, len(ids), sum(board.figure_force(g, i, war=war) for i in ids) if force else 0
        )
        for (o, k), ids in sorted(acc.items())
    )


def build_view(
    g: G, viewer: Seat | None, to_act: frozenset[Seat], outcome: Outcome | None
) -> RisingSunView:
    d = data()
    me = viewer if viewer is not None and 0 <= viewer < g.players else None
    at = _figures_at(g)
    task = g.tasks[0] if g.tasks and g.phase != "over" else None
    from games.rising_sun.flow import decider

    current = None if task is None or task["t"] == "bids" else decider(g, task)
    offer = g.tea.get("offer") if g.tea else None
    known = g.deck_known
    return RisingSunView(
        players=g.players, viewer=viewer, card_set=str(g.options["set"]), season=g.season,
        phase=g.phase, step=None if task is None else task["t"], to_act=to_act, current=current,
        slot=g.slot, provinces=_provinces(g, at), shrines=_shrines(g, at),
        seats=tuple(_seat(g, s, at) for s in range(g.players)), honor=tuple(g.honor),
        offer=_cards(g.offer), slots=_slots(g), deck_size=len(g.deck), chooser=g.chooser,
        war=tuple(d.provinces[p].id for p in g.war), battle=_battle(g, me),
        tea_offer=(int(offer[0]), int(offer[1])) if offer else None,
        drawn=tuple(g.drawn) if me is not None and me == g.chooser else (),
        deck_top=tuple(g.deck[: known[1]]) if me is not None and known[0] == me else (),
        facedown=tuple(t for s, t in g.facedown if s == me),
        last_action=public_last(g.last, me),
        outcome=outcome,
    )  # fmt: skip


def _figures_at(g: G) -> dict[int, list[int]]:
    """The figures by place (each seat's reserve a place of its own)."""
    at: dict[int, list[int]] = {}
    for i, f in enumerate(g.figs):
        loc = f[2] if f[2] != RESERVE else RESERVE - 1 - f[0]
        at.setdefault(loc, []).append(i)
    return at


def _provinces(g: G, at: dict[int, list[int]]) -> tuple[ProvinceView, ...]:
    d = data()
    war = g.phase == "war"
    return tuple(
        ProvinceView(
            id=p.id,
            name=p.name,
            harvest=(p.vp, p.coins, p.ronin),
            land=tuple(d.provinces[q].id for q in sorted(d.land[i])),
            sea=tuple(d.provinces[q].id for q in sorted(d.sea[i])),
            war_number=g.war.index(i) + 1 if i in g.war else None,
            war_winner=(
                g.war_results[g.war.index(i)]
                if i in g.war and g.war.index(i) < len(g.war_results)
                else None
            ),
            figures=groups(g, at.get(i, []), force=True, war=war),
            strongholds=tuple(
                (s, g.holds[s].count(i)) for s in range(g.players) if i in g.holds[s]
            ),
            force=_forces(g, i, at.get(i, []), war),
        )
        for i, p in enumerate(d.provinces)
    )


def _shrines(g: G, at: dict[int, list[int]]) -> tuple[ShrineView, ...]:
    names = data().kami_names
    return tuple(
        ShrineView(k, kid, names[kid], groups(g, at.get(SHRINE + k, [])))
        for k, kid in enumerate(g.shrines)
    )


def _seat(g: G, s: Seat, at: dict[int, list[int]]) -> SeatView:
    d = data()
    battle = g.battle
    return SeatView(
        seat=s,
        clan=g.clan_id(s),
        clan_name=d.clans[g.clans[s]].name if g.clan_id(s) else "",
        honor=g.rank(s),
        vp=g.vp[s],
        coins=g.coins[s],
        ronin=g.ronin[s],
        ally=g.ally[s],
        reserve=groups(g, at.get(RESERVE - 1 - s, [])),
        strongholds_left=d.per_clan["strongholds"] - len(g.holds[s]),
        cards=_cards(g.owned[s]),
        tokens=tuple((t[0], d.provinces[t[1]].id) for t in g.tokens[s]),
        hostages=groups(g, at.get(HOSTAGE + s, [])),
        facedown=sum(1 for f in g.facedown if f[0] == s),
        bid_confirmed=bool(battle and s in battle["confirmed"]),
        resigned=not g.active(s),
    )


def _slots(g: G) -> tuple[SlotView, ...]:
    """The political phase's slots, each mandate slot with the tile played there."""
    slots = []
    m = 0
    for i, kind in enumerate(data().political):
        if kind == "mandate":
            played = m < len(g.played)
            slots.append(
                SlotView(
                    i, kind, g.played[m] if played else None, g.played_by[m] if played else None
                )
            )
            m += 1
        else:
            slots.append(SlotView(i, kind, None, None))
    return tuple(slots)


def public_last(last: list[Any] | None, me: Seat | None) -> tuple[Seat, str] | None:
    """The last action ``[seat, notation]`` as ``me`` may know it: the actor sees its own
    notation whole; the others see a bid as ``bid`` (its amounts are secret until the
    reveal) and a mandate choice as ``mandate <announced>`` (Lotus's kept tile is secret).

    >>> last = [1, "mandate harvest keep train"]
    >>> public_last(last, None), public_last(last, 0), public_last(last, 1)
    ((1, 'mandate harvest'), (1, 'mandate harvest'), (1, 'mandate harvest keep train'))
    >>> public_last([2, "bid 2 0 1 0"], None), public_last([2, "bid 2 0 1 0"], 2)
    ((2, 'bid'), (2, 'bid 2 0 1 0'))
    >>> public_last([0, "summon bushi edo"], None)
    (0, 'summon bushi edo')
    """
    if not last:
        return None
    seat, text = int(last[0]), str(last[1])
    if seat == me:
        return seat, text
    words = text.split()
    if words[:1] == ["bid"]:
        return seat, "bid"
    if words[:1] == ["order"]:  # the deck's new top: the chooser's secret
        return seat, "order"
    if words[:1] == ["mandate"] and "keep" in words:
        return seat, " ".join(words[: words.index("keep")])
    return seat, text


def _forces(g: G, p: int, ids: list[int], war: bool) -> tuple[int, ...]:
    force = [0] * g.players
    for i in ids:
        force[g.figs[i][0]] += board.figure_force(g, i, war=war)
    for s in range(g.players):
        if g.has_clan(s, "turtle"):
            force[s] += g.holds[s].count(p)
    return tuple(force)


def _battle(g: G, me: Seat | None) -> BattleView | None:
    b = g.battle
    if b is None:
        return None
    bids = tuple(tuple(b["bids"][str(s)]) if b["revealed"] or s == me else None for s in b["parts"])
    return BattleView(
        province=data().provinces[b["prov"]].id,
        participants=tuple(b["parts"]),
        confirmed=tuple(b["confirmed"]),
        revealed=b["revealed"],
        bids=bids,
        advantages=tuple((box, b["adv"].get(box)) for box in BOXES if box in b["adv"]),
        hired=(b["hired"][0], b["hired"][1]) if b["hired"] else None,
        killed=b["killed"],
        winner=b["winner"],
    )


def private_info(g: G, seat: Seat) -> JSON:
    """The seat's secrets as JSON: ``clans`` free while it chooses its clan (no secret, but
    its form comes by DM), ``drawn`` mandates while choosing, ``deck_top`` (tiles
    it put back, still on top, in order), ``facedown`` (Lotus), ``bid`` (its unrevealed bid
    in the current battle) and ``bid_confirmed``. ``None`` when it has none."""
    if g.phase == "over" or not g.active(seat) or not 0 <= seat < g.players:
        return None
    info: dict[str, JSON] = {}
    if g.tasks and g.tasks[0]["t"] == "clan" and g.tasks[0]["seat"] == seat:
        info["clans"] = free_clans(g)  # its choice is due: the form comes by DM
    if g.drawn and g.chooser == seat:
        info["drawn"] = list(g.drawn)
    if g.deck_known[0] == seat and g.deck_known[1]:
        info["deck_top"] = g.deck[: g.deck_known[1]]
    mine = [t for s, t in g.facedown if s == seat]
    if mine:
        info["facedown"] = mine
    b = g.battle
    if b is not None and not b["revealed"] and seat in b["parts"]:
        info["bid"] = dict(zip(BOXES, b["bids"][str(seat)], strict=True))
        info["bid_confirmed"] = seat in b["confirmed"]
    return info or None
