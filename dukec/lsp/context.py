"""Where the cursor is, read from text that need not parse (an editor's text mid-edit).

Blocks are found by their braces, line by line, with comments left out: the keyword before a
`{` says what the block is. A statement is the words of its line up to the cursor, with the
lines before it when they end with a comma (a wrapped list).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

WORD = re.compile(r"[A-Za-z0-9_@.-]+")
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
HEADER = re.compile(r"^\s*(?P<keyword>tile|terrain)\s+(?P<name>[A-Za-z][A-Za-z0-9_]*)\s*\{")


class Block(enum.StrEnum):
    """The kind of block the cursor is in."""

    TOP = "top"
    TILE = "tile"
    TERRAIN = "terrain"
    GRID = "grid"
    ICON = "icon"
    SET = "set"
    ARMY = "army"
    OTHER = "other"


_OPENERS = {
    "tile": Block.TILE,
    "terrain": Block.TERRAIN,
    "front": Block.GRID,
    "back": Block.GRID,
    "icon": Block.ICON,
    "set": Block.SET,
    "army": Block.ARMY,
}


@dataclass(frozen=True, slots=True)
class Cursor:
    """The cursor's block, the words of its statement before it, and the word being typed."""

    block: Block
    words: tuple[str, ...]
    prefix: str


def code(line: str) -> str:
    """A line without its comment."""
    return line.split("#", 1)[0]


def blocks(lines: list[str], line: int) -> list[Block]:
    """The blocks open at the start of line `line` (0-based), outermost first."""
    stack: list[Block] = []
    for text in lines[:line]:
        stack = _after(stack, code(text))
    return stack


def _after(stack: list[Block], text: str) -> list[Block]:
    stack = list(stack)
    for match in re.finditer(r"[{}]", text):
        if match.group() == "}":
            if stack:
                stack.pop()
            continue
        words = WORD.findall(text[: match.start()])
        opened = _OPENERS.get(words[0], Block.OTHER) if words else Block.OTHER
        # `terrain Name {` opens a terrain tile; inside a set, `terrain` lists tiles instead.
        stack.append(opened)
    return stack


def cursor(text: str, line: int, character: int) -> Cursor:
    """Where (0-based `line`, `character` in code points) the cursor is in `text`."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return Cursor(Block.TOP, (), "")
    before = code(lines[line][: max(character, 0)])
    stack = _after(blocks(lines, line), before)
    prefix_match = re.search(r"[A-Za-z0-9_@.]*$", before)
    prefix = prefix_match.group() if prefix_match else ""
    words = WORD.findall(before[: len(before) - len(prefix)])
    previous = line - 1
    while previous >= 0 and code(lines[previous]).rstrip().endswith(","):
        words = WORD.findall(code(lines[previous])) + words
        previous -= 1
    return Cursor(stack[-1] if stack else Block.TOP, tuple(words), prefix)


@dataclass(frozen=True, slots=True)
class WordAt:
    """A name under the cursor: its text, 0-based line and code-point span, and its role."""

    text: str
    line: int
    start: int
    end: int
    header: bool
    block: Block


def word_at(text: str, line: int, character: int) -> WordAt | None:
    """The name under the cursor (outside comments), or None."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    source = code(lines[line])
    for match in NAME.finditer(source):
        if match.start() <= character <= match.end():
            header = HEADER.match(source)
            is_header = header is not None and header.span("name") == match.span()
            stack = _after(blocks(lines, line), source[: match.start()])
            block = stack[-1] if stack else Block.TOP
            return WordAt(match.group(), line, match.start(), match.end(), is_header, block)
    return None


def defined_names(text: str) -> dict[str, str]:
    """Tile names a text defines in `tile` or `terrain` headers (even if it does not parse)."""
    found: dict[str, str] = {}
    for line in text.split("\n"):
        header = HEADER.match(code(line))
        if header and header.group("name") not in found:
            found[header.group("name")] = (
                "troop" if header.group("keyword") == "tile" else "terrain"
            )
    return found
