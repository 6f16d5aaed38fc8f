"""Validate stage: a tile set dict against `schemas/tileset.schema.json`, and reading JSON files.

One `Draft202012Validator`, its schema checked once. Violations come back as diagnostics, best
match first, each naming its JSON path; for a JSON file, the path is also mapped to the line and
column where the offending value starts, and malformed JSON reports its line and column.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dukec.compiler.diagnostics import CompileError, Diagnostic, Position, SourceTexts
from dukec.icons import FORMAT, FORMAT_1, base
from dukec.jsontext import JsonTextError, parse_json

if TYPE_CHECKING:
    # jsonschema is imported when a tile set is first validated, not with the compiler: the
    # schema's vocabulary (properties.py) and fmt read the schema without it.
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

SCHEMA_PACKAGE = "dukec.schemas"
TILESET_SCHEMA = "tileset.schema.json"


@functools.cache
def tileset_schema() -> dict[str, Any]:
    """The tile set schema, wherever dukec is installed."""
    text = files(SCHEMA_PACKAGE).joinpath(TILESET_SCHEMA).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.cache
def tileset_validator() -> Draft202012Validator:
    """The validator for tile sets, its schema checked once."""
    from jsonschema import Draft202012Validator

    schema = tileset_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_errors(data: Any) -> list[ValidationError]:
    """Every violation, best match first, then in document order."""
    errors = list(tileset_validator().iter_errors(data))
    if not errors:
        return []
    from jsonschema.exceptions import best_match

    best = best_match(errors)
    rest = sorted(
        (e for e in errors if e is not best), key=lambda e: [str(p) for p in e.absolute_path]
    )
    ordered = [e for e in errors if e is best] + rest
    return ordered


def describe(error: ValidationError) -> str:
    """`$.tiles[0].count: -1 is less than the minimum of 0`."""
    return f"{error.json_path}: {error.message}"


def validate_tileset(
    data: Any,
    path: str,
    locate: Callable[[list[str | int]], tuple[str, Position | None]] | None = None,
    sources: SourceTexts | None = None,
) -> None:
    """Raise CompileError listing every schema violation of `data` (read or built for `path`)."""
    errors = schema_errors(data)
    if not errors:
        return
    diagnostics = []
    for error in errors:
        where: tuple[str, Position | None] = (path, None)
        if locate is not None:
            where = locate(list(error.absolute_path))
        diagnostics.append(Diagnostic(where[0], where[1], describe(error)))
    # Keep best-match-first order: CompileError sorts by position, so number the messages.
    raise _ordered_error(diagnostics, sources)


def _ordered_error(diagnostics: list[Diagnostic], sources: SourceTexts | None) -> CompileError:
    error = CompileError([], sources)
    error.diagnostics = tuple(diagnostics)
    error.args = (error.summary(),)
    return error


# === JSON files ===


def load_json_file(path: Path, shown: str | None = None) -> dict[str, Any]:
    """Read, parse and validate a compiled tile set."""
    name = shown if shown is not None else str(path)
    from dukec.compiler.parser import read_source

    text = read_source(path, name)
    sources = SourceTexts()
    sources.add(name, text)
    try:
        data = parse_json(text)
    except JsonTextError as error:
        message = f"malformed JSON: {error.message}"
        raise CompileError(
            [Diagnostic(name, Position.point(error.line, error.column), message)], sources
        ) from None

    def locate(json_path: list[str | int]) -> tuple[str, Position | None]:
        return name, json_position(text, json_path)

    first_format = isinstance(data, dict) and data.get("format") == FORMAT_1
    if first_format and "icons" not in data:
        # The first format's icons are the base box's: read as the format of today.
        data = upgraded(data)
    validate_tileset(data, name, locate, sources)
    from dukec.compiler.consistency import consistency_errors

    problems = consistency_errors(data)
    if problems:
        diagnostics = [
            Diagnostic(name, json_position(text, where), f"{format_path(where)}: {message}")
            for where, message in problems
        ]
        raise CompileError(diagnostics, sources)
    result: dict[str, Any] = data
    return result


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """A tile set of the first format as one of today's: the base box's icons declared (the same
    games, and the same hash: :func:`dukec.icons.hashed_form`)."""
    rest = {key: value for key, value in data.items() if key != "format"}
    return {"format": FORMAT, "icons": base().to_json(), **rest}


def format_path(json_path: list[str | int]) -> str:
    """`$.tiles[0].sides.front`, as jsonschema writes JSON paths."""
    text = "$"
    for part in json_path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def json_position(text: str, json_path: list[str | int]) -> Position | None:
    """Where the value at `json_path` starts in JSON `text` (which must be well-formed)."""
    offset = _find(text, _skip_ws(text, 0), json_path)
    if offset is None:
        return None
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    width = _value_end(text, offset) - offset
    end = text.find("\n", offset)
    if end != -1:
        width = min(width, end - offset)
    return Position.point(line, column, max(width, 1))


_DECODER = json.JSONDecoder()


def _skip_ws(text: str, offset: int) -> int:
    while offset < len(text) and text[offset] in " \t\r\n":
        offset += 1
    return offset


def _value_end(text: str, offset: int) -> int:
    try:
        _, end = _DECODER.raw_decode(text, offset)
    except json.JSONDecodeError:
        return offset + 1
    return int(end)


def _members(text: str, offset: int) -> Iterator[tuple[str | int, int]]:
    # Yield (key or index, offset of the value) for the object or array at `offset`.
    opener = text[offset]
    offset = _skip_ws(text, offset + 1)
    index = 0
    while offset < len(text) and text[offset] not in "]}":
        key: str | int = index
        if opener == "{":
            key, offset = _DECODER.raw_decode(text, offset)
            offset = _skip_ws(text, offset)
            offset = _skip_ws(text, offset + 1)  # the colon
        yield key, offset
        offset = _skip_ws(text, _value_end(text, offset))
        if offset < len(text) and text[offset] == ",":
            offset = _skip_ws(text, offset + 1)
        index += 1


def _find(text: str, offset: int, json_path: list[str | int]) -> int | None:
    if not json_path:
        return offset
    if offset >= len(text) or text[offset] not in "[{":
        return offset
    head, *rest = json_path
    for key, value_offset in _members(text, offset):
        if key == head:
            return _find(text, value_offset, rest)
    return offset
