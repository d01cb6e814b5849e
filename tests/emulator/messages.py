"""Creating and editing stored messages from request bodies, with Discord's own checks.

The OpenAPI schemas catch type and length errors; the rules Discord enforces beyond them
(2000-character content for bots, 6000 characters of embeds, unique custom ids, no empty
message, ``parse: users`` with a ``users`` list) live here.
"""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from typing import Any

from .errors import empty_message, form_error
from .model import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    StoredAttachment,
    StoredMessage,
)
from .world import World

MAX_CONTENT = 2000
MAX_EMBED_CHARS = 6000
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
EDIT_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2


@dataclass(frozen=True)
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    return total


def check_body(body: dict[str, Any]) -> None:
    """Discord's checks that the OpenAPI description does not express."""
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        raise form_error(
            "content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length."
        )
    embeds = body.get("embeds") or []
    if sum(_embed_chars(e) for e in embeds if isinstance(e, dict)) > MAX_EMBED_CHARS:
        raise form_error(
            "embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    allowed = body.get("allowed_mentions")
    if (
        isinstance(allowed, dict)
        and "users" in (allowed.get("parse") or [])
        and allowed.get("users")
    ):
        raise form_error(
            "allowed_mentions",
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            'parse:["users"] and users: [ids...] are mutually exclusive.',
        )
    seen: set[str] = set()
    probe = StoredMessage(0, 0, 0, components=list(body.get("components") or []))
    for custom_id in probe.custom_ids():
        if custom_id in seen:
            raise form_error(
                "components",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated: {custom_id}",
            )
        seen.add(custom_id)


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


class MessageFactory:
    """Builds and edits :class:`StoredMessage` objects for the routes."""

    def __init__(self, world: World, cdn_base: str) -> None:
        self.world = world
        self.cdn_base = cdn_base

    def _attachment(
        self, channel_id: int, upload: Upload, meta: dict[str, Any]
    ) -> StoredAttachment:
        att_id = self.world.ids.next()
        filename = meta.get("filename") or upload.filename
        size = _image_size(upload.data)
        return StoredAttachment(
            id=att_id,
            filename=filename,
            data=upload.data,
            description=meta.get("description"),
            content_type=mimetypes.guess_type(filename)[0] or "application/octet-stream",
            url=f"{self.cdn_base}/attachments/{channel_id}/{att_id}/{filename}",
            width=size[0] if size else None,
            height=size[1] if size else None,
        )

    def _attachments(
        self,
        channel_id: int,
        body: dict[str, Any],
        uploads: list[Upload],
        existing: list[StoredAttachment],
    ) -> list[StoredAttachment]:
        by_index = {u.index: u for u in uploads}
        metas = body.get("attachments")
        if metas is None:
            new = [self._attachment(channel_id, u, {}) for u in uploads]
            return existing + new
        kept = {str(a.id): a for a in existing}
        result: list[StoredAttachment] = []
        used: set[int] = set()
        for i, meta in enumerate(metas):
            key = str(meta.get("id"))
            if key in kept:
                result.append(kept[key])
            elif key.isdigit() and int(key) in by_index:
                result.append(self._attachment(channel_id, by_index[int(key)], meta))
                used.add(int(key))
            else:
                raise form_error(
                    f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment or upload"
                )
        result += [self._attachment(channel_id, u, {}) for u in uploads if u.index not in used]
        return result

    def _mentions(
        self, content: str, allowed: dict[str, Any] | None, replied_to: int | None
    ) -> list[int]:
        mentioned = self.world.mentions_in(content)
        if allowed is None:
            pinged = list(mentioned)
            replied = True
        else:
            parse = allowed.get("parse") or []
            explicit = {int(u) for u in allowed.get("users") or []}
            pinged = [u for u in mentioned if "users" in parse or u in explicit]
            replied = bool(allowed.get("replied_user", False))
        if replied_to is not None and replied and replied_to not in pinged:
            pinged.append(replied_to)
        return pinged

    def create(
        self,
        channel_id: int,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        author_id: int,
        allow_ephemeral: bool = False,
        extra_flags: int = 0,
    ) -> StoredMessage:
        """A new (not yet stored) message from a create-message body."""
        check_body(body)
        allowed_flags = CREATE_FLAGS | (EPHEMERAL if allow_ephemeral else 0)
        flags = (int(body.get("flags") or 0) & allowed_flags) | extra_flags
        reference = body.get("message_reference")
        replied_to = self._replied_author(reference, channel_id)
        content = body.get("content") or ""
        msg = StoredMessage(
            id=self.world.ids.next(),
            channel_id=channel_id,
            author_id=author_id,
            content=content,
            embeds=[_embed(e) for e in body.get("embeds") or []],
            components=number_components(body.get("components") or []),
            flags=flags,
            type=19 if reference else 0,
            timestamp=self.world.clock.iso(),
            allowed_mentions=body.get("allowed_mentions"),
            message_reference=_reference(reference, channel_id) if reference else None,
            tts=bool(body.get("tts")),
            nonce=body.get("nonce"),
        )
        msg.attachments = self._attachments(channel_id, body, uploads, [])
        pinged = self._mentions(content, msg.allowed_mentions, replied_to)
        msg.mention_ids = pinged
        msg.pinged_ids = frozenset() if msg.silent else frozenset(pinged)
        if not flags & LOADING and _is_empty(msg):
            raise empty_message()
        return msg

    def _replied_author(self, reference: dict[str, Any] | None, channel_id: int) -> int | None:
        if not reference or reference.get("message_id") is None:
            return None
        target = self.world.messages.get(int(reference["message_id"]))
        if target is None or target.channel_id != int(reference.get("channel_id") or channel_id):
            if reference.get("fail_if_not_exists", True):
                raise form_error(
                    "message_reference",
                    "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                    "Unknown message",
                )
            return None
        return target.author_id

    def edit(self, msg: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        """Apply an edit-message body to ``msg`` in place (history kept in ``revisions``)."""
        check_body(body)
        msg.revisions.append(_snapshot(msg))
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = [_embed(e) for e in body["embeds"] or []]
        if "components" in body:
            msg.components = number_components(body["components"] or [])
        if body.get("flags") is not None:
            keep = msg.flags & ~EDIT_FLAGS & ~LOADING
            msg.flags = keep | (int(body["flags"]) & EDIT_FLAGS)
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        msg.attachments = self._attachments(msg.channel_id, body, uploads, msg.attachments)
        msg.mention_ids = self._mentions(msg.content, msg.allowed_mentions, None)
        was_loading = msg.loading
        msg.flags &= ~LOADING
        msg.edited_timestamp = None if was_loading else self.world.clock.iso()
        if _is_empty(msg):
            msg.revisions.pop()
            raise empty_message()


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of ``components`` where each one has a numeric ``id``, as Discord assigns them."""
    copied: list[dict[str, Any]] = json.loads(json.dumps(components))
    probe = StoredMessage(0, 0, 0, components=copied)
    used = {c["id"] for c in probe.iter_components() if isinstance(c.get("id"), int)}
    next_id = 1
    for component in probe.iter_components():
        if not isinstance(component.get("id"), int):
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
    return copied


def _embed(embed: dict[str, Any]) -> dict[str, Any]:
    return {"type": "rich"} | dict(embed)


def _reference(reference: dict[str, Any], channel_id: int) -> dict[str, Any]:
    data = {"type": 0, "channel_id": str(reference.get("channel_id") or channel_id)}
    if reference.get("message_id") is not None:
        data["message_id"] = str(reference["message_id"])
    if reference.get("guild_id") is not None:
        data["guild_id"] = str(reference["guild_id"])
    return data


def _is_empty(msg: StoredMessage) -> bool:
    return not (msg.content or msg.embeds or msg.components or msg.attachments)


def _snapshot(msg: StoredMessage) -> dict[str, Any]:
    return {
        "content": msg.content,
        "embeds": msg.embeds,
        "components": msg.components,
        "attachments": [a.filename for a in msg.attachments],
        "flags": msg.flags,
        "edited_timestamp": msg.edited_timestamp,
    }
