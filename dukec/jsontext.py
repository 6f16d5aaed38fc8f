"""JSON text a person gave, parsed within the documented limits, with errors that say where.

Every JSON reader of dukec (tile sets, positions, game records, ratings, values, reports,
the studio's requests) parses through :func:`parse_json`, so nesting deeper than
:data:`dukec.limits.MAX_DEPTH`, a number too long to be a count, ``NaN`` or ``Infinity``, a
key given twice in one object (JSON parsers keep one of the two, each its own), and malformed
JSON all get a line and a column, never a RecursionError or a traceback.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from dukec.limits import MAX_DEPTH

#: Digits in the longest whole number a JSON input may hold (64-bit seeds have 20).
MAX_DIGITS = 20

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NUMBER = re.compile(rf"(?<![\d.eE])-?\d{{{MAX_DIGITS + 1},}}")


class JsonTextError(ValueError):
    """JSON that cannot be read: what is wrong, and the 1-based line and column where."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def _line_column(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _too_deep(text: str) -> int:
    """The offset of the first bracket nested deeper than the limit, or -1."""
    depth = 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif mark in "]}":
            depth -= 1
    return -1


def _outside_strings(text: str, pattern: re.Pattern[str]) -> int:
    """The offset of the first match of ``pattern`` outside JSON strings, or -1."""
    strings = [(m.start(), m.end()) for m in re.finditer(r'"(?:[^"\\]|\\.)*"', text)]
    for match in pattern.finditer(text):
        if not any(start <= match.start() < end for start, end in strings):
            return match.start()
    return -1


class _Twice(ValueError):
    """A key given twice in one object."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return found


_KEYS = re.compile(r'"(?:[^"\\]|\\.)*"(\s*:)?|[\[\]{}]')


def _second(text: str, key: str) -> int:
    """The offset of the first key given a second time in its object (``key``, which the
    parser met), or 0."""
    objects: list[set[str] | None] = []
    for token in _KEYS.finditer(text):
        mark = token.group()
        if mark in "[{":
            objects.append(set() if mark == "{" else None)
        elif mark in "]}":
            if objects:
                objects.pop()
        elif token.group(1) is not None and objects and objects[-1] is not None:
            name = json.loads(mark[: mark.rindex('"') + 1])
            if name in objects[-1] and name == key:
                return token.start()
            objects[-1].add(name)
    return 0


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _finite(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise ValueError(literal)
    return value


def parse_json(text: str) -> Any:
    """The value of JSON ``text``; JsonTextError with the line and column of what is wrong."""
    deep = _too_deep(text)
    if deep >= 0:
        raise JsonTextError(
            f"JSON nested deeper than {MAX_DEPTH} levels", *_line_column(text, deep)
        )
    long_number = _outside_strings(text, _NUMBER)
    if long_number >= 0:
        raise JsonTextError(
            f"a number with more than {MAX_DIGITS} digits", *_line_column(text, long_number)
        )
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, parse_float=_finite, object_pairs_hook=_unique
        )
    except _Twice as twice:
        raise JsonTextError(
            f"the key {twice.key!r} is given twice in one object",
            *_line_column(text, _second(text, twice.key)),
        ) from None
    except json.JSONDecodeError as error:
        message = "unexpected end of file" if not text[error.pos :].strip() else error.msg
        raise JsonTextError(message, error.lineno, error.colno) from None
    except ValueError as error:  # NaN, Infinity, -Infinity, or a number too large for a float
        where = _outside_strings(text, re.compile(re.escape(str(error))))
        raise JsonTextError(
            f"{error} is not a JSON number", *_line_column(text, max(where, 0))
        ) from None


def is_number(value: Any) -> bool:
    """Whether a JSON value is a number (``true`` and ``false`` are none, though Python counts
    them as 1 and 0)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_whole(value: Any) -> bool:
    """Whether a JSON value is a whole number (``true`` is none; nor is ``2.0``)."""
    return isinstance(value, int) and not isinstance(value, bool)
