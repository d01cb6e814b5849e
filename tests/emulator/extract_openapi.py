"""Regenerate ``openapi_subset.json`` from Discord's OpenAPI description (run by hand).

Usage (from the repository root)::

    python tests/emulator/extract_openapi.py ../shared/discord-api/openapi.json

Only the operations the emulator serves are kept: their JSON and multipart request
schemas, their 2xx response schemas, the shared error schemas and every component schema
those reference, transitively. Nothing at test time reads ``../shared``; the subset and
the licence copied beside it (``LICENSE-discord-api-spec``) are committed.

Two deliberate changes, both where the description is stricter than Discord itself:

- ``SnowflakeType`` also accepts non-negative integers: Discord accepts integer ids in
  request bodies and discord.py sends some (attachment indices, ``recipient_id``) so.
- A field error inside ``errors`` (``InnerErrors._errors[]``) has a string code such as
  ``"BASE_TYPE_REQUIRED"`` in Discord's real answers and documentation examples; the
  description reuses the integer-coded top-level ``Error`` there.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# (method, path) pairs served by the emulator; path spelled as in the OpenAPI document.
OPERATIONS: list[tuple[str, str]] = [
    ("GET", "/users/@me"),
    ("GET", "/users/{user_id}"),
    ("POST", "/users/@me/channels"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/applications/@me"),
    ("GET", "/gateway"),
    ("GET", "/gateway/bot"),
    ("GET", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/commands"),
    ("POST", "/applications/{application_id}/commands"),
    ("GET", "/applications/{application_id}/commands/{command_id}"),
    ("PATCH", "/applications/{application_id}/commands/{command_id}"),
    ("DELETE", "/applications/{application_id}/commands/{command_id}"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
    ("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("GET", "/channels/{channel_id}"),
    ("PATCH", "/channels/{channel_id}"),
    ("DELETE", "/channels/{channel_id}"),
    ("GET", "/channels/{channel_id}/messages"),
    ("POST", "/channels/{channel_id}/messages"),
    ("GET", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/channels/{channel_id}/threads"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("PUT", "/channels/{channel_id}/thread-members/@me"),
    ("DELETE", "/channels/{channel_id}/thread-members/@me"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}"),
    ("GET", "/channels/{channel_id}/thread-members"),
    ("GET", "/channels/{channel_id}/messages/pins"),
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}"),
    ("POST", "/channels/{channel_id}/typing"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me"),
    ("GET", "/guilds/{guild_id}"),
    ("GET", "/guilds/{guild_id}/channels"),
    ("GET", "/guilds/{guild_id}/members/{user_id}"),
]

_REF = re.compile(r"^#/components/schemas/(.+)$")


def _refs(node: Any) -> set[str]:
    """Names of the component schemas referenced anywhere inside ``node``."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                match = _REF.match(value)
                if match:
                    found.add(match.group(1))
            else:
                found |= _refs(value)
    elif isinstance(node, list):
        for item in node:
            found |= _refs(item)
    return found


def _operation(spec: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    """The request and 2xx response schemas of one operation."""
    op = spec["paths"][path][method.lower()]
    content = (op.get("requestBody") or {}).get("content", {})
    responses = {
        code: resp.get("content", {}).get("application/json", {}).get("schema")
        for code, resp in op["responses"].items()
        if code.startswith("2")
    }
    return {
        "method": method,
        "path": path,
        "json": content.get("application/json", {}).get("schema"),
        "multipart": content.get("multipart/form-data", {}).get("schema"),
        "responses": responses,
    }


def extract(spec: dict[str, Any]) -> dict[str, Any]:
    """Build the subset document from the full OpenAPI description."""
    operations = {
        spec["paths"][path][method.lower()]["operationId"]: _operation(spec, method, path)
        for method, path in OPERATIONS
    }
    errors = {
        name: resp["content"]["application/json"]["schema"]
        for name, resp in spec["components"]["responses"].items()
    }
    all_schemas = spec["components"]["schemas"]
    wanted = _refs(operations) | _refs(errors)
    done: set[str] = set()
    while wanted - done:
        name = sorted(wanted - done)[0]
        done.add(name)
        wanted |= _refs(all_schemas[name])
    schemas = {name: all_schemas[name] for name in sorted(done)}
    schemas["SnowflakeType"] = {
        "anyOf": [all_schemas["SnowflakeType"], {"type": "integer", "minimum": 0}],
        "x-emulator-note": "Discord also accepts integer ids in requests.",
    }
    field_error = {
        "type": "object",
        "properties": {"code": {"type": ["string", "integer"]}, "message": {"type": "string"}},
        "required": ["code", "message"],
        "x-emulator-note": "Discord sends string codes here, e.g. BASE_TYPE_REQUIRED.",
    }
    inner = json.loads(json.dumps(schemas["InnerErrors"]))
    inner["properties"]["_errors"]["items"] = field_error
    schemas["InnerErrors"] = inner
    return {
        "x-generated-by": "tests/emulator/extract_openapi.py",
        "info": spec["info"],
        "operations": operations,
        "errors": errors,
        "components": {"schemas": schemas},
    }


def main(argv: list[str]) -> int:
    """Read the full description, write the subset and copy the licence beside it."""
    source = Path(argv[1]) if len(argv) > 1 else HERE.parents[2] / "shared/discord-api/openapi.json"
    spec = json.loads(source.read_text(encoding="utf-8"))
    subset = extract(spec)
    origin = source.parent / "SOURCE"
    if origin.exists():
        subset["x-source"] = origin.read_text(encoding="utf-8").strip()
    out = HERE / "openapi_subset.json"
    out.write_text(json.dumps(subset, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    shutil.copyfile(source.parent / "LICENSE", HERE / "LICENSE-discord-api-spec")
    print(f"wrote {out} ({len(subset['components']['schemas'])} schemas)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
