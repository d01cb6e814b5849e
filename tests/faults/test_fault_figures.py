"""The fault suite at a small size, asserting the figures ``python -m bench --only faults``
reports at full size: kill -9 of the bot process, races, fuzz through Discord, leaks,
Discord faults (bad persisted data: ``test_bad_data.py``)."""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bench.configs import configurations
from bench.faults import ZERO
from bench.faults.discord_faults import run_discord_faults
from bench.faults.fuzz import run_fuzz
from bench.faults.harness import is_sentence
from bench.faults.kill import run_kills
from bench.faults.leaks import leaks_of
from bench.faults.races import run_races
from bench.tables import open_table
from bot.edge.runner import error_text
from bot.posts import board
from bot.service.facade import Service
from bot.store import open_store


def zeros(part: str, found: dict[str, Any]) -> None:
    bad = {k: found[k] for k in ZERO[part] if found.get(k)}
    assert not bad, (bad, found.get("problems"))


async def test_kill_9_loses_and_doubles_nothing() -> None:
    found = await run_kills(2, per_key=1, seed=5)
    assert found["kills"] == 2 and found["restarts"] == 2
    assert found["acknowledged"] >= 5  # the games were played on after the restarts
    zeros("kill", found)


async def test_races_have_one_winner_and_clear_losers(pg_url: str) -> None:
    found = await run_races(1, 40, seed=3, postgres_url=pg_url)
    assert found["races"] == 3 and found["conflicting_moves"] == 120
    zeros("races", found)
    settings = found["by_setting"]
    assert set(settings) == {
        "discord, sqlite",
        "two processes, sqlite",
        "two processes, postgresql",
    }
    for setting in settings.values():  # the zeros hold on each backend, PostgreSQL too
        assert setting["races"] == setting["winners"] == 1, setting
        assert setting["conflicting_moves"] == 40, setting
        zeros("races", setting)
    assert found["postgresql"] == "ran"


async def test_fuzz_through_discord() -> None:
    found = await run_fuzz(500, seed=11)
    assert found["cases"] == 500 and found["refusals"] > 300 and found["moves_played"] > 5
    zeros("fuzz", found)


async def test_no_public_post_depends_on_hidden_information() -> None:
    configs = list(configurations())
    found = await leaks_of(range(len(configs)), samples=1, dm_seats=1, seed=4)
    assert found["games"] == len(configs) and found["compared_moves"] == len(configs)
    zeros("leaks", found)


async def test_quick_buttons_do_not_tell_that_a_hand_cannot_place() -> None:
    """Found by the full-size leak run: Shitenno's public Draw / End buttons showed that the
    mover's hidden hand could place nothing (two reshuffles did not notice it)."""
    found = await leaks_of([389, 555], samples=1, dm_seats=0, seed=17)
    assert found["games_by_config"] == {"shitenno 2p": 1, "shitenno 4p": 1}
    assert found["leaks"] == 0, found["examples"]


async def test_the_leak_check_sees_buttons_that_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    """With public choices that are simply ``legal()`` (the rule before issue 17), the
    leak part sees the Shitenno buttons of the report."""
    shitenno = games.get("shitenno")
    telling = dataclasses.replace(shitenno, public_choices=shitenno.legal)
    monkeypatch.setitem(games.GAMES, "shitenno", telling)
    found = await leaks_of([389, 555], samples=1, dm_seats=0, seed=17)
    assert found["leaks"] >= 1 and found["shown_buttons"] >= 1


async def test_the_leak_check_sees_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    real = board.post

    async def leaky(loaded: Any, *args: Any, **kwargs: Any) -> Any:
        post = await real(loaded, *args, **kwargs)  # a board that shows the whole state
        secret = hash(str(loaded.game.dump_state(loaded.state)))
        return type(post)(**{**post.__dict__, "text": f"{post.text} {secret}"})

    monkeypatch.setattr(board, "post", leaky)
    china = next(i for i, c in enumerate(configurations()) if c.key == "china")
    found = await leaks_of([china], samples=1, dm_seats=0, seed=4)
    assert found["leaks"] == 1


async def test_discord_faults_post_every_board_once_in_order() -> None:
    found = await run_discord_faults(2, seed=7)
    assert found["scenarios"] == 4 and found["deadlines_fired"] == 5
    zeros("discord", found)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_typed_move_is_played_or_refused_in_a_sentence(data: st.DataObject) -> None:
    """Whatever the mover types: the game moves on, or nothing changes and the answer is a
    sentence (the property behind the fuzzer's notation cases)."""
    configs = [c for c in configurations() if c.players == min(c.game.seats)]
    config = data.draw(st.sampled_from(configs))
    asyncio.run(_typed(config, data))


async def _typed(config: Any, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(f"{tmp}/h.db")
        service = Service(store, render=False)
        try:
            pairs = [(100 + i, f"P{i}") for i in range(config.players)]
            game_id = await open_table(service, config, pairs, seed=1)
            loaded = await service.load(game_id)
            seat = min(loaded.game.to_act(loaded.state))
            legal = [
                loaded.game.notation(loaded.state, a) for a in loaded.game.legal(loaded.state, seat)
            ]
            text = data.draw(
                st.one_of(
                    st.text(max_size=40),
                    st.sampled_from(legal).map(lambda s: s.swapcase()),
                    st.sampled_from(legal).flatmap(lambda s: st.just(s[: len(s) // 2])),
                )
            )
            try:
                await service.act(game_id, loaded.user_at(seat), text)  # type: ignore[arg-type]
            except ValueError as err:  # GameError / ServiceError: a refusal
                assert is_sentence(error_text(err, "en")), (text, str(err))
                assert (await service.load(game_id)).row.version == loaded.row.version
            else:
                assert (await service.load(game_id)).row.version > loaded.row.version
        finally:
            await store.close()


async def test_races_without_postgresql_binaries_say_so_as_a_figure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bench import faults
    from bench.faults import races
    from tests.pg_cluster import ClusterError

    class NoServer:
        def __init__(self) -> None:
            raise ClusterError("No PostgreSQL server binaries (initdb, pg_ctl) were found")

    monkeypatch.delenv("TENKA_TEST_POSTGRES", raising=False)
    monkeypatch.setattr(races, "TempCluster", NoServer)
    async with races.postgres_database(None) as (url, why):
        assert url is None and "binaries" in why
    part = {"by_setting": {"two processes, postgresql": {"races": 0, "unavailable": why}}}
    assert faults._postgres_races(part) == f"not run: {why}"


def test_an_unexpected_error_in_the_report_names_where_it_was_raised() -> None:
    # one line of a 100,000-case run must be enough to find the defect
    import logging
    import sys

    from bench.faults.harness import ErrorLog

    def lookup() -> str:
        return {"a": "b"}[""]

    log = ErrorLog()
    try:
        lookup()
    except KeyError:
        record = logging.LogRecord(
            "tenka.edge", logging.ERROR, __file__, 1, "interaction failed", None, sys.exc_info()
        )
        log.emit(record)
    (line,) = log.lines()
    assert line.startswith("[tenka.edge] interaction failed (KeyError: ''")
    assert "test_fault_figures.py:" in line and "in lookup" in line
