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
``enter_with``, ``blocks_jump``, ``blocks_slide``, ``blocks_strike_line``,
``shelters_from_strike``, ``shelters_from_dread``, ``allows_placement``, ``placement``). Banners
(carried terrain) are in :mod:`dukec.engine.flags`, the terrain that acts in
:mod:`dukec.engine.dragon`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dukec.engine.baked import BakedTables, foldable
from dukec.engine.board import all_squares
from dukec.engine.feature import Feature

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.extras import TerrainType
    from dukec.engine.flags import Banner
    from dukec.engine.game import Game
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules
    from dukec.engine.zobrist import Zobrist


def lay(g: Game, square: int, index: int, fold: bool = True) -> None:
    """Put terrain tile ``index`` on a square, with what it does there (on the trail, as one
    entry); with ``fold`` false, the game's tables are left for :func:`fold_tables` to update."""
    g.trail.call(_unlay, (square, g.terrain[square], g.terrain_on))
    _mark(g, square, index)
    g.terrain_on = True
    if fold:
        fold_tables(g)


def _mark(g: Game, square: int, index: int) -> None:
    """Lay terrain tile ``index`` (-1: none) on a square, and say in the masks what it does
    there (they follow from the tile, so undo needs only the index)."""
    g.terrain[square] = index
    g.masks.mark(square, g.terrain_types[index] if index >= 0 else None)


def _unlay(g: Game, record: tuple[int, int, bool]) -> None:
    """Undo of :func:`lay`: the square as it was."""
    square, index, terrain_on = record
    _mark(g, square, index)
    g.terrain_on = terrain_on


def fold_tables(g: Game) -> None:
    """Terrain never moves: the board's is folded into the base tables where it can be."""
    trail = g.trail
    layout = tuple(g.terrain)
    cache = g.rules.folded  # foldable layouts only
    tables = cache.get(layout)
    if tables is None and all(foldable(g.terrain_types[i]) for i in layout if i >= 0):
        tables = cache[layout] = BakedTables(g.rules, layout, g.terrain_types).tables
    trail.set_game_attr(g, "terrain_folded", tables is not None)
    trail.set_game_attr(g, "tables", g.rules.tables if tables is None else tables)


def kind_at(g: Game, square: int) -> TerrainType | None:
    """The terrain tile lying on a square (not a banner or the dragon), or None."""
    index = g.terrain[square]
    return g.terrain_types[index] if index >= 0 else None


def blocks(g: Game, square: int, what: str) -> bool:
    """Whether terrain on ``square`` has the property ``what`` (e.g. ``blocks_jump``)."""
    index = g.terrain[square]
    return index >= 0 and bool(getattr(g.terrain_types[index], what))


def open_squares(g: Game, squares: tuple[int, ...], first: bool = False) -> list[int]:
    """Those of ``squares`` a tile may be placed on: empty of troops, banners and the dragon,
    on no terrain that forbids placing a tile (with ``first``, only the first such square)."""
    board = g.board
    dragon = g.dragon.square
    placing = g.masks.placing
    flags = g.flags  # most game sets have none: no list of their squares is made
    found = []
    for n in squares:
        if board[n] < 0 and n != dragon and placing[n] and not (flags and _banner_on(flags, n)):
            found.append(n)
            if first:
                break
    return found


def _banner_on(flags: list[Banner], square: int) -> bool:
    """Whether a banner lies on ``square``."""
    for flag in flags:  # noqa: SIM110 (a plain loop: compiled, no generator is made)
        if flag.square == square:
            return True
    return False


def bare_squares(g: Game, squares: tuple[int, ...]) -> list[int]:
    """Those of ``squares`` with no troop, terrain, banner or dragon: where terrain may be put
    at set-up."""
    board = g.board  # a troop stands on a square exactly where the board holds its code
    dragon_at = g.dragon.square
    found = [s for s in squares if board[s] < 0 and s != dragon_at]
    # Terrain and banners are looked for only where there are some (at set-up, mostly none).
    if g.terrain_on:
        laid = g.terrain
        found = [s for s in found if laid[s] < 0]
    if g.flags:
        banners = [flag.square for flag in g.flags]
        found = [s for s in found if s not in banners]
    return found


def occupied_by_terrain(g: Game) -> set[int]:
    """The squares that terrain, a banner or the dragon lie on (the squares not bare for
    terrain, troops aside)."""
    found = {s for s, index in enumerate(g.terrain) if index >= 0}
    found.update(flag.square for flag in g.flags)
    found.add(g.dragon.square)
    return found


def path_free(g: Game, cells: tuple[int, ...]) -> bool:
    """A Move's crossed squares hold no troop, no dragon and no terrain that blocks sliding."""
    board = g.board
    blocked = g.masks.blocks_slide
    dragon = g.dragon.square
    for q in cells:  # noqa: SIM110 (a plain loop: this runs for every Move)
        if board[q] >= 0 or q == dragon or blocked[q]:
            return False
    return True


def jump_ok(g: Game, paths: tuple[tuple[int, ...], ...]) -> bool:
    """A Jump's straight path, or with none some shortest path, crosses no terrain that blocks
    jumping."""
    blocked = g.masks.blocks_jump
    for path in paths:
        for q in path:
            if blocked[q]:
                break
        else:
            return True
    return False


def line_clear(g: Game, cells: tuple[int, ...]) -> bool:
    """A Strike's line of sight crosses no terrain that blocks it."""
    blocked = g.masks.blocks_strike_line
    for q in cells:  # noqa: SIM110 (a plain loop: this runs for every Strike)
        if blocked[q]:
            return False
    return True


def place_random(g: Game) -> None:
    """Set-up: each terrain tile placed at random (not chosen, not acting) goes on a bare
    square (an edge square if its placement is ``edge``)."""
    geometry = g.rules.geometry
    # The bare squares, in order (found once there is a tile to lay); each tile laid takes one.
    free: list[int] | None = None
    laid = False
    for index, count in g.extras.set_terrain:
        kind = g.terrain_types[index]
        if kind.acts or kind.placement == "chosen":
            continue
        if free is None:
            free = bare_squares(g, all_squares(geometry.size))
        for _ in range(count):
            squares = free
            if kind.placement == "edge":
                squares = [s for s in squares if geometry.on_edge(s)]
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

    def play_begins(self, g: Game) -> None:
        """The random terrain goes down, on bare squares."""
        place_random(g)

    def fields(self) -> tuple[str, ...]:
        """The terrain lying on the board, of every kind that neither acts nor is carried."""
        return ("terrain",)

    def read(self, g: Game, reading: Reading) -> None:
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

    def write(self, g: Game, data: dict[str, Any]) -> None:
        """The terrain lying on the board, square by square."""
        name = g.rules.geometry.name
        terrain = [
            {"tile": g.extras.terrain_types[t].name, "at": name(s)}
            for s, t in enumerate(g.terrain)
            if t >= 0
        ]
        if terrain:
            data["terrain"] = terrain

    def key_numbers(self, rules: Rules) -> int:
        """One number per square and kind of terrain."""
        return rules.geometry.size * kinds_of(rules)

    def key(self, g: Game, z: Zobrist, numbers: list[i64]) -> i64:
        """The terrain on the board, square by square."""
        key: i64 = 0
        if g.terrain_on:
            kinds = len(numbers) // g.size
            for index, kind in enumerate(g.terrain):
                if kind >= 0:
                    key ^= numbers[index * kinds + kind]
        return key


def kinds_of(rules: Rules) -> int:
    """How many kinds of terrain the rules' games with features have."""
    extras = rules.expanded
    return len(extras.terrain_types) if extras is not None else 0
