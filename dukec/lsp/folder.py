"""A document and its folder: the sources an open file is checked with, and the results.

A document is checked together with every .duke file below its own directory, as
`dukec check DIR` checks them, so that a duplicate name or a set naming a tile of another
file is found; files open in the editor count with their unsaved text. Only the document's
own diagnostics are kept: its errors (schema errors included, as `check` reports them) and
its lint warnings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dukec.compiler.diagnostics import CompileError, Diagnostic
from dukec.compiler.driver import Analysis, analyze_texts, collect, emit_analysis
from dukec.compiler.parser import read_source
from dukec.workbench.lint import lint_analysis


@dataclass(frozen=True, slots=True)
class Checked:
    """One document checked with its folder: its name in diagnostics and what was found."""

    name: str
    analysis: Analysis
    diagnostics: tuple[Diagnostic, ...]


def folder_sources(
    name: str, text: str, path: Path | None, open_texts: Mapping[Path, str]
) -> tuple[list[tuple[str, str]], list[Diagnostic]]:
    """The texts to check `text` with: the .duke files below its directory, open ones as edited.

    `name` is the document's name in diagnostics, `path` its file (None when it is not a file
    on disk, and then it is checked alone). Each text comes with its name, in the order
    `dukec check DIR` reads them (a document not saved yet comes last); files that cannot be
    read come back as diagnostics.
    """
    if path is None or not path.parent.is_dir():
        return [(name, text)], []
    found, _ = collect([path.parent])
    opened = {key.resolve(): value for key, value in open_texts.items()}
    me = path.resolve()
    texts: list[tuple[str, str]] = []
    problems: list[Diagnostic] = []
    for file, shown in found:
        key = file.resolve()
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
    return texts, problems


def check_document(
    name: str, text: str, path: Path | None = None, open_texts: Mapping[Path, str] | None = None
) -> Checked:
    """Check a document with its folder; keep the document's own errors and lint warnings."""
    if path is not None:
        name = str(path)
    texts, unreadable = folder_sources(name, text, path, open_texts or {})
    # A file of the folder that cannot be read is the folder's error, not the document's; its
    # tiles are unknown, so unknown names are not reported (as `dukec check DIR` does).
    analysis = analyze_texts(texts, incomplete=bool(unreadable))
    errors = list(analysis.diagnostics)
    if not errors and not unreadable:
        try:
            emit_analysis(analysis, name)
        except CompileError as error:
            errors = list(error.diagnostics)
    warnings = lint_analysis(analysis).warnings
    mine = [d for d in (*errors, *warnings) if d.path == name]
    mine.sort(key=Diagnostic.sort_key)
    return Checked(name, analysis, tuple(mine))
