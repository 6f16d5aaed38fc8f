"""Terrain that never moves, folded into the base game's tables for one layout.

A mountain or a fort lies where set-up put it for the whole game. With the terrain of a layout
folded in (an icon whose path it blocks, or whose target it does not admit, taken out; a line
cut where it blocks sliding; a Strike it shelters from or whose line it crosses taken out), the
base game's generator and Duke-danger test (:class:`dukec.engine.game.Game`) play that board as
they play the base game's, at the same speed. The rules are :mod:`dukec.engine.terrain`'s; this
module only precomputes them, one table entry at a time, when an entry is first looked at.

A layout is folded in only where every terrain tile on the board either blocks sliding or
admits every movement that may end on it, and admits a Command or holds no troop, so that each
line square is a destination exactly when the base game's would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from dukec.engine.masks import BY_COMMAND, BY_LEAP, BY_LEAP_LINE, BY_LINE, BY_STEP, Lying, Masks
from dukec.engine.tables import ROW, ROW_BITS, ROW_MASK, Attack, Entry, Tables, attack_entry

if TYPE_CHECKING:
    from dukec.engine.rules import Rules


_T = TypeVar("_T")


def foldable(kind: Lying) -> bool:
    """Whether a lying tile can be folded into the base tables (see the module docstring)."""
    ends = {BY_LINE, BY_LEAP_LINE} <= kind.enter_with and kind.occupants >= 1
    command = (BY_COMMAND in kind.enter_with and kind.occupants >= 1) or kind.occupants == 0
    return (kind.blocks_slide or ends) and command


class BakedTables:
    """The base tables of ``rules`` with the terrain of one layout folded in: ``tables``, which
    share the base tables' entries where the terrain touches none of a key's squares, and make
    the others when first looked at."""

    def __init__(
        self,
        rules: Rules,
        layout: tuple[int, ...],
        kinds: tuple[Lying, ...],
        masks: Masks | None = None,
    ):
        base = rules.tables
        # What the terrain does on each square (the layout's masks, if made already): an entry
        # is computed from thousands of look-ups.
        self._masks = Masks.of_layout(layout, kinds) if masks is None else masks
        self._reach = rules.reach
        self._size = rules.geometry.size
        # Only the entries whose icons touch a terrain square differ from the base tables'.
        untouched = rules.untouched
        laid = [square for square, index in enumerate(layout) if index >= 0]
        ready = base.ready
        if len(laid) == 1:
            ready = untouched[laid[0]]  # most layouts: one tile, whose bytes serve as they are
        elif laid:
            bits = -1  # all bits set: every entry the base tables' until a square says otherwise
            for square in laid:
                bits &= int.from_bytes(untouched[square], "big")
            ready = bits.to_bytes(len(base.direct), "big")
        self.tables = Tables(
            direct=base.direct,
            pathed=base.pathed,
            rays=base.rays,
            strikes=base.strikes,
            command=base.command,
            overlap=base.overlap,
            attack=base.attack,
            has_command=base.has_command,
            is_duke=base.is_duke,
            mine=base.mine,
            not_mine=base.not_mine,
            theirs=base.theirs,
            value=base.value,
            obstacle=base.obstacle,
            ready=ready,
            made=[None] * ((len(base.direct) + ROW - 1) >> ROW_BITS),
            maker=self._make,
        )

    def _make(self, k: int) -> Entry:
        """The entries of key ``k`` (one the terrain touches), made when first asked for."""
        rows = self.tables.made
        row = rows[k >> ROW_BITS]
        if row is None:
            row = rows[k >> ROW_BITS] = [None] * ROW
        entry = row[k & ROW_MASK] = self._entry(k)
        return entry

    def _entry(self, k: int) -> Entry:
        # Each part of the entry is the base tables' own where it comes out the same, and so
        # is each target's set of captures: a layout keeps only what its terrain changed, which
        # spares making it and the garbage collector going through it.
        reach = self._reach
        masks = self._masks
        tables = self.tables
        admits = masks.admits
        blocks_jump = masks.blocks_jump
        blocks_slide = masks.blocks_slide
        size = self._size
        base_attack = tables.attack[k]
        # Per target, the sets of squares that must be empty for a capture there, in the order
        # the icons give them (None: no capture there).
        ways: list[tuple[tuple[int, ...], ...] | None] = [None] * size
        hit: list[int] = []  # the targets in ways, in the order first met
        direct: list[int] = []
        pathed: list[tuple[int, tuple[int, ...]]] = []
        rays: list[tuple[int, ...]] = []
        strikes: list[int] = []
        admitted = admits[BY_STEP]
        for step in reach.moves[k]:
            target, cells = step
            if not admitted[target] or _crosses(blocks_slide, cells):
                continue
            (pathed.append(step) if cells else direct.append(target))
            _add_way(ways, hit, base_attack, target, cells)
        admitted = admits[BY_LEAP]
        for target, paths in reach.jumps[k]:
            if not admitted[target]:
                continue
            for path in paths:
                if not _crosses(blocks_jump, path):
                    break
            else:
                continue
            direct.append(target)
            _add_way(ways, hit, base_attack, target, ())
        for _how, leaped, line in reach.rays[k]:
            if leaped >= 0 and (blocks_jump[leaped] or blocks_slide[leaped]):
                continue
            end = 0
            for square in line:
                if blocks_slide[square]:
                    break
                end += 1
            if end:
                rays.append(line if end == len(line) else line[:end])
                for index in range(end):
                    _add_ray_way(ways, hit, base_attack, line, index)
        shelters = masks.shelters_from_strike
        blocks_strike_line = masks.blocks_strike_line
        for target, line in reach.strikes[k]:
            if shelters[target] or _crosses(blocks_strike_line, line):
                continue
            strikes.append(target)
            _add_way(ways, hit, base_attack, target, ())
        admitted = admits[BY_COMMAND]
        command = [t for t in reach.commands[k] if admitted[t]]
        # A tile's moves overlap where two of its icons reach one square. The terrain only
        # takes destinations away: where the base entry's do not overlap, these do not.
        overlap = tables.overlap[k] and _overlaps(direct, pathed, rays, size)
        kept_rays = tuple(rays)
        return (
            _distinct(direct, tables.direct[k]),
            _distinct(pathed, tables.pathed[k]),
            tables.rays[k] if kept_rays == tables.rays[k] else kept_rays,
            _distinct(strikes, tables.strikes[k]),
            _distinct(command, tables.command[k]),
            overlap,
            _attack(ways, hit, base_attack, size),
        )


def _overlaps(
    direct: list[int],
    pathed: list[tuple[int, tuple[int, ...]]],
    rays: list[tuple[int, ...]],
    size: int,
) -> bool:
    """Whether two of the destinations reach one square."""
    seen = [False] * size
    for t in direct:
        if seen[t]:
            return True
        seen[t] = True
    for t, _cells in pathed:
        if seen[t]:
            return True
        seen[t] = True
    for ray in rays:
        for t in ray:
            if seen[t]:
                return True
            seen[t] = True
    return False


def _crosses(blocked: bytes, squares: tuple[int, ...]) -> bool:
    """Whether any of ``squares`` is ``blocked``."""
    for square in squares:  # noqa: SIM110 (a plain loop: compiled, no generator is made)
        if blocked[square]:
            return True
    return False


def _add_way(
    ways: list[tuple[tuple[int, ...], ...] | None],
    hit: list[int],
    base: Attack,
    target: int,
    way: tuple[int, ...],
) -> None:
    """One more set of squares that must be empty for a capture on ``target`` (the base tables'
    own tuple where it is the target's only one there too); a target met first goes on ``hit``."""
    found = ways[target]
    if found is not None:
        ways[target] = (*found, way)
        return
    hit.append(target)
    own = base[target]
    # Its length is read apart: ``len(own) == 1`` in the test would narrow ``own`` to a tuple
    # of one, which compiled code holds unboxed and would box again, a copy.
    count = len(own) if own is not None else 0
    ways[target] = own if own is not None and count == 1 and own[0] == way else (way,)


def _add_ray_way(
    ways: list[tuple[tuple[int, ...], ...] | None],
    hit: list[int],
    base: Attack,
    line: tuple[int, ...],
    index: int,
) -> None:
    """:func:`_add_way` of a line's square ``index``, whose squares before it must be empty
    (the base tables' own tuple, where it is the target's only one, taken without slicing the
    line first)."""
    target = line[index]
    own = base[target]
    if ways[target] is None and own is not None:
        count = len(own)  # read apart, as in _add_way
        if count == 1 and _starts(line, own[0], index):
            hit.append(target)
            ways[target] = own
            return
    _add_way(ways, hit, base, target, line[:index])


def _starts(line: tuple[int, ...], way: tuple[int, ...], index: int) -> bool:
    """Whether ``way`` is ``line[:index]``."""
    if len(way) != index:
        return False
    for i in range(index):  # noqa: SIM110 (a plain loop: compiled, no generator is made)
        if way[i] != line[i]:
            return False
    return True


def _attack(
    ways: list[tuple[tuple[int, ...], ...] | None], hit: list[int], base: Attack, size: int
) -> Attack:
    """The :data:`Attack` entry of ``ways`` (whose targets are ``hit``), as :func:`attack_entry`
    makes it; the base tables' own where it comes out the same, and each target's where its
    sets of squares are the base's (their order does not matter: the danger test asks whether
    any one is empty)."""
    same = True
    for target in hit:
        found = ways[target]
        own = base[target]
        if found is not None and len(found) > 1:
            if own is not None and _same_ways(found, own):
                ways[target] = own
                continue
            # The unblocked alternative first: the danger test can stop at it.
            found = ways[target] = tuple(sorted(set(found), key=len))
        same = same and found is own
    if same:
        reached = 0
        for own in base:
            if own is not None:
                reached += 1
        if reached == len(hit):
            return base
    return tuple(ways) if hit else attack_entry(size, {})


def _same_ways(found: tuple[tuple[int, ...], ...], own: tuple[tuple[int, ...], ...]) -> bool:
    """Whether ``found`` (maybe with repeats) holds the same sets of squares as ``own`` (none
    repeated)."""
    for way in found:
        if way not in own:
            return False
    for way in own:  # noqa: SIM110 (as above)
        if way not in found:
            return False
    return True


def _distinct(items: list[_T], base: tuple[_T, ...]) -> tuple[_T, ...]:
    """The items, each once, in the order first met: the base tables' own tuple where it holds
    the same (most lists have one item or none)."""
    count = len(items)
    if count == len(base):
        for i in range(count):
            if items[i] != base[i]:
                break
        else:
            return base
    for i in range(1, count):
        item = items[i]
        for j in range(i):
            if items[j] == item:
                return tuple(dict.fromkeys(items))
    return tuple(items)
