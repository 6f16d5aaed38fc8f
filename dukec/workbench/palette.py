"""Colours: one palette for every back-end (SVG, PNG and the terminal)."""

from __future__ import annotations

from dukec.compiler.vocabulary import Icon

INK = "#1b1b1b"
PAPER = "#ffffff"
FRONT_FILL = "#f3ead3"
BACK_FILL = "#d8ccb0"
GRID_LINE = "#5b5446"
OWN_SQUARE = "#8c7f66"
CUT_LINE = "#9e9e9e"

ICON_COLOURS: dict[Icon, str] = {
    Icon.MOVE: INK,
    Icon.JUMP: INK,
    Icon.SLIDE: INK,
    Icon.JUMP_SLIDE: INK,
    Icon.STRIKE: "#b3261e",
    Icon.COMMAND: "#1d4f9c",
    Icon.DREAD: "#6a1b9a",
    Icon.DEFENSE: "#2e7d32",
}
