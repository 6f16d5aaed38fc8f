"""The balance manifest: measured tile worths kept as a test (``balance.toml``).

Each ``[[value]]`` table is one experiment as ``dukec value`` ran it: the tile, where the tile
set came from (paths relative to the manifest), the game set, the policy, the games and the
seed, the hash of the tile set measured, and the worth found with its 95% interval. A check
plays each experiment again on today's sources and calls a tile drifted when the worth it
measures now lies outside the stored interval. With the sources unchanged (same hash) the
games are the same and the worth is too; an edited tile plays other games.

The file is read with :mod:`tomllib`; mistakes are reported as ``path:line:col: error: ...``
(the line of the offending key where it can be found, else its table's). It is written back
whole, through a temporary file and a rename.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.game import split_policy
from dukec.limits import MAX_BUDGET, MAX_DEPTH, MAX_GAMES, MAX_PLY
from dukec.textfile import NotReadable, absent, read_file

HEADER = (
    "# Balance manifest: what each tile is worth, measured by `dukec value ... --manifest`.\n"
    "# `dukec balance --check` plays each experiment again and fails when a worth drifts\n"
    "# outside its stored 95% interval. Paths are relative to this file.\n"
)

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "tile": str,
    "policy": str,
    "games": int,
    "seed": int,
    "budget": int,
    "ply_limit": int,
    "tileset_hash": str,
    "elo": (int, float),
    "elo_ci95": list,
}
_OPTIONAL: dict[str, type] = {"set": str, "with": str, "game": str, "in_place_of": str}
_TYPE_WORDS = {str: "a string", int: "a whole number", list: "a list of two numbers"}


class ManifestError(Exception):
    """A manifest that cannot be read: the message is ``path:line:col: error: ...``."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One stored experiment and the worth it measured."""

    tile: str
    policy: str
    games: int
    seed: int
    budget: int
    ply_limit: int
    tileset_hash: str
    elo: float
    elo_ci95: tuple[float, float]
    set: str | None = None
    with_: str | None = None
    game: str | None = None
    in_place_of: str | None = None
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> tuple[str | None, ...]:
        """What names the experiment: an entry with the same key is the same experiment."""
        return (self.tile, self.in_place_of, self.set, self.with_, self.game, self.policy)

    def drifted(self, measured: float) -> bool:
        """Whether a worth measured now lies outside the stored interval."""
        low, high = self.elo_ci95
        return not low <= measured <= high

    def paths(self, base: Path) -> tuple[Path | None, Path | None]:
        """The tile set and the --with sources, as paths (relative to ``base``)."""
        return (
            None if self.set is None else base / self.set,
            None if self.with_ is None else base / self.with_,
        )


def _where(path: Path, text: str, index: int, key: str | None) -> tuple[int, int]:
    """Line and column of ``key`` in the ``index``-th [[value]] table (or of its header)."""
    lines = text.splitlines()
    headers = [n for n, line in enumerate(lines) if re.match(r"\s*\[\[\s*value\s*\]\]", line)]
    if index >= len(headers):
        return (1, 1)
    start = headers[index]
    stop = headers[index + 1] if index + 1 < len(headers) else len(lines)
    if key is not None:
        pattern = re.compile(rf"\s*(\"?){re.escape(key)}\1\s*=")
        for number in range(start, stop):
            if pattern.match(lines[number]):
                return (number + 1, len(lines[number]) - len(lines[number].lstrip()) + 1)
    return (start + 1, len(lines[start]) - len(lines[start].lstrip()) + 1)


def _error(path: Path, text: str, index: int, key: str | None, message: str) -> ManifestError:
    line, column = _where(path, text, index, key)
    return ManifestError(f"{path}:{line}:{column}: error: {message}")


def _entry(path: Path, text: str, index: int, table: Any) -> Entry:
    if not isinstance(table, dict):
        raise _error(path, text, index, None, "each value entry is a [[value]] table")
    for key in table:
        if key not in _REQUIRED and key not in _OPTIONAL:
            known = ", ".join([*_REQUIRED, *_OPTIONAL])
            raise _error(path, text, index, key, f"unknown key {key!r} (known: {known})")
    for key in _REQUIRED:
        if key not in table:
            raise _error(path, text, index, None, f"[[value]] entry lacks {key!r}")
    for key, kind in {**_REQUIRED, **_OPTIONAL}.items():
        if key in table and (
            not isinstance(table[key], kind) or (isinstance(table[key], bool) and kind is not str)
        ):
            word = "a number" if isinstance(kind, tuple) else _TYPE_WORDS[kind]
            raise _error(path, text, index, key, f"{key!r} must be {word}")
    try:
        split_policy(table["policy"])
    except ValueError as error:
        raise _error(path, text, index, "policy", str(error)) from None
    for key, least, most in (
        ("games", 2, MAX_GAMES),
        ("seed", 0, 2**64 - 1),
        ("budget", 1, MAX_BUDGET),
        ("ply_limit", 1, MAX_PLY),
    ):
        if not least <= table[key] <= most:
            raise _error(path, text, index, key, f"{key!r} must be from {least} to {most:,}")
    if table["games"] % 2:
        raise _error(path, text, index, "games", "'games' must be even: games are played in pairs")
    bounds = table["elo_ci95"]
    if (
        len(bounds) != 2
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in bounds)
        or math.isnan(bounds[0])
        or math.isnan(bounds[1])
        or bounds[0] > bounds[1]
    ):
        raise _error(path, text, index, "elo_ci95", "'elo_ci95' must be two numbers, low then high")
    return Entry(
        tile=table["tile"],
        policy=table["policy"],
        games=table["games"],
        seed=table["seed"],
        budget=table["budget"],
        ply_limit=table["ply_limit"],
        tileset_hash=table["tileset_hash"],
        elo=float(table["elo"]),
        elo_ci95=(float(bounds[0]), float(bounds[1])),
        set=table.get("set"),
        with_=table.get("with"),
        game=table.get("game"),
        in_place_of=table.get("in_place_of"),
        line=_where(path, text, index, None)[0],
    )


_POSITION = re.compile(r"^(?P<message>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)$")


#: What the nesting scan looks at: strings (multi-line first) and comments, skipped whole, and
#: the marks that open or close a level or end a dotted key.
_MARKS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    r"|([\[\]{}.=,\n])",
    re.S,
)


def _too_deep(text: str) -> int:
    """The offset where arrays, inline tables or a dotted key nest deeper than
    :data:`~dukec.limits.MAX_DEPTH`, or -1 (tomllib would recurse, or build every prefix of a
    dotted key, past any memory)."""
    depth = dots = 0
    for match in _MARKS.finditer(text):
        mark = match.group(1)
        if mark is None:
            continue  # a string or a comment
        if mark in "[{":
            depth += 1
        elif mark in "]}":
            depth -= 1
        dots = dots + 1 if mark == "." else 0
        if depth > MAX_DEPTH or dots >= MAX_DEPTH:
            return match.start()
    return -1


def parse(text: str, path: Path) -> list[Entry]:
    """The entries of a manifest's text; ManifestError naming the place of the first mistake."""
    deep = _too_deep(text)
    if deep >= 0:
        row = text.count("\n", 0, deep) + 1
        spot = deep - (text.rfind("\n", 0, deep) + 1) + 1
        raise ManifestError(
            f"{path}:{row}:{spot}: error: not TOML: nested deeper than {MAX_DEPTH} levels"
        )
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _POSITION.match(message)
        if found is not None:
            line, column, message = found["line"], found["column"], found["message"]
        else:
            message = message.removesuffix(" (at end of document)")
            line, column = str(max(1, len(text.splitlines()))), "1"
        raise ManifestError(
            f"{path}:{line}:{column}: error: not TOML: {message[0].lower()}{message[1:]}"
        ) from None
    for key in document:
        if key != "value":
            raise ManifestError(f"{path}:1:1: error: unknown table {key!r} (known: value)")
    tables = document.get("value", [])
    if not isinstance(tables, list):
        raise ManifestError(f"{path}:1:1: error: 'value' must be an array of [[value]] tables")
    return [_entry(path, text, index, table) for index, table in enumerate(tables)]


def read(path: Path) -> list[Entry]:
    """The entries of the manifest at ``path`` (none if it does not exist yet)."""
    if absent(path):
        return []
    try:
        text = read_file(path).decode("utf-8")
    except NotReadable as error:
        raise ManifestError(f"{path}: error: {error}") from None
    except UnicodeDecodeError:
        raise ManifestError(f"{path}:1:1: error: not UTF-8 text") from None
    return parse(text, path)


def _toml(value: Any) -> str:
    if isinstance(value, str):
        # A JSON string (ASCII, with \\uXXXX escapes) is a valid TOML basic string.
        return json.dumps(value)
    if isinstance(value, float):
        return "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return str(value)


def dumps(entries: list[Entry]) -> str:
    """The manifest text of ``entries``, one [[value]] table each."""
    parts = [HEADER]
    for entry in entries:
        fields = {
            "tile": entry.tile,
            "in_place_of": entry.in_place_of,
            "set": entry.set,
            "with": entry.with_,
            "game": entry.game,
            "policy": entry.policy,
            "budget": entry.budget,
            "ply_limit": entry.ply_limit,
            "games": entry.games,
            "seed": entry.seed,
            "tileset_hash": entry.tileset_hash,
            "elo": entry.elo,
            "elo_ci95": entry.elo_ci95,
        }
        lines = [f"{key} = {_toml(value)}" for key, value in fields.items() if value is not None]
        parts.append("\n[[value]]\n" + "\n".join(lines) + "\n")
    return "".join(parts)


def record(path: Path, entry: Entry) -> list[Entry]:
    """Add ``entry`` to the manifest at ``path``, in place of an entry of the same key."""
    entries = read(path)
    keys = [existing.key for existing in entries]
    if entry.key in keys:
        entries[keys.index(entry.key)] = entry
    else:
        entries.append(entry)
    write_text_atomic(path, dumps(entries))
    return entries


def relative(path: Path | None, manifest: Path) -> str | None:
    """``path`` as the manifest stores it: relative to the manifest's folder where it can be."""
    if path is None:
        return None
    base = manifest.resolve().parent
    target = path.resolve()
    try:
        return target.relative_to(base).as_posix()
    except ValueError:
        return target.as_posix()


@dataclass(frozen=True, slots=True)
class Checked:
    """One entry played again: the worth now, and the tile set's hash now."""

    entry: Entry
    elo: float
    tileset_hash: str

    @property
    def drifted(self) -> bool:
        """Whether the worth now lies outside the stored interval."""
        return self.entry.drifted(self.elo)

    def line(self, path: Path) -> str:
        """The one line a person reads about this entry."""
        entry = self.entry
        low, high = entry.elo_ci95
        changed = (
            "tile set unchanged"
            if self.tileset_hash == entry.tileset_hash
            else f"tile set {entry.tileset_hash} -> {self.tileset_hash}"
        )
        if self.drifted:
            return (
                f"{path}:{entry.line}:1: error: {entry.tile} drifted: worth {self.elo:+.1f} Elo, "
                f"outside the stored {low:+.1f} to {high:+.1f} ({changed})"
            )
        return (
            f"ok {entry.tile}: worth {self.elo:+.1f} Elo, within {low:+.1f} to {high:+.1f} "
            f"({changed})"
        )
