"""Rising Sun's components, read once from ``data/rising_sun/rising_sun.json``.

The map graph, the clans' home provinces, incomes and Honor numbers and most card numbers are
single-source or designs ([S]/[G] in the reference): they live in the data file, never in
code. Provinces are indexed in data order (0 Hokkaido .. 7 Kyushu).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from games import files

DATA_FILE = files.DATA_DIR / "rising_sun" / "rising_sun.json"

SEASONS = ("spring", "summer", "autumn")
MANDATES = ("recruit", "marshal", "train", "harvest", "betray")
BASE_KINDS = ("daimyo", "shinto", "bushi")
BOXES = ("seppuku", "hostage", "ronin", "poets")
ONI = frozenset({"oni_of_skulls", "oni_of_blood", "oni_of_souls", "oni_of_hate", "oni_of_spite"})


def slug(name: str) -> str:
    """The id of a card or monster: ``"Oni of Skulls"`` -> ``"oni_of_skulls"``."""
    return name.strip().lower().replace(" ", "_")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    vp: int
    coins: int
    ronin: int


@dataclass(frozen=True)
class Clan:
    id: str
    name: str
    rank: int
    home: int
    income: int
    ability: str
    summary: str = ""  # the power in a sentence (shown while the clans are chosen)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    season: int
    type: str  # enhancement, virtue, monster, war_upgrade, winter_upgrade
    cost: int
    copies: int
    set: str
    effect: str


@dataclass(frozen=True)
class Data:
    provinces: tuple[Province, ...]
    land: tuple[frozenset[int], ...]
    sea: tuple[frozenset[int], ...]
    clans: tuple[Clan, ...]
    kami: tuple[str, ...]
    kami_names: dict[str, str]
    kami_beginners: tuple[str, ...]
    mandate_deck: tuple[str, ...]
    political: tuple[str, ...]
    cards: dict[str, Card]
    sets: dict[str, tuple[str, ...]]  # set -> card ids, every copy listed
    set_status: dict[str, str]
    values: dict[str, dict[str, int]]
    constants: dict[str, int]
    token_vp: tuple[int, ...]
    set_bonus: tuple[tuple[int, int, int], ...]
    per_clan: dict[str, Any]

    def province(self, pid: str) -> int:
        for i, p in enumerate(self.provinces):
            if p.id == pid:
                return i
        raise KeyError(pid)

    def value(self, card: str, key: str) -> int:
        return self.values[card][key]


@cache
def data() -> Data:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    provinces, land, sea = _map(raw)
    index = {p.id: i for i, p in enumerate(provinces)}
    cards, sets = _season_cards(raw)
    deck: list[str] = []
    for tile in raw["mandate_deck"]["tiles"]:
        deck += [tile["id"]] * int(tile["count"])
    vp = raw["war_province_tokens"]["vp_by_season"]
    return Data(
        provinces=provinces,
        land=land,
        sea=sea,
        clans=tuple(_clan(c, index) for c in raw["clans"]),
        kami=tuple(k["id"] for k in raw["kami"]),
        kami_names={k["id"]: k["name"] for k in raw["kami"]},
        kami_beginners=tuple(raw["kami_beginner_order"]),
        mandate_deck=tuple(deck),
        political=tuple(raw["political_phase_sequence"]),
        cards=cards,
        sets=sets,
        set_status=dict(raw["set_status"]),
        values={k: dict(v) for k, v in raw["card_values"].items() if k != "note"},
        constants=dict(raw["rules_constants"]),
        token_vp=tuple(int(vp[s]) for s in SEASONS),
        set_bonus=tuple(
            (b["different_provinces_min"], b["different_provinces_max"], b["vp"])
            for b in raw["war_set_bonus"]
        ),
        per_clan=dict(raw["per_clan_components"]),
    )


Borders = tuple[frozenset[int], ...]


def _map(raw: dict[str, Any]) -> tuple[tuple[Province, ...], Borders, Borders]:
    """The provinces, and per province its land neighbours and its sea neighbours."""
    provinces = tuple(
        Province(
            p["id"], p["name"], p["harvest"]["vp"], p["harvest"]["coins"], p["harvest"]["ronin"]
        )
        for p in raw["provinces"]
    )
    index = {p.id: i for i, p in enumerate(provinces)}
    routes = raw["adjacency"]
    land, sea = (
        _neighbours(len(provinces), index, routes[kind])
        for kind in ("land_borders", "shipping_routes")
    )
    return provinces, land, sea


def _neighbours(count: int, index: dict[str, int], pairs: list[list[str]]) -> Borders:
    near: list[set[int]] = [set() for _ in range(count)]
    for a, b in pairs:
        near[index[a]].add(index[b])
        near[index[b]].add(index[a])
    return tuple(frozenset(s) for s in near)


def _clan(c: dict[str, Any], index: dict[str, int]) -> Clan:
    return Clan(
        c["id"],
        c["name"],
        c["starting_honor_rank"],
        index[c["home_province"]],
        c["income"],
        c["ability"],
        c.get("ability_summary", ""),
    )


def _season_cards(raw: dict[str, Any]) -> tuple[dict[str, Card], dict[str, tuple[str, ...]]]:
    """Every card once by id, and each set's deck (an id per copy)."""
    cards: dict[str, Card] = {}
    sets: dict[str, tuple[str, ...]] = {}
    for set_name, entries in raw["season_cards"].items():
        if set_name == "note":
            continue
        ids: list[str] = []
        for e in entries:
            cid = slug(e["name"])
            if cid not in cards:
                cards[cid] = Card(
                    cid,
                    e["name"],
                    SEASONS.index(e["season"]),
                    e["type"],
                    int(e["cost"]),
                    int(e["copies"]),
                    set_name,
                    e["effect"],
                )
            ids += [cid] * int(e["copies"])
        sets[set_name] = tuple(ids)
    return cards, sets


def clan_index(cid: str) -> int:
    for i, c in enumerate(data().clans):
        if c.id == cid:
            return i
    raise KeyError(cid)


def is_monster(kind: str) -> bool:
    return kind not in BASE_KINDS and kind != "stronghold"
