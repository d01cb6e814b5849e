"""Rising Sun's Season cards in pictures: every card of every set has a name, a short effect
line and a full text in English and Spanish; the offer panel draws each card's name, cost
and whole effect line for every set and season; no font on the board or the hand is under
9 px once the picture is shown 450 px wide (measured from the sizes the drawing asks the
Toolkit for); the set in play is named on the board and in its alt text."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import renderer
from games.base import Outcome, Termination, resolve_options
from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.state import Kill, Spare, Take, thaw
from games.rising_sun.view import CardView, RisingSunView
from renderer.core import CACHED, NAIVE, FontLog, get_palette
from renderer.plugin import get
from renderer.rising_sun import art, panels
from renderer.rising_sun import layout as L
from renderer.rising_sun.result import winter_rows
from renderer.rising_sun.words import action_words
from renderer.words import words
from tests.renderer.test_rising_sun import NAMES, POSITIONS, states

KEY = "rising_sun"
SETS = ("archway", "horseman", "teapot")
LOCALES = ("en", "es")


def offer(card_set: str, season: int) -> tuple[CardView, ...]:
    """The season's cards of Core plus ``card_set``, as the engine lays them out."""
    d = data()
    ids = Counter(c for c in (*d.sets["core"], *d.sets[card_set]) if d.cards[c].season == season)
    return tuple(
        CardView(c.id, c.name, c.type, c.cost, c.season, c.effect, n)
        for c, n in ((d.cards[i], n) for i, n in sorted(ids.items()))
    )


def with_offer(view: RisingSunView, card_set: str, season: int) -> RisingSunView:
    return dataclasses.replace(
        view, card_set=card_set, season=season, offer=offer(card_set, season)
    )


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every (text, size) the panels draw."""
    seen: list[tuple[str, int]] = []
    original = panels.draw_text

    def spy(img: Any, xy: Any, text: str, **kwargs: Any) -> None:
        seen.append((text, kwargs["size"]))
        original(img, xy, text, **kwargs)

    monkeypatch.setattr(panels, "draw_text", spy)
    yield seen


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_of_every_set_has_a_name_a_short_line_and_a_full_text(locale: str) -> None:
    tr = words(locale)
    english = words("en")
    for card in data().cards.values():
        for part in ("", ".short", ".text"):
            key = f"rising_sun.card.{card.id}{part}"
            assert key in tr.table and tr(key).strip(), key
        if locale == "es" and card.id not in ("komainu", "yurei"):
            assert tr(f"rising_sun.card.{card.id}.text") != english(
                f"rising_sun.card.{card.id}.text"
            )
        assert f"rising_sun.card_type.{card.type}" in tr.table
    for key in ("core", *SETS):
        assert tr(f"rising_sun.card_set.{key}")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_cards_name_and_short_line_fit_its_tile_uncut(locale: str) -> None:
    tr = words(locale)
    kit = CACHED
    for card in data().cards.values():
        letter = tr(f"rising_sun.card_abbr.{card.type}")
        left = panels._chip_w(letter, kit) + 10
        room = L.CARD_W - left - 10
        lines = panels.wrap_words(tr(f"rising_sun.card.{card.id}.short"), room, kit)
        assert len(lines) <= L.CARD_LINES, (card.id, lines)
        assert all(art.width(kit, line, 18) <= room for line in lines), card.id
        # the name beside the copies mark and the cost
        right = L.CARD_W - 10 - art.width(kit, str(card.cost), 18, True) - 28
        right -= art.width(kit, "×2", 18, True) + 8
        name = tr(f"rising_sun.card.{card.id}")
        assert art.width(kit, name, 18, True) <= right - left, (card.id, name)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("card_set", SETS)
def test_the_offer_shows_every_cards_name_cost_and_effect(
    drawn: list[tuple[str, int]], card_set: str, locale: str
) -> None:
    tr = words(locale)
    pal = get_palette("default")
    base = POSITIONS["start5"]()
    for season in range(3):
        view = with_offer(base, card_set, season)
        drawn.clear()
        get(KEY).render_detail(view, palette=pal, names=NAMES, kit=NAIVE, locale=locale)
        texts = [text for text, _ in drawn]
        head = tr("rising_sun.offer_set", set=tr(f"rising_sun.card_set.{card_set}"))
        assert head in texts
        assert len(view.offer) >= 8
        for card in view.offer:
            name = tr(f"rising_sun.card.{card.id}")
            assert name in texts, card.id
            assert str(card.cost) in texts
            if card.count > 1:
                assert f"×{card.count}" in texts
            # the effect line follows the name, whole, in one or two lines
            after = texts[texts.index(name) + 1 :]
            short = tr(f"rising_sun.card.{card.id}.short")
            assert short in (after[0], " ".join(after[:2])), (card.id, after[:2])
        assert tr("rising_sun.key.copies") in texts and tr("rising_sun.key.cost") in texts


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("palette", ["default", "colorblind"])
def test_no_font_is_under_9_px_at_450_px_wide(locale: str, palette: str) -> None:
    pal = get_palette(palette)
    drawing = get(KEY)
    views = [POSITIONS[name]() for name in ("political5", "battle5", "end4")]
    views += [with_offer(POSITIONS["start3"](), s, 2) for s in SETS]
    for view in views:
        log, kit = FontLog.start()
        image = drawing.render(
            view, palette=pal, highlight=True, names=NAMES, kit=kit, locale=locale
        )
        assert log.sizes and log.shown(image.width) >= 9, (log.smallest(), image.width)
        assert image.height <= 2400
    late = [s for s in states(5, 7) if GAME.view(s, None).season == 2]
    state = max(late, key=lambda s: max(len(sv.cards) for sv in GAME.view(s, None).seats))
    seat = max(range(5), key=lambda i: len(GAME.view(state, None).seats[i].cards))
    own = GAME.view(state, seat)
    assert own.seats[seat].cards
    log, kit = FontLog.start()
    image = drawing.render_hand(own, palette=pal, names=NAMES, kit=kit, locale=locale)
    assert log.sizes and log.shown(image.width) >= 9, (log.smallest(), image.width)


def test_the_hand_shows_the_viewers_cards_with_their_effects(drawn: list[tuple[str, int]]) -> None:
    late = [s for s in states(5, 7) if GAME.view(s, None).season == 2]
    state = max(late, key=lambda s: max(len(sv.cards) for sv in GAME.view(s, None).seats))
    seat = max(range(5), key=lambda i: len(GAME.view(state, None).seats[i].cards))
    own = GAME.view(state, seat)
    pal = get_palette("default")
    for locale in LOCALES:
        tr = words(locale)
        drawn.clear()
        get(KEY).render_hand(own, palette=pal, names=NAMES, kit=NAIVE, locale=locale)
        texts = [text for text, _ in drawn]
        alt = renderer.hand_alt_text(KEY, own, names=NAMES, locale=locale)
        for card in own.seats[seat].cards:
            assert tr(f"rising_sun.card.{card.id}") in texts
            assert tr(f"rising_sun.card.{card.id}.short") in alt


def test_the_board_and_its_alt_text_name_the_set_in_play() -> None:
    base = POSITIONS["start5"]()
    for card_set in SETS:
        view = with_offer(base, card_set, 1)
        en = renderer.alt_text(KEY, view, names=NAMES, locale="en")
        es = renderer.alt_text(KEY, view, names=NAMES, locale="es")
        name = words("en")(f"rising_sun.card_set.{card_set}")
        assert f"Season cards: {name} set." in en and len(en) <= 1000
        assert f"Cartas de temporada: conjunto {name}." in es and len(es) <= 1000
    # Spanish words (and no English ones) in a Spanish board's description
    es = renderer.alt_text(KEY, with_offer(base, "archway", 0), names=NAMES, locale="es")
    for word in ("jugadores", "monedas", "PV", "Primavera", "A la venta", "cuesta", "Benevolencia"):
        assert word in es, word
    for word in (" coins", " players", "On offer", "Spring", " set."):
        assert word not in es, word


def test_card_letters_stay_readable_on_the_colour_blind_stripes() -> None:
    for name in ("default", "colorblind"):
        col = art.colours(get_palette(name))
        for kind in panels.CARD_TYPES:
            ink = art.ink_on(col[kind], col)
            assert ink in ("#ffffff", col["ink"])
        if name == "colorblind":
            assert art.ink_on(col["winter_upgrade"], col) == col["ink"]  # a light blue
        assert art.ink_on(col["monster"], col) == "#ffffff"


def test_a_long_clan_line_is_told_briefly_rather_than_cut() -> None:
    view = POSITIONS["start5"]()
    sv = view.seats[0]
    many = dataclasses.replace(
        sv,
        bid_confirmed=True,
        tokens=tuple(
            (i % 3, p)
            for i, p in enumerate(("kyushu", "edo", "kyoto", "hokkaido", "kansai", "oshu", "edo"))
        ),
    )
    room = panels.RIGHT - panels.LEFT - 90
    for locale in LOCALES:
        tr = words(locale)
        plain = panels.extras_line(sv, NAMES, tr, CACHED, room)
        assert tr("rising_sun.row.reserve", figures="3 Shinto, 5 Bushi") in plain
        line = panels.extras_line(many, NAMES, tr, CACHED, room)
        assert art.width(CACHED, line, 18) <= room, line
        assert "Edo ×2" in line  # the reserve stays in words, never in the old letters
        assert tr("rising_sun.row.reserve", figures="3 Shinto, 5 Bushi") in line


@pytest.mark.parametrize("card_set", ["archway", "horseman", "teapot"])
def test_every_action_of_every_set_is_worded_and_drawn_as_the_last_action(card_set: str) -> None:
    """Each action a player may choose has a sentence in both languages, and a board whose
    last action is the set's own (Path of the Ninja's kill, Mercy, Path of the Monkey) draws."""
    seen: set[type] = set()
    drawn: set[type] = set()
    rng = random.Random(card_set)
    for seed in range(6):
        state = GAME.setup(5, resolve_options(GAME, {"set": card_set}), seed)
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            actions = list(GAME.legal(state, seat))
            for action in actions:
                for locale in ("en", "es"):
                    text = action_words(action, "Ann", None, words(locale))
                    assert text and "{" not in text, (action, text)
                seen.add(type(action))
            special = [a for a in actions if isinstance(a, Kill | Spare | Take)]
            action = rng.choice(special or actions)
            state, _ = GAME.apply(state, seat, action)
            if isinstance(action, Kill | Spare | Take) and type(action) not in drawn:
                assert thaw(state).last is not None
                renderer.render_board("rising_sun", GAME.view(state, None), locale="es")
                drawn.add(type(action))
    if card_set == "horseman":
        assert {Kill, Spare, Take} <= seen and {Kill, Spare, Take} <= drawn


def test_the_result_card_counts_every_winter_card_of_every_set_in_the_cards_column() -> None:
    row = {
        "form_of_the_kitsune": 3, "form_of_the_phoenix": 0, "form_of_the_beast": 6,
        "form_of_the_demon": 9, "form_of_the_kindred": 6, "loyalty": 1,
        "war_tokens": 5, "set_bonus": 10,
    }  # fmt: skip
    outcome = Outcome(
        termination=Termination.SCORING, winners=frozenset({0}), ranks=(1, 2, 3),
        scores=(60.0, 20.0, 10.0), detail={"winter": [row, row, row], "honor": [0, 1, 2]},
    )  # fmt: skip
    rows = winter_rows(outcome, 3)
    assert rows is not None
    assert rows[0] == {"tokens": 5, "set": 10, "cards": 3 + 6 + 9 + 6 + 1}
