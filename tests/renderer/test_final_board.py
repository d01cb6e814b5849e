"""The last board shows the final result (issue 24, item 10): a finished game's board draws
the same figures as its result card, and says them in its alt text.

Shitenno's rulebook: «En el marcador de puntos de favor, cada general añadirá los puntos
que ha ganado durante la partida» (Koku in hand, 6 per province majority): the final
scoring is added *on the favour track*, so the track of the last board shows the totals.
Rising Sun's: «Una vez que se suman todos los puntos de victoria, ¡el jugador con más
puntos es declarado ganador!»; the last board ranks the clans by the result, not by Honor,
and the mandate track (a Season's business) gives way to the result.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
import renderer
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from renderer.core import CACHED
from renderer.palettes import PALETTES

NAMES = ["Ann", "Bo", "Chie", "Dan", "Eve"]


def _finished(key: str, players: int, seed: int) -> Any:
    game = games.get(key)
    state = game.setup(players, resolve_options(game, {}), seed)
    player = RandomPlayer(seed)
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
    return game, state


def _drawn(monkeypatch: pytest.MonkeyPatch, modules: list[str]) -> list[dict[str, Any]]:
    """Every text the given renderer modules draw (their ``draw_text``), recorded."""
    seen: list[dict[str, Any]] = []
    for name in modules:
        module = __import__(name, fromlist=["draw_text"])
        real = module.draw_text

        def spy(img: Any, xy: Any, text: str, *args: Any, real: Any = real, **kw: Any) -> Any:
            seen.append({"text": text, **kw})
            return real(img, xy, text, *args, **kw)

        monkeypatch.setattr(module, "draw_text", spy)
    return seen


def _render(key: str, game: Any, state: Any, players: int, locale: str = "en") -> Any:
    view = game.view(state, None)
    names = NAMES[:players]
    drawing = renderer.get(key)
    drawing.render(
        view, palette=PALETTES["default"], highlight=True, names=names, kit=CACHED, locale=locale
    )
    return drawing.alt_text(view, names=names, locale=locale)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_the_last_shitenno_board_shows_the_totals(
    monkeypatch: pytest.MonkeyPatch, players: int, seed: int
) -> None:
    """The favour column (its large figures) and the favour track, and the alt text's
    «favour N» of every player, are the result card's totals, not the favour before the
    final scoring."""
    game, state = _finished("shitenno", players, seed)
    outcome = game.outcome(state)
    totals = [int(outcome.scores[s]) for s in range(players)]
    assert totals != list(state.favour), "no final points: the test would prove nothing"
    seen = _drawn(monkeypatch, ["renderer.shitenno.layout"])
    alt = _render("shitenno", game, state, players)
    column = [d["text"] for d in seen if d.get("size") == 24 and d.get("bold")]
    assert column == [str(t) for t in totals]
    said = [int(n) for n in re.findall(r"favour (\d+)", alt)]
    assert said == totals
    for s in range(players):
        assert game.view(state, s).seats[s].favour == totals[s]


@pytest.mark.parametrize(("players", "seed"), [(3, 6), (4, 6), (5, 7)])
def test_the_last_rising_sun_board_ranks_the_clans_by_the_result(
    monkeypatch: pytest.MonkeyPatch, players: int, seed: int
) -> None:
    """The clans' panel is headed «Final result» and lists the clans by their result, each
    with its rank and final VP; the mandate track's place lists the same ranking; no
    mandate nor the mandate deck is drawn; the alt text names the clans in the same order."""
    game, state = _finished("rising_sun", players, seed)
    outcome = game.outcome(state)
    view = game.view(state, None)
    assert list(view.honor) != sorted(range(players), key=lambda s: outcome.ranks[s]), (
        "Honor order equals the result: pick another seed"
    )
    order = sorted(range(players), key=lambda s: (outcome.ranks[s], list(view.honor).index(s)))
    seen = _drawn(
        monkeypatch,
        [
            "renderer.rising_sun.board",
            "renderer.rising_sun.panels",
            "renderer.rising_sun.political",
            "renderer.rising_sun.summary",
        ],
    )
    alt = _render("rising_sun", game, state, players)
    texts = [d["text"] for d in seen]
    assert "Final result" in texts and "Clans by Honor" not in texts
    rows = [t for t in texts if re.match(r"\d\. \w+ \(", t)]
    expected = [
        f"{outcome.ranks[s]}. {NAMES[s]} ({view.seats[s].clan.capitalize()}): "
        f"{int(outcome.scores[s])} VP"
        for s in order
    ]
    assert [r.split(" (")[0] for r in rows] == [e.split(" (")[0] for e in expected]
    assert [r.rsplit(": ", 1)[1] for r in rows] == [e.rsplit(": ", 1)[1] for e in expected]
    mandates = {"Betray", "Marshal", "Recruit", "Train"}  # "Harvest" also labels provinces
    assert not mandates & set(texts)
    assert not any(t.startswith("Mandate deck") for t in texts)
    clans_said = re.findall(r"(\w+) \([\w ]+\): Honor \d+, (\d+) VP", alt)
    assert [(n, int(v)) for n, v in clans_said] == [
        (NAMES[s], int(outcome.scores[s])) for s in order
    ]
