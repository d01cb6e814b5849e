"""Validation of request and response bodies against Discord's OpenAPI description.

The schemas come from ``openapi_subset.json`` (see ``extract_openapi.py``). A failure is
turned into Discord's own error shape (code 50035, ``errors`` keyed by field path) so the
bot sees exactly what Discord would answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SUBSET_PATH = Path(__file__).with_name("openapi_subset.json")
_URI = "urn:discord-openapi-subset"


@dataclass(frozen=True)
class SchemaProblem:
    """One body that did not match its schema."""

    operation: str
    where: str  # "request" or "response NNN"
    path: str  # JSON path of the offending value, e.g. "components.0.components.1.label"
    message: str
    body: Any

    def __str__(self) -> str:
        return f"{self.operation} {self.where}: {self.path or '<root>'}: {self.message}"


def _one_of_as_any_of(node: Any) -> Any:
    if isinstance(node, dict):
        return {("anyOf" if k == "oneOf" else k): _one_of_as_any_of(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_one_of_as_any_of(v) for v in node]
    return node


@cache
def _document() -> dict[str, Any]:
    """The subset, with every ``oneOf`` checked as ``anyOf``.

    Discord's unions are told apart by their ``type`` field, so a body valid under one
    branch is never valid under another; checking all branches of every component union
    made each validation about ten times slower.
    """
    data: dict[str, Any] = _one_of_as_any_of(json.loads(SUBSET_PATH.read_text(encoding="utf-8")))
    return data


@cache
def _registry() -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(_document(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(_URI, resource)
    return registry


@cache
def _validator(pointer: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"{_URI}#{pointer}"}, registry=_registry())


def has_operation(operation: str) -> bool:
    """Whether the subset knows ``operation`` (an OpenAPI operationId)."""
    return operation in _document()["operations"]


def _leaves(error: ValidationError) -> list[ValidationError]:
    if not error.context:
        return [error]
    return [leaf for sub in error.context for leaf in _leaves(sub)]


def _is_discriminator_miss(error: ValidationError) -> bool:
    # Inside a oneOf of component kinds, every other branch fails on its "type" enum:
    # those failures say nothing about what is actually wrong.
    last = error.absolute_path[-1] if error.absolute_path else None
    return last == "type" and error.validator in ("enum", "const")


@lru_cache(maxsize=1024)
def _problems_cached(pointer: str, text: str) -> tuple[tuple[str, str], ...]:
    # Bodies repeat a lot (every test syncs the same commands): validate each text once.
    return tuple((_path_of(e), e.message) for e in _problems(pointer, json.loads(text)))


def _check(pointer: str, body: Any) -> tuple[tuple[str, str], ...]:
    return _problems_cached(pointer, json.dumps(body, sort_keys=True))


def _problems(pointer: str, body: Any) -> list[ValidationError]:
    """The most telling error for ``body``: the deepest leaf that is not a branch miss."""
    errors = list(_validator(pointer).iter_errors(body))
    if not errors:
        return []
    leaves = [leaf for e in errors for leaf in _leaves(e) if not _is_discriminator_miss(leaf)]
    if leaves:
        return [max(leaves, key=lambda e: len(e.absolute_path))]
    best = best_match(errors)
    return [best] if best is not None else errors[:1]


def _path_of(error: ValidationError) -> str:
    return ".".join(str(p) for p in error.absolute_path)


def check_request(operation: str, body: Any, *, multipart: bool) -> list[SchemaProblem]:
    """Problems of a request body (JSON, or a multipart ``payload_json``) for ``operation``."""
    op = _document()["operations"][operation]
    kind = "multipart" if multipart and op.get("multipart") is not None else "json"
    if op.get(kind) is None:
        return []
    pointer = f"/operations/{operation}/{kind}"
    return [
        SchemaProblem(operation, "request", path, msg, body) for path, msg in _check(pointer, body)
    ]


def check_response(operation: str, status: int, body: Any) -> list[SchemaProblem]:
    """Problems of a response body the emulator is about to send."""
    if status >= 400:
        name = "ClientRatelimitedResponse" if status == 429 else "ClientErrorResponse"
        pointer = f"/errors/{name}"
    else:
        responses = _document()["operations"][operation]["responses"]
        if responses.get(str(status)) is None:
            return []
        pointer = f"/operations/{operation}/responses/{status}"
    where = f"response {status}"
    return [SchemaProblem(operation, where, path, msg, body) for path, msg in _check(pointer, body)]


def discord_form_error(problems: list[SchemaProblem]) -> dict[str, Any]:
    """Discord's "Invalid Form Body" error (code 50035) describing ``problems``."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for part in problem.path.split(".") if problem.path else []:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append(
            {"code": "BASE_TYPE_INVALID", "message": problem.message[:300]}
        )
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
