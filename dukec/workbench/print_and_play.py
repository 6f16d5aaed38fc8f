"""Print-and-play sheets: every tile at its printed size, fronts on one page, backs behind them.

Pages come in pairs for double-sided printing: the fronts of up to a page's worth of tiles, then
their backs in the mirrored columns, so that printed on both sides of one sheet and turned over
the long edge (a printer's usual duplex), each back lies behind its front. Each tile is a square
of ``size`` millimetres (38 mm, the printed tiles' size, by default) with a cut line around it and
crop marks in the margin; four registration marks, the same on both pages, line up against the
light when the two sides are in register; and a scale bar of 50 mm says whether the printer
scaled the page (print at 100%, "actual size").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dukec.workbench.card import side_shapes
from dukec.workbench.grid import grid_bounds, square_panel
from dukec.workbench.palette import CUT_LINE, INK, PAPER
from dukec.workbench.shapes import Circle, Drawing, Line, Rect, Shape, Text
from dukec.workbench.tiles import TileView

#: Paper sizes in millimetres (portrait).
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: The printed tiles' size: a square of this many millimetres.
TILE_MM = 38.0
#: The gap between two tiles, where the crop marks and a little bleed go.
GAP = 4.0
#: The margin printers cannot print into, and where the registration marks sit.
MARGIN = 12.0
SCALE_BAR = 50.0
_THIN = 0.2


@dataclass(frozen=True, slots=True)
class Layout:
    """Where tiles go on a page: the paper, the tile size, and the grid of places."""

    width: float
    height: float
    size: float
    columns: int
    rows: int
    left: float
    top: float

    @staticmethod
    def of(paper: str = "a4", size: float = TILE_MM) -> Layout:
        """The grid of ``size`` mm tiles that fits a page of ``paper``; ValueError when none
        does."""
        width, height = PAPERS[paper]
        step = size + GAP
        columns = int((width - 2 * MARGIN + GAP) // step)
        rows = int((height - 2 * MARGIN - 8.0 + GAP) // step)
        if columns < 1 or rows < 1:
            raise ValueError(f"a {size:g} mm tile does not fit on {paper} paper")
        used = columns * step - GAP
        # Centred across the page, so that the backs' mirrored columns fall behind the fronts.
        return Layout(width, height, size, columns, rows, (width - used) / 2, MARGIN)

    @property
    def per_page(self) -> int:
        """Tiles a pair of pages holds."""
        return self.columns * self.rows

    def place(self, index: int, back: bool) -> tuple[float, float]:
        """The top-left corner of the ``index``-th tile of a page, on the fronts or the backs."""
        row, column = divmod(index, self.columns)
        if back:
            column = self.columns - 1 - column
        step = self.size + GAP
        return self.left + column * step, self.top + row * step


def _crop_marks(layout: Layout, x: float, y: float) -> list[Shape]:
    """Short lines in the gaps at each corner of a tile: where to cut."""
    reach = GAP / 2 - 0.5
    s = layout.size
    marks: list[Shape] = []
    for cx, cy in ((x, y), (x + s, y), (x, y + s), (x + s, y + s)):
        out_x = -1 if cx == x else 1
        out_y = -1 if cy == y else 1
        marks.append(Line(cx + out_x * 0.5, cy, cx + out_x * reach, cy, INK, _THIN))
        marks.append(Line(cx, cy + out_y * 0.5, cx, cy + out_y * reach, INK, _THIN))
    return marks


def _registration(layout: Layout) -> list[Shape]:
    """A target in each corner of the margin, symmetric about the page's vertical middle."""
    shapes: list[Shape] = []
    inset = MARGIN / 2
    for x in (inset, layout.width - inset):
        for y in (inset, layout.height - inset):
            shapes.append(Circle(x, y, 2.0, None, INK, _THIN))
            shapes.append(Line(x - 3.0, y, x + 3.0, y, INK, _THIN))
            shapes.append(Line(x, y - 3.0, x, y + 3.0, INK, _THIN))
    return shapes


def _footer(layout: Layout, words: str) -> list[Shape]:
    y = layout.height - MARGIN + 2.0
    left = layout.left
    return [
        Line(left, y, left + SCALE_BAR, y, INK, 0.4),
        Line(left, y - 1.5, left, y + 1.5, INK, _THIN),
        Line(left + SCALE_BAR, y - 1.5, left + SCALE_BAR, y + 1.5, INK, _THIN),
        Text(left + SCALE_BAR / 2, y - 1.0, f"{SCALE_BAR:g} mm: print at actual size", 2.4, INK),
        Text(layout.width - layout.left, y + 1.0, words, 2.6, INK, anchor="end"),
    ]


def sheet_pages(tiles: Sequence[TileView], layout: Layout) -> list[Drawing]:
    """The pages: for each page's worth of tiles, their fronts, then their backs."""
    pages: list[Drawing] = []
    chunks = [tiles[i : i + layout.per_page] for i in range(0, len(tiles), layout.per_page)]
    for number, chunk in enumerate(chunks or [[]], 1):
        for side in ("front", "back"):
            back = side == "back"
            shapes: list[Shape] = [Rect(0, 0, layout.width, layout.height, PAPER)]
            shapes.extend(_registration(layout))
            for index, tile in enumerate(chunk):
                x, y = layout.place(index, back)
                panel = square_panel(grid_bounds(tile), x, y, layout.size)
                shapes.extend(side_shapes(tile, side, panel))
                shapes.append(Rect(x, y, layout.size, layout.size, None, CUT_LINE, _THIN))
                shapes.extend(_crop_marks(layout, x, y))
            turn = "turn over the long edge" if not back else "behind the fronts"
            words = (
                f"sheet {number} of {len(chunks) or 1}, {side}s ({turn}); tiles {layout.size:g} mm"
            )
            shapes.extend(_footer(layout, words))
            pages.append(
                Drawing(
                    layout.width,
                    layout.height,
                    tuple(shapes),
                    f"Print and play, sheet {number} {side}s",
                    unit="mm",
                )
            )
    return pages
