"""The golden SVG cases shared by the tests and `regenerate.py`: one case is one file.

Cards and sticker sheets, and boards: positions from `positions/` with the last action given
in notation, and a game played from set-up (its last action and Guard come from the game).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from dukec.compiler import default_sources, load, load_tileset
from dukec.engine import Game, load_rules, parse_action, position_from_json
from dukec.jsontext import parse_json
from dukec.workbench.board import board_svg
from dukec.workbench.card import card
from dukec.workbench.marks import parse_marks
from dukec.workbench.sheet import sheets
from dukec.workbench.svg import to_svg
from dukec.workbench.tiles import find_tile

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
CUSTOM = HERE / "tiles" / "custom.duke"
PANORAMA = HERE / "tiles" / "panorama.duke"
POSITIONS = HERE / "positions"
#: The board picture the engine page (docs/engine.md) shows (the board-game case).
DOCS_BOARD = HERE.parents[1] / "docs" / "board.svg"

#: Base tiles drawn as cards: a taller grid, an enhanced tile, two icons on a square, arrows.
BASE_CARDS = ("Longbowman", "Duchess", "Marshall", "Assassin", "Oracle", "Ranger")
CUSTOM_CARDS = ("Warden",)
SHEET = ("Longbowman", "Duchess", "Warden")

#: Board cases: (game set, position file, last action); the set's tiles are the base tiles plus
#: panorama.duke (a set with a Mountain, the Dragon and Flags).
BOARDS = {
    "board-guard": ("base", "guard.json", "c3-c5+"),
    "board-panorama": ("panorama", "panorama.json", "c2!c3"),
}
#: A game from set-up (seed 11): placements, a draw, moves, and a capture last.
GAME = [
    "Duke@c1",
    "Footman@d1",
    "Footman@b1",
    "Duke@c6",
    "Footman@b6",
    "Footman@c5",
    "b1-a1",
    "c5-c4",
    "a1-b2",
    "b6-a6",
    "draw",
    "Champion@c2",
    "c4-d5",
    "d1-e1",
    "c6-f6",
    "b2-b3",
    "a6-a4",
    "c2-e2",
    "a4-a3",
    "c1-d1",
    "d5-d6",
    "d1xd6",
]


@functools.cache
def base_set() -> dict[str, Any]:
    """The packaged base tile set."""
    return load_tileset()


@functools.cache
def custom_set() -> dict[str, Any]:
    """The base tiles and the custom test tiles together."""
    return load([default_sources(), CUSTOM])


@functools.cache
def board_set() -> dict[str, Any]:
    """The base tiles and the panorama game set together."""
    return load([default_sources(), PANORAMA])


def golden_cases() -> list[str]:
    """Every golden file's name without its suffix."""
    cards = [name.lower() for name in (*BASE_CARDS, *CUSTOM_CARDS)]
    return [*cards, "sheet", *BOARDS, "board-game"]


def played_game() -> Game:
    """The base game after the actions of ``GAME``."""
    game = Game(load_rules(base_set()), seed=11)
    for text in GAME:
        game.apply(parse_action(game, text))
    return game


def rendered(case: str) -> str:
    """The SVG text of one golden case."""
    if case in BOARDS:
        set_name, position, last = BOARDS[case]
        rules = load_rules(board_set(), set_name)
        game = position_from_json(rules, parse_json((POSITIONS / position).read_text()))
        return board_svg(game, parse_marks(game.rules, last))
    if case == "board-game":
        return board_svg(played_game())
    if case == "sheet":
        tiles = [find_tile(custom_set(), name) for name in SHEET]
        (page,) = sheets(tiles)
        return to_svg(page)
    return to_svg(card(find_tile(custom_set(), case)))


_NUMBER = re.compile(r"-?\d+\.\d+")


def normalised(svg: str) -> str:
    """SVG text with numbers to two decimals and line ends unified, so goldens stay stable."""
    text = svg.replace("\r\n", "\n")
    return _NUMBER.sub(lambda m: f"{float(m.group()):.2f}", text)
