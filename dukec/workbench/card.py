"""A tile card: both sides of a tile side by side, each in its printed style.

A side is its grid (see ``grid``) with the tile's own square shaded and a figure on it, the
icons (``icon_shapes``), the lines joining the icons of an area group (as the printed tiles
join them: they fire together), the starting-side marker, the name and, for an enhanced tile,
a double border and its Roman numerals. ``side_shapes`` is shared with the sticker sheet and
the board.
"""

from __future__ import annotations

from itertools import pairwise

from dukec.workbench.grid import BAND, Panel, grid_bounds, icons_by_square, natural_size
from dukec.workbench.icon_shapes import square_shapes
from dukec.workbench.palette import BACK_FILL, FRONT_FILL, GRID_LINE, INK, OWN_SQUARE, PAPER
from dukec.workbench.shapes import Drawing, Line, Polygon, Rect, Shape, Text, outline_at
from dukec.workbench.sides import SIDES, CardTile, PlacedIcon


def side_shapes(tile: CardTile, side: str, panel: Panel) -> list[Shape]:
    """One side of a tile: background, grid, the tile's square, icons, marker, numeral, name."""
    cell = panel.cell
    bounds = panel.bounds
    shapes: list[Shape] = [
        Rect(
            panel.x,
            panel.y,
            panel.width,
            panel.height,
            FRONT_FILL if side == "front" else BACK_FILL,
            GRID_LINE,
            0.03 * cell,
        )
    ]
    gx, gy = panel.grid_x, panel.grid_y
    gw, gh = bounds.cols * cell, bounds.rows * cell
    if tile.enhanced:
        # The rulebook: an enhanced tile has a double border around its movement grid.
        gap = 0.1 * cell
        shapes.append(Rect(gx - gap, gy - gap, gw + 2 * gap, gh + 2 * gap, None, INK, 0.03 * cell))
    for dx, dy in bounds.offsets():
        left, top = panel.cell_origin(dx, dy)
        own = (dx, dy) == (0, 0)
        shapes.append(
            Rect(left, top, cell, cell, OWN_SQUARE if own else None, GRID_LINE, 0.02 * cell)
        )
    shapes.append(Rect(gx, gy, gw, gh, None, INK, 0.04 * cell))
    ox, oy = panel.center(0, 0)
    shapes.append(own_figure(side, ox, oy, cell))
    shapes.extend(area_lines(tile.side(side), panel))
    for (dx, dy), icons in sorted(icons_by_square(tile.side(side)).items(), key=_reading_order):
        left, top = panel.cell_origin(dx, dy)
        shapes.extend(square_shapes(icons, left, top, cell))
    band_y = panel.y + panel.height - BAND * cell / 2
    shapes.extend(_side_marker(side, panel.x + 0.55 * cell, band_y, cell))
    shapes.append(
        Text(
            panel.x + panel.width / 2,
            round(band_y + 0.15 * cell, 3),
            tile.name,
            0.45 * cell,
            INK,
            bold=True,
        )
    )
    if tile.caption:
        # A class tag or a terrain tile's faces, small above the grid.
        shapes.append(
            Text(
                panel.x + panel.width / 2,
                round(panel.y + 0.26 * cell, 3),
                tile.caption,
                0.22 * cell,
                INK,
            )
        )
    if tile.enhanced:
        shapes.append(
            Text(
                panel.x + panel.width - 0.3 * cell,
                round(band_y + 0.15 * cell, 3),
                " ".join(tile.numerals),
                0.42 * cell,
                INK,
                anchor="end",
                bold=True,
            )
        )
    return shapes


def area_lines(icons: tuple[PlacedIcon, ...], panel: Panel) -> list[Shape]:
    """Lines joining the squares of each area group's icons on a side, one square to the next in
    reading order, beneath the icons (in the colour of the group's first icon)."""
    groups: dict[str, list[PlacedIcon]] = {}
    for icon in icons:
        if icon.icon.area:
            groups.setdefault(icon.icon.area, []).append(icon)
    shapes: list[Shape] = []
    for members in groups.values():
        squares = sorted({icon.at for icon in members}, key=lambda at: (-at[1], at[0]))
        colour = members[0].icon.hex_colour
        for (ax, ay), (bx, by) in pairwise(squares):
            x1, y1 = panel.center(ax, ay)
            x2, y2 = panel.center(bx, by)
            shapes.append(
                Line(
                    round(x1, 3),
                    round(y1, 3),
                    round(x2, 3),
                    round(y2, 3),
                    colour,
                    0.06 * panel.cell,
                )
            )
    return shapes


def _reading_order(item: tuple[tuple[int, int], list[PlacedIcon]]) -> tuple[int, int]:
    (dx, dy), _ = item
    return (-dy, dx)


def own_figure(side: str, cx: float, cy: float, cell: float) -> Polygon:
    """The small figure on the tile's own square, as printed tiles carry: paper on the front,
    ink on the back."""
    return Polygon(
        outline_at(_pawn(cell), cx, cy), PAPER if side == "front" else INK, INK, 0.02 * cell
    )


def _pawn(cell: float) -> list[tuple[float, float]]:
    """A plain figure standing for the tile itself."""
    u = cell / 10
    return [
        (-2.6 * u, 3.2 * u),
        (-1.2 * u, -0.4 * u),
        (-1.8 * u, -1.6 * u),
        (0.0, -3.4 * u),
        (1.8 * u, -1.6 * u),
        (1.2 * u, -0.4 * u),
        (2.6 * u, 3.2 * u),
    ]


def _side_marker(side: str, x: float, y: float, cell: float) -> list[Shape]:
    """The starting-side marker: a filled banner on the front, a hollow one on the back."""
    u = 0.3 * cell
    flag = outline_at(
        [
            (-0.6 * u, -0.8 * u),
            (0.8 * u, -0.8 * u),
            (0.8 * u, 0.8 * u),
            (0.1 * u, 0.3 * u),
            (-0.6 * u, 0.8 * u),
        ],
        x,
        y,
    )
    if side == "front":
        return [Polygon(flag, INK)]
    return [Polygon(flag, None, INK, 0.06 * cell)]


CARD_CELL = 40.0
CARD_MARGIN = 0.3


def card_panels(tile: CardTile, cell: float = CARD_CELL) -> dict[str, Panel]:
    """Where the front and back of a tile card sit: side by side, front on the left."""
    bounds = grid_bounds(tile)
    width, height = natural_size(bounds, cell)
    margin = CARD_MARGIN * cell
    return {
        side: Panel(
            round(margin + index * (width + margin), 3),
            margin,
            round(width, 3),
            round(height, 3),
            cell,
            bounds,
        )
        for index, side in enumerate(SIDES)
    }


def card(tile: CardTile, cell: float = CARD_CELL) -> Drawing:
    """A tile card: both sides of the tile, each in its printed style."""
    panels = card_panels(tile, cell)
    margin = CARD_MARGIN * cell
    back = panels["back"]
    width = back.x + back.width + margin
    height = back.y + back.height + margin
    shapes: list[Shape] = [Rect(0, 0, round(width, 3), round(height, 3), PAPER)]
    for side, panel in panels.items():
        shapes.extend(side_shapes(tile, side, panel))
    return Drawing(round(width, 3), round(height, 3), tuple(shapes), tile.name)
