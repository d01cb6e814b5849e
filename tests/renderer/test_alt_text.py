"""Alt texts: position, last move and whose turn, in words, from the same view."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import renderer
from games.base import Outcome, Termination
from games.yokai.view import YokaiView
from tests.renderer import positions


def alt(view: YokaiView, names: tuple[str, str] | None = None) -> str:
    return renderer.alt_text("yokai", view, names=names)


def test_start_position_names_every_piece_and_the_first_mover() -> None:
    text = alt(positions.start_3x4())
    assert text.startswith("Yōkai no Mori 3x4, start position, First player to move.")
    assert "First player (bottom): koropokkuru b1; kitsune a1; tanuki c1; kodama b2." in text
    assert "Second player (top): koropokkuru b4; kitsune c4; tanuki a4; kodama b3." in text
    assert "Last move" not in text


def test_promotion_move_and_reserves() -> None:
    text = alt(positions.midgame_3x4())
    assert "move 7, Second player to move." in text
    assert "Last move: First player kodama c3 to c4, promoting to kodama samurai." in text
    assert "kodama samurai c4" in text
    assert "Reserves: First player 1 kodama; Second player 1 kodama." in text


def test_drop_and_check() -> None:
    text = alt(positions.midgame_5x6_check())
    assert "First player to move, in check." in text
    assert "Last move: Second player dropped a kirin on c2." in text
    assert "super oni e2" in text


def test_finished_games_give_the_result() -> None:
    assert "Game over: First player wins by try." in alt(positions.finished_3x4())
    assert "Game over: Second player wins by capture." in alt(positions.captured_king_3x4())
    assert "1 koropokkuru, 1 kitsune, 1 tanuki, 2 kodama" in alt(positions.captured_king_3x4())
    assert "Game over: Draw by repetition." in alt(positions.drawn_5x6())


def test_display_names_replace_seat_labels() -> None:
    text = alt(positions.midgame_3x4(), names=("Kiyomi", "Bo"))
    assert "Bo to move" in text and "Last move: Kiyomi kodama" in text
    assert "First player" not in text


def test_resignation_wording() -> None:
    view = positions.start_5x6()
    resigned = YokaiView(
        **{
            **view.__dict__,
            "to_move": None,
            "outcome": Outcome(Termination.RESIGNATION, frozenset({1}), (2, 1)),
        }
    )
    assert "Game over: Second player wins by resignation." in alt(resigned)


codes = st.sampled_from(["", "", "", "K", "k", "F", "f", "T", "t", "D", "d", "+D", "+d"])


@settings(max_examples=25, deadline=None)
@given(
    board=st.lists(codes, min_size=12, max_size=12),
    names=st.one_of(st.none(), st.tuples(st.text(max_size=600), st.text(max_size=600))),
    counts=st.lists(st.integers(1, 4), min_size=4, max_size=4),
    locale=st.sampled_from(["en", "es"]),
)
def test_any_position_renders_and_stays_within_discord_limits(
    board: list[str], names: tuple[str, str] | None, counts: list[int], locale: str
) -> None:
    hand = tuple(zip("KFTD", counts, strict=True))
    view = YokaiView(
        variant="3x4",
        files=3,
        ranks=4,
        board=tuple(board),
        hands=(hand, hand[1:]),
        to_move=1,
        ply=3,
        last_move="D*a1",
        last_squares=(0,),
        in_check=False,
        outcome=None,
    )
    assert len(renderer.alt_text("yokai", view, names=names, locale=locale)) <= 1024
    png = renderer.render_board("yokai", view, names=names, locale=locale)
    assert png.startswith(b"\x89PNG")
