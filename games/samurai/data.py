"""Samurai's static data: the map and the tile set, read from ``data/samurai/``.

Hex labels are a column letter and a row number on the whole printed map: column ``A``..``T``
is ``x`` 0..19 (Kyushu left, Hokkaido right), row ``1``..``24`` is ``y`` -16..7 counted from
the top (Hokkaido). Edo is ``O14``. Labels do not depend on the player count, so a hex keeps
its label on every board it belongs to.

Tile codes are a letter and a value: ``H`` helmet, ``B`` Buddha, ``R`` rice field, ``S``
samurai, ``N`` ronin, ``W`` ship (water), then ``FS`` figure swap and ``TS`` tile swap.
Boards print them in the reader's language (``samurai.code.*`` in the catalogues: Spanish
``Y2`` yelmo, ``A2`` arroz, ``R1`` ronin, ``M1`` barco, ``IL``/``IF``) and the notation
reads every language's (:func:`games.words.spoken`).
Figure types are ``H``, ``B`` and ``R`` (helmet, Buddha, rice field), in that order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from games import files

DATA_DIR = files.DATA_DIR / "samurai"

FIGURES = "HBR"
FIGURE_KINDS = ("helmet", "buddha", "rice")
FIGURE_NAMES = {"H": "helmet", "B": "Buddha", "R": "rice field"}
KIND_LETTER = {
    "helmet": "H",
    "buddha": "B",
    "rice": "R",
    "samurai": "S",
    "ronin": "N",
    "ship": "W",
    "figure_swap": "FS",
    "tile_swap": "TS",
}
KIND_NAME = {
    "helmet": "Helmet",
    "buddha": "Buddha",
    "rice": "Rice",
    "samurai": "Samurai",
    "ronin": "Ronin",
    "ship": "Ship",
    "figure_swap": "Figure swap",
    "tile_swap": "Tile swap",
}
HAND_SIZE = 5


@dataclass(frozen=True)
class TileSpec:
    """One kind of tile (copies of equal kind and value share a code)."""

    code: str
    kind: str
    value: int  # 0 for the tile swap and the figure swap
    influences: tuple[bool, bool, bool]  # per figure type H, B, R
    fast: bool
    placement: str  # "land", "sea" or "none"
    replaceable: bool  # the tile swap may take this tile's place
    count: int  # copies in one player's set

    @property
    def name(self) -> str:
        """Menu text: ``"Buddha 3"``, ``"Ronin"``, ``"Figure swap"``."""
        base = KIND_NAME[self.kind]
        if self.kind in ("ronin", "figure_swap", "tile_swap"):
            return base
        return f"{base} {self.value}"


@dataclass(frozen=True)
class Hex:
    """One hex of a board."""

    index: int
    x: int
    y: int
    label: str
    terrain: str  # sea | land | village | city | capital
    capacity: int
    name: str | None  # Edo, and the guessed city names
    island: str | None

    @property
    def is_settlement(self) -> bool:
        return self.capacity > 0

    @property
    def title(self) -> str:
        """``"Edo"``, ``"Kyoto (L16)"``, ``"village F7"``."""
        if self.name and self.terrain == "capital":
            return self.name
        if self.name:
            return f"{self.name} ({self.label})"
        return f"{self.terrain} {self.label}"


@dataclass(frozen=True)
class Board:
    """The map for one player count, with precomputed neighbourhoods (indices by label)."""

    players: int
    figures_per_type: int
    hexes: tuple[Hex, ...]
    by_label: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    land_ring: tuple[tuple[int, ...], ...]  # plain land neighbours (what must fill up)
    near: tuple[tuple[int, ...], ...]  # settlements next to each hex
    settlements: tuple[int, ...]
    cities: tuple[int, ...]
    villages: tuple[int, ...]
    capital: int
    sea: tuple[int, ...]
    plain: tuple[int, ...]


def _read(name: str) -> Any:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


@cache
def map_data() -> Any:
    """The raw map JSON."""
    return _read("samurai_map.json")


@cache
def tile_data() -> Any:
    """The raw tile JSON."""
    return _read("samurai_tiles.json")


def tile_code(kind: str, value: int | None) -> str:
    """The code of a tile: ``tile_code("buddha", 3) == "B3"``."""
    letter = KIND_LETTER[kind]
    return letter if kind in ("figure_swap", "tile_swap") else f"{letter}{value}"


@cache
def tile_specs() -> dict[str, TileSpec]:
    """Tile kinds by code, in the data file's order (the canonical tile order)."""
    specs: dict[str, TileSpec] = {}
    for raw in tile_data()["tiles"]:
        code = tile_code(raw["kind"], raw["value"])
        if code in specs:
            specs[code] = replace(specs[code], count=specs[code].count + 1)
            continue
        specs[code] = TileSpec(
            code=code,
            kind=raw["kind"],
            value=int(raw["value"] or 0),
            influences=(
                "helmet" in raw["influences"],
                "buddha" in raw["influences"],
                "rice" in raw["influences"],
            ),
            fast=bool(raw["fast"]),
            placement=raw["placement"],
            replaceable=bool(raw["tile_swap_can_replace"]),
            count=1,
        )
    return specs


TILES = tile_specs()
TILE_ORDER = {code: i for i, code in enumerate(TILES)}
PLAYER_TILES: tuple[str, ...] = tuple(
    code for code, spec in TILES.items() for _ in range(spec.count)
)


def sort_tiles(codes: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Tile codes in canonical order (the data file's order)."""
    return tuple(sorted(codes, key=TILE_ORDER.__getitem__))


@cache
def _min_y() -> int:
    return min(int(h["y"]) for h in map_data()["hexes"])


def hex_label(x: int, y: int) -> str:
    """The printed label of the hex at ``(x, y)``: ``hex_label(14, -3) == "O14"``."""
    return f"{chr(ord('A') + x)}{y - _min_y() + 1}"


def _neighbour_coords(x: int, y: int) -> list[tuple[int, int]]:
    rule = map_data()["coordinate_system"]["neighbours"]
    offsets = rule["all"] + (rule["x_even"] if x % 2 == 0 else rule["x_odd"])
    return [(x + dx, y + dy) for dx, dy in offsets]


@cache
def board_for(players: int) -> Board:
    """The board used by ``players`` players (2, 3 or 4)."""
    hexes = _hexes(players)
    at = {(h.x, h.y): h.index for h in hexes}
    neighbours = tuple(
        tuple(sorted(at[c] for c in _neighbour_coords(h.x, h.y) if c in at)) for h in hexes
    )
    settlements = tuple(h.index for h in hexes if h.is_settlement)
    land_ring = tuple(
        tuple(n for n in neighbours[h.index] if hexes[n].terrain == "land") for h in hexes
    )
    near = tuple(tuple(n for n in neighbours[h.index] if hexes[n].is_settlement) for h in hexes)
    return Board(
        players=players,
        figures_per_type=int(map_data()["player_counts"][str(players)]["figures_per_type"]),
        hexes=hexes,
        by_label={h.label: h.index for h in hexes},
        neighbours=neighbours,
        land_ring=land_ring,
        near=near,
        settlements=settlements,
        cities=tuple(i for i in settlements if hexes[i].terrain == "city"),
        villages=tuple(i for i in settlements if hexes[i].terrain == "village"),
        capital=next(i for i in settlements if hexes[i].terrain == "capital"),
        sea=tuple(h.index for h in hexes if h.terrain == "sea"),
        plain=tuple(h.index for h in hexes if h.terrain == "land"),
    )


def _hexes(players: int) -> tuple[Hex, ...]:
    """The map's hexes for ``players`` players, by column then row."""
    raw = [h for h in map_data()["hexes"] if players in h["players"]]
    raw.sort(key=lambda h: (h["x"], h["y"]))
    return tuple(
        Hex(
            index=i,
            x=h["x"],
            y=h["y"],
            label=hex_label(h["x"], h["y"]),
            terrain=h["terrain"],
            capacity=h["capacity"],
            name=h.get("name") or h.get("name_guess"),
            island=h.get("island"),
        )
        for i, h in enumerate(raw)
    )


@cache
def all_labels() -> frozenset[str]:
    """Every label on the full (4-player) map."""
    return frozenset(hex_label(h["x"], h["y"]) for h in map_data()["hexes"])
