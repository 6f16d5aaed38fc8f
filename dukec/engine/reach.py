"""Where each tile can act from each square, with the squares its path crosses: the lookup
tables of game sets with features.

The base tables (``tables.Tables``) fold a Jump into a plain step and keep no line of sight; here
every icon keeps the squares its path crosses, which the features look at. Each icon goes to its
table by its declaration's effect and geometry (``dukec.icons``). Built once per rules, indexed
like the base tables by ``code * board_size + square``.

A square reached alone (geometry ``square``) is reached as a leap with no path: nothing between
is looked at. A declared icon with a modifier (:attr:`dukec.icons.Icon.modified`) is kept apart,
as a :class:`Reached` in ``special``, which holds only the keys whose tiles show one; the icons
of an area group are their group's (:class:`AreaGroup`, in ``areas``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dukec.engine.board import Geometry, crossed_cells, orient
from dukec.engine.extras import shortest_paths
from dukec.icons import Captures, Effect, Icon
from dukec.icons import Geometry as Lay

#: A Move icon: its target and the squares the straight line to it crosses.
Step = tuple[int, tuple[int, ...]]
#: A Jump icon: its target and every shortest path to it (the straight one alone if straight).
Leap = tuple[int, tuple[tuple[int, ...], ...]]
#: A Slide or Jump Slide icon: how it moves (the schema's ``enter_with`` name of its geometry),
#: the square a Jump Slide leaps (-1 for a Slide), and the squares of its line from the first it
#: may end on to the board's edge.
Ray = tuple[str, int, tuple[int, ...]]


class Reached:
    """A declared icon's reach from one square that the plain tables do not hold (one with a
    modifier): what it does and captures, and what must be clear on its way.

    A plain class rather than a dataclass, whose ``__init__`` would not be compiled."""

    def __init__(
        self,
        moves: bool,
        captures: int,
        how: str,
        leaped: int,
        cells: tuple[int, ...],
        stopped: bool,
        paths: tuple[tuple[int, ...], ...],
        targets: tuple[int, ...],
        line: bool,
        defense: int,
    ) -> None:
        #: It moves the tile (else it strikes).
        self.moves = moves
        #: What it may capture: :data:`NOTHING`, :data:`ENEMIES` or :data:`ALL`.
        self.captures = captures
        #: How a move comes onto a square (the schema's ``enter_with`` name; "" for a strike).
        self.how = how
        #: The square a leaping line leaps (-1: none).
        self.leaped = leaped
        #: The squares between the tile and its square: a step's straight path (which terrain
        #: that stops a slide, or blocks a Strike's line of sight, stops).
        self.cells = cells
        #: A tile on ``cells`` stops it (``blocked``, or ``path clear``).
        self.stopped = stopped
        #: A leap's shortest paths, one of which terrain must leave open (empty: none looked at).
        self.paths = paths
        #: Its squares: the one it reaches, or its line's from the first it may end on.
        self.targets = targets
        #: ``targets`` is a line, walked until its first tile.
        self.line = line
        #: How Defense icons stand against it: :data:`IGNORED`, :data:`STRAIGHT` (along the
        #: straight path, as a Move) or :data:`ANY_PATH` (some shortest path, as a Jump).
        self.defense = defense


class AreaGroup:
    """The icons of one area group on a tile's side, reaching from one square: the group's index
    in the tile set's (``Vocabulary.areas``), and per icon its square, the line of sight to it
    (empty: none looked at), whether tiles on that line stop it, and whether it ignores
    Defense."""

    def __init__(
        self,
        group: int,
        targets: tuple[int, ...],
        cells: tuple[tuple[int, ...], ...],
        stopped: tuple[bool, ...],
        ignores_defense: tuple[bool, ...],
    ) -> None:
        self.group = group
        self.targets = targets
        self.cells = cells
        self.stopped = stopped
        self.ignores_defense = ignores_defense


#: What a :class:`Reached` may capture.
NOTHING: Final = 0
ENEMIES: Final = 1
ALL: Final = 2
#: How Defense icons stand against a :class:`Reached`.
IGNORED: Final = -1
STRAIGHT: Final = 0
ANY_PATH: Final = 1
_CAPTURES = {Captures.NOTHING: NOTHING, Captures.ENEMIES: ENEMIES, Captures.ALL: ALL}


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
    #: The icons with a modifier (none in most game sets: then every entry is empty).
    special: tuple[tuple[Reached, ...], ...] = ()
    #: The area groups (none in most game sets).
    areas: tuple[tuple[AreaGroup, ...], ...] = ()


def build_reach(
    geometry: Geometry,
    sides: list[tuple[tuple[Icon, int, int], ...]],
    groups: tuple[str, ...] = (),
) -> Reach:
    """The tables for tiles whose grids, per piece code (``(type * 2 + side) * 2 + owner``),
    are ``sides[code >> 1]`` as (icon, dx, dy) with +dy forward; each icon goes to its table by
    its declaration's effect, geometry and modifiers (``groups``: the tile set's area groups,
    in order)."""

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

    def reached(icon: Icon, lay: Lay, square: int, dx: int, dy: int) -> Reached | None:
        moving_icon = icon.effect is moving
        leaped = -1
        paths: tuple[tuple[int, ...], ...] = ()
        cells_between: tuple[int, ...] = ()
        if lay.directed:
            found = ray(icon, lay, square, dx, dy)
            if found is None or not found[2]:
                return None
            _how, leaped, targets = found
        else:
            target = shift(square, dx, dy)
            if target is None:
                return None
            targets = (target,)
            if lay is step:
                cells_between = line_to(square, dx, dy)
            elif lay is leap and moving_icon:
                paths = tuple(cells(square, p) for p in shortest_paths(dx, dy))
        straight = lay is step and (moving_icon or icon.stopped)
        return Reached(
            moving_icon,
            _CAPTURES[icon.captures],
            icon.movement if moving_icon else "",
            leaped,
            cells_between,
            icon.stopped,
            paths,
            targets,
            lay.directed,
            IGNORED if icon.ignores_defense else STRAIGHT if straight else ANY_PATH,
        )

    moves, jumps, rays, strikes, commands = [], [], [], [], []
    special: list[tuple[Reached, ...]] = []
    areas: list[tuple[AreaGroup, ...]] = []
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
            x: list[Reached] = []
            grouped: dict[int, list[tuple[int, tuple[int, ...], bool, bool]]] = {}
            for icon, lay, effect, directed, dx, dy in icons:
                if icon.area:
                    target = shift(square, dx, dy)
                    if target is not None:
                        sight = line_to(square, dx, dy) if lay is step else ()
                        member = (target, sight, icon.stopped, icon.ignores_defense)
                        grouped.setdefault(groups.index(icon.area), []).append(member)
                    continue
                if icon.modified:
                    found_special = reached(icon, lay, square, dx, dy)
                    if found_special is not None:
                        x.append(found_special)
                    continue
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
            special.append(tuple(x))
            areas.append(
                tuple(
                    AreaGroup(
                        group,
                        tuple(m[0] for m in members),
                        tuple(m[1] for m in members),
                        tuple(m[2] for m in members),
                        tuple(m[3] for m in members),
                    )
                    for group, members in sorted(grouped.items())
                )
            )
            for effect, covered in covers.items():
                covered.append(tuple(cv.get(effect, ())))
    return Reach(
        tuple(moves),
        tuple(jumps),
        tuple(rays),
        tuple(strikes),
        tuple(commands),
        {effect: tuple(covered) for effect, covered in covers.items()},
        tuple(special) if any(special) else (),
        tuple(areas) if any(areas) else (),
    )
