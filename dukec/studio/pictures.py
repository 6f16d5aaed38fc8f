"""The editor grid's pictures: each square's icons, the tile's own square and the icon legend as
small inline SVG, drawn by the card's own shapes (`dukec.workbench.icon_shapes`), so the grid,
the legend and the card show one drawing of each icon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dukec.icons import Vocabulary
from dukec.workbench.card import own_figure
from dukec.workbench.grid import icons_by_square
from dukec.workbench.icon_shapes import square_shapes
from dukec.workbench.palette import OWN_SQUARE
from dukec.workbench.shapes import Rect, Shape
from dukec.workbench.svg import number, shape_element
from dukec.workbench.tiles import PlacedIcon, TileView

#: A square's side in drawing units, as on the card.
CELL = 40.0


def square_svg(shapes: Sequence[Shape]) -> str:
    """Shapes drawn in one square, as an ``<svg>`` element that fills its box."""
    size = number(CELL)
    body = "".join(shape_element(shape) for shape in shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'aria-hidden="true" focusable="false">{body}</svg>'
    )


def icon_words(icons: Sequence[PlacedIcon]) -> str:
    """The icons of a square in words: "Jump", "Move and Strike"."""
    labels = [placed.icon.label for placed in icons]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def side_squares(view: TileView, side: str) -> list[dict[str, Any]]:
    """The squares of a side that hold icons: where, the glyphs, the icons in words, the picture."""
    return [
        {
            "at": [dx, dy],
            "glyphs": "".join(placed.icon.glyph for placed in icons),
            "label": icon_words(icons),
            "svg": square_svg(square_shapes(icons, 0, 0, CELL)),
        }
        for (dx, dy), icons in sorted(icons_by_square(view.side(side)).items())
    ]


def own_square(side: str) -> str:
    """The tile's own square of a side, shaded, with its figure."""
    return square_svg(
        [Rect(0, 0, CELL, CELL, OWN_SQUARE), own_figure(side, CELL / 2, CELL / 2, CELL)]
    )


def legend(icons: Vocabulary) -> list[dict[str, str]]:
    """Every icon of the tile set in legend order: its name and picture (icons along a line
    pointing forward)."""
    return [
        {
            "icon": icon.name,
            "label": icon.label,
            "svg": square_svg(square_shapes([PlacedIcon(icon, 0, 1)], 0, 0, CELL)),
        }
        for icon in icons
    ]
