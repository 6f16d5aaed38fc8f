"""Layers: a designer's sources read on top of the base set, or as a whole tile set.

The rule, one place for every command, the studio and the language server: sources that
define a game set *and* a tile that acts as the Duke, and do not say ``extends base``, are a
**whole** tile set (they can be played on their own). Any other sources (new tiles only; or
tiles and a game set that plays the base set's Duke; or a pack that extends the base set) are
an **overlay**: compiled together with the base set's sources, so that
their sets may name the base set's tiles and the armies of the base set's game sets are there
to play them against. A tile name the base set has already is an error naming both files (a
designer's folder adds tiles; it does not change the base game under the same name). A compiled
``.json`` tile set is always whole.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dukec.compiler import ast
from dukec.compiler.check import check_sources
from dukec.compiler.diagnostics import CompileError, Diagnostic, Note, SourceTexts
from dukec.compiler.driver import (
    EXTENDS_BASE,
    Analysis,
    analyze_texts,
    default_sources,
    emit_analysis,
    load,
    parse_texts,
)
from dukec.compiler.parser import read_source
from dukec.compiler.sources import JSON_SUFFIX, SOURCE_SUFFIX, collect

_SET = re.compile(r"^[ \t]*set[ \t]+[A-Za-z][A-Za-z0-9_-]*[ \t]*\{", re.M)
_TILE = re.compile(r"^[ \t]*(?:tile|terrain)[ \t]+([A-Za-z][A-Za-z0-9_]*)[ \t]*\{", re.M)
_UNKNOWN = re.compile(r"unknown tile '([^']*)'")
_DUKE = re.compile(r"^[ \t]*acts[ \t]+as[ \t]+duke\b", re.M)

WHOLE_RULE = "a whole tile set defines a game set and a tile that acts as the Duke"


@dataclass(frozen=True, slots=True)
class Layering:
    """How sources were read: whole, or on top of the base set, and the words saying why."""

    whole: bool
    why: str

    def describe(self, where: str) -> str:
        """One sentence: what was read how."""
        if self.whole:
            return f"{where} is read as a whole tile set: {self.why}"
        return f"{where} is read on top of the base set: {self.why}"


BASE = Layering(True, "the base set that ships with dukec")
COMPILED = Layering(True, "exactly the tile set given")


def layering(texts: Sequence[tuple[str, str]]) -> Layering:
    """Whether source texts are a whole tile set or an overlay on the base set (read from
    their lines, so that texts that do not parse yet are judged the same way)."""
    if any(EXTENDS_BASE.search(text) for _, text in texts):
        return Layering(False, "it says 'extends base'")
    sets = any(_SET.search(text) for _, text in texts)
    duke = any(_DUKE.search(text) for _, text in texts)
    if sets and duke:
        return Layering(True, "it defines a game set and a tile that acts as the Duke")
    lacks = "no tile that acts as the Duke" if sets else "no game set"
    return Layering(False, f"it defines {lacks} ({WHOLE_RULE})")


@dataclass(frozen=True, slots=True)
class _Base:
    parsed: tuple[ast.SourceFile, ...]
    texts: SourceTexts
    names: frozenset[str]


@functools.cache
def _base() -> _Base:
    """The base set's sources, read and parsed once per process."""
    found, _ = collect([default_sources()])
    texts = [(shown, read_source(path, shown)) for path, shown in found]
    parsed, problems, sources = parse_texts(texts)
    assert not problems, "the base set's sources parse"
    return _Base(tuple(parsed), sources, frozenset(shown for shown, _ in texts))


def base_names() -> frozenset[str]:
    """The names the base set's source files show in diagnostics."""
    return _base().names


def analyze_on_base(texts: Sequence[tuple[str, str]], incomplete: bool = False) -> Analysis:
    """Parse and check source texts on top of the base set's (which come first, so that a
    name defined twice is reported at the designer's file, with the base set's as a note)."""
    base = _base()
    # A base file given among the sources (`dukec check x.duke tiles/duke.duke`) is read once.
    given = {os.path.realpath(name) for name, _ in texts}
    below = [source for source in base.parsed if os.path.realpath(source.path) not in given]
    parsed, problems, sources = parse_texts(texts)
    program, diagnostics = check_sources([*below, *parsed], incomplete=incomplete or bool(problems))
    merged = SourceTexts({**base.texts.texts, **sources.texts})
    return Analysis((*below, *parsed), program, (*problems, *diagnostics), merged)


def analyze_layered(
    texts: Sequence[tuple[str, str]], incomplete: bool = False
) -> tuple[Analysis, Layering]:
    """Source texts analysed as the layering rule says: alone when whole, else on the base."""
    how = layering(texts)
    if how.whole:
        return analyze_texts(texts, incomplete=incomplete), how
    return analyze_on_base(texts, incomplete=incomplete), how


def explained(error: CompileError, how: Layering, where: str) -> CompileError:
    """The error with a note saying how the sources were read, on the first name error the
    layering explains: a duplicate of the base set's name in an overlay, or a name of the base
    set unknown to a whole set."""
    base = _base()
    tiles = {tile.name.text for source in base.parsed for tile in source.tiles()}

    def explains(diagnostic: Diagnostic) -> bool:
        if how.whole:
            unknown = _UNKNOWN.match(diagnostic.message)
            return unknown is not None and unknown.group(1) in tiles
        duplicate = diagnostic.message.startswith(("duplicate tile", "duplicate set"))
        return duplicate and any(note.path in base.names for note in diagnostic.notes)

    note = Note(where, None, how.describe(where))
    diagnostics = list(error.diagnostics)
    for index, diagnostic in enumerate(diagnostics):
        if explains(diagnostic):
            # Once: the reason is the same for every name error.
            diagnostics[index] = replace(diagnostic, notes=(*diagnostic.notes, note))
            break
    return CompileError(diagnostics, error.sources)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tile set read from a path: its data, how it was layered, and its source files."""

    data: dict[str, Any]
    layering: Layering
    files: tuple[Path, ...]
    added: tuple[str, ...] = ()
    """On top of the base set: the names of the tiles the sources define."""

    def summary(self) -> str:
        """How many tiles and sets, and what was laid on the base set."""
        tiles, sets = len(self.data["tiles"]), len(self.data["sets"])
        counts = f"{_count(tiles, 'tile')}, {_count(sets, 'set')}"
        if self.layering.whole:
            return counts
        return f"{_count(len(self.added), 'tile')} on top of the base set ({counts})"


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def load_layered(paths: Sequence[Path] | Path | None) -> Loaded:
    """The tile set at ``paths`` (.duke files and directories, or one compiled .json file) by
    the layering rule; none: the base set. Raises CompileError with every diagnostic, each name
    error noting how the sources were read."""
    if isinstance(paths, Path):
        paths = [paths]
    if not paths:
        base = default_sources()
        return Loaded(load([base]), BASE, _sources(base))
    found, problems = collect(paths)
    if problems or any(p.suffix == JSON_SUFFIX for p, _ in found):
        return Loaded(load(list(paths)), COMPILED, ())
    texts: list[tuple[str, str]] = []
    for file, shown in found:
        try:
            texts.append((shown, read_source(file, shown)))
        except CompileError:
            return Loaded(load(list(paths)), COMPILED, ())  # the driver reports every such file
    analysis, how = analyze_layered(texts)
    where = str(paths[0]) if len(paths) == 1 else "the sources"
    try:
        data = emit_analysis(analysis, found[0][1])
    except CompileError as error:
        raise explained(error, how, where) from None
    added = () if how.whole else tuple(name for _, text in texts for name in _TILE.findall(text))
    return Loaded(data, how, tuple(file for file, _ in found), added)


def _sources(path: Path) -> tuple[Path, ...]:
    found, _ = collect([path])
    return tuple(file for file, _ in found if file.suffix == SOURCE_SUFFIX)
