"""Engine rule sentences carry catalogue keys that both languages translate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from bot.words.text import catalogue, t
from games import engine
from games.base import GameError, OptionSpec, resolve_options

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "words" / "locales"


def _check(err: GameError) -> None:
    assert err.key is not None, f"no key for {err}"
    assert err.key in catalogue("en") and err.key in catalogue("es"), err.key
    assert t(err.key, "en", **err.params) == str(err)  # English unchanged
    assert t(err.key, "es", **err.params) != str(err)


def _errors(key: str, players: int, options: dict[str, object], texts: list[str]) -> list[str]:
    game = games.get(key)
    state = game.setup(players, resolve_options(game, options), 1)
    seat = min(game.to_act(state))
    keys = []
    for text in texts:
        with pytest.raises(GameError) as info:
            engine.act_text(game, state, seat, text)
        _check(info.value)
        keys.append(str(info.value.key))
    others = [s for s in range(players) if s not in game.to_act(state)]
    for other in others[:1]:  # simultaneous phases have nobody waiting
        with pytest.raises(GameError) as info:
            engine.act(game, state, other, game.legal(state, seat)[0])
        _check(info.value)
        assert info.value.key == "rules.common.not_your_turn"
    return keys


def test_yokai_errors_are_localised() -> None:
    keys = _errors("yokai", 2, {"variant": "3x4"}, ["zz", "b2b1", "a1a2", "b2a4", "z9z9"])
    assert len(set(keys)) >= 3


def test_samurai_errors_are_localised() -> None:
    keys = _errors("samurai", 2, {}, ["???", "take Q9", "zzz qqq"])
    assert keys


def test_china_errors_are_localised() -> None:
    keys = _errors("china", 3, {}, ["???", "draw 9", "swap R", "XX:wei WEI2"])
    assert len(set(keys)) >= 2


def test_explain_illegal_reasons_are_localised() -> None:
    game = games.get("yokai")
    state = game.setup(2, resolve_options(game, {"variant": "3x4"}), 1)
    for action in game.legal(state, 0)[:1]:
        reason = game.explain_illegal(state, 1, action)
        assert reason == "It is not your turn."
        assert getattr(reason, "key", None) == "rules.common.not_your_turn"


def test_registry_and_options_are_localised() -> None:
    with pytest.raises(GameError) as info:
        games.get("chess")
    _check(info.value)
    with pytest.raises(GameError) as info:
        OptionSpec("speed", 3, "a number").coerce("fast")
    _check(info.value)
    with pytest.raises(GameError) as info:
        resolve_options(games.get("yokai"), {"nope": 1})
    _check(info.value)


# a catalogue key has a dot (a game record's ``key="china"`` is not one)
LITERAL = re.compile(r'(?:key=|Reason\(\s*)"([a-z0-9_]+\.[a-z0-9_.]+)"')


def test_every_key_in_the_engines_is_catalogued() -> None:
    en, es = catalogue("en"), catalogue("es")  # the bot's own plus every game's fragment
    found = set()
    for path in (ROOT / "games").rglob("*.py"):
        found.update(LITERAL.findall(path.read_text(encoding="utf-8")))
    assert len(found) > 100
    missing = sorted(k for k in found if k not in en or k not in es)
    assert not missing, missing


def test_option_refusals_at_creation_are_localised() -> None:
    china = games.get("china")
    for players, side in ((5, "a"), (6, "auto")):
        with pytest.raises(GameError) as info:
            china.validate_options(resolve_options(china, {"side": side}), players)
        _check(info.value)
