"""What the terrain lying on each square does there, as flat per-square lists.

A terrain tile's effect on its square follows from its properties alone (:mod:`dukec.engine.
terrain` quotes the rules): the game's own masks (:mod:`dukec.engine.state`) and the tables of a
folded layout (:mod:`dukec.engine.baked`) are both made square by square with :meth:`Masks.mark`.
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

    A plain class rather than a dataclass: every game makes one, and a compiled class's own
    ``__init__`` is compiled where a dataclass's generated one is not. (``size`` has a default
    because a copy or an unpickled one is made without arguments before its fields are set.)"""

    def __init__(self, size: int = 0) -> None:
        self.size: int = size
        self.blocks_jump: list[bool] = [False] * size
        self.blocks_slide: list[bool] = [False] * size
        self.blocks_strike_line: list[bool] = [False] * size
        self.shelters_from_strike: list[bool] = [False] * size
        #: What a tile here is sheltered from (:attr:`TerrainType.shelters`).
        self.shelters: list[frozenset[str]] = [_NONE] * size
        self.admits: dict[str, list[bool]] = {how: [True] * size for how in MOVEMENTS}
        #: A tile may be placed here (as far as terrain goes).
        self.placing: list[bool] = [True] * size
        #: A terrain tile lies here.
        self.laid: list[bool] = [False] * size
        #: A tile may stand here (as far as terrain goes).
        self.standing: list[bool] = [True] * size

    @classmethod
    def of_layout(cls, layout: Sequence[int], kinds: Sequence[TerrainType]) -> Masks:
        """The masks of a board with terrain tile ``layout[square]`` (-1: none) on each square."""
        masks = cls(len(layout))
        for square, index in enumerate(layout):
            if index >= 0:
                masks.mark(square, kinds[index])
        return masks

    def mark(self, square: int, kind: TerrainType | None) -> None:
        """Say what terrain tile ``kind`` (None: none) does on ``square``."""
        self.blocks_jump[square] = kind is not None and kind.blocks_jump
        self.blocks_slide[square] = kind is not None and kind.blocks_slide
        self.blocks_strike_line[square] = kind is not None and kind.blocks_strike_line
        self.shelters_from_strike[square] = kind is not None and kind.shelters_from_strike
        self.shelters[square] = _NONE if kind is None else kind.shelters
        self.placing[square] = kind is None or kind.allows_placement
        self.laid[square] = kind is not None
        self.standing[square] = kind is None or kind.occupants >= 1
        for how, admitted in self.admits.items():
            admitted[square] = kind is None or (how in kind.enter_with and kind.occupants >= 1)
