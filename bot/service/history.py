"""Reading a game's log back: the moves since a seat last acted, the history pages."""

from __future__ import annotations

from bot.posts import board
from bot.service.loaded import Loaded
from bot.service.unit import Unit, replay_step
from games.base import Seat

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
        # The store keeps each seat's last action (a trigger): one small query, no log scan.
        seats = await self.store.seats(loaded.row.id)
        last = next((s.last_acted_seq for s in seats if s.position == seat), None)
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
        rows = await self.store.actions(loaded.row.id, since_seq=max(0, end - DIGEST_LINES))
        start = end
        for row in reversed([r for r in rows if r.seq < end]):
            start = row.seq
            if row.seat != seat:
                break
        if start >= end:
            return []
        return await self.lines(loaded, start, end, viewer=None, locale=locale)

    async def lines(
        self, loaded: Loaded, start: int, end: int, *, viewer: Seat | None, locale: str
    ) -> list[str]:
        _, steps = await self.unit.walk(loaded, start, end)
        names = loaded.names(locale)
        out: list[str] = []
        for _, events in steps:
            out.extend(board.event_lines(events, names, viewer, locale))
        return out[-DIGEST_LINES:]

    async def numbered(
        self, loaded: Loaded, start: int, end: int, viewer: Seat | None, locale: str
    ) -> list[str]:
        """One numbered line per action in ``start..end-1`` that ``viewer`` may see."""
        _, steps = await self.unit.walk(loaded, start, end)
        names = loaded.names(locale)
        lines: list[str] = []
        for row, events in steps:
            shown = board.event_lines(events, names, viewer, locale)
            if shown:
                lines.append(f"{row.seq + 1}. " + " ".join(shown))
        return lines
