"""Alt text within Discord's limit, summarised at whole sentences, with the way to the
whole text; ``/board text:true`` splits the whole text between lines."""

from __future__ import annotations

import pytest

import games
from bot.edge.delivery import chunks
from bot.posts.alt_text import ALT_MAX, alt_summary
from bot.words.text import t
from renderer import alt_text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_long_alt_text_is_summarised_at_a_sentence_and_says_where_the_rest_is(lang: str) -> None:
    sentences = [f"Region {i} holds houses of Ann, Bo and Chie." for i in range(60)]
    long = " ".join(sentences)
    short = alt_summary(long, lang)
    assert len(short) <= ALT_MAX < len(long)
    assert short.endswith(t("board.alt_more", lang))
    head = short[: -len(t("board.alt_more", lang))].strip()
    assert head.endswith(".") and long.startswith(head)


def test_a_short_alt_text_is_kept_whole() -> None:
    assert alt_summary("Two kodama face each other.") == "Two kodama face each other."


def test_the_biggest_china_board_fits_within_the_limit() -> None:
    game = games.get("china")
    state = game.setup(5, {}, seed=3)
    for _ in range(80):
        (seat,) = sorted(game.to_act(state))[:1]
        state, _ = game.apply(state, seat, game.legal(state, seat)[0])
        if game.outcome(state) is not None:
            break
    names = tuple(f"Player {i}" for i in range(5))
    full = alt_text("china", game.view(state, None), names=names, locale="es")
    assert len(alt_summary(full, "es")) <= ALT_MAX


def test_chunks_split_between_lines_and_keep_everything() -> None:
    text = "\n".join(f"line {i} " + "x" * 90 for i in range(60))
    parts = chunks(text, 2000)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "\n".join(parts) == text
