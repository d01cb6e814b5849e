"""Schema and invariants of data/samurai/ (reference §2-§4, §11)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from games.samurai.data import DATA_DIR, PLAYER_TILES, TILES, board_for

ROOT = Path(__file__).resolve().parents[3]
HEX_SCHEMA = {
    "type": "object",
    "required": ["x", "y", "terrain", "capacity", "section", "players"],
    "additionalProperties": False,
    "properties": {
        "x": {"type": "integer", "minimum": 0, "maximum": 19},
        "y": {"type": "integer", "minimum": -16, "maximum": 7},
        "terrain": {"enum": ["sea", "land", "village", "city", "capital"]},
        "capacity": {"type": "integer", "minimum": 0, "maximum": 3},
        "section": {
            "enum": ["honshu", "south", "hokkaido", "seam_honshu_south", "seam_honshu_hokkaido"]
        },
        "island": {"enum": ["honshu", "kyushu", "shikoku", "hokkaido"]},
        "players": {
            "type": "array",
            "items": {"enum": [2, 3, 4]},
            "minItems": 1,
            "uniqueItems": True,
        },
        "name": {"type": "string"},
        "name_guess": {"type": "string"},
    },
}
TILE_SCHEMA = {
    "type": "object",
    "required": ["id", "kind", "value", "influences", "fast", "placement", "tile_swap_can_replace"],
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z_0-9]+$"},
        "kind": {
            "enum": [
                "helmet", "buddha", "rice", "samurai", "ronin", "ship", "figure_swap", "tile_swap"
            ]
        },
        "value": {"type": ["integer", "null"], "minimum": 0, "maximum": 4},
        "influences": {"type": "array", "items": {"enum": ["helmet", "buddha", "rice"]}},
        "fast": {"type": "boolean"},
        "placement": {"enum": ["land", "sea", "none"]},
        "tile_swap_can_replace": {"type": "boolean"},
        "note": {"type": "string"},
    },
}  # fmt: skip
CAPACITY = {2: 21, 3: 30, 4: 39}
COUNTS = {  # hexes, plain land, sea, sea next to a settlement, settlements (§11.3)
    2: (91, 30, 44, 39, 17),
    3: (133, 43, 64, 60, 26),
    4: (174, 56, 84, 78, 34),
}


def _load(name: str) -> dict[str, object]:
    data = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data["about"], str)
    return data


def test_data_lives_in_the_repository() -> None:
    assert DATA_DIR == ROOT / "data" / "samurai"
    assert {p.name for p in DATA_DIR.glob("*.json")} == {"samurai_map.json", "samurai_tiles.json"}


def test_every_hex_has_the_documented_fields_and_types() -> None:
    data = _load("samurai_map.json")
    hexes = data["hexes"]
    assert isinstance(hexes, list) and len(hexes) == 174
    for h in hexes:
        jsonschema.validate(h, HEX_SCHEMA)
        assert (h["capacity"] > 0) == (h["terrain"] in ("village", "city", "capital"))
        assert h["capacity"] == {"village": 1, "city": 2, "capital": 3}.get(h["terrain"], 0)
        assert ("island" in h) == (h["terrain"] != "sea")
    assert len({(h["x"], h["y"]) for h in hexes}) == 174
    assert [h.get("name") for h in hexes if h["terrain"] == "capital"] == ["Edo"]


def test_player_counts_give_capacities_21_30_39() -> None:
    counts = _load("samurai_map.json")["player_counts"]
    assert isinstance(counts, dict)
    for players, capacity in CAPACITY.items():
        board = board_for(players)
        entry = counts[str(players)]
        assert entry["settlement_capacity"] == capacity == 3 * entry["figures_per_type"]
        assert sum(h.capacity for h in board.hexes) == capacity
        assert board.figures_per_type == {2: 7, 3: 10, 4: 13}[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_counts_match_the_reference(players: int) -> None:
    board = board_for(players)
    sea_near = sum(1 for h in board.sea if board.near[h])
    got = (len(board.hexes), len(board.plain), len(board.sea), sea_near, len(board.settlements))
    assert got == COUNTS[players]
    assert len(board.cities) == (3 if players == 4 else 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_adjacency_is_symmetric_and_settlements_are_well_formed(players: int) -> None:
    board = board_for(players)
    for h, around in enumerate(board.neighbours):
        assert h not in around and len(around) <= 6
        assert all(h in board.neighbours[n] for n in around)
    for s in board.settlements:
        assert len(board.neighbours[s]) == 6  # all six neighbours in play
        assert not any(board.hexes[n].is_settlement for n in board.neighbours[s])
        assert board.land_ring[s], "a settlement with no land around could never close"
    for v in board.villages:
        assert any(board.hexes[n].terrain == "sea" for n in board.neighbours[v]), "coastal"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reference_invariants_of_section_11_4(players: int) -> None:
    board = board_for(players)
    assert all(len(board.near[h]) >= 2 for h in board.plain)  # every plain hex matters twice
    edo = board.capital
    assert len(board.land_ring[edo]) == 6  # Edo is inland
    if players == 4:
        sapporo = board.by_label["P5"]
        assert board.hexes[sapporo].terrain == "city" and len(board.land_ring[sapporo]) == 6
    # 9 caste + 5 samurai + ronin + the tile swap (which takes a hex and frees none)
    land_per_player = sum(1 for c in PLAYER_TILES if TILES[c].placement == "land")
    assert land_per_player == 16
    assert players * land_per_player >= len(board.plain)
    for h in board.hexes:  # a full ring of sea: every land hex has all its neighbours
        if h.terrain != "sea":
            assert len(board.neighbours[h.index]) == 6, h.label


def test_tiles_have_the_documented_fields_and_totals() -> None:
    data = _load("samurai_tiles.json")
    tiles = data["tiles"]
    assert isinstance(tiles, list) and len(tiles) == data["tiles_per_player"] == 20
    for tile in tiles:
        jsonschema.validate(tile, TILE_SCHEMA)
        assert tile["tile_swap_can_replace"] == (
            tile["kind"] in ("helmet", "buddha", "rice", "samurai")
        )
        assert (tile["placement"] == "sea") == (tile["kind"] == "ship")
    assert sum(t["fast"] for t in tiles) == data["fast_tiles_per_player"] == 5
    assert sum(t["value"] or 0 for t in tiles) == data["printed_influence_total"] == 41
    assert len({t["id"] for t in tiles}) == 20
    assert len(PLAYER_TILES) == 20 and list(TILES)[:3] == ["H2", "H3", "H4"]
    assert {c: TILES[c].count for c in TILES if TILES[c].count > 1} == {"S1": 2, "S2": 2, "W1": 2}
