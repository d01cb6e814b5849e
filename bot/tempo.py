"""The rhythm of asynchronous play: reminders, deadlines, pauses and vacations.

After every change of who must act, :meth:`Tempo.schedule` replaces the game's timers:
for each human seat to act, a reminder after the game's interval and, when the game has
deadlines, a deadline counted from the start of the turn. Timers fire through
:class:`bot.scheduler.Dispatcher` into :meth:`Tempo.fire`, which checks the game has not
moved on (every timer carries the version it was set for) and returns what to post.

Settings, most specific first: the game's own (``/game`` options), the server's
(``/settings server``), then these defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import reader_locale
from bot.results import NotAllowed, Post, PrivatePost, Result
from bot.scheduler import parse_quiet_hours, quiet_until, zone
from bot.store import Timer
from bot.text import t
from games.base import GameError

if TYPE_CHECKING:
    from bot.service import Loaded, Service

HOUR = 3600.0
DEFAULTS: dict[str, Any] = {
    "reminder_hours": 24.0,
    "reminder_cap": 3,
    "deadline_hours": 0.0,  # 0 = no deadline
    "vacation_hours": 72.0,  # per player and game
}
REMIND, DEADLINE = "remind", "deadline"


class Tempo:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store
        self.poke = lambda: None  # the dispatcher's wake-up, set by the bot

    async def setting(self, loaded: Loaded, name: str) -> Any:
        if name in loaded.row.settings:
            return loaded.row.settings[name]
        if loaded.row.guild_id is not None:
            guild = await self.store.guild_settings(loaded.row.guild_id)
            if name in guild:
                return guild[name]
        return DEFAULTS[name]

    # --- scheduling -------------------------------------------------------------------

    async def schedule(self, loaded: Loaded) -> None:
        """Bring the game's reminders and deadlines up to date with who must act now.

        Timers belong to a seat's *turn* (its start time), not to a game version: a step
        inside a turn, or another seat's move in a simultaneous phase, keeps a waiting
        seat's reminder count and deadline as they were.
        """
        game_id = loaded.row.id
        existing = await self.store.timers_for_game(game_id)
        await self.store.delete_timers(game_id, DEADLINE)
        if loaded.row.status != "active" or loaded.row.settings.get("paused"):
            await self.store.delete_timers(game_id, REMIND)
            self.poke()
            return
        interval = float(await self.setting(loaded, "reminder_hours")) * HOUR
        deadline = float(await self.setting(loaded, "deadline_hours")) * HOUR
        started = self.turn_start(loaded)
        muted = set(loaded.row.settings.get("muted", []))
        acting = loaded.game.to_act(loaded.state)
        keep: set[int] = set()
        for seat in loaded.seats:
            if seat.position not in acting or seat.user_id is None:
                continue
            payload = {"turn": started, "seat": seat.position, "count": 0, "interval": interval}
            current = [
                t
                for t in existing
                if t.kind == REMIND
                and t.user_id == seat.user_id
                and t.payload.get("turn") == started
            ]
            if interval > 0 and seat.user_id not in muted:
                same = [t for t in current if t.payload.get("interval") == interval]
                if same:
                    keep.update(t.id for t in same)
                else:  # a new turn, or a new interval: count on from the old reminder
                    count = max((int(t.payload.get("count", 0)) for t in current), default=0)
                    due = max(started + interval * (count + 1), self.service.clock() + 60.0)
                    await self.store.add_timer(
                        due_at=due,
                        kind=REMIND,
                        game_id=game_id,
                        user_id=seat.user_id,
                        payload={**payload, "count": count},
                    )
            if deadline > 0:
                extra = self._vacation(loaded, seat.position, started)
                await self.store.add_timer(
                    due_at=started + deadline + extra,
                    kind=DEADLINE,
                    game_id=game_id,
                    user_id=seat.user_id,
                    payload=payload,
                )
        for timer in existing:
            if timer.kind == REMIND and timer.id not in keep:
                await self.store.delete_timer(timer.id)
        self.poke()

    @staticmethod
    def _vacation(loaded: Loaded, seat: int, turn_start: float) -> float:
        """Vacation taken during this turn (it stops the clock of this turn only)."""
        entry = loaded.row.settings.get("vacation", {}).get(str(seat))
        if not entry or entry.get("turn") != turn_start:
            return 0.0
        return float(entry.get("seconds", 0.0))

    def turn_start(self, loaded: Loaded) -> float:
        """When the current turn's clock started (pauses and downtime push it later)."""
        started = loaded.row.turn_started_at or self.service.clock()
        return max(started, float(loaded.row.settings.get("resumed_at", 0.0)))

    async def credit_downtime(self, downtime: float) -> None:
        """The bot was away: every running turn's clock starts that much later."""
        for row in await self.store.active_games():
            loaded = await self.service._load(row.id)
            await self.store.update_settings(
                row.id, {"resumed_at": self.turn_start(loaded) + downtime}
            )

    # --- firing -----------------------------------------------------------------------

    async def fire(self, timer: Timer) -> Result | None:
        """What a due timer posts, or ``None`` when its turn is over."""
        if timer.game_id is None:
            return None
        try:
            loaded = await self.service._active(timer.game_id)
        except GameError:  # gone or over: the timer has nothing left to do
            return None
        if loaded.row.settings.get("paused"):
            return None
        seat, turn = int(timer.payload["seat"]), timer.payload.get("turn")
        if seat not in loaded.game.to_act(loaded.state) or turn != self.turn_start(loaded):
            return None
        if timer.kind == DEADLINE:
            return await self.service.timeout_move(loaded.row.id, seat, float(turn))
        if timer.kind == REMIND:
            return await self._remind(loaded, timer)
        return None

    async def _remind(self, loaded: Loaded, timer: Timer) -> Result | None:
        user_id = timer.user_id
        assert user_id is not None
        prefs = await self.store.user_settings(user_id)
        now = self.service.clock()
        quiet = prefs.get("quiet")
        if quiet:
            tz = zone(prefs.get("timezone", "UTC"))
            later = quiet_until(now, parse_quiet_hours(quiet), tz)
            if later > now:  # inside quiet hours: nothing pings; try again when they end
                await self.store.add_timer(
                    due_at=later,
                    kind=REMIND,
                    game_id=timer.game_id,
                    user_id=user_id,
                    payload=dict(timer.payload),
                )
                self.poke()
                return None
        count = int(timer.payload.get("count", 0))
        cap = int(await self.setting(loaded, "reminder_cap"))
        summary = self.service.summary(loaded)
        hours = (now - self.turn_start(loaded)) / HOUR
        args = {"title": summary.title, "game_id": summary.game_id, "hours": f"{hours:.0f}"}
        if count >= cap:
            text = t("tempo.stalled", loaded.locale, mention=f"<@{user_id}>", **args)
            return Result(summary, public=(Post(text, board=False),))
        interval = float(await self.setting(loaded, "reminder_hours")) * HOUR
        await self.store.add_timer(
            due_at=now + interval,
            kind=REMIND,
            game_id=timer.game_id,
            user_id=user_id,
            payload={**timer.payload, "count": count + 1},
        )
        self.poke()
        if prefs.get("notify") == "dm":
            text = t("tempo.reminder", reader_locale(prefs, loaded.locale), **args)
            return Result(summary, private=(PrivatePost(user_id, text),))
        text = t("tempo.reminder", loaded.locale, **args)
        post = Post(
            f"<@{user_id}> {text}",
            ping=(user_id,),
            controls=("mute",),
            version=loaded.row.version,
            board=False,
        )
        return Result(summary, public=(post,))

    # --- player requests --------------------------------------------------------------

    async def mute(self, game_id: int, user_id: int, locale: str = "en") -> str:
        """Stop reminding this player in this game (deadlines still apply)."""
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            loaded.seat_of(user_id)
            muted = sorted(set(loaded.row.settings.get("muted", [])) | {user_id})
            await self.store.update_settings(game_id, {"muted": muted})
            await self.schedule(await self.service._load(game_id))
        return t("tempo.muted", locale)

    async def unmute(self, game_id: int, user_id: int, locale: str = "en") -> str:
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            loaded.seat_of(user_id)
            muted = sorted(set(loaded.row.settings.get("muted", [])) - {user_id})
            await self.store.update_settings(game_id, {"muted": muted})
            await self.schedule(await self.service._load(game_id))
        return t("tempo.unmuted", locale)

    async def pause(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        """Vote to pause; the game pauses (no deadlines, no reminders) when all agree."""
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            loaded.seat_of(user_id)
            if loaded.row.settings.get("paused"):
                raise NotAllowed("err.already_paused")
            votes = set(loaded.row.settings.get("pause_votes", [])) | {user_id}
            humans = {s.user_id for s in loaded.seats if s.user_id is not None}
            summary = self.service.summary(loaded)
            if votes < humans:
                await self.store.update_settings(game_id, {"pause_votes": sorted(votes)})
                missing = ", ".join(f"<@{u}>" for u in sorted(humans - votes))
                text = t("pause.request", loaded.locale, mention=f"<@{user_id}>", missing=missing)
                reply = t("reply.vote_counted", locale)
                return Result(summary, public=(Post(text, board=False),), reply=reply)
            await self.store.update_settings(game_id, {"paused": True, "pause_votes": None})
            await self.schedule(await self.service._load(game_id))
            post = Post(t("pause.done", loaded.locale), board=False)
            return Result(summary, public=(post,), reply=t("pause.reply", locale))

    async def resume(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            loaded.seat_of(user_id)
            if not loaded.row.settings.get("paused"):
                raise NotAllowed("err.not_paused")
            now = self.service.clock()
            await self.store.update_settings(game_id, {"paused": None, "resumed_at": now})
            loaded = await self.service._load(game_id)
            await self.schedule(loaded)
            post = Post(t("resume.done", loaded.locale, mention=f"<@{user_id}>"), board=False)
            reply = t("resume.reply", locale)
            return Result(self.service.summary(loaded), public=(post,), reply=reply)

    async def vacation(self, game_id: int, user_id: int, hours: float, locale: str = "en") -> str:
        """Push back the player's own deadline, up to the game's vacation allowance."""
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            seat = loaded.seat_of(user_id)
            if float(await self.setting(loaded, "deadline_hours")) <= 0:
                raise NotAllowed("err.no_deadlines")
            if not 0 < hours <= 24 * 14:
                raise NotAllowed("err.vacation_range")
            limit = float(await self.setting(loaded, "vacation_hours")) * HOUR
            used = next(s.vacation_used for s in loaded.seats if s.position == seat)
            if used + hours * HOUR > limit + 1e-6:
                left = max(0.0, limit - used) / HOUR
                raise NotAllowed("err.vacation_left", left=f"{left:.1f}")
            await self.store.add_vacation_used(game_id, seat, hours * HOUR)
            vacation = dict(loaded.row.settings.get("vacation", {}))
            turn = self.turn_start(loaded)
            taken = self._vacation(loaded, seat, turn)
            vacation[str(seat)] = {"turn": turn, "seconds": taken + hours * HOUR}
            await self.store.update_settings(game_id, {"vacation": vacation})
            await self.schedule(await self.service._load(game_id))
        return t("vacation.done", locale, hours=f"{hours:g}")

    async def set_clock(
        self,
        game_id: int,
        user_id: int,
        *,
        reminder_hours: float | None,
        deadline_hours: float | None,
        is_admin: bool = False,
        locale: str = "en",
    ) -> str:
        """This game's own reminder interval and deadline (players or a server admin)."""
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            if not is_admin:
                loaded.seat_of(user_id)
            changes = {
                k: float(v)
                for k, v in (("reminder_hours", reminder_hours), ("deadline_hours", deadline_hours))
                if v is not None
            }
            if changes:
                await self.store.update_settings(game_id, changes)
                loaded = await self.service._load(game_id)
                await self.schedule(loaded)
            reminder = float(await self.setting(loaded, "reminder_hours"))
            deadline = float(await self.setting(loaded, "deadline_hours"))
        return t("clock.now", locale, reminder=f"{reminder:g}", deadline=f"{deadline:g}")
