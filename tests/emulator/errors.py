"""Discord-shaped API errors raised by route handlers."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error answer: HTTP status plus Discord's JSON code and message."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        """The JSON body Discord would send."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            data["errors"] = self.errors
        return data | self.extra


def form_error(path: str, code: str, message: str) -> ApiError:
    """A 400 "Invalid Form Body" (50035) error about one field, as Discord reports it."""
    errors: dict[str, Any] = {}
    node = errors
    for part in path.split(".") if path else []:
        node = node.setdefault(part, {})
    node["_errors"] = [{"code": code, "message": message}]
    return ApiError(400, 50035, "Invalid Form Body", errors=errors)


def unknown(what: str, code: int) -> ApiError:
    """A 404 "Unknown X" error."""
    return ApiError(404, code, f"Unknown {what}")


UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_COMMAND = 10063


def missing_permissions() -> ApiError:
    """403 Missing Permissions (50013)."""
    return ApiError(403, 50013, "Missing Permissions")


def cannot_dm() -> ApiError:
    """403 Cannot send messages to this user (50007)."""
    return ApiError(403, 50007, "Cannot send messages to this user")


def invalid_webhook_token() -> ApiError:
    """401 Invalid Webhook Token (50027), what an expired interaction token answers."""
    return ApiError(401, 50027, "Invalid Webhook Token")


def already_acknowledged() -> ApiError:
    """400 Interaction has already been acknowledged (40060)."""
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


def empty_message() -> ApiError:
    """400 Cannot send an empty message (50006)."""
    return ApiError(400, 50006, "Cannot send an empty message")
