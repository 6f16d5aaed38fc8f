"""Where each tile can act from each square, with the squares its path crosses: the lookup
tables of game sets with features (terrain, Dread, Defense, abilities, objectives).

The base tables (``rules.Tables``) fold a Jump into a plain step and keep no line of sight; here
every icon keeps what terrain and the Defense icon look at. Each icon goes to its table by its
entry's effect and geometry (``dukec.icons``). Built once per rules, indexed like
the base tables by ``code * board_size + square``.
"""

from __future__ import annotations

from dataclasses import dataclass

from dukec.engine.board import Geometry, crossed_cells, orient
from dukec.engine.extras import shortest_paths
from dukec.icons import Effect, Icon
from dukec.icons import Geometry as Lay

#: A Move icon: its target and the squares the straight line to it crosses.
Step = tuple[int, tuple[int, ...]]
#: A Jump icon: its target and every shortest path to it (the straight one alone if straight).
Leap = tuple[int, tuple[tuple[int, ...], ...]]
#: A Slide or Jump Slide icon: how it moves, the square a Jump Slide leaps (-1 for a Slide),
#: and the squares of its line from the first it may end on to the board's edge.
Ray = tuple[str, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Reach:
    """Per ``code * size + square``: what each icon of the tile there reaches."""

    moves: tuple[tuple[Step, ...], ...]
    jumps: tuple[tuple[Leap, ...], ...]
    rays: tuple[tuple[Ray, ...], ...]
    strikes: tuple[tuple[Step, ...], ...]
    commands: tuple[tuple[int, ...], ...]
    dread: tuple[tuple[int, ...], ...]
    defense: tuple[tuple[int, ...], ...]
    #: Every square of the Slide and Jump Slide lines (who may push the dragon on one).
    ray_squares: tuple[frozenset[int], ...]


def build_reach(geometry: Geometry, sides: list[tuple[tuple[Icon, int, int], ...]]) -> Reach:
    """The tables for tiles whose grids, per piece code (``(type * 2 + side) * 2 + owner``),
    are ``sides[code >> 1]`` as (icon, dx, dy) with +dy forward."""

    def shift(square: int, dx: int, dy: int) -> int | None:
        file, rank = geometry.coords(square)
        return geometry.at(file + dx, rank + dy)

    def cells(square: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        found = (shift(square, cx, cy) for cx, cy in offsets)
        return tuple(c for c in found if c is not None)

    moves, jumps, rays, strikes, commands, dread, defense = [], [], [], [], [], [], []
    for code in range(len(sides) * 2):
        owner = code & 1
        icons = [(icon, *orient((dx, dy), owner)) for icon, dx, dy in sides[code >> 1]]
        for square in range(geometry.size):
            m: list[Step] = []
            j: list[Leap] = []
            r: list[Ray] = []
            s: list[Step] = []
            c: list[int] = []
            dr: list[int] = []
            de: list[int] = []
            for icon, dx, dy in icons:
                entry = icon.entry
                lay, effect = entry.geometry, entry.effect
                target = shift(square, dx, dy)
                if lay.directed and effect is Effect.MOVE:
                    g = max(abs(dx), abs(dy))
                    ux, uy = dx // g, dy // g
                    first = shift(square, ux, uy)
                    if first is None:
                        continue
                    leaped = -1
                    if lay is Lay.LEAP_RAY:
                        leaped, first = first, shift(first, ux, uy)
                    line: list[int] = []
                    while first is not None:
                        line.append(first)
                        first = shift(first, ux, uy)
                    r.append((icon.value, leaped, tuple(line)))
                    continue
                if target is None:
                    continue
                if effect is Effect.MOVE and lay is Lay.STEP:
                    m.append((target, cells(square, crossed_cells(dx, dy))))
                elif effect is Effect.MOVE and lay is Lay.LEAP:
                    paths = shortest_paths(dx, dy)
                    j.append((target, tuple(cells(square, p) for p in paths)))
                elif effect is Effect.STRIKE:
                    s.append((target, cells(square, crossed_cells(dx, dy))))
                elif effect is Effect.COMMAND:
                    c.append(target)
                elif effect is Effect.DREAD:
                    dr.append(target)
                elif effect is Effect.DEFENSE:
                    de.append(target)
            moves.append(tuple(m))
            jumps.append(tuple(j))
            rays.append(tuple(r))
            strikes.append(tuple(s))
            commands.append(tuple(c))
            dread.append(tuple(dr))
            defense.append(tuple(de))
    return Reach(
        tuple(moves),
        tuple(jumps),
        tuple(rays),
        tuple(strikes),
        tuple(commands),
        tuple(dread),
        tuple(defense),
        tuple(frozenset(q for _how, _leaped, line in r for q in line) for r in rays),
    )
