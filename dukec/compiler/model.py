"""Checked rules data: what the tile sources mean, ready to emit as JSON.

Produced by `dukec.compiler.check`, turned into the JSON tile set by `dukec.compiler.emit`.
Positions (`field(compare=False)`) map each tile, icon and set back to its source.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dukec.compiler.ast import NO_POSITION
from dukec.compiler.diagnostics import Position
from dukec.compiler.vocabulary import Ability, Kind, Side
from dukec.icons import Icon, Vocabulary, base

TerrainValue = bool | int | str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlacedIcon:
    """An icon on a grid: `at` is (dx, dy) with +dy forward and +dx the owner's right."""

    icon: Icon
    at: tuple[int, int]
    pos: Position = field(default=NO_POSITION, compare=False)

    def sort_key(self) -> tuple[str, int, int]:
        """Canonical order: by icon name, then dx, then dy."""
        return (self.icon.name, self.at[0], self.at[1])


@dataclass(frozen=True, slots=True)
class Tile:
    """A checked tile; `sides` maps front/back to icons in canonical order."""

    name: str
    kind: Kind
    count: int
    abilities: tuple[Ability, ...]
    ability_sides: tuple[tuple[Ability, tuple[Side, ...]], ...]
    acts_as_duke: bool
    sides: tuple[tuple[Side, tuple[PlacedIcon, ...]], ...]
    terrain: tuple[tuple[str, TerrainValue], ...] | None
    #: The tile's classes (``class legend``), sorted.
    classes: tuple[str, ...] = ()
    path: str = field(default="", compare=False)
    pos: Position = field(default=NO_POSITION, compare=False)
    name_pos: Position = field(default=NO_POSITION, compare=False)

    def icons(self, side: Side) -> tuple[PlacedIcon, ...]:
        """The icons on `side`."""
        return dict(self.sides).get(side, ())


@dataclass(frozen=True, slots=True)
class StartEntry:
    """Tiles put on the board at set-up, on one of `squares` or beside the tile `beside`; with
    `of_class`, `tile` is a class (a tile of it from the bag), and with `beside_class`,
    `beside` is."""

    tile: str
    count: int
    squares: tuple[str, ...]
    beside: str | None
    of_class: bool = False
    beside_class: bool = False


@dataclass(frozen=True, slots=True)
class Targets:
    """Tiles named, and the tiles of classes named (`Morgana, class witch`), each sorted."""

    tiles: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.tiles or self.classes)


@dataclass(frozen=True, slots=True)
class Army:
    """One player's army: start entries in placement order, bag sorted by tile name; extra
    ways to win (by, tile, count) in source order and tiles frozen at the far edge."""

    start: tuple[StartEntry, ...]
    bag: tuple[tuple[str, int], ...]
    win: tuple[tuple[str, str, int], ...] = ()
    freeze_at_edge: tuple[str, ...] = ()
    #: `win capture every ...`: each a set of targets none of which may be left on the board.
    capture_every: tuple[Targets, ...] = ()
    #: `place beside ...`: where drawn tiles go (empty: beside the Duke).
    place_beside: Targets = Targets()


@dataclass(frozen=True, slots=True)
class GameSet:
    """A checked game set."""

    name: str
    files: int
    ranks: int
    armies: tuple[Army, Army]
    terrain: tuple[tuple[str, int], ...]
    optional: tuple[str, ...]
    rules: tuple[tuple[str, TerrainValue], ...] = ()
    #: How pack tiles come in (``draw``, ``draft`` or ``choice``; "" none), and the pairs
    #: (pack tile, the base tile it replaces), in written order.
    swap: str = ""
    swaps: tuple[tuple[str, str], ...] = ()
    path: str = field(default="", compare=False)
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class Program:
    """Every checked tile and set, sorted by name, and the icons declared (prelude first)."""

    tiles: tuple[Tile, ...]
    sets: tuple[GameSet, ...]
    icons: Vocabulary = field(default_factory=base)
    #: Where each icon is declared: (path, position of its name), by icon name.
    icon_sources: tuple[tuple[str, str, Position], ...] = field(default=(), compare=False)
