"""Rising Sun's pictures: bounded PNGs for every player count and palette, no text under
9 px at 450 px wide, the same pixels cached and uncached, no secret in the public
picture or its words, the DM's secrets in the hand, Winter's breakdown on the result."""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image

import renderer
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.rising_sun import GAME, RisingSunState, RisingSunView
from games.rising_sun.state import thaw
from renderer.plugin import get
from renderer.rising_sun import board, hand, panels
from renderer.rising_sun.result import result_part
from renderer.rising_sun.words import last_action_text, who
from renderer.words import words

NAMES = ("Ann", "Bartholomew the Great", "Chie", "Dai", "Eun")
KEY = "rising_sun"


@cache
def states(players: int, seed: int) -> tuple[RisingSunState, ...]:
    state = GAME.setup(players, resolve_options(GAME, {"clans": "random"}), seed)  # dealt start
    player = RandomPlayer(seed)
    out = [state]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
        out.append(state)
    return tuple(out)


def public(players: int, seed: int, pick: Any) -> RisingSunView:
    return next(v for s in states(players, seed) if pick(v := GAME.view(s, None)))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


POSITIONS = {
    "start3": lambda: GAME.view(states(3, 5)[0], None),
    "start5": lambda: GAME.view(states(5, 7)[0], None),
    "political5": lambda: public(5, 7, lambda v: v.phase == "political" and v.slot >= 4),
    "battle5": lambda: public(5, 7, lambda v: v.battle is not None and v.battle.revealed),
    "end4": lambda: GAME.view(states(4, 2)[-1], None),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("palette", ["default", "colorblind"])
def test_board_is_a_bounded_tall_png(name: str, palette: str) -> None:
    view = POSITIONS[name]()
    png = renderer.render_board(KEY, view, palette=palette, names=NAMES[: view.players])
    image = decode(png)
    assert len(png) <= 300 * 1024
    assert image.width == 900 and image.height <= 2400
    assert len(image.convert("RGB").getcolors(1 << 16) or []) > 20  # not blank


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    sizes: list[int] = []
    for module in (board, panels, hand, board.art):
        original = module.draw_text

        def spy(*args: Any, _original: Any = original, **kwargs: Any) -> None:
            sizes.append(kwargs["size"])
            _original(*args, **kwargs)

        monkeypatch.setattr(module, "draw_text", spy)
    yield sizes


@pytest.mark.parametrize("locale", ["en", "es"])
def test_no_text_is_smaller_than_9_px_at_450_px_wide(text_sizes: list[int], locale: str) -> None:
    from renderer.core import NAIVE

    pal = renderer.core.get_palette("default")
    for name in ("political5", "battle5"):
        view = POSITIONS[name]()
        image = get(KEY).render(
            view, palette=pal, highlight=True, names=NAMES, kit=NAIVE, locale=locale
        )
        assert min(text_sizes) * 450 / image.width >= 9, min(text_sizes)
    seat = next(iter(POSITIONS["battle5"]().battle.participants))  # type: ignore[union-attr]
    view = next(
        v
        for s in states(5, 7)
        if (v := GAME.view(s, seat)).battle is not None and not v.battle.revealed
    )
    text_sizes.clear()
    image = get(KEY).render_hand(view, palette=pal, names=NAMES, kit=NAIVE, locale=locale)
    assert text_sizes and min(text_sizes) * 450 / image.width >= 9


def test_cached_and_naive_draw_the_same_pixels() -> None:
    view = POSITIONS["battle5"]()
    first = renderer.render_board(KEY, view, names=NAMES)
    assert renderer.render_board(KEY, view, names=NAMES) == first
    assert renderer.render_naive(KEY, view, names=NAMES) == first


def test_a_secret_bid_is_neither_drawn_nor_worded_for_the_public() -> None:
    secret = [
        s
        for s in states(5, 7)
        if (v := GAME.view(s, None)).battle is not None
        and not v.battle.revealed
        and (last := thaw(s).last) is not None
        and str(last[1]).startswith("bid ")
    ]
    assert secret, "no bid was made in the playout"
    state = secret[0]
    view = GAME.view(state, None)
    bidder, bid = thaw(state).last or [0, ""]
    assert view.last_action == (bidder, "bid")
    assert GAME.view(state, bidder).last_action == (bidder, bid)
    numbers = str(bid).removeprefix("bid ")
    for locale in ("en", "es"):
        text = last_action_text(view, NAMES, words(locale))
        assert numbers not in text and "bid " not in text
        tr = words(locale)
        assert text == tr("rising_sun.did.bid", who=who(int(bidder), NAMES, tr))
        assert numbers not in renderer.alt_text(KEY, view, names=NAMES, locale=locale)
    # Another shuffle of what the public cannot see draws the same picture.
    other = GAME.shuffle_hidden(state, None, 99)
    assert renderer.render_board(KEY, GAME.view(other, None), names=NAMES) == renderer.render_board(
        KEY, view, names=NAMES
    )


def test_the_hand_shows_the_drawn_mandates_and_the_public_none() -> None:
    state = next(s for s in states(4, 2) if GAME.view(s, None).step == "choose")
    chooser = GAME.view(state, None).current
    assert chooser is not None
    own = GAME.view(state, chooser)
    assert len(own.drawn) == 4
    text = renderer.hand_alt_text(KEY, own, names=NAMES)
    for mandate in set(own.drawn):
        assert words("en")(f"rising_sun.mandate.{mandate}") in text
    other = GAME.view(state, (chooser + 1) % 4)
    assert not other.drawn
    assert "mandate tiles drawn" not in renderer.hand_alt_text(KEY, other, names=NAMES)
    assert (
        decode(renderer.render_hand(KEY, own, names=NAMES)).size
        != decode(renderer.render_hand(KEY, other, names=NAMES)).size
    )


def test_winters_breakdown_adds_up_to_the_final_score() -> None:
    outcome = GAME.outcome(states(3, 5)[-1])
    assert outcome is not None and "winter" in outcome.detail
    part = result_part(outcome, 3, words("en"))
    headers = [c.header for c in part.columns]
    assert headers[:4] == ["Before", "Tokens", "Sets", "Winter"]
    total = next(c for c in part.columns if c.strong)
    for seat in range(3):
        assert sum(int(c.cells[seat]) for c in part.columns[:4]) == int(total.cells[seat])


def test_alt_texts_stay_within_1000_characters() -> None:
    for name in POSITIONS:
        view = POSITIONS[name]()
        for locale in ("en", "es"):
            text = renderer.alt_text(KEY, view, names=NAMES[: view.players], locale=locale)
            assert 0 < len(text) <= 1000
