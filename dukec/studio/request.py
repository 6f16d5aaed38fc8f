"""Reading a request: the JSON body and its fields, each checked, and the errors a bad one gets.

Every mistake in a request is an `ApiError`: the server answers it with its status and
``{"error": message}``, never a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from dukec.balance.experiments import split_replacement
from dukec.jsontext import JsonTextError, parse_json
from dukec.limits import STUDIO_MAX_BODY_BYTES, STUDIO_MAX_BUDGET
from dukec.players.policies import split_policy

#: Bytes a request body may hold (a .duke source is far smaller).
MAX_BODY_BYTES = STUDIO_MAX_BODY_BYTES


class ApiError(Exception):
    """A request the studio refuses: an HTTP status and one line saying why."""

    def __init__(self, status: int, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details

    def payload(self) -> dict[str, Any]:
        """The JSON answer: the message under "error", then any details."""
        return {"error": self.message, **self.details}


def parse_body(raw: bytes) -> dict[str, Any]:
    """The JSON object a request body holds; ApiError 400 for anything else."""
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "the request body is not UTF-8 text") from None
    try:
        value = parse_json(text)
    except JsonTextError as error:
        raise ApiError(400, f"the request body is not JSON: {error.message}") from None
    if not isinstance(value, dict):
        raise ApiError(400, "the request body must be a JSON object")
    try:
        json_bytes(value)
    except UnicodeEncodeError as error:
        # JSON may escape half of a UTF-16 pair (\ud800) alone; no text holds one.
        raise ApiError(
            400,
            f"the request body holds \\u{ord(error.object[error.start]):04x}, half of a "
            "UTF-16 pair alone: it is not text",
        ) from None
    return value


class Body:
    """The fields of a JSON request body, read with their types and ranges checked."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def text(self, key: str, default: str | None = None) -> str:
        """A string field; required when there is no default."""
        value = self.data.get(key, default)
        if value is None:
            raise ApiError(400, f"missing {key!r}")
        if not isinstance(value, str):
            raise ApiError(400, f"{key!r} must be a string")
        return value

    def optional_text(self, key: str) -> str | None:
        """A string field that may be left out or null."""
        if self.data.get(key) is None:
            return None
        return self.text(key)

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ApiError(400, f"{key!r} must be a whole number from {low} to {high}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        """A true or false field."""
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise ApiError(400, f"{key!r} must be true or false")
        return value

    def replacement(self, key: str = "replace") -> tuple[str, str]:
        """``OLD=NEW``: the tile of the set and the tile that takes its place."""
        try:
            return split_replacement(self.text(key))
        except ValueError:
            raise ApiError(400, f"{key!r} must be OLD=NEW, for example Knight=Paladin") from None

    def policy(self, key: str, default: str) -> str:
        """A policy (``search@1000``) searching at most `STUDIO_MAX_BUDGET` nodes a move."""
        policy = self.text(key, default)
        try:
            _name, nodes = split_policy(policy)
        except ValueError as error:
            raise ApiError(400, f"{key!r}: {error}") from None
        if nodes is not None and nodes > STUDIO_MAX_BUDGET:
            raise ApiError(
                400,
                f"{key!r}: the studio searches at most {STUDIO_MAX_BUDGET:,} nodes a move, "
                f"not {nodes:,} (dukec balance searches more)",
            )
        return policy

    def choice(self, key: str, default: str | None, choices: tuple[str, ...]) -> str | None:
        """One of ``choices`` (or the default, perhaps null, when left out)."""
        value = self.data.get(key, default)
        if value is None:
            return None
        if value not in choices:
            raise ApiError(400, f"{key!r} must be one of {', '.join(choices)}")
        return str(value)


def json_bytes(value: Any) -> bytes:
    """A value as the UTF-8 JSON of an answer."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8")
