"""Diagnostics: compiler errors with a source position, rendered the way compilers print them.

Every stage reports problems as `Diagnostic` values; `CompileError` carries all of them and
`CompileError.render()` prints each as ``path:line:col: error: message``, then the source
line and a caret under the spot, sorted by position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Position:
    """A span in a source file: 1-based line and column, end column exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def point(line: int, column: int, width: int = 1) -> Position:
        """A span of `width` characters on one line."""
        return Position(line, column, line, column + max(width, 1))


@dataclass(frozen=True, slots=True)
class Note:
    """A secondary location that explains an error (e.g. where a name was first defined)."""

    path: str
    position: Position | None
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One error: where it is and what is wrong; `position` is None for whole-file problems."""

    path: str
    position: Position | None
    message: str
    notes: tuple[Note, ...] = ()
    severity: str = "error"

    @property
    def code(self) -> str | None:
        """A warning's code, the ``[code]`` that ends its message (errors have none)."""
        if self.severity != "warning" or not self.message.endswith("]") or "[" not in self.message:
            return None
        return self.message.rsplit("[", 1)[1].rstrip("]")

    def sort_key(self) -> tuple[str, int, int, str]:
        """Order by file, then position, then message."""
        if self.position is None:
            return (self.path, 0, 0, self.message)
        return (self.path, self.position.line, self.position.column, self.message)


@dataclass(slots=True)
class SourceTexts:
    """The text of every source read in a run, so errors can quote their line."""

    texts: dict[str, str] = field(default_factory=dict)
    # Each text split into lines once (for the text it was split from), not once per error.
    _lines: dict[str, tuple[str, list[str]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def add(self, path: str, text: str) -> None:
        """Remember the text of `path`."""
        self.texts[path] = text

    def line(self, path: str, line: int) -> str | None:
        """Line `line` (1-based) of `path`, or None if unknown."""
        text = self.texts.get(path)
        if text is None:
            return None
        split = self._lines.get(path)
        if split is None or split[0] is not text:
            split = self._lines[path] = (text, text.splitlines())
        lines = split[1]
        if 1 <= line <= len(lines):
            return lines[line - 1]
        return None


class CompileError(Exception):
    """Raised with every diagnostic of a run; `render()` gives the full report."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: SourceTexts | None = None):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(
            sorted(diagnostics, key=Diagnostic.sort_key)
        )
        self.sources = sources if sources is not None else SourceTexts()
        super().__init__(self.summary())

    def summary(self) -> str:
        """A one-line summary: the first error and how many there are."""
        if not self.diagnostics:
            return "no errors"
        first = self.diagnostics[0]
        more = len(self.diagnostics) - 1
        return _headline(first.path, first.position, first.severity, first.message) + (
            f" (and {more} more)" if more else ""
        )

    def render(self) -> str:
        """The full report: every error with its source line and caret, then a count."""
        blocks = [render_diagnostic(d, self.sources) for d in self.diagnostics]
        count = len(self.diagnostics)
        blocks.append(f"{count} error{'s' if count != 1 else ''}")
        return "\n".join(blocks)


def _headline(path: str, position: Position | None, severity: str, message: str) -> str:
    if position is None:
        return f"{path}: {severity}: {message}"
    return f"{path}:{position.line}:{position.column}: {severity}: {message}"


def _excerpt(path: str, position: Position | None, sources: SourceTexts) -> list[str]:
    if position is None:
        return []
    text = sources.line(path, position.line)
    if text is None:
        return []
    start = max(position.column - 1, 0)
    if position.end_line == position.line:
        width = max(position.end_column - position.column, 1)
    else:
        width = max(len(text) - start, 1)
    # Keep the source's tabs in the caret line so the caret sits under the spot.
    indent = "".join(ch if ch == "\t" else " " for ch in text[:start])
    indent += " " * max(start - len(text), 0)
    return [f"    {text}", f"    {indent}^{'~' * (width - 1)}"]


def render_diagnostic(diagnostic: Diagnostic, sources: SourceTexts) -> str:
    """One diagnostic: the headline, its source line and caret, then its notes."""
    lines = [
        _headline(diagnostic.path, diagnostic.position, diagnostic.severity, diagnostic.message)
    ]
    lines += _excerpt(diagnostic.path, diagnostic.position, sources)
    for note in diagnostic.notes:
        lines.append(_headline(note.path, note.position, "note", note.message))
        lines += _excerpt(note.path, note.position, sources)
    return "\n".join(lines)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """'; did you mean 'x'?' for the closest choice, or '' when nothing is close."""
    import difflib  # only a mistake needs it: a run without one starts without it

    options = sorted(set(choices))
    matches = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if not matches:
        lowered = {option.lower(): option for option in options}
        matches = [lowered[m] for m in difflib.get_close_matches(word.lower(), list(lowered), n=1)]
    return f"; did you mean '{matches[0]}'?" if matches else ""


def quote_list(items: Sequence[str], conjunction: str = "or") -> str:
    """'a', 'b' or 'c'."""
    quoted = [f"'{item}'" for item in items]
    if len(quoted) <= 1:
        return "".join(quoted)
    return f"{', '.join(quoted[:-1])} {conjunction} {quoted[-1]}"
