"""China's options are checked at creation: ``validate_options`` refuses what ``setup`` would."""

from __future__ import annotations

import pytest

import games
from games.base import InvalidOption, resolve_options
from games.china import GAME


@pytest.mark.parametrize(("side", "players"), [("a", 5), ("b", 3), ("A", 5)])
def test_a_side_not_for_the_player_count_is_refused(side: str, players: int) -> None:
    options = resolve_options(GAME, {"side": side})
    with pytest.raises(InvalidOption) as caught:
        GAME.validate_options(options, players)
    assert caught.value.key == "china.rules.side_not_for_players"
    assert caught.value.params["side"] == side.upper()
    assert caught.value.params["players"] == players
    assert f"not for {players} players" in str(caught.value)
    # setup refuses the same options with the same sentence
    with pytest.raises(InvalidOption) as again:
        GAME.setup(players, options, 1)
    assert (again.value.key, str(again.value)) == (caught.value.key, str(caught.value))


@pytest.mark.parametrize(
    ("side", "players"), [("auto", 3), ("auto", 4), ("auto", 5), ("a", 3), ("a", 4), ("b", 4)]
)
def test_a_side_for_the_player_count_is_accepted(side: str, players: int) -> None:
    options = resolve_options(GAME, {"side": side})
    assert GAME.validate_options(options, players) is None
    assert GAME.setup(players, options, 1).side == (
        side.upper() if side != "auto" else ("B" if players == 5 else "A")
    )


@pytest.mark.parametrize("side", ["auto", "a", "b"])
def test_without_a_player_count_every_side_is_possible(side: str) -> None:
    assert GAME.validate_options(resolve_options(GAME, {"side": side}), None) is None


@pytest.mark.parametrize("players", [2, 6])
def test_a_player_count_outside_3_to_5_is_refused(players: int) -> None:
    with pytest.raises(InvalidOption) as caught:
        GAME.validate_options(resolve_options(GAME, {}), players)
    assert caught.value.key == "china.rules.players_not_allowed"
    assert str(caught.value) == f"China is for 3 to 5 players, not {players}."


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_every_game_accepts_its_default_options_for_its_seats(key: str) -> None:
    game = games.get(key)
    options = resolve_options(game, {})
    for players in (None, *game.seats):
        assert game.validate_options(options, players) is None
