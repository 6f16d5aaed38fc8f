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

from dukec.engine.masks import Masks
from dukec.engine.tables import Entry, Tables, attack_entry

if TYPE_CHECKING:
    from dukec.engine.extras import TerrainType
    from dukec.engine.rules import Rules


_T = TypeVar("_T")


def foldable(kind: TerrainType) -> bool:
    """Whether a terrain tile can be folded into the base tables (see the module docstring)."""
    ends = {"slide", "jump_slide"} <= kind.enter_with and kind.occupants >= 1
    command = ("command" in kind.enter_with and kind.occupants >= 1) or kind.occupants == 0
    return (kind.blocks_slide or ends) and command


class BakedTables:
    """The base tables of ``rules`` with the terrain of one layout folded in: ``tables``, which
    share the base tables' entries where the terrain touches none of a key's squares, and make
    the others when first looked at."""

    def __init__(self, rules: Rules, layout: tuple[int, ...], kinds: tuple[TerrainType, ...]):
        base = rules.tables
        # What the terrain does on each square: an entry is computed from thousands of look-ups.
        self._masks = Masks.of_layout(layout, kinds)
        self._reach = rules.reach
        self._size = rules.geometry.size
        # Only the entries whose icons touch a terrain square differ from the base tables'.
        ready = -1  # all bits set: every entry the base tables' until a square says otherwise
        untouched = rules.untouched
        for square, index in enumerate(layout):
            if index >= 0:
                ready &= untouched[square]
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
            ready=base.ready if ready < 0 else ready.to_bytes(len(base.direct), "big"),
            made=[None] * len(base.direct),
            maker=self._make,
        )

    def _make(self, k: int) -> Entry:
        """The entries of key ``k`` (one the terrain touches), made when first asked for."""
        entry = self.tables.made[k] = self._entry(k)
        return entry

    def _entry(self, k: int) -> Entry:
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
        return (
            _distinct(direct),
            _distinct(pathed),
            tuple(rays),
            _distinct(strikes),
            _distinct(command),
            len(destinations) != len(set(destinations)),
            attack_entry(self._size, alternatives),
        )


def _distinct(items: list[_T]) -> tuple[_T, ...]:
    """The items, each once, in the order first met (most lists have one item or none)."""
    return tuple(items) if len(items) < 2 else tuple(dict.fromkeys(items))
