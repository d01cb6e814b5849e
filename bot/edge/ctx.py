"""What a button's code may do with the interaction it answers (a protocol, so that the
buttons never import the Discord delivery code that imports them; the runner's context
subclasses it and inherits what needs no delivery code)."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.service.facade import Service
from bot.service.results import Attachment, Result
from bot.words.text import t


class Ctx(Protocol):
    """One interaction being answered: who, in which language, and what can be done."""

    service: Service
    interaction: discord.Interaction[Any]
    user_id: int
    locale: str
    late: bool  # a committed change whose board could not be posted yet (the outbox has it)

    async def deliver(self, result: Result) -> None:
        """Publish a service result (boards, DMs) for this interaction."""
        ...

    async def reply(
        self,
        content: str,
        *,
        view: discord.ui.View | None = None,
        attachment: Attachment | None = None,
    ) -> None:
        """Answer privately (ephemeral). What a player is told is true: after a committed
        change whose board could not be posted yet, the answer says the board follows."""
        if self.late:
            content = f"{content}\n{t('reply.board_follows', self.locale)}"
        await self.send_private(content, view, attachment)

    async def send_private(
        self, content: str, view: discord.ui.View | None, attachment: Attachment | None
    ) -> None:
        """Send an ephemeral answer as it is (the delivery code's part of :meth:`reply`)."""
        ...

    async def edit(
        self, *, content: str, view: discord.ui.View | None, attachment: Attachment | None = None
    ) -> None:
        """Update the message the pressed component sits on (``attachment`` replaces its
        picture; without one the picture stays)."""
        ...

    async def start_game(self, game_id: int) -> None:
        """Start a lobby: open its thread, post the first board, retire the lobby buttons."""
        ...


class RunsItems(Protocol):
    """The client side of a button press: it builds the :class:`Ctx` and runs the item."""

    async def run_item(self, item: Any, interaction: discord.Interaction[Any]) -> None: ...
