"""Colours: one palette for every back-end (SVG, PNG and the terminal)."""

from __future__ import annotations

from dukec import icons

INK = icons.INK
PAPER = "#ffffff"
FRONT_FILL = "#f3ead3"
BACK_FILL = "#d8ccb0"
GRID_LINE = "#5b5446"
OWN_SQUARE = "#8c7f66"
CUT_LINE = "#9e9e9e"
