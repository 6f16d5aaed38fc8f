"""The base game's lookup tables, compiled once per rules from the tile types' grids.

Every tile is reduced to per-(tile type, side, owner) tables per from-square, so that move
generation and the Duke-danger test are table lookups (:mod:`dukec.engine.tablemoves`). A table
is indexed by ``code * board_size + square``, the piece code as :meth:`Rules.code
<dukec.engine.rules.Rules.code>` packs it: ``(type * 2 + side) * 2 + owner``.

An icon whose declaration captures other than the base box's do (nothing, or friend and foe),
and a Strike that tiles in between stop or that runs along a line, go to the table of
:data:`Special` reaches, which holds only the keys whose tiles show one: a tile set without
them has an empty one and pays nothing for it. An icon of an area group is the area group's
(:mod:`dukec.engine.area`), not the tables'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import Final, TypeAlias

from dukec.engine.board import Geometry, crossed_cells, orient
from dukec.icons import Captures, Effect, Icon
from dukec.icons import Geometry as Lay


@dataclass(frozen=True, slots=True)
class IconAt:
    """One icon of a grid (its declaration) at an owner-relative offset (+dy forward, +dx the
    owner's right): what a tile type's sides hold (``TileType.sides``), compiled here."""

    icon: Icon
    dx: int
    dy: int


#: Per target square, the alternative sets of squares that must be empty for a capture there
#: (None: no capture there).
Attack: TypeAlias = tuple[tuple[tuple[int, ...], ...] | None, ...]
_NO_ATTACK: dict[int, Attack] = {}
#: The keys of a row of :attr:`Tables.made`: ``ROW = 1 << ROW_BITS``, ``ROW_MASK = ROW - 1``
#: (written out: compiled, a constant is inlined only when it is a literal).
ROW_BITS: Final = 5
ROW: Final = 32
ROW_MASK: Final = 31
#: What a :data:`Special` reach does: moves onto empty squares only, stopping at the first tile
#: (captures nothing); moves, capturing the first tile it meets, a friend's as well as an
#: enemy's (never its own player's tile acting as the Duke); strikes the first tile it meets,
#: an enemy's; strikes it, a friend's as well.
QUIET: Final = 0
MOVE_ALL: Final = 1
STRIKE_FIRST: Final = 2
STRIKE_ALL: Final = 3
#: One icon's reach that the seven tables cannot hold: (what it does, the squares that must be
#: empty before its first square, its squares in order: the one it reaches, or a line's).
Special: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...]]
#: A key's entries in the seven tables of icons of :class:`Tables`, in their order.
Entry: TypeAlias = tuple[
    tuple[int, ...],
    tuple[tuple[int, tuple[int, ...]], ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[int, ...],
    bool,
    Attack,
]


def attack_entry(size: int, alternatives: Mapping[int, list[tuple[int, ...]]]) -> Attack:
    """The :data:`Attack` entry of a key whose icons capture on each target in
    ``alternatives`` when one of its sets of squares is empty."""
    if not alternatives:
        # Most keys capture nowhere: they share one entry.
        nowhere = _NO_ATTACK.get(size)
        if nowhere is None:
            nowhere = _NO_ATTACK[size] = (None,) * size
        return nowhere
    entry: list[tuple[tuple[int, ...], ...] | None] = [None] * size
    for t, a in alternatives.items():
        # The unblocked alternative first: the danger test can stop at it. (Most targets are
        # reached one way: their one alternative needs no sorting.)
        entry[t] = (a[0],) if len(a) == 1 else tuple(sorted(set(a), key=len))
    return tuple(entry)


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """Lookup tables indexed by ``code * board_size + square`` (see the module docstring).

    The seven tables of icons hold the rules' own entries. A layout's folded tables
    (:mod:`dukec.engine.baked`) share them, and say with ``ready[k]`` 0 that key ``k``'s
    entries are the layout's own, which :meth:`entry` gives (made when first looked at). Only
    the keys the layout touches are its own: it keeps no copy of the rest, which the
    garbage collector would otherwise go through, a list of them per layout, again and again.
    The rules' own tables are all ready."""

    direct: list[tuple[int, ...]]
    pathed: list[tuple[tuple[int, tuple[int, ...]], ...]]
    rays: list[tuple[tuple[int, ...], ...]]
    strikes: list[tuple[int, ...]]
    command: list[tuple[int, ...]]
    overlap: list[bool]
    attack: list[Attack]
    has_command: tuple[bool, ...]
    is_duke: tuple[bool, ...]
    mine: tuple[tuple[bool, ...], tuple[bool, ...]]
    not_mine: tuple[tuple[bool, ...], tuple[bool, ...]]
    #: Whether a square's content is the other player's tile (not empty, not the obstacle).
    theirs: tuple[tuple[bool, ...], tuple[bool, ...]]
    value: tuple[float, ...]
    #: A code that blocks every line and that no tile may enter or command (put on the square
    #: of a piece that does so while the base generator looks at the board).
    obstacle: int
    #: Whether key ``k``'s entries are the seven tables' (else :meth:`entry` gives them): 1 or
    #: 0, bytes (which the garbage collector has no need to go through).
    ready: bytes
    #: Per key that is not ready, its entries once made (None before), in rows of ``ROW``
    #: keys: row ``k >> ROW_BITS``, made when one of its keys' entries is (None before); empty
    #: where all are ready. (Lists, not a dict: no key is boxed to look one up; in rows, so
    #: that the garbage collector goes through a few short lists per layout, not one slot per
    #: key.)
    made: list[list[Entry | None] | None] = field(default_factory=list)
    #: What makes the entries of a key that is not ready (and puts them into ``made``).
    maker: Callable[[int], Entry] | None = None
    #: Per key, its tile's :data:`Special` reaches (empty where the tile set has none; a layout
    #: is not folded into tables that have them).
    special: list[tuple[Special, ...]] = field(default_factory=list)
    #: Whether any key has a :data:`Special` reach.
    any_special: bool = False
    #: Whether a :data:`Special` reach may capture its own player's tile (one of friend and
    #: foe).
    befriends: bool = False

    def entry(self, k: int) -> Entry:
        """Key ``k``'s entries in the seven tables of icons: the tables' own where ``ready[k]``,
        else the layout's."""
        if self.ready[k]:
            return (
                self.direct[k],
                self.pathed[k],
                self.rays[k],
                self.strikes[k],
                self.command[k],
                self.overlap[k],
                self.attack[k],
            )
        row = self.made[k >> ROW_BITS]
        if row is not None:
            made = row[k & ROW_MASK]
            if made is not None:
                return made
        assert self.maker is not None
        return self.maker(k)


def special_mode(icon: Icon) -> int:
    """What a :data:`Special` reach of ``icon`` does (-1: the seven tables hold it, or an area
    group does)."""
    if icon.area:
        return -1
    captures = icon.captures
    if icon.effect is Effect.MOVE:
        if captures is Captures.NOTHING:
            return QUIET
        return MOVE_ALL if captures is Captures.ALL else -1
    if icon.effect is Effect.STRIKE:
        if captures is Captures.ALL:
            return STRIKE_ALL
        if icon.stopped or icon.geometry.directed:
            return STRIKE_FIRST
    return -1


def _unit(dx: int, dy: int) -> tuple[int, int]:
    g = gcd(dx, dy) or 1
    return dx // g, dy // g


#: A tile type's grids as compiled: (acts as the Duke, (front grid, back grid)).
TypeGrids: TypeAlias = tuple[bool, tuple[tuple[IconAt, ...], tuple[IconAt, ...]]]
Grids: TypeAlias = tuple[TypeGrids, ...]

#: The tables last compiled, by what they were compiled from, oldest first: rules loaded again
#: from the same tiles (a script or a notebook that loads a tile set more than once, a run's
#: game sets of one board size) share them. Tables are never changed once made (the rules'
#: own are all ready; a layout folds its own), so one serves any number of rules.
_COMPILED: dict[tuple[Geometry, Grids], tuple[Tables, tuple[float, ...]]] = {}
_KEPT: Final = 8


def compile_tables(geometry: Geometry, grids: Sequence[TypeGrids]) -> tuple[Tables, list[float]]:
    """The tables of tile types given as (acts as the Duke, (front grid, back grid)), in type
    order, and each type's value: 1000 for a tile acting as the Duke, else 1 plus the mean
    share of the board its icons reach from a square (both sides)."""
    key = (geometry, tuple(grids))
    compiled = _COMPILED.get(key)
    if compiled is None:
        tables, values = _compile_tables(geometry, key[1])
        compiled = (tables, tuple(values))
        if len(_COMPILED) >= _KEPT:
            del _COMPILED[next(iter(_COMPILED))]
        _COMPILED[key] = compiled
    return compiled[0], list(compiled[1])


def _compile_tables(geometry: Geometry, grids: Grids) -> tuple[Tables, list[float]]:
    size = geometry.size
    ncodes = len(grids) * 4
    direct: list[tuple[int, ...]] = []
    pathed: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    strikes: list[tuple[int, ...]] = []
    command: list[tuple[int, ...]] = []
    overlap: list[bool] = []
    attack: list[Attack] = []
    special: list[tuple[Special, ...]] = []
    has_command: list[bool] = []
    is_duke: list[bool] = []
    mobility: list[float] = [0.0] * len(grids)

    def shift(square: int, dx: int, dy: int) -> int | None:
        file, rank = geometry.coords(square)
        return geometry.at(file + dx, rank + dy)

    # Read once (an enum member looked up on its class is an attribute look-up).
    moving, striking, commanding, step = Effect.MOVE, Effect.STRIKE, Effect.COMMAND, Lay.STEP
    for code in range(ncodes):
        tile, side, owner = code >> 2, (code >> 1) & 1, code & 1
        duke, sides = grids[tile]
        # The icons that move, strike or command, by their declarations: (effect, the first
        # square of a line in steps (0: not a line), whether tiles on the straight path stop it,
        # offset); and those of the special table: (what it does, the same, offset).
        placed: list[tuple[Effect, int, bool, int, int]] = []
        odd: list[tuple[int, int, bool, int, int]] = []
        for i in sides[side]:
            icon = i.icon
            effect, lay = icon.effect, icon.geometry
            if icon.area:
                continue  # its group's (dukec.engine.area)
            if effect is moving or effect is striking or effect is commanding:
                dx, dy = orient((i.dx, i.dy), owner)
                line = lay.ray_start if lay.directed else 0
                mode = special_mode(icon)
                if mode >= 0:
                    odd.append((mode, line, icon.stopped and lay is step, dx, dy))
                else:
                    placed.append((effect, line, icon.stopped and lay is step, dx, dy))
        is_duke.append(duke)
        has_command.append(any(p[0] is commanding for p in placed))
        for square in range(size):
            d_list: list[int] = []
            p_list: list[tuple[int, tuple[int, ...]]] = []
            r_list: list[tuple[int, ...]] = []
            s_list: list[int] = []
            c_list: list[int] = []
            alternatives: dict[int, list[tuple[int, ...]]] = {}
            x_list: list[Special] = []
            reached: list[int] = []  # the special moves' squares
            for mode, line, stopped, dx, dy in odd:
                targets: tuple[int, ...] = ()
                before: tuple[int, ...] = ()
                if line:
                    ux, uy = _unit(dx, dy)
                    walked: list[int] = []
                    here = shift(square, ux * line, uy * line)
                    while here is not None:
                        walked.append(here)
                        here = shift(here, ux, uy)
                    targets = tuple(walked)
                else:
                    found = shift(square, dx, dy)
                    if found is None or found == square:
                        continue
                    targets = (found,)
                    cells = [shift(square, cx, cy) for cx, cy in crossed_cells(dx, dy)]
                    before = tuple(c for c in cells if c is not None) if stopped else ()
                if not targets:
                    continue
                x_list.append((mode, before, targets))
                if mode <= MOVE_ALL:  # QUIET or MOVE_ALL: it moves
                    reached += targets
                if mode != QUIET:
                    for k, target in enumerate(targets):
                        alternatives.setdefault(target, []).append(before + targets[:k])
            for effect, line, stopped, dx, dy in placed:
                if line:
                    # A line moves the tile: from its first square (past a leap) to the edge.
                    ux, uy = _unit(dx, dy)
                    ray: list[int] = []
                    here = shift(square, ux * line, uy * line)
                    while here is not None:
                        ray.append(here)
                        here = shift(here, ux, uy)
                    if ray:
                        r_list.append(tuple(ray))
                        for k, target in enumerate(ray):
                            alternatives.setdefault(target, []).append(tuple(ray[:k]))
                    continue
                found = shift(square, dx, dy)
                if found is None or found == square:
                    continue
                target = found
                if effect is commanding:
                    c_list.append(target)
                    continue
                if effect is striking:
                    s_list.append(target)
                    alternatives.setdefault(target, []).append(())
                    continue
                path: tuple[int, ...] = ()
                if stopped:
                    cells = [shift(square, cx, cy) for cx, cy in crossed_cells(dx, dy)]
                    path = tuple(c for c in cells if c is not None)
                if path:
                    p_list.append((target, path))
                else:
                    d_list.append(target)
                alternatives.setdefault(target, []).append(path)
            destinations = d_list + [t for t, _ in p_list] + [s for r in r_list for s in r]
            destinations += reached
            strikes_reached = s_list + [
                t for mode, _, targets in x_list if mode >= STRIKE_FIRST for t in targets
            ]
            special.append(tuple(x_list))
            direct.append(tuple(dict.fromkeys(d_list)))
            pathed.append(tuple(dict.fromkeys(p_list)))
            rays.append(tuple(r_list))
            strikes.append(tuple(dict.fromkeys(s_list)))
            command.append(tuple(dict.fromkeys(c_list)))
            overlap.append(len(destinations) != len(set(destinations)))
            attack.append(attack_entry(size, alternatives))
            if owner == 0:
                reach = len(set(destinations)) + len(set(strikes_reached)) + len(set(c_list))
                mobility[tile] += reach / (2 * size)
    values = [1000.0 if duke else round(1.0 + mobility[i], 3) for i, (duke, _) in enumerate(grids)]
    # Indexed by a square's content: a piece code, the obstacle (``ncodes``), or EMPTY (-1,
    # the last entry). The obstacle is nobody's and may not be entered.
    mine = tuple(
        tuple([code & 1 == owner for code in range(ncodes)] + [False, False]) for owner in (0, 1)
    )
    not_mine = tuple(
        tuple([code & 1 != owner for code in range(ncodes)] + [False, True]) for owner in (0, 1)
    )
    theirs = tuple(
        tuple([code & 1 != owner for code in range(ncodes)] + [False, False]) for owner in (0, 1)
    )
    tables = Tables(
        direct=direct,
        pathed=pathed,
        rays=rays,
        strikes=strikes,
        command=command,
        overlap=overlap,
        attack=attack,
        has_command=tuple(has_command),
        is_duke=tuple(is_duke),
        mine=(mine[0], mine[1]),
        not_mine=(not_mine[0], not_mine[1]),
        theirs=(theirs[0], theirs[1]),
        value=tuple(values[code >> 2] for code in range(ncodes)),
        obstacle=ncodes,
        ready=b"\x01" * len(direct),
        special=special,
        any_special=any(special),
        befriends=any(item[0] & 1 for items in special for item in items),
    )
    return tables, values
