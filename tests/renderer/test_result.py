"""The result card: a bounded, non-blank, stable PNG for every game's real outcomes, and an
alt text that names the winner and the tie-break.

Regenerate the reference cards after an intended change, then look at them::

    python -m tests.renderer.test_result
"""

from __future__ import annotations

import io
import math
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

import games
from games.ai import RandomPlayer, choose_for
from games.base import InvalidOption, Outcome, Termination, resolve_options
from renderer.core import clear_caches, font, rgb
from renderer.palettes import PALETTES
from renderer.result import (
    fitted_headline,
    make_card,
    render_result,
    result_alt_text,
    tiebreak_words,
)
from renderer.words import words

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
NAMES = ("Ann", "Bo", "Chie", "Dai", "Eun")
LONG_NAMES = (
    "Bartholomew the Great of Kyoto",
    "Chiyonofuji Mitsugu the Fifty-Eighth",
    "Dmitri Ivanovich Mendeleev of Tobolsk",
    "Eun-ji 은지 🎲 plays on Tuesdays",
    "Ann",
)
# Real outcomes copied from random playouts, frozen so engine changes cannot move the pictures.
SAMURAI_4P = {
    "termination": "scoring",
    "winners": [1],
    "ranks": [2, 1, 4, 3],
    "scores": [1.0, 1.0, 0.0, 0.0],
    "tiebreak": "other_figures",
    "detail": {
        "captured": {
            "0": {"helmet": 2, "buddha": 2, "rice": 6},
            "1": {"helmet": 4, "buddha": 3, "rice": 2},
            "2": {"helmet": 2, "buddha": 3, "rice": 2},
            "3": {"helmet": 3, "buddha": 3, "rice": 2},
        },
        "leaders": {"helmet": 1, "buddha": None, "rice": 0},
        "set_aside": {"helmet": 1, "buddha": 0, "rice": 1},
        "reason": "exhausted",
    },
}
CHINA_5P = {
    "termination": "scoring",
    "winners": [4],
    "ranks": [5, 4, 2, 3, 1],
    "scores": [16.0, 24.0, 26.0, 24.0, 26.0],
    "tiebreak": "pieces_left",
    "detail": {
        "breakdown": [
            {"houses": h, "alliances": a, "routes": 0, "total": h + a, "pieces_left": p}
            for h, a, p in ((16, 0, 21), (21, 3, 17), (23, 3, 15), (24, 0, 18), (23, 3, 17))
        ],
        "resigned": [],
    },
}
# file stem -> (game key, title, outcome JSON, names, palette)
REFERENCES = {
    "result_samurai_4p": ("samurai", "Samurai", SAMURAI_4P, NAMES, "default"),
    "result_china_5p_colorblind": ("china", "China", CHINA_5P, LONG_NAMES, "colorblind"),
}


def render_reference(stem: str) -> bytes:
    key, title, data, names, palette = REFERENCES[stem]
    return render_result(key, title, Outcome.from_json(data), names=names, palette=palette)


@cache
def playout(key: str, players: int, seed: int, resign_at: int | None = None) -> Outcome:
    """The outcome of a random game; with ``resign_at``, every seat but the last resigns
    after that many actions."""
    game = games.get(key)
    state = game.setup(players, resolve_options(game, {}), seed)
    player = RandomPlayer(seed)
    for step in range(5000):
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome
        if step == resign_at:
            for seat in range(players - 1):
                state, _ = game.resign(state, seat)
            continue
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
    raise AssertionError(f"{key} seed {seed} did not end")


TITLES = {"yokai": "Yōkai no Mori 3x4", "samurai": "Samurai", "china": "China"}
REAL = {
    "yokai_2p": ("yokai", 2, 2),
    "yokai_2p_try": ("yokai", 2, 1),
    "samurai_2p": ("samurai", 2, 1),
    "samurai_3p": ("samurai", 3, 3),
    "samurai_4p": ("samurai", 4, 2),
    "china_3p": ("china", 3, 1),
    "china_4p": ("china", 4, 2),
    "china_5p": ("china", 5, 1),
}
DRAW = Outcome(Termination.REPETITION, frozenset(), (1, 1), (0.5, 0.5))


def cases() -> dict[str, tuple[str, Outcome, tuple[str, ...]]]:
    """Every card the tests draw: (game key, outcome, names)."""
    out = {name: (key, playout(key, n, seed), NAMES[:n]) for name, (key, n, seed) in REAL.items()}
    out["yokai_draw"] = ("yokai", DRAW, NAMES[:2])
    out["yokai_resign"] = ("yokai", playout("yokai", 2, 3, resign_at=2), NAMES[:2])
    out["samurai_resign"] = ("samurai", playout("samurai", 3, 2, resign_at=30), NAMES[:3])
    out["china_resign"] = ("china", playout("china", 3, 2, resign_at=20), NAMES[:3])
    out["china_5p_long_names"] = ("china", playout("china", 5, 3), LONG_NAMES)
    out["samurai_4p_long_names"] = ("samurai", Outcome.from_json(SAMURAI_4P), LONG_NAMES)
    return out


CASES = sorted(cases())


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def share_of(image: Image.Image, colour: str) -> float:
    """Fraction of the pixels within a small distance of ``colour``."""
    target = rgb(colour)
    colours = image.getcolors(maxcolors=1 << 16) or []
    near = sum(n for n, c in colours if math.dist(c, target) <= 10)
    return near / (image.width * image.height)


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("name", CASES)
def test_card_is_a_bounded_non_blank_png(name: str, palette: str) -> None:
    key, outcome, names = cases()[name]
    png = render_result(key, TITLES[key], outcome, names=names, palette=palette)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    Image.open(io.BytesIO(png)).verify()
    image = decode(png)
    assert 500 <= image.width <= 1000
    assert 300 <= image.height <= 1000
    assert len(png) <= 120 * 1024
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) >= 30
    assert max(ImageStat.Stat(image).stddev) > 25
    # One row per seat: taller with more players.
    assert image.height >= 300 + 60 * len(outcome.ranks)


@pytest.mark.parametrize("name", CASES)
def test_card_is_deterministic(name: str) -> None:
    key, outcome, names = cases()[name]
    first = render_result(key, TITLES[key], outcome, names=names)
    clear_caches()
    assert render_result(key, TITLES[key], outcome, names=names) == first


@pytest.mark.parametrize("name", CASES)
def test_alt_text_names_the_winners_and_the_tiebreak(name: str) -> None:
    key, outcome, names = cases()[name]
    text = result_alt_text(key, TITLES[key], outcome, names=names)
    assert len(text) <= 1024
    assert text.startswith(TITLES[key])
    for seat in outcome.winners:
        assert names[seat] in text
    if outcome.tiebreak:
        assert f"Tie-break: {tiebreak_words(key, outcome.tiebreak, words('en'))}" in text
    else:
        assert "Tie-break" not in text
    if outcome.is_draw and not outcome.winners:
        assert "Draw" in text


def test_real_playouts_cover_tiebreaks_draws_and_resignations() -> None:
    # The cases above are only worth something if they hold what they claim.
    outcomes = {name: case[1] for name, case in cases().items()}
    assert outcomes["china_5p"].tiebreak == "pieces_left"
    assert outcomes["yokai_2p_try"].detail.get("rule") == "failed_defence"
    for name in ("yokai_resign", "samurai_resign", "china_resign"):
        assert outcomes[name].termination is Termination.RESIGNATION, name
    assert {len(o.ranks) for o in outcomes.values()} == {2, 3, 4, 5}


def test_alt_text_words_the_ending() -> None:
    def alt(key: str, outcome: Outcome) -> str:
        return result_alt_text(key, TITLES[key], outcome, names=NAMES)

    assert "Game over: draw by repetition." in alt("yokai", DRAW)
    assert "Game over: final scoring (a figure type ran out)." in alt(
        "samurai", Outcome.from_json(SAMURAI_4P)
    )
    resigned = alt("yokai", playout("yokai", 2, 3, resign_at=2))
    assert "Game over: resignation." in resigned and "Ann (resigned)" in resigned
    assert "1st Bo: win; 2nd Ann (resigned): loss." in resigned
    china = alt("china", Outcome.from_json(CHINA_5P))
    assert "1st Eun: houses 23, alliances 3, routes 0, total 26, pieces left 17;" in china
    assert "Tie-break: most pieces left in supply." in china
    samurai = alt("samurai", Outcome.from_json(SAMURAI_4P))
    assert "1st Bo: helmets 4 (leads this type), Buddhas 3, rice fields 2, types led 1;" in samurai
    assert "Set aside: 1 helmet, 0 Buddhas, 1 rice field." in samurai


def test_leaders_and_the_deciding_cell_are_marked() -> None:
    card = make_card("samurai", "Samurai", Outcome.from_json(SAMURAI_4P), NAMES)
    marked = {col.header: set(col.marked) for col in card.columns}
    assert marked == {"Helmets": {1}, "Buddhas": set(), "Rice": {0}, "Types led": set()}
    assert card.order == (1, 0, 3, 2)
    china = make_card("china", "China", Outcome.from_json(CHINA_5P), NAMES)
    assert {col.header: set(col.marked) for col in china.columns}["Pieces left"] == {4}
    no_tiebreak = make_card("china", "China", playout("china", 3, 1), NAMES)
    assert not any(col.marked for col in no_tiebreak.columns)


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_a_crown_only_when_someone_won(palette: str) -> None:
    pal = PALETTES[palette]
    crown = pal["promoted_fill"] if palette == "default" else pal["highlight"]
    won = decode(
        render_result("yokai", "Yōkai", playout("yokai", 2, 2), names=NAMES, palette=palette)
    )
    abandoned = Outcome(Termination.ABANDONED, frozenset(), (1, 1))
    none = decode(render_result("yokai", "Yōkai", abandoned, names=NAMES, palette=palette))
    assert share_of(won, crown) > 0.002
    assert share_of(none, crown) < share_of(won, crown) / 4


def test_long_names_are_cut_but_the_verb_stays() -> None:
    outcome = Outcome(Termination.SCORING, frozenset({0, 1}), (1, 1, 3), (2.0, 2.0, 1.0))
    fnt = font(36, True)
    text = fitted_headline(outcome, LONG_NAMES, fnt, 800)
    assert text.endswith(" share the win") and "…" in text
    assert fnt.getlength(text) <= 800
    assert fitted_headline(outcome, NAMES, fnt, 800) == "Ann and Bo share the win"
    image = decode(render_result("samurai", "Samurai", outcome, names=LONG_NAMES))
    assert image.width <= 1000


def test_unknown_detail_and_games_are_skipped_not_fatal() -> None:
    odd = Outcome(
        Termination.SCORING,
        frozenset({0}),
        (1, 2, 3),
        (3.0, 2.0, 1.0),
        "a_new_rule",
        {"breakdown": [{"houses": "many"}, None, 3], "captured": 7, "zzz": {"a": [1]}},
    )
    for key in ("china", "samurai", "yokai", "go"):
        card = make_card(key, "Game", odd, NAMES)
        last = {"china": "Total", "samurai": "Types led", "yokai": "Result", "go": "Score"}[key]
        assert [col.header for col in card.columns][-1] == last
        decode(render_result(key, "Game", odd, names=NAMES))
    text = result_alt_text("go", "Go", odd, names=NAMES)
    assert "Tie-break: a new rule." in text and "1st Ann: score 3" in text
    bare = Outcome(Termination.ABANDONED, frozenset(), (1, 1, 1, 1, 1, 1))  # six seats, no scores
    assert "No winner" in result_alt_text("go", "Go", bare, names=())
    decode(render_result("go", "Go", bare, names=()))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=12,
)
DETAIL_KEYS = st.sampled_from(
    ["captured", "leaders", "set_aside", "reason", "breakdown", "resigned", "rule", "other"]
)


@settings(max_examples=15, deadline=None)
@given(
    key=st.sampled_from(["yokai", "samurai", "china", "go"]),
    seats=st.integers(2, 5),
    detail=st.dictionaries(DETAIL_KEYS, JSON_VALUES, max_size=4),
    data=st.data(),
)
def test_any_detail_gives_a_card(
    key: str, seats: int, detail: dict[str, object], data: st.DataObject
) -> None:
    ranks = tuple(data.draw(st.lists(st.integers(1, seats), min_size=seats, max_size=seats)))
    winners = frozenset(s for s in range(seats) if ranks[s] == min(ranks))
    termination = data.draw(st.sampled_from(list(Termination)))
    outcome = Outcome(termination, winners, ranks, tuple(float(-r) for r in ranks), None, detail)
    text = result_alt_text(key, "Game", outcome, names=NAMES)
    assert len(text) <= 1024 and all(NAMES[s] in text for s in winners)
    image = decode(render_result(key, "Game", outcome, names=NAMES))
    assert image.width <= 1000


def test_an_unknown_palette_is_refused() -> None:
    with pytest.raises(InvalidOption):
        render_result("yokai", "Yōkai", DRAW, names=NAMES, palette="neon")


@pytest.mark.parametrize("stem", sorted(REFERENCES))
def test_card_matches_reference(stem: str) -> None:
    reference = Image.open(REFERENCE_DIR / f"{stem}.png").convert("RGB")
    fresh = decode(render_reference(stem))
    assert fresh.size == reference.size
    diff = ImageStat.Stat(ImageChops.difference(fresh, reference)).mean
    assert sum(diff) / 3 < 1.5, f"{stem} changed: run python -m tests.renderer.test_result"


def main() -> None:
    REFERENCE_DIR.mkdir(exist_ok=True)
    for stem in REFERENCES:
        path = REFERENCE_DIR / f"{stem}.png"
        path.write_bytes(render_reference(stem))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
