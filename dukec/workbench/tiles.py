"""Tiles as the workbench sees them: read-only views of a compiled tile set's tiles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dukec.compiler.vocabulary import Ability
from dukec.icons import Vocabulary, base, vocabulary_of
from dukec.names import lookup
from dukec.tileset import unknown_tile_message
from dukec.workbench.sides import SIDES as SIDES  # given out here too
from dukec.workbench.sides import PlacedIcon as PlacedIcon  # given out here too

if TYPE_CHECKING:
    from dukec.engine.rules import TileType


class WorkbenchError(Exception):
    """A user mistake the workbench reports as one message (no traceback)."""


@dataclass(frozen=True, slots=True)
class TileView:
    """A compiled tile: its name, kind, abilities and both sides' icons."""

    name: str
    kind: str
    count: int
    abilities: tuple[str, ...]
    front: tuple[PlacedIcon, ...]
    back: tuple[PlacedIcon, ...]
    acts_as_duke: bool = False
    #: The tile's classes (``class legend``).
    classes: tuple[str, ...] = ()
    #: A terrain tile's other face, and the classes its front grid's icons are granted to.
    flips_to: str = ""
    grants_to: tuple[str, ...] = ()

    @property
    def caption(self) -> str:
        """What a card says above the grids besides them: the classes, or the faces."""
        if self.kind != "terrain":
            return ", ".join(self.classes)
        said = []
        if self.flips_to:
            said.append(f"flips to {self.flips_to}")
        if self.grants_to:
            said.append(f"grants to {', '.join(self.grants_to)}")
        return "; ".join(said)

    def side(self, side: str) -> tuple[PlacedIcon, ...]:
        """The icons of ``front`` or ``back``."""
        if side == "front":
            return self.front
        if side == "back":
            return self.back
        raise ValueError(f"no side {side!r}")

    @property
    def numerals(self) -> tuple[str, ...]:
        """The Roman numerals an enhanced tile shows in its corner."""
        return tuple(Ability(ability).numeral for ability in self.abilities)

    @property
    def enhanced(self) -> bool:
        """Whether the tile has an enhanced ability (double border, numeral)."""
        return bool(self.abilities)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], icons: Vocabulary | None = None) -> TileView:
        """Build a view from one tile of a compiled tile set whose icons are ``icons`` (by
        default the base box's)."""
        sides = data.get("sides", {})
        vocabulary = icons if icons is not None else base()
        return cls(
            name=str(data["name"]),
            kind=str(data.get("kind", "troop")),
            count=int(data.get("count", 1)),
            abilities=tuple(str(a) for a in data.get("abilities", [])),
            front=_icons(sides.get("front", {}).get("icons", []), vocabulary),
            back=_icons(sides.get("back", {}).get("icons", []), vocabulary),
            acts_as_duke=bool(data.get("acts_as_duke", False)),
            classes=tuple(str(c) for c in data.get("classes", [])),
            flips_to=str(data.get("terrain", {}).get("flips_to", "")),
            grants_to=tuple(str(c) for c in data.get("terrain", {}).get("grants_to", [])),
        )

    @classmethod
    def from_type(cls, tile: TileType) -> TileView:
        """Build a view from one of the engine's tile types (``Rules.types``)."""
        front, back = (tuple(PlacedIcon(i.icon, i.dx, i.dy) for i in side) for side in tile.sides)
        return cls(
            name=tile.name,
            kind="troop",
            count=tile.count,
            abilities=tile.abilities,
            front=front,
            back=back,
            acts_as_duke=tile.acts_as_duke,
            classes=tile.classes,
        )

    def _repr_svg_(self) -> str:
        """The tile's card as SVG, for notebooks."""
        from dukec.workbench.card import card
        from dukec.workbench.svg import to_svg

        return to_svg(card(self))


def _icons(items: Iterable[Mapping[str, Any]], icons: Vocabulary) -> tuple[PlacedIcon, ...]:
    found = []
    for item in items:
        icon = icons.by_name.get(str(item["icon"]))
        if icon is None:
            raise WorkbenchError(f"{item['icon']!r} is no icon the tile set declares")
        found.append(PlacedIcon(icon, int(item["at"][0]), int(item["at"][1])))
    return tuple(found)


def all_tiles(tileset: Mapping[str, Any]) -> list[TileView]:
    """Every tile of a compiled tile set, in the set's order."""
    icons = vocabulary_of(tileset)
    return [TileView.from_json(tile, icons) for tile in tileset.get("tiles", [])]


def find_tile(tileset: Mapping[str, Any], name: str) -> TileView:
    """The tile called ``name`` (case-insensitive), or an error with a "did you mean"."""
    tiles = all_tiles(tileset)
    found = lookup(name, [tile.name for tile in tiles])
    for tile in tiles:
        if tile.name == found:
            return tile
    raise WorkbenchError(unknown_tile_message(name, [tile.name for tile in tiles]))
