"""Terrain: tiles that lie on a square and change who may enter, jump, slide or strike there.

Rulebook, "mountain Tile": "The square that is occupied by a mountain Tile cannot be moved into
with the Move, Slide or Jump Slide icons, or jumped over with the Jump or Jump Slide icons. [...]
if there is no straight line move to the target square, then the player can use which ever path
can move around the mountain Tile. New Troop Tiles drawn from the bag cannot be placed in this
square. The Strike icon cannot be used if a straight line between the target square and the
center of the square occupied by the Troop Tile crosses any part of a square occupied by the
mountain Tile." The fort: "Only a single Troop Tile can be in the square occupied by a fort Tile
[...] The Strike icon cannot be used to capture a Troop Tile in the same square as a fort Tile."

No terrain tile is known by name: each is its compiled properties (``occupants``,
``enter_with``, ``blocks_jump``, ``blocks_slide``, ``blocks_strike_line``, the
``shelters_from_*``, ``allows_placement``, ``placement``). Terrain that is carried, or that
acts between the turns, is another feature's (:mod:`dukec.engine.features` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine import occupancy
from dukec.engine.baked import BakedTables, foldable
from dukec.engine.board import all_squares, middle_rows
from dukec.engine.feature import Feature
from dukec.engine.masks import Masks
from dukec.engine.rules import kinds_of

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules
    from dukec.engine.tables import Tables


def lay(g: Kernel, square: int, index: int, fold: bool = True) -> None:
    """Put terrain tile ``index`` on a square (on the trail, as one entry), and say what it
    does there (:func:`fold_tables`); with ``fold`` false, the game's masks and tables are left
    for :func:`fold_tables` to update."""
    g.trail.call(_unlay, (square, g.terrain[square], g.terrain_on))
    g.terrain[square] = index
    g.terrain_on = True
    if fold:
        fold_tables(g)


def _unlay(g: Kernel, record: tuple[int, int, bool]) -> None:
    """Undo of :func:`lay`: the square as it was (the masks and tables are on the trail)."""
    square, index, terrain_on = record
    g.terrain[square] = index
    g.terrain_on = terrain_on


#: The most layouts whose masks and tables the rules keep (beyond, a game makes its own).
LAYOUTS_KEPT: Final = 4096


def fold_tables(g: Kernel) -> None:
    """Terrain never moves: what the board's does on each square (the masks, one per layout,
    shared by the games that have it), and the base tables with it folded in where it can be
    (on the trail)."""
    rules = g.rules
    layout = tuple(g.terrain)
    made = rules.layouts.get(layout)
    if made is None:
        kinds = g.terrain_types
        masks = Masks.of_layout(layout, kinds)
        folded: Tables | None = None
        # Icons with modifiers are played apart from the tables a layout folds into
        # (Reach.special): a layout is folded only where the tiles show none.
        if not rules.reach.special and all(foldable(kinds[i]) for i in layout if i >= 0):
            folded = BakedTables(rules, layout, kinds, masks).tables
        made = (masks, folded)
        if len(rules.layouts) < LAYOUTS_KEPT:
            rules.layouts[layout] = made
    masks, tables = made
    trail = g.trail
    trail.set_game_attr(g, "masks", masks)
    trail.set_game_attr(g, "folded", tables is not None)
    trail.set_game_attr(g, "tables", rules.tables if tables is None else tables)


def place_random(g: Kernel) -> None:
    """Set-up: each terrain tile placed at random (not chosen, not acting) goes on a bare
    square (an edge square if its placement is ``edge``, one of the middle rows if it is
    ``middle``: Camelot, "placed at random on a square of the two middle rows")."""
    geometry = g.rules.geometry
    # The bare squares, in order (found once there is a tile to lay); each tile laid takes one.
    free: list[int] | None = None
    laid = False
    for index, count in g.extras.set_terrain:
        kind = g.terrain_types[index]
        if kind.acts or kind.placement == "chosen":
            continue
        if free is None:
            free = occupancy.bare(g, all_squares(geometry.size))
        for _ in range(count):
            squares = free
            if kind.placement == "edge":
                squares = [s for s in squares if geometry.on_edge(s)]
            elif kind.placement == "middle":
                middle = middle_rows(geometry.files, geometry.ranks)
                squares = [s for s in squares if s in middle]
            if squares:
                i = g.event_random(len(squares))
                square = squares[i]
                lay(g, square, index, fold=False)
                if squares is free:
                    free.pop(i)  # the square taken, found without a search
                else:
                    free.remove(square)
                laid = True
    if laid:
        fold_tables(g)


class Laying(Feature):
    """Terrain placed at random at set-up (not chosen by the players, not acting)."""

    def play_begins(self, g: Kernel) -> None:
        """The random terrain goes down, on bare squares."""
        place_random(g)

    def fields(self) -> tuple[str, ...]:
        """The terrain lying on the board, of every kind that neither acts nor is carried."""
        return ("terrain",)

    def read(self, g: Kernel, reading: Reading) -> None:
        """Terrain tiles lying on squares (``reading.holds`` gets what each square holds)."""
        types = {t.name: t for t in g.extras.terrain_types}
        lying = [n for n, t in types.items() if not t.acts and not t.carried]
        problems = reading.problems
        holds = reading.holds
        for index, entry in enumerate(reading.listed("terrain")):
            where = f"terrain[{index}]"
            if not isinstance(entry, dict) or set(entry) != {"tile", "at"}:
                problems.add("terrain", f"{where}: needs exactly the fields tile and at")
                continue
            before = len(problems)
            name = entry["tile"]
            kind = types.get(name) if isinstance(name, str) else None
            if kind is None or kind.acts or kind.carried:
                problems.add(
                    "terrain",
                    f"{where}: {name!r} is not a terrain tile that lies on a square "
                    f"(terrain: {', '.join(sorted(lying))}; "
                    "flags go in 'flags', the tile that acts between turns in 'dragon')",
                )
                kind = None
            square = reading.square(entry["at"], where, "terrain")
            if square is None:
                continue
            if square in holds:
                problems.add(
                    "terrain", f"{where}: square {entry['at']} already holds {holds[square]}"
                )
                continue
            if kind is None:
                continue
            if square in reading.seen and kind.occupants < 1:
                problems.add(
                    "terrain",
                    f"{where}: no tile may stand on {kind.name}, but {reading.seen[square]} does",
                )
            holds[square] = kind.name
            if len(problems) == before:
                lay(g, square, kind.index)

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The terrain lying on the board, square by square."""
        name = g.rules.geometry.name
        terrain = [
            {"tile": g.extras.terrain_types[t].name, "at": name(s)}
            for s, t in enumerate(g.terrain)
            if t >= 0
        ]
        if terrain:
            data["terrain"] = terrain

    def mark(self, g: Kernel, square: int, short: dict[str, str]) -> str:
        """``~`` and the short name of the terrain tile lying on the square."""
        kind = g.terrain_type(square)
        return "~" + short[kind.name] if kind is not None else ""

    def key_numbers(self, rules: Rules) -> int:
        """One number per square and kind of terrain."""
        return rules.geometry.size * kinds_of(rules)

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The terrain on the board, square by square."""
        key: i64 = 0
        if g.terrain_on:
            kinds = len(numbers) // g.size
            for index, kind in enumerate(g.terrain):
                if kind >= 0:
                    key ^= numbers[index * kinds + kind]
        return key
