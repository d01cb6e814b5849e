"""The rhythm of asynchronous play: reminders, deadlines, pauses and vacations.

:class:`bot.service.timers.Timers` keeps each game's timers up to date with who must act. Timers
fire through :class:`bot.service.scheduler.Dispatcher` into :meth:`Tempo.fire`, which checks the
game has not moved on (every timer carries the turn it was set for) and returns what to
post.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bot.posts.summary import game_summary, jump_url
from bot.service import numbers
from bot.service.loaded import Loaded
from bot.service.play import Play
from bot.service.results import BrokenGame, NotAllowed, Post, PrivatePost, Result, Stale
from bot.service.scheduler import parse_quiet_hours, quiet_until, zone
from bot.service.timers import AI_RETRY, DEADLINE, DEFAULTS, HOUR, REMIND, Timers
from bot.service.unit import Part, Unit
from bot.store import Timer
from bot.words.i18n import reader_locale
from bot.words.text import t
from games.base import GameError

BROKEN_RETRY_S = HOUR  # a set-aside game's timer looks again this much later

__all__ = ["DEADLINE", "DEFAULTS", "HOUR", "REMIND", "Tempo"]


class Tempo(Part):
    def __init__(self, unit: Unit, timers: Timers, play: Play) -> None:
        super().__init__(unit)
        self.timers = timers
        self.play = play

    def turn_start(self, loaded: Loaded) -> float:
        return self.timers.turn_start(loaded)

    async def setting(self, loaded: Loaded, name: str) -> Any:
        return await self.timers.setting(loaded, name)

    async def schedule(self, loaded: Loaded) -> None:
        await self.timers.schedule(loaded)

    async def credit_downtime(self, downtime: float) -> None:
        """The bot was away: every running turn's clock starts that much later."""
        for row in await self.store.active_games():
            try:
                loaded = await self.unit.load(row.id)
            except BrokenGame:
                continue
            await self.store.update_settings(
                row.id, {"resumed_at": self.turn_start(loaded) + downtime}
            )

    # --- firing -----------------------------------------------------------------------

    async def fire(self, timer: Timer) -> Result | None:
        """What a due timer posts, or ``None`` when its turn is over."""
        if timer.game_id is None:
            return None
        try:
            loaded = await self.unit.active(timer.game_id)
        except BrokenGame:  # set aside: the timer waits for the game to be mended
            await self.store.add_timer(
                due_at=self.unit.clock() + BROKEN_RETRY_S,
                kind=timer.kind,
                game_id=timer.game_id,
                user_id=timer.user_id,
                payload=timer.payload,
            )
            return None
        except GameError:  # gone or over: the timer has nothing left to do
            return None
        if timer.kind == AI_RETRY:  # an AI seat's move failed to save: it tries again
            if loaded.row.settings.get("paused"):  # (not while paused: later)
                await self.timers.retry_ai(loaded.row.id)
                return None
            return await self.play.run_ai_turns(loaded.row.id)
        if loaded.row.settings.get("paused"):
            return None
        seat, turn = int(timer.payload["seat"]), timer.payload.get("turn")
        if seat not in loaded.game.to_act(loaded.state) or turn != self.turn_start(loaded):
            return None
        if timer.kind == DEADLINE:
            try:
                return await self.play.timeout_move(loaded.row.id, seat, float(turn))
            except Stale:
                # a move committed meanwhile (in another bot process, say): the deadline
                # still counts if its seat's turn is still running, which timeout_move
                # checks again
                return await self.play.timeout_move(loaded.row.id, seat, float(turn))
        if timer.kind == REMIND:
            return await self._remind(loaded, timer)
        return None

    async def _remind(self, loaded: Loaded, timer: Timer) -> Result | None:
        user_id = timer.user_id
        assert user_id is not None
        prefs = await self.store.user_settings(user_id)
        now = self.unit.clock()
        if await self._in_quiet_hours(timer, prefs, now):
            return None
        count = int(timer.payload.get("count", 0))
        cap = int(await self.setting(loaded, "reminder_cap"))
        summary = game_summary(loaded)
        hours = (now - self.turn_start(loaded)) / HOUR
        args: dict[str, Any] = {
            "title": summary.title,
            "game_id": summary.game_id,
            "hours": f"{hours:.0f}",
            "link": jump_url(summary),
        }
        if count >= cap:
            text = t("tempo.stalled", loaded.locale, mention=f"<@{user_id}>", **args)
            return Result(summary, public=(Post(text, board=False),))
        interval = float(await self.setting(loaded, "reminder_hours")) * HOUR
        await self._remind_again(timer, now + interval, {**timer.payload, "count": count + 1})
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

    async def _in_quiet_hours(self, timer: Timer, prefs: Mapping[str, Any], now: float) -> bool:
        """Inside the player's quiet hours nothing pings: the reminder is put off until they
        end (``True``)."""
        quiet = prefs.get("quiet")
        if not quiet:
            return False
        later = quiet_until(now, parse_quiet_hours(quiet), zone(prefs.get("timezone", "UTC")))
        if later <= now:
            return False
        await self._remind_again(timer, later, dict(timer.payload))
        return True

    async def _remind_again(self, timer: Timer, due: float, payload: dict[str, Any]) -> None:
        await self.store.add_timer(
            due_at=due, kind=REMIND, game_id=timer.game_id, user_id=timer.user_id, payload=payload
        )
        self.timers.poke()

    # --- player requests --------------------------------------------------------------

    async def mute(self, game_id: int, user_id: int, locale: str = "en") -> str:
        """Stop reminding this player in this game (deadlines still apply)."""
        await self._set_muted(game_id, user_id, True)
        return t("tempo.muted", locale)

    async def unmute(self, game_id: int, user_id: int, locale: str = "en") -> str:
        await self._set_muted(game_id, user_id, False)
        return t("tempo.unmuted", locale)

    async def _set_muted(self, game_id: int, user_id: int, muted: bool) -> None:
        """Add the player to the game's muted list or take them off it, and reschedule."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            loaded.seat_of(user_id)
            others = set(loaded.row.settings.get("muted", [])) - {user_id}
            listed = sorted(others | {user_id} if muted else others)
            await self.store.update_settings(game_id, {"muted": listed})
            await self.timers.schedule(await self.unit.load(game_id))

    async def pause(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        """Vote to pause; the game pauses (no deadlines, no reminders) when all agree."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            loaded.seat_of(user_id)
            if loaded.row.settings.get("paused"):
                raise NotAllowed("err.already_paused")
            humans = loaded.humans  # a vote counts only from a seat's holder now
            votes = set(await self.store.add_vote(game_id, "pause_votes", user_id)) & humans
            summary = game_summary(loaded)
            if votes < humans:
                missing = ", ".join(f"<@{u}>" for u in sorted(humans - votes))
                text = t("pause.request", loaded.locale, mention=f"<@{user_id}>", missing=missing)
                reply = t("reply.vote_counted", locale)
                return Result(summary, public=(Post(text, board=False),), reply=reply)
            await self.store.update_settings(game_id, {"paused": True, "pause_votes": None})
            await self.timers.schedule(await self.unit.load(game_id))
            post = Post(t("pause.done", loaded.locale), board=False)
            return Result(summary, public=(post,), reply=t("pause.reply", locale))

    async def resume(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            loaded.seat_of(user_id)
            if not loaded.row.settings.get("paused"):
                raise NotAllowed("err.not_paused")
            # resuming takes the same agreement as pausing: every human player
            humans = loaded.humans
            votes = set(await self.store.add_vote(game_id, "resume_votes", user_id)) & humans
            if votes < humans:
                missing = ", ".join(f"<@{u}>" for u in sorted(humans - votes))
                text = t("resume.request", loaded.locale, mention=f"<@{user_id}>", missing=missing)
                summary = game_summary(loaded)
                reply = t("reply.vote_counted", locale)
                return Result(summary, public=(Post(text, board=False),), reply=reply)
            now = self.unit.clock()
            await self.store.update_settings(
                game_id, {"paused": None, "resumed_at": now, "resume_votes": None}
            )
            loaded = await self.unit.load(game_id)
            await self.schedule(loaded)
            post = Post(t("resume.done", loaded.locale, mention=f"<@{user_id}>"), board=False)
            reply = t("resume.reply", locale)
            return Result(game_summary(loaded), public=(post,), reply=reply)

    async def vacation(self, game_id: int, user_id: int, hours: float, locale: str = "en") -> str:
        """Push back the player's own deadline, up to the game's vacation allowance."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            seat = loaded.seat_of(user_id)
            if float(await self.setting(loaded, "deadline_hours")) <= 0:
                raise NotAllowed("err.no_deadlines")
            if not (math.isfinite(hours) and 0 < hours <= 24 * 14):
                raise NotAllowed("err.vacation_range")
            limit = float(await self.setting(loaded, "vacation_hours")) * HOUR
            used = next(s.vacation_used for s in loaded.seats if s.position == seat)
            if used + hours * HOUR > limit + 1e-6:
                left = max(0.0, limit - used) / HOUR
                raise NotAllowed("err.vacation_left", left=f"{left:.1f}")
            await self.store.add_vacation_used(game_id, seat, hours * HOUR)
            vacation = dict(loaded.row.settings.get("vacation", {}))
            turn = self.turn_start(loaded)
            taken = self.timers.vacation_taken(loaded, seat, turn)
            vacation[str(seat)] = {"turn": turn, "seconds": taken + hours * HOUR}
            await self.store.update_settings(game_id, {"vacation": vacation})
            await self.timers.schedule(await self.unit.load(game_id))
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
    ) -> Result:
        """This game's own reminder interval and deadline. The clock belongs to the table:
        before the start the host sets it; in a running game a change needs every human
        player's agreement (a server admin who does not play may set it for moderation).
        Bounds: a reminder of at least 1 hour, a deadline of at least 12, at most 30 days
        (0 turns either off)."""
        changes: dict[str, float] = {}
        if reminder_hours is not None:
            changes["reminder_hours"] = numbers.reminder_hours(reminder_hours)
        if deadline_hours is not None:
            changes["deadline_hours"] = numbers.deadline_hours(deadline_hours)
        async with self.unit.hold(game_id, "any", paused_ok=True) as loaded:
            seated = user_id in loaded.humans
            if loaded.row.status == "lobby":
                if user_id != loaded.row.creator_id:
                    raise NotAllowed("err.clock_host_only")
            elif loaded.row.status != "active":
                raise NotAllowed("err.over", game_id=game_id)
            elif not seated and not is_admin:
                loaded.seat_of(user_id)  # raises: not playing
            elif changes and seated and len(loaded.humans) > 1:
                return await self._propose_clock(loaded, user_id, changes, locale)
            if changes:
                await self.store.update_settings(game_id, {**changes, "clock_vote": None})
                loaded = await self.unit.load(game_id)
                await self.schedule(loaded)
            return Result(game_summary(loaded), reply=await self._clock_now(loaded, locale))

    async def _clock_now(self, loaded: Loaded, locale: str) -> str:
        reminder = float(await self.setting(loaded, "reminder_hours"))
        deadline = float(await self.setting(loaded, "deadline_hours"))
        return t("clock.now", locale, reminder=f"{reminder:g}", deadline=f"{deadline:g}")

    async def _propose_clock(
        self, loaded: Loaded, user_id: int, changes: dict[str, float], locale: str
    ) -> Result:
        serial = int(loaded.row.settings.get("clock_serial", 0)) + 1
        vote = {"by": user_id, "changes": changes, "yes": [user_id], "serial": serial}
        await self.store.update_settings(
            loaded.row.id, {"clock_vote": vote, "clock_serial": serial}
        )
        others = sorted(loaded.humans - {user_id})
        shown = ", ".join(f"{k.split('_')[0]} {v:g} h" for k, v in changes.items())
        text = t(
            "clock.request",
            loaded.locale,
            mention=f"<@{user_id}>",
            changes=shown,
            voters=" ".join(f"<@{u}>" for u in others),
        )
        post = Post(
            text, ping=tuple(others), version=serial, controls=("ck_yes", "ck_no"), board=False
        )
        reply = t("clock.sent", locale)
        return Result(game_summary(loaded), public=(post,), reply=reply)

    async def vote_clock(
        self, game_id: int, user_id: int, serial: int, yes: bool, locale: str = "en"
    ) -> Result:
        """Agree to (or refuse) a proposed clock change; it applies when everyone agreed."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            loaded.seat_of(user_id)
            vote = loaded.row.settings.get("clock_vote")
            if not vote or int(vote.get("serial", -1)) != serial:
                raise Stale("err.clock_vote_closed")
            summary = game_summary(loaded)
            if not yes:
                await self.store.update_settings(game_id, {"clock_vote": None})
                text = t("clock.refused", loaded.locale, mention=f"<@{user_id}>")
                return Result(
                    summary, public=(Post(text, board=False),), reply=t("reply.done", locale)
                )
            agreed = (set(vote["yes"]) | {user_id}) & loaded.humans
            if agreed < loaded.humans:
                await self.store.update_settings(
                    game_id, {"clock_vote": {**vote, "yes": sorted(agreed)}}
                )
                return Result(summary, reply=t("reply.vote_counted", locale))
            await self.store.update_settings(game_id, {**vote["changes"], "clock_vote": None})
            loaded = await self.unit.load(game_id)
            await self.schedule(loaded)
            text = t(
                "clock.agreed", loaded.locale, now=await self._clock_now(loaded, loaded.locale)
            )
            post = Post(text, board=False)
            return Result(game_summary(loaded), public=(post,), reply=t("reply.done", locale))
