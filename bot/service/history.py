"""Reading a game's log back: the moves since a seat last acted, the history pages."""

from __future__ import annotations

from bot.posts import board
from bot.service.loaded import Loaded
from bot.service.unit import Unit, replay_step
from games.base import Event, Seat

__all__ = ["DIGEST_LINES", "History", "replay_step"]

DIGEST_LINES = 12


class History:
    def __init__(self, unit: Unit) -> None:
        self.unit = unit
        self.store = unit.store

    async def digest_lines(
        self,
        loaded: Loaded,
        seat: Seat,
        *,
        viewer: Seat | None,
        skip_last: int = 0,
        locale: str = "en",
    ) -> list[str]:
        """What ``viewer`` may see of the actions since ``seat`` last acted (12 at most).
        A seat that has not acted yet gets nothing: it has no "last move" to catch up from."""
        # The store keeps each seat's last action (a trigger), read with the game and kept
        # up to date by this process's commits (bot.service.unit): no query, no log scan.
        last = next((s.last_acted_seq for s in loaded.seats if s.position == seat), None)
        if last is None:
            return []
        start = last + 1
        end = loaded.row.version - skip_last
        if end <= start:
            return []
        return await self.lines(loaded, start, end, viewer=viewer, locale=locale)

    async def turn_lines(
        self, loaded: Loaded, seat: Seat, *, skip_last: int = 0, locale: str = "en"
    ) -> list[str]:
        """What a board message edited inside ``seat``'s turn has already told: the public
        lines of the action that made ``seat`` due (the one that posted the message) and of
        ``seat``'s run of actions since, without the last ``skip_last`` (the edit's own)."""
        end = loaded.row.version - skip_last
        steps = await self.steps(loaded, max(0, end - DIGEST_LINES), end)
        start = end
        for seq, actor, _ in reversed(steps):
            start = seq
            if actor != seat:
                break
        if start >= end:
            return []
        return self._told([e for seq, _, e in steps if seq >= start], loaded, None, locale)

    async def lines(
        self, loaded: Loaded, start: int, end: int, *, viewer: Seat | None, locale: str
    ) -> list[str]:
        steps = await self.steps(loaded, start, end)
        return self._told([events for _, _, events in steps], loaded, viewer, locale)

    @staticmethod
    def _told(
        steps: list[list[Event]], loaded: Loaded, viewer: Seat | None, locale: str
    ) -> list[str]:
        names = loaded.names(locale)
        out: list[str] = []
        for events in steps:
            out.extend(board.event_lines(events, names, viewer, locale))
        return out[-DIGEST_LINES:]

    async def steps(
        self, loaded: Loaded, start: int, end: int
    ) -> list[tuple[int, Seat, list[Event]]]:
        """``(seq, seat, events)`` of each logged action of ``start..end-1``: from this
        process's replay when it holds them (after a move: the log it has just written),
        else replayed from the store."""
        known = self.unit.remembered(loaded, start, end)
        if known is not None:
            return known
        _, walked = await self.unit.walk(loaded, start, end)
        return [(row.seq, row.seat, events) for row, events in walked]

    async def numbered(
        self, loaded: Loaded, start: int, end: int, viewer: Seat | None, locale: str
    ) -> list[str]:
        """One numbered line per action in ``start..end-1`` that ``viewer`` may see."""
        names = loaded.names(locale)
        lines: list[str] = []
        for seq, _, events in await self.steps(loaded, start, end):
            shown = board.event_lines(events, names, viewer, locale)
            if shown:
                lines.append(f"{seq + 1}. " + " ".join(shown))
        return lines
