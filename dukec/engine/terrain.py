"""Terrain: tiles that lie on a square and change who may enter, jump, slide or strike there.

Rulebook, "mountain Tile": "The square that is occupied by a mountain Tile cannot be moved into
with the Move, Slide or Jump Slide icons, or jumped over with the Jump or Jump Slide icons. [...]
if there is no straight line move to the target square, then the player can use which ever path
can move around the mountain Tile. New Troop Tiles drawn from the bag cannot be placed in this
square. The Strike icon cannot be used if a straight line between the target square and the
center of the square occupied by the Troop Tile crosses any part of a square occupied by the
mountain Tile." The fort: "Only a single Troop Tile can be in the square occupied by a fort Tile
[...] The Strike icon cannot be used to capture a Troop Tile in the same square as a fort Tile."

No terrain tile is known by name: each is its compiled properties (``occupants``,
``enter_with``, ``blocks_jump``, ``blocks_slide``, ``blocks_strike_line``,
``shelters_from_strike``, ``shelters_from_dread``, ``allows_placement``, ``placement``). Banners
(carried terrain) are in :mod:`dukec.engine.flags`, the terrain that acts in
:mod:`dukec.engine.dragon`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dukec.engine.extras import TerrainType
    from dukec.engine.game import Game


def kind_at(g: Game, square: int) -> TerrainType | None:
    """The terrain tile lying on a square (not a banner or the dragon), or None."""
    index = g.terrain[square]
    return g.terrain_types[index] if index >= 0 else None


def blocks(g: Game, square: int, what: str) -> bool:
    """Whether terrain on ``square`` has the property ``what`` (e.g. ``blocks_jump``)."""
    index = g.terrain[square]
    return index >= 0 and bool(getattr(g.terrain_types[index], what))


def open_for_placement(g: Game, square: int) -> bool:
    """Empty of troops, banners and the dragon, on no terrain that forbids placing a tile."""
    if g.board[square] >= 0 or g.dragon.square == square or g.flag_at(square) >= 0:
        return False
    index = g.terrain[square]
    return index < 0 or g.terrain_types[index].allows_placement


def bare(g: Game, square: int) -> bool:
    """No troop, terrain, banner or dragon: where terrain may be put at set-up."""
    return (
        g.board[square] < 0
        and g.terrain[square] < 0
        and g.flag_at(square) < 0
        and g.dragon.square != square
    )


def admits(g: Game, to: int, how: str) -> bool:
    """Whether terrain lying on ``to`` lets a tile end a ``how`` movement there (``how`` is the
    schema's name: ``move``, ``jump``, ``slide``, ``jump_slide``, ``command``)."""
    index = g.terrain[to]
    if index < 0:
        return True
    kind = g.terrain_types[index]
    return how in kind.enter_with and kind.occupants >= 1


def path_free(g: Game, cells: tuple[int, ...]) -> bool:
    """A Move's crossed squares hold no troop, no dragon and no terrain that blocks sliding."""
    board = g.board
    terrain = g.terrain
    dragon = g.dragon.square
    for q in cells:
        if board[q] >= 0 or q == dragon or (terrain[q] >= 0 and blocks(g, q, "blocks_slide")):
            return False
    return True


def jump_ok(g: Game, paths: tuple[tuple[int, ...], ...]) -> bool:
    """A Jump's straight path, or with none some shortest path, crosses no terrain that blocks
    jumping."""
    terrain = g.terrain
    for path in paths:
        if not any(terrain[q] >= 0 and blocks(g, q, "blocks_jump") for q in path):
            return True
    return False


def line_clear(g: Game, cells: tuple[int, ...]) -> bool:
    """A Strike's line of sight crosses no terrain that blocks it."""
    terrain = g.terrain
    return not any(terrain[q] >= 0 and blocks(g, q, "blocks_strike_line") for q in cells)


def place_random(g: Game) -> None:
    """Set-up: each terrain tile placed at random (not chosen, not acting) goes on a bare
    square (an edge square if its placement is ``edge``)."""
    geometry = g.rules.geometry
    for index, count in g.extras.set_terrain:
        kind = g.terrain_types[index]
        if kind.acts or kind.placement == "chosen":
            continue
        for _ in range(count):
            squares = [s for s in range(geometry.size) if bare(g, s)]
            if kind.placement == "edge":
                squares = [s for s in squares if geometry.on_edge(s)]
            if squares:
                g.lay_terrain(squares[g.event_random(len(squares))], index)
