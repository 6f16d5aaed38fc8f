"""The compiler driver: paths in, a validated tile set dict out (parse, check, emit, validate).

The files the paths name are found by `dukec.compiler.sources`. A single compiled .json file is
read and validated instead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from os import PathLike, fspath
from pathlib import Path
from typing import Any

from dukec.compiler import ast, tileset_cache
from dukec.compiler.check import check_sources
from dukec.compiler.diagnostics import CompileError, Diagnostic, Position, SourceTexts
from dukec.compiler.emit import program_dict, source_map
from dukec.compiler.model import Program
from dukec.compiler.parser import parse_source, read_source
from dukec.compiler.sources import JSON_SUFFIX, PACKS_FOLDER, SOURCE_SUFFIX, collect
from dukec.compiler.validate import load_json_file, validate_tileset
from dukec.limits import MAX_SETS, MAX_TILES


def load(paths: list[Path]) -> dict[str, Any]:
    """Compile .duke files and directories, or read one compiled .json file, into a tile set.

    Raises CompileError carrying every diagnostic of the run.
    """
    found, problems = collect(paths)
    if problems:
        raise CompileError(problems)
    json_files = [(p, shown) for p, shown in found if p.suffix == JSON_SUFFIX]
    if json_files:
        if len(found) > 1:
            raise CompileError(
                [
                    Diagnostic(
                        json_files[0][1],
                        None,
                        "a compiled .json tile set is read on its own; give it alone",
                    )
                ]
            )
        return load_json_file(*json_files[0])
    return compile_sources(found)


def parse_all(
    found: Sequence[tuple[Path, str]],
) -> tuple[list[ast.SourceFile], list[Diagnostic], SourceTexts]:
    """Read and parse every file; a file with an error is left out and its error kept."""
    texts: list[tuple[str, str]] = []
    problems: list[Diagnostic] = []
    unreadable = SourceTexts()
    for path, shown in found:
        try:
            texts.append((shown, read_source(path, shown)))
        except CompileError as error:
            problems += error.diagnostics
            unreadable.texts.update(error.sources.texts)
    parsed, parse_problems, sources = parse_texts(texts)
    sources.texts.update(unreadable.texts)
    return parsed, [*problems, *parse_problems], sources


def parse_texts(
    texts: Sequence[tuple[str, str]],
) -> tuple[list[ast.SourceFile], list[Diagnostic], SourceTexts]:
    """Parse source texts, each with the name errors show; a text with an error is left out."""
    sources = SourceTexts()
    parsed: list[ast.SourceFile] = []
    problems: list[Diagnostic] = []
    too_many = _too_many_definitions(texts)
    if too_many is not None:
        for shown, text in texts:
            sources.add(shown, text)
        return parsed, [too_many], sources
    for shown, text in texts:
        sources.add(shown, text)
        try:
            source = parse_source(text, shown)
        except CompileError as error:
            problems += error.diagnostics
            sources.texts.update(error.sources.texts)
            continue
        if not source.definitions:
            problems.append(Diagnostic(shown, None, "no tile or set is defined in this file"))
        parsed.append(source)
    return parsed, problems, sources


#: The line that begins a tile or terrain definition, and one that begins a game set: a
#: definition's name and its "{" stand on one line, and neither word starts any other line
#: ending in "{" (a grid's cells cannot hold "{"; a set's `terrain` lines have none).
_TILE_HEADER = re.compile(r"^[ \t]*(?:tile|terrain)[ \t]+([A-Za-z][A-Za-z0-9_]*)[ \t]*\{", re.M)
_SET_HEADER = re.compile(r"^[ \t]*set[ \t]+([A-Za-z][A-Za-z0-9_-]*)[ \t]*\{", re.M)


def _too_many_definitions(texts: Sequence[tuple[str, str]]) -> Diagnostic | None:
    """One error at the first definition past :data:`~dukec.limits.MAX_TILES` tiles or
    :data:`~dukec.limits.MAX_SETS` game sets, found by a look at the lines before any parsing
    (so that ten thousand tiles are refused at once, not after they are all parsed)."""
    for header, limit, what in (
        (_TILE_HEADER, MAX_TILES, "tiles"),
        (_SET_HEADER, MAX_SETS, "game sets"),
    ):
        seen = 0
        for shown, text in texts:
            for match in header.finditer(text):
                seen += 1
                if seen > limit:
                    line = text.count("\n", 0, match.start(1)) + 1
                    column = match.start(1) - (text.rfind("\n", 0, match.start(1)) + 1) + 1
                    width = len(match.group(1))
                    return Diagnostic(
                        shown,
                        Position.point(line, column, width),
                        f"more than {limit} {what}; a tile set has at most that",
                    )
    return None


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the compiler knows about some sources, errors included (for tools like lint).

    `sources` are the parsed files (syntax trees with comments), `program` the checked tiles
    and sets (each `Tile` and `PlacedIcon` carries its path and `Position`), `diagnostics`
    every error found, `texts` the file texts for rendering.
    """

    sources: tuple[ast.SourceFile, ...]
    program: Program
    diagnostics: tuple[Diagnostic, ...]
    texts: SourceTexts

    def error(self) -> CompileError | None:
        """The CompileError these diagnostics make, or None when there are none."""
        return CompileError(self.diagnostics, self.texts) if self.diagnostics else None


def analyze(paths: list[Path]) -> Analysis:
    """Parse and check .duke files and directories without raising on errors in them."""
    found, problems = collect(paths)
    analysis = _analyze_found([(p, shown) for p, shown in found if p.suffix == SOURCE_SUFFIX])
    if not problems:
        return analysis
    return Analysis(
        analysis.sources, analysis.program, (*problems, *analysis.diagnostics), analysis.texts
    )


def _analyze_found(found: Sequence[tuple[Path, str]]) -> Analysis:
    parsed, problems, texts = parse_all(found)
    if any(source.extends() for source in parsed):
        # Read on top of the base set's sources (each file once).
        given = {os.path.realpath(path) for path, _ in found}
        base, _ = collect([default_sources()])
        below = [(path, shown) for path, shown in base if os.path.realpath(path) not in given]
        base_parsed, base_problems, base_texts = parse_all(below)
        texts.texts.update(base_texts.texts)
        parsed = [*base_parsed, *parsed]
        problems = [*base_problems, *problems]
    program, diagnostics = check_sources(parsed, incomplete=bool(problems))
    return Analysis(tuple(parsed), program, (*problems, *diagnostics), texts)


#: The line of a file that is read on top of the base set (`dukec.compiler.overlay`).
EXTENDS_BASE = re.compile(r"^[ \t]*extends[ \t]+base\b", re.M)


def _with_base(
    found: Sequence[tuple[Path, str]], texts: list[str]
) -> tuple[list[tuple[Path, str]], list[str]]:
    """The sources with the base set's before them where one says `extends base` (each file
    once)."""
    if not any(EXTENDS_BASE.search(text) for text in texts):
        return list(found), texts
    given = {os.path.realpath(path) for path, _ in found}
    base, _ = collect([default_sources()])
    below = [(path, shown) for path, shown in base if os.path.realpath(path) not in given]
    return [*below, *found], [read_source(path, shown) for path, shown in below] + texts


def compile_sources(found: Sequence[tuple[Path, str]]) -> dict[str, Any]:
    """Parse, check, emit and validate .duke files (with the base set's where one says
    `extends base`); a tile set compiled before from the same texts comes from the cache
    (:mod:`dukec.compiler.tileset_cache`) instead."""
    first = found[0][1] if found else "dukec"
    try:
        texts = [read_source(path, shown) for path, shown in found]
    except CompileError:
        # Unreadable sources: compiled as they are, so that every error is reported.
        return emit_analysis(_analyze_found(found), first)
    found, texts = _with_base(found, texts)
    entry = tileset_cache.entry(texts)
    cached = tileset_cache.read(entry)
    if cached is not None:
        return cached
    named = [(shown, text) for (_, shown), text in zip(found, texts, strict=True)]
    data = emit_analysis(analyze_texts(named), first)
    tileset_cache.write(entry, data)
    return data


def analyze_texts(texts: Sequence[tuple[str, str]], incomplete: bool = False) -> Analysis:
    """Parse and check source texts (each with the name errors show) without raising on errors.

    `incomplete` says some source of the program could not be read: as for one that does not
    parse, unknown tile names are then not reported.
    """
    parsed, problems, sources = parse_texts(texts)
    program, diagnostics = check_sources(parsed, incomplete=incomplete or bool(problems))
    return Analysis(tuple(parsed), program, (*problems, *diagnostics), sources)


def compile_source(text: str, path: str | PathLike[str] = "<source>") -> dict[str, Any]:
    """Compile one .duke source text (as an editor or a notebook holds it) into a tile set (on
    top of the base set's sources if it says `extends base`).

    `path` (a ``str`` or ``os.PathLike``) is the name errors show; nothing is read from it.
    Raises CompileError carrying every diagnostic.
    """
    name = fspath(path)
    texts = [(name, text)]
    if EXTENDS_BASE.search(text):
        base, _ = collect([default_sources()])
        texts = [(shown, read_source(file, shown)) for file, shown in base] + texts
    return emit_analysis(analyze_texts(texts), name)


def emit_analysis(analysis: Analysis, first: str) -> dict[str, Any]:
    """Emit and validate an analysis without errors, mapping schema errors to source lines.

    `first` names the file a schema error without a source line is reported against. Raises
    CompileError with the analysis's errors, or with the schema's.
    """
    error = analysis.error()
    if error is not None:
        raise error
    program, sources = analysis.program, analysis.texts
    data = program_dict(program)
    mapping = source_map(program)

    def locate(json_path: list[str | int]) -> tuple[str, Position | None]:
        for length in range(len(json_path), 0, -1):
            where = mapping.get(tuple(json_path[:length]))
            if where is not None:
                return where[0], where[1]
        return first, None

    validate_tileset(data, first, locate, sources)
    return data


def default_sources() -> Path:
    """The base set's .duke sources, wherever dukec is installed."""
    return Path(str(files("dukec.tiles")))


def shipped_packs() -> dict[str, Path]:
    """The expansion packs that ship with dukec, by name (``robin-hood``: its ``.duke`` file in
    the base set's packs folder), in name order."""
    folder = default_sources() / PACKS_FOLDER
    if not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.glob(f"*{SOURCE_SUFFIX}"))}


def load_tileset(path: str | PathLike[str] | None = None) -> dict[str, Any]:
    """The tile set at `path` (a compiled .json file, a .duke file or a directory of them).

    With no path, the base set that ships with dukec. Raises CompileError on any mistake.
    """
    return load([Path(path) if path is not None else default_sources()])
