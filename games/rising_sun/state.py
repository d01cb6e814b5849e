"""Rising Sun state and actions.

The game state is one canonical JSON document (:class:`RisingSunState` holds its text, so
equality, hashing and the JSON round trip are exact). The rules work on :class:`G`, a plain
mutable mirror of that document whose every field is JSON data; ``apply`` thaws a fresh
``G``, changes it and freezes it again, so it never mutates its input.

Figures are rows ``[owner, kind, loc]`` in ``G.figs``: ``kind`` is ``daimyo``, ``shinto``,
``bushi`` or a monster card id; ``loc`` is a province index (0-7), ``SHRINE + k`` for the
k-th shrine (left to right), ``RESERVE``, or ``HOSTAGE + captor``. Strongholds on the map are
``G.holds[seat]`` (province indices); the rest are in the clan's supply.

The flow is a queue of tasks (``G.tasks``): automatic tasks run at once, the first task that
needs a decision stops the queue and names who acts (see :mod:`games.rising_sun.flow`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

FORMAT = 1
EDITION = 2  # the rules edition new games get (see ``G.edition``)
RESERVE = -1
SHRINE = 10
HOSTAGE = 20


@dataclass
class G:
    """The mutable working copy of a game (every field JSON data)."""

    players: int
    options: dict[str, Any]
    clans: list[int]  # clan index (data order) per seat; -1 while still to be chosen
    season: int  # 0 spring, 1 summer, 2 autumn, 3 winter
    phase: str  # tea, political, war, over
    honor: list[int]  # seats, top of the Honor track first
    vp: list[int]
    coins: list[int]
    ronin: list[int]
    ally: list[int | None]
    figs: list[list[Any]]
    holds: list[list[int]]
    owned: list[list[str]]
    offer: list[str]
    shrines: list[str]
    deck: list[str]  # mandate tiles, top first
    played: list[str]  # mandates announced this season, slot order
    played_by: list[int]
    facedown: list[list[Any]]  # [seat, tile] kept face down by Lotus
    drawn: list[str]  # the chooser's four tiles while choosing
    deck_known: list[int]  # [seat, n]: seat knows the top n tiles of the deck
    chooser: int  # who holds the mandate deck
    slot: int  # political slot being played (0-9)
    war_piles: list[list[int]]  # per season, War Province tokens, next drawn first
    war: list[int]  # this season's war provinces in battle order
    war_results: list[Any]  # per war province so far: winning seat or None
    tokens: list[list[list[int]]]  # per seat: [season, province]
    tasks: list[dict[str, Any]]
    battle: dict[str, Any] | None
    tea: dict[str, Any]
    rng: int
    last: list[Any] | None  # [seat, notation] of the last action
    resigned: list[int]
    gifted: list[bool]
    stats: dict[str, Any] = field(default_factory=dict)
    # per seat: the seasons (0-2) in which it formed an alliance (Form of the Kindred);
    # empty in a game saved before it was kept
    allied_in: list[list[int]] = field(default_factory=list)
    # the rules edition the game started with (see the package docstring); a document
    # without it is edition 1, and edition 1 writes none, so an old game's states stay byte
    # for byte what the engine of its time stored
    edition: int = 1

    def to_text(self) -> str:
        doc = {k: v for k, v in self.__dict__.items() if k != "edition" or v != 1}
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @property
    def fixed_rules(self) -> bool:
        """Whether the game plays the rules fixed by issue 24 (edition 2): the true mandate
        deck at cleanup, and a choice to use Hire Ronin, Imperial Poets, the Serpent's charge."""
        return self.edition >= 2

    def clan_id(self, seat: int) -> str:
        """The seat's clan id (``""`` while it has not chosen one)."""
        return _clan_ids()[self.clans[seat]] if self.clans[seat] >= 0 else ""

    def has_clan(self, seat: int, cid: str) -> bool:
        return self.clan_id(seat) == cid

    def rank(self, seat: int) -> int:
        """Position on the Honor track (0 = top)."""
        return self.honor.index(seat)

    def higher(self, a: int, b: int) -> bool:
        return self.honor.index(a) < self.honor.index(b)

    def active(self, seat: int) -> bool:
        return seat not in self.resigned

    def allied(self, a: int, b: int) -> bool:
        return a != b and self.ally[a] == b

    def count(self, seat: int, card: str) -> int:
        return self.owned[seat].count(card)


def push(g: G, *tasks: dict[str, Any]) -> None:
    """Put tasks at the front of ``g``'s queue, in the given order."""
    g.tasks[0:0] = list(tasks)


@cache
def _clan_ids() -> tuple[str, ...]:
    from games.rising_sun.data import data

    return tuple(c.id for c in data().clans)


@dataclass(frozen=True)
class RisingSunState:
    """A game: the canonical JSON text of a :class:`G` (exact equality and round trip)."""

    doc: str

    @property
    def players(self) -> int:
        return int(thaw_cached(self).players)


_CACHE: dict[str, G] = {}


def thaw(state: RisingSunState) -> G:
    """A fresh mutable copy of ``state``."""
    return G(**json.loads(state.doc))


def thaw_cached(state: RisingSunState) -> G:
    """A shared read-only copy (never mutate it)."""
    g = _CACHE.get(state.doc)
    if g is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        g = _CACHE[state.doc] = thaw(state)
    return g


def freeze(g: G) -> RisingSunState:
    return RisingSunState(g.to_text())


def dump_state(state: RisingSunState) -> dict[str, Any]:
    return {"format": FORMAT, "game": json.loads(state.doc)}


def load_state(data: Any) -> RisingSunState:
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown Rising Sun state format {data.get('format')!r}")
    return freeze(G(**data["game"]))


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clan:
    """Choose the clan ``clan`` (a clan id) at the start of the game."""

    clan: str


@dataclass(frozen=True, slots=True)
class Propose:
    """Tea Ceremony: offer an alliance to ``to``."""

    to: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Tea Ceremony: make no (more) proposals this round."""


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the alliance offered to you."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse the alliance offered to you."""


@dataclass(frozen=True, slots=True)
class Gift:
    """Give ``n`` coins (``what="coin"``) or Ronin (``"ronin"``) to ``to`` (outside War)."""

    to: int
    what: str
    n: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Mandate Turn: announce ``mandate``; Lotus also names the tile it keeps face down."""

    mandate: str
    keep: str | None = None


@dataclass(frozen=True, slots=True)
class Order:
    """Optional rule: the tiles put back on the mandate deck, top first."""

    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Summon:
    """Summon a ``kind`` from the reserve to ``dest`` (a province id or ``shrine:<kami>``)."""

    kind: str
    dest: str


@dataclass(frozen=True, slots=True)
class Move:
    """Move one ``kind`` (or a Turtle ``stronghold``) from province ``src`` to ``dst``."""

    kind: str
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class Build:
    """Marshal bonus: build a Stronghold in ``province``; ``gift`` is Benevolence's receiver."""

    province: str
    gift: int | None = None


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the face-up Season card ``card``; ``gift`` is Benevolence's receiver."""

    card: str
    gift: int | None = None


@dataclass(frozen=True, slots=True)
class Betray:
    """Replace ``victim``'s ``kind`` in ``province`` by your own ``mine``."""

    victim: int
    kind: str
    province: str
    mine: str


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the current step (summons, moves, buying, betrayals)."""


@dataclass(frozen=True, slots=True)
class Kill:
    """Path of the Ninja: kill ``victim``'s ``kind`` (a Bushi) in ``province``."""

    victim: int
    kind: str
    province: str


@dataclass(frozen=True, slots=True)
class Spare:
    """Mercy: spare the figures you would kill (and gain its VP)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Path of the Monkey: take a coin from the richest opponent (each, if tied)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """War: coins on Seppuku, Take Hostage, Hire Ronin and Imperial Poets (the rest is
    held back)."""

    seppuku: int
    hostage: int
    ronin: int
    poets: int

    @property
    def total(self) -> int:
        return self.seppuku + self.hostage + self.ronin + self.poets

    def as_list(self) -> list[int]:
        return [self.seppuku, self.hostage, self.ronin, self.poets]


@dataclass(frozen=True, slots=True)
class Confirm:
    """War: the bid is final."""


@dataclass(frozen=True, slots=True)
class Seppuku:
    """Use the won Seppuku: kill all your figures in the province."""


@dataclass(frozen=True, slots=True)
class Hostage:
    """Use the won Take Hostage on ``victim``'s ``kind``."""

    victim: int
    kind: str


@dataclass(frozen=True, slots=True)
class Use:
    """Use what you may use: the Hire Ronin or Imperial Poets you won, Path of the Serpent's
    charge."""


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not use the war advantage you won."""


@dataclass(frozen=True, slots=True)
class Extra:
    """War reparations: the coin that does not divide evenly goes to ``to``."""

    to: int


RSAction = (
    Clan | Order | Propose | Pass | Accept | Refuse | Gift | Choose | Summon | Move | Build | Buy
    | Betray | Done | Bid | Confirm | Seppuku | Hostage | Decline | Extra | Kill | Spare | Take
    | Use
)  # fmt: skip
ACTION_TYPES = (
    Clan, Order, Propose, Pass, Accept, Refuse, Gift, Choose, Summon, Move, Build, Buy, Betray,
    Done, Bid, Confirm, Seppuku, Hostage, Decline, Extra, Kill, Spare, Take, Use,
)  # fmt: skip
