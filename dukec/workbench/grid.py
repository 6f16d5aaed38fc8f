"""Grid geometry of a tile card: which offsets a side's grid covers, and where each square sits.

Both sides of a tile share one grid (``grid_bounds``); a ``Panel`` places a side in a box and
maps an offset (dx, dy) to a point. Forward (+dy) is up on the card, as the tile's owner sees
it. The card, the sticker sheet, the board and the terminal view all use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dukec.workbench.sides import CardTile, PlacedIcon

#: The printed tiles' grid is 5x5 around the tile's square; a grid grows where icons need it.
MIN_REACH = 2


@dataclass(frozen=True, slots=True)
class Bounds:
    """The offsets a card's grid covers, inclusive (the same for both sides of a tile)."""

    min_dx: int
    max_dx: int
    min_dy: int
    max_dy: int

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.max_dx - self.min_dx + 1

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.max_dy - self.min_dy + 1

    def offsets(self) -> Iterable[tuple[int, int]]:
        """Every (dx, dy) of the grid, row by row from the top (forward) row."""
        for dy in range(self.max_dy, self.min_dy - 1, -1):
            for dx in range(self.min_dx, self.max_dx + 1):
                yield (dx, dy)


def grid_bounds(tile: CardTile) -> Bounds:
    """The smallest grid that holds both sides' icons, never smaller than 5x5 around the tile."""
    offsets = [icon.at for icon in (*tile.front, *tile.back)]
    xs = [dx for dx, _ in offsets] + [-MIN_REACH, MIN_REACH]
    ys = [dy for _, dy in offsets] + [-MIN_REACH, MIN_REACH]
    return Bounds(min(xs), max(xs), min(ys), max(ys))


def icons_by_square(icons: Iterable[PlacedIcon]) -> dict[tuple[int, int], list[PlacedIcon]]:
    """Icons grouped by square, each square's icons in legend order (the order the tile set
    declares them)."""
    squares: dict[tuple[int, int], list[PlacedIcon]] = {}
    for icon in icons:
        squares.setdefault(icon.at, []).append(icon)
    for placed in squares.values():
        placed.sort(key=lambda p: p.icon.order)
    return squares


#: Proportions of a side panel, in cells.
PAD = 0.3
BAND = 0.9


@dataclass(frozen=True, slots=True)
class Panel:
    """Where one side of a tile sits: its box, cell size and grid; maps offsets to points."""

    x: float
    y: float
    width: float
    height: float
    cell: float
    bounds: Bounds

    @property
    def grid_x(self) -> float:
        """Left edge of the grid (centred across the panel)."""
        return self.x + (self.width - self.bounds.cols * self.cell) / 2

    @property
    def grid_y(self) -> float:
        """Top edge of the grid (centred in the space above the name band)."""
        free = self.height - BAND * self.cell - self.bounds.rows * self.cell
        return self.y + free / 2

    def cell_origin(self, dx: int, dy: int) -> tuple[float, float]:
        """Top-left corner of the square at (dx, dy)."""
        col = dx - self.bounds.min_dx
        row = self.bounds.max_dy - dy
        return (self.grid_x + col * self.cell, self.grid_y + row * self.cell)

    def center(self, dx: int, dy: int) -> tuple[float, float]:
        """Centre of the square at (dx, dy)."""
        left, top = self.cell_origin(dx, dy)
        return (left + self.cell / 2, top + self.cell / 2)


def natural_size(bounds: Bounds, cell: float) -> tuple[float, float]:
    """A side panel's own size when nothing constrains it."""
    return ((bounds.cols + 2 * PAD) * cell, (bounds.rows + 2 * PAD + BAND) * cell)


def square_panel(bounds: Bounds, x: float, y: float, size: float) -> Panel:
    """A side scaled into a square of side ``size``, whatever the size of its grid."""
    cell = size / max(bounds.cols + 2 * PAD, bounds.rows + 2 * PAD + BAND)
    return Panel(round(x, 3), round(y, 3), size, size, round(cell, 4), bounds)
