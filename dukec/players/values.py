"""Tile values for the search's evaluation: fitted from games where there are some, else material.

Fitted values (see :mod:`dukec.balance.fit`) are kept in JSON files keyed by the tile set's hash
and the game set's name: ``dukec/players/values.json`` ships the values of the base tile set's
game sets, and ``$DUKEC_VALUES`` may name one more file (what ``dukec fit-values`` writes) for
other tile sets. A game set with no fitted values is evaluated by the engine's material values:
each tile's value on the board, and half of it in the bag.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from dukec.engine import Rules
from dukec.jsontext import JsonTextError, is_number, parse_json
from dukec.textfile import TextFileError, read_utf8

#: Environment variable naming a further file of fitted values.
VALUES_ENV = "DUKEC_VALUES"
#: The worth of a tile in the bag, as a share of its worth on the board, in material values.
BAG_WEIGHT = 0.5
FORMAT = 1


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What each tile type is worth to its owner, by type index: on the board and in the bag.

    ``source`` says where the figures come from: ``fitted`` or ``material``.
    """

    board: tuple[float, ...]
    bag: tuple[float, ...]
    source: str


def material(rules: Rules) -> Evaluation:
    """The engine's material values (the Duke, never in a bag nor traded, counts 0)."""
    board = tuple(0.0 if t.acts_as_duke else t.value for t in rules.types)
    return Evaluation(board, tuple(BAG_WEIGHT * v for v in board), "material")


def values_key(rules: Rules) -> str:
    """The key of a game set's values in a values file: tile set hash / game set name."""
    return f"{rules.tileset_hash}/{rules.set_name}"


def read_values(text: str, where: str, section: str = "values") -> dict[str, Any]:
    """The entries of a values file's text (those of an evaluation file: ``section``
    ``evaluations``); ValueError naming ``where`` if it is not one."""
    try:
        data = parse_json(text)
    except JsonTextError as error:
        raise ValueError(
            f"{where}:{error.line}:{error.column}: error: not JSON: {error.message}"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{where}: error: not a dukec {section} file (format {FORMAT})")
    entries = data.get(section)
    if not isinstance(entries, dict):
        raise ValueError(f"{where}: error: no '{section}' object")
    for name, entry in entries.items():
        for part in ("board", "bag"):
            found = entry.get(part, {}) if isinstance(entry, dict) else None
            bad = _not_numbers(found)
            if bad is not None:
                raise ValueError(
                    f"{where}: error: {section} entry {name!r}: {part!r} must map tile names to "
                    f"numbers, not {bad}"
                )
    return entries


def _not_numbers(value: Any) -> str | None:
    """What in a values table is not a number (a bool is none), or None: the table maps names
    to numbers, or (an evaluation's board) to such tables."""
    if not isinstance(value, dict):
        return json.dumps(value)[:40]
    for item in value.values():
        if isinstance(item, dict):
            inner = _not_numbers(item)
            if inner is not None:
                return inner
        elif not is_number(item):
            return json.dumps(item)[:40]
    return None


#: The entries read, by file, environment variable and its value.
_LOADED: dict[tuple[str, str, str], dict[str, Any]] = {}


def _files(shipped: str, env: str) -> list[tuple[str, str]]:
    """(name, text) of each file: the one shipped in this package, then the one ``$env`` names."""
    files = [(shipped, resources.files("dukec.players").joinpath(shipped).read_text())]
    extra = os.environ.get(env)
    if extra:
        try:
            files.append((extra, read_utf8(Path(extra), "a values file is JSON")))
        except TextFileError as error:
            raise ValueError(str(error)) from None
    return files


def load_entries(shipped: str, env: str, section: str = "values") -> dict[str, Any]:
    """The entries of the file ``shipped`` with dukec, updated by those of the file that the
    environment variable ``env`` names (read once for each value of it)."""
    key = (shipped, env, os.environ.get(env, ""))
    found = _LOADED.get(key)
    if found is None:
        found = {}
        for name, text in _files(shipped, env):
            found.update(read_values(text, name, section))
        for old in [k for k in _LOADED if k[:2] == key[:2]]:
            del _LOADED[old]
        _LOADED[key] = found
    return found


def fitted(rules: Rules) -> Evaluation | None:
    """The fitted values of a game set, or None if no values file has them: its own entry, or
    that of the same tile set under other tile names (the same :attr:`Rules.content_hash` and
    game set), each tile valued as the tile it is there."""
    found = own_entry(rules, load_entries("values.json", VALUES_ENV))
    if found is None:
        return None
    entry, names = found
    return entry_evaluation(rules, entry, names)


def own_entry(
    rules: Rules, entries: dict[str, Any]
) -> tuple[dict[str, Any], dict[int, str] | None] | None:
    """A game set's own entry among ``entries`` and, where the entry knows its tiles by other
    names (the tile set renamed), each tile type's name there; None if there is none."""
    entry = entries.get(values_key(rules))
    if isinstance(entry, dict):
        return entry, None
    from dukec.players.tilemodel import known_tiles, same

    for key in sorted(entries):
        candidate = entries[key]
        if (
            key.rpartition("/")[2] != rules.set_name
            or not isinstance(candidate, dict)
            or candidate.get("content") != rules.content_hash
            or not isinstance(candidate.get("tiles"), dict)
        ):
            continue
        try:
            known = known_tiles(candidate["tiles"], {})
        except ValueError:
            continue
        names: dict[int, str] = {}
        for t in rules.types:
            match = next((k for k in known if same(t, k)), None)
            if match is not None:
                names[t.index] = match.name
        return candidate, names
    return None


def entry_evaluation(
    rules: Rules, entry: dict[str, Any], names: dict[int, str] | None = None
) -> Evaluation:
    """An evaluation from one entry of a values file (tiles it does not name count 0), each
    type valued by its name there (``names``: by type index, where the entry knows the tiles
    by other names); a type the rules cannot tell from an earlier one (:attr:`Rules.alike`) is
    valued as that one."""
    board = entry.get("board", {})
    bag = entry.get("bag", {})
    types = rules.types
    first = rules.alike or tuple(range(len(types)))
    named = [types[first[t.index]] for t in types]
    called = [names.get(t.index, t.name) if names is not None else t.name for t in named]
    return Evaluation(
        tuple(float(board.get(name, 0.0)) for name in called),
        tuple(float(bag.get(name, 0.0)) for name in called),
        "fitted",
    )


def evaluation(rules: Rules) -> Evaluation:
    """The fitted values of a game set if there are some, else its material values."""
    return fitted(rules) or material(rules)
