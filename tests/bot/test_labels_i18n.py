"""Menu labels (autocomplete, board buttons) in the reader's words: the games that word
their labels through the catalogue say exactly their English in English and every label in
Spanish; labels fit Discord's limits by design (never cut mid-word)."""

from __future__ import annotations

import pytest

import games
from bot.words.text import BUTTON_LABEL, CHOICE_NAME, fit, has, say
from games.ai import RandomPlayer, choose_for

WORDED = ("china", "samurai", "yokai", "shitenno", "rising_sun")


def labels_along_a_playout(key: str, players: int, steps: int = 60) -> list[str]:
    game = games.get(key)
    state = game.setup(players, {}, seed=7)
    out: list[str] = []
    player = RandomPlayer(seed=3)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        legal = game.legal(state, seat)
        out.extend(game.label(state, a) for a in legal[:40])
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
    return out


@pytest.mark.parametrize("key", WORDED)
def test_labels_come_from_the_catalogue_in_both_languages(key: str) -> None:
    game = games.get(key)
    labels = labels_along_a_playout(key, min(game.seats))
    assert len(labels) > 20
    for label in labels:
        assert isinstance(getattr(label, "key", None), str), label
        assert has(label.key, "en") and has(label.key, "es"), label.key  # type: ignore[attr-defined]
        assert say(label, "en") == str(label)  # the catalogue says exactly the game's English
    assert any(say(label, "es") != str(label) for label in labels)


@pytest.mark.parametrize("key", WORDED)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_labels_fit_by_design(key: str, lang: str) -> None:
    game = games.get(key)
    for label in labels_along_a_playout(key, max(game.seats), 30):
        said = say(label, lang)
        for limit in (BUTTON_LABEL, CHOICE_NAME):
            shown = fit(said, limit)
            assert len(shown) <= limit
            if shown != " ".join(said.split()):  # shortened: at a word or a parenthesis
                kept = shown.removesuffix("…").rstrip()
                assert said.startswith(kept) and said[len(kept)] in " ,;(", (said, shown)


def test_no_game_catalogue_writes_a_plural_in_brackets() -> None:
    """Counts are counted terms (``{n:#rising_sun.count.coin}``), never "coin(s)"."""
    import json
    import re

    from games.words import DATA_DIR

    bracketed = re.compile(r"\w\((s|es)\)")
    found = [
        (path.name, key, text)
        for path in sorted(DATA_DIR.glob("*/locales/*.json"))
        for key, text in json.loads(path.read_text(encoding="utf-8")).items()
        if bracketed.search(text)
    ]
    assert found == []


def moves_along_a_playout(key: str, players: int, steps: int = 120) -> list[tuple[object, object]]:
    """(state, action) pairs: every distinct label key met, once each."""
    game = games.get(key)
    state = game.setup(players, {}, seed=5)
    player = RandomPlayer(seed=4)
    seen: dict[str, tuple[object, object]] = {}
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        for action in game.legal(state, seat)[:60]:
            seen.setdefault(str(getattr(game.label(state, action), "key", "")), (state, action))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
    return list(seen.values())


@pytest.mark.parametrize("key", WORDED)
def test_a_move_is_confirmed_in_plain_words_then_its_notation(key: str) -> None:
    """ "Has elegido: Yelmo 4 en C20 (`H4@C20`).": the label in the reader's language as a
    sentence, the notation in parentheses; in English the English label."""
    from bot.words.text import played, t

    game = games.get(key)
    moves = moves_along_a_playout(key, max(game.seats))
    assert len(moves) >= 3
    for state, action in moves:
        notation = game.notation(state, action)
        for lang in ("en", "es"):
            said = played(game, state, action, lang)
            label = say(game.label(state, action), lang)
            assert said.endswith(f"`{notation}`).") or said == t(
                "reply.played", lang, notation=notation
            )
            assert "{" not in said and "}" not in said, said
            if said.endswith(f"`{notation}`)."):
                assert label in said
        assert played(game, state, action, "es") != played(game, state, action, "en")
    # e.g. Samurai's placement: "Has elegido: Yelmo 4 en C20 (…) (`H4@C20`)."
    state, action = moves[0]
    assert played(game, state, action, "es").startswith("Has elegido: ")
