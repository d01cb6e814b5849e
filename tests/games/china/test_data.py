"""Schema and invariants of data/china/china_map.json (reference §10.5)."""

from __future__ import annotations

import json
from itertools import combinations, pairwise
from typing import Any

import jsonschema
import pytest

from games.china.board import MAP_FILE, load_data, parse_data

RAW: dict[str, Any] = json.loads(MAP_FILE.read_text(encoding="utf-8"))
SIDES = sorted(RAW["sides"])

_PAIR = {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}
_CELL = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}
_SIDE = {
    "type": "object",
    "required": [
        "players",
        "house_spaces_total",
        "house_spaces_per_region",
        "house_spaces",
        "roads",
        "dragon_spaces",
        "alliances",
    ],
    "properties": {
        "players": {"type": "array", "items": {"type": "integer", "minimum": 3, "maximum": 5}},
        "house_spaces_total": {"type": "integer", "minimum": 1},
        "house_spaces_per_region": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "house_spaces": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "region", "cell"],
                "properties": {
                    "id": {"type": "string", "pattern": "^[A-Z]+[0-9]+$"},
                    "region": {"type": "string"},
                    "cell": _CELL,
                },
            },
        },
        "roads": {"type": "array", "items": _PAIR},
        "dragon_spaces": {"type": "object", "additionalProperties": _CELL},
        "alliances": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "regions", "road_crossings"],
                "properties": {
                    "number": {"type": "integer", "minimum": 1, "maximum": 15},
                    "regions": _PAIR,
                    "road_crossings": {"type": "array", "items": _PAIR, "minItems": 1},
                },
            },
        },
    },
}
SCHEMA = {
    "type": "object",
    "required": [
        "about",
        "canvas",
        "region_grid",
        "regions",
        "colour_pairs",
        "board_side_by_players",
        "sides",
        "cards",
        "pieces_per_player",
    ],
    "properties": {
        "about": {"type": "string", "minLength": 20},
        "canvas": {
            "type": "object",
            "required": ["columns", "rows", "cell_px"],
            "properties": {
                "columns": {"type": "integer"},
                "rows": {"type": "integer"},
                "cell_px": {"type": "integer"},
            },
        },
        "region_grid": {
            "type": "object",
            "required": ["rows", "legend"],
            "properties": {
                "rows": {"type": "array", "items": {"type": "string"}},
                "legend": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "regions": {
            "type": "array",
            "minItems": 9,
            "maxItems": 9,
            "items": {
                "type": "object",
                "required": ["id", "name", "colour", "grid_letter"],
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+$"},
                    "name": {"type": "string"},
                    "colour": {"enum": ["red", "green", "orange", "yellow", "purple"]},
                    "grid_letter": {"type": "string", "minLength": 1, "maxLength": 1},
                },
            },
        },
        "board_side_by_players": {
            "type": "object",
            "required": ["3", "4", "5"],
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "sides": {"type": "object", "additionalProperties": _SIDE},
        "cards": {
            "type": "object",
            "required": [
                "total",
                "per_colour",
                "removed_per_colour_by_players",
                "deck_size_by_players",
                "hand_size",
                "face_up_display",
            ],
            "properties": {
                "total": {"type": "integer"},
                "per_colour": {"type": "object", "additionalProperties": {"type": "integer"}},
                "hand_size": {"const": 3},
                "face_up_display": {"const": 4},
            },
        },
        "pieces_per_player": {
            "type": "object",
            "required": ["houses", "emissaries", "emissaries_placeable", "fortifications_variant"],
            "properties": {
                "houses": {"const": 20},
                "emissaries": {"const": 9},
                "emissaries_placeable": {"const": 8},
                "fortifications_variant": {"const": 1},
            },
        },
    },
}


def _region_at(cell: list[int] | tuple[int, int]) -> str:
    letter = RAW["region_grid"]["rows"][cell[1]][cell[0]]
    return str(RAW["region_grid"]["legend"][letter])


def _neighbouring_pairs() -> set[frozenset[str]]:
    rows = RAW["region_grid"]["rows"]
    pairs = set()
    for r, row in enumerate(rows):
        for c in range(len(row)):
            here = _region_at((c, r))
            for dc, dr in ((1, 0), (0, 1)):
                if c + dc < len(row) and r + dr < len(rows):
                    there = _region_at((c + dc, r + dr))
                    if there != here:
                        pairs.add(frozenset((here, there)))
    return pairs


def _spaces(side: str) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in RAW["sides"][side]["house_spaces"]}


def _centre(space: dict[str, Any]) -> tuple[float, float]:
    return (space["cell"][0] + 0.5, space["cell"][1] + 0.5)


def test_file_matches_the_schema() -> None:
    jsonschema.validate(RAW, SCHEMA)
    assert RAW["design"] == "design, not the printed board"


def test_the_loader_reads_the_file() -> None:
    data = parse_data(RAW)
    assert data == load_data()
    assert data.colours == ("R", "G", "O", "Y", "P")
    assert set(data.sides) == set(SIDES)


def test_grid_is_rectangular_and_uses_every_region() -> None:
    rows = RAW["region_grid"]["rows"]
    assert len(rows) == RAW["canvas"]["rows"]
    assert all(len(row) == RAW["canvas"]["columns"] for row in rows)
    letters = {r["grid_letter"]: r["id"] for r in RAW["regions"]}
    assert letters == RAW["region_grid"]["legend"]
    assert {ch for row in rows for ch in row} == set(letters)


def test_card_counts_add_up() -> None:
    cards = RAW["cards"]
    assert sum(cards["per_colour"].values()) == cards["total"] == 57
    for players, removed in cards["removed_per_colour_by_players"].items():
        expected = cards["total"] - removed * len(cards["per_colour"])
        assert cards["deck_size_by_players"][players] == expected
    colours = {r["colour"] for r in RAW["regions"]}
    assert colours == set(cards["per_colour"])


def test_colour_pairs_never_touch_and_purple_is_unique_and_largest() -> None:
    pairs = _neighbouring_pairs()
    by_id = {r["id"]: r for r in RAW["regions"]}
    for colour, members in RAW["colour_pairs"].items():
        assert all(by_id[m]["colour"] == colour for m in members)
        for a, b in combinations(members, 2):
            assert frozenset((a, b)) not in pairs
    assert RAW["colour_pairs"]["purple"] == ["chu"]
    for side in SIDES:
        per_region = RAW["sides"][side]["house_spaces_per_region"]
        assert max(per_region, key=per_region.get) == "chu"


@pytest.mark.parametrize("side", SIDES)
def test_alliances_are_exactly_the_neighbouring_pairs(side: str) -> None:
    alliances = RAW["sides"][side]["alliances"]
    assert sorted(a["number"] for a in alliances) == list(range(1, 16))
    found = {frozenset(a["regions"]) for a in alliances}
    assert len(found) == 15
    assert found == _neighbouring_pairs()
    numbered = {a["number"]: frozenset(a["regions"]) for a in alliances}
    assert numbered[3] == {"wei", "qin"}
    assert numbered[4] == {"qin", "shu"}


@pytest.mark.parametrize("side", SIDES)
def test_house_spaces_lie_in_their_regions_and_counts_match(side: str) -> None:
    body = RAW["sides"][side]
    spaces = body["house_spaces"]
    assert len(spaces) == body["house_spaces_total"] == len(_spaces(side))
    for space in spaces:
        assert _region_at(space["cell"]) == space["region"], space["id"]
    for region, count in body["house_spaces_per_region"].items():
        assert sum(1 for s in spaces if s["region"] == region) == count
    cells = [tuple(s["cell"]) for s in spaces]
    assert len(set(cells)) == len(cells)


@pytest.mark.parametrize("side", SIDES)
def test_dragons_lie_in_their_region_off_the_house_spaces(side: str) -> None:
    body = RAW["sides"][side]
    cells = {tuple(s["cell"]) for s in body["house_spaces"]}
    assert set(body["dragon_spaces"]) == {r["id"] for r in RAW["regions"]}
    for region, cell in body["dragon_spaces"].items():
        assert _region_at(cell) == region
        assert tuple(cell) not in cells


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(p1: Any, p2: Any, q1: Any, q2: Any) -> bool:
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


@pytest.mark.parametrize("side", SIDES)
def test_roads_join_spaces_connect_the_board_and_never_cross(side: str) -> None:
    spaces = _spaces(side)
    roads = RAW["sides"][side]["roads"]
    degree = dict.fromkeys(spaces, 0)
    links: dict[str, set[str]] = {s: set() for s in spaces}
    pairs = _neighbouring_pairs()
    for a, b in roads:
        assert a in spaces and b in spaces and a != b
        degree[a] += 1
        degree[b] += 1
        links[a].add(b)
        links[b].add(a)
        ra, rb = spaces[a]["region"], spaces[b]["region"]
        assert ra == rb or frozenset((ra, rb)) in pairs, (a, b)
    assert max(degree.values()) <= 4
    seen, stack = {next(iter(spaces))}, [next(iter(spaces))]
    while stack:
        for nxt in links[stack.pop()] - seen:
            seen.add(nxt)
            stack.append(nxt)
    assert seen == set(spaces)
    for (a, b), (c, d) in combinations(roads, 2):
        ends = [_centre(spaces[x]) for x in (a, b, c, d)]
        assert not _segments_cross(*ends), ((a, b), (c, d))


@pytest.mark.parametrize("side", SIDES)
def test_roads_stay_in_their_regions_and_pass_through_no_space(side: str) -> None:
    spaces = _spaces(side)
    for a, b in RAW["sides"][side]["roads"]:
        (x1, y1), (x2, y2) = _centre(spaces[a]), _centre(spaces[b])
        allowed = {spaces[a]["region"], spaces[b]["region"]}
        for step in range(1, 200):
            t = step / 200
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            cells = {(int(x + dx), int(y + dy)) for dx in (-1e-6, 1e-6) for dy in (-1e-6, 1e-6)}
            assert any(_region_at(cell) in allowed for cell in cells), (a, b, t)
        for other_id, other in spaces.items():
            if other_id in (a, b):
                continue
            ox, oy = _centre(other)
            on_line = abs(_cross((x1, y1), (x2, y2), (ox, oy))) < 1e-9
            between = min(x1, x2) <= ox <= max(x1, x2) and min(y1, y2) <= oy <= max(y1, y2)
            assert not (on_line and between), (a, b, other_id)


@pytest.mark.parametrize("side", SIDES)
def test_every_alliance_crossing_is_a_road_between_its_regions(side: str) -> None:
    spaces = _spaces(side)
    roads = {frozenset(r) for r in RAW["sides"][side]["roads"]}
    for alliance in RAW["sides"][side]["alliances"]:
        for a, b in alliance["road_crossings"]:
            assert frozenset((a, b)) in roads
            assert {spaces[a]["region"], spaces[b]["region"]} == set(alliance["regions"])


def test_side_a_is_side_b_without_the_removed_spaces() -> None:
    derivation = RAW["side_A_derivation"]
    removed = set(derivation["removed_from_B"])
    assert set(_spaces("B")) - set(_spaces("A")) == removed
    assert set(_spaces("A")) <= set(_spaces("B"))
    roads_b = {frozenset(r) for r in RAW["sides"]["B"]["roads"] if not removed & set(r)}
    added = {frozenset(r) for r in derivation["added_roads"]}
    assert {frozenset(r) for r in RAW["sides"]["A"]["roads"]} == roads_b | added


def test_side_b_has_the_rulebook_counts_and_a_branching_row() -> None:
    # Example 4: Wei's 7 houses fill it; example 3: 4 houses in Qi leave room for 2 more.
    per_region = RAW["sides"]["B"]["house_spaces_per_region"]
    assert per_region["wei"] == 7 and per_region["qi"] >= 6
    # Example 7: a row of 5 through Ch'in and Shu, and a branch in Ch'in's lower left.
    roads = {frozenset(r) for r in RAW["sides"]["B"]["roads"]}
    row = ["QIN2", "QIN4", "QIN6", "SHU3", "SHU1"]
    assert all(frozenset(pair) in roads for pair in pairwise(row))
    assert frozenset(("QIN4", "QIN5")) in roads
    assert {r for r in roads if "QIN1" in r} == {frozenset(("QIN1", "QIN6"))}
    qin = [s["cell"] for s in RAW["sides"]["B"]["house_spaces"] if s["region"] == "qin"]
    corner = _spaces("B")["QIN1"]["cell"]
    assert corner[1] == max(c[1] for c in qin) - 1 and corner[0] == min(c[0] for c in qin)


def test_board_sides_by_player_count() -> None:
    sides = RAW["board_side_by_players"]
    assert sides == {"3": ["A"], "4": ["A", "B"], "5": ["B"]}
    for side, body in RAW["sides"].items():
        assert {str(p) for p in body["players"]} == {p for p, s in sides.items() if side in s}
