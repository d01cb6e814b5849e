"""Delivering service results to Discord: the board post, DMs, ephemeral answers."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import replace
from typing import Any, Final

import discord

from bot.edge.components import board_view, form_view
from bot.service.facade import Service
from bot.service.results import Attachment, BrokenGame, GameSummary, Post, PrivatePost, Result
from bot.store import Outbox
from bot.words.i18n import locale_for
from bot.words.text import t

log = logging.getLogger("tenka.delivery")

DM_CLOSED = 50007


def to_file(attachment: Attachment) -> discord.File:
    return discord.File(
        io.BytesIO(attachment.data),
        filename=attachment.filename,
        description=attachment.description,
    )


INVALID_WEBHOOK_TOKEN = 50027  # Discord's code for an expired interaction token
ACKNOWLEDGED = 40060  # the interaction was answered already (an earlier delivery of it)

# A board names its game and revision in an invisible tail of its text (zero-width space
# and word joiner as bits), because message history returns the text but not the nonce:
# after a restart, the channel's last messages tell whether an owed board went out.
_BITS: Final = ("\u200b", "\u2060")
_SYMBOLS: Final = "0123456789."
HISTORY_PAGE: Final = 25  # recent messages read for an owed board's marker (one request)


def board_marker(game_id: int, revision: int) -> str:
    """The invisible tail of the board of ``game_id`` at ``revision``."""
    code = "".join(format(_SYMBOLS.index(c), "04b") for c in f"{game_id}.{revision}")
    return "".join(_BITS[int(bit)] for bit in code)


def marked(text: str, game_id: int, revision: int) -> str:
    """``text`` within Discord's 2000 characters, with the board's marker at its end."""
    marker = board_marker(game_id, revision)
    return text[: 2000 - len(marker)] + marker


def has_marker(content: str, game_id: int, revision: int) -> bool:
    """Whether ``content`` ends with exactly this board's marker (not a longer one)."""
    marker = board_marker(game_id, revision)
    return content.endswith(marker) and not content[: -len(marker)].endswith(_BITS)


def visible(content: str) -> str:
    """``content`` without a board's invisible marker."""
    return content.rstrip("".join(_BITS))


def within(content: str, limit: int) -> str:
    """``content`` within Discord's ``limit``: whole lines (a line is never cut mid-word,
    which would leave half a word in the reader's eyes), else whole words."""
    if len(content) <= limit:
        return content
    head = content[:limit]
    cut = head.rfind("\n")
    if cut <= 0:
        cut = head.rfind(" ")
    return head[:cut] if cut > 0 else head


def chunks(text: str, size: int) -> list[str]:
    """``text`` in messages of at most ``size`` characters, split between lines (a line
    longer than a message between its words)."""
    out: list[str] = [""]
    for line in _lines(text, size):
        if len(out[-1]) + len(line) + 1 > size:
            out.append("")
        out[-1] = f"{out[-1]}\n{line}" if out[-1] else line
    return [c for c in out if c] or [text[:size] or "…"]


def _lines(text: str, size: int) -> Iterator[str]:
    """The lines of ``text``, each at most ``size`` characters, cut at a space if needed."""
    for line in text.splitlines():
        while len(line) > size:
            cut = line.rfind(" ", 0, size + 1)
            cut = cut if cut > 0 else size
            yield line[:cut]
            line = line[cut:].lstrip()
        yield line


async def reply(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    ephemeral: bool = True,
    attachment: Attachment | None = None,
    view: discord.ui.View | None = None,
    extra: Sequence[Attachment] = (),
) -> None:
    """Answer an interaction whether or not it was already answered or deferred (with
    ``attachment`` and the ``extra`` pictures posted with it, such as a board's second)."""
    kwargs: dict[str, Any] = {"content": within(content, 2000), "ephemeral": ephemeral}
    if attachment is not None:
        kwargs["files"] = [to_file(a) for a in (attachment, *extra)]
    if view is not None:
        kwargs["view"] = view
    try:
        if not interaction.response.is_done():
            try:
                await interaction.response.send_message(**kwargs)
            except discord.HTTPException as err:
                if err.code != ACKNOWLEDGED:
                    raise
                # Discord delivered this interaction twice and the first delivery answered
                # it: the answer is a follow-up (with a fresh file: the first one was read)
                if attachment is not None:
                    kwargs["files"] = [to_file(a) for a in (attachment, *extra)]
                await interaction.followup.send(**kwargs)
        else:
            await interaction.followup.send(**kwargs)
    except discord.NotFound:
        log.info("interaction %s expired before it could be answered", interaction.id)
    except discord.HTTPException as err:
        if err.code != INVALID_WEBHOOK_TOKEN:
            raise
        # the interaction's token expired mid-flow (15 minutes): what was committed stands
        # and its board is in the channel; there is no way left to answer this interaction
        log.info("interaction %s: token expired before the answer", interaction.id)


class Publisher:
    """Publishes service results for one client: board posts in order, DMs with the
    closed-DM fallback."""

    def __init__(self, client: discord.Client, service: Service) -> None:
        self.client = client
        self.service = service
        self._publishing: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        self._retries: dict[int, asyncio.Task[None]] = {}

    async def channel_for(self, channel_id: int) -> discord.abc.Messageable:
        client = self.client
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def publish(
        self, game: GameSummary, post: Post, *, undone: bool = False
    ) -> discord.Message:
        """Post the board in the game's thread, retire the old board's buttons (and, when
        it shows a state that was taken back, say so on it), remember it."""
        channel = await self.channel_for(game.where)
        mentions = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(u) for u in post.ping],
        )
        content = marked(post.text, game.game_id, post.stamp) if post.board else post.text
        kwargs: dict[str, Any] = {
            "content": content[:2000],
            "allowed_mentions": mentions,
            "silent": not post.ping,
        }
        files = [to_file(a) for a in (post.image, *post.extra) if a is not None]
        if files:
            kwargs["files"] = files
        view = board_view(game.game_id, post.version, post.controls, post.choices, game.locale)
        if view is not None:
            kwargs["view"] = view
        if post.edit_previous and game.board_message_id:
            edited = await _edit_board(channel, game.board_message_id, content, post, view)
            if edited is not None:
                return edited
        if post.board:
            # Discord returns the message already made with this nonce for a few minutes
            # (a quick resend); after that the marker in the history is what tells
            kwargs["nonce"] = f"{game.game_id}.{post.version}.{post.stamp}"[:25]
        message = await channel.send(**kwargs)
        if post.board:
            await self._replaced(channel, game, message, undone)
        return message

    async def _replaced(
        self,
        channel: discord.abc.Messageable,
        game: GameSummary,
        new: discord.Message,
        undone: bool,
    ) -> None:
        """``new`` is the game's board now: the old one loses its buttons (and says it was
        taken back when it shows an undone state)."""
        old = game.board_message_id
        if old and old != new.id:
            note = t("board.taken_back", game.locale) if undone else None
            await _retire_controls(channel, old, note)
        await self.service.set_messages(game.game_id, board_message_id=new.id)

    async def _posted_before(
        self, game: GameSummary, post: Post, undone: bool
    ) -> discord.Message | None:
        """The board of ``post.stamp`` if an earlier attempt (a crash between the post and
        its mark, a timeout whose post went through) left it among the channel's last
        messages: found by its marker, it becomes the game's board instead of a repost."""
        channel = await self.channel_for(game.where)
        me = self.client.user
        try:
            recent = [m async for m in channel.history(limit=HISTORY_PAGE)]
        except discord.Forbidden:  # history denied in this channel: a repost beats none
            log.warning("cannot read the history of game %s's channel", game.game_id)
            return None
        for message in recent:
            mine = me is not None and message.author.id == me.id
            if mine and has_marker(message.content, game.game_id, post.stamp):
                log.info("game %s: board %s was posted already", game.game_id, post.stamp)
                await self._replaced(channel, game, message, undone)
                return message
        return None

    async def send_private(
        self, post: PrivatePost, interaction: discord.Interaction[Any] | None = None
    ) -> bool:
        """DM ``post``; if DMs are closed, show it ephemerally to its owner when they are
        the one interacting. Returns whether the owner received it."""
        content = post.text[:2000]
        view = form_view(post.form)
        try:
            client = self.client
            user = client.get_user(post.user_id) or await client.fetch_user(post.user_id)
            kwargs: dict[str, Any] = {"content": content}
            if post.image is not None:
                kwargs["file"] = to_file(post.image)
            if view is not None:
                kwargs["view"] = view
            await user.send(**kwargs)
            return True
        except discord.Forbidden as err:
            if err.code != DM_CLOSED:
                log.warning("DM to %s refused: %s", post.user_id, err)
        except discord.HTTPException:
            log.warning("DM to %s failed", post.user_id, exc_info=True)
        if interaction is not None and interaction.user.id == post.user_id:
            note = t("dm.closed", await locale_for(interaction))
            await reply(
                interaction, f"{note}\n\n{content}"[:2000], attachment=post.image, view=view
            )
            return True
        return False

    async def deliver(
        self,
        result: Result,
        interaction: discord.Interaction[Any] | None = None,
        *,
        retry: bool = True,
    ) -> bool:
        """Publish a result: board posts, then private posts (with the closed-DM fallback),
        then mark its version published (the outbox). Returns whether the public posts
        went out; when they did not (Discord failed after its retries), they stay owed and
        are sent again with backoff, and at the next start.

        Results of one game are published one at a time and never backwards: a board made
        before the last one published (two results racing to Discord) is dropped, so the
        newest board is always the one with live buttons. (Order of creation, not version:
        an undo or a takeback legitimately lowers the version.) Across bot processes the
        store's game lock and board claim keep that order: boards go out by revision."""
        async with self._locked(result.game.game_id):
            return await self._deliver(result, interaction, retry=retry)

    @contextlib.asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[None]:
        """The game's publishing lock: this process's, then the database's (the other bot
        processes on the same one). Held until the delivery is marked published, so what
        one process delivered another does not deliver again."""
        lock, _ = self._publishing.setdefault(game_id, (asyncio.Lock(), [-1]))
        async with lock, self.service.store.game_lock(game_id):
            yield

    async def _deliver(
        self, result: Result, interaction: discord.Interaction[Any] | None, *, retry: bool
    ) -> bool:
        game = result.game
        _, published = self._publishing[game.game_id]
        # the outbox as it is now (its columns, not the game): read once, and again only
        # for a second board of the same result
        outbox = await self.service.store.outbox(game.game_id) if result.publishes else None
        if outbox is not None and outbox.published_revision == result.revision:
            return True  # delivered already (another process caught it up first)
        try:
            for post in result.public:
                if post.board and result.serial and result.serial < published[0]:
                    continue
                message = await self._post(game, post, outbox)
                outbox = None if post.board else outbox
                if message is not None and post.board:
                    published[0] = max(published[0], result.serial)
                    game = replace(game, board_message_id=message.id)
        except (discord.HTTPException, OSError):
            log.warning("posting to game %s failed; it stays owed", game.game_id, exc_info=True)
            if retry:
                self.retry_later(game.game_id)
            return False
        await self._send_privates(result, game, interaction)
        if result.publishes:
            await self.service.mark_published(game.game_id, result.revision)
        return True

    async def _post(
        self, game: GameSummary, post: Post, outbox: Outbox | None = None
    ) -> discord.Message | None:
        """Post one message of a result; a board of one committed state (``post.stamp``,
        its revision) only if no process began a newer board or published this one, and
        not again if an earlier attempt already put it in the channel. ``outbox`` is the
        game's as just read under the publishing lock (else it is read here)."""
        if not (post.board and post.stamp):
            return await self.publish(game, post)
        store = self.service.store
        row = outbox or await store.outbox(game.game_id)  # the newest board, whoever posted it
        if row is None:
            return None
        begun = row.board_revision == post.stamp  # an earlier attempt may have posted it
        if not await store.claim_board(game.game_id, post.stamp):
            return None
        game = replace(game, board_message_id=row.board_message_id)
        if begun and not post.edit_previous:
            found = await self._posted_before(game, post, row.board_undone)
            if found is not None:
                return found
        return await self.publish(game, post, undone=row.board_undone)

    async def _send_privates(
        self, result: Result, game: GameSummary, interaction: discord.Interaction[Any] | None
    ) -> None:
        unreached = []
        for private in result.private:
            if not await self.send_private(private, interaction):
                unreached.append(private.user_id)
        unreached = await self.service.first_dm_failures(game.game_id, unreached)
        if unreached:  # told once per game and player, not at every turn
            try:
                channel = await self.channel_for(game.where)
                names = " ".join(f"<@{u}>" for u in unreached)
                await channel.send(
                    f"{names} {t('dm.closed', game.locale)}",
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(u) for u in unreached]
                    ),
                )
            except discord.HTTPException:
                log.warning("could not tell game %s about closed DMs", game.game_id)

    # --- the outbox -----------------------------------------------------------------------

    RETRY_DELAYS = (2.0, 10.0, 60.0, 300.0)

    def retry_later(self, game_id: int) -> None:
        """Send what a game owes again later, with backoff (one task per game)."""
        task = self._retries.get(game_id)
        if task is not None and not task.done():
            return
        self._retries[game_id] = asyncio.create_task(
            self._retry(game_id), name=f"tenka-owed-{game_id}"
        )

    async def _retry(self, game_id: int) -> None:
        for delay in self.RETRY_DELAYS:
            await asyncio.sleep(delay)
            try:
                if await self.catch_up(game_id, retry=False):
                    return
            except Exception:
                log.exception("sending what game %s owes failed", game_id)

    async def catch_up(self, game_id: int, *, retry: bool = True) -> bool:
        """Send what ``game_id`` owes (its board, hands) once; True when nothing is owed
        any more. What is owed is read again under the publishing lock: another process
        (several start together and catch up the same games) may have just sent it."""
        if await self.service.owed(game_id) is None:
            return True
        async with self._locked(game_id):
            result = await self.service.owed(game_id)
            if result is None:
                return True
            return await self._deliver(result, None, retry=retry)

    async def catch_up_all(self) -> int:
        """At start: every game that owes posts sends them, oldest first."""
        sent = 0
        for game_id in await self.service.owed_games():
            try:
                sent += await self.catch_up(game_id)
            except BrokenGame:  # set aside (the load said so in the log): the others go on
                continue
            except Exception:
                log.exception("could not send what game %s owes", game_id)
        return sent

    async def close(self) -> None:
        for task in self._retries.values():
            task.cancel()


async def _edit_board(
    channel: discord.abc.Messageable,
    message_id: int,
    content: str,
    post: Post,
    view: discord.ui.View | None,
) -> discord.Message | None:
    """A step inside a turn updates the turn's board message instead of posting again."""
    try:
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        return await partial.edit(  # type: ignore[no-any-return]
            content=content[:2000],
            attachments=[to_file(post.image)] if post.image is not None else [],
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except (discord.HTTPException, AttributeError):
        log.info("could not edit board message %s; posting a new one", message_id)
        return None


async def _retire_controls(
    channel: discord.abc.Messageable, message_id: int, note: str | None = None
) -> None:
    """An older board loses its buttons; ``note`` replaces its text (it was taken back)."""
    try:
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        if note is None:
            await partial.edit(view=None)
        else:
            await partial.edit(content=note, view=None)
    except (discord.HTTPException, AttributeError):
        log.debug("could not retire the controls of message %s", message_id)
