"""Output paths of the commands: checked before any work starts, and OS errors as one line.

A command that writes must not write over one of its inputs, nor fail only after the work is
done because the place it writes to cannot take a file. Files are still written whole or not at
all (:mod:`dukec.atomic`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import click

from dukec.commands.common import ReportError


def os_error(path: Path, error: OSError, doing: str = "write") -> ReportError:
    """An OS error as the one line a person reads: the path, what failed and why."""
    reason = (error.strerror or type(error).__name__).lower()
    return ReportError(f"{path}: error: cannot {doing}: {reason}")


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def _inputs_below(inputs: Iterable[Path]) -> list[Path]:
    """The input files: each file given, and the .duke files inside each directory given."""
    found: list[Path] = []
    for path in inputs:
        path = Path(path)
        if path.is_dir():
            found.extend(path.rglob("*.duke"))
        else:
            found.append(path)
    return found


def check_output_file(path: Path, inputs: Iterable[Path] = (), option: str = "-o") -> None:
    """Refuse an output file that is an input (exit 2) or a directory (exit 2), or whose folder
    cannot take a file (exit 1). ``option`` names the option that chooses where output goes."""
    for source in _inputs_below(inputs):
        if _same(path, source):
            raise click.UsageError(
                f"output '{path}' is one of the inputs; writing it would replace the source. "
                f"Give another output path with {option}"
            )
    if path.is_dir():
        raise click.UsageError(f"output '{path}' is a directory; give a file name")
    _check_folder(path.parent, path)


def check_output_dir(path: Path) -> None:
    """Refuse an output directory that is a file (exit 2) or cannot be created or written
    (exit 1)."""
    if path.exists() and not path.is_dir():
        raise click.UsageError(f"output '{path}' is a file, not a directory")
    _check_folder(path, path)


def _check_folder(folder: Path, shown: Path) -> None:
    """The nearest existing folder at or above ``folder`` must be a writable directory."""
    existing = Path(os.path.abspath(folder))
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise ReportError(f"{shown}: error: cannot write: {existing} is not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ReportError(f"{shown}: error: cannot write: permission denied in {existing}")
