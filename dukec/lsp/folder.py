"""A document and its folder: the sources an open file is checked with, and the results.

A document is checked together with the .duke files below its own directory, as `dukec check
DIR` checks them, so that a duplicate name or a set naming a tile of another file is found;
files open in the editor count with their unsaved text. The directory is looked through within
bounds (`LSP_MAX_FILES` files, `LSP_MAX_BYTES` bytes, `LSP_MAX_ENTRIES` entries of
directories): a document in a directory past them, such as one saved at the root of the file
system, is checked alone and says so; a document itself larger than `LSP_MAX_BYTES` is not
checked at all, and says so. A folder that is not a whole tile set is checked on top of the
base set, as the commands read it (:mod:`dukec.compiler.overlay`). Only the document's own
diagnostics are kept: its errors (schema errors included, as `check` reports them) and its
lint warnings.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dukec.compiler.diagnostics import CompileError, Diagnostic
from dukec.compiler.driver import Analysis, analyze_texts, emit_analysis
from dukec.compiler.overlay import analyze_layered
from dukec.compiler.parser import read_source
from dukec.compiler.sources import SOURCE_SUFFIX
from dukec.limits import LSP_MAX_BYTES, LSP_MAX_ENTRIES, LSP_MAX_FILES
from dukec.workbench.lint import lint_analysis


@dataclass(frozen=True, slots=True)
class Checked:
    """One document checked with its folder: its name in diagnostics and what was found."""

    name: str
    analysis: Analysis
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class Folder:
    """The .duke files below a folder, in the order `dukec check DIR` reads them; or, for a
    folder past the bounds, none and the reason."""

    files: tuple[Path, ...]
    too_large: str | None = None


def folder_files(root: Path) -> Folder:
    """The .duke files below ``root`` (links to directories are not followed), looked for
    within the bounds."""
    files: list[Path] = []
    size = entries = 0
    pending = [root]
    while pending:
        try:
            with os.scandir(pending.pop()) as listing:
                for entry in listing:
                    entries += 1
                    if entries > LSP_MAX_ENTRIES:
                        return Folder((), f"more than {LSP_MAX_ENTRIES:,} files and directories")
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(Path(entry.path))
                    elif entry.name.endswith(SOURCE_SUFFIX) and entry.is_file():
                        files.append(Path(entry.path))
                        size += entry.stat().st_size
        except OSError:
            continue  # a directory (or file) that cannot be read has nothing to check with
        if len(files) > LSP_MAX_FILES:
            return Folder((), f"more than {LSP_MAX_FILES:,} {SOURCE_SUFFIX} files")
        if size > LSP_MAX_BYTES:
            return Folder((), f"more than {LSP_MAX_BYTES // 1024:,} KiB of {SOURCE_SUFFIX} files")
    return Folder(tuple(sorted(files, key=lambda file: file.relative_to(root).as_posix())))


@dataclass(frozen=True, slots=True)
class Sources:
    """What a document is checked with: the texts, each with its name, the folder's files that
    could not be read, and why the document is checked alone, if it is."""

    texts: list[tuple[str, str]]
    unreadable: list[Diagnostic]
    alone: str | None = None


def folder_sources(
    name: str, text: str, path: Path | None, open_texts: Mapping[Path, str]
) -> Sources:
    """The texts to check `text` with: the .duke files below its directory, open ones as edited.

    `name` is the document's name in diagnostics, `path` its file (None when it is not a file
    on disk, and then it is checked alone). Each text comes with its name, in the order
    `dukec check DIR` reads them (a document not saved yet comes last); files that cannot be
    read come back as diagnostics.
    """
    if path is None or not path.parent.is_dir():
        return Sources([(name, text)], [])
    folder = folder_files(path.parent)
    if folder.too_large is not None:
        return Sources([(name, text)], [], f"{path.parent} holds {folder.too_large}")
    opened = {key.resolve(): value for key, value in open_texts.items()}
    me = path.resolve()
    texts: list[tuple[str, str]] = []
    problems: list[Diagnostic] = []
    for file in folder.files:
        key = file.resolve()
        shown = str(file)
        if key == me:
            texts.append((name, text))
        elif key in opened:
            texts.append((shown, opened[key]))
        else:
            try:
                texts.append((shown, read_source(file, shown)))
            except CompileError as error:
                problems += error.diagnostics
    if all(shown != name for shown, _ in texts):
        texts.append((name, text))
    return Sources(texts, problems)


def check_document(
    name: str,
    text: str,
    path: Path | None = None,
    open_texts: Mapping[Path, str] | None = None,
    scope: Sequence[tuple[str, str]] = (),
) -> Checked:
    """Check a document with its folder; keep the document's own errors and lint warnings.
    A document larger than `LSP_MAX_BYTES` (past any design's size) is not checked. A text with
    no file is checked alone, with the texts of ``scope`` (each with its name) read first: the
    studio's icon declarations of the tile set it works on."""
    if path is not None:
        name = str(path)
    if len(text) > LSP_MAX_BYTES:
        note = f"not checked: the document is larger than {LSP_MAX_BYTES // 1024:,} KiB"
        return Checked(name, analyze_texts([]), (Diagnostic(name, None, note, severity="warning"),))
    sources = folder_sources(name, text, path, open_texts or {})
    # A file of the folder that cannot be read is the folder's error, not the document's; its
    # tiles are unknown, so unknown names are not reported (as `dukec check DIR` does). So for
    # a document checked alone, apart from a folder too large.
    incomplete = bool(sources.unreadable) or sources.alone is not None
    if path is None:
        # A text with no file (the studio's page) is a tile on its own: nothing to lay it on.
        analysis = analyze_texts([*scope, *sources.texts], incomplete=incomplete)
    else:
        # As every command reads the folder: whole, or on top of the base set.
        analysis, _ = analyze_layered(sources.texts, incomplete=incomplete)
    errors = list(analysis.diagnostics)
    if not errors and not incomplete:
        try:
            emit_analysis(analysis, name)
        except CompileError as error:
            errors = list(error.diagnostics)
    warnings = lint_analysis(analysis).warnings
    if sources.alone is not None:
        note = f"checked alone, not with the other files of its folder: {sources.alone}"
        warnings = (Diagnostic(name, None, note, severity="warning"), *warnings)
    mine = [d for d in (*errors, *warnings) if d.path == name]
    mine.sort(key=Diagnostic.sort_key)
    return Checked(name, analysis, tuple(mine))
