"""Shapes: a tile card, a sticker sheet or a board as a list of shapes that any back-end can draw.

One model, several back-ends: ``svg`` writes the shapes as SVG text, ``png`` paints them with
Pillow. Coordinates are in drawing units with y growing downward.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle."""

    x: float
    y: float
    width: float
    height: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle; a hollow one has ``fill=None``."""

    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon."""

    points: tuple[tuple[float, float], ...]
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    """A straight stroke."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text; ``anchor`` is where ``x`` sits: start, middle or end.

    ``upside_down`` turns the text half round about (x, y), as the far player's tiles read.
    """

    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "middle"
    bold: bool = False
    upside_down: bool = False


Shape = Rect | Circle | Polygon | Line | Text


@dataclass(frozen=True, slots=True)
class Drawing:
    """A page of shapes: ``width`` x ``height`` drawing units (``unit`` is px or mm)."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    title: str
    unit: str = "px"


def outline_at(
    points: Iterable[tuple[float, float]], cx: float, cy: float
) -> tuple[tuple[float, float], ...]:
    """An outline drawn about (0, 0) moved to (cx, cy), each coordinate rounded to 3 places."""
    return tuple((round(cx + x, 3), round(cy + y, 3)) for x, y in points)
