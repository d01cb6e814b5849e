"""Shitenno's pictures and words: legible at 450 px wide, bounded, the last province marked,
the hand picture private, the result columns read from the detail, and every event of
random playouts worded as a plain sentence in both languages."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import renderer
import renderer.shitenno.board as board
import renderer.shitenno.hand as hand
import renderer.shitenno.layout as shitenno_layout
from bot.words.text import describe_event, event_key, has
from games.ai import RandomPlayer, choose_for
from games.base import Event, Outcome, Termination, resolve_options
from games.shitenno import GAME
from games.shitenno.state import ShitennoState
from renderer.core import CACHED, get_palette, rgb
from renderer.shitenno.result import result_part
from renderer.words import words

NAMES = ("Ann", "Bartholomew the Great", "Chie", "Dai")
LEGIBLE_PX = 9  # every text at least this tall once the picture is 450 px wide


def playout(players: int, seed: int) -> Iterator[tuple[ShitennoState, list[Event]]]:
    """Every state of a random game with the events that led to it."""
    state = GAME.setup(players, resolve_options(GAME, {}), seed)
    player = RandomPlayer(seed)
    yield state, []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
        yield state, events


def states(players: int, seed: int, keep: int = 12) -> list[ShitennoState]:
    every = [s for s, _ in playout(players, seed)]
    step = max(1, len(every) // keep)
    return [*every[::step], every[-1]]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


# --- legibility, size, bounds ---------------------------------------------------------------


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every font size the Shitenno pictures draw text at, recorded."""
    seen: list[int] = []
    for module in (shitenno_layout, hand):
        original = module.draw_text

        def spy(*args: Any, _original: Any = original, **kwargs: Any) -> None:
            seen.append(int(kwargs["size"]))
            _original(*args, **kwargs)

        monkeypatch.setattr(module, "draw_text", spy)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_text_is_at_least_9_px_at_450_px_wide(
    players: int, locale: str, text_sizes: list[int]
) -> None:
    for state in states(players, seed=players + 10, keep=6):
        widths = []
        for seat in (None, *range(players)):
            view = GAME.view(state, seat)
            if seat is None:
                png = renderer.render_board("shitenno", view, names=NAMES[:players], locale=locale)
            else:
                png = renderer.render_hand("shitenno", view, names=NAMES[:players], locale=locale)
            widths.append(decode(png).width)
        assert text_sizes, "no text recorded: the spy missed the drawing"
        smallest = min(text_sizes) * 450 / max(widths)
        assert smallest >= LEGIBLE_PX, f"{min(text_sizes)} px at {max(widths)} px wide"
        text_sizes.clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pictures_and_alt_texts_stay_within_bounds(players: int) -> None:
    for state in states(players, seed=players):
        public = GAME.view(state, None)
        for palette in ("default", "colorblind"):
            png = renderer.render_board("shitenno", public, palette=palette, names=NAMES[:players])
            assert len(png) <= 300 * 1024
        alt = renderer.alt_text("shitenno", public, names=NAMES[:players])
        assert alt.strip() and len(alt) <= 1000, len(alt)
        assert "{" not in alt
        for seat in range(players):
            own = GAME.view(state, seat)
            text = renderer.hand_alt_text("shitenno", own, names=NAMES[:players], locale="es")
            assert text.strip() and "{" not in text and len(text) <= 1024


def test_the_last_province_is_marked() -> None:
    state = next(s for s, _ in playout(3, 4) if s.last_province is not None and s.phase == "odd")
    view = GAME.view(state, None)
    p = next(p for p in view.provinces if p.id == view.last_province)
    x0, y0, x1, _ = board.province_box(p.row, p.col)
    spot = (round((x0 + x1) / 2), y0 - 2)  # on the ring, above the province's band
    lit = decode(renderer.render_board("shitenno", view))
    plain = decode(renderer.render_board("shitenno", view, highlight=False))
    highlight = rgb(get_palette("default")["highlight"])
    assert math.dist(lit.getpixel(spot), highlight) < 10  # type: ignore[arg-type]
    assert math.dist(plain.getpixel(spot), highlight) > 60  # type: ignore[arg-type]


def test_the_public_gets_no_hand_and_a_seat_sees_only_its_own() -> None:
    state = states(3, seed=2)[4]
    public = GAME.view(state, None)
    tr = words("en")
    assert renderer.hand_alt_text("shitenno", public) == tr("shitenno.hand.nobody")
    for seat in range(3):
        text = renderer.hand_alt_text("shitenno", GAME.view(state, seat), names=NAMES[:3])
        assert text.startswith(NAMES[seat])
    # the picture of a seat's hand depends on that seat's cards only: redealing what it
    # cannot see leaves it unchanged
    other = GAME.shuffle_hidden(state, 0, seed=99)
    assert other.hands[1] != state.hands[1] or other.hands[2] != state.hands[2]
    a = renderer.render_hand("shitenno", GAME.view(state, 0), names=NAMES[:3])
    b = renderer.render_hand("shitenno", GAME.view(other, 0), names=NAMES[:3])
    assert a == b


def test_the_board_is_drawn_the_same_from_the_cache_and_without_it() -> None:
    view = GAME.view(states(4, seed=1)[5], None)
    pal = get_palette("colorblind")
    cached = board.render(view, palette=pal, highlight=True, names=NAMES, kit=CACHED)
    again = board.render(view, palette=pal, highlight=True, names=NAMES, kit=CACHED)
    naive = renderer.render_naive("shitenno", view, palette="colorblind", names=NAMES)
    assert cached.tobytes() == again.tobytes()
    assert (
        decode(naive).tobytes()
        == decode(
            renderer.render_board("shitenno", view, palette="colorblind", names=NAMES)
        ).tobytes()
    )


# --- the result card ------------------------------------------------------------------------


def _detail(tied: bool) -> dict[str, Any]:
    seats = {
        "0": {"track": 40, "koku": 5, "exchange": 1, "tiles": 0, "provinces": 12,
              "majorities": ["kanto", "kansai"], "total": 58, "title": "sensei"},
        "1": {"track": 44, "koku": 2, "exchange": 0, "tiles": 0, "provinces": 12 if tied else 6,
              "majorities": ["tohoku"], "total": 58 if tied else 52, "title": "daimyo"},
    }  # fmt: skip
    return {"seats": seats, "majority": {}, "reason": "koku"}


def test_the_result_columns_come_from_the_detail_and_mark_the_title_tie_break() -> None:
    tr = words("en")
    outcome = Outcome(
        Termination.SCORING, frozenset({1}), (2, 1), (58.0, 58.0), "title", _detail(True)
    )
    part = result_part(outcome, 2, tr)
    headers = [c.header for c in part.columns]
    assert headers == ["Track", "Koku", "Exch.", "Provinces", "Total", "Title"]
    assert part.columns[0].cells == ("40", "44") and part.columns[3].cells == ("12", "12")
    title = part.columns[-1]
    assert title.cells == ("Senseï", "Daimyō") and title.marked == frozenset({1})
    assert part.reason_note == tr("shitenno.end.koku")
    plain = Outcome(Termination.SCORING, frozenset({0}), (1, 2), (58.0, 52.0), None, _detail(False))
    assert not result_part(plain, 2, tr).columns[-1].marked
    broken = Outcome(Termination.SCORING, frozenset({0}), (1, 2), (58.0, 52.0), None, {"seats": 3})
    assert [c.header for c in result_part(broken, 2, tr).columns] == ["Score"]


# --- event words ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_of_random_games_reads_as_a_sentence(players: int) -> None:
    kinds: set[str] = set()
    names = list(NAMES[:players])
    for seed in range(3):
        for _, events in playout(players, seed + 20 * players):
            for event in events:
                kinds.add(event.kind)
                assert has(event_key(event.kind)), f"no words for {event.kind}"
                for locale in ("en", "es"):
                    text = describe_event(event, names, locale)
                    assert text, (event, locale)
                    assert "{" not in text and "}" not in text, (event, locale, text)
                    assert not text.startswith(f"{names[event.seat or 0]}: "), text  # generic
                    assert "None" not in text and "True" not in text, text
    sharing = {"shitenno.split", "shitenno.choose"} if players == 2 else {"shitenno.lot"}
    assert {*sharing, "shitenno.place", "shitenno.end"} <= kinds, kinds


def test_event_sentences_name_cards_tiles_and_seats() -> None:
    names = ["Ann", "Bo", "Chie"]
    lot = Event("shitenno.lot", {"cards": ["MB", "K2"], "tile": 3, "to": 1}, 0)
    assert describe_event(lot, names) == (
        "Ann offers Bo a lot: Sōhei + Bushi, Koku 2 with the Shōmyō (3 seals) tile."
    )
    empty = Event("shitenno.lot", {"cards": [], "tile": 1, "to": 2}, 0)
    assert describe_event(empty, names, "es") == (
        "Ann ofrece a Chie un lote con solo la loseta Hatamoto (1 sello)."
    )
    place = Event(
        "shitenno.place",
        {"province": "kanto", "position": 2, "cards": ["S", "S", "SN"], "exchange": 1,
         "plus": 0, "hatamoto": True, "favour": 8, "tile": "draw"},
        2,
    )  # fmt: skip
    assert describe_event(place, names) == (
        "Chie places a Kamon in Kantō (position 2, +8 favour), paying Samurai, Samurai, "
        "Samurai + Shinobi and an Exchange tile and the Hatamoto's troop, and takes the Draw tile "
        "from the stack."
    )
    keep = Event("shitenno.keep", {"cards": [], "tile": 4}, 1)
    assert "Bo, the Tairō, keeps" in (describe_event(keep, names) or "")
    split = Event("shitenno.split", {"a": ["K1"], "b": [], "first": 4, "second": 2}, 0)
    assert describe_event(split, names) == (
        "Ann splits the rest: lot A is Koku 1 with the Daimyō (4 seals) tile, lot B only the "
        "Senseï (2 seals) tile."
    )
