"""Icons as the rulebook's legend draws them: each icon, and several sharing one square, as shapes.

Each icon's entry names its shape (:data:`SHAPES`): Move a filled dot, Jump a hollow one, Slide
a filled arrow and Jump Slide a hollow one pointing their way, Strike a star, Command a crown,
Dread a six-spoked mark, Defense a shield.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from dukec.workbench.palette import ICON_COLOURS, INK, PAPER
from dukec.workbench.shapes import Circle, Line, Polygon, Shape, outline_at
from dukec.workbench.tiles import PlacedIcon


def icon_shapes(icon: PlacedIcon, cx: float, cy: float, box: float) -> list[Shape]:
    """One icon drawn in a square box of side ``box`` centred at (cx, cy)."""
    entry = icon.icon.entry
    return SHAPES[entry.shape](icon, cx, cy, box, ICON_COLOURS[icon.icon])


def _dot(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Circle(cx, cy, 0.3 * box, colour)]


def _ring(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Circle(cx, cy, 0.3 * box - 0.05 * box, None, colour, 0.1 * box)]


def _filled_arrow(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_arrow(icon, cx, cy, box, 0.14), colour)]


def _hollow_arrow(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_arrow(icon, cx, cy, box, 0.26), PAPER, colour, 0.07 * box)]


def _star_mark(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_star(cx, cy, 0.42 * box, 0.17 * box, 8), colour)]


def _crown_mark(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_crown(cx, cy, box), colour)]


def _spokes(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return _dread(cx, cy, box, colour)


def _shield_mark(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_shield(cx, cy, box), colour, INK, 0.03 * box)]


def _rotate(points: Sequence[tuple[float, float]], angle: float) -> list[tuple[float, float]]:
    cos, sin = math.cos(angle), math.sin(angle)
    return [(x * cos - y * sin, x * sin + y * cos) for x, y in points]


def _arrow(
    icon: PlacedIcon, cx: float, cy: float, box: float, shaft: float
) -> tuple[tuple[float, float], ...]:
    """An arrow along the icon's direction; y is flipped because forward is up on the card."""
    half = 0.4 * box
    head = 0.32 * box
    wing = 0.28 * box if shaft < 0.2 else 0.34 * box
    s = shaft * box / 2
    # Pointing along +x, then turned to the icon's direction.
    outline = [
        (-half, -s),
        (half - head, -s),
        (half - head, -wing),
        (half, 0.0),
        (half - head, wing),
        (half - head, s),
        (-half, s),
    ]
    dx, dy = icon.direction
    angle = math.atan2(-dy, dx)
    return outline_at(_rotate(outline, angle), cx, cy)


def _star(
    cx: float, cy: float, outer: float, inner: float, points: int
) -> tuple[tuple[float, float], ...]:
    outline = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points
        outline.append((radius * math.cos(angle), radius * math.sin(angle)))
    return outline_at(outline, cx, cy)


def _crown(cx: float, cy: float, box: float) -> tuple[tuple[float, float], ...]:
    w = 0.38 * box
    outline = [
        (-w, 0.28 * box),
        (-w, -0.3 * box),
        (-0.19 * box, -0.02 * box),
        (0.0, -0.34 * box),
        (0.19 * box, -0.02 * box),
        (w, -0.3 * box),
        (w, 0.28 * box),
    ]
    return outline_at(outline, cx, cy)


def _dread(cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    """Six spokes and a hub: a frost mark for the icon that freezes tiles in place."""
    shapes: list[Shape] = []
    for k in range(3):
        angle = k * math.pi / 3 + math.pi / 2
        ex, ey = 0.38 * box * math.cos(angle), 0.38 * box * math.sin(angle)
        shapes.append(
            Line(
                round(cx - ex, 3),
                round(cy - ey, 3),
                round(cx + ex, 3),
                round(cy + ey, 3),
                colour,
                0.09 * box,
            )
        )
    shapes.append(Circle(cx, cy, 0.11 * box, colour))
    return shapes


def _shield(cx: float, cy: float, box: float) -> tuple[tuple[float, float], ...]:
    w = 0.32 * box
    outline = [
        (-w, -0.36 * box),
        (w, -0.36 * box),
        (w, 0.02 * box),
        (0.0, 0.4 * box),
        (-w, 0.02 * box),
    ]
    return outline_at(outline, cx, cy)


#: The shapes an icon's entry may name: each draws one icon in its box, in its colour.
SHAPES: dict[str, Callable[[PlacedIcon, float, float, float, str], list[Shape]]] = {
    "dot": _dot,
    "ring": _ring,
    "arrow": _filled_arrow,
    "hollow_arrow": _hollow_arrow,
    "star": _star_mark,
    "crown": _crown_mark,
    "spokes": _spokes,
    "shield": _shield_mark,
}


def square_shapes(icons: Sequence[PlacedIcon], left: float, top: float, cell: float) -> list[Shape]:
    """Every icon of one square; several icons share the square in a small grid."""
    per_row = math.ceil(math.sqrt(len(icons)))
    rows = math.ceil(len(icons) / per_row)
    box = cell / per_row
    shapes: list[Shape] = []
    for index, icon in enumerate(icons):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(icons) - row * per_row)
        x = left + (cell - in_row * box) / 2 + (col + 0.5) * box
        y = top + (cell - rows * box) / 2 + (row + 0.5) * box
        shapes.extend(icon_shapes(icon, round(x, 3), round(y, 3), box))
    return shapes
