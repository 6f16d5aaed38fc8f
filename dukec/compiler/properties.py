"""Terrain properties and game-set rules: their vocabulary, read from the tile set's schema.

`terrain_vocabulary` and `rules_vocabulary` list what a terrain tile and a game set may say
(the checker, the decompiler, the formatter and the language server read them); `terrain_value`
checks one written value against its property.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from dukec.compiler import ast
from dukec.compiler.check_report import Reporter
from dukec.compiler.diagnostics import did_you_mean, quote_list
from dukec.compiler.model import TerrainValue
from dukec.compiler.validate import tileset_schema

#: How an empty list of words is written (the checker reads it, the decompiler writes it).
NONE_VALUE = "none"


@dataclass(frozen=True, slots=True)
class TerrainProperty:
    """One terrain property from the schema's vocabulary."""

    name: str
    kind: str  # "boolean", "integer", "list", "enum" or "word"
    # For "list" and "enum": the allowed words (a list without choices takes any word).
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@functools.cache
def terrain_vocabulary() -> Mapping[str, TerrainProperty]:
    """The terrain properties the schema defines, by name, in the schema's order."""
    return _vocabulary("terrain")


@functools.cache
def rules_vocabulary() -> Mapping[str, TerrainProperty]:
    """The objective rules of a game set the schema defines, by name, in the schema's order."""
    return _vocabulary("rules")


def _vocabulary(definition: str) -> Mapping[str, TerrainProperty]:
    properties: dict[str, Any] = tileset_schema()["$defs"][definition]["properties"]
    vocabulary = {}
    for name, spec in properties.items():
        if spec.get("type") == "boolean":
            vocabulary[name] = TerrainProperty(name, "boolean")
        elif spec.get("type") == "integer":
            vocabulary[name] = TerrainProperty(
                name, "integer", minimum=spec.get("minimum"), maximum=spec.get("maximum")
            )
        elif spec.get("type") == "array":
            choices = tuple(spec.get("items", {}).get("enum", ()))
            vocabulary[name] = TerrainProperty(name, "list", choices)
        elif "enum" in spec:
            vocabulary[name] = TerrainProperty(name, "enum", tuple(spec["enum"]))
        else:
            # Any other property is one word, checked by the schema after emitting.
            vocabulary[name] = TerrainProperty(name, "word")
    return MappingProxyType(vocabulary)


def terrain_value(
    prop: TerrainProperty, decl: ast.PropertyDecl | ast.RuleDecl, report: Reporter
) -> TerrainValue | None:
    """The value written for ``prop`` (a terrain property or a rule); None when it is wrong."""
    values = decl.values
    name = prop.name
    if prop.kind != "list" and len(values) != 1:
        report.error(decl.pos, f"'{name}' takes one value, not {len(values)}")
        return None
    first = values[0]
    if prop.kind == "boolean":
        if isinstance(first, ast.Word) and first.text in ("true", "false"):
            return first.text == "true"
        report.error(first.pos, f"'{name}' is 'true' or 'false', not '{_text(first)}'")
        return None
    if prop.kind == "integer":
        if not isinstance(first, ast.Number):
            report.error(first.pos, f"'{name}' takes a number, not '{_text(first)}'")
            return None
        low, high = prop.minimum, prop.maximum
        if (low is not None and first.value < low) or (high is not None and first.value > high):
            report.error(first.pos, f"'{name}' must be from {low} to {high}, not {first.value}")
            return None
        return first.value
    if prop.kind == "list" and [_text(v) for v in values] == [NONE_VALUE]:
        return ()
    if prop.kind == "word":
        return _text(first)
    chosen: list[str] = []
    for value in values:
        text = _text(value)
        if prop.choices and text not in prop.choices:
            report.error(
                value.pos,
                f"'{text}' is not a value of '{name}'{did_you_mean(text, prop.choices)} "
                f"(one of {quote_list(prop.choices)})",
            )
        elif text in chosen:
            report.error(value.pos, f"'{text}' is listed twice")
        else:
            chosen.append(text)
    if len(chosen) != len(values):
        return None
    return chosen[0] if prop.kind == "enum" else tuple(chosen)


def _text(value: ast.Word | ast.Number) -> str:
    return value.text if isinstance(value, ast.Word) else str(value.value)
