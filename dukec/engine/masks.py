"""What the tiles lying on the squares (under the troops) do there, as flat per-square bytes.

A lying tile's effect on its square follows from its properties alone (:class:`Lying`; the
feature that lays it quotes the rules): the game's own masks (:mod:`dukec.engine.state`) and the
tables of a folded layout (:mod:`dukec.engine.baked`) are both made from a layout with
:meth:`Masks.of_layout`. The kernel reads the masks and never asks what lies on a square.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from dukec.icons import MOVEMENTS

#: The movements a lying tile may admit (the schema's ``enter_with`` vocabulary, read from the
#: icons' module), by what brings the tile there: a step, a leap (or a square reached alone), a
#: line, a line after a leap, a Command.
BY_STEP: Final = MOVEMENTS[0]
BY_LEAP: Final = MOVEMENTS[1]
BY_LINE: Final = MOVEMENTS[2]
BY_LEAP_LINE: Final = MOVEMENTS[3]
BY_COMMAND: Final = MOVEMENTS[4]
#: Sheltered from nothing.
_NONE: frozenset[str] = frozenset()


class Lying(Protocol):
    """The properties of a tile lying on a square that make its masks (the tile set's)."""

    @property
    def occupants(self) -> int: ...
    @property
    def enter_with(self) -> frozenset[str]: ...
    @property
    def blocks_jump(self) -> bool: ...
    @property
    def blocks_slide(self) -> bool: ...
    @property
    def blocks_strike_line(self) -> bool: ...
    @property
    def shelters_from_strike(self) -> bool: ...
    @property
    def shelters(self) -> frozenset[str]: ...
    @property
    def allows_placement(self) -> bool: ...


class Masks:
    """Per square, what the tile lying there does (none: nothing blocks, all admit).

    Made once per layout and never changed: games with one layout share its masks
    (:func:`dukec.engine.terrain.fold_tables`). Bytes of 0 and 1, not lists, which the garbage
    collector has no need to go through. A plain class rather than a dataclass, whose
    ``__init__`` would not be compiled. (``size`` has a default because a copy or an unpickled
    one is made without arguments before its fields are set.)"""

    def __init__(self, size: int = 0) -> None:
        self.size: int = size
        self.blocks_jump: bytes = bytes(size)
        self.blocks_slide: bytes = bytes(size)
        self.blocks_strike_line: bytes = bytes(size)
        self.shelters_from_strike: bytes = bytes(size)
        #: What a tile here is sheltered from (:attr:`Lying.shelters`).
        self.shelters: tuple[frozenset[str], ...] = (_NONE,) * size
        everywhere = b"\x01" * size
        self.admits: dict[str, bytes] = {how: everywhere for how in MOVEMENTS}
        #: A tile may be placed here (as far as what lies here goes).
        self.placing: bytes = everywhere
        #: A tile lies here.
        self.laid: bytes = bytes(size)
        #: A tile may stand here (as far as what lies here goes).
        self.standing: bytes = everywhere
        #: Nothing lies on any square.
        self.bare = True

    @classmethod
    def of_layout(cls, layout: Sequence[int], kinds: Sequence[Lying]) -> Masks:
        """The masks of a board with tile ``kinds[layout[square]]`` lying on each square (-1:
        none)."""
        size = len(layout)
        masks = cls(size)
        laid = [square for square in range(size) if layout[square] >= 0]
        if not laid:
            return masks
        blocks_jump = bytearray(size)
        blocks_slide = bytearray(size)
        blocks_strike_line = bytearray(size)
        shelters_from_strike = bytearray(size)
        shelters = list(masks.shelters)
        admits = {how: bytearray(masks.admits[how]) for how in MOVEMENTS}
        placing = bytearray(masks.placing)
        on = bytearray(size)
        standing = bytearray(masks.standing)
        for square in laid:
            kind = kinds[layout[square]]
            blocks_jump[square] = kind.blocks_jump
            blocks_slide[square] = kind.blocks_slide
            blocks_strike_line[square] = kind.blocks_strike_line
            shelters_from_strike[square] = kind.shelters_from_strike
            shelters[square] = kind.shelters
            for how in MOVEMENTS:
                admits[how][square] = how in kind.enter_with and kind.occupants >= 1
            placing[square] = kind.allows_placement
            on[square] = True
            standing[square] = kind.occupants >= 1
        masks.blocks_jump = bytes(blocks_jump)
        masks.blocks_slide = bytes(blocks_slide)
        masks.blocks_strike_line = bytes(blocks_strike_line)
        masks.shelters_from_strike = bytes(shelters_from_strike)
        masks.shelters = tuple(shelters)
        masks.admits = {how: bytes(admitted) for how, admitted in admits.items()}
        masks.placing = bytes(placing)
        masks.laid = bytes(on)
        masks.standing = bytes(standing)
        masks.bare = False
        return masks


#: The masks of a bare board, per board size.
_CLEAR: dict[int, Masks] = {}


def clear(size: int) -> Masks:
    """The masks of a board with nothing lying on it (shared: masks are never changed)."""
    masks = _CLEAR.get(size)
    if masks is None:
        masks = _CLEAR[size] = Masks(size)
    return masks
