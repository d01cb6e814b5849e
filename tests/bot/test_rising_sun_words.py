"""Rising Sun in words: every event of random games is worded by its own catalogue entry
(never the generic sentence), every placeholder filled and every code named (no
``oni_of_skulls`` or ``shrine:fujin`` left in a sentence), in English and Spanish; every
Text of the mandate, bid and Tea Ceremony forms exists in both catalogues."""

from __future__ import annotations

from functools import cache

import pytest

from bot.words.text import catalogue, describe_event, event_key, has
from games.ai import RandomPlayer, choose_for
from games.base import Event, resolve_options
from games.forms import Amounts, Form, Text
from games.rising_sun import GAME

SEEDS = (1, 2, 3)  # one game each at 3, 4 and 5 players: every event kind occurs
NAMES = ("Ann", "Bo", "Chie", "Dai", "Eun")
LOCALES = ("en", "es")


@cache
def playouts() -> tuple[tuple[list[Event], list[Form]], ...]:
    out = []
    for players, seed in zip((3, 4, 5), SEEDS, strict=True):
        state = GAME.setup(players, resolve_options(GAME, {}), seed)
        player = RandomPlayer(seed)
        events: list[Event] = []
        forms: list[Form] = []
        while GAME.outcome(state) is None:
            for seat in sorted(GAME.to_act(state)):
                form = GAME.form(state, seat)
                if form is not None:
                    forms.append(form)
            seat = min(GAME.to_act(state))
            state, new = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
            events += new
        out.append((events, forms))
    return tuple(out)


def all_events() -> list[Event]:
    return [e for events, _ in playouts() for e in events]


def test_the_playouts_hold_the_engines_main_event_kinds() -> None:
    kinds = {e.kind for e in all_events()}
    expected = {"mandate", "summon", "move", "buy", "battle", "bids", "advantage", "token"}
    assert {f"rising_sun.{k}" for k in expected} <= kinds, kinds


@pytest.mark.parametrize("locale", LOCALES)
def test_every_event_has_its_own_sentence_with_every_placeholder_filled(locale: str) -> None:
    seen = set()
    for event in all_events():
        key = event_key(event.kind)
        assert key in catalogue(locale), f"{key} missing in {locale}"
        text = describe_event(event, NAMES, locale)
        if text is None:
            continue
        generic = describe_event(
            Event("no_such_game.kind", dict(event.args), event.seat), NAMES, locale
        )
        assert text != generic, (event, text)
        assert "{" not in text and "}" not in text, (event, text)
        assert "_" not in text and "shrine:" not in text, (event, text)  # a code left unnamed
        seen.add(event.kind)
    assert len(seen) >= 10


def test_a_missing_term_would_show_as_a_code() -> None:
    event = Event("rising_sun.buy", {"card": "no_such_card", "cost": 1}, seat=0)
    assert "no_such_card" in (describe_event(event, NAMES, "en") or "")


def texts(form: Form) -> list[Text]:
    out = [form.prompt]
    for field in form.fields:
        out.append(field.label)
        if isinstance(field, Amounts):
            out += [box.label for box in field.boxes]
        else:
            out += [option.label for option in field.options]
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_every_form_text_exists_in_both_languages(locale: str) -> None:
    keys = {text.key for _, forms in playouts() for form in forms for text in texts(form)}
    assert any(k.startswith("rising_sun.box.") for k in keys), keys  # a bid form was seen
    assert any(k.startswith("rising_sun.form.tea") for k in keys), keys
    missing = sorted(k for k in keys if k not in catalogue(locale))
    assert not missing, missing
    assert all(has(k, locale) for k in keys)
