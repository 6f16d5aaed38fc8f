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

An edit can change the diagnostics of every open document of the folder, so the language
server checks them again together (:func:`check_documents`): the directory is looked through
and read once, and the documents of one directory, whose sources are the same, share one check
of them, which :class:`Checks` keeps until a source changes. An edit with N documents of a
folder open costs one check of the folder, about N files, not N checks of N files.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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

    def key(self, on_disk: bool) -> tuple[object, ...]:
        """What the check of these sources depends on: equal keys, equal checks."""
        return (on_disk, tuple(self.texts), tuple(self.unreadable), self.alone is not None)


@dataclass(frozen=True, slots=True)
class _Listing:
    """The .duke files below a directory, looked through and read once for every document of
    it: each with its name, its resolved path, and its text (open ones as edited) or why it
    cannot be read; or, past the bounds, none and the reason."""

    directory: Path
    files: tuple[tuple[str, Path, str | None, tuple[Diagnostic, ...]], ...]
    too_large: str | None

    @classmethod
    def of(cls, directory: Path, open_texts: Mapping[Path, str]) -> _Listing:
        """The listing of ``directory``, open documents as the editor holds them."""
        folder = folder_files(directory)
        if folder.too_large is not None:
            return cls(directory, (), folder.too_large)
        opened = {key.resolve(): value for key, value in open_texts.items()}
        files: list[tuple[str, Path, str | None, tuple[Diagnostic, ...]]] = []
        for file in folder.files:
            key, shown = file.resolve(), str(file)
            if key in opened:
                files.append((shown, key, opened[key], ()))
                continue
            try:
                files.append((shown, key, read_source(file, shown), ()))
            except CompileError as error:
                files.append((shown, key, None, tuple(error.diagnostics)))
        return cls(directory, tuple(files), None)

    def sources(self, name: str, text: str, path: Path) -> Sources:
        """What the document ``name`` (``text``, at ``path`` in this directory) is checked
        with."""
        if self.too_large is not None:
            return Sources([(name, text)], [], f"{self.directory} holds {self.too_large}")
        me = path.resolve()
        texts: list[tuple[str, str]] = []
        problems: list[Diagnostic] = []
        for shown, key, found, unreadable in self.files:
            if key == me:
                texts.append((name, text))
            elif found is not None:
                texts.append((shown, found))
            else:
                problems += unreadable
        if all(shown != name for shown, _ in texts):
            texts.append((name, text))
        return Sources(texts, problems)


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
    return _Listing.of(path.parent, open_texts).sources(name, text, path)


#: The name that diagnostics of a folder's check give a schema error found at no source line:
#: each document of the folder shows it as its own (no file is named so).
_ANY = "\x00any document"


@dataclass(frozen=True, slots=True)
class _FolderCheck:
    """One check of some sources: the analysis, and every error and lint warning it found."""

    analysis: Analysis
    diagnostics: tuple[Diagnostic, ...]


def _check_sources(
    sources: Sources, on_disk: bool, scope: Sequence[tuple[str, str]]
) -> _FolderCheck:
    # A file of the folder that cannot be read is the folder's error, not the document's; its
    # tiles are unknown, so unknown names are not reported (as `dukec check DIR` does). So for
    # a document checked alone, apart from a folder too large.
    incomplete = bool(sources.unreadable) or sources.alone is not None
    if not on_disk:
        # A text with no file (the studio's page) is a tile on its own: nothing to lay it on.
        analysis = analyze_texts([*scope, *sources.texts], incomplete=incomplete)
    else:
        # As every command reads the folder: whole, or on top of the base set.
        analysis, _ = analyze_layered(sources.texts, incomplete=incomplete)
    errors = list(analysis.diagnostics)
    if not errors and not incomplete:
        try:
            emit_analysis(analysis, _ANY)
        except CompileError as error:
            errors = list(error.diagnostics)
    return _FolderCheck(analysis, (*errors, *lint_analysis(analysis).warnings))


class Checks:
    """The checks of open documents' sources, kept until a source changes: documents of one
    directory share one check, and a document opened or asked about again, its folder as it
    was, is not checked again. The language server keeps one; at most ``keep`` are kept."""

    def __init__(self, keep: int = 16) -> None:
        self.keep = keep
        self._found: OrderedDict[tuple[object, ...], _FolderCheck] = OrderedDict()
        #: How many checks were made (not found kept): what a test counts.
        self.made = 0

    def of(
        self, sources: Sources, on_disk: bool, scope: Sequence[tuple[str, str]] = ()
    ) -> _FolderCheck:
        """The check of ``sources`` (with ``scope`` read first, for a text with no file), kept
        or made."""
        key = (*sources.key(on_disk), () if on_disk else tuple(scope))
        found = self._found.get(key)
        if found is None:
            found = _check_sources(sources, on_disk, scope)
            self.made += 1
            self._found[key] = found
            while len(self._found) > self.keep:
                self._found.popitem(last=False)
        self._found.move_to_end(key)
        return found


def check_documents(
    documents: Sequence[tuple[str, str, Path | None]],
    open_texts: Mapping[Path, str],
    checks: Checks | None = None,
    scope: Sequence[tuple[str, str]] = (),
) -> list[Checked]:
    """Check documents (each its name, text and file) with their folders: each directory is
    looked through and read once, and documents whose sources are the same (those of one
    directory) share one check, so that N open documents of a folder cost one check of it,
    not N. ``checks`` keeps checks from one call to the next. A text with no file is checked
    alone, with the texts of ``scope`` (each with its name) read first: the studio's icon
    declarations of the tile set it works on."""
    checks = checks if checks is not None else Checks(keep=max(1, len(documents)))
    listings: dict[Path, _Listing] = {}
    found = []
    for name, text, path in documents:
        if path is not None:
            name = str(path)
        if len(text) > LSP_MAX_BYTES:
            note = f"not checked: the document is larger than {LSP_MAX_BYTES // 1024:,} KiB"
            warning = Diagnostic(name, None, note, severity="warning")
            found.append(Checked(name, analyze_texts([]), (warning,)))
            continue
        if path is None or not path.parent.is_dir():
            sources = Sources([(name, text)], [])
        else:
            listing = listings.get(path.parent)
            if listing is None:
                listing = listings[path.parent] = _Listing.of(path.parent, open_texts)
            sources = listing.sources(name, text, path)
        check = checks.of(sources, path is not None, scope)
        found.append(_own(check, name, sources.alone))
    return found


def _own(check: _FolderCheck, name: str, alone: str | None) -> Checked:
    """The document ``name``'s part of a check: its own errors and lint warnings."""
    mine = [_named(d, name) for d in check.diagnostics if d.path in (name, _ANY)]
    if alone is not None:
        note = f"checked alone, not with the other files of its folder: {alone}"
        mine.insert(0, Diagnostic(name, None, note, severity="warning"))
    mine.sort(key=Diagnostic.sort_key)
    return Checked(name, check.analysis, tuple(mine))


def _named(diagnostic: Diagnostic, name: str) -> Diagnostic:
    return diagnostic if diagnostic.path != _ANY else replace(diagnostic, path=name)


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
    return check_documents([(name, text, path)], open_texts or {}, scope=scope)[0]
