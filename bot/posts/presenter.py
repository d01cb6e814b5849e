"""Turning game views and events into posts: text lines, board images, private hands.

Everything here reads only ``game.view(...)`` and events visible to the reader, so a
post can never carry a secret its audience may not see.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import renderer
from bot.posts import forms as form_views
from bot.posts import pictures
from bot.service.loaded import Loaded, mention, seat_name
from bot.service.results import GameSummary, Post, PrivatePost, SeatInfo
from bot.store import GameRow, SeatRow
from bot.words.i18n import game_locale
from bot.words.text import BUTTON_LABEL, CHOICE_NAME, describe_event, describe_outcome, fit, say, t
from games import engine
from games.base import Event, Game, Seat, State

__all__ = ["mention", "seat_name"]


def summary(loaded: Loaded) -> GameSummary:
    """The plain facts of a game that every surface shows."""
    row, state = loaded.row, loaded.state
    to_act: tuple[int, ...] = ()
    if state is not None and row.status == "active":
        acting = loaded.game.to_act(state)
        to_act = tuple(
            s.user_id for s in loaded.seats if s.position in acting and s.user_id is not None
        )
    seat_infos = tuple(
        SeatInfo(s.position, s.user_id, seat_name(row, s, loaded.seats), s.ai) for s in loaded.seats
    )
    return GameSummary(
        game_id=row.id,
        key=row.game_key,
        title=loaded.game.title,
        status=row.status,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        board_message_id=row.board_message_id,
        lobby_message_id=row.lobby_message_id,
        seats=seat_infos,
        to_act=to_act,
        version=row.version,
        options=dict(row.options),
        locale=loaded.locale,
    )


def jump_url(game: GameSummary) -> str:
    """A link to the game: its thread, else its board message in the channel."""
    return link(game.guild_id, game.channel_id, game.thread_id, game.board_message_id)


def link(guild_id: int | None, channel_id: int, thread_id: int | None, board: int | None) -> str:
    """:func:`jump_url` from a game's stored ids."""
    message = board if thread_id is None else None
    base = f"https://discord.com/channels/{guild_id or '@me'}/{thread_id or channel_id}"
    return f"{base}/{message}" if message else base


def form_view(loaded: Loaded, seat: Seat, locale: str) -> form_views.FormView | None:
    """The seat's current secret form in ``locale`` (with its draft), or ``None``."""
    if loaded.state is None or loaded.row.status != "active":
        return None
    if seat not in loaded.game.to_act(loaded.state):
        return None
    form = loaded.game.form(loaded.state, seat)
    if form is None:
        return None
    entry = (loaded.row.settings.get("drafts") or {}).get(str(seat)) or {}
    draft = entry.get("answers") if entry.get("key") == form.key else None
    return form_views.view_of(form, loaded.row.id, locale, loaded.names(locale), draft)


def lobby_text(row: GameRow, game: Game, seats: Sequence[SeatRow], wanted: int) -> str:
    """The public lobby message, in the game's locale."""
    locale = game_locale(row.settings)
    names = [seat_name(row, s, seats, locale) for s in seats]
    variant = row.options.get("variant")
    players = ", ".join(mention(s, n) for s, n in zip(seats, names, strict=True))
    lines = [
        t(
            "lobby.heading",
            locale,
            title=game.title,
            variant=f" ({variant})" if variant else "",
            game_id=row.id,
        ),
        t("lobby.players", locale, count=len(seats), wanted=wanted, players=players),
    ]
    defaults = {o.name: o.default for o in game.options}
    extra = {k: v for k, v in row.options.items() if k != "variant" and v != defaults.get(k)}
    if extra:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(extra.items()))
        lines.append(t("lobby.options", locale, options=shown))
    if row.status == "lobby":
        if len(seats) in game.seats:
            lines.append(t("lobby.can_start", locale))
        else:
            lines.append(t("lobby.waiting", locale, needed=min(game.seats)))
    elif row.status == "abandoned":
        lines.append(t("lobby.cancelled", locale))
    return "\n".join(lines)


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


def board_words(loaded: Loaded, locale: str) -> str:
    """The whole public board in words, in ``locale``."""
    view = loaded.game.view(loaded.state, None)
    sight = pictures.Sight(loaded.row.id, loaded.game.key, view, tuple(loaded.names()), locale)
    return pictures.board_as_text(sight, limit=None)


async def board_post(
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
    game, state = loaded.game, loaded.state
    locale = locale or loaded.locale
    names = loaded.names(locale)
    lines = event_lines(events, names, None, locale)
    if started:
        order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
        begins = t("board.begins", locale, title=game.title, game_id=loaded.row.id, order=order)
        lines.insert(0, begins)
    outcome = game.outcome(state)
    ping: tuple[int, ...] = ()
    controls: tuple[str, ...] = ()
    choices: tuple[tuple[str, int], ...] = ()
    if outcome is not None:
        lines.append(describe_outcome(outcome, names, locale, game_key=game.key))
    elif loaded.row.status == "active":
        line, ping = _turn_line(loaded, locale)
        lines.append(line)
        controls = _controls(loaded)
        choices = _quick_choices(loaded, locale)
    view = game.view(state, viewer)
    # pictures name the seats as the game does, whoever asks
    sight = pictures.Sight(loaded.row.id, game.key, view, tuple(loaded.names()), locale, palette)
    image, words = await pictures.board(sight) if render else (None, ())
    lines.extend(words)
    detail = None if image is None else await pictures.detail(sight)  # words: the board's
    card = None
    if outcome is not None and render:
        card = await pictures.result_card(sight, game, outcome, deltas)
    extra = tuple(a for a in (detail, card) if a is not None)
    return Post(
        text="\n".join(lines),
        image=image,
        ping=ping,
        controls=controls,
        version=loaded.row.version,
        choices=choices,
        extra=extra,
        stamp=loaded.row.revision,
    )


QUICK_CHOICES = 5  # one row of buttons


def _quick_choices(loaded: Loaded, locale: str = "en") -> tuple[tuple[str, int], ...]:
    """Buttons when one seat acts and has only a few actions the public may see (China's
    draws, Shitenno's Accept / Refuse): pressing one plays ``public_choices()[index]`` at
    this version (labels in ``locale``, shortened to a button's 80 characters at a word).

    Public buttons must reveal nothing, so they come from the game's own rule
    (:meth:`games.base.Game.public_choices`, a function of public information only, a
    conformance property) and never from ``legal()``: a Shitenno hand that can place
    nothing leaves only Draw / End, and even how many actions there are would tell."""
    game, state = loaded.game, loaded.state
    acting = game.to_act(state)
    if len(acting) != 1:
        return ()
    (seat,) = acting
    shown = engine.public_choices(game, state, seat, most=QUICK_CHOICES)
    if shown is None or len(shown) < 2:
        return ()
    return tuple(
        (fit(say(game.label(state, a), locale), BUTTON_LABEL), i) for i, a in enumerate(shown)
    )


def _controls(loaded: Loaded) -> tuple[str, ...]:
    """Board buttons for the common choices of the seats to act now."""
    game, state = loaded.game, loaded.state
    acting = game.to_act(state)
    controls = []
    if any(game.can_undo(state, p) for p in acting):
        controls.append("undo")
    if any(game.end_turn(state, p) is not None for p in acting):
        controls.append("end")
    controls.append("resign")
    return tuple(controls)


async def private_posts(
    loaded: Loaded,
    before: State | None,
    *,
    render: bool = True,
    locales: Mapping[int, str] | None = None,
    palettes: Mapping[int, str] | None = None,
) -> tuple[PrivatePost, ...]:
    """A DM for every human seat whose private information changed or who has a new secret
    form to fill in (an offer to answer without a new card), each in its reader's locale
    (``locales`` by user id; the game's locale for anyone missing)."""
    game, state = loaded.game, loaded.state
    locales = locales or {}
    posts = []
    for seat in loaded.seats:
        if seat.user_id is None or seat.position is None:
            continue
        now_hand = game.hand(state, seat.position)
        if now_hand is None:
            continue
        if (
            before is not None
            and _same(game.hand(before, seat.position), now_hand)
            and form_key(game, before, seat.position) == form_key(game, state, seat.position)
        ):
            continue  # nothing new in private: same hand, same form (or none)
        locale = locales.get(seat.user_id, loaded.locale)
        palette = (palettes or {}).get(seat.user_id, "default")
        posts.append(
            await hand_post(loaded, seat.position, render=render, locale=locale, palette=palette)
        )
    return tuple(posts)


def form_key(game: Game, state: State, seat: Seat) -> str | None:
    """The key of the seat's current secret form, ``None`` without one."""
    form = game.form(state, seat)
    return None if form is None else form.key


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


async def hand_post(
    loaded: Loaded,
    seat: Seat,
    *,
    render: bool = True,
    locale: str = "en",
    palette: str = "default",
) -> PrivatePost:
    """The seat's private view (text and pictures in ``locale``)."""
    game, state = loaded.game, loaded.state
    by_pos = {s.position: s for s in loaded.seats}
    user_id = by_pos[seat].user_id
    assert user_id is not None
    view = game.view(state, seat)
    names = loaded.names()
    hand = game.hand(state, seat)
    where = t("hand.where", locale, title=game.title, game_id=loaded.row.id)
    sight = pictures.Sight(loaded.row.id, game.key, view, tuple(names), locale, palette)
    if hand is None:
        image, words = await pictures.board(sight) if render else (None, ())
        return PrivatePost(
            user_id, "\n".join((t("hand.public", locale, where=where), *words)), image
        )
    form = form_view(loaded, seat, locale)
    text = f"{where}\n{form.prompt}" if form is not None else t("hand.private", locale, where=where)
    image, words = None, ()
    if render and renderer.has_hand(game.key):
        image, words = await pictures.hand(sight)
    return PrivatePost(user_id, "\n".join((text, *words)), image, form)


def status_text(loaded: Loaded, locale: str = "en") -> str:
    """Where the game stands, for one reader."""
    row, game = loaded.row, loaded.game
    names = loaded.names(locale)
    paused = row.status == "active" and bool(row.settings.get("paused"))
    status = t("status.paused" if paused else f"status.{row.status}", locale)
    head = t(
        "status.head", locale, title=game.title, game_id=row.id, status=status, actions=row.version
    )
    if loaded.state is None:
        return head
    if row.status == "abandoned":
        return head
    outcome = game.outcome(loaded.state)
    if outcome is not None:
        return head + "\n" + describe_outcome(outcome, names, locale, game_key=game.key)
    acting = sorted(game.to_act(loaded.state))
    return head + "\n" + t("status.to_act", locale, names=", ".join(names[p] for p in acting))


def _fold(text: str) -> str:
    """Lower-case, no accents, no spaces: what matching typed text compares."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c)).lower()


def match_actions(
    game: Game, state: State, seat: Seat, typed: str, limit: int, locale: str = "en"
) -> list[tuple[str, str]]:
    """Legal actions whose notation or label (in ``locale`` or English) contains what was
    typed, best first."""
    needle = _fold(typed)
    scored = []
    for index, action in enumerate(game.legal(state, seat)):
        notation = game.notation(state, action)
        english = game.label(state, action)
        label = say(english, locale)
        n, lab = _fold(notation), _fold(label)
        if not needle or n.startswith(needle):
            rank = 0
        elif needle in n:
            rank = 1
        elif needle in lab or needle in _fold(english):
            rank = 2
        else:
            continue
        scored.append((rank, index, notation, label))
    scored.sort()
    shown = [label for _, _, _, label in scored[:limit]]
    out = []
    for _, _, notation, label in scored[:limit]:
        # the label alone, in the reader's words; the notation (English words) only tells
        # apart two actions of one label
        text = label if shown.count(label) == 1 else f"{label} ({notation})"
        out.append((fit(text, CHOICE_NAME), notation[:100]))
    return out
