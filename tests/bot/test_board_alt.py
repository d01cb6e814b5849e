"""Every board's alt text, through a whole random game of every game in English and
Spanish with 32-character names: within Discord's 1,024 characters, whole sentences of the
full description (``/board text:true``) only, ending on a whole sentence; whose turn and
what they must do first, and the last action and the scores always in it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import games
from bot.posts.alt_text import board_alt, board_as_text
from bot.posts.render import Sight
from bot.words.text import t
from renderer.china import words as china
from renderer.rising_sun import words as rising_sun
from renderer.samurai import words as samurai
from renderer.shitenno import words as shitenno
from renderer.text import result_sentence, seat_label
from renderer.words import Words, words
from renderer.yokai import words as yokai

DISCORD_DESCRIPTION = 1024
NAMES = tuple(
    f"{n} Watanabe-Fernández de la Sierra"[:32] for n in ("Ann", "Bo", "Chie", "Dai", "Eri")
)
Reader = Callable[[Any, Sequence[str], Words], str]


def _shitenno_scores(view: Any, names: Sequence[str], tr: Words) -> list[str]:
    return [rf"{re.escape(names[s.seat])}[^;.]*\b{s.favour}\b" for s in view.seats]


def _rising_sun_head(view: Any, names: Sequence[str], tr: Words) -> str:
    if view.outcome is not None:
        return rising_sun.result_text(view, names, tr)
    return rising_sun.status(view, names, tr)


def _china_head(view: Any, names: Sequence[str], tr: Words) -> str:
    if view.outcome is not None:
        return china.result_text(view, names, tr.locale)
    return china.turn_status(view, names, locale=tr.locale)


def _samurai_last(view: Any, names: Sequence[str], tr: Words) -> str:
    entries = samurai.turn_entries(view, tr.locale)
    return ", ".join(entries[-1][2]) if entries else ""


def _samurai_scores(view: Any, names: Sequence[str], tr: Words) -> list[str]:
    counts = [samurai.seat_counts(view, s.seat, locale=tr.locale) for s in view.seats]
    return [re.escape(f"{names[s.seat]}: {c}") for s, c in zip(view.seats, counts, strict=True)]


def _yokai_head(view: Any, names: Sequence[str], tr: Words) -> str:
    if view.outcome is not None:
        return result_sentence(view.outcome, names, tr.locale, "yokai")
    return seat_label(view.to_move, names, tr.locale)


# game: (players, whose turn and what to do, the last action, each seat's score as a pattern)
READERS: dict[str, tuple[int, Reader, Reader, Callable[..., list[str]]]] = {
    "shitenno": (4, shitenno.status, shitenno.last_action, _shitenno_scores),
    "rising_sun": (
        5,
        _rising_sun_head,
        lambda view, names, tr: rising_sun.last_action_text(view, names, tr, code=False),
        lambda view, names, tr: [
            rf"{re.escape(names[s])}[^;.]*\b{view.seats[s].vp}\b" for s in range(view.players)
        ],
    ),
    "china": (
        5,
        _china_head,
        lambda view, names, tr: china.last_turn_text(view, names, tr.locale),
        lambda view, names, tr: [
            rf"{re.escape(names[s])} {score.total}\b" for s, score in enumerate(view.scores)
        ],
    ),
    "samurai": (
        4,
        lambda v, n, tr: samurai.status_lines(v, n, tr.locale)[0],
        _samurai_last,
        _samurai_scores,
    ),
    "yokai": (
        2,
        _yokai_head,
        yokai.last_move_sentence,
        lambda view, names, tr: [re.escape(yokai.reserves_sentence(view, names, tr))],
    ),
}


def whole_game(key: str, players: int, seed: int) -> Iterator[Any]:
    """The public view after every action of a game played at random to its end."""
    game, rng = games.get(key), random.Random(seed)
    state = game.setup(players, {}, seed=seed)
    for _ in range(5000):
        yield game.view(state, None)
        if game.outcome(state) is not None:
            return
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    raise AssertionError(f"{key} did not end")


def whole_sentences_of(alt: str, full: str, more: str) -> bool:
    """Whether ``alt`` is some of the full description's lines (its sentences), whole and
    in order, then possibly where the rest is."""
    rest = alt
    for line in full.splitlines():
        if rest == line or rest.startswith(line + " "):
            rest = rest[len(line) :].lstrip()
    return rest in ("", more)


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("key", sorted(READERS))
def test_every_alt_text_of_a_whole_game_puts_what_matters_first(key: str, locale: str) -> None:
    players, head, last, scores = READERS[key]
    names, tr, more = NAMES[:players], words(locale), t("board.alt_more", locale)
    for number, view in enumerate(whole_game(key, players, seed=11)):
        sight = Sight(1, key, view, names, locale)
        alt, full = board_alt(sight), board_as_text(sight, limit=None)
        where = f"{key} {locale} board {number}: {alt!r}"
        assert len(alt) <= DISCORD_DESCRIPTION and alt.endswith("."), where
        assert whole_sentences_of(alt, full, more), where
        now = head(view, names, tr)
        assert 0 <= alt.find(now) <= 100, (now, where)
        done = last(view, names, tr)  # "" before the first action, or for a secret one
        assert not done or alt.find(now) <= alt.find(done), (done, where)
        for score in scores(view, names, tr):
            assert re.search(score, alt), (score, where)
