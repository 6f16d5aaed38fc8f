"""What lies on the board's squares besides the tiles, as the turn and the features ask of it.

A rule feature's pieces may lie on squares in three ways, and the kernel knows each without
knowing the feature: lying still, their effect on a square kept in the game's masks
(:mod:`dukec.engine.masks`); carried, going along with the tile on their square
(``g.carried``; who may end on one is a feature's rule,
:meth:`dukec.engine.feature.Feature.admits`); and one piece that blocks every line and that no
tile may enter, on ``g.obstacle`` (-1: none), which the feature that owns it keeps and whose
lines' ends it answers for (:meth:`dukec.engine.feature.Feature.line_meets`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def carried(g: Kernel) -> list[int]:
    """The squares of the pieces that go along with the tile on them."""
    return [piece.square for piece in g.carried]


def placeable(g: Kernel, squares: tuple[int, ...], first: bool = False) -> list[int]:
    """Those of ``squares`` a tile may be placed on: empty of troops, of carried pieces and of
    the obstacle, where what lies there allows placing a tile (with ``first``, only the first
    such square)."""
    board = g.board
    obstacle = g.obstacle
    placing = g.masks.placing
    pieces = g.carried  # most game sets have none: no list of their squares is made
    found = []
    for n in squares:
        if board[n] < 0 and n != obstacle and placing[n] and not (pieces and g.carried_at(n) >= 0):
            found.append(n)
            if first:
                break
    return found


def drop_squares(g: Kernel, me: int, first: bool = False) -> list[int]:
    """The squares a tile ``me`` drew may be placed on: :func:`placeable` ones beside the
    tiles its army places beside (``place beside``), or beside its Duke (with ``first``, only
    the first such square)."""
    leaders = g.leaders[me]
    if not leaders:
        duke = g.duke[me]
        return placeable(g, g.neighbours[duke], first) if duke >= 0 else []
    board = g.board
    near = {n for s in g.pieces[me] if board[s] >> 2 in leaders for n in g.neighbours[s]}
    return placeable(g, tuple(sorted(near)), first)


def bare(g: Kernel, squares: tuple[int, ...]) -> list[int]:
    """Those of ``squares`` with nothing on them: no troop, nothing lying or carried, not the
    obstacle (where a piece may be put at set-up)."""
    board = g.board  # a troop stands on a square exactly where the board holds its code
    obstacle = g.obstacle
    laid = g.masks.laid
    found = [s for s in squares if board[s] < 0 and s != obstacle and not laid[s]]
    # Carried pieces are looked for only where there are some (at set-up, mostly none).
    if g.carried:
        taken = carried(g)
        found = [s for s in found if s not in taken]
    return found


def held(g: Kernel) -> set[int]:
    """The squares a piece lies on, troops aside (the squares that are not bare for one)."""
    found = {s for s, laid in enumerate(g.masks.laid) if laid}
    found.update(carried(g))
    if g.obstacle >= 0:
        found.add(g.obstacle)
    return found


def jump_ok(g: Kernel, paths: tuple[tuple[int, ...], ...]) -> bool:
    """A Jump's straight path, or with none some shortest path, crosses no square whose masks
    block jumping."""
    blocked = g.masks.blocks_jump
    for path in paths:
        for q in path:
            if blocked[q]:
                break
        else:
            return True
    return False


def line_clear(g: Kernel, cells: tuple[int, ...]) -> bool:
    """A Strike's line of sight crosses no square whose masks block it."""
    blocked = g.masks.blocks_strike_line
    for q in cells:  # noqa: SIM110 (a plain loop: this runs for every Strike)
        if blocked[q]:
            return False
    return True
