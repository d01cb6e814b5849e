"""Judging what the bot said and showed against what its log says: the checks that make
the fault suite's figures able to fail.

- :func:`told_played` / :func:`judge_told`: the answer to a move is judged by the log, not
  by its wording alone (a committed move told "nothing was changed" is a failure, and a
  refused move told "Played" is one);
- :func:`copies`: how many times one intended move is in the log (a retry after an error
  reply that played it again is a double);
- :func:`revealed`: whether undoing some actions would take back something hidden that
  they made known, judged by replaying them on positions that differ only in what a seat
  cannot see (the takeback rule's property, independent of what the games declare);
- :func:`board_doubles` / :func:`newest_board`: boards counted from the channel's own
  messages, not from the nonce memory of a Discord that forgets after minutes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.posts import board
from bot.service.unit import replay_step
from bot.words.text import catalogue, has, t

# what a player reads when the move is in: a reply, the note that the board follows (or
# will, after a failure past the commit), that the same request (a move, an Undo or a
# takeback) counted once
IN_THE_LOG = ("reply.board_follows", "err.after_commit", "err.already_played", "err.already_undone")
PLAYED = (
    t("reply.played", "en", notation="@@").split("@@")[0],
    t("reply.played.label", "en", label="@@", notation="@@").split("@@")[0],
    *(t(key, "en") for key in IN_THE_LOG if has(key)),
)
SEEDS = (1, 2, 3)


def _refusals() -> re.Pattern[str]:
    """Every sentence that tells a player their action did not count: the bot's error
    sentences (``err.*``: "... nothing was changed", "not your turn", ...) and the games'
    catalogued rule refusals (``<game>.illegal.*``), their placeholders as wildcards."""
    sentences = [
        text
        for key, text in catalogue("en").items()
        if (key.startswith("err.") or ".illegal." in key) and text not in PLAYED
    ]
    wild = [re.sub(r"\\\{[a-z_]+\\\}", ".*", re.escape(s)) for s in sentences]
    return re.compile("|".join(f"(?:{w})" for w in wild), re.DOTALL)


REFUSAL = _refusals()


def told_played(text: str | None) -> bool:
    return bool(text) and str(text).startswith(PLAYED)


def told_refused(text: str | None) -> bool:
    """A reply that tells the player their move did not count (an error or a refusal);
    a note that is neither (the hand shown where a DM could not go) is not one."""
    return text is not None and not told_played(text) and REFUSAL.search(text) is not None


def judge_told(figures: Any, committed: bool, text: str | None, what: str) -> None:
    """Count an answer that contradicts the log (``figures``: a :class:`Figures`)."""
    if committed and told_refused(text):
        figures.add("committed_told_refused")
        figures.problem(f"{what}: committed but told {text!r}")
    elif not committed and told_played(text):
        figures.add("refused_told_played")
        figures.problem(f"{what}: not in the log but told {text!r}")


def copies(actions: Iterable[Any], since: int, seat: int, text: str) -> int:
    """Log rows from position ``since`` on that are ``seat`` playing ``text``."""
    return sum(1 for a in actions if a.seq >= since and a.seat == seat and a.text == text)


def _views(game: Any, state: Any, undone: Sequence[tuple[int, str]], seat: int) -> list[Any]:
    views = [game.view(state, seat)]
    for mover, text in undone:
        state, _ = replay_step(game, state, mover, text)
        views.append(game.view(state, seat))
    return views


def revealed(
    game: Any, restored: Any, undone: Sequence[tuple[int, str]], seats: Iterable[int]
) -> bool:
    """Whether replaying ``undone`` from ``restored`` showed any of ``seats`` something it
    could not see at ``restored``: on a position shuffled in what that seat cannot see,
    the same actions give that seat another view (or cannot be played at all)."""
    for seat in seats:
        truth = _views(game, restored, undone, seat)
        for seed in SEEDS:
            shuffled = game.shuffle_hidden(restored, seat, seed)
            try:
                if _views(game, shuffled, undone, seat) != truth:
                    return True
            except (ValueError, KeyError, IndexError):
                return True  # an action that depended on what the seat could not see
    return False


# the nonce the bot gives a board: game.version.revision (discord.py gives every other
# message a random number)
MARKER = re.compile(r"^(\d+)\.\d+\.\d+$")


def _marker(message: Any) -> str | None:
    nonce = str(message.nonce or "")
    return nonce if MARKER.match(nonce) else None


def _look(message: Any) -> tuple[str, tuple[str, ...]]:
    """What a message shows: its words and pictures."""
    return message.content, tuple(hashlib.sha256(a.data).hexdigest() for a in message.attachments)


def boards_of(emu: Any, channel: Any, game_id: int | None = None) -> list[Any]:
    """The bot's board messages in ``channel`` (messages with a picture), oldest first;
    with ``game_id`` those whose nonce names that game, and any copy of one of them
    without that nonce."""
    boards = [
        m
        for m in emu.public_messages(channel)
        if m.author_id == emu.bot.id and m.attachments and not m.deleted
    ]
    if game_id is None:
        return boards

    def named(message: Any) -> bool:
        return (_marker(message) or "").startswith(f"{game_id}.")

    looks = {_look(m) for m in boards if named(m)}
    return [m for m in boards if named(m) or (_marker(m) is None and _look(m) in looks)]


def board_doubles(messages: Iterable[Any]) -> int:
    """Boards in the channel more than once: the same words and pictures, and not two
    committed states (two different nonces: the same position shown again after a
    takeback is a new board). A copy without the board's nonce is a double of it."""
    markers: dict[tuple[str, tuple[str, ...]], list[str | None]] = {}
    for message in messages:
        markers.setdefault(_look(message), []).append(_marker(message))
    return sum(len(n) - max(1, len({x for x in n if x is not None})) for n in markers.values())


def newest_board(emu: Any, channel: Any, game_id: int | None = None) -> Any:
    boards = boards_of(emu, channel, game_id)
    return boards[-1] if boards else None


async def shown_positions(service: Any, loaded: Any) -> list[Any]:
    """The positions a board may show now, as the log stands: the current one and those
    back to the last action that did something in public (an action whose events all
    went to one seat posts no board)."""
    actions = await service.store.actions(loaded.row.id)
    positions = [loaded.state]
    for action in reversed(actions):
        before = await service.unit.state_at(loaded, action.seq)
        _, events = replay_step(loaded.game, before, action.seat, action.text)
        if any(e.audience is None for e in events):
            break
        positions.append(before)
    return positions


async def board_is_current(emu: Any, channel: Any, service: Any, game_id: int) -> bool:
    """The channel's newest board shows the game as its log stands (not a position an
    undo or a takeback removed): its picture is the picture of the current position, or
    of one only private actions separate from it (an edited board counts by what it shows
    now)."""
    message = newest_board(emu, channel, game_id)
    if message is None:
        return False
    loaded = await service.load(game_id)
    shown = {a.data for a in message.attachments}
    for state in await shown_positions(service, loaded):
        post = await board.post(
            replace(loaded, state=state), [], render=True, palette=board.PUBLIC_PALETTE
        )
        if post.image is None or post.image.data in shown:
            return True  # a board that cannot be drawn: nothing to compare
    return False
