"""Icons as the rulebook's legend draws them: each icon, and several sharing one square, as shapes.

Each icon's declaration names its shape (:data:`DRAWINGS`, one per :data:`dukec.icons.SHAPES`):
Move a filled dot, Jump a hollow one, Slide a filled arrow and Jump Slide a hollow one pointing
their way, Strike a star, Command a crown, Dread a six-spoked mark, Defense a shield; and the
shapes a designer's icons may take besides (a square, hollow or filled, a diamond, a hammer, a
burst, a cross). A modifier the shape cannot show is marked in the corner of the icon's box, in
its colour: a crossed ring where it captures nothing, a diamond where it captures friend and
foe, a bar where it ignores Defense. (An area group's icons are joined by lines on the card.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from dukec.icons import Captures
from dukec.workbench.palette import INK, PAPER
from dukec.workbench.shapes import Circle, Line, Polygon, Shape, outline_at
from dukec.workbench.sides import PlacedIcon


def icon_shapes(icon: PlacedIcon, cx: float, cy: float, box: float) -> list[Shape]:
    """One icon drawn in a square box of side ``box`` centred at (cx, cy), with the marks of
    its modifiers."""
    declared = icon.icon
    colour = declared.hex_colour
    shapes = DRAWINGS[declared.shape](icon, cx, cy, box, colour)
    return shapes + modifier_marks(icon, cx, cy, box, colour)


def shape_drawing(shape: str, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    """A shape alone, undirected (pointing forward), as a mark on a board (a frozen tile's)."""
    from dukec.icons import base

    any_icon = next(iter(base()))
    return DRAWINGS[shape](PlacedIcon(any_icon, 0, 1), cx, cy, box, colour)


def modifier_marks(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    """The marks of what an icon's shape cannot show, in the corners of its box."""
    declared = icon.icon
    marks: list[Shape] = []
    corner = 0.36 * box
    r = 0.12 * box
    if declared.captures is Captures.NOTHING:
        x, y = round(cx + corner, 3), round(cy - corner, 3)
        marks.append(Circle(x, y, r, PAPER, colour, 0.05 * box))
        d = round(0.7 * r, 3)
        marks.append(
            Line(
                round(x - d, 3),
                round(y + d, 3),
                round(x + d, 3),
                round(y - d, 3),
                colour,
                0.05 * box,
            )
        )
    elif declared.captures is Captures.ALL:
        x, y = cx + corner, cy - corner
        diamond = [(0.0, -r * 1.2), (r * 1.2, 0.0), (0.0, r * 1.2), (-r * 1.2, 0.0)]
        marks.append(Polygon(outline_at(diamond, x, y), colour, PAPER, 0.03 * box))
    if declared.ignores_defense:
        x, y = cx + corner, cy + corner
        bar = [(-1.3 * r, -0.6 * r), (1.3 * r, -0.6 * r), (1.3 * r, 0.6 * r), (-1.3 * r, 0.6 * r)]
        marks.append(Polygon(outline_at(bar, x, y), colour, PAPER, 0.03 * box))
    return marks


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


def _square_mark(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    h = 0.26 * box
    return [Polygon(outline_at([(-h, -h), (h, -h), (h, h), (-h, h)], cx, cy), colour)]


def _hollow_square(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    h = 0.23 * box
    square = outline_at([(-h, -h), (h, -h), (h, h), (-h, h)], cx, cy)
    return [Polygon(square, PAPER, colour, 0.09 * box)]


def _diamond(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    h = 0.34 * box
    outline = outline_at([(0.0, -h), (h, 0.0), (0.0, h), (-h, 0.0)], cx, cy)
    return [Polygon(outline, PAPER, colour, 0.08 * box)]


def _hammer(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    """A hammer: a head across the top, a handle down."""
    u = box / 10
    head = outline_at(
        [(-3.4 * u, -3.4 * u), (3.4 * u, -3.4 * u), (3.4 * u, -1.2 * u), (-3.4 * u, -1.2 * u)],
        cx,
        cy,
    )
    handle = outline_at(
        [(-0.8 * u, -1.2 * u), (0.8 * u, -1.2 * u), (0.8 * u, 3.8 * u), (-0.8 * u, 3.8 * u)], cx, cy
    )
    return [Polygon(head, colour), Polygon(handle, colour)]


def _burst(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    return [Polygon(_star(cx, cy, 0.42 * box, 0.26 * box, 12), colour)]


def _cross(icon: PlacedIcon, cx: float, cy: float, box: float, colour: str) -> list[Shape]:
    a, b = 0.34 * box, 0.11 * box
    outline = [
        (-b, -a),
        (b, -a),
        (b, -b),
        (a, -b),
        (a, b),
        (b, b),
        (b, a),
        (-b, a),
        (-b, b),
        (-a, b),
        (-a, -b),
        (-b, -b),
    ]
    return [Polygon(outline_at(outline, cx, cy), colour)]


#: How each shape an icon may name is drawn (:data:`dukec.icons.SHAPES` names them): each draws
#: one icon in its box, in its colour.
DRAWINGS: dict[str, Callable[[PlacedIcon, float, float, float, str], list[Shape]]] = {
    "dot": _dot,
    "ring": _ring,
    "arrow": _filled_arrow,
    "hollow_arrow": _hollow_arrow,
    "star": _star_mark,
    "crown": _crown_mark,
    "spokes": _spokes,
    "shield": _shield_mark,
    "square": _square_mark,
    "hollow_square": _hollow_square,
    "diamond": _diamond,
    "hammer": _hammer,
    "burst": _burst,
    "cross": _cross,
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
