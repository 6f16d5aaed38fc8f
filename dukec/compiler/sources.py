"""Sources: the .duke and .json files that paths name, as the driver and the formatter read them.

Directories contribute every .duke file below them, in order of their path relative to the
directory, so a copy of the sources elsewhere compiles to the same output and the same errors;
a folder named ``expansions`` below a directory holds expansion packs, each read only when it is
named (``tiles/expansions/robin-hood.duke``), so that ``tiles/`` stays the base set.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

from dukec.compiler.diagnostics import Diagnostic
from dukec.limits import MAX_SETS, MAX_SOURCE_BYTES, MAX_SOURCE_FILES, MAX_TILES
from dukec.textfile import NotReadable, at_most, check_file, os_reason

SOURCE_SUFFIX = ".duke"
JSON_SUFFIX = ".json"
#: The folder below a directory of sources that holds packs, read only when named.
PACKS_FOLDER = "expansions"


def _in_packs(path: Path, below: Path) -> bool:
    """Whether ``path`` lies in a packs folder below the directory ``below``."""
    return PACKS_FOLDER in path.relative_to(below).parts[:-1]


def collect(paths: Sequence[Path]) -> tuple[list[tuple[Path, str]], list[Diagnostic]]:
    """The .duke and .json files named by `paths`, each with the name errors show.

    Every entry named ``*.duke`` below a directory is a source, whatever it is: one that is
    not a readable file (a link to nothing, a FIFO) is reported when it is read, not skipped.
    More sources than a tile set can hold, in number or in bytes, is one error, before any is
    read (:data:`~dukec.limits.MAX_SOURCE_FILES`, :data:`~dukec.limits.MAX_SOURCE_BYTES`).
    """
    found: list[tuple[Path, str]] = []
    problems: list[Diagnostic] = []
    seen: set[str] = set()

    def add(path: Path, shown: str) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            found.append((path, shown))

    if not paths:
        problems.append(Diagnostic("dukec", None, "no input: give .duke files or directories"))
    for path in paths:
        shown = str(path)
        try:
            if path.is_dir():
                # One past the most a tile set can hold is enough to refuse them.
                below = (
                    p
                    for p in path.rglob(f"*{SOURCE_SUFFIX}")
                    if not p.is_dir() and not _in_packs(p, path)
                )
                sources = sorted(
                    islice(below, MAX_SOURCE_FILES + 1),
                    key=lambda p: p.relative_to(path).as_posix(),
                )
                if not sources:
                    problems.append(
                        Diagnostic(shown, None, f"no {SOURCE_SUFFIX} files in this directory")
                    )
                for source in sources:
                    add(source, str(path / source.relative_to(path)))
            elif not path.exists() and not path.is_symlink():
                problems.append(Diagnostic(shown, None, "no such file or directory"))
            elif path.suffix in (SOURCE_SUFFIX, JSON_SUFFIX):
                add(path, shown)
            else:
                problems.append(
                    Diagnostic(
                        shown,
                        None,
                        "not a tile source: expected a .duke file, a directory "
                        "of them, or a compiled .json tile set",
                    )
                )
        except OSError as error:
            problems.append(Diagnostic(shown, None, f"cannot read: {os_reason(error)}"))
    too_many = _too_many(found, paths)
    return found, [*problems, *too_many]


def _too_many(found: Sequence[tuple[Path, str]], paths: Sequence[Path]) -> list[Diagnostic]:
    """One error if the sources are more than a tile set can hold, in number or in bytes."""
    where = str(paths[0]) if len(paths) == 1 else "dukec"
    sources = [path for path, _ in found if path.suffix == SOURCE_SUFFIX]
    if len(sources) > MAX_SOURCE_FILES:
        return [
            Diagnostic(
                where,
                None,
                f"more than {MAX_SOURCE_FILES} {SOURCE_SUFFIX} files: a tile set holds at most "
                f"{MAX_TILES} tiles and {MAX_SETS} game sets, each file defining one at least, "
                f"so at most {MAX_SOURCE_FILES} files",
            )
        ]
    total = 0
    for path in sources:
        try:
            total += check_file(path)
        except NotReadable:
            continue  # said when it is read
    if total > MAX_SOURCE_BYTES:
        return [
            Diagnostic(
                where,
                None,
                f"the sources come to {total} bytes; a tile set's sources are "
                f"{at_most(MAX_SOURCE_BYTES)} together",
            )
        ]
    return []
