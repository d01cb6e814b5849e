"""The HTTP side: route table, request parsing, validation, faults, recording.

Every request under ``/api/v10`` goes through :meth:`RestApi.handle`: it is logged, matched
against the route table (unknown routes answer 404 and are recorded), may be held
(``hold_next``) or failed on purpose (``fail_next``), is authenticated, has its body
checked against Discord's OpenAPI description, and its answer is checked against the
description too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import schema
from .errors import ApiError
from .messages import Upload

if TYPE_CHECKING:
    from .server import Emulator

API_PREFIX = "/api/v10"

Handler = Callable[["Emulator", "ApiRequest"], Awaitable[tuple[int, Any]]]


@dataclass
class ApiRequest:
    """A parsed API request as handlers see it."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: list[Upload]
    headers: dict[str, str]

    def int_param(self, name: str) -> int:
        """A path parameter as an integer (a snowflake); non-numbers never match anything."""
        value = self.params[name]
        return int(value) if value.isdigit() else -1

    def flag(self, name: str) -> bool:
        """A boolean query parameter (``true``/``1``)."""
        return self.query.get(name, "").lower() in ("1", "true")


@dataclass
class RequestRecord:
    """One request as seen by the emulator, for tests to inspect."""

    method: str
    path: str
    query: dict[str, str]
    time: float
    status: int = 0
    route: str | None = None
    operation: str | None = None
    body: Any = None
    files: int = 0
    error_code: int | None = None


@dataclass
class Fault:
    """A planned failure: the next ``times`` matching requests get this answer."""

    method: str
    path_regex: re.Pattern[str]
    status: int
    code: int | None
    retry_after: float | None
    times: int
    message: str | None = None
    hits: list[str] = field(default_factory=list)
    global_limit: bool = False  # a 429 of the global limit (every route), not one bucket's


@dataclass
class Hold:
    """A planned pause: the next matching request waits, once it has arrived (``reached``),
    until the test calls :meth:`release` (to run something while a request is under way)."""

    method: str
    path_regex: re.Pattern[str]
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    taken: bool = False

    def release(self) -> None:
        self.released.set()


@dataclass(frozen=True)
class Route:
    """One API route the emulator serves."""

    method: str
    template: str
    operation: str
    handler: Handler
    auth: bool
    regex: re.Pattern[str]
    literals: int


def _compile(template: str) -> tuple[re.Pattern[str], int]:
    parts = template.strip("/").split("/")
    pattern = "/".join(
        f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts
    )
    literals = sum(1 for p in parts if not p.startswith("{"))
    return re.compile(f"^/{pattern}$"), literals


class RestApi:
    """Route table plus the request pipeline shared by all routes."""

    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.routes: list[Route] = []
        self.faults: list[Fault] = []
        self.holds: list[Hold] = []

    def add(
        self, method: str, template: str, operation: str, handler: Handler, *, auth: bool = True
    ) -> None:
        """Register a route; ``operation`` is its OpenAPI operationId."""
        if not schema.has_operation(operation):
            raise ValueError(f"{operation!r} is not in openapi_subset.json")
        regex, literals = _compile(template)
        self.routes.append(Route(method, template, operation, handler, auth, regex, literals))

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        """The most specific route for ``method path``, with its path parameters."""
        best: tuple[Route, dict[str, str]] | None = None
        for route in self.routes:
            if route.method != method:
                continue
            found = route.regex.match(path)
            if found and (best is None or route.literals > best[0].literals):
                best = (route, found.groupdict())
        return best

    # --- faults ------------------------------------------------------------------------------

    def take_fault(self, method: str, path: str) -> Fault | None:
        """Consume the first planned fault matching this request, if any."""
        for fault in self.faults:
            if fault.times > 0 and fault.method in ("*", method) and fault.path_regex.search(path):
                fault.times -= 1
                fault.hits.append(f"{method} {path}")
                return fault
        return None

    async def wait_if_held(self, method: str, path: str) -> None:
        """Pause this request if a planned hold matches it (each hold pauses one)."""
        for hold in self.holds:
            if not hold.taken and hold.method in ("*", method) and hold.path_regex.search(path):
                hold.taken = True
                hold.reached.set()
                await hold.released.wait()
                return

    def fault_error(self, fault: Fault, route: Route) -> ApiError:
        """The error answer of a planned fault."""
        if fault.status == 429:
            retry = fault.retry_after if fault.retry_after is not None else 0.05
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, int(retry + 0.999))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
                "X-RateLimit-Reset-After": f"{retry:.3f}",
                "X-RateLimit-Bucket": _bucket(route),
                "X-RateLimit-Scope": "user",
            }
            if fault.global_limit:  # as Discord sends it: no bucket headers, global flag
                headers = {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, int(retry + 0.999))),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                }
            return ApiError(
                429,
                fault.code or 0,
                fault.message or "You are being rate limited.",
                headers=headers,
                extra={"retry_after": retry, "global": fault.global_limit},
            )
        text = fault.message or f"{fault.status}: {_reason(fault.status)}"
        return ApiError(fault.status, fault.code or 0, text)

    # --- pipeline ----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one API request."""
        path = request.path[len(API_PREFIX) :] or "/"
        record = RequestRecord(request.method, path, dict(request.query), self.emu.clock.now())
        self.emu.requests.append(record)
        matched = self.match(request.method, path)
        if matched is None:
            self.emu.unhandled.append(f"{request.method} {path}")
            if any(r.regex.match(path) for r in self.routes):
                return self._reply(
                    record, None, 405, {"message": "405: Method Not Allowed", "code": 0}
                )
            return self._reply(record, None, 404, {"message": "404: Not Found", "code": 0})
        route, params = matched
        record.route, record.operation = route.template, route.operation
        try:
            status, body = await self._serve(request, route, params, path, record)
        except ApiError as exc:
            record.error_code = exc.code
            return self._reply(record, route, exc.status, exc.body(), exc.headers)
        except Exception:
            self.emu.internal_errors.append(f"{request.method} {path}\n{traceback.format_exc()}")
            return self._reply(
                record, route, 500, {"message": "500: Internal Server Error", "code": 0}
            )
        return self._reply(record, route, status, body)

    async def _serve(
        self,
        request: web.Request,
        route: Route,
        params: dict[str, str],
        path: str,
        record: RequestRecord,
    ) -> tuple[int, Any]:
        await self.wait_if_held(request.method, path)
        fault = self.take_fault(request.method, path)
        if fault is not None:
            raise self.fault_error(fault, route)
        if route.auth and request.headers.get("Authorization") != f"Bot {self.emu.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        body, uploads, multipart = await _read_body(request)
        record.body, record.files = body, len(uploads)
        if body is not None and schema.has_operation(route.operation):
            problems = schema.check_request(route.operation, body, multipart=multipart)
            if problems:
                self.emu.schema_errors.extend(problems)
                error = schema.discord_form_error(problems)
                raise ApiError(400, 50035, error["message"], errors=error["errors"])
        api_request = ApiRequest(
            request.method, path, params, dict(request.query), body, uploads, dict(request.headers)
        )
        try:
            return await route.handler(self.emu, api_request)
        except ApiError as exc:
            if exc.code == 50035:
                self.emu.schema_errors.append(
                    schema.SchemaProblem(
                        route.operation, "request", "", json.dumps(exc.errors), body
                    )
                )
            raise

    def _reply(
        self,
        record: RequestRecord,
        route: Route | None,
        status: int,
        body: Any,
        headers: dict[str, str] | None = None,
    ) -> web.Response:
        record.status = status
        self.emu.notify()
        checked = getattr(self.emu, "check_responses", True)  # off: a long fuzz (the bot's
        # requests are still checked; the emulator's own answers are checked by the e2e suite)
        if (
            checked
            and route is not None
            and body is not None
            and schema.has_operation(route.operation)
        ):
            self.emu.response_schema_errors.extend(
                schema.check_response(route.operation, status, body)
            )
        out = dict(headers or {})
        if status < 400 and route is not None and self.emu.ratelimit_headers:
            out |= {
                "X-RateLimit-Limit": "50",
                "X-RateLimit-Remaining": "49",
                "X-RateLimit-Reset": f"{time.time() + 0.25:.3f}",
                "X-RateLimit-Reset-After": "0.250",
                "X-RateLimit-Bucket": _bucket(route),
            }
        if body is None:
            return web.Response(status=status, headers=out)
        # discord.py only parses JSON when Content-Type is exactly "application/json".
        out["Content-Type"] = "application/json"
        return web.Response(status=status, body=json.dumps(body).encode(), headers=out)


def _bucket(route: Route) -> str:
    return hashlib.sha1(f"{route.method} {route.template}".encode()).hexdigest()[:16]


def _reason(status: int) -> str:
    reasons = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}
    return reasons.get(status, "Gateway Timeout" if status == 504 else "Error")


async def _read_body(request: web.Request) -> tuple[Any, list[Upload], bool]:
    """The JSON body (or multipart ``payload_json``), the uploaded files, and whether multipart."""
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return None, [], False
    try:
        return json.loads(raw), [], False
    except ValueError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc


async def _read_multipart(request: web.Request) -> tuple[Any, list[Upload], bool]:
    reader = await request.multipart()
    body: Any = None
    uploads: list[Upload] = []
    while True:
        part = await reader.next()
        if part is None:
            break
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        if name == "payload_json":
            try:
                body = json.loads(await part.text())
            except ValueError as exc:
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
            continue
        found = re.fullmatch(r"files\[(\d+)\]", name)
        if found is None:
            raise ApiError(400, 50035, "Invalid Form Body", errors={name: {"_errors": []}})
        data = await part.read(decode=False)
        uploads.append(
            Upload(int(found.group(1)), part.filename or f"file{found.group(1)}", bytes(data))
        )
    return body if body is not None else {}, uploads, True
