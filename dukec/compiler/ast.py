"""The syntax tree of a .duke file: what was written, in source order, with positions.

Produced by `dukec.compiler.transform` from lark's parse tree; read by `dukec.compiler.check`
(and by formatters and linters, which need the written order and the comments). Every node is a
frozen, slotted dataclass; positions are excluded from equality, so two trees compare equal when
they say the same thing wherever it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dukec.compiler.diagnostics import Position
from dukec.compiler.vocabulary import Kind, Side

NO_POSITION = Position(0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Word:
    """A name, numeral, square or keyword as written, with its position."""

    text: str
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class Number:
    """A whole number as written."""

    value: int
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment, '#' included, with its position."""

    text: str
    pos: Position = field(default=NO_POSITION, compare=False)


# === Tiles ===


@dataclass(frozen=True, slots=True)
class Cell:
    """One grid cell: '@', '.', or one or more glyphs written together."""

    text: str
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class Row:
    """One grid row, top (forward) rows first."""

    cells: tuple[Cell, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class SideGrid:
    """`front { ... }` or `back { ... }`: a side's printed grid."""

    side: Side
    rows: tuple[Row, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class CountDecl:
    """`count N`: how many of the tile one player owns."""

    count: Number
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class AbilityDecl:
    """`ability I`, `ability summon`, `ability II divination on back`."""

    words: tuple[Word, ...]
    sides: tuple[Word, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class ActsAsDuke:
    """`acts as duke`."""

    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class PropertyDecl:
    """A terrain property: `blocks_jump true`, `enter_with move, slide`."""

    name: Word
    values: tuple[Word | Number, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class ClassDecl:
    """`class legend, knight`: the tags terrain, set-up and win rules name the tile by."""

    names: tuple[Word, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


TileItem = CountDecl | AbilityDecl | ActsAsDuke | ClassDecl | SideGrid | PropertyDecl


@dataclass(frozen=True, slots=True)
class TileDef:
    """`tile Name { ... }` or `terrain Name { ... }`."""

    kind: Kind
    name: Word
    items: tuple[TileItem, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


# === Game sets ===


@dataclass(frozen=True, slots=True)
class Target:
    """A tile by its name, or (`class legend`) every tile of a class."""

    name: Word
    of_class: bool = False
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class Stack:
    """`[N] Name` in a bag or terrain list (N defaults to 1)."""

    count: Number | None
    tile: Word
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class StartDecl:
    """`start [N] Name on a1, b1` or `start [N] Name beside Other`; with `class` before a name
    (`start class musketeer on c1`), a tile of that class from the bag, and beside one."""

    count: Number | None
    tile: Word
    squares: tuple[Word, ...]
    beside: Word | None
    pos: Position = field(default=NO_POSITION, compare=False)
    of_class: bool = False
    beside_class: bool = False


@dataclass(frozen=True, slots=True)
class BagDecl:
    """`bag 3 Pikeman, Knight, ...`."""

    stacks: tuple[Stack, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class WinDecl:
    """`win capture|reach [N] Tile` inside an army: an extra way to win."""

    by: Word
    count: Number | None
    tile: Word
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class WinEveryDecl:
    """`win capture every Tile, class name` inside an army: none of those left on the board
    wins."""

    by: Word
    targets: tuple[Target, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class PlaceDecl:
    """`place beside Tile, class name` inside an army: where its drawn tiles are placed."""

    targets: tuple[Target, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class FreezeDecl:
    """`freeze Tile, ... at edge` inside an army."""

    tiles: tuple[Word, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


ArmyItem = StartDecl | BagDecl | WinDecl | WinEveryDecl | FreezeDecl | PlaceDecl


@dataclass(frozen=True, slots=True)
class ArmyDef:
    """`army [first|second] { ... }`; without a player it is both players' army."""

    player: Word | None
    items: tuple[ArmyItem, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class BoardDecl:
    """`board FILES x RANKS`."""

    files: Number
    ranks: Number
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class OptionalDecl:
    """`optional Name, ...`: tiles the players may agree to add."""

    names: tuple[Word, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class TerrainDecl:
    """`terrain [N] Name, ...` inside a set: terrain put on the board at set-up."""

    stacks: tuple[Stack, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class RuleDecl:
    """`rule name value, ...` inside a set: an objective rule."""

    name: Word
    values: tuple[Word | Number, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class SwapPair:
    """`Conan for Champion`: a pack tile and the base tile it replaces."""

    tile: Word
    replaced: Word
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class SwapDecl:
    """`swap on draw|by draft|by choice Tile for Other, ...` inside a set: how pack tiles come
    into the game in place of base tiles."""

    when: tuple[Word, Word]
    pairs: tuple[SwapPair, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


SetItem = BoardDecl | OptionalDecl | TerrainDecl | ArmyDef | RuleDecl | SwapDecl


@dataclass(frozen=True, slots=True)
class SetDef:
    """`set name { ... }`: a game set."""

    name: Word
    items: tuple[SetItem, ...]
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class ExtendsDecl:
    """`extends base`: the file is read on top of the base set."""

    name: Word
    pos: Position = field(default=NO_POSITION, compare=False)


# === Icons ===


@dataclass(frozen=True, slots=True)
class IconItem:
    """One item of an icon declaration: `glyph A`, `like move`, `label "Non-Capture Move"`."""

    key: Word
    value: Word
    #: The value was written in double quotes (``value.text`` holds what is between them).
    quoted: bool = False
    pos: Position = field(default=NO_POSITION, compare=False)


@dataclass(frozen=True, slots=True)
class IconDef:
    """`icon Name { ... }`: a declared icon, its items in source order."""

    name: Word
    items: tuple[IconItem, ...]
    #: Written on one line (`icon A { glyph A  like move }`), as the formatter keeps it.
    one_line: bool = field(default=False, compare=False)
    pos: Position = field(default=NO_POSITION, compare=False)


Definition = TileDef | SetDef | IconDef | ExtendsDecl


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One parsed .duke file: its definitions in order, and its comments."""

    path: str
    definitions: tuple[Definition, ...]
    comments: tuple[Comment, ...] = field(default=(), compare=False)

    def tiles(self) -> tuple[TileDef, ...]:
        """The tile definitions, in source order."""
        return tuple(d for d in self.definitions if isinstance(d, TileDef))

    def sets(self) -> tuple[SetDef, ...]:
        """The set definitions, in source order."""
        return tuple(d for d in self.definitions if isinstance(d, SetDef))

    def extends(self) -> tuple[ExtendsDecl, ...]:
        """The `extends` statements, in source order."""
        return tuple(d for d in self.definitions if isinstance(d, ExtendsDecl))

    def icons(self) -> tuple[IconDef, ...]:
        """The icon declarations, in source order."""
        return tuple(d for d in self.definitions if isinstance(d, IconDef))

    def find_tile(self, name: str) -> TileDef | None:
        """The first tile definition named `name` (its `.pos.line` is its source line)."""
        return next((t for t in self.tiles() if t.name.text == name), None)
