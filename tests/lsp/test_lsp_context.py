"""The cursor's context in text that need not parse: blocks, statements, names."""

from __future__ import annotations

import pytest

from dukec.lsp.context import Block, WordAt, blocks, cursor, defined_names, word_at
from tests.lsp.sources import ARMY, SCOUT_BAD

TERRAIN = """\
terrain Pit {  # a { in a comment is not a block
    occupants 0
    enter_with move,
        jump
    front {
        @
"""


def test_blocks_follow_braces_and_ignore_comments() -> None:
    lines = TERRAIN.split("\n")
    assert blocks(lines, 0) == []
    assert blocks(lines, 1) == [Block.TERRAIN]
    assert blocks(lines, 5) == [Block.TERRAIN, Block.GRID]


def test_blocks_close_and_never_go_below_the_top() -> None:
    lines = SCOUT_BAD.split("\n")
    assert blocks(lines, 3) == [Block.TILE, Block.GRID]
    assert blocks(lines, 6) == [Block.TILE]
    assert blocks(lines, 12) == []
    assert blocks(["}", "}", "set x {"], 3) == [Block.SET]


@pytest.mark.parametrize(
    ("line", "character", "expected"),
    [
        (1, 4, (Block.TERRAIN, (), "")),
        (1, 8, (Block.TERRAIN, (), "occu")),
        (1, 15, (Block.TERRAIN, ("occupants",), "0")),
        # A list wrapped after a comma continues its statement.
        (3, 12, (Block.TERRAIN, ("enter_with", "move"), "jump")),
        (5, 9, (Block.GRID, (), "@")),
        (0, 0, (Block.TOP, (), "")),
        (99, 0, (Block.TOP, (), "")),
    ],
)
def test_cursor(line: int, character: int, expected: tuple[Block, tuple[str, ...], str]) -> None:
    found = cursor(TERRAIN, line, character)
    assert (found.block, found.words, found.prefix) == expected


def test_cursor_in_a_comment_sees_no_words() -> None:
    found = cursor("set x {\n    # bag Footman", 1, 17)
    assert (found.block, found.words, found.prefix) == (Block.SET, (), "")


def test_word_at_a_header_and_in_an_army() -> None:
    assert word_at(SCOUT_BAD, 0, 7) == WordAt("Scout", 0, 5, 10, True, Block.TOP)
    assert word_at(ARMY, 3, 16) == WordAt("Scout", 3, 14, 19, False, Block.ARMY)
    assert word_at(ARMY, 3, 3) is None
    assert word_at("tile A {  # Scout", 0, 13) is None
    assert word_at(ARMY, 40, 0) is None


def test_defined_names_read_headers_only() -> None:
    text = "tile Scout {\nterrain Pit {\nset s {\n    terrain Flag\n}\ntile Broken"
    assert defined_names(text) == {"Scout": "troop", "Pit": "terrain"}
