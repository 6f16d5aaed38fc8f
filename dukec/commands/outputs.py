"""Output paths of the commands: checked before any work starts, and OS errors as one line.

A command that writes must not write over one of its inputs, nor fail only after the work is
done because the place it writes to cannot take a file. Files are still written whole or not at
all, devices and FIFOs through, and nothing else (:mod:`dukec.atomic`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import click

from dukec.commands.common import ReportError
from dukec.textfile import os_reason


def os_error(path: Path, error: OSError, doing: str = "write") -> ReportError:
    """An OS error as the one line a person reads: the path, what failed and why. Writing
    into a directory, the file that failed is named."""
    shown = Path(path)
    if isinstance(error.filename, str) and Path(error.filename).is_relative_to(shown):
        shown = Path(error.filename)
    return ReportError(f"{shown}: error: cannot {doing}: {os_reason(error)}")


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
    from dukec.atomic import refusal, written_through  # (tempfile): only a command that writes

    for source in _inputs_below(inputs):
        if _same(path, source):
            raise click.UsageError(
                f"output '{path}' is one of the inputs; writing it would replace the source. "
                f"Give another output path with {option}"
            )
    if path.is_dir():
        raise click.UsageError(f"output '{path}' is a directory; give a file name")
    reason = refusal(path)
    if reason is not None:
        raise ReportError(f"{path}: error: cannot write: {reason}")
    if not written_through(path):
        # A link is replaced where it points: that folder takes the new file.
        _check_folder(Path(os.path.realpath(path)).parent, path)


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
