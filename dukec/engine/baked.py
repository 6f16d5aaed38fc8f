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

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from dukec.engine.masks import Masks

if TYPE_CHECKING:
    from dukec.engine.extras import TerrainType
    from dukec.engine.rules import Rules

T = TypeVar("T")


class _Lazy(dict[int, T], Generic[T]):
    """A table whose entry for ``code * size + square`` is computed when first looked up:
    ``fill(key)`` stores it (with the other tables' entries for the same key)."""

    def __init__(self, fill: Callable[[int], None]) -> None:
        super().__init__()
        self._fill = fill

    def __missing__(self, key: int) -> T:
        self._fill(key)
        return dict.__getitem__(self, key)


#: One of the seven tables: lazy until its layout is played twice, then a tuple.
Lookup: TypeAlias = "_Lazy[T] | tuple[T, ...]"


def foldable(kind: TerrainType) -> bool:
    """Whether a terrain tile can be folded into the base tables (see the module docstring)."""
    ends = {"slide", "jump_slide"} <= kind.enter_with and kind.occupants >= 1
    command = ("command" in kind.enter_with and kind.occupants >= 1) or kind.occupants == 0
    return (kind.blocks_slide or ends) and command


class BakedTables:
    """The base tables of ``rules`` with the terrain of one layout folded in."""

    def __init__(self, rules: Rules, layout: tuple[int, ...], kinds: tuple[TerrainType, ...]):
        base = rules.tables
        self.has_command = base.has_command
        self.is_duke = base.is_duke
        self.mine = base.mine
        self.not_mine = base.not_mine
        self.value = base.value
        self.obstacle = base.obstacle
        # What the terrain does on each square: an entry is computed from thousands of look-ups.
        self._masks = Masks.of_layout(layout, kinds)
        self._reach = rules.reach
        self._base = base
        # Only the entries whose icons touch a terrain square differ from the base tables'.
        touching = rules.touching
        self._affected = frozenset().union(
            *(touching[square] for square, index in enumerate(layout) if index >= 0)
        )
        # The seven tables' entries for one key are computed together, on the first look-up
        # of that key in any of them (one call instead of one per table).
        self._lazy = tuple(_Lazy[Any](self._fill) for _ in range(7))
        self.direct: Lookup[tuple[int, ...]] = self._lazy[0]
        self.pathed: Lookup[tuple[tuple[int, tuple[int, ...]], ...]] = self._lazy[1]
        self.rays: Lookup[tuple[tuple[int, ...], ...]] = self._lazy[2]
        self.strikes: Lookup[tuple[int, ...]] = self._lazy[3]
        self.command: Lookup[tuple[int, ...]] = self._lazy[4]
        self.overlap: Lookup[bool] = self._lazy[5]
        self.attack: Lookup[Mapping[int, tuple[tuple[int, ...], ...]]] = self._lazy[6]
        self._games = 0

    def _fill(self, k: int) -> None:
        """Compute the entries of key ``k`` and store them in all seven tables."""
        for table, value in zip(self._lazy, self._entry(k), strict=True):
            dict.__setitem__(table, k, value)

    def played(self) -> None:
        """Count a game laid out this way. From the second on, every entry is computed and the
        tables become tuples: a layout met twice is met often, and a tuple is looked up in a
        third of a lazy table's time."""
        self._games += 1
        if self._games != 2:
            return
        base = self._base
        tables: list[list[Any]] = [
            list(base.direct),
            list(base.pathed),
            list(base.rays),
            list(base.strikes),
            list(base.command),
            list(base.overlap),
            list(base.attack),
        ]
        lazy = self._lazy
        for k in self._affected:
            # An entry looked up in the first game is kept, not computed again.
            found = tuple(dict.__getitem__(t, k) for t in lazy) if k in lazy[0] else self._entry(k)
            for table, value in zip(tables, found, strict=True):
                table[k] = value
        self.direct, self.pathed, self.rays, self.strikes, self.command = map(tuple, tables[:5])
        self.overlap, self.attack = tuple(tables[5]), tuple(tables[6])

    def _entry(self, k: int) -> tuple[Any, ...]:
        if k not in self._affected:
            base = self._base
            return (
                base.direct[k],
                base.pathed[k],
                base.rays[k],
                base.strikes[k],
                base.command[k],
                base.overlap[k],
                base.attack[k],
            )
        reach = self._reach
        masks = self._masks
        admits = masks.admits
        blocks_jump = masks.blocks_jump
        blocks_slide = masks.blocks_slide
        direct: list[int] = []
        pathed: list[tuple[int, tuple[int, ...]]] = []
        rays: list[tuple[int, ...]] = []
        strikes: list[int] = []
        alternatives: dict[int, list[tuple[int, ...]]] = {}
        admitted = admits["move"]
        for target, cells in reach.moves[k]:
            if not admitted[target]:
                continue
            if any(blocks_slide[c] for c in cells):
                continue
            (pathed.append((target, cells)) if cells else direct.append(target))
            alternatives.setdefault(target, []).append(cells)
        admitted = admits["jump"]
        for target, paths in reach.jumps[k]:
            if not admitted[target]:
                continue
            if all(any(blocks_jump[c] for c in path) for path in paths):
                continue
            direct.append(target)
            alternatives.setdefault(target, []).append(())
        for _how, leaped, line in reach.rays[k]:
            if leaped >= 0 and (blocks_jump[leaped] or blocks_slide[leaped]):
                continue
            cut: list[int] = []
            for square in line:
                if blocks_slide[square]:
                    break
                cut.append(square)
            if cut:
                rays.append(tuple(cut))
                for index, target in enumerate(cut):
                    alternatives.setdefault(target, []).append(tuple(cut[:index]))
        shelters = masks.shelters_from_strike
        blocks_strike_line = masks.blocks_strike_line
        for target, line in reach.strikes[k]:
            if shelters[target]:
                continue
            if any(blocks_strike_line[c] for c in line):
                continue
            strikes.append(target)
            alternatives.setdefault(target, []).append(())
        admitted = admits["command"]
        command = [t for t in reach.commands[k] if admitted[t]]
        destinations = direct + [t for t, _ in pathed] + [s for r in rays for s in r]
        attack = {t: tuple(sorted(set(a), key=len)) for t, a in alternatives.items()}
        return (
            tuple(dict.fromkeys(direct)),
            tuple(dict.fromkeys(pathed)),
            tuple(rays),
            tuple(dict.fromkeys(strikes)),
            tuple(dict.fromkeys(command)),
            len(destinations) != len(set(destinations)),
            attack,
        )
