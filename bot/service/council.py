"""What the players of a game decide together: handing an absent seat to someone else and
taking back a confirmed move (every other player approves)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.posts import hand
from bot.posts.summary import game_summary
from bot.service import rewind
from bot.service.aftermath import Mover
from bot.service.levels import DEFAULT_LEVEL
from bot.service.loaded import Loaded
from bot.service.results import NotAllowed, NotSeated, Post, Result, Stale
from bot.store import AlreadySeated, Conflict
from bot.words.text import t
from games import engine
from games.base import Event, Seat

ABSENT_FALLBACK_HOURS = 72.0  # when a game sends no reminders
VOTE_LISTS = ("pause_votes", "resume_votes", "abandon_votes")  # yes-voters of a plain vote
PROPOSALS = ("takeback", "clock_vote")  # a request with its proposer ("by") and its yes


def without_voter(settings: Mapping[str, Any], user_id: int) -> dict[str, Any]:
    """The settings changes that take ``user_id``'s part out of every pending vote and
    approval (pause, resume, abandon, takeback, clock): votes belong to the seats as they
    are now, so a replaced player's yes is dropped and their own proposal lapses."""
    changes: dict[str, Any] = {}
    for key in VOTE_LISTS:
        votes = settings.get(key) or []
        if user_id in votes:
            changes[key] = [u for u in votes if u != user_id] or None
    for key in PROPOSALS:
        request = settings.get(key)
        if not request:
            continue
        if request.get("by") == user_id:
            changes[key] = None
        elif user_id in request.get("yes", []):
            changes[key] = {**request, "yes": [u for u in request["yes"] if u != user_id]}
    return changes


class Council(Mover):
    # --- replacing a seat -------------------------------------------------------------

    async def replace(
        self,
        game_id: int,
        requester: int,
        *,
        old_user: int,
        new_user: int | None,
        new_name: str | None,
        is_admin: bool = False,
        locale: str = "en",
        level: str = DEFAULT_LEVEL,
    ) -> Result:
        """Hand ``old_user``'s seat to ``new_user`` (``None``: the AI at ``level``). Another
        player of the game or a server admin may ask; the new holder gets the private view
        by DM. ``locale`` is the requester's (the reply)."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            seat = await self._replaceable(loaded, requester, old_user, new_user, is_admin)
            await self._hand_over(loaded, seat, (old_user, new_user), new_name, level)
            before = loaded.state
            loaded = await self.unit.load(game_id)
            old = f"<@{old_user}>"
            who = f"<@{new_user}>" if new_user else t("ai.someone", loaded.locale)
            event = Event("replaced", {"old": old, "new": who}, seat=seat)
            result = await self.aftermath.after(loaded, [event], before=before)
            if new_user is not None:
                result = await self._welcome(loaded, result, seat, new_user, old)
            who = f"<@{new_user}>" if new_user else t("ai.someone", locale)
            note = t("replace.note", locale, who=who, seat_number=seat + 1, old=old)
            return replace(result, reply=note)

    async def _replaceable(
        self, loaded: Loaded, requester: int, old_user: int, new_user: int | None, admin: bool
    ) -> Seat:
        """``old_user``'s seat, if ``requester`` may hand it to ``new_user``."""
        seated = {s.user_id for s in loaded.seats}
        if requester not in seated and not admin:
            raise NotSeated("err.replace_not_allowed")
        if requester == old_user and not admin:
            raise NotAllowed("err.replace_self")
        seat = loaded.seat_of(old_user)
        if not admin:
            await self._require_absent(loaded, seat, old_user)
        if new_user is not None and new_user in seated:
            raise NotAllowed("err.already_plays")
        return seat

    async def _hand_over(
        self,
        loaded: Loaded,
        seat: Seat,
        users: tuple[int, int | None],
        name: str | None,
        level: str,
    ) -> None:
        """The seat changes hands (``users``: old, new; no new user: the AI at ``level``):
        its old holder's votes leave with them, the new one's name is kept."""
        (old_user, new_user), game_id = users, loaded.row.id
        try:
            await self.store.replace_seat(
                game_id, seat, user_id=new_user, ai=None if new_user else level
            )
        except AlreadySeated:
            raise NotAllowed("err.already_plays") from None
        lapsed = without_voter(loaded.row.settings, old_user)
        if lapsed:  # the seat's votes were its old holder's: they leave with them
            await self.store.update_settings(game_id, lapsed)
        if new_user is not None and name:
            names = dict(loaded.row.settings.get("names", {}))
            names[str(new_user)] = name
            await self.store.update_settings(game_id, {"names": names})

    async def _welcome(
        self, loaded: Loaded, result: Result, seat: Seat, new_user: int, old: str
    ) -> Result:
        """The new holder gets the seat's private view by DM and is pinged in the thread."""
        if loaded.game.hand(loaded.state, seat) is not None:
            dm = await self.aftermath.dm_locale(loaded, new_user)
            private = await hand.post(loaded, seat, render=self.aftermath.render, locale=dm)
            result = replace(result, private=(*result.private, private))
        text = t("replace.public", loaded.locale, who=f"<@{new_user}>", old=old)
        notice = Post(text, ping=(new_user,), board=False)
        return replace(result, public=(*result.public, notice))

    async def _require_absent(self, loaded: Loaded, seat: Seat, user_id: int) -> None:
        """Players may replace only a seat that has stalled the game (to act for as long as
        the reminders take to run out); a server admin may replace anyone."""
        timers = self.timers
        interval = float(await timers.setting(loaded, "reminder_hours"))
        cap = int(await timers.setting(loaded, "reminder_cap"))
        needed = interval * (cap + 1) if interval > 0 else ABSENT_FALLBACK_HOURS
        waited = (self.unit.clock() - timers.turn_start(loaded)) / 3600.0
        if seat not in loaded.game.to_act(loaded.state) or waited < needed:
            raise NotAllowed(
                "err.replace_not_absent",
                mention=f"<@{user_id}>",
                hours=f"{needed:g}",
                waited=f"{max(waited, 0.0):.0f}",
            )

    # --- takebacks after a confirmed turn ---------------------------------------------

    async def request_takeback(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        """Ask to take back your last confirmed move (and everything after it)."""
        async with self.unit.hold(game_id) as loaded:
            seat = loaded.seat_of(user_id)
            if loaded.game.can_undo(loaded.state, seat):
                raise NotAllowed("err.confirm_turn_first")
            actions = await self.store.actions(game_id)
            mine = [a for a in actions if a.seat == seat and a.user_id == user_id]
            if not mine or mine[-1].text == engine.RESIGN:
                raise NotAllowed("err.no_takeback")
            to_version = mine[-1].seq
            await self._check_undoable(loaded, seat, user_id, to_version)
            others = sorted(
                s.user_id for s in loaded.seats if s.user_id is not None and s.user_id != user_id
            )
            version = loaded.row.version
            request: dict[str, Any] = {
                "by": user_id,
                "version": version,
                "to": to_version,
                "yes": [],
            }
            await self.store.update_settings(game_id, {"takeback": request})
            if not others:  # only AI opponents: they agree at once
                return await self._take_back(loaded, request, locale)
            post = _takeback_asked(loaded, user_id, others, undone=version - to_version)
            reply = t("takeback.sent", locale)
            return Result(game_summary(loaded), public=(post,), reply=reply)

    async def _check_undoable(
        self, loaded: Loaded, seat: Seat, user_id: int, to_version: int
    ) -> None:
        """The rule of :mod:`bot.service.rewind` over the actions a takeback would remove."""
        undone = await self.unit.undone(loaded, to_version)
        key = rewind.refusal(undone, seat, user_id, own=False)
        if key is not None:
            raise NotAllowed(key)

    async def vote_takeback(
        self, game_id: int, user_id: int, version: int, yes: bool, locale: str = "en"
    ) -> Result:
        async with self.unit.hold(game_id) as loaded:
            loaded.seat_of(user_id)
            request = loaded.row.settings.get("takeback")
            if not request or request["version"] != version or loaded.row.version != version:
                raise Stale("err.takeback_closed")
            if user_id == request["by"]:
                raise NotAllowed("err.takeback_own")
            summary = game_summary(loaded)
            if not yes:
                await self.store.update_settings(game_id, {"takeback": None})
                text = t("takeback.refused", loaded.locale, mention=f"<@{user_id}>")
                reply = t("takeback.you_refused", locale)
                return Result(summary, public=(Post(text, board=False),), reply=reply)
            request = {**request, "yes": sorted(set(request["yes"]) | {user_id})}
            others = {s.user_id for s in loaded.seats if s.user_id not in (None, request["by"])}
            if set(request["yes"]) < others:
                await self.store.update_settings(game_id, {"takeback": request})
                return Result(summary, reply=t("takeback.approved", locale))
            return await self._take_back(loaded, request, locale)

    async def _take_back(self, loaded: Loaded, request: dict[str, Any], locale: str) -> Result:
        """Roll the log back to before the requester's move, in one transaction."""
        game_id = loaded.row.id
        try:
            await self.unit.rollback(loaded, int(request["to"]))
        except Conflict:
            raise Stale("err.stale") from None
        await self.store.update_settings(game_id, {"takeback": None})
        before = loaded.state
        loaded = await self.unit.load(game_id)
        seat = loaded.seat_of(int(request["by"]))
        result = await self.aftermath.after(
            loaded, [Event("takeback", {}, seat=seat)], before=before
        )
        return replace(result, reply=t("takeback.done", locale))


def _takeback_asked(loaded: Loaded, user_id: int, others: list[int], *, undone: int) -> Post:
    """The request in the thread: who asks, how many actions it undoes, whose vote it
    awaits (pinged), with the Agree and Refuse buttons."""
    voters = " ".join(f"<@{u}>" for u in others)
    mention = f"<@{user_id}>"
    text = t("takeback.request", loaded.locale, mention=mention, undone=undone, voters=voters)
    return Post(
        text,
        ping=tuple(others),
        version=loaded.row.version,
        controls=("tb_yes", "tb_no"),
        board=False,
    )
