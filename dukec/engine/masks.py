"""What the terrain lying on each square does there, as flat per-square bytes.

A terrain tile's effect on its square follows from its properties alone (:mod:`dukec.engine.
terrain` quotes the rules): the game's own masks (:mod:`dukec.engine.state`) and the tables of a
folded layout (:mod:`dukec.engine.baked`) are both made from a layout with :meth:`Masks.of_layout`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from dukec.engine.extras import TerrainType

#: The movements a terrain tile may admit (the schema's ``enter_with`` vocabulary).
MOVEMENTS: Final = ("move", "jump", "slide", "jump_slide", "command")
#: Sheltered from nothing.
_NONE: frozenset[str] = frozenset()


class Masks:
    """Per square, what the terrain lying there does (no terrain: nothing blocks, all admit).

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
        #: What a tile here is sheltered from (:attr:`TerrainType.shelters`).
        self.shelters: tuple[frozenset[str], ...] = (_NONE,) * size
        everywhere = b"\x01" * size
        self.admits: dict[str, bytes] = {how: everywhere for how in MOVEMENTS}
        #: A tile may be placed here (as far as terrain goes).
        self.placing: bytes = everywhere
        #: A terrain tile lies here.
        self.laid: bytes = bytes(size)
        #: A tile may stand here (as far as terrain goes).
        self.standing: bytes = everywhere

    @classmethod
    def of_layout(cls, layout: Sequence[int], kinds: Sequence[TerrainType]) -> Masks:
        """The masks of a board with terrain tile ``layout[square]`` (-1: none) on each square."""
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
        return masks


#: The masks of a bare board, per board size.
_CLEAR: dict[int, Masks] = {}


def clear(size: int) -> Masks:
    """The masks of a board with no terrain on it (shared: masks are never changed)."""
    masks = _CLEAR.get(size)
    if masks is None:
        masks = _CLEAR[size] = Masks(size)
    return masks
