"""The balance manifest: head-to-head experiments kept as regression tests (``balance.toml``).

Each ``[[experiment]]`` table is one head-to-head experiment: a NEW tile in the place of an OLD
one against the army as it is, either one copy (``kind = "copy"``, as ``dukec value`` plays it)
or every copy (``kind = "replace"``, as ``dukec balance --replace`` plays it); where the tile set
came from (paths relative to the manifest), the game set, the policy, budget, ply limit, games,
pairing and seed, the hash of the tile set measured, and the estimate: army A's score with its
standard error (and the Elo with its 95% interval, for people). ``margin`` is the drift in Elo
the check is built to catch and ``alpha`` its false-alarm rate.

A check (:mod:`dukec.insight.regression`) plays each experiment again from another seed and
calls it drifted when the two scores differ by more than chance allows at ``alpha``
(:mod:`dukec.insight.drift`).

The file is read with :mod:`tomllib`; mistakes are reported as ``path:line:col: error: ...``
(the line of the offending key where it can be found, else its table's). It is written back
whole, through a temporary file and a rename, under dukec's lock on the file
(:func:`dukec.atomic.locked`), so that runs recording into one manifest at once lose no
entry. A manifest of an earlier format (``[[value]]`` tables of worths against no tile) is
refused with a line saying how to record it again.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dukec.atomic import locked, write_text_atomic
from dukec.limits import MAX_BUDGET, MAX_DEPTH, MAX_ELO, MAX_GAMES, MAX_PLY
from dukec.players.policies import split_policy
from dukec.textfile import NotReadable, absent, read_file

FORMAT = "dukec-manifest/2"

KINDS = ("copy", "replace")
"""One copy of NEW in place of one OLD (``dukec value``); every OLD made NEW (``balance``)."""

HEADER = (
    "# Balance manifest: head-to-head experiments kept as regression tests, recorded by\n"
    "# `dukec value TILE --manifest` (kind copy: one TILE in place of one OLD) and\n"
    "# `dukec balance --replace OLD=NEW --manifest` (kind replace: every OLD made NEW).\n"
    "# `dukec recheck` plays each again from another seed and fails when its score moved\n"
    "# by more than chance allows (two-sample test, false alarms at `alpha`; `margin`: the\n"
    "# drift in Elo it is built to catch). Paths are relative to this file.\n"
)

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "kind": str,
    "tile": str,
    "in_place_of": str,
    "policy": str,
    "budget": int,
    "ply_limit": int,
    "games": int,
    "paired": bool,
    "seed": int,
    "tileset_hash": str,
    "score": (int, float),
    "score_se": (int, float),
    "elo": (int, float),
    "elo_ci95": list,
    "margin": (int, float),
    "alpha": (int, float),
}
_OPTIONAL: dict[str, type] = {"set": str, "with": str, "game": str}
_TYPE_WORDS = {
    str: "a string",
    int: "a whole number",
    bool: "true or false",
    list: "a list of two numbers",
}

OLD_FORMAT = (
    "a manifest of an earlier dukec (worths against no tile), which --check no longer reads: "
    "move it aside and record each experiment again with `dukec value TILE --in-place-of OLD "
    "--manifest FILE` or `dukec balance --replace OLD=NEW --manifest FILE`"
)


class ManifestError(Exception):
    """A manifest that cannot be read: the message is ``path:line:col: error: ...``."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One stored head-to-head experiment and the estimate it gave."""

    kind: str
    tile: str
    in_place_of: str
    policy: str
    budget: int
    ply_limit: int
    games: int
    paired: bool
    seed: int
    tileset_hash: str
    score: float
    score_se: float
    elo: float
    elo_ci95: tuple[float, float]
    margin: float
    alpha: float
    set: str | None = None
    with_: str | None = None
    game: str | None = None
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> tuple[str | None, ...]:
        """What names the experiment: an entry with the same key is the same experiment."""
        return (
            self.kind,
            self.tile,
            self.in_place_of,
            self.set,
            self.with_,
            self.game,
            self.policy,
        )

    def describe(self) -> str:
        """'one JumpingFootman in place of one Footman', 'every Knight made Paladin'."""
        if self.kind == "copy":
            return f"one {self.tile} in place of one {self.in_place_of}"
        return f"{self.tile} in place of every {self.in_place_of}"

    def paths(self, base: Path) -> tuple[Path | None, Path | None]:
        """The tile set and the --with sources, as paths (relative to ``base``)."""
        return (
            None if self.set is None else base / self.set,
            None if self.with_ is None else base / self.with_,
        )


_HEADER_LINE = re.compile(r"(\s*)\[\[\s*experiment\s*\]\]")
_KEY_LINE = re.compile(r'(\s*)(?:"([^"\\]*)"|([A-Za-z0-9_-]+))\s*=')


@dataclass(frozen=True, slots=True)
class _Places:
    """Where each [[experiment]] table and the first line of each of its keys stand in a
    manifest's text (1-based line and column), found in one pass over its lines."""

    tables: list[tuple[int, int]]
    keys: list[dict[str, tuple[int, int]]]

    @classmethod
    def of(cls, text: str) -> _Places:
        """The places in ``text``."""
        tables: list[tuple[int, int]] = []
        keys: list[dict[str, tuple[int, int]]] = []
        for number, line in enumerate(text.splitlines(), 1):
            header = _HEADER_LINE.match(line)
            if header is not None:
                tables.append((number, len(header[1]) + 1))
                keys.append({})
                continue
            found = _KEY_LINE.match(line) if keys else None
            if found is not None:
                name = found[2] if found[2] is not None else found[3]
                keys[-1].setdefault(name, (number, len(found[1]) + 1))
        return cls(tables, keys)

    def where(self, index: int, key: str | None) -> tuple[int, int]:
        """Line and column of ``key`` in the ``index``-th table (or of its header)."""
        if index >= len(self.tables):
            return (1, 1)
        if key is not None and key in self.keys[index]:
            return self.keys[index][key]
        return self.tables[index]


def _error(path: Path, places: _Places, index: int, key: str | None, message: str) -> ManifestError:
    line, column = places.where(index, key)
    return ManifestError(f"{path}:{line}:{column}: error: {message}")


def _typed(value: Any, kind: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return kind is bool
    return isinstance(value, kind)


def estimate_problem(table: dict[str, Any]) -> tuple[str, str] | None:
    """What is wrong with an experiment's estimate and its check's settings (the key and why),
    or None: every number within its domain, none NaN or infinite but an interval's end, and
    an estimate with a spread, since a check tests the score now against the stored one's
    error (a stored error of 0, every pair of games alike, leaves it nothing to test against:
    a score of 1 stays 1, and the check could never fail)."""
    for key, low, high in (("score", 0.0, 1.0), ("score_se", 0.0, 1.0), ("alpha", 0.0, 0.5)):
        value = table[key]
        if not low <= value <= high or (key == "alpha" and value in (low, high)):
            return key, f"{key!r} must be between {low:g} and {high:g}"
    if table["score_se"] == 0.0:
        return "score_se", (
            "'score_se' must be above 0: a score without spread (every pair of games alike) "
            "gives a check nothing to test against; record the experiment with more games, or "
            "a closer one"
        )
    if not math.isfinite(table["elo"]):
        if table["score"] not in (0.0, 1.0):
            return "elo", "'elo' must be a finite number"
        return "elo", (
            "'elo' must be a finite number: a score of 0 or 1 (every game lost, or every game "
            "won) has no finite Elo; record the experiment with more games, or a closer one"
        )
    if not table["margin"] > 0.0:
        return "margin", "'margin' must be above 0 Elo"
    if not table["margin"] <= MAX_ELO:
        return "margin", f"'margin' must be at most {MAX_ELO:,} Elo"
    bounds = table["elo_ci95"]
    if (
        len(bounds) != 2
        or not all(_typed(x, (int, float)) for x in bounds)
        or math.isnan(bounds[0])
        or math.isnan(bounds[1])
        or bounds[0] > bounds[1]
    ):
        return "elo_ci95", "'elo_ci95' must be two numbers, low then high"
    return None


def _entry(path: Path, places: _Places, index: int, table: Any) -> Entry:
    if not isinstance(table, dict):
        raise _error(path, places, index, None, "each experiment is an [[experiment]] table")
    for key in table:
        if key not in _REQUIRED and key not in _OPTIONAL:
            known = ", ".join([*_REQUIRED, *_OPTIONAL])
            raise _error(path, places, index, key, f"unknown key {key!r} (known: {known})")
    for key in _REQUIRED:
        if key not in table:
            raise _error(path, places, index, None, f"[[experiment]] entry lacks {key!r}")
    for key, kind in {**_REQUIRED, **_OPTIONAL}.items():
        if key in table and not _typed(table[key], kind):
            word = "a number" if isinstance(kind, tuple) else _TYPE_WORDS[kind]
            raise _error(path, places, index, key, f"{key!r} must be {word}")
    if table["kind"] not in KINDS:
        raise _error(path, places, index, "kind", f"'kind' must be one of {', '.join(KINDS)}")
    try:
        split_policy(table["policy"])
    except ValueError as error:
        raise _error(path, places, index, "policy", str(error)) from None
    for key, least, most in (
        ("games", 2, MAX_GAMES),
        ("seed", 0, 2**64 - 1),
        ("budget", 1, MAX_BUDGET),
        ("ply_limit", 1, MAX_PLY),
    ):
        if not least <= table[key] <= most:
            raise _error(path, places, index, key, f"{key!r} must be from {least} to {most:,}")
    if table["paired"] and table["games"] % 2:
        raise _error(
            path, places, index, "games", "'games' must be even: games are played in pairs"
        )
    problem = estimate_problem(table)
    if problem is not None:
        raise _error(path, places, index, *problem)
    return Entry(
        kind=table["kind"],
        tile=table["tile"],
        in_place_of=table["in_place_of"],
        policy=table["policy"],
        budget=table["budget"],
        ply_limit=table["ply_limit"],
        games=table["games"],
        paired=table["paired"],
        seed=table["seed"],
        tileset_hash=table["tileset_hash"],
        score=float(table["score"]),
        score_se=float(table["score_se"]),
        elo=float(table["elo"]),
        elo_ci95=(float(table["elo_ci95"][0]), float(table["elo_ci95"][1])),
        margin=float(table["margin"]),
        alpha=float(table["alpha"]),
        set=table.get("set"),
        with_=table.get("with"),
        game=table.get("game"),
        line=places.where(index, None)[0],
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
    if "value" in document and "format" not in document:
        raise ManifestError(f"{path}:1:1: error: {OLD_FORMAT}")
    if document and "format" not in document:
        raise ManifestError(
            f"{path}:1:1: error: no 'format': begin the file with format = {FORMAT!r}"
        )
    if document and document["format"] != FORMAT:
        raise ManifestError(
            f"{path}:1:1: error: format {document['format']!r} is not {FORMAT!r}, the one this "
            f"dukec reads"
        )
    for key in document:
        if key not in ("format", "experiment"):
            raise ManifestError(
                f"{path}:1:1: error: unknown table {key!r} (known: format, experiment)"
            )
    tables = document.get("experiment", [])
    if not isinstance(tables, list):
        raise ManifestError(
            f"{path}:1:1: error: 'experiment' must be an array of [[experiment]] tables"
        )
    places = _Places.of(text)
    return [_entry(path, places, index, table) for index, table in enumerate(tables)]


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
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return str(value)


def dumps(entries: list[Entry]) -> str:
    """The manifest text of ``entries``, one [[experiment]] table each."""
    parts = [HEADER, f"format = {_toml(FORMAT)}\n"]
    for entry in entries:
        lines = [f"{key} = {_toml(value)}" for key, value in _table(entry).items()]
        parts.append("\n[[experiment]]\n" + "\n".join(lines) + "\n")
    return "".join(parts)


def _table(entry: Entry) -> dict[str, Any]:
    """The keys of ``entry``'s table, in the order written (those without a value left out)."""
    fields = {
        "kind": entry.kind,
        "tile": entry.tile,
        "in_place_of": entry.in_place_of,
        "set": entry.set,
        "with": entry.with_,
        "game": entry.game,
        "policy": entry.policy,
        "budget": entry.budget,
        "ply_limit": entry.ply_limit,
        "games": entry.games,
        "paired": entry.paired,
        "seed": entry.seed,
        "tileset_hash": entry.tileset_hash,
        "score": entry.score,
        "score_se": entry.score_se,
        "elo": entry.elo,
        "elo_ci95": entry.elo_ci95,
        "margin": entry.margin,
        "alpha": entry.alpha,
    }
    return {key: value for key, value in fields.items() if value is not None}


def record(path: Path, entry: Entry) -> list[Entry]:
    """Add ``entry`` to the manifest at ``path``, in place of an entry of the same key. The
    manifest is read and written back under dukec's lock on it, so that runs recording into
    one manifest at once each land their entry."""
    problem = estimate_problem(_table(entry))
    if problem is not None:
        # What is written must read back.
        raise ManifestError(f"{path}: error: {entry.describe()} is not recorded: {problem[1]}")
    with locked(path):
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


def check_seed(entry: Entry) -> int:
    """The seed a check plays by default: the stored one plus one (wrapping within the seeds
    accepted), so never the games already stored."""
    return (entry.seed + 1) % 2**64
