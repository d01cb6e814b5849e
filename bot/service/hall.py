"""A server's hall of fame (issue 28): ``/stats`` and ``/leaderboard`` in the reader's words.

Everything is read from the store's rating tables of one server (the guild the command
was used in), so a server's statistics are seen only there. The rating shown is the
conservative one, ``mu - 3 sigma`` (the leaderboard's order); ``/stats`` also gives
``mu ± 2 sigma``, the range the player's strength lies in with about 95 % confidence.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

import games
from bot.posts.summary import link
from bot.service.prefs import Prefs
from bot.service.results import Attachment
from bot.store import Store
from bot.store.models import PlayerStats, RatingRow, SideCount, Standing
from bot.words.text import t
from games.errors import UnknownGame
from renderer.chart import ChartPoint, render_chart

MIN_GAMES: Final = 3  # default of the server setting ``leaderboard_min``
PAGE: Final = 10  # players per leaderboard page
FINISHED_SHOWN: Final = 20  # games listed by /game mine finished:true

# draws the chart on the render thread (``bot.posts.render.in_render_thread``)
Render = Callable[[Callable[[], bytes]], Awaitable[bytes]]


@dataclass(frozen=True)
class Page:
    text: str
    page: int
    pages: int


def player_of(user_id: int) -> str:
    return f"u:{user_id}"


def title_of(key: str) -> str:
    try:
        return games.get(key).title
    except (KeyError, UnknownGame):
        return key


def name_of(standing_player: str, user_id: int | None, locale: str) -> str:
    """A player as Discord shows them (a mention, which pings nobody here), or an AI
    level as "AI, hard"."""
    if user_id is not None:
        return f"<@{user_id}>"
    level = standing_player.removeprefix("ai:")
    return t("hall.ai", locale, level=t(f"hall.level.{level}", locale))


def side_name(key: str, side: str, locale: str) -> str:
    found = t(f"{key}.side.{side}", locale)
    return side if found == f"{key}.side.{side}" else found


def duration(seconds: float, locale: str) -> str:
    """Days and hours (or hours and minutes for a game shorter than a day)."""
    minutes = max(0, int(seconds // 60))
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return t("hall.days", locale, days=days, hours=hours)
    return t("hall.hours", locale, hours=hours, minutes=mins)


def _number(value: float) -> float:
    """One decimal, written the reader's way by the catalogue's ``num``."""
    return round(value, 1)


class Hall:
    """Statistics and leaderboards of one server, from the store's rating tables."""

    def __init__(self, store: Store, prefs: Prefs, render: Render) -> None:
        self.store = store
        self.prefs = prefs
        self.render = render

    async def min_games(self, guild_id: int) -> int:
        value = (await self.prefs.guild(guild_id)).get("leaderboard_min", MIN_GAMES)
        return value if isinstance(value, int) and value > 0 else MIN_GAMES

    async def stats(
        self, guild_id: int, user_id: int, game_key: str | None, locale: str
    ) -> tuple[str, Attachment | None]:
        """``/stats``: the text and the chart of one player in this server."""
        found = await self.store.player_stats(guild_id, player_of(user_id), game_key)
        name = f"<@{user_id}>"
        standings = [s for s in found.standings if game_key in (None, s.game_key)]
        if not standings:
            return t("hall.no_stats", locale, name=name), None
        lines = [t("hall.stats_head", locale, name=name)]
        lines += [_standing_line(s, locale) for s in standings]
        if game_key is None and len(found.standings) > 1:
            top = found.standings[0]
            lines.append(t("hall.favourite", locale, game=title_of(top.game_key), games=top.games))
        lines += _side_lines(found.sides, game_key, locale)
        lines += _length_lines(found, locale)
        lines.append(t("hall.rating_note", locale))
        chart = await self._chart(found.history, locale)
        return "\n".join(lines), chart

    async def _chart(self, history: tuple[RatingRow, ...], locale: str) -> Attachment | None:
        if not history:
            return None
        points = [ChartPoint(r.finished_at, r.mu, r.sigma) for r in history]
        title = t("hall.chart_title", locale, game=title_of(history[0].game_key))
        words = (title, t("hall.chart_games", locale), t("hall.chart_rating", locale))
        png = await self.render(lambda: render_chart(points, words))
        mus = [p.mu for p in points]
        alt = t(
            "hall.chart_alt",
            locale,
            title=title,
            count=len(points),
            first=_number(mus[0]),
            last=_number(mus[-1]),
            spread=_number(2 * points[-1].sigma),
            low=_number(min(mus)),
            high=_number(max(mus)),
        )
        return Attachment("rating.png", png, alt)

    async def finished(self, user_id: int, locale: str) -> list[str]:
        """``/game mine finished:true``: the user's last finished games, newest first, each
        with the user's place and a link to its thread."""
        pairs = await self.store.games_for_user(user_id, statuses=("finished",))
        lines = []
        for row, seats in sorted(pairs, key=lambda pair: -pair[0].id)[:FINISHED_SHOWN]:
            ranks = (row.outcome or {}).get("ranks") or []
            seat = next((s.position for s in seats if s.user_id == user_id), None)
            place = ranks[seat] if seat is not None and seat < len(ranks) else "?"
            url = link(row.guild_id, row.channel_id, row.thread_id, row.board_message_id)
            title = title_of(row.game_key)
            lines.append(
                t("hall.finished_line", locale, game_id=row.id, game=title, place=place, url=url)
            )
        return lines

    async def leaderboard(self, guild_id: int, game_key: str, page: int, locale: str) -> Page:
        """One page (from 0) of the server's leaderboard of ``game_key``."""
        least = await self.min_games(guild_id)
        _, total = await self.store.leaderboard(guild_id, game_key, least, 0, 0)
        pages = max(1, -(-total // PAGE))
        page = min(max(page, 0), pages - 1)
        rows, _ = await self.store.leaderboard(guild_id, game_key, least, page * PAGE, PAGE)
        title = title_of(game_key)
        if not rows:
            return Page(t("hall.board_empty", locale, game=title, least=least), 0, 1)
        head = t("hall.board_head", locale, game=title, least=least, page=page + 1, pages=pages)
        lines = [_board_line(page * PAGE + i + 1, row, locale) for i, row in enumerate(rows)]
        return Page("\n".join([head, *lines]), page, pages)


def _standing_line(s: Standing, locale: str) -> str:
    return t(
        "hall.stats_game",
        locale,
        game=title_of(s.game_key),
        games=s.games,
        wins=s.wins,
        place=_number(s.rank_sum / s.games),
        rating=_number(s.ordinal),
        mu=_number(s.mu),
        spread=_number(2 * s.sigma),
    )


def _side_lines(sides: tuple[SideCount, ...], game_key: str | None, locale: str) -> list[str]:
    return [
        t(
            "hall.side",
            locale,
            game=title_of(c.game_key),
            side=side_name(c.game_key, c.side, locale),
            wins=c.wins,
            games=c.games,
            percent=round(100 * c.wins / c.games),
        )
        for c in sides
        if game_key in (None, c.game_key)
    ]


def _length_lines(found: PlayerStats, locale: str) -> list[str]:
    lines = []
    for key, row in (("hall.longest", found.longest), ("hall.fastest", found.fastest)):
        if row is not None:
            span = duration(row.finished_at - row.started_at, locale)
            lines.append(
                t(key, locale, game_id=row.game_id, game=title_of(row.game_key), span=span)
            )
    return lines


def _board_line(place: int, row: Standing, locale: str) -> str:
    return t(
        "hall.board_line",
        locale,
        place=place,
        name=name_of(row.player, row.user_id, locale),
        rating=_number(row.ordinal),
        games=row.games,
        wins=row.wins,
    )
