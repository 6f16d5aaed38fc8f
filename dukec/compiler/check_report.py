"""Where the checks of the check stage record what is wrong, and the checks of numbers they share.

A `Reporter` collects the `Diagnostic`s of one file (none stops the others); `count_of` reads a
count and says when it is out of range.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dukec.compiler import ast
from dukec.compiler.diagnostics import Diagnostic, Note, Position
from dukec.compiler.transform import MAX_DIGITS, TOO_LONG
from dukec.limits import MAX_COUNT


@dataclass(slots=True)
class Reporter:
    """Collects diagnostics for one file."""

    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, position: Position | None, message: str, *notes: Note) -> None:
        """Record an error at `position`."""
        self.diagnostics.append(Diagnostic(self.path, position, message, tuple(notes)))

    def note(self, position: Position | None, message: str) -> Note:
        """A note pointing into this file."""
        return Note(self.path, position, message)


def shown_number(value: int) -> str:
    """A number as an error message shows it (a very long one by its length)."""
    return str(value) if value < TOO_LONG else f"a number of more than {MAX_DIGITS} digits"


def count_of(
    number: ast.Number | None, where: Position, report: Reporter, low: int = 1
) -> int | None:
    """A count as written (1 if not written), or None if it is out of range (reported)."""
    value = number.value if number is not None else 1
    position = number.pos if number is not None else where
    if value < low:
        report.error(position, f"a count is at least {low}")
        return None
    if value > MAX_COUNT:
        report.error(position, f"a count is at most {MAX_COUNT}, not {shown_number(value)}")
        return None
    return value
