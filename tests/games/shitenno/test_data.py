"""The data file's schema and totals (reference §2, §9)."""

from __future__ import annotations

import json
from collections import Counter

from games.shitenno.data import DATA_DIR, provinces, raw, rules


def test_data_schema_and_totals() -> None:
    data = raw()
    assert set(data) >= {"provinces", "troop_deck", "koku_deck", "bonus_tiles", "titles", "players"}
    assert len(provinces()) == 8
    for p in provinces():
        assert p.printed in (3, 4) and p.outside == p.printed - 1
        assert p.values == ((3, 4, 6, 9) if p.printed == 3 else (5, 6, 8, 11))
        assert p.majority == 6
    assert Counter(p.troop for p in provinces()) == Counter("SNMB" * 2)
    r = rules()
    assert len(r.troop_deck) == 34 and sum(len(c) for c in r.troop_deck) == 44
    assert len(r.koku_deck) == 24 and sum(int(c[1]) for c in r.koku_deck) == 40
    assert len(r.bonus_tiles) == 24 and Counter(t[1] for t in r.bonus_tiles) == {
        "X": 8,
        "P": 8,
        "D": 8,
    }
    assert r.kamons == {2: 12, 3: 10, 4: 8}
    assert r.troops_revealed == {2: 4, 3: 6, 4: 8} and r.koku_revealed == {2: 2, 3: 3, 4: 4}


def test_catalogues_have_the_same_keys() -> None:
    en = json.loads((DATA_DIR / "locales" / "en.json").read_text(encoding="utf-8"))
    es = json.loads((DATA_DIR / "locales" / "es.json").read_text(encoding="utf-8"))
    assert set(en) == set(es)
    assert all(k == "about" or k.startswith("shitenno.") for k in en)
