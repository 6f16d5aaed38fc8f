"""Printable sticker sheets: A4 pages in millimetres, each tile's front and back as square stickers.

Each side is drawn as on its card (``card.side_shapes``), scaled into a 38 mm sticker, with a
dashed cut line around it.
"""

from __future__ import annotations

from collections.abc import Sequence

from dukec.workbench.card import side_shapes
from dukec.workbench.grid import Bounds, Panel, grid_bounds, square_panel
from dukec.workbench.palette import CUT_LINE, PAPER
from dukec.workbench.shapes import Drawing, Rect, Shape
from dukec.workbench.tiles import SIDES, TileView

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
