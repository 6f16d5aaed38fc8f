"""The golden SVG cases shared by the tests and `regenerate.py`: one case is one file."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from dukec.compiler import default_sources, load, load_tileset
from dukec.workbench.layout import card, sheets
from dukec.workbench.svg import to_svg
from dukec.workbench.tiles import find_tile

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
CUSTOM = HERE / "tiles" / "custom.duke"

#: Base tiles drawn as cards: a taller grid, an enhanced tile, two icons on a square, arrows.
BASE_CARDS = ("Longbowman", "Duchess", "Marshall", "Assassin", "Oracle", "Ranger")
CUSTOM_CARDS = ("Warden",)
SHEET = ("Longbowman", "Duchess", "Warden")


@functools.cache
def base_set() -> dict[str, Any]:
    """The packaged base tile set."""
    return load_tileset()


@functools.cache
def custom_set() -> dict[str, Any]:
    """The base tiles and the custom test tiles together."""
    return load([default_sources(), CUSTOM])


def golden_cases() -> list[str]:
    """Every golden file's name without its suffix."""
    cards = [name.lower() for name in (*BASE_CARDS, *CUSTOM_CARDS)]
    return [*cards, "sheet"]


def rendered(case: str) -> str:
    """The SVG text of one golden case."""
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
