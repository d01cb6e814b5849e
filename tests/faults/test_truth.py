"""What a player is told is true (issue 23): the fault suite's judges, and the ``truth``
part of ``python -m bench --only faults`` at a small size.

Each judge guards a defect the suite could not see before (the issue's item 12):

- a move in the log answered "nothing was changed" (``committed_told_refused``), and the
  player who then plays it again (``doubled_moves``);
- a board posted twice, seen in the channel's messages whatever Discord remembers of
  nonces (``boards_doubled``);
- a rollback that took back a reveal (``takebacks_past_reveal``), judged by replaying the
  log on positions shuffled in what the requester cannot see;
- a board lost after an undo or a takeback (``boards_lost_after_rollback``), and a vote
  of a seat's former holder that still counts (``votes_from_replaced_seat``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bench.configs import configurations
from bench.faults import ZERO
from bench.faults.harness import Figures
from bench.faults.judge import board_doubles, judge_told, revealed, told_refused
from bench.faults.truth import run_truth
from bot.words.text import t
from games import engine
from games.ai import RandomPlayer, choose_for


def test_an_answer_is_judged_by_the_log() -> None:
    figures = Figures()
    for key in ("err.store_down", "err.storage", "err.busy"):
        judge_told(figures, True, t(key, "en"), key)  # committed, told it was not
    judge_told(figures, True, t("err.internal", "en", error_id="x1"), "internal")
    judge_told(figures, True, t("reply.played", "en", notation="a1"), "fine")
    judge_told(figures, True, t("reply.board_follows", "en"), "fine too")
    judge_told(figures, True, t("err.after_commit", "en"), "in, though something failed after")
    judge_told(figures, True, t("err.already_played", "en"), "a redelivery, counted once")
    judge_told(figures, False, t("reply.played", "en", notation="a1"), "not in the log")
    judge_told(figures, False, t("err.store_down", "en"), "refused, and told so")
    assert figures.values == {"committed_told_refused": 4, "refused_told_played": 1}
    # a note that is not a refusal (the hand shown where a DM could not go) is no verdict
    assert not told_refused(t("dm.closed", "en") + "\n\nChina game #1: your private view.")


def _board(nonce: str | None, content: str, picture: bytes) -> Any:
    return SimpleNamespace(
        nonce=nonce, content=content, attachments=[SimpleNamespace(data=picture)]
    )


def test_a_board_in_the_channel_twice_is_a_double_with_or_without_a_nonce() -> None:
    boards = [_board("1.3.7", "a", b"p"), _board("1.3.7", "a", b"p"), _board("1.4.8", "b", b"q")]
    assert board_doubles(boards) == 1
    plain = [_board(None, "a", b"p"), _board(None, "a", b"p"), _board(None, "a", b"other")]
    assert board_doubles(plain) == 1
    assert board_doubles([_board("1.3.7", "a", b"p"), _board(None, "a", b"p")]) == 1
    # discord.py gives a message without a nonce a random one: it is no board's marker
    assert board_doubles([_board("1.3.7", "a", b"p"), _board("81985529", "a", b"p")]) == 1
    # the same position shown again after a takeback is another committed state
    assert board_doubles([_board("1.3.7", "a", b"p"), _board("1.3.9", "a", b"p")]) == 0


def _reveals(key: str, moves: int) -> int:
    """Over a random playout of ``key``: after each move, whether taking back its mover's
    last move would take back something hidden the mover then saw."""
    config = next(c for c in configurations() if c.key == key)
    game, state = config.game, config.setup(5)
    player, found = RandomPlayer(7), 0
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        text = game.notation(state, choose_for(player, game, state, seat))
        found += revealed(game, state, [(seat, text)], [seat])
        state, _, _ = engine.act_text(game, state, seat, text)
    return found


def test_the_reveal_judge_sees_a_draw_and_nothing_in_an_open_game() -> None:
    assert _reveals("china", 60) > 0  # a face-up draw refills the row from the pile
    assert _reveals("yokai", 60) == 0  # nothing is hidden in Yokai no Mori


async def test_what_players_are_told_is_true() -> None:
    found = await run_truth(moves=3, playout=80, tries=1, seed=17)
    # every scenario ran: faults after the commit, both rollbacks, reveals found and
    # asked for, each kind of vote of a replaced seat
    assert found["faults_injected"] >= 8 and found["moves"] >= 10, found
    assert found["rollbacks"] == 2 and found["replaced_votes_tried"] == 4, found
    assert found["reveals_tried"] >= 3, found
    bad = {k: found[k] for k in ZERO["truth"] if found.get(k)}
    assert not bad, (bad, found["problems"])
