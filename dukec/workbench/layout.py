"""Layout: a tile card (or a sticker sheet) as a list of shapes that any back-end can draw.

One model, several back-ends: ``svg`` writes the shapes as SVG text, ``png`` paints them with
Pillow, and ``terminal`` reuses the grid geometry (``Bounds``, the cells and their icons).
Coordinates are in drawing units with y growing downward; forward (+dy) is up on the card,
as the tile's owner sees it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dukec.compiler.vocabulary import Icon
from dukec.workbench.tiles import SIDES, PlacedIcon, TileView

# === Shapes ===


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


# === Colours (one palette for every back-end) ===

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

ICON_ORDER = tuple(Icon)

# === Grid geometry ===

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


def grid_bounds(tile: TileView) -> Bounds:
    """The smallest grid that holds both sides' icons, never smaller than 5x5 around the tile."""
    offsets = [icon.at for icon in (*tile.front, *tile.back)]
    xs = [dx for dx, _ in offsets] + [-MIN_REACH, MIN_REACH]
    ys = [dy for _, dy in offsets] + [-MIN_REACH, MIN_REACH]
    return Bounds(min(xs), max(xs), min(ys), max(ys))


def icons_by_square(icons: Iterable[PlacedIcon]) -> dict[tuple[int, int], list[PlacedIcon]]:
    """Icons grouped by square, each square's icons in legend order."""
    squares: dict[tuple[int, int], list[PlacedIcon]] = {}
    for icon in icons:
        squares.setdefault(icon.at, []).append(icon)
    for placed in squares.values():
        placed.sort(key=lambda p: ICON_ORDER.index(p.icon))
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


# === Icons (the rulebook's legend) ===


def icon_shapes(icon: PlacedIcon, cx: float, cy: float, box: float) -> list[Shape]:
    """One icon drawn in a square box of side ``box`` centred at (cx, cy)."""
    colour = ICON_COLOURS[icon.icon]
    r = 0.3 * box
    kind = icon.icon
    if kind is Icon.MOVE:
        return [Circle(cx, cy, r, colour)]
    if kind is Icon.JUMP:
        return [Circle(cx, cy, r - 0.05 * box, None, colour, 0.1 * box)]
    if kind is Icon.SLIDE:
        return [Polygon(_arrow(icon, cx, cy, box, 0.14), colour)]
    if kind is Icon.JUMP_SLIDE:
        return [Polygon(_arrow(icon, cx, cy, box, 0.26), PAPER, colour, 0.07 * box)]
    if kind is Icon.STRIKE:
        return [Polygon(_star(cx, cy, 0.42 * box, 0.17 * box, 8), colour)]
    if kind is Icon.COMMAND:
        return [Polygon(_crown(cx, cy, box), colour)]
    if kind is Icon.DREAD:
        return _dread(cx, cy, box, colour)
    return [Polygon(_shield(cx, cy, box), colour, INK, 0.03 * box)]


def _rotate(points: Sequence[tuple[float, float]], angle: float) -> list[tuple[float, float]]:
    cos, sin = math.cos(angle), math.sin(angle)
    return [(x * cos - y * sin, x * sin + y * cos) for x, y in points]


def _place(
    points: Iterable[tuple[float, float]], cx: float, cy: float
) -> tuple[tuple[float, float], ...]:
    return tuple((round(cx + x, 3), round(cy + y, 3)) for x, y in points)


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
    return _place(_rotate(outline, angle), cx, cy)


def _star(
    cx: float, cy: float, outer: float, inner: float, points: int
) -> tuple[tuple[float, float], ...]:
    outline = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points
        outline.append((radius * math.cos(angle), radius * math.sin(angle)))
    return _place(outline, cx, cy)


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
    return _place(outline, cx, cy)


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
    return _place(outline, cx, cy)


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


# === Panels, cards and sheets ===


def side_shapes(tile: TileView, side: str, panel: Panel) -> list[Shape]:
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
    # The tile's own square carries a small figure, as printed tiles do.
    ox, oy = panel.center(0, 0)
    shapes.append(
        Polygon(_place(_pawn(cell), ox, oy), PAPER if side == "front" else INK, INK, 0.02 * cell)
    )
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


def _reading_order(item: tuple[tuple[int, int], list[PlacedIcon]]) -> tuple[int, int]:
    (dx, dy), _ = item
    return (-dy, dx)


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
    flag = _place(
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


def card_panels(tile: TileView, cell: float = CARD_CELL) -> dict[str, Panel]:
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


def card(tile: TileView, cell: float = CARD_CELL) -> Drawing:
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


# A printable sheet: A4 in millimetres, each side a square sticker the size of a tile.
PAGE_WIDTH = 210.0
PAGE_HEIGHT = 297.0
PAGE_MARGIN = 12.0
STICKER = 38.0
STICKER_GAP = 6.0


def sheet_slots() -> list[tuple[float, float]]:
    """Top-left corners of the front stickers on a page; each back sits to its right."""
    pair = 2 * STICKER + STICKER_GAP / 2
    per_row = int((PAGE_WIDTH - 2 * PAGE_MARGIN + STICKER_GAP) // (pair + STICKER_GAP))
    rows = int((PAGE_HEIGHT - 2 * PAGE_MARGIN + STICKER_GAP) // (STICKER + STICKER_GAP))
    used = per_row * pair + (per_row - 1) * STICKER_GAP
    left = (PAGE_WIDTH - used) / 2
    return [
        (left + col * (pair + STICKER_GAP), PAGE_MARGIN + row * (STICKER + STICKER_GAP))
        for row in range(rows)
        for col in range(per_row)
    ]


def square_panel(bounds: Bounds, x: float, y: float, size: float) -> Panel:
    """A side scaled into a square of side ``size``, whatever the size of its grid."""
    cell = size / max(bounds.cols + 2 * PAD, bounds.rows + 2 * PAD + BAND)
    return Panel(round(x, 3), round(y, 3), size, size, round(cell, 4), bounds)


def sticker_panel(bounds: Bounds, x: float, y: float) -> Panel:
    """A side scaled into a square sticker, whatever the size of its grid."""
    return square_panel(bounds, x, y, STICKER)


def sheets(tiles: Sequence[TileView]) -> list[Drawing]:
    """Printable A4 sticker sheets: front and back of each tile side by side, with cut lines."""
    slots = sheet_slots()
    pages: list[Drawing] = []
    for start in range(0, max(len(tiles), 1), len(slots)):
        chunk = tiles[start : start + len(slots)]
        shapes: list[Shape] = [Rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT, PAPER)]
        for tile, (x, y) in zip(chunk, slots, strict=False):
            bounds = grid_bounds(tile)
            for index, side in enumerate(SIDES):
                sx = x + index * (STICKER + STICKER_GAP / 2)
                shapes.append(
                    Rect(
                        round(sx - 0.5, 3),
                        round(y - 0.5, 3),
                        STICKER + 1,
                        STICKER + 1,
                        None,
                        CUT_LINE,
                        0.2,
                        dashed=True,
                    )
                )
                shapes.extend(side_shapes(tile, side, sticker_panel(bounds, sx, y)))
        number = start // len(slots) + 1
        pages.append(
            Drawing(PAGE_WIDTH, PAGE_HEIGHT, tuple(shapes), f"Sticker sheet {number}", unit="mm")
        )
    return pages
