"""What the players of a game decide together: replacing an absent seat, taking back a
confirmed move, and the catch-up, reveal and replay views of a game."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

import renderer
from bot import presenter
from bot.results import Attachment, NotAllowed, NotSeated, Post, Result, Stale
from bot.store import AlreadySeated, Conflict
from bot.text import t
from games import engine
from games.base import Event, Game, Seat, State

if TYPE_CHECKING:
    from bot.service import Loaded, Service

REPLAY_MAX_FRAMES = 240
ABSENT_FALLBACK_HOURS = 72.0  # when a game sends no reminders


class Table:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store

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
    ) -> Result:
        """Hand ``old_user``'s seat to ``new_user`` (``None``: the AI). Another player of
        the game or a server admin may ask; the new holder gets the private view by DM.
        ``locale`` is the requester's (the reply)."""
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            seated = {s.user_id for s in loaded.seats}
            if requester not in seated and not is_admin:
                raise NotSeated("err.replace_not_allowed")
            if requester == old_user and not is_admin:
                raise NotAllowed("err.replace_self")
            seat = loaded.seat_of(old_user)
            if not is_admin:
                await self._require_absent(loaded, seat, old_user)
            if new_user is not None and new_user in seated:
                raise NotAllowed("err.already_plays")
            try:
                await self.store.replace_seat(
                    game_id, seat, user_id=new_user, ai=None if new_user else "normal"
                )
            except AlreadySeated:
                raise NotAllowed("err.already_plays") from None
            if new_user is not None and new_name:
                names = dict(loaded.row.settings.get("names", {}))
                names[str(new_user)] = new_name
                await self.store.update_settings(game_id, {"names": names})
            before = loaded.state
            loaded = await self.service._load(game_id)
            old = f"<@{old_user}>"
            who = f"<@{new_user}>" if new_user else t("ai.name", loaded.locale)
            event = Event("replaced", {"old": old, "new": who}, seat=seat)
            result = await self.service._after(loaded, [event], before=before)
            if new_user is not None and loaded.game.hand(loaded.state, seat) is not None:
                dm = await self.service.dm_locale(loaded, new_user)
                private = await presenter.hand_post(
                    loaded, seat, render=self.service.render, locale=dm
                )
                result = replace(result, private=(*result.private, private))
            who = f"<@{new_user}>" if new_user else t("ai.name", locale)
            note = t("replace.note", locale, who=who, seat_number=seat + 1, old=old)
            return replace(result, reply=note)

    async def _require_absent(self, loaded: Loaded, seat: Seat, user_id: int) -> None:
        """Players may replace only a seat that has stalled the game (to act for as long as
        the reminders take to run out); a server admin may replace anyone."""
        tempo = self.service.tempo
        interval = float(await tempo.setting(loaded, "reminder_hours"))
        cap = int(await tempo.setting(loaded, "reminder_cap"))
        needed = interval * (cap + 1) if interval > 0 else ABSENT_FALLBACK_HOURS
        waited = (self.service.clock() - tempo.turn_start(loaded)) / 3600.0
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
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            seat = loaded.seat_of(user_id)
            if loaded.game.can_undo(loaded.state, seat):
                raise NotAllowed("err.confirm_turn_first")
            actions = await self.store.actions(game_id)
            mine = [a for a in actions if a.seat == seat and a.user_id == user_id]
            if not mine or mine[-1].text == engine.RESIGN:
                raise NotAllowed("err.no_takeback")
            to_version = mine[-1].seq
            others = sorted(
                s.user_id for s in loaded.seats if s.user_id is not None and s.user_id != user_id
            )
            request = {
                "by": user_id,
                "version": loaded.row.version,
                "to": to_version,
                "yes": [],
            }
            await self.store.update_settings(game_id, {"takeback": request})
            undone = loaded.row.version - to_version
            voters = " ".join(f"<@{u}>" for u in others)
            text = t(
                "takeback.request",
                loaded.locale,
                mention=f"<@{user_id}>",
                undone=undone,
                voters=voters,
            )
            post = Post(
                text,
                ping=tuple(others),
                version=loaded.row.version,
                controls=("tb_yes", "tb_no"),
                board=False,
            )
            if not others:  # only AI opponents: they agree at once
                return await self._take_back(loaded, request, locale)
            reply = t("takeback.sent", locale)
            return Result(self.service.summary(loaded), public=(post,), reply=reply)

    async def vote_takeback(
        self, game_id: int, user_id: int, version: int, yes: bool, locale: str = "en"
    ) -> Result:
        async with self.service._lock(game_id):
            loaded = await self.service._active(game_id)
            loaded.seat_of(user_id)
            request = loaded.row.settings.get("takeback")
            if not request or request["version"] != version or loaded.row.version != version:
                raise Stale("err.takeback_closed")
            if user_id == request["by"]:
                raise NotAllowed("err.takeback_own")
            summary = self.service.summary(loaded)
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

    async def _take_back(self, loaded: Loaded, request: dict[str, int], locale: str) -> Result:
        """Roll the log back to before the requester's move, in one transaction."""
        game_id, to_version = loaded.row.id, int(request["to"])
        previous = await self.service.state_at(loaded, to_version)
        try:
            await self.store.rollback(
                game_id,
                to_version=to_version,
                expected_version=loaded.row.version,
                state=loaded.game.dump_state(previous),
                now=self.service.clock(),
            )
        except Conflict:
            raise Stale("err.stale") from None
        await self.store.update_settings(game_id, {"takeback": None})
        before = loaded.state
        loaded = await self.service._load(game_id)
        seat = loaded.seat_of(int(request["by"]))
        result = await self.service._after(
            loaded, [Event("takeback", {}, seat=seat)], before=before
        )
        return replace(result, reply=t("takeback.done", locale))

    # --- reading ----------------------------------------------------------------------

    async def catchup(self, game_id: int, user_id: int, locale: str = "en") -> str:
        """What happened since the user last acted, as that seat may see it."""
        loaded = await self.service._load(game_id)
        seat = loaded.seat_of(user_id)
        lines = await self.digest_lines(loaded, seat, viewer=seat, locale=locale)
        head = t("digest.head", locale, title=loaded.game.title, game_id=game_id)
        return head + "\n" + ("\n".join(lines) if lines else t("digest.nothing", locale))

    async def digest_lines(
        self,
        loaded: Loaded,
        seat: Seat,
        *,
        viewer: Seat | None,
        skip_last: int = 0,
        locale: str = "en",
    ) -> list[str]:
        """What ``viewer`` may see of the actions since ``seat`` last acted (12 at most)."""
        # The store keeps each seat's last action (a trigger): one small query, no log scan.
        seats = await self.store.seats(loaded.row.id)
        last = next((s.last_acted_seq for s in seats if s.position == seat), None)
        start = (-1 if last is None else last) + 1
        end = loaded.row.version - skip_last
        if end <= start:
            return []
        state = await self.service.state_at(loaded, start)
        names = loaded.names(locale)
        out: list[str] = []
        for row in await self.store.actions(loaded.row.id, since_seq=start):
            if row.seq >= end:
                break
            state, events = replay_step(loaded.game, state, row.seat, row.text)
            out.extend(presenter.event_lines(events, names, viewer, locale))
        return out[-12:]

    async def reveal(self, game_id: int) -> Result:
        """After the end: every hand and the whole final state, for everyone."""
        loaded = await self.service._load(game_id)
        if loaded.row.status not in ("finished", "abandoned") or loaded.state is None:
            raise NotAllowed("err.reveal_too_early")
        names = tuple(loaded.names())
        views = [
            (seat.position, loaded.game.view(loaded.state, seat.position))
            for seat in loaded.seats
            if seat.position is not None
            and loaded.game.hand(loaded.state, seat.position) is not None
            and renderer.has_hand(loaded.game.key)
        ]

        def draw() -> list[Attachment]:
            key, locale = loaded.game.key, loaded.locale
            return [
                Attachment(
                    f"hand-{position + 1}.png",
                    renderer.render_hand(key, view, names=names, locale=locale),
                    renderer.hand_alt_text(key, view, names=names, locale=locale)[:1024],
                )
                for position, view in views
            ]

        images = await presenter.in_render_thread(draw)
        state = json.dumps(loaded.game.dump_state(loaded.state), indent=1, sort_keys=True)
        locale = loaded.locale
        dump = Attachment("final-state.json", state.encode(), t("reveal.alt", locale))
        text = t("reveal.text", locale, game_id=game_id)
        post = Post(
            text, image=images[0] if images else None, extra=(*images[1:], dump), board=False
        )
        return Result(self.service.summary(loaded), public=(post,))

    async def replay_frames(self, game_id: int) -> list[bytes]:
        """The public board after every change of turn, from the first to the last."""
        loaded = await self.service._load(game_id)
        if loaded.state is None or not renderer.has_board(loaded.game.key):
            return []
        game, names = loaded.game, tuple(loaded.names())
        state = await self.service.state_at(loaded, 0)
        states = [state]
        for row in await self.store.actions(game_id):
            acting = game.to_act(state)
            state, _ = replay_step(loaded.game, state, row.seat, row.text)
            if game.to_act(state) != acting or game.outcome(state) is not None:
                states.append(state)
        if len(states) > REPLAY_MAX_FRAMES:
            step = len(states) / REPLAY_MAX_FRAMES
            states = [states[int(i * step)] for i in range(REPLAY_MAX_FRAMES - 1)] + [states[-1]]
        views = [game.view(s, None) for s in states]

        def draw() -> list[bytes]:  # on the render thread, never on the event loop
            return [
                renderer.render_board(game.key, v, names=names, locale=loaded.locale) for v in views
            ]

        return await presenter.in_render_thread(draw)


def replay_step(game: Game, state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Apply one logged action (its notation, or ``resign``) and return its events."""
    if text == engine.RESIGN:
        new_state, events = engine.resign(game, state, seat)
        return new_state, events or [Event("resign", {}, seat)]
    new_state, _, events = engine.act_text(game, state, seat, text)
    return new_state, events
