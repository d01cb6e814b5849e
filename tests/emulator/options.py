"""Option lists for slash commands and answers for modals, built the way Discord does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import Channel

if TYPE_CHECKING:
    from .server import Emulator


def snowflake(value: Any) -> int:
    """An id from an object with ``.id`` or from the id itself."""
    return int(getattr(value, "id", value))


def modal_ids(components: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for c in components:
        if "custom_id" in c:
            found.add(c["custom_id"])
        found |= modal_ids(c.get("components", []))
        if isinstance(c.get("component"), dict):
            found |= modal_ids([c["component"]])
    return found


def modal_answer(component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """What Discord sends back for one modal component, filled with ``values``."""
    kind = component["type"]
    if kind == 1:
        return {
            "type": 1,
            "components": [modal_answer(c, values) for c in component["components"]],
        }
    if kind == 18:
        answer: dict[str, Any] = {
            "type": 18,
            "component": modal_answer(component["component"], values),
        }
        if "id" in component:
            answer["id"] = component["id"]
        return answer
    custom_id = str(component.get("custom_id", ""))
    if kind == 4:
        value = values.get(custom_id, component.get("value") or "")
        if component.get("required", True) and not value:
            raise ValueError(f"modal input {custom_id!r} is required")
        return {"type": 4, "custom_id": custom_id, "value": str(value)}
    if custom_id:
        chosen = values.get(custom_id, [])
        return {"type": kind, "custom_id": custom_id, "values": [str(v) for v in chosen]}
    return {"type": kind, "id": component.get("id", 0)}


class OptionBuilder:
    """Turns a test's ``{"name": value}`` options into Discord's typed option list."""

    def __init__(
        self, emulator: Emulator, channel: Channel, resolved: dict[str, dict[str, Any]]
    ) -> None:
        self.emu = emulator
        self.channel = channel
        self.resolved = resolved

    def build(
        self, defs: list[dict[str, Any]], given: dict[str, Any], focused: str | None
    ) -> list[dict[str, Any]]:
        """Options in declaration order; checks names, required ones, types and choices."""
        by_name = {d["name"]: d for d in defs}
        unknown = set(given) - set(by_name) - ({focused} if focused else set())
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)}; known: {sorted(by_name)}")
        if focused is not None and focused not in by_name:
            raise ValueError(f"no option named {focused!r} to focus")
        result: list[dict[str, Any]] = []
        for d in defs:
            name = d["name"]
            if name == focused:
                text = str(given.get(name, ""))
                result.append({"name": name, "type": d["type"], "value": text, "focused": True})
            elif name in given:
                result.append(
                    {"name": name, "type": d["type"], "value": self.value(d, given[name])}
                )
            elif d.get("required") and focused is None:
                raise ValueError(f"option {name!r} is required")
        return result

    def value(self, d: dict[str, Any], raw: Any) -> Any:
        """The wire value of one option, validated as Discord's client would."""
        kind, name = d["type"], d["name"]
        if kind == 3:
            value: Any = str(raw)
            if not d.get("min_length", 0) <= len(value) <= d.get("max_length", 6000):
                raise ValueError(f"option {name!r}: length out of range")
        elif kind == 4:
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise ValueError(f"option {name!r} needs an integer")
            value = raw
        elif kind == 10:
            if isinstance(raw, bool) or not isinstance(raw, int | float):
                raise ValueError(f"option {name!r} needs a number")
            value = raw
        elif kind == 5:
            if not isinstance(raw, bool):
                raise ValueError(f"option {name!r} needs a boolean")
            return raw
        else:
            return self._resolved_value(kind, name, raw)
        if kind in (4, 10) and not d.get("min_value", value) <= value <= d.get("max_value", value):
            raise ValueError(f"option {name!r}: {value} out of range")
        choices = d.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r}: {value!r} is not one of the choices")
        return value

    def _resolved_value(self, kind: int, name: str, raw: Any) -> str:
        world = self.emu.world
        ident = snowflake(raw)
        if kind in (6, 9) and ident in world.users:
            self.resolved.setdefault("users", {})[str(ident)] = world.users[ident].payload()
            guild = world.guild_of(self.channel)
            if guild is not None and ident in guild.members:
                member = world.member_payload(guild, ident, with_user=False)
                perms = world.permissions_in(self.channel, ident)
                self.resolved.setdefault("members", {})[str(ident)] = member | {
                    "permissions": str(perms)
                }
            return str(ident)
        if kind == 7 and ident in world.channels:
            channel = world.channels[ident]
            entry = world.channel_payload(channel)
            entry["permissions"] = str(world.permissions_in(channel, self.emu.bot.id))
            self.resolved.setdefault("channels", {})[str(ident)] = entry
            return str(ident)
        raise ValueError(f"option {name!r}: cannot resolve {raw!r} for option type {kind}")
