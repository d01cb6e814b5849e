"""The service's read-only side: boards, hands, status, history, listings, autocomplete,
and the rules (a game's summary or one topic of it, see :mod:`bot.words.rulebook`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace

import games
import renderer
from bot.posts import autocomplete, board, hand, pictures
from bot.posts.render import Sight, in_render_thread
from bot.posts.summary import game_summary, status_text
from bot.service.aftermath import Aftermath
from bot.service.history import History, replay_step
from bot.service.loaded import Loaded
from bot.service.results import (
    Attachment,
    BrokenGame,
    GameSummary,
    HistoryPage,
    NoSuchGame,
    NotAllowed,
    Post,
    PrivatePost,
    Result,
    WrongPhase,
)
from bot.service.unit import Part, Unit
from bot.words import rulebook
from bot.words.i18n import DEFAULT_CATALOGUE
from bot.words.text import t
from games.base import Event, Seat, UnknownGame

HISTORY_PAGE = 15
REPLAY_MAX_FRAMES = 240


class Reading(Part):
    """Nothing here changes a game."""

    def __init__(self, unit: Unit, aftermath: Aftermath, history: History) -> None:
        super().__init__(unit)
        self.aftermath = aftermath
        self.history_log = history
        self.render = aftermath.render

    async def game(self, game_id: int) -> GameSummary:
        return game_summary(await self.unit.load(game_id))

    async def board(
        self, game_id: int, locale: str | None = None, user_id: int | None = None
    ) -> Post:
        """The current board; its text in ``locale`` (by default the game's). Shown to one
        user (``/game board`` replies privately), it is drawn in that user's palette and,
        for a seat, from that seat's side; otherwise the public board."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None:
            raise WrongPhase("err.not_started", game_id=game_id)
        palette = self.aftermath.public_palette
        viewer = None
        if user_id is not None:
            settings = await self.store.user_settings(user_id)
            palette = str(settings.get("palette") or board.PUBLIC_PALETTE)
            viewer = next((s.position for s in loaded.seats if s.user_id == user_id), None)
        return await board.post(
            loaded, [], render=self.render, locale=locale, palette=palette, viewer=viewer
        )

    async def board_text(self, game_id: int, locale: str = "en") -> str:
        """The whole board in words (what the picture's alt text summarises)."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None:
            raise WrongPhase("err.not_started", game_id=game_id)
        return board.words(loaded, locale)

    async def hand(self, game_id: int, user_id: int, locale: str = "en") -> PrivatePost:
        """The user's private view (hand, secret captures) as text and image."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None:
            raise WrongPhase("err.not_started", game_id=game_id)
        seat = loaded.seat_of(user_id)
        palette = (await self.aftermath.palettes(loaded)).get(user_id, "default")
        return await hand.post(loaded, seat, render=self.render, locale=locale, palette=palette)

    async def status(self, game_id: int, locale: str = "en") -> str:
        loaded = await self.unit.load(game_id)
        return status_text(loaded, locale)

    async def history(
        self, game_id: int, user_id: int | None, page: int = 1, locale: str = "en"
    ) -> HistoryPage:
        """The game's actions, newest last, redacted for the reader's seat."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None:
            return HistoryPage((), 1, 1)
        viewer: Seat | None = None
        if user_id is not None:
            viewer = next((s.position for s in loaded.seats if s.user_id == user_id), None)
        # Pages count back from the newest action (page 1 is the latest), so a page replays
        # only from the snapshot before it, not the whole log.
        total = loaded.row.version
        pages = max(1, -(-total // HISTORY_PAGE))
        page = min(max(page, 1), pages)
        end = total - (page - 1) * HISTORY_PAGE
        start = max(0, end - HISTORY_PAGE)
        lines = await self.history_log.numbered(loaded, start, end, viewer, locale)
        return HistoryPage(tuple(lines), page, pages)

    async def choices(
        self, game_id: int, user_id: int, typed: str, limit: int = 25, locale: str = "en"
    ) -> list[tuple[str, str]]:
        """``(label, notation)`` of the user's legal actions matching ``typed`` (labels in
        ``locale``)."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None or loaded.row.status != "active":
            return []
        seat = loaded.seat_of(user_id)
        if seat not in loaded.game.to_act(loaded.state):
            return []
        return autocomplete.match_actions(loaded.game, loaded.state, seat, typed, limit, locale)

    async def find_game(self, channel_id: int, user_id: int | None = None) -> GameSummary:
        """The game of this thread/channel: the active one (the user's, if several), else
        the latest finished one, so that status and history still work after the end."""
        rows = await self.store.games_in_channel(channel_id, statuses=("active",))
        if not rows:
            ended = await self.store.games_in_channel(
                channel_id, statuses=("finished", "abandoned")
            )
            rows = sorted((r for r in ended if r.thread_id == channel_id), key=lambda r: -r.id)
        if user_id is not None and len(rows) > 1:
            mine = [r for r in rows if r.thread_id == channel_id] or rows
            seated = []
            for r in mine:
                if any(s.user_id == user_id for s in await self.store.seats(r.id)):
                    seated.append(r)
            rows = seated or mine
        if not rows:
            raise NoSuchGame("err.no_game_here")
        for row in rows[:-1]:  # a game set aside (broken) gives way to the next one
            try:
                return await self.game(row.id)
            except BrokenGame:
                continue
        return await self.game(rows[-1].id)

    async def _readable(self, ids: Iterable[int]) -> list[GameSummary]:
        """The summaries of the games that can be read (a broken row is left out)."""
        out = []
        for game_id in ids:
            try:
                out.append(await self.game(game_id))
            except BrokenGame:
                continue
        return out

    async def list_channel(self, channel_id: int) -> list[GameSummary]:
        rows = await self.store.games_in_channel(channel_id, statuses=("lobby", "active"))
        return await self._readable(r.id for r in rows)

    async def mine(self, user_id: int) -> list[GameSummary]:
        """The user's games everywhere, games waiting for them first."""
        pairs = await self.store.games_for_user(user_id, statuses=("lobby", "active"))
        out = await self._readable(row.id for row, _ in pairs)
        return sorted(
            out, key=lambda g: (user_id not in g.to_act, g.status != "active", -g.game_id)
        )

    async def user_games(self, user_id: int, channel_id: int | None) -> Iterable[GameSummary]:
        games_ = await self.mine(user_id)
        return [
            g for g in games_ if channel_id is None or channel_id in (g.channel_id, g.thread_id)
        ]

    # --- the rules ----------------------------------------------------------------------

    def rules(self, key: str, topic: str | None = None, locale: str = "en") -> list[str]:
        """The rules of game ``key`` in the reader's language as Discord messages: the
        summary and its topics' names, or the topic called ``topic``, or (for a topic that
        is not there) a sentence naming the topics that look like it."""
        game = games.get(key)
        folder = rulebook.DATA_DIR / game.key
        path = rulebook.rules_file(folder, locale)
        if not path.is_file():
            raise NoSuchGame("err.no_rules", game=repr(key))
        book = rulebook.load(path)
        if not topic or not topic.strip():
            text = book.summary
            if book.top:
                text += "\n\n" + t("rulebook.topics", locale, topics=", ".join(book.top))
            return rulebook.pages(text)
        english = folder / f"rules.{DEFAULT_CATALOGUE}.md"
        other = rulebook.load(english) if english != path and english.is_file() else None
        found = rulebook.find_across(book, other, topic)
        if found is None:
            near = rulebook.close(book, topic)
            typed = topic.strip()[:100]
            if not book.topics:
                text = t("rulebook.no_topics", locale, title=game.title)
            elif near:
                text = t(
                    "rulebook.unknown", locale, topic=typed, title=game.title, near=", ".join(near)
                )
            else:
                everything = ", ".join(book.top)
                text = t(
                    "rulebook.unknown_all", locale, topic=typed, title=game.title, topics=everything
                )
            return rulebook.pages(text, most=1)
        text = f"**{found.title}**\n{found.body}".strip()
        if found.children:
            text += "\n\n" + t("rulebook.more", locale, topics=", ".join(found.children))
        return rulebook.pages(text)

    def rule_topics(self, key: str, typed: str, locale: str = "en", limit: int = 25) -> list[str]:
        """The topics of game ``key``'s rules matching ``typed`` (for autocomplete)."""
        try:
            game = games.get(key)
        except UnknownGame:
            return []
        path = rulebook.rules_file(rulebook.DATA_DIR / game.key, locale)
        return rulebook.matching(rulebook.load(path), typed, limit) if path.is_file() else []

    # --- catching up, revealing, replaying --------------------------------------------

    async def catchup(self, game_id: int, user_id: int, locale: str = "en") -> str:
        """What happened since the user last acted, as that seat may see it."""
        loaded = await self.unit.load(game_id)
        seat = loaded.seat_of(user_id)
        lines = await self.history_log.digest_lines(loaded, seat, viewer=seat, locale=locale)
        head = t("digest.head", locale, title=loaded.game.title, game_id=game_id)
        return head + "\n" + ("\n".join(lines) if lines else t("digest.nothing", locale))

    async def reveal(self, game_id: int) -> Result:
        """After the end: every hand and the whole final state, for everyone."""
        loaded = await self.unit.load(game_id)
        if loaded.row.status not in ("finished", "abandoned") or loaded.state is None:
            raise NotAllowed("err.reveal_too_early")
        hands = await self._revealed_hands(loaded)
        images = [image for image in hands if image is not None]
        state = json.dumps(loaded.game.dump_state(loaded.state), indent=1, sort_keys=True)
        locale = loaded.locale
        dump = Attachment("final-state.json", state.encode(), t("reveal.alt", locale))
        text = t("reveal.text", locale, game_id=game_id)
        if len(images) < len(hands):  # a hand that cannot be drawn: the final state holds it
            text = f"{text}\n{t('reveal.no_pictures', locale)}"
        post = Post(
            text, image=images[0] if images else None, extra=(*images[1:], dump), board=False
        )
        return Result(game_summary(loaded), public=(post,))

    async def _revealed_hands(self, loaded: Loaded) -> list[Attachment | None]:
        """Every seat's hand as a picture, ``None`` for one that cannot be drawn."""
        game, names, key = loaded.game, tuple(loaded.names()), loaded.game.key
        images: list[Attachment | None] = []
        for seat in loaded.seats:
            position = seat.position
            if position is None or game.hand(loaded.state, position) is None:
                continue
            if not renderer.has_hand(key):
                continue
            view = game.view(loaded.state, position)
            sight = Sight(loaded.row.id, key, view, names, loaded.locale)
            image, _ = await pictures.hand(sight)
            images.append(
                image if image is None else replace(image, filename=f"hand-{position + 1}.png")
            )
        return images

    async def replay_frames(self, game_id: int) -> list[bytes]:
        """The public board after every change of turn, from the first to the last."""
        loaded = await self.unit.load(game_id)
        if loaded.state is None or not renderer.has_board(loaded.game.key):
            return []
        game, names = loaded.game, tuple(loaded.names())
        state = await self.unit.state_at(loaded, 0)
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

        return await in_render_thread(draw)

    async def replay(self, game_id: int) -> tuple[bytes, int] | None:
        """The public boards as one animated GIF (drawn off the event loop)."""
        frames = await self.replay_frames(game_id)
        if not frames:
            return None
        gif = await in_render_thread(renderer.replay_gif, frames)
        return gif, len(frames)

    # --- the outbox -------------------------------------------------------------------

    async def owed(self, game_id: int) -> Result | None:
        """What a game still owes Discord: the board (with what happened since the last
        delivered version) and the hands that changed, or ``None`` when nothing is owed.

        Owed is a matter of revision, not version: an undo or a takeback and another move
        back to the published version owe their board. A rollback past the published board
        lowered ``published_version`` to the common prefix, so what follows is told from
        there, and the board says that what the channel showed was taken back."""
        loaded = await self.unit.load(game_id)
        row = loaded.row
        if row.status not in ("active", "finished") or loaded.state is None:
            return None
        if row.published_revision == row.revision:
            return None
        started = row.published_version is None
        start = min(row.published_version or 0, row.version)
        before = await self.unit.state_at(loaded, start)
        events: list[Event] = []
        state = before
        actions = await self.store.actions(row.id, since_seq=start)
        for action in actions:
            state, new = replay_step(loaded.game, state, action.seat, action.text)
            events.extend(new)
        # What stopped the posts (a store error after the commit) may have stopped the
        # turn's timers too: they are brought up to date (idempotent) before the posts.
        await self.aftermath.timers.schedule(loaded)
        # the channel's board shows a state that was taken back: a public line says so
        undone = [Event("taken_back", {})] if row.board_undone else []
        # Nothing delivered yet (the start's own posts were lost): every hand and secret
        # form is owed, as at the start, not only those that changed since it.
        return await self.aftermath.posts(
            loaded,
            [*undone, *events[-12:]],
            before=None if started else before,
            started=started,
            described=len(actions),
        )
