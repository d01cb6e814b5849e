"""The public board post after a move: what happened, the board's pictures (or its words),
whose turn, the buttons. Everything here reads only ``game.view(...)`` and events visible
to the public (or to the one seat a reply is for), so a post never carries a secret its
audience may not see."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bot.posts import pictures
from bot.posts.alt_text import board_as_text
from bot.posts.buttons import controls, quick_choices
from bot.posts.render import Sight
from bot.service.loaded import Loaded, mention
from bot.service.results import Attachment, Post
from bot.words.text import describe_event, describe_outcome, t
from games.base import Event, Game, Outcome, Seat


def event_lines(
    events: Iterable[Event], names: Sequence[str], viewer: Seat | None, locale: str = "en"
) -> list[str]:
    """Sentences for the events ``viewer`` may see (``None`` = the public)."""
    out = []
    for event in events:
        if not event.visible_to(viewer):
            continue
        line = describe_event(event, names, locale)
        if line:
            out.append(line)
    return out


class Turn(NamedTuple):
    """Whose turn it is, in words, with the users it pings and the board's buttons."""

    line: str
    ping: tuple[int, ...]
    controls: tuple[str, ...]
    choices: tuple[tuple[str, int], ...]


NO_TURN = Turn("", (), (), ())  # a game over (or not running): no one to ping, no buttons


def _turn(loaded: Loaded, locale: str) -> Turn:
    line, ping = _turn_line(loaded, locale)
    return Turn(line, ping, controls(loaded), quick_choices(loaded, locale))


def _turn_line(loaded: Loaded, locale: str) -> tuple[str, tuple[int, ...]]:
    game, state = loaded.game, loaded.state
    acting = sorted(game.to_act(state))
    by_pos = {s.position: s for s in loaded.seats}
    names = loaded.names(locale)
    humans = [by_pos[p] for p in acting if by_pos[p].user_id is not None]
    ping = tuple(s.user_id for s in humans if s.user_id is not None)
    if len(acting) == 1 and humans:
        return t("turn.yours", locale, mention=mention(humans[0], names[acting[0]])), ping
    if humans:
        return t("turn.many", locale, mentions=", ".join(mention(s, "") for s in humans)), ping
    return t("turn.waiting", locale, names=", ".join(names[p] for p in acting)), ping


PUBLIC_PALETTE = "default"
"""The board everyone sees: the default palette, which every viewer can tell apart (seat
colours checked by colour-vision simulation, and every seat has its shape). A player's own
palette (``/settings me palette:``) colours only their own views: hand, DMs, ``/game
board`` and ``/hand`` replies, and the result card shown to them."""


def words(loaded: Loaded, locale: str) -> str:
    """The whole public board in words, in ``locale``."""
    view = loaded.game.view(loaded.state, None)
    sight = Sight(loaded.row.id, loaded.game.key, view, tuple(loaded.names()), locale)
    return board_as_text(sight, limit=None)


async def post(
    loaded: Loaded,
    events: Sequence[Event],
    *,
    render: bool = True,
    started: bool = False,
    locale: str | None = None,
    palette: str = "default",
    viewer: Seat | None = None,
    deltas: Sequence[float] | None = None,
) -> Post:
    """The public post after a move: what happened, the board, whose turn (in ``locale``,
    by default the game's). ``viewer``: the board as that seat sees it, for a reply only
    its player reads. ``deltas``: each seat's rating change, for the result card."""
    game = loaded.game
    locale = locale or loaded.locale
    outcome = game.outcome(loaded.state)
    lines = _news(loaded, events, locale, started=started)
    turn = NO_TURN
    if outcome is not None:
        lines.append(describe_outcome(outcome, loaded.names(locale), locale, game_key=game.key))
    elif loaded.row.status == "active":
        turn = _turn(loaded, locale)
        lines.append(turn.line)
    view = game.view(loaded.state, viewer)
    # pictures name the seats as the game does, whoever asks
    sight = Sight(loaded.row.id, game.key, view, tuple(loaded.names()), locale, palette)
    image, words, extra = await _pictures(sight, game, outcome, deltas) if render else NO_PICTURES
    lines.extend(words)
    return Post(
        text="\n".join(lines),
        image=image,
        ping=turn.ping,
        controls=turn.controls,
        version=loaded.row.version,
        choices=turn.choices,
        extra=extra,
        stamp=loaded.row.revision,
    )


def _news(loaded: Loaded, events: Sequence[Event], locale: str, *, started: bool) -> list[str]:
    """What happened, in words; the seating order first when the game has just begun."""
    names = loaded.names(locale)
    lines = event_lines(events, names, None, locale)
    if started:
        order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
        title, game_id = loaded.game.title, loaded.row.id
        lines.insert(0, t("board.begins", locale, title=title, game_id=game_id, order=order))
    return lines


Pictures = tuple[Attachment | None, tuple[str, ...], tuple[Attachment, ...]]
NO_PICTURES: Pictures = (None, (), ())


async def _pictures(
    sight: Sight, game: Game, outcome: Outcome | None, deltas: Sequence[float] | None
) -> Pictures:
    """The board's picture (or its words), its second picture and, once the game is over,
    the result card."""
    image, words = await pictures.board(sight)
    detail = None if image is None else await pictures.detail(sight)  # words: the board's
    card = None if outcome is None else await pictures.result_card(sight, game, outcome, deltas)
    return image, words, tuple(a for a in (detail, card) if a is not None)
