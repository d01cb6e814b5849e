"""Persistent buttons and selects (``DynamicItem``): the game id lives in ``custom_id``, so
they keep working after a restart. Game state never lives in a View.

Every item derives from :class:`TenkaItem`: its callback hands the press to the client's
runner (:class:`bot.edge.runner.Runner`), which answers Discord in time, finds the reader's
language, runs the item's ``run`` with a :class:`bot.edge.ctx.Ctx` and maps every error to one
sentence. Items import no delivery code; they speak to the :class:`~bot.edge.ctx.Ctx`.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, ClassVar, Literal, cast

import discord

from bot.edge.ctx import Ctx, RunsItems
from bot.posts.forms import FormView
from bot.service.levels import DEFAULT_LEVEL, LEVELS, level_of
from bot.service.results import LobbyResult, NotAllowed, NotSeated, ServiceError
from bot.words.text import BUTTON_LABEL, MODAL_TITLE, SELECT_LABEL, fit, t
from games.base import GameError

# Button labels are catalogue keys ("button.join"…): a public message's buttons speak the
# game's language, an ephemeral one's the reader's.
LOBBY_ACTIONS = ("join", "leave", "ai", "start")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.primary,
    "leave": discord.ButtonStyle.secondary,
    "ai": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.success,
}
BOARD_STYLES = {
    "undo": discord.ButtonStyle.secondary,
    "end": discord.ButtonStyle.primary,
    "resign": discord.ButtonStyle.danger,
    "mute": discord.ButtonStyle.secondary,
    "tb_yes": discord.ButtonStyle.success,
    "tb_no": discord.ButtonStyle.danger,
    "ck_yes": discord.ButtonStyle.success,
    "ck_no": discord.ButtonStyle.danger,
}
FORM_KEY = r"[a-z0-9][a-z0-9._-]{0,39}"
Defer = Literal["thinking", "update", "none"]


def button(
    label: str, style: discord.ButtonStyle, custom_id: str, row: int | None = None
) -> discord.ui.Button[Any]:
    """The Discord button of a Tenka button item: its label cut to what Discord shows."""
    return discord.ui.Button(
        label=fit(label, BUTTON_LABEL), style=style, custom_id=custom_id, row=row
    )


class TenkaItem:
    """The shared behaviour of every Tenka component: one runner, one error mapper."""

    defer: ClassVar[Defer] = "thinking"

    def deferral(self) -> Defer:
        """How the runner answers Discord before running (a modal must not be deferred)."""
        return self.defer

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(RunsItems, interaction.client).run_item(self, interaction)

    async def run(self, ctx: Ctx) -> None:
        raise NotImplementedError


class LobbyButton(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:l:(?P<action>join|leave|ai|start):(?P<game>\d{1,18})(?::(?P<level>\w{1,20}))?",
):
    """A lobby's button; Add AI's carry the level after the game (none: normal)."""

    defer = "none"

    def __init__(
        self, action: str, game_id: int, locale: str = "en", level: str | None = None
    ) -> None:
        self.action, self.game_id, self.level = action, game_id, level
        suffix = "" if level in (None, DEFAULT_LEVEL) else f":{level}"
        known = level_of(level) if suffix and action == "ai" else None
        super().__init__(
            button(
                t(f"button.{action}_{known}" if known else f"button.{action}", locale),
                LOBBY_STYLES[action],
                f"tenka:l:{action}:{game_id}{suffix}",
                row=1 if action == "ai" else 0,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]), level=match["level"])

    async def run(self, ctx: Ctx) -> None:
        service, user = ctx.service, ctx.interaction.user
        if self.level is not None and self.action != "ai":  # forged: only Add AI has one
            raise NotAllowed("err.ai_level", level=repr(self.level))
        if self.action == "start":
            await ctx.interaction.response.defer(ephemeral=True, thinking=True)
            await ctx.start_game(self.game_id)
            return
        if self.action == "join":
            lobby = await service.join(self.game_id, user.id, user.display_name)
        elif self.action == "leave":
            lobby = await service.leave(self.game_id, user.id)
        else:
            lobby = await service.add_ai(self.game_id, user.id, self.level or DEFAULT_LEVEL)
        try:
            await ctx.interaction.response.edit_message(
                content=lobby.text,
                view=lobby_view(lobby),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.NotFound:
            # answered after Discord's 3 s (the join is in): edit the lobby message itself,
            # so it never stays stale, and tell the player privately
            message = ctx.interaction.message
            if message is not None:
                await message.edit(
                    content=lobby.text,
                    view=lobby_view(lobby),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            await ctx.reply(t("reply.done", ctx.locale))


class BoardButton(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:b:(?P<action>undo|end|resign|mute|tb_yes|tb_no|ck_yes|ck_no):(?P<game>\d{1,18}):(?P<version>\d{1,9})",
):
    def __init__(self, action: str, game_id: int, version: int, locale: str = "en") -> None:
        self.action, self.game_id, self.version = action, game_id, version
        super().__init__(
            button(
                t(f"button.{action}", locale),
                BOARD_STYLES[action],
                f"tenka:b:{action}:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(match["action"], int(match["game"]), int(match["version"]))

    async def run(self, ctx: Ctx) -> None:
        service, locale, user_id = ctx.service, ctx.locale, ctx.user_id
        if self.action == "resign":
            game = await service.game(self.game_id)
            if user_id not in {s.user_id for s in game.seats}:
                raise NotSeated("err.not_seated")
            view = discord.ui.View(timeout=None)
            view.add_item(ResignConfirm(self.game_id, locale))
            await ctx.reply(t("resign.confirm", locale), view=view)
            return
        if self.action == "mute":
            await ctx.reply(await service.tempo.mute(self.game_id, user_id, locale))
            return
        if self.action in ("ck_yes", "ck_no"):
            result = await service.tempo.vote_clock(
                self.game_id, user_id, self.version, self.action == "ck_yes", locale=locale
            )
        elif self.action in ("tb_yes", "tb_no"):
            yes = self.action == "tb_yes"
            result = await service.council.vote_takeback(
                self.game_id, user_id, self.version, yes, locale=locale
            )
        elif self.action == "undo":
            result = await service.undo(
                self.game_id, user_id, expected_version=self.version, locale=locale
            )
        else:
            result = await service.play.end_turn(
                self.game_id, user_id, expected_version=self.version, locale=locale
            )
        await ctx.deliver(result)
        await ctx.reply(result.reply or t("reply.done", locale))


class ActionButton(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:a:(?P<game>\d{1,18}):(?P<version>\d{1,9}):(?P<index>\d{1,4})",
):
    """One of a few public actions, by its index in ``public_choices()`` at the given version."""

    def __init__(self, game_id: int, version: int, index: int, label: str = "…") -> None:
        self.game_id, self.version, self.index = game_id, version, index
        super().__init__(
            button(
                label, discord.ButtonStyle.primary, f"tenka:a:{game_id}:{version}:{index}", row=0
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def run(self, ctx: Ctx) -> None:
        result = await ctx.service.act_index(
            self.game_id, ctx.user_id, self.index, expected_version=self.version, locale=ctx.locale
        )
        await ctx.deliver(result)
        await ctx.reply(result.reply or t("reply.done", ctx.locale))


class ResignConfirm(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:rc:(?P<game>\d{1,18})",
):
    def __init__(self, game_id: int, locale: str = "en") -> None:
        self.game_id = game_id
        super().__init__(
            button(
                t("button.resign_confirm", locale),
                discord.ButtonStyle.danger,
                f"tenka:rc:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignConfirm:
        return cls(int(match["game"]))

    async def run(self, ctx: Ctx) -> None:
        result = await ctx.service.resign(self.game_id, ctx.user_id, ctx.locale)
        await ctx.deliver(result)
        await ctx.reply(t("reply.resigned", ctx.locale))


# --- forms ------------------------------------------------------------------------------


class FormSelect(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"tenka:fs:(?P<game>\d{{1,18}}):(?P<field>\d):(?P<key>{FORM_KEY})",
):
    """One Pick or One field of a secret form."""

    defer = "update"

    def __init__(self, game_id: int, field: int, key: str, form: FormView | None = None) -> None:
        self.game_id, self.field, self.key = game_id, field, key
        spec = form.fields[field] if form is not None else None
        selected = spec.selected if spec else ()
        options = [
            discord.SelectOption(
                label=fit(label, SELECT_LABEL), value=value, default=value in selected
            )
            for label, value in (spec.options if spec else ())
        ] or [discord.SelectOption(label="…", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"tenka:fs:{game_id}:{field}:{key}",
                placeholder=(spec.label if spec else "…")[:150],
                min_values=spec.min if spec else 1,
                max_values=min(spec.max, len(options)) if spec else 1,
                options=options,
                row=field,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormSelect:
        return cls(int(match["game"]), int(match["field"]), match["key"])

    async def run(self, ctx: Ctx) -> None:
        data = cast(dict[str, Any], ctx.interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        form = await ctx.service.form(self.game_id, ctx.user_id, ctx.locale)
        if form is None or form.key != self.key or self.field >= len(form.fields):
            await _form_gone(ctx, form)
            return
        spec = form.fields[self.field]
        answer: Any = values if spec.kind == "pick" else (values[0] if values else "")
        result, fresh = await ctx.service.answer(
            self.game_id, ctx.user_id, self.key, {spec.name: answer}, final=False, locale=ctx.locale
        )
        await _edit_form(ctx, self.game_id, form_text(fresh, ctx.locale), form_view(fresh))
        await ctx.deliver(result)
        if ctx.late:  # the answer is in; say so rather than let a missing board mislead
            await ctx.reply(t("reply.done", ctx.locale))


class FormButton(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tenka:fb:(?P<game>\d{{1,18}}):(?P<op>c|o\d{{1,2}}|m\d):(?P<key>{FORM_KEY})",
):
    """Confirm a form (``c``), answer an instant one (``oN``: option N), or open the modal
    of an Amounts field (``mN``: field N)."""

    def __init__(self, game_id: int, op: str, key: str, label: str = "…") -> None:
        self.game_id, self.op, self.key = game_id, op, key
        style = discord.ButtonStyle.success if op == "c" else discord.ButtonStyle.primary
        super().__init__(button(label, style, f"tenka:fb:{game_id}:{op}:{key}"))

    def deferral(self) -> Defer:
        return "none" if self.op.startswith("m") else "update"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(int(match["game"]), match["op"], match["key"])

    async def run(self, ctx: Ctx) -> None:
        form = await ctx.service.form(self.game_id, ctx.user_id, ctx.locale)
        if form is None or form.key != self.key:
            if self.op.startswith("m"):
                await ctx.interaction.response.defer(ephemeral=True)
            await _form_gone(ctx, form)
            return
        if self.op.startswith("m"):
            field = int(self.op[1:])
            if field >= len(form.fields) or form.fields[field].kind != "amounts":
                await ctx.interaction.response.defer(ephemeral=True)
                await _form_gone(ctx, form)
                return
            await ctx.interaction.response.send_modal(amounts_modal(form, field))
            return
        if self.op == "c":
            answers: dict[str, Any] = {}
        else:
            index = int(self.op[1:])
            spec = form.fields[0]
            if not form.instant or index >= len(spec.options):
                await _form_gone(ctx, form)
                return
            answers = {spec.name: spec.options[index][1]}
        result, fresh = await ctx.service.answer(
            self.game_id, ctx.user_id, self.key, answers, final=True, locale=ctx.locale
        )
        chosen = "; ".join(form.chosen()) if self.op == "c" else answers_text(form, answers)
        done = t("form.confirmed", ctx.locale, chosen=chosen)
        if result.reply:  # others of a simultaneous choice have still to confirm
            done = f"{done} {result.reply}"
        text = done if fresh is None else f"{done}\n\n{form_text(fresh, ctx.locale)}"
        await _edit_form(ctx, self.game_id, text[:2000], form_view(fresh))
        await ctx.deliver(result)
        if ctx.late:  # the answer is in; say so rather than let a missing board mislead
            await ctx.reply(t("reply.done", ctx.locale))


MODAL_PREFIX = "tenka:fm:"
MODAL_ID = re.compile(rf"^tenka:fm:(?P<game>\d{{1,18}}):(?P<field>\d):(?P<key>{FORM_KEY})$")


def amounts_modal(form: FormView, field: int) -> discord.ui.Modal:
    """A modal with one number input per box; its submit is handled by the runner (a modal
    is not persistent, so it is matched by custom id, not by a live object)."""
    spec = form.fields[field]
    modal = discord.ui.Modal(
        title=fit(spec.label, MODAL_TITLE),
        custom_id=f"{MODAL_PREFIX}{form.game_id}:{field}:{form.key}",
    )
    for name, label, low, high, value in spec.boxes:
        modal.add_item(
            discord.ui.TextInput(
                label=fit(f"{label} ({low}–{high})", MODAL_TITLE),
                custom_id=name,
                default=str(value),
                max_length=4,
                required=False,
            )
        )
    return modal


async def _edit_form(ctx: Ctx, game_id: int, content: str, view: discord.ui.View | None) -> None:
    """Update the form's message; a hand picture on it is drawn again, so that it never
    shows a choice that is over (the opening pick's "0 of 5 chosen" after Confirm)."""
    message, picture = ctx.interaction.message, None
    if message is not None and message.attachments:
        with contextlib.suppress(GameError, ServiceError):  # no hand: the text alone
            picture = (await ctx.service.hand(game_id, ctx.user_id, ctx.locale)).image
    await ctx.edit(content=content, view=view, attachment=picture)


async def _form_gone(ctx: Ctx, form: FormView | None) -> None:
    """The pressed form is no longer the one to answer: say so and send the current one."""
    text = t("form.gone", ctx.locale)
    if form is not None:
        text += "\n\n" + form_text(form, ctx.locale)
    await ctx.reply(text[:2000], view=form_view(form))


def answers_text(form: FormView, answers: dict[str, Any]) -> str:
    parts = []
    for spec in form.fields:
        value = answers.get(spec.name)
        labels = dict((v, label) for label, v in spec.options)
        if isinstance(value, str):
            parts.append(labels.get(value, value))
    return ", ".join(parts)


def form_text(form: FormView | None, locale: str) -> str:
    """The message of a form: its prompt and what is chosen so far."""
    if form is None:
        return t("form.nothing", locale)
    if form.instant:
        return form.prompt
    return f"{form.prompt}\n\n{form.summary()}"[:2000]


def form_view(form: FormView | None) -> discord.ui.View | None:
    """Selects for Pick/One fields, a button per Amounts field, Confirm; an instant form is
    one button per option."""
    if form is None:
        return None
    view = discord.ui.View(timeout=None)
    if form.instant:
        for index, (label, _) in enumerate(form.fields[0].options):
            view.add_item(FormButton(form.game_id, f"o{index}", form.key, label))
        return view
    for spec in form.fields:
        if spec.kind == "amounts":
            label = t("form.enter_amounts", form.locale, field=spec.label)
            button = FormButton(form.game_id, f"m{spec.index}", form.key, label)
            button.item.row = 4
            view.add_item(button)
        else:
            view.add_item(FormSelect(form.game_id, spec.index, form.key, form))
    confirm = FormButton(form.game_id, "c", form.key, t("button.confirm", form.locale))
    confirm.item.row = 4
    view.add_item(confirm)
    return view


DYNAMIC_ITEMS = (
    LobbyButton,
    BoardButton,
    ActionButton,
    ResignConfirm,
    FormSelect,
    FormButton,
)


def lobby_view(lobby: LobbyResult) -> discord.ui.View | None:
    if lobby.game.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        for level in LEVELS if action == "ai" else (None,):  # Add AI: one per level
            item = LobbyButton(action, lobby.game.game_id, lobby.game.locale, level)
            if action in ("join", "ai"):
                item.item.disabled = lobby.full
            if action == "start":
                item.item.disabled = not lobby.can_start
            view.add_item(item)
    return view


def board_view(
    game_id: int,
    version: int,
    controls: tuple[str, ...],
    choices: tuple[tuple[str, int], ...] = (),
    locale: str = "en",
) -> discord.ui.View | None:
    """The buttons of a public board or notice (labels in the game's ``locale``)."""
    if not controls and not choices:
        return None
    view = discord.ui.View(timeout=None)
    for label, index in choices:
        view.add_item(ActionButton(game_id, version, index, label))
    for action in controls:
        button = BoardButton(action, game_id, version, locale)
        button.item.row = 1 if choices else 0
        view.add_item(button)
    return view
