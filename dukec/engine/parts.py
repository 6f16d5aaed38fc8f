"""What the rule features keep on a game: each feature's part of the game's state.

Each part is a trait that the game's state (:class:`dukec.engine.state.FeatureState`) is made of
(:class:`Parts`): the terrain lying on the squares (:mod:`dukec.engine.terrain`), the dragon
(:mod:`dukec.engine.dragon`), the banners (:mod:`dukec.engine.flags`), the pack tiles swapped in
(:mod:`dukec.engine.swaps`) and the faces of terrain (:mod:`dukec.engine.terrain_faces`). They are
here, below the game, and the features' rules are in their own modules, which read them on the
game; the pieces that go along with a tile (:class:`Carried`) are the game's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mypy_extensions import trait

if TYPE_CHECKING:
    from dukec.engine.extras import Extras, TerrainType


@dataclass(slots=True)
class Carried:
    """A piece that goes along with the tile on its square: its square, its owner (-1:
    nobody's) and its kind (an index of the tile set's pieces that are not troops)."""

    square: int
    owner: int
    kind: int


@trait
class TerrainPart:
    """What terrain lying on the squares keeps on a game."""

    #: Per square, the index of the terrain tile lying there (-1: none).
    terrain: list[int]
    #: Some terrain lies on the board.
    terrain_on: bool
    #: The tile set's terrain tiles (``Extras.terrain_types``), kept on the game for speed.
    terrain_types: tuple[TerrainType, ...]

    def _init_terrain(self, size: int, kinds: tuple[TerrainType, ...]) -> None:
        self.terrain = [-1] * size
        self.terrain_on = False
        self.terrain_types = kinds

    def terrain_type(self, square: int) -> TerrainType | None:
        """The terrain tile lying on a square (not a carried piece or the obstacle), or None."""
        index = self.terrain[square]
        return self.terrain_types[index] if index >= 0 else None


@dataclass(slots=True, init=False)
class Roamer:
    """Where the dragon is (square -1: no dragon in the game) and what it will do next.

    Its ``__init__`` is written out, with the fields' defaults: every game makes one, and a
    compiled class's own is compiled where a dataclass's generated one is not."""

    kind: int
    square: int
    #: The way it faces, as a board offset: (1, 0) right, (-1, 0) left, (0, 1) up, (0, -1) down.
    fx: int
    fy: int
    enraged: bool
    #: Enraging it took its next action between turns.
    rest: bool
    #: It reached the edge: next between turns it turns round, and only that.
    reorient: bool
    # Worked out from the fields above by aim(), for idle(), which runs after every action:
    #: It rests, is enraged or turns round next between turns.
    busy: bool = field(compare=False)
    #: The squares its calm side's Move icons reach from where it stands.
    calm: tuple[int, ...] = field(compare=False)

    def __init__(
        self,
        kind: int = -1,
        square: int = -1,
        fx: int = 0,
        fy: int = 0,
        enraged: bool = False,
        rest: bool = False,
        reorient: bool = False,
    ) -> None:
        self.kind = kind
        self.square = square
        self.fx = fx
        self.fy = fy
        self.enraged = enraged
        self.rest = rest
        self.reorient = reorient
        self.busy = False
        self.calm = ()


@trait
class DragonPart:
    """What the dragon keeps on a game."""

    dragon: Roamer

    def _init_dragon(self) -> None:
        self.dragon = Roamer()


@trait
class FlagPart:
    """What the banners keeps on a game."""

    #: The banners still to place at set-up, by terrain index, in order.
    flag_queue: list[int]
    #: The carried pieces (the game's: :mod:`dukec.engine.occupancy`).
    carried: list[Carried]

    def _init_flags(self) -> None:
        self.flag_queue = []

    @property
    def flags(self) -> list[Carried]:
        """The carried pieces (the name the API gives them)."""
        return self.carried


@trait
class SwapPart:
    """What the swapping of pack tiles keeps on a game."""

    #: The pack tiles beside the board that a draw may still swap in (shared by the players).
    spares: list[int]
    #: Per player, the pack tiles he took, in order.
    swapped: list[list[int]]

    def _init_swaps(self, extras: Extras) -> None:
        swaps = extras.swaps
        self.spares = list(swaps.pool) if swaps.on == "draw" else []
        self.swapped = [[], []]


@trait
class FacePart:
    """What terrain with faces keeps on a game."""

    #: Per square, the terrain index of the tile whose other face shows there (-1: none).
    turned: list[int]
    #: Per square of a tile with faces, the piece code that stood there at the last look (-1:
    #: none; other squares -1 too).
    standing: list[int]
    #: The squares of the tiles with faces (two-sided or granting), in order; terrain never
    #: moves, so they are found once, as play begins or a position is read.
    face_squares: list[int]

    def _init_faces(self, size: int) -> None:
        """``size`` 0 where the tile set has no terrain with faces (nothing is kept then)."""
        self.turned = [-1] * size
        self.standing = [-1] * size
        self.face_squares = []


@trait
class Parts(TerrainPart, DragonPart, FlagPart, SwapPart, FacePart):
    """What the features keep on a game, each its own part (a base of the game's state,
    :class:`dukec.engine.state.FeatureState`, whose attributes they are)."""

    def _init_parts(self, size: int, extras: Extras) -> None:
        """Each feature's part as a new game's (a board of ``size`` squares) starts it."""
        self._init_terrain(size, extras.terrain_types)
        self._init_dragon()
        self._init_flags()
        self._init_swaps(extras)
        self._init_faces(size if extras.faced else 0)
