"""The Defense icon: squares around a tile through which it cannot be captured.

Rulebook, "Defense": "A tile cannot capture a target tile if its straight move towards or into
the target square would pass through a square with a Defense icon as indicated on the target
tile; even if the tile starts the turn adjacent to the target tile, if the square it starts on
indicates a Defense icon on that tile, the target cannot be captured. If a move into a target
square using a Jump icon can be achieved with a straight line move [...] that straight line must
be used [...]. However, if there is no straight line move to the target square, then the player
can use which ever path can move around the Defense icon. The Strike icon follows the same rules
as the Jump icon [...] Note that Command can always move a tile and capture the target tile,
regardless of Defense icons."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.board import crossed_cells
from dukec.engine.extras import shortest_paths
from dukec.icons import Effect

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def allows(g: Kernel, frm: int, to: int, straight: bool) -> bool:
    """Whether a tile on ``frm`` may capture the tile on ``to`` (not by a Command): it does not
    start on one of the target's Defense squares, and its path avoids them all: the straight
    path, where it steps there along it (``straight``: a Move), else a straight line to it if
    there is one, or with none some shortest path (a Jump, a Strike)."""
    code = g.board[to]
    defended = g.reach.covers[Effect.DEFENSE][code * g.size + to]
    if not defended:
        return True
    if frm in defended:
        return False
    geometry = g.rules.geometry
    dx, dy = geometry.delta(frm, to)
    if straight:
        return not any(geometry.shift(frm, cx, cy) in defended for cx, cy in crossed_cells(dx, dy))
    return any(
        not any(geometry.shift(frm, cx, cy) in defended for cx, cy in path)
        for path in shortest_paths(dx, dy)
    )
