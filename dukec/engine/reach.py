"""Where each tile can act from each square, with the squares its path crosses: the lookup
tables of game sets with features.

The base tables (``tables.Tables``) fold a Jump into a plain step and keep no line of sight; here
every icon keeps the squares its path crosses, which the features look at. Each icon goes to its
table by its declaration's effect and geometry (``dukec.icons``). Built once per rules, indexed
like the base tables by ``code * board_size + square``.

A square reached alone (geometry ``square``) is reached as a leap with no path: nothing between
is looked at.
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
#: A Slide or Jump Slide icon: how it moves (the schema's ``enter_with`` name of its geometry),
#: the square a Jump Slide leaps (-1 for a Slide), and the squares of its line from the first it
#: may end on to the board's edge.
Ray = tuple[str, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Reach:
    """Per ``code * size + square``: what each icon of the tile there reaches."""

    moves: tuple[tuple[Step, ...], ...]
    jumps: tuple[tuple[Leap, ...], ...]
    rays: tuple[tuple[Ray, ...], ...]
    strikes: tuple[tuple[Step, ...], ...]
    commands: tuple[tuple[int, ...], ...]
    #: Per effect a rule feature plays (:attr:`Effect.of_feature`), the squares it covers.
    covers: dict[Effect, tuple[tuple[int, ...], ...]]


def build_reach(geometry: Geometry, sides: list[tuple[tuple[Icon, int, int], ...]]) -> Reach:
    """The tables for tiles whose grids, per piece code (``(type * 2 + side) * 2 + owner``),
    are ``sides[code >> 1]`` as (icon, dx, dy) with +dy forward; each icon goes to its table by
    its declaration's effect and geometry."""

    files, ranks = geometry.files, geometry.ranks
    # Read once (an enum member looked up on its class is an attribute look-up).
    moving, striking, commanding = Effect.MOVE, Effect.STRIKE, Effect.COMMAND
    covering = [effect for effect in Effect if effect.of_feature]
    step, leap, leap_ray, alone = Lay.STEP, Lay.LEAP, Lay.LEAP_RAY, Lay.SQUARE

    def shift(square: int, dx: int, dy: int) -> int | None:
        rank, file = divmod(square, files)
        file += dx
        rank += dy
        return rank * files + file if 0 <= file < files and 0 <= rank < ranks else None

    def cells(square: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        found = (shift(square, cx, cy) for cx, cy in offsets)
        return tuple(c for c in found if c is not None)

    # Many tiles show the same icon at the same offset: what it reaches from a square is worked
    # out once (the tuples are shared, which changes nothing: they never change).
    lines: dict[tuple[int, int, int, int], Ray | None] = {}
    crossed: dict[tuple[int, int, int], tuple[int, ...]] = {}
    leaps: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}

    def ray(icon: Icon, lay: Lay, square: int, dx: int, dy: int) -> Ray | None:
        g = max(abs(dx), abs(dy))
        ux, uy = dx // g, dy // g
        first = shift(square, ux, uy)
        if first is None:
            return None
        leaped = -1
        if lay is leap_ray:
            leaped, first = first, shift(first, ux, uy)
        line: list[int] = []
        while first is not None:
            line.append(first)
            first = shift(first, ux, uy)
        return (icon.movement, leaped, tuple(line))

    def line_to(square: int, dx: int, dy: int) -> tuple[int, ...]:
        key = (square, dx, dy)
        found = crossed.get(key)
        if found is None:
            found = crossed[key] = cells(square, crossed_cells(dx, dy))
        return found

    moves, jumps, rays, strikes, commands = [], [], [], [], []
    covers: dict[Effect, list[tuple[int, ...]]] = {effect: [] for effect in covering}
    for code in range(len(sides) * 2):
        owner = code & 1
        # Each icon's entry read once per code, not once per square.
        icons = []
        for icon, dx, dy in sides[code >> 1]:
            lay, effect = icon.geometry, icon.effect
            icons.append((icon, lay, effect, lay.directed, *orient((dx, dy), owner)))
        for square in range(geometry.size):
            m: list[Step] = []
            j: list[Leap] = []
            r: list[Ray] = []
            s: list[Step] = []
            c: list[int] = []
            cv: dict[Effect, list[int]] = {}
            for icon, lay, effect, directed, dx, dy in icons:
                if directed and effect is moving:
                    key = (icon.order, square, dx, dy)
                    if key in lines:
                        found = lines[key]
                    else:
                        found = lines[key] = ray(icon, lay, square, dx, dy)
                    if found is not None:
                        r.append(found)
                    continue
                target = shift(square, dx, dy)
                if target is None:
                    continue
                if effect is moving and lay is step:
                    m.append((target, line_to(square, dx, dy)))
                elif effect is moving and lay is leap:
                    paths = leaps.get((square, dx, dy))
                    if paths is None:
                        paths = leaps[square, dx, dy] = tuple(
                            cells(square, p) for p in shortest_paths(dx, dy)
                        )
                    j.append((target, paths))
                elif effect is moving and lay is alone:
                    j.append((target, ((),)))
                elif effect is striking:
                    # A step's line of sight; a leap or a square looks at nothing between.
                    s.append((target, line_to(square, dx, dy) if lay is step else ()))
                elif effect is commanding:
                    c.append(target)
                else:
                    cv.setdefault(effect, []).append(target)
            moves.append(tuple(m))
            jumps.append(tuple(j))
            rays.append(tuple(r))
            strikes.append(tuple(s))
            commands.append(tuple(c))
            for effect, covered in covers.items():
                covered.append(tuple(cv.get(effect, ())))
    return Reach(
        tuple(moves),
        tuple(jumps),
        tuple(rays),
        tuple(strikes),
        tuple(commands),
        {effect: tuple(covered) for effect, covered in covers.items()},
    )
