"""China's static data: regions, house spaces, roads, dragons, alliances and the deck.

Everything is read at run time from ``data/china/china_map.json`` (a *designed* map that
stands in for the printed board, see the file's ``about``). The engine depends only on the
shape of that file, never on its particular regions or spaces, so the whole file can be
replaced when the printed board becomes available.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from games import files

DATA_DIR = files.DATA_DIR / "china"
MAP_FILE = DATA_DIR / "china_map.json"


@dataclass(frozen=True)
class Region:
    """One of the nine regions; ``colour`` is the card letter (``"R"`` for red)."""

    index: int
    id: str
    name: str
    colour: str
    spaces: tuple[int, ...]
    dragon: tuple[int, int]


@dataclass(frozen=True)
class Space:
    """A house space; ``cell`` is ``(column, row)`` on the canvas grid."""

    index: int
    id: str
    region: int
    cell: tuple[int, int]


@dataclass(frozen=True)
class Alliance:
    """A numbered alliance between two neighbouring regions (region indices)."""

    number: int
    regions: tuple[int, int]
    crossings: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Board:
    """One side of the board, with lookup tables built once."""

    side: str
    regions: tuple[Region, ...]
    spaces: tuple[Space, ...]
    roads: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    alliances: tuple[Alliance, ...]
    region_index: dict[str, int]
    space_index: dict[str, int]
    colour_regions: dict[str, tuple[int, ...]]
    region_lookup: dict[str, str]  # normalised id or name -> region id


@dataclass(frozen=True)
class ChinaData:
    """The deck, the supplies and the board sides of the data file."""

    colours: tuple[str, ...]  # card letters in data order, e.g. ("R", "G", "O", "Y", "P")
    colour_names: dict[str, str]  # letter -> "red"
    cards_per_colour: dict[str, int]
    removed_per_colour: dict[int, int]  # players -> cards of each colour left in the box
    sides_by_players: dict[int, tuple[str, ...]]
    hand_size: int
    face_up: int
    houses: int
    emissaries: int  # placeable ones (one more is the score marker)
    fortifications: int
    cell_px: int
    grid_rows: tuple[str, ...]
    grid_legend: dict[str, str]  # letter -> region id
    sides: dict[str, Board]


def normalise(text: str) -> str:
    """Lower case ASCII letters and digits only: ``"Ch'in"`` -> ``"chin"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.lower() if ch.isascii() and ch.isalnum())


def _colour_letters(names: list[str]) -> dict[str, str]:
    letters = {name: name[0].upper() for name in names}
    if len(set(letters.values())) != len(letters):
        raise ValueError("card colours must start with distinct letters")
    return letters


def _build_board(side: str, raw: dict[str, Any], regions_raw: list[dict[str, Any]]) -> Board:
    letters = _colour_letters([r["colour"] for r in regions_raw])
    region_index = {r["id"]: i for i, r in enumerate(regions_raw)}
    spaces = tuple(
        Space(i, s["id"], region_index[s["region"]], (int(s["cell"][0]), int(s["cell"][1])))
        for i, s in enumerate(raw["house_spaces"])
    )
    space_index = {s.id: s.index for s in spaces}
    regions = tuple(
        Region(
            index=i,
            id=r["id"],
            name=r["name"],
            colour=letters[r["colour"]],
            spaces=tuple(s.index for s in spaces if s.region == i),
            dragon=(int(raw["dragon_spaces"][r["id"]][0]), int(raw["dragon_spaces"][r["id"]][1])),
        )
        for i, r in enumerate(regions_raw)
    )
    roads = tuple((space_index[a], space_index[b]) for a, b in raw["roads"])
    adjacent: list[list[int]] = [[] for _ in spaces]
    for a, b in roads:
        adjacent[a].append(b)
        adjacent[b].append(a)
    alliances = _alliances(raw, region_index)
    colour_regions: dict[str, list[int]] = {}
    for region in regions:
        colour_regions.setdefault(region.colour, []).append(region.index)
    return Board(
        side=side,
        regions=regions,
        spaces=spaces,
        roads=roads,
        neighbours=tuple(tuple(sorted(n)) for n in adjacent),
        alliances=alliances,
        region_index=region_index,
        space_index=space_index,
        colour_regions={c: tuple(rs) for c, rs in colour_regions.items()},
        region_lookup={key: r.id for r in regions for key in (normalise(r.id), normalise(r.name))},
    )


def _alliances(raw: dict[str, Any], region_index: dict[str, int]) -> tuple[Alliance, ...]:
    """The side's alliances (pairs of regions and their road crossings) by number."""
    alliances = (
        Alliance(
            number=int(al["number"]),
            regions=(region_index[al["regions"][0]], region_index[al["regions"][1]]),
            crossings=tuple((c[0], c[1]) for c in al["road_crossings"]),
        )
        for al in raw["alliances"]
    )
    return tuple(sorted(alliances, key=lambda al: al.number))


def parse_data(raw: dict[str, Any]) -> ChinaData:
    """Build :class:`ChinaData` from the decoded JSON file."""
    cards = raw["cards"]
    letters = _colour_letters(list(cards["per_colour"]))
    pieces = raw["pieces_per_player"]
    return ChinaData(
        colours=tuple(letters[name] for name in cards["per_colour"]),
        colour_names={letter: name for name, letter in letters.items()},
        cards_per_colour={letters[n]: int(c) for n, c in cards["per_colour"].items()},
        removed_per_colour={
            int(p): int(n) for p, n in cards["removed_per_colour_by_players"].items()
        },
        sides_by_players={int(p): tuple(s) for p, s in raw["board_side_by_players"].items()},
        hand_size=int(cards["hand_size"]),
        face_up=int(cards["face_up_display"]),
        houses=int(pieces["houses"]),
        emissaries=int(pieces["emissaries_placeable"]),
        fortifications=int(pieces["fortifications_variant"]),
        cell_px=int(raw["canvas"]["cell_px"]),
        grid_rows=tuple(raw["region_grid"]["rows"]),
        grid_legend=dict(raw["region_grid"]["legend"]),
        sides={
            side: _build_board(side, body, raw["regions"]) for side, body in raw["sides"].items()
        },
    )


@cache
def load_data() -> ChinaData:
    """The game data, read once from ``data/china/china_map.json``."""
    with MAP_FILE.open(encoding="utf-8") as handle:
        return parse_data(json.load(handle))


def board(side: str) -> Board:
    """The board of ``side`` (``"A"`` or ``"B"`` in the shipped data)."""
    return load_data().sides[side]
