"""Who reads which language: the locale rules, localized service errors, and the service's
public posts (the game's language) against its private answers (the reader's)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

from bot.edge.components import BOARD_STYLES, LOBBY_ACTIONS
from bot.service.facade import Service
from bot.service.loaded import seat_name
from bot.service.results import NoSuchGame, NotAllowed, ServiceError, Stale, WrongPhase
from bot.store import GameRow, SeatRow, open_store
from bot.words.i18n import (
    catalogue_for_locale,
    game_locale,
    reader_locale,
    server_locale,
    user_locale,
)
from bot.words.text import catalogue, describe_event, has, t
from games import words
from games.base import Event

ALICE, BOB, CAROL = 101, 202, 303


# --- ServiceError carries a key ---------------------------------------------------------


def test_service_error_is_english_text_and_localizes() -> None:
    err = NotAllowed("err.too_few", title="Samurai", need=2)
    assert str(err) == "Samurai needs at least 2 players to start."
    assert err.localized("en") == str(err)
    assert err.localized("es") == t("err.too_few", "es", title="Samurai", need=2) != str(err)
    assert err.key == "err.too_few" and err.params == {"title": "Samurai", "need": 2}
    with pytest.raises(ServiceError, match="at least 2"):
        raise err


def test_service_error_subclasses_and_fallbacks() -> None:
    err = NoSuchGame("err.no_such_game", game_id=7)
    assert isinstance(err, ServiceError) and str(err) == "There is no game #7."
    assert err.localized("fr") == str(err)  # no French catalogue: English
    assert Stale("err.stale").localized("es") == t("err.stale", "es")
    # A missing argument stays visible instead of breaking the sentence.
    assert "{game_id}" in NoSuchGame("err.no_such_game").localized("es")


# --- the locale rules --------------------------------------------------------------------


def test_user_locale_prefers_the_setting_over_the_client() -> None:
    spanish_client = SimpleNamespace(locale=discord.Locale.spain_spanish)
    assert user_locale(spanish_client, {}) == "es"
    assert user_locale(spanish_client, {"language": "en"}) == "en"
    assert user_locale(SimpleNamespace(locale="en-US"), {"language": "es"}) == "es"
    assert user_locale(SimpleNamespace(locale="fr"), {"language": "klingon"}) == "en"


def test_server_game_and_dm_locales() -> None:
    assert server_locale({}, "es-419") == "es"
    assert server_locale({"language": "en"}, "es-ES") == "en"
    assert server_locale({}, None) == "en"
    assert game_locale({"locale": "es"}) == "es"
    assert game_locale({}) == "en"  # games opened before locales existed
    assert reader_locale({}, "es") == "es"
    assert reader_locale({"language": "en"}, "es") == "en"
    assert catalogue_for_locale(discord.Locale.latin_american_spanish) == "es"


# --- sentences built from engine data ----------------------------------------------------


def test_figure_names_and_settlements_are_translated() -> None:
    event = Event(
        "samurai.capture",
        {
            "hex": "F7",
            "settlement": "village",  # an unnamed settlement by its kind
            "figure": "B",
            "figure_name": "Buddha",  # what the engine puts in: English
            "influence": [3, 1],
            "winner": 0,
        },
        seat=0,
    )
    names = ["Ana", "Bo"]
    line = describe_event(event, names, "es")
    expected = t(
        "samurai.event.capture",
        "es",
        player="Ana",
        figure=t("samurai.figure.B", "es"),
        settlement=t("samurai.settlement.village", "es", hex="F7"),
        influence="Ana 3, Bo 1",
    )
    assert line == expected and "Buddha" not in expected
    assert settlement_name("city", "L16", "es") == t("samurai.settlement.city", "es", hex="L16")
    assert settlement_name("Edo", "E1", "es") == "Edo"
    assert settlement_name("Kyoto (L16)", "L16", "es") == "Kyoto (L16)"


def settlement_name(settlement: str, hex_label: str, locale: str) -> str:
    """A settlement as an event names it: the catalogue's term spec."""
    args = {"s": settlement, "hex": hex_label}
    return words.fill("{s:samurai.settlement}", catalogue(locale), args)


def tile_name(code: str, locale: str) -> str:
    """A Samurai tile code as the catalogue's term spec names it."""
    return words.fill("{tile:samurai.tile}", catalogue(locale), {"tile": code})


def test_tile_names() -> None:
    assert tile_name("B3", "en") == "Buddha 3"
    assert tile_name("B3", "es") == t("samurai.tile.B3", "es")
    assert tile_name("FS", "es") == t("samurai.tile.FS", "es")
    assert tile_name("N1", "en") == "Ronin"


def test_every_button_has_a_label_in_both_languages() -> None:
    for action in (*LOBBY_ACTIONS, *BOARD_STYLES, "confirm", "resign_confirm"):
        assert has(f"button.{action}", "en") and has(f"button.{action}", "es")
        assert t(f"button.{action}", "es") != f"button.{action}"


def test_seat_names_use_the_catalogue() -> None:
    row = GameRow(
        *(1, None, 10, None, None, None, ALICE, "yokai", {}, 1, 1, "active", 0, None, None),
        settings={"locale": "es", "names": {}},
        created_at=0.0,
        updated_at=0.0,
        turn_started_at=None,
    )
    ai = SeatRow(1, position=0, user_id=None, ai="normal", joined_at=0.0)
    nameless = SeatRow(1, position=1, user_id=ALICE, ai=None, joined_at=0.0)
    seats = [ai, nameless]
    assert seat_name(row, ai, seats) == "Hanzo (IA, normal)"
    assert seat_name(row, ai, seats, "en") == "Hanzo (AI, normal)"
    second = SeatRow(1, position=2, user_id=None, ai="normal", joined_at=0.0)
    assert seat_name(row, second, [*seats, second], "en") == "Kaede (AI, normal)"
    assert seat_name(row, nameless, seats) == t("seat.n", "es", n=2)
    assert seat_name(row, nameless, seats, "en") == "Player 2"


# --- the service: public posts in the game's language, answers in the reader's -----------


@pytest.fixture
async def service(tmp_path: Path):
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def test_a_spanish_game_posts_in_spanish_and_answers_each_reader(service: Service) -> None:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="yokai", locale="es-ES"
    )
    game_id = lobby.game.game_id
    assert lobby.game.locale == "es"
    assert t("lobby.waiting", "es", needed=2) in lobby.text
    await service.join(game_id, BOB, "Bob")
    result = await service.start(game_id, ALICE)
    (board,) = result.public
    loaded = await service.load(game_id)
    names = loaded.names()
    order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
    first_line = board.text.splitlines()[0]
    assert first_line == t(
        "board.begins", "es", title="Yōkai no Mori", game_id=game_id, order=order
    )
    mover = result.game.to_act[0]
    assert t("turn.yours", "es", mention=f"<@{mover}>") in board.text
    english = await service.board(game_id, "en")  # /board for an English reader
    assert t("turn.yours", "en", mention=f"<@{mover}>") in english.text
    status = await service.status(game_id, "en")
    assert t("status.active", "en") in status and t("status.active", "es") not in status
    assert t("status.active", "es") in await service.status(game_id, "es")
    with pytest.raises(WrongPhase) as caught:
        await service.join(game_id, CAROL, "Carol")
    assert caught.value.localized("es") == t("err.already_started", "es", game_id=game_id)


async def test_private_views_follow_each_readers_language(service: Service) -> None:
    await service.store.set_user_settings(BOB, {"language": "en"})
    lobby = await service.new_game(
        guild_id=1,
        channel_id=10,
        user_id=ALICE,
        user_name="Alice",
        key="samurai",
        players=3,
        locale="es",
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "Bob")
    await service.join(game_id, CAROL, "Carol")
    result = await service.start(game_id, ALICE)
    prompts = {p.user_id: p.text for p in result.private}

    def prompt(locale: str) -> str:
        where = t("hand.where", locale, title="Samurai", game_id=game_id)
        return f"{where}\n{t('samurai.menu.prompt', locale)}"

    assert prompts[ALICE] == prompt("es")  # the game's
    assert prompts[CAROL] == prompt("es")
    assert prompts[BOB] == prompt("en")  # his setting
    menu = await service.form(game_id, CAROL, "en")
    assert menu is not None and menu.locale == "en"
    assert ("Buddha 3 (B3)", "B3#1") in menu.fields[0].options
    hand = await service.hand(game_id, ALICE, "en")
    assert hand.text == prompt("en")
