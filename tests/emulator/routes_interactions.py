"""REST routes for application commands, interaction callbacks and follow-up webhooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import (
    UNKNOWN_COMMAND,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    already_acknowledged,
    form_error,
    invalid_webhook_token,
    unknown,
)
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .model import LOADING, StoredMessage

if TYPE_CHECKING:
    from .rest import ApiRequest, RestApi
    from .server import Emulator

Reply = tuple[int, Any]

# Callback types each interaction type accepts (modal submits: 6/7 only from a component).
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


# --- application commands -------------------------------------------------------------------


def _strip_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_strip_nulls(v) for v in value]
    return value


def _check_options(options: list[dict[str, Any]], where: str) -> None:
    seen_optional = False
    names: set[str] = set()
    for i, option in enumerate(options):
        if option["name"] in names:
            raise form_error(
                f"{where}.{i}.name",
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(option["name"])
        if option.get("type") in (1, 2):
            _check_options(option.get("options") or [], f"{where}.{i}.options")
        elif option.get("required"):
            if seen_optional:
                raise form_error(
                    f"{where}.{i}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True


def _command(
    emu: Emulator, body: dict[str, Any], guild_id: int | None, existing: list[dict[str, Any]]
) -> dict[str, Any]:
    kind = int(body.get("type") or 1)
    same = next((c for c in existing if c["name"] == body["name"] and c["type"] == kind), None)
    if kind == 1:
        _check_options(body.get("options") or [], "options")
    perms = body.get("default_member_permissions")
    command: dict[str, Any] = {
        "id": same["id"] if same else str(emu.world.ids.next()),
        "application_id": str(emu.application_id),
        "version": str(emu.world.ids.next()),
        "default_member_permissions": None if perms is None else str(perms),
        "type": kind,
        "name": body["name"],
        "name_localizations": body.get("name_localizations"),
        "description": body.get("description") or "",
        "description_localizations": body.get("description_localizations"),
        "contexts": body.get("contexts"),
        "integration_types": body.get("integration_types") or [0],
        "options": _strip_nulls(body.get("options") or []),
        "nsfw": bool(body.get("nsfw")),
    }
    if body.get("dm_permission") is not None:
        command["dm_permission"] = bool(body["dm_permission"])
    if guild_id is not None:
        command["guild_id"] = str(guild_id)
    return command


def _scope(emu: Emulator, req: ApiRequest) -> int | None:
    if req.int_param("application_id") != emu.application_id:
        raise ApiError(403, 50001, "Missing Access")
    if "guild_id" not in req.params:
        return None
    guild_id = req.int_param("guild_id")
    guild = emu.world.guilds.get(guild_id)
    if guild is None or emu.bot.id not in guild.members:
        raise ApiError(403, 50001, "Missing Access")
    return guild_id


async def bulk_set_commands(emu: Emulator, req: ApiRequest) -> Reply:
    scope = _scope(emu, req)
    old = emu.commands.get(scope, [])
    new = [_command(emu, body, scope, old) for body in req.body or []]
    keys = [(c["name"], c["type"]) for c in new]
    if len(keys) != len(set(keys)):
        raise form_error(
            "", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
        )
    emu.commands[scope] = new
    emu.command_syncs.append((scope, [c["name"] for c in new]))
    return 200, new


async def list_commands(emu: Emulator, req: ApiRequest) -> Reply:
    return 200, emu.commands.get(_scope(emu, req), [])


def _find(emu: Emulator, req: ApiRequest) -> tuple[int | None, dict[str, Any]]:
    scope = _scope(emu, req)
    for command in emu.commands.get(scope, []):
        if command["id"] == req.params["command_id"]:
            return scope, command
    raise unknown("application command", UNKNOWN_COMMAND)


async def create_command(emu: Emulator, req: ApiRequest) -> Reply:
    scope = _scope(emu, req)
    pool = emu.commands.setdefault(scope, [])
    command = _command(emu, req.body, scope, pool)
    existed = any(c["id"] == command["id"] for c in pool)
    pool[:] = [c for c in pool if c["id"] != command["id"]] + [command]
    return (200 if existed else 201), command


async def get_command(emu: Emulator, req: ApiRequest) -> Reply:
    return 200, _find(emu, req)[1]


async def edit_command(emu: Emulator, req: ApiRequest) -> Reply:
    scope, command = _find(emu, req)
    merged = command | {k: v for k, v in (req.body or {}).items()}
    updated = _command(emu, merged, scope, [command])
    pool = emu.commands[scope]
    pool[pool.index(command)] = updated
    return 200, updated


async def delete_command(emu: Emulator, req: ApiRequest) -> Reply:
    scope, command = _find(emu, req)
    emu.commands[scope].remove(command)
    return 204, None


# --- interaction callbacks ------------------------------------------------------------------


def interaction_message(
    emu: Emulator, record: InteractionRecord, msg: StoredMessage, *, followup: bool
) -> None:
    """Mark ``msg`` as sent through ``record``'s token (webhook author, metadata, visibility)."""
    msg.webhook_id = emu.application_id
    msg.interaction_id = record.id
    if record.kind == APPLICATION_COMMAND and not followup:
        msg.type = 20
    if msg.ephemeral:
        msg.visible_to = frozenset({record.user.id})
    meta: dict[str, Any] = {
        "id": str(record.id),
        "type": record.kind,
        "user": record.user.payload(),
        "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
    }
    if followup and record.original_id is not None:
        meta["original_response_message_id"] = str(record.original_id)
    if record.kind == MESSAGE_COMPONENT:
        meta["interacted_message_id"] = str(record.source_message_id)
    if record.kind == MODAL_SUBMIT and record.modal_source is not None:
        source = record.modal_source
        trigger = {
            "id": str(source.id),
            "type": source.kind,
            "user": source.user.payload(),
            "authorizing_integration_owners": source.payload["authorizing_integration_owners"],
        }
        if source.kind == MESSAGE_COMPONENT:
            trigger["interacted_message_id"] = str(source.source_message_id)
        meta["triggering_interaction_metadata"] = trigger
    msg.interaction_metadata = meta


async def _respond(
    emu: Emulator, record: InteractionRecord, kind: int, data: dict[str, Any], req: ApiRequest
) -> StoredMessage | None:
    channel_id = record.channel.id
    if kind in (4, 5):
        extra = LOADING if kind == 5 else 0
        body = data if kind == 4 else {"flags": data.get("flags", 0)}
        msg = emu.factory.create(
            channel_id,
            body,
            req.uploads,
            author_id=emu.bot.id,
            allow_ephemeral=True,
            extra_flags=extra,
        )
        interaction_message(emu, record, msg, followup=False)
        record.original_id = msg.id
        record.deferred_loading = kind == 5
        await emu.post_message(msg)
        return msg
    if kind in (6, 7):
        source = emu.find_message(record.source_message_id) if record.source_message_id else None
        if source is None:
            raise form_error("type", "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update")
        record.original_id = source.id
        if kind == 7:
            emu.factory.edit(source, data, req.uploads)
            await emu.message_changed(source)
        return source
    return None


async def interaction_callback(emu: Emulator, req: ApiRequest) -> Reply:
    record = emu.interactions.records.get(req.int_param("interaction_id"))
    if record is None or record.token != req.params["interaction_token"]:
        raise unknown("interaction", UNKNOWN_INTERACTION)
    if emu.clock.now() - record.created_at > emu.callback_deadline_s:
        record.late_callbacks += 1
        raise unknown("interaction", UNKNOWN_INTERACTION)
    if record.callback_type is not None:
        raise already_acknowledged()
    kind = int(req.body["type"])
    if kind not in ALLOWED_CALLBACKS[record.kind]:
        raise form_error(
            "type", "INTERACTION_RESPONSE_TYPE_INVALID", f"Invalid callback type {kind} here"
        )
    data = req.body.get("data") or {}
    message = await _respond(emu, record, kind, data, req)
    record.callback_type, record.callback_data = kind, data
    emu.notify()
    if not req.flag("with_response"):
        return 204, None
    info: dict[str, Any] = {"id": str(record.id), "type": record.kind}
    info["channel_id"] = str(record.channel.id)
    if record.guild is not None:
        info["guild_id"] = str(record.guild.id)
    answer: dict[str, Any] = {"interaction": info}
    if message is not None and kind in (4, 5, 7):
        info |= {
            "response_message_id": str(message.id),
            "response_message_loading": message.loading,
            "response_message_ephemeral": message.ephemeral,
        }
    if message is not None and kind in (4, 7):
        # Only message-creating and message-updating callbacks carry a resource.
        answer["resource"] = {"type": kind, "message": emu.world.message_payload(message)}
    return 200, answer


# --- follow-up webhooks ------------------------------------------------------------------------


def _token_record(emu: Emulator, req: ApiRequest) -> InteractionRecord:
    if req.int_param("webhook_id") != emu.application_id:
        raise unknown("Webhook", UNKNOWN_WEBHOOK)
    record = emu.interactions.by_token.get(req.params["webhook_token"])
    if record is None:
        raise invalid_webhook_token()
    if emu.clock.now() - record.created_at > emu.token_lifetime_s:
        raise invalid_webhook_token()
    if record.callback_type is None or record.callback_type in (8, 9):
        raise unknown("Webhook", UNKNOWN_WEBHOOK)
    return record


def _token_message(emu: Emulator, req: ApiRequest, record: InteractionRecord) -> StoredMessage:
    wanted = req.params.get("message_id", "@original")
    mid = record.original_id if wanted == "@original" else req.int_param("message_id")
    ours = {record.original_id, *record.followup_ids}
    msg = emu.find_message(mid) if mid in ours and mid is not None else None
    if msg is None:
        raise unknown("Message", UNKNOWN_MESSAGE)
    return msg


async def execute_webhook(emu: Emulator, req: ApiRequest) -> Reply:
    record = _token_record(emu, req)
    body = req.body or {}
    original = emu.find_message(record.original_id) if record.original_id else None
    if record.deferred_loading and original is not None and original.loading:
        # The first follow-up after a "thinking" deferral replaces the loading message and
        # keeps the deferral's visibility, whatever flags it asks for.
        emu.factory.edit(original, {k: v for k, v in body.items() if k != "flags"}, req.uploads)
        record.deferred_loading = False
        record.followup_ids.append(original.id)
        await emu.message_changed(original)
        msg = original
    else:
        msg = emu.factory.create(
            record.channel.id, body, req.uploads, author_id=emu.bot.id, allow_ephemeral=True
        )
        interaction_message(emu, record, msg, followup=True)
        record.followup_ids.append(msg.id)
        await emu.post_message(msg)
    if not req.flag("wait"):
        return 204, None
    return 200, emu.world.message_payload(msg)


async def get_token_message(emu: Emulator, req: ApiRequest) -> Reply:
    record = _token_record(emu, req)
    return 200, emu.world.message_payload(_token_message(emu, req, record))


async def edit_token_message(emu: Emulator, req: ApiRequest) -> Reply:
    record = _token_record(emu, req)
    msg = _token_message(emu, req, record)
    emu.factory.edit(msg, req.body or {}, req.uploads)
    if msg.id == record.original_id:
        record.deferred_loading = False
    await emu.message_changed(msg)
    return 200, emu.world.message_payload(msg)


async def delete_token_message(emu: Emulator, req: ApiRequest) -> Reply:
    record = _token_record(emu, req)
    await emu.remove_message(_token_message(emu, req, record))
    return 204, None


def register(api: RestApi) -> None:
    """Add this module's routes to ``api``."""
    for prefix, tag in (
        ("/applications/{application_id}", ""),
        ("/applications/{application_id}/guilds/{guild_id}", "guild_"),
    ):
        api.add(
            "PUT", f"{prefix}/commands", f"bulk_set_{tag}application_commands", bulk_set_commands
        )
        api.add("GET", f"{prefix}/commands", f"list_{tag}application_commands", list_commands)
        api.add("POST", f"{prefix}/commands", f"create_{tag}application_command", create_command)
        one = f"{prefix}/commands/{{command_id}}"
        api.add("GET", one, f"get_{tag}application_command", get_command)
        api.add("PATCH", one, f"update_{tag}application_command", edit_command)
        api.add("DELETE", one, f"delete_{tag}application_command", delete_command)
    api.add(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        "create_interaction_response",
        interaction_callback,
        auth=False,
    )
    hook = "/webhooks/{webhook_id}/{webhook_token}"
    api.add("POST", hook, "execute_webhook", execute_webhook, auth=False)
    for ref, tag in (
        ("@original", "original_webhook_message"),
        ("{message_id}", "webhook_message"),
    ):
        api.add("GET", f"{hook}/messages/{ref}", f"get_{tag}", get_token_message, auth=False)
        api.add("PATCH", f"{hook}/messages/{ref}", f"update_{tag}", edit_token_message, auth=False)
        api.add(
            "DELETE", f"{hook}/messages/{ref}", f"delete_{tag}", delete_token_message, auth=False
        )
