"""A post's text stays whole when what is put before it (a digest, a turn's lines) is long."""

from __future__ import annotations

from bot.service.aftermath import _fit


def test_older_lines_give_way_the_title_and_the_posts_own_text_stay() -> None:
    lines = [f"> line {i} " + "x" * 80 for i in range(40)]
    text = _fit(["Since your last move:", *lines, "The bids are revealed."], title=True)
    assert len(text) <= 2000
    assert text.startswith("Since your last move:\n")
    assert text.endswith("The bids are revealed.")
    assert "line 39" in text and "line 0 " not in text


def test_without_a_title_the_oldest_line_goes_first() -> None:
    text = _fit(["a" * 1500, "b" * 400, "own"], limit=500)
    assert text == "b" * 400 + "\nown"
