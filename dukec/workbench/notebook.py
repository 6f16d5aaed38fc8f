"""Pictures in a notebook: IPython's display shows a game (``dukec.Game``, or the engine's
``Game``) as its board and a ``TileType`` as its card, both as SVG.

The engine draws nothing and knows no picture: this module tells IPython's SVG formatter how to
draw the engine's classes, by module and class name (``for_type_by_name``), so that registering
imports neither the engine nor the drawing code; each picture imports its drawing code when first
shown. ``import dukec`` calls :func:`register` when IPython is running (as in every Jupyter
kernel), so a notebook needs no further import; a session that starts IPython after importing
``dukec`` calls it itself.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dukec.engine.rules import TileType
    from dukec.workbench.board import AnyGame

#: The MIME type of the pictures.
SVG_MIME = "image/svg+xml"


def game_svg(game: AnyGame) -> str:
    """The board of ``game`` as SVG, its last action and a Duke in Guard marked."""
    from dukec.workbench.board import board_svg

    return board_svg(game)


def tile_type_svg(tile: TileType) -> str:
    """The card of an engine tile type (``rules.types[i]``), both sides, as SVG."""
    from dukec.workbench.tiles import TileView

    return TileView.from_type(tile)._repr_svg_()


#: What IPython is told: (module, class name, drawing function).
PICTURES = (
    ("dukec.library.game", "Game", game_svg),
    ("dukec.engine.game", "Game", game_svg),
    ("dukec.engine.rules", "TileType", tile_type_svg),
)


def register(shell: Any = None) -> bool:
    """Tell IPython's display (``shell``, by default the running one) how to draw a game and a
    tile type; False (nothing done) where no IPython shell runs."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    formatters = getattr(getattr(shell, "display_formatter", None), "formatters", None)
    if formatters is None or SVG_MIME not in formatters:
        return False
    for module, name, draw in PICTURES:
        formatters[SVG_MIME].for_type_by_name(module, name, draw)
    return True
