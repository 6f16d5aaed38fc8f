"""Parse stage: .duke text to the syntax tree, with comments and positions.

This is the reusable entry point for every tool that reads .duke sources:

- `parse_source(text, path)` parses one file's text to an `ast.SourceFile` whose nodes carry
  their `Position` (1-based line and column) and whose `.comments` lists every comment with
  its position, in source order. A syntax error raises `CompileError` with one diagnostic.
- `read_source(path)` reads a file as UTF-8 text, turning unreadable, binary, non-UTF-8 and
  empty files into `CompileError`.
- `parse_file(path)` does both.

The grammar (`grammar/duke.lark`, installed as `dukec.grammar`) is built once, LALR with the
contextual lexer, and kept as lark's stand-alone parser (`dukec.compiler.standalone`). Lark's
exceptions are converted into diagnostics in exactly one function, `syntax_diagnostic`.
"""

from __future__ import annotations

import functools
import importlib
import re
import threading
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from dukec.compiler import ast, standalone
from dukec.compiler.diagnostics import (
    CompileError,
    Diagnostic,
    Position,
    SourceTexts,
    did_you_mean,
)
from dukec.compiler.transform import to_ast
from dukec.textfile import NotReadable, byte_position, read_file

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.exceptions import UnexpectedInput, UnexpectedToken

GRAMMAR_PACKAGE = "dukec.grammar"
GRAMMAR_FILE = "duke.lark"


def grammar_text() -> str:
    """The grammar's text, wherever dukec is installed."""
    where = getattr(importlib.import_module(GRAMMAR_PACKAGE), "__file__", None)
    if where is not None:  # a directory: read it without loading importlib.resources
        path = Path(where).with_name(GRAMMAR_FILE)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    from importlib.resources import files

    return files(GRAMMAR_PACKAGE).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


#: How the parser is built from the grammar.
OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "propagate_positions": True,
    "maybe_placeholders": False,
}


def build_parser(strict: bool = False) -> Lark:
    """Build the LALR parser; `strict=True` (needs lark[interegular]) fails on any conflict."""
    from lark import Lark

    return Lark(grammar_text(), **OPTIONS, strict=strict)


def cached_runtime() -> tuple[ModuleType, Lark]:
    """The parser and the module of its classes (tokens, errors): lark's stand-alone parser from
    :mod:`dukec.cache` when an entry made from this grammar by this lark and Python is there
    (importing lark and building the parser take most of a short command's time), else built,
    generated and stored (see :mod:`dukec.compiler.standalone`)."""
    return standalone.runtime(grammar_text(), OPTIONS, build_parser)


def cached_parser() -> Lark:
    """The parser of :func:`cached_runtime`."""
    return cached_runtime()[1]


_LOCK = threading.Lock()


def _runtime() -> tuple[ModuleType, Lark]:
    # One runtime per process, even when threads (the studio's, the language server's) parse at
    # once: a parser's errors must be the classes its module defines.
    with _LOCK:
        return _shared_runtime()


@functools.cache
def _shared_runtime() -> tuple[ModuleType, Lark]:
    return cached_runtime()


# === Comments ===

_COMMENT = re.compile(r"#[^\r\n]*")


def _comments_in(token: Token) -> list[ast.Comment]:
    # Comments live inside the newline terminal; find them and compute their positions.
    comments = []
    line = token.line or 1
    column = token.column or 1
    position = 0
    text = str(token)
    for match in _COMMENT.finditer(text):
        chunk = text[position : match.start()]
        newlines = chunk.count("\n")
        if newlines:
            line += newlines
            column = len(chunk) - chunk.rfind("\n")
        else:
            column += len(chunk)
        width = len(match.group().rstrip("\r"))
        comments.append(
            ast.Comment(match.group().rstrip("\r"), Position.point(line, column, width))
        )
        column += len(match.group())
        position = match.end()
    return comments


# === Syntax errors ===

_TERMINAL_TEXT = {
    "_NL": "end of line",
    "NAME": "a name",
    "SET_NAME": "a set name",
    "INT": "a number",
    "CELL": "a grid cell",
    "$END": "end of file",
}


def _describe_terminal(name: str, parser: Lark) -> str:
    if name in _TERMINAL_TEXT:
        return _TERMINAL_TEXT[name]
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return name.lower()


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of file"
    if token.type == "_NL":
        return "a comment" if str(token).lstrip().startswith("#") else "end of line"
    return f"'{token}'"


def _expected(names: set[str], parser: Lark) -> str:
    described = sorted({_describe_terminal(n, parser) for n in names})
    # Keywords and punctuation first, then classes of tokens ("a name", "end of line").
    described.sort(key=lambda d: (not d.startswith("'"), d))
    if len(described) == 1:
        return described[0]
    return ", ".join(described[:-1]) + " or " + described[-1]


def _keywords(names: Iterable[str], parser: Lark) -> list[str]:
    words = []
    for name in names:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            words.append(pattern.value)
    return words


def _keyword_hint(error: UnexpectedToken, previous: Token | None, parser: Lark) -> str:
    # A misspelt keyword: either the unexpected word itself, or the word before it, which
    # the parser took for a name (`fornt {` reads as a terrain property named "fornt").
    token = error.token
    if str(token).isidentifier():
        hint = did_you_mean(str(token), _keywords(error.accepts or error.expected, parser))
        if hint:
            return hint
    # Keywords are lowercase; a capitalised word is a tile name, not a misspelt keyword.
    if previous is not None and previous.type == "NAME" and str(previous).islower():
        every = _keywords((t.name for t in parser.terminals), parser)
        hint = did_you_mean(str(previous), every)
        if hint and hint.split("'")[1] != str(previous):
            return hint.replace("?", f" instead of '{previous}'?")
    return ""


def _after(token: Token | None) -> Position | None:
    if token is None or token.end_line is None or token.end_column is None:
        return None
    return Position.point(token.end_line, token.end_column)


def syntax_diagnostic(
    error: UnexpectedInput, previous: Token | None, path: str, text: str
) -> Diagnostic:
    """Convert a lark exception into one diagnostic (the only place that does this).

    An "expected X" points just after the previous token; terminals are named by their text;
    running out of input reads "unexpected end of file".
    """
    classes, parser = _runtime()
    if isinstance(error, classes.UnexpectedCharacters):
        offset = error.pos_in_stream or 0
        char = text[offset] if offset < len(text) else " "
        shown = char if char.isprintable() else f"\\u{ord(char):04x}"
        message = f"unexpected character '{shown}'"
        if error.allowed:
            message += f"; expected {_expected(set(error.allowed), parser)}"
        return Diagnostic(path, Position.point(error.line, error.column), message)
    if isinstance(error, classes.UnexpectedToken):
        token = error.token
        expected = _expected(set(error.accepts or error.expected), parser)
        if token.type == "$END":
            position = _after(previous) or _end_of(text)
            return Diagnostic(path, position, f"unexpected end of file; expected {expected}")
        position = Position.point(
            token.line or 1, token.column or 1, len(token) if token.type != "_NL" else 1
        )
        if previous is not None and previous.type != "_NL":
            position = _after(previous) or position
        message = f"expected {expected}, found {_describe_token(token)}"
        return Diagnostic(path, position, message + _keyword_hint(error, previous, parser))
    if isinstance(error, classes.UnexpectedEOF):
        return Diagnostic(path, _after(previous) or _end_of(text), "unexpected end of file")
    return Diagnostic(path, None, str(error))


def _end_of(text: str) -> Position:
    lines = text.splitlines() or [""]
    return Position.point(len(lines), len(lines[-1]) + 1)


# === Entry points ===


def parse_source(text: str, path: str) -> ast.SourceFile:
    """Parse one file's text to its syntax tree and comments; CompileError on a syntax error."""
    classes, parser = _runtime()
    interactive = parser.parse_interactive(text)
    comments: list[ast.Comment] = []
    seen: list[Token] = []
    try:
        for token in interactive.iter_parse():
            seen.append(token)
            if token.type == "_NL":
                comments += _comments_in(token)
        tree = interactive.feed_eof(seen[-1] if seen else None)  # type: ignore[no-untyped-call]
    except classes.UnexpectedInput as error:
        raise _single(
            syntax_diagnostic(error, _before(error, seen), path, text), path, text
        ) from None
    source = to_ast(tree, path)
    return ast.SourceFile(source.path, source.definitions, tuple(comments))


def _before(error: UnexpectedInput, seen: list[Token]) -> Token | None:
    # The token before the offending one: the parser fails while feeding a token it has
    # already yielded; the contextual lexer fails before yielding it.
    unexpected_token = _runtime()[0].UnexpectedToken
    if isinstance(error, unexpected_token) and seen and error.token is seen[-1]:
        seen = seen[:-1]
    if isinstance(error, unexpected_token) and error.token.type == "$END":
        seen = [t for t in seen if t.type != "_NL"]
    return seen[-1] if seen else None


def _single(diagnostic: Diagnostic, path: str, text: str) -> CompileError:
    sources = SourceTexts()
    sources.add(path, text)
    return CompileError([diagnostic], sources)


def read_source(path: Path, shown: str | None = None) -> str:
    """Read a source as UTF-8; unreadable, binary, non-UTF-8 or empty files raise CompileError."""
    name = shown if shown is not None else str(path)
    try:
        data = read_file(path)
    except NotReadable as error:
        raise CompileError([Diagnostic(name, None, str(error))]) from None
    if b"\x00" in data:
        raise CompileError(
            [Diagnostic(name, None, "binary file (it contains NUL bytes), not text")]
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = byte_position(data, error.start)
        message = f"not UTF-8 text: byte 0x{data[error.start]:02x} cannot be decoded"
        sources = SourceTexts()
        sources.add(name, data.decode("utf-8", errors="replace"))
        raise CompileError(
            [Diagnostic(name, Position.point(line, column), message)], sources
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise CompileError([Diagnostic(name, None, "empty file: no tile or set is defined")])
    return text


def parse_file(path: Path, shown: str | None = None) -> ast.SourceFile:
    """Read and parse one .duke file; errors name it `shown` (default: the path as given)."""
    name = shown if shown is not None else str(path)
    return parse_source(read_source(path, name), name)
