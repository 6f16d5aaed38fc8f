"""What each tile reaches from each square, as bit masks of squares: the look-ups the search's
evaluation (:mod:`dukec.players.evaluation`) counts mobility, control and threats with.

A key ``code * size + square`` (a tile code, as on the board, on a square) has one
:class:`ReachMasks`, made from the rules' tables (or a terrain layout's) when first looked at.
The icons with a modifier (the tables' special reaches) count as the plain ones they are like:
a move's squares among the moves (those of an icon that captures nothing among the squares it
does not attack: ``quiet``), a strike's among the strikes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dukec.engine.tables import MOVE_ALL, QUIET, Tables

if TYPE_CHECKING:
    from mypy_extensions import i64


class ReachMasks:
    """What the icons of one tile on one square reach, as bit masks of squares, and what the
    evaluation reads of the tile there (so that one look-up gives it all)."""

    def __init__(self, tables: Tables, k: int, duke: bool, flip: int, advance: int) -> None:
        #: The tile acts as the Duke.
        self.duke = duke
        #: How many more squares its other side reaches (0 if fewer).
        self.flip = flip
        #: How many ranks up the board from its owner's home edge it stands (0 for a Duke).
        self.advance = advance
        direct, pathed, rays, strikes, command, _overlap, _attack = tables.entry(k)
        paths = [(t, path) for t, path in pathed]
        rays_all = list(rays)
        struck = mask_of(strikes)
        quiet = capturing = 0
        special = tables.special[k] if tables.any_special else ()
        for mode, before, squares in special:
            if mode <= MOVE_ALL:
                if len(squares) > 1 or not before:
                    rays_all.append(squares)
                else:
                    paths.append((squares[0], before))
            if mode == QUIET:
                quiet |= mask_of(squares)
            else:
                capturing |= mask_of(squares)
            if mode > MOVE_ALL:
                struck |= mask_of(squares)
        self.steps = mask_of(direct)
        self.strikes = struck
        self.commands = mask_of(command)
        self.paths = tuple((1 << t, mask_of(path)) for t, path in paths)
        #: Each ray's squares as one mask, and whether it runs up the square numbers (a ray
        #: runs one way along a line of the board: its first square taken is then the lowest
        #: or the highest of the mask's squares taken).
        self.lines = tuple((mask_of(ray), len(ray) < 2 or ray[1] > ray[0]) for ray in rays_all)
        if quiet:
            capturing |= mask_of(direct) | mask_of(strikes) | mask_of([t for t, _ in pathed])
            for ray in rays:
                capturing |= mask_of(ray)
        #: The squares only an icon that captures nothing reaches (moved to, not attacked).
        self.quiet = quiet & ~capturing
        targets = blockers = lines = 0
        for target, path in self.paths:
            targets |= target
            blockers |= path
        for line, _up in self.lines:
            lines |= line
        #: Where the Move, Jump and Slide icons reach with nothing in the way.
        self.free = self.steps | targets | lines
        #: The squares where a tile would stand in the way of one of them.
        self.crossed = blockers | lines

    def moves(self, blocked: int) -> int:
        """Where the Move, Jump and Slide icons reach with the squares ``blocked`` taken."""
        moves = self.steps
        for target, path in self.paths:
            if not blocked & path:
                moves |= target
        for line, up in self.lines:
            taken = blocked & line
            if not taken:
                moves |= line
            elif up:
                # Up to the lowest square taken, that one included.
                moves |= line & (((taken & -taken) << 1) - 1)
            else:
                # Down to the highest square taken, that one included.
                moves |= line & -(1 << (taken.bit_length() - 1))
        return moves


class MaskView:
    """The :class:`ReachMasks` of one set of tables (the rules' own or a terrain layout's) per key
    ``code * size + square``, made when first looked at."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.keys: list[ReachMasks | None] = [None] * len(tables.direct)

    def make(self, k: int, duke: bool, flip: int, advance: int) -> ReachMasks:
        """The masks of key ``k`` (and what the evaluation reads of the tile there)."""
        key = self.keys[k] = ReachMasks(self.tables, k, duke, flip, advance)
        return key


def mask_of(squares: tuple[int, ...] | list[int]) -> int:
    """The bit mask of some squares."""
    m = 0
    for s in squares:
        m |= 1 << s
    return m


#: The most squares counted at once: 48 (a native 64-bit integer holds them with room to add).
_CHUNK: Final = (1 << 48) - 1


def count(mask: int) -> int:
    """The number of squares in a mask (of up to 48 squares at a time, in native integers)."""
    if mask > _CHUNK:
        return count(mask & _CHUNK) + count(mask >> 48)
    x: i64 = mask
    x = x - ((x >> 1) & 0x555555555555)
    x = (x & 0x333333333333) + ((x >> 2) & 0x333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F
