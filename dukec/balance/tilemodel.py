"""Fitted weights of tiles carried to any tile set by what each tile does, never by its name.

A fitted file entry (the learned evaluation's, :mod:`dukec.balance.learned`, and the tile
values', :mod:`dukec.balance.values`) weighs the tiles of the tile set it was fitted on, by
name, and keeps what each of the tiles in play there is (``tiles``: its grids, an icon as
``"move 0 1"``, its name and offset; its abilities; whether it acts as the Duke:
:func:`contents`). A tile of another tile set, or of the same set renamed, is weighed from
those:

- a tile that is one of them but for its name (the same grids and abilities: a renamed copy, a
  tile of the set it was fitted on) weighs exactly what that one does;
- any other tile weighs what the fitted tile most like it does (the fewest icons apart), moved
  by what the two do differently: the difference of their *descriptors* (:func:`descriptors`:
  the squares a side's moves, slides, strikes and commands reach from a square of this board,
  on average, on an empty board) times the weight of each descriptor, a ridge regression of
  the fitted tiles' weights on their descriptors (:func:`regression`).

So an edited tile weighs about what its original does, changed by what the edit changes, and a
tile unlike any fitted one what tiles that reach as far weigh; the Duke weighs 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from dukec.balance.linalg import cholesky, solve
from dukec.engine import Rules
from dukec.engine.board import Geometry
from dukec.engine.rules import BACK, FRONT, SIDE_NAMES, IconAt, TileType
from dukec.engine.tables import Tables, compile_tables
from dukec.icons import Icon

#: The descriptors' names, in order (the first, a constant, is the regression's intercept).
DESCRIPTORS: Final = ("constant", "moves", "slides", "strikes", "commands")
#: The penalty on each descriptor's weight (not the intercept's), in squared weight units.
RIDGE: Final = 0.01
#: Which weights a file entry holds for a tile: one per side on the board, or one (both sides
#: together) on the board; and one in the bag.
SIDES: Final = (FRONT, BACK)
BOTH: Final = -1


@dataclass(frozen=True, slots=True)
class Known:
    """A tile an entry was fitted with: what it is, and its weights by ``side`` key."""

    tile: TileType
    weights: dict[int | str, float]


def contents(rules: Rules) -> dict[str, dict[str, Any]]:
    """What each tile type in play in a game set is, by name, as a file entry keeps it: its
    grids (icons and offsets, sorted), abilities (with the sides they may be used on) and
    whether it acts as the Duke; its count and name are left out."""
    found: dict[str, dict[str, Any]] = {}
    for t in rules.types:
        if t.index in in_play(rules):
            found[t.name] = content(rules, t)
    return dict(sorted(found.items()))


def content(rules: Rules, tile: TileType) -> dict[str, Any]:
    """One tile's entry in :func:`contents`."""
    extras = rules.extras
    sides_of = extras.abilities[tile.index] if extras is not None else {}
    found: dict[str, Any] = {
        side: sorted(f"{i.icon.value} {i.dx} {i.dy}" for i in tile.sides[k])
        for k, side in enumerate(SIDE_NAMES)
    }
    if tile.acts_as_duke:
        found["acts_as_duke"] = True
    if tile.abilities:
        found["abilities"] = {a: sorted(sides_of.get(a, (FRONT, BACK))) for a in tile.abilities}
    return found


def in_play(rules: Rules) -> frozenset[int]:
    """The tile types a game set brings into play: set up, in a bag, or to be drafted."""
    extras = rules.extras
    drafted = extras.brought_in if extras is not None else ()
    return frozenset({*rules.bags[0], *rules.bags[1], *(s.tile for s in rules.setup), *drafted})


def same(rules: Rules, tile: TileType, known: TileType) -> bool:
    """Whether two tiles are one but for their names (and counts)."""
    return tile.acts_as_duke == known.acts_as_duke and difference(tile, known) == 0


def difference(a: TileType, b: TileType) -> int:
    """How many icons two tiles' grids differ by (an icon at a square on one side of one and not
    of the other), and one more where their abilities differ."""
    icons = sum(len(set(a.sides[side]) ^ set(b.sides[side])) for side in (FRONT, BACK))
    return icons + (a.abilities != b.abilities)


def known_tiles(
    geometry: Geometry, tiles: Mapping[str, Any], weights: Mapping[int | str, Mapping[str, Any]]
) -> tuple[list[Known], Tables]:
    """The tiles of an entry's ``tiles`` (:func:`contents`), each with its weights by side key
    (``weights[key][name]``; a tile missing from one is left out), in name order, and their
    tables on ``geometry`` (ValueError if an entry is malformed)."""
    grids: list[tuple[bool, tuple[tuple[IconAt, ...], tuple[IconAt, ...]]]] = []
    found: list[Known] = []
    for name in sorted(tiles):
        spec = tiles[name]
        if not isinstance(spec, dict):
            raise ValueError(f"tile {name!r}: not an object")
        try:
            sides = tuple(
                tuple(_icon_at(str(text)) for text in spec.get(side, [])) for side in SIDE_NAMES
            )
        except (TypeError, ValueError):
            raise ValueError(f"tile {name!r}: its grids are not lists of 'icon dx dy'") from None
        abilities = spec.get("abilities", {})
        if not isinstance(abilities, dict):
            raise ValueError(f"tile {name!r}: abilities are not an object")
        tile_weights: dict[int | str, float] = {}
        for key, table in weights.items():
            value = table.get(name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                break
            tile_weights[key] = float(value)
        else:
            duke = bool(spec.get("acts_as_duke", False))
            front, back = sides
            grid = TileType(len(grids), name, 1, duke, tuple(abilities), (front, back), 0.0)
            grids.append((duke, (front, back)))
            found.append(Known(grid, tile_weights))
    tables, _values = compile_tables(geometry, grids)
    return found, tables


def _icon_at(text: str) -> IconAt:
    """An icon of :func:`content`'s grids: ``"move 0 1"`` (ValueError if it is not one)."""
    icon, dx, dy = text.split()
    return IconAt(Icon(icon), int(dx), int(dy))


def descriptors(tables: Tables, size: int, tile: int, side: int) -> list[float]:
    """What one side of a tile type reaches from a square of the board, on an empty board and
    on average over the squares (seat 0's tables): the constant 1, then the squares its moves
    (Move and Jump), slides, strikes and commands reach; ``side`` BOTH: the mean of its two."""
    if side == BOTH:
        front = descriptors(tables, size, tile, FRONT)
        back = descriptors(tables, size, tile, BACK)
        return [(f + b) / 2 for f, b in zip(front, back, strict=True)]
    moves = slides = strikes = commands = 0
    code = (tile * 2 + side) * 2
    for square in range(size):
        k = code * size + square
        moves += len(set(tables.direct[k]) | {target for target, _ in tables.pathed[k]})
        slides += len({target for ray in tables.rays[k] for target in ray})
        strikes += len(set(tables.strikes[k]))
        commands += len(set(tables.command[k]))
    return [1.0, moves / size, slides / size, strikes / size, commands / size]


def regression(points: Sequence[tuple[list[float], float]]) -> list[float]:
    """The weight of each descriptor: least squares of the weights on the descriptors, each
    descriptor's weight but the intercept's penalised by :data:`RIDGE` (all 0 for no point)."""
    n = len(DESCRIPTORS)
    if not points:
        return [0.0] * n
    matrix = [[RIDGE if i == j and i > 0 else 0.0 for j in range(n)] for i in range(n)]
    vector = [0.0] * n
    for x, y in points:
        for i in range(n):
            vector[i] += x[i] * y
            for j in range(n):
                matrix[i][j] += x[i] * x[j]
    return solve(cholesky(matrix), vector)


def carried(
    rules: Rules, known: list[Known], tables: Tables, key: int | str, side: int
) -> list[float]:
    """Each tile type's weight under ``key`` (its ``side``'s descriptors, or BOTH), carried
    from the ``known`` tiles (on ``tables``): the same tile's weight, else the most alike one's
    moved by the difference of their descriptors; 0 for a tile acting as the Duke, and for
    every tile where no tile is known."""
    size = rules.geometry.size
    fitted = [k for k in known if not k.tile.acts_as_duke]
    mine = [descriptors(rules.tables, size, t.index, side) for t in rules.types]
    theirs = [descriptors(tables, size, k.tile.index, side) for k in fitted]
    slope = regression([(d, k.weights[key]) for d, k in zip(theirs, fitted, strict=True)])
    found: list[float] = []
    for t in rules.types:
        match = next((k for k in known if same(rules, t, k.tile)), None)
        if match is not None:
            found.append(match.weights[key])
        elif t.acts_as_duke or not fitted:
            found.append(0.0)
        else:
            near = min(range(len(fitted)), key=lambda i: difference(t, fitted[i].tile))
            moved = sum(
                w * (a - b) for w, a, b in zip(slope, mine[t.index], theirs[near], strict=True)
            )
            found.append(fitted[near].weights[key] + moved)
    return found
