"""Shitenno's static data, read from ``data/shitenno/shitenno.json`` (reference §2-§9).

Codes used in state and notation:

* troop types ``S`` Samurai, ``N`` Shinobi (ninja), ``M`` Sōhei (monk), ``B`` Bushi, in
  that canonical order (ids ``samurai``, ``shinobi``, ``sohei``, ``bushi`` in views);
* Troop cards: a single ``S``/``N``/``M``/``B`` or a double in canonical order (``SS``,
  ``SN``, ``MB``...); Koku cards ``K1``, ``K2``, ``K3``;
* bonus tiles on the board: troop face letter + effect letter (``BX`` Bushi/Exchange,
  ``MP`` Sōhei/+1, ``SD`` Samurai/Draw); effects ``exchange``, ``plus``, ``draw``;
* titles and Hierarchy tiles by seals: 4 Daimyō, 3 Shōmyō, 2 Senseï, 1 Hatamoto.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from games import files

DATA_DIR = files.DATA_DIR / "shitenno"

TROOPS = "SNMB"
TROOP_IDS = {"S": "samurai", "N": "shinobi", "M": "sohei", "B": "bushi"}
TROOP_NAMES = {"S": "Samurai", "N": "Shinobi", "M": "Sōhei", "B": "Bushi"}
ID_TROOP = {v: k for k, v in TROOP_IDS.items()}
EFFECTS = ("exchange", "plus", "draw")
EFFECT_LETTER = {"exchange": "X", "plus": "P", "draw": "D"}
LETTER_EFFECT = {v: k for k, v in EFFECT_LETTER.items()}
FACE_EFFECT = {"exchange": "exchange", "plus_one": "plus", "draw": "draw"}
EFFECT_NAMES = {"exchange": "Exchange", "plus": "+1", "draw": "Draw"}
TITLE_IDS = {4: "daimyo", 3: "shomyo", 2: "sensei", 1: "hatamoto"}
TITLE_NAMES = {4: "Daimyō", 3: "Shōmyō", 2: "Senseï", 1: "Hatamoto"}
ID_SEALS = {v: k for k, v in TITLE_IDS.items()}
DAIMYO, SHOMYO, SENSEI, HATAMOTO = 4, 3, 2, 1
TITLE_BONUS = {DAIMYO: 2, SHOMYO: 1}
KOKU_CODES = ("K1", "K2", "K3")


@dataclass(frozen=True)
class Province:
    """One province panel: ``troop`` is its type letter; ``values`` the favour per position."""

    id: str
    name: str
    troop: str
    printed: int
    outside: int
    values: tuple[int, int, int, int]
    majority: int
    row: int
    col: int


@dataclass(frozen=True)
class Rules:
    """Per-player-count numbers and the decks' composition."""

    kamons: dict[int, int]
    troops_revealed: dict[int, int]
    koku_revealed: dict[int, int]
    troop_deck: tuple[str, ...]  # canonical order
    koku_deck: tuple[str, ...]
    bonus_tiles: tuple[str, ...]


@cache
def raw() -> dict[str, Any]:
    """The data file as read."""
    with (DATA_DIR / "shitenno.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@cache
def provinces() -> tuple[Province, ...]:
    """The eight provinces in data order (Chūgoku ... Kantō)."""
    out = []
    for p in raw()["provinces"]:
        v = tuple(int(x) for x in p["favour_by_position"])
        out.append(
            Province(
                id=p["id"],
                name=p["name"],
                troop=ID_TROOP[p["troop_type"]],
                printed=int(p["troops_printed"]),
                outside=int(p["troops_outside_gate"]),
                values=(v[0], v[1], v[2], v[3]),
                majority=int(p["majority_bonus"]),
                row=int(p["layout"]["row"]),
                col=int(p["layout"]["col"]),
            )
        )
    return tuple(out)


PROVINCE_IDS = tuple(p.id for p in provinces())


def card_code(troops: list[str]) -> str:
    """A Troop card's code from its troop ids (canonical order)."""
    letters = sorted((ID_TROOP[t] for t in troops), key=TROOPS.index)
    return "".join(letters)


@cache
def rules() -> Rules:
    data = raw()
    players = data["players"]
    deck = data["troop_deck"]
    troop_cards: list[str] = []
    for letter in TROOPS:
        troop_cards += [letter] * int(deck["singles_per_type"])
    for d in deck["doubles"]:
        troop_cards += [card_code(d["troops"])] * int(d["count"])
    koku: list[str] = []
    for v in data["koku_deck"]["values"]:
        koku += [f"K{v['value']}"] * int(v["count"])
    tiles: list[str] = []
    for t in data["bonus_tiles"]["distribution"]:
        code = ID_TROOP[t["troop_face"]] + EFFECT_LETTER[FACE_EFFECT[t["bonus_face"]]]
        tiles += [code] * int(t["count"])
    return Rules(
        kamons={int(k): int(v["control_kamons_each"]) for k, v in players.items()},
        troops_revealed={int(k): int(v["troop_cards_revealed"]) for k, v in players.items()},
        koku_revealed={int(k): int(v["koku_cards_revealed"]) for k, v in players.items()},
        troop_deck=tuple(sort_cards(troop_cards)),
        koku_deck=tuple(koku),
        bonus_tiles=tuple(tiles),
    )


def card_key(code: str) -> tuple[int, int, int]:
    """Canonical card order: singles S N M B, doubles, then Koku 1, 2, 3."""
    if code[0] == "K":
        return (2, int(code[1]), 0)
    if len(code) == 1:
        return (0, TROOPS.index(code), 0)
    return (1, TROOPS.index(code[0]), TROOPS.index(code[1]))


def sort_cards(codes: Any) -> tuple[str, ...]:
    """``codes`` in canonical card order."""
    return tuple(sorted(codes, key=card_key))


def is_koku(code: str) -> bool:
    return code[0] == "K"


def koku_value(code: str) -> int:
    return int(code[1]) if code[0] == "K" else 0


def card_name(code: str) -> str:
    """``"Koku 2"``, ``"Samurai"``, ``"Sōhei + Bushi"``."""
    if code[0] == "K":
        return f"Koku {code[1]}"
    return " + ".join(TROOP_NAMES[c] for c in code)


ALL_CARD_CODES = sort_cards(set(rules().troop_deck) | set(KOKU_CODES))
