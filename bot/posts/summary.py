"""The plain facts of a game in words: its summary for every surface, a link to it, the
lobby message and where the game stands (``/game status``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.loaded import Loaded, mention, seat_name
from bot.service.results import GameSummary, SeatInfo
from bot.store import GameRow, SeatRow
from bot.words.i18n import game_locale
from bot.words.text import describe_outcome, t
from games.base import Game


def game_summary(loaded: Loaded) -> GameSummary:
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
