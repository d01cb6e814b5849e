"""Playing a game: moves by text or button, forms, undo, resignation, abandon votes,
deadlines and AI turns. Every command holds the game through :class:`bot.service.unit.Unit` and
hands what follows to :class:`bot.service.aftermath.Aftermath`."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.posts import buttons, hand
from bot.posts import forms as form_views
from bot.posts.summary import game_summary
from bot.service import rewind
from bot.service.aftermath import MAX_AI_CHAIN, Mover
from bot.service.loaded import Loaded, new_turn
from bot.service.results import GameSummary, NotAllowed, Post, Result, Stale
from bot.service.unit import wrote
from bot.store import NewAction
from bot.words.text import has, played, t
from games import engine, words
from games import forms as game_forms
from games.base import Action, Event, Game, InvalidNotation, Outcome, Seat, State, Termination
from games.forms import Form
from games.rng import derive_seed


class Play(Mover):
    # --- moves ------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        locale: str = "en",
        check: Callable[[GameSummary], None] | None = None,
    ) -> Result:
        """Play ``text`` (any notation the game accepts) for the user's seat; ``locale`` is
        the acting user's (their own private post and reply). ``check`` may refuse the
        game as loaded, before anything about it is told (a game named where it may not
        be read)."""
        guard = None if check is None else lambda loaded: check(game_summary(loaded))
        async with self.unit.hold(game_id, guard=guard) as loaded:
            seat = loaded.seat_of(user_id)
            _check_version(loaded, expected_version)
            engine.check_can_act(loaded.game, loaded.state, seat)
            action = read_move(loaded.game, loaded.state, seat, text, locale)
            before = loaded.state  # the label reads the position the move was made in,
            result = await self._play(loaded, seat, user_id, [action], locale)
            # once the game has taken it: a parsed action may still be illegal (a Yokai
            # move from an empty square), and a game labels only legal ones
            reply = played(loaded.game, before, action, locale, seat_names=loaded.names(locale))
            return result if result.reply else replace(result, reply=reply)

    async def act_index(
        self, game_id: int, user_id: int, index: int, *, expected_version: int, locale: str = "en"
    ) -> Result:
        """Play the user's ``public_choices()[index]`` as it was at ``expected_version`` (a
        board button: see ``buttons.quick_choices``); at a version that showed no
        buttons (a payload made up or kept), ``legal()[index]``, the seat's own move all
        the same."""
        async with self.unit.hold(game_id) as loaded:
            seat = loaded.seat_of(user_id)
            _check_version(loaded, expected_version)
            engine.check_can_act(loaded.game, loaded.state, seat)
            most = buttons.QUICK_CHOICES
            public = engine.public_choices(loaded.game, loaded.state, seat, most=most)
            shown = loaded.game.legal(loaded.state, seat) if public is None else public
            if not 0 <= index < len(shown):
                raise Stale("err.stale")
            action = shown[index]
            names = loaded.names(locale)
            reply = played(loaded.game, loaded.state, action, locale, seat_names=names)
            result = await self._play(loaded, seat, user_id, [action], locale)
            return replace(result, reply=reply)

    async def end_turn(
        self, game_id: int, user_id: int, *, expected_version: int, locale: str = "en"
    ) -> Result:
        """The board's End button: the game's own confirming action, if it is legal now."""
        async with self.unit.hold(game_id) as loaded:
            seat = loaded.seat_of(user_id)
            _check_version(loaded, expected_version)
            engine.check_can_act(loaded.game, loaded.state, seat)
            action = loaded.game.end_turn(loaded.state, seat)
            if action is None:
                raise NotAllowed("err.nothing_to_end")
            return await self._play(loaded, seat, user_id, [action], locale)

    async def _play(
        self,
        loaded: Loaded,
        seat: Seat,
        user_id: int,
        actions: Sequence[Any],
        locale: str,
        *,
        quiet: bool = False,
    ) -> Result:
        if not actions:  # a live form answered with what it already holds
            return Result(game_summary(loaded))
        before = loaded.state
        loaded, events = await self.unit.play(loaded, seat, user_id, actions)
        return await self.aftermath.after(
            loaded,
            events,
            before=before,
            acted=len(actions),
            quiet_user=user_id if quiet else None,
            reader=(user_id, locale),
        )

    async def undo(
        self,
        game_id: int,
        user_id: int,
        *,
        expected_version: int | None = None,
        locale: str = "en",
    ) -> Result:
        """Take back the user's last step of a turn not yet confirmed."""
        async with self.unit.hold(game_id) as loaded:
            seat = loaded.seat_of(user_id)
            _check_version(loaded, expected_version)
            if not loaded.game.can_undo(loaded.state, seat):
                raise NotAllowed("err.nothing_to_undo")
            version = loaded.row.version
            steps = await self.unit.undone(loaded, version - 1)
            refused = rewind.refusal(steps, seat, user_id, own=True)
            if refused is not None:
                raise NotAllowed(refused)
            await self.unit.rollback(loaded, version - 1, keep_turn_clock=True)
            before = loaded.state
            loaded = await self.unit.reload(loaded)
            undone = Event("undo", {}, seat=seat)
            return await self.aftermath.after(
                loaded, [undone], before=before, reader=(user_id, locale)
            )

    async def resign(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            seat = loaded.seat_of(user_id)
            before = loaded.state
            state, events = engine.resign(loaded.game, before, seat)
            row = NewAction(seat, user_id, engine.RESIGN, loaded.game.dump_state(state))
            loaded = await self.unit.commit(loaded, [row], state, before)
            events = events or [Event("resign", {}, seat)]
            return await self.aftermath.after(
                loaded, events, before=before, reader=(user_id, locale)
            )

    async def abandon(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        """Vote to abandon; the game ends when every human player has voted."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            loaded.seat_of(user_id)
            humans = loaded.humans  # a vote counts only from a seat's holder now
            votes = set(await self.store.add_vote(game_id, "abandon_votes", user_id)) & humans
            if votes >= humans:
                players = len(loaded.seats)
                outcome = Outcome(Termination.ABANDONED, frozenset(), (1,) * players)
                await self.store.set_status(
                    game_id, "abandoned", outcome=outcome.to_json(), now=self.unit.clock()
                )
                wrote(game_id)
                loaded = await self.unit.reload(loaded)
                await self.timers.schedule(loaded)
                reason = t("end.termination.abandoned", loaded.locale)
                post = Post(t("end.line", loaded.locale, reason=reason))
                return Result(game_summary(loaded), public=(post,), finished=True)
            missing = sorted(humans - votes)
            reply = t("abandon.vote", locale, names=", ".join(map(loaded.name_of, missing)))
            awaited = " ".join(f"<@{u}>" for u in missing)
            text = t("abandon.request", loaded.locale, mention=f"<@{user_id}>", missing=awaited)
            # the players are pinged when the vote opens; a later vote only says who is left
            ping = tuple(missing) if votes == {user_id} else ()
            post = Post(text, ping=ping, board=False)
            return Result(game_summary(loaded), public=(post,), reply=reply)

    # --- forms ------------------------------------------------------------------------

    async def form(
        self, game_id: int, user_id: int, locale: str = "en"
    ) -> form_views.FormView | None:
        """The secret form the user should answer now, in their words, or ``None``."""
        loaded = await self.unit.active(game_id)
        seat = loaded.seat_of(user_id)
        return hand.form_view(loaded, seat, locale)

    async def answer(
        self,
        game_id: int,
        user_id: int,
        form_key: str,
        answers: Mapping[str, Any],
        *,
        final: bool,
        locale: str = "en",
    ) -> tuple[Result, form_views.FormView | None]:
        """Answer part of the user's current form (``final=False``: a live form plays the
        change at once, another keeps it as a draft) or confirm it (``final=True``).
        Returns what to publish and the form as it now stands (``None`` once answered)."""
        async with self.unit.hold(game_id) as loaded:
            seat = loaded.seat_of(user_id)
            engine.check_can_act(loaded.game, loaded.state, seat)
            form = _current_form(loaded, seat, form_key)
            draft = _draft(loaded, seat, form)
            given = {**form.initial, **draft, **_folded(form, answers)}
            checked = game_forms.check(form, given, complete=final)
            if not final and not form.live:
                await self._save_draft(loaded, seat, form, checked)
                loaded = await self.unit.reload(loaded)
                return Result(game_summary(loaded)), hand.form_view(loaded, seat, locale)
            actions = loaded.game.answer(loaded.state, seat, checked, final=final)
            result = await self._play(loaded, seat, user_id, list(actions), locale, quiet=True)
            if final and not form.live:
                await self._save_draft(loaded, seat, None, {})
            fresh = await self.unit.load(game_id)
            if final and _others_choosing(loaded, fresh, seat):
                result = replace(result, reply=t("form.others_choosing", locale))
            return result, hand.form_view(fresh, seat, locale)

    async def _save_draft(
        self, loaded: Loaded, seat: Seat, form: Form | None, answers: Mapping[str, Any]
    ) -> None:
        drafts = dict(loaded.row.settings.get("drafts") or {})
        if form is None:
            if str(seat) not in drafts:
                return
            drafts.pop(str(seat))
        else:
            drafts[str(seat)] = {"key": form.key, "answers": dict(answers)}
        await self.store.update_settings(loaded.row.id, {"drafts": drafts or None})

    # --- deadlines and AI -------------------------------------------------------------

    async def timeout_move(self, game_id: int, seat: Seat, turn_start: float) -> Result | None:
        """A deadline passed: the AI finishes ``seat``'s turn (every step of it, in one
        commit). Runs once: the seat must still be to act in the turn the deadline was for."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            if loaded.row.settings.get("paused"):
                return None
            acting = loaded.game.to_act(loaded.state)
            if seat not in acting or self.timers.turn_start(loaded) != turn_start:
                return None
            game, before = loaded.game, loaded.state
            user_id = loaded.user_at(seat)
            seed = derive_seed(loaded.row.seed, f"timeout{seat}:{loaded.row.version}")
            state, events, rows = before, list[Event](), list[NewAction]()
            while seat in game.to_act(state) and game.outcome(state) is None:
                if rows and new_turn(game, before, state):
                    break
                if len(rows) >= MAX_AI_CHAIN:
                    break
                step_seed = derive_seed(seed, f"step{len(rows)}") if rows else seed
                action = await self.aftermath.choose(loaded, state, seat, "normal", step_seed)
                new_state, new_events = engine.act(game, state, seat, action)
                notation = game.notation(state, action)
                rows.append(NewAction(seat, user_id, notation, game.dump_state(new_state)))
                state, events = new_state, events + new_events
            loaded = await self.unit.commit(loaded, rows, state, before)
            # Name the moves only when every one of them was public (never a secret pick).
            shown = " ".join(r.text for r in rows)
            public = all(e.audience is None for e in events)
            notice = (
                Event("timeout", {"notation": shown}, seat)
                if public
                else Event("timeout_secret", {}, seat)  # its own sentence: no notation
            )
            return await self.aftermath.after(
                loaded, [notice, *events], before=before, acted=len(rows)
            )

    async def run_ai_turns(self, game_id: int) -> Result | None:
        """Let AI seats move (after a restart, or when a seat was handed to the AI)."""
        async with self.unit.hold(game_id, paused_ok=True) as loaded:
            if loaded.row.settings.get("paused"):
                return None
            before_version = loaded.row.version
            result = await self.aftermath.after(loaded, [], before=loaded.state)
            return result if result.game.version != before_version else None


def _check_version(loaded: Loaded, expected: int | None) -> None:
    if expected is not None and expected != loaded.row.version:
        raise Stale("err.stale")


def _others_choosing(before: Loaded, after: Loaded, seat: Seat) -> bool:
    """Whether other seats of the same simultaneous choice have still to confirm theirs
    (then the game goes on when everyone has chosen; a one-person choice goes on now)."""
    game = after.game
    waiting = (game.to_act(before.state) & game.to_act(after.state)) - {seat}
    return any(game.form(after.state, s) is not None for s in waiting)


def _current_form(loaded: Loaded, seat: Seat, form_key: str) -> Form:
    form = loaded.game.form(loaded.state, seat)
    if form is None or form.key != form_key:
        raise Stale("err.form_gone")
    return form


def _draft(loaded: Loaded, seat: Seat, form: Form) -> dict[str, Any]:
    entry = (loaded.row.settings.get("drafts") or {}).get(str(seat)) or {}
    if entry.get("key") != form.key:
        return {}
    return dict(entry.get("answers") or {})


def _folded(form: Form, answers: Mapping[str, Any]) -> dict[str, Any]:
    """Select values come per copy (``S1#2``); the game speaks in plain values."""
    out: dict[str, Any] = {}
    for name, value in answers.items():
        kind = form.field_named(name)  # an unknown field is refused with a sentence
        if isinstance(value, list | tuple) and isinstance(kind, game_forms.Pick):
            out[name] = form_views.fold([str(v) for v in value])
        elif isinstance(value, str) and isinstance(kind, game_forms.One):
            out[name] = form_views.fold([value])[0]
        else:
            out[name] = value
    return out


def read_move(game: Game, state: State, seat: Seat, text: str, locale: str) -> Action:
    """``text`` as an action: the game's notation, else the same text with the words the
    game reads in other languages put in English (``roja wei 3`` → ``red wei 3``, see
    :func:`games.words.unalias`); first only its first word, so that a name the game reads
    in any language keeps its words (``comprar misericordia``). A translation the game reads
    further but refuses (an ambiguous card name): that sentence. Unreadable either way: the
    game's sentence in the reader's language, then the list of the reader's words the game
    also accepts."""
    try:
        return game.parse(state, seat, text)
    except InvalidNotation as error:
        head, _, tail = text.strip().partition(" ")
        verb = f"{words.unalias(game.key, head)} {tail}".strip()  # comprar Misericordia
        closer: InvalidNotation | None = None  # a translation read further (a card's name)
        for plain in dict.fromkeys((verb, words.unalias(game.key, text))):
            if plain == text:
                continue
            try:
                return game.parse(state, seat, plain)
            except InvalidNotation as other:
                if closer is None and other.key != error.key:
                    closer = other
        if closer is not None:
            raise closer from error
        accepted = sorted(_own_words(game.key, locale))
        if not accepted:
            raise
        key = error.key
        reason = t(key, locale, **error.params) if key and has(key) else str(error)
        typed = ", ".join(f"`{w}`" for w in accepted)  # what a player types: notation
        raise NotAllowed("err.unreadable_move", reason=reason, words=typed) from error


def _own_words(key: str, locale: str) -> set[str]:
    """The words of ``locale`` that ``key``'s notation accepts (its aliases file)."""
    path = words.DATA_DIR / key / "aliases" / f"{locale}.json"
    if not path.is_file():
        return set()
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k for k in data if k != "about" and len(k) > 2}
