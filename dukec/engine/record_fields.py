"""The fields of a record's lines, read strictly: each of its type (a JSON ``true`` is no whole
number, ``1.5`` no ply), within its range, every key known; the header names exactly two
players. :func:`dukec.engine.record.parse_record`, the one reader every record goes through,
checks each line against these tables; a field added to records is one entry here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dukec.engine.actions import KIND_NAMES, Reason
from dukec.limits import MAX_PLY

#: What is wrong with a value (the words after "must be"), or None.
Check = Callable[[Any], str | None]


def _whole(least: int, most: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and least <= value <= most:
            return None
        return f"a whole number from {least} to {most:,}"

    return check


def _or_null(inner: Check) -> Check:
    def check(value: Any) -> str | None:
        problem = None if value is None else inner(value)
        return None if problem is None else f"{problem}, or null"

    return check


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) else "a string"


def _object(value: Any) -> str | None:
    return None if isinstance(value, dict) else "a JSON object (the tile set played with)"


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _texts(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return None
    return "a list of strings"


def _scores(value: Any) -> str | None:
    whole = _whole(0, 10**9)
    if isinstance(value, list) and len(value) == 2 and all(whole(x) is None for x in value):
        return None
    return "two whole numbers (each player's score)"


def _players(value: Any) -> str | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(x, str) for x in value):
        return None
    return "a list of the two players' names"


def _kind(value: Any) -> str | None:
    return None if value in KIND_NAMES else f"one of {', '.join(KIND_NAMES)}"


_REASONS = tuple(str(reason) for reason in Reason)


def _result(value: Any) -> str | None:
    if value is None:
        return None
    if (
        isinstance(value, dict)
        and set(value) == {"winner", "reason"}
        and (value["winner"] is None or _whole(0, 1)(value["winner"]) is None)
        and value["reason"] in _REASONS
    ):
        return None
    return (
        f'null (unfinished) or {{"winner": 0, 1 or null, "reason": one of {", ".join(_REASONS)}}}'
    )


#: Each line's fields: whether it must be there, and its check.
Fields = dict[str, tuple[bool, Check]]

HEADER: Fields = {
    "format": (True, _text),
    "tileset_hash": (True, _text),
    "set": (True, _text),
    "seed": (True, _whole(0, 2**64 - 1)),
    "players": (True, _players),
    "ply_limit": (False, _or_null(_whole(1, MAX_PLY))),
    "title": (False, _text),
    "tileset": (False, _or_null(_object)),
}
ACTION: Fields = {
    "ply": (False, _whole(0, MAX_PLY)),
    "player": (False, _whole(0, 1)),
    "kind": (True, _kind),
    "notation": (True, _text),
    "tile": (False, _or_null(_text)),
    "moved": (False, _or_null(_text)),
    "from": (False, _or_null(_text)),
    "to": (False, _or_null(_text)),
    "by": (False, _or_null(_text)),
    "captured": (False, _or_null(_text)),
    "drawn": (False, _or_null(_text)),
    "guard": (False, _boolean),
    "events": (False, _texts),
    "scores": (False, _or_null(_scores)),
}
END: Fields = {
    "result": (True, _result),
    "plies": (True, _whole(0, MAX_PLY)),
    "scores": (False, _or_null(_scores)),
}


class FieldError(ValueError):
    """A line's field that is missing, unknown or of the wrong type: the message without the
    line's place, which the reader puts before it."""


def check(data: dict[str, Any], fields: Fields, line: str) -> None:
    """Raise FieldError for the first key of ``data`` (a ``line``: "an action line") that
    ``fields`` does not know, the first field it must have and lacks, or the first of the
    wrong type."""
    unknown = [key for key in data if key not in fields]
    if unknown:
        raise FieldError(f"unknown field {unknown[0]!r} (expected some of {', '.join(fields)})")
    for key, (required, test) in fields.items():
        if key not in data:
            if required:
                raise FieldError(f"{line} needs {key!r}")
            continue
        problem = test(data[key])
        if problem is not None:
            shown = json.dumps(data[key])
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise FieldError(f"{key!r} must be {problem}, not {shown}")
