"""Board pictures: a game position laid out as shapes for the SVG and PNG back-ends.

Each troop tile is a small card of its current side (the card drawing of :mod:`card`), framed
in its owner's colour; the second player's cards are turned half round, as they stand on the
table. Terrain, Flags, the Dragon (its grid turned the way it faces), frozen and settled tiles,
the last action, a Duke in Guard and the file and rank labels are drawn around them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeAlias

from dukec.engine import Game, Phase, Rules
from dukec.engine.extras import TerrainType
from dukec.icons import Icon
from dukec.workbench.card import side_shapes
from dukec.workbench.grid import grid_bounds, square_panel
from dukec.workbench.icon_shapes import shape_drawing
from dukec.workbench.marks import Marks, last_marks
from dukec.workbench.palette import INK, PAPER
from dukec.workbench.shapes import Circle, Drawing, Line, Polygon, Rect, Shape, Text
from dukec.workbench.tiles import SIDES, PlacedIcon, TileView

if TYPE_CHECKING:

    class OverEngine(Protocol):
        """A game over the engine's (``dukec.Game``): the pictures draw the one under it."""

        @property
        def engine(self) -> Game: ...

    #: A game as the pictures take it: the engine's, or the library's over it.
    AnyGame: TypeAlias = Game | OverEngine

# === Geometry and colours ===

#: Side of a board square, and the gap between a square's edge and the card on it.
SQUARE = 100.0
INSET = 6.0
MARGIN = 14.0
LABEL = 26.0
CAPTION = 34.0

FRAME = "#4a3f30"
SQUARE_FILL = "#b9ad90"
SQUARE_LINE = "#6b5b45"
LABEL_INK = "#f3ead3"
#: The first player's tiles are framed in blue, the second player's in orange.
OWNER_COLOURS = ("#2a62b0", "#d06a12")
NOBODY = "#8a8a8a"
TERRAIN_FILL = "#857a68"
DRAGON_COLOUR = "#6a1b9a"
LAST_FILL = "#f2d457"
LAST_ARROW = "#2e8b57"
STRIKE_COLOUR = "#d0312d"
STRIKE_FILL = "#f0a39c"
GUARD_COLOUR = "#d0312d"
FROST = "#3a7bd5"
#: The mark of a frozen tile: six spokes, a frost mark (the shape cards draw Dread with).
FROST_SHAPE = "spokes"


# === Shapes moved and turned ===


def moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A shape shifted by (dx, dy)."""
    if isinstance(shape, Rect | Text):
        return replace(shape, x=round(shape.x + dx, 3), y=round(shape.y + dy, 3))
    if isinstance(shape, Circle):
        return replace(shape, cx=round(shape.cx + dx, 3), cy=round(shape.cy + dy, 3))
    if isinstance(shape, Line):
        return replace(
            shape,
            x1=round(shape.x1 + dx, 3),
            y1=round(shape.y1 + dy, 3),
            x2=round(shape.x2 + dx, 3),
            y2=round(shape.y2 + dy, 3),
        )
    points = tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in shape.points)
    return replace(shape, points=points)


def turned(shape: Shape, cx: float, cy: float) -> Shape:
    """A shape turned half round about (cx, cy)."""
    if isinstance(shape, Rect):
        x, y = 2 * cx - shape.x - shape.width, 2 * cy - shape.y - shape.height
        return replace(shape, x=round(x, 3), y=round(y, 3))
    if isinstance(shape, Text):
        x, y = 2 * cx - shape.x, 2 * cy - shape.y
        return replace(shape, x=round(x, 3), y=round(y, 3), upside_down=not shape.upside_down)
    if isinstance(shape, Circle):
        return replace(shape, cx=round(2 * cx - shape.cx, 3), cy=round(2 * cy - shape.cy, 3))
    if isinstance(shape, Line):
        return replace(
            shape,
            x1=round(2 * cx - shape.x1, 3),
            y1=round(2 * cy - shape.y1, 3),
            x2=round(2 * cx - shape.x2, 3),
            y2=round(2 * cy - shape.y2, 3),
        )
    points = tuple((round(2 * cx - x, 3), round(2 * cy - y, 3)) for x, y in shape.points)
    return replace(shape, points=points)


# === Cards on squares ===

#: A card on the board: (tile type, side, owner).
CardKey = tuple[int, int, int]


def card_shapes(view: TileView, side: int, owner: int) -> tuple[Shape, ...]:
    """A tile's current side as a card filling a square whose top-left corner is (0, 0)."""
    size = SQUARE - 2 * INSET
    panel = square_panel(grid_bounds(view), INSET, INSET, size)
    shapes: list[Shape] = side_shapes(view, SIDES[side], panel)
    shapes.append(Rect(INSET, INSET, size, size, None, OWNER_COLOURS[owner], 3.0))
    if owner == 1:
        shapes = [turned(shape, SQUARE / 2, SQUARE / 2) for shape in shapes]
    return tuple(shapes)


@dataclass(frozen=True, slots=True)
class Piece:
    """A card standing on the board with its square's top-left corner at (x, y)."""

    key: CardKey
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A board picture in layers: the empty board, shapes under the cards, the cards, shapes
    over them."""

    width: float
    height: float
    base: tuple[Shape, ...]
    under: tuple[Shape, ...]
    pieces: tuple[Piece, ...]
    over: tuple[Shape, ...]
    title: str


class CardBook:
    """The card shapes of each (tile type, side, owner) of one rule set, each drawn once."""

    def __init__(self, rules: Rules) -> None:
        self.views = [TileView.from_type(tile) for tile in rules.types]
        self._drawn: dict[CardKey, tuple[Shape, ...]] = {}

    def shapes(self, key: CardKey) -> tuple[Shape, ...]:
        """The shapes of one card at the origin."""
        found = self._drawn.get(key)
        if found is None:
            tile, side, owner = key
            found = self._drawn[key] = card_shapes(self.views[tile], side, owner)
        return found


def square_origin(game: Game, square: int) -> tuple[float, float]:
    """Top-left corner of a square, rank 1 at the bottom as the first player sees the board."""
    geometry = game.rules.geometry
    rank, file = divmod(square, geometry.files)
    return (LABEL + file * SQUARE, MARGIN + (geometry.ranks - 1 - rank) * SQUARE)


def _centre(game: Game, square: int) -> tuple[float, float]:
    x, y = square_origin(game, square)
    return (x + SQUARE / 2, y + SQUARE / 2)


def board_layout(game: Game, marks: Marks | None = None) -> BoardLayout:
    """The picture of ``game`` as it stands; ``marks`` default to its last action's."""
    marks = last_marks(game) if marks is None else marks
    geometry = game.rules.geometry
    width = LABEL + geometry.files * SQUARE + MARGIN
    height = MARGIN + geometry.ranks * SQUARE + LABEL + CAPTION
    base: list[Shape] = [Rect(0, 0, width, height, FRAME)]
    base.extend(_squares_and_labels(game))
    under: list[Shape] = list(_last_squares(game, marks))
    features = game.rules.expanded is not None
    if features:
        under.extend(_terrain(game))
    pieces = []
    for square in range(geometry.size):
        held = game.tile_at(square)
        if held is not None:
            pieces.append(Piece(held, *square_origin(game, square)))
    over: list[Shape] = []
    if features:
        over.extend(_terrain_tags(game))
        over.extend(_dragon(game))
        over.extend(_flags(game))
        over.extend(_frost(game))
    over.extend(_guard(game))
    over.extend(_last_arrow(game, marks))
    over.append(_caption(game, width, height))
    title = f"{game.rules.set_name}: ply {game.ply}, player {game.to_move} to move"
    return BoardLayout(width, height, tuple(base), tuple(under), tuple(pieces), tuple(over), title)


def flatten(layout: BoardLayout, book: CardBook) -> Drawing:
    """The layers as one drawing: every card's shapes moved onto its square."""
    shapes: list[Shape] = [*layout.base, *layout.under]
    for piece in layout.pieces:
        shapes.extend(moved(shape, piece.x, piece.y) for shape in book.shapes(piece.key))
    shapes.extend(layout.over)
    return Drawing(layout.width, layout.height, tuple(shapes), layout.title)


def engine_game(game: AnyGame) -> Game:
    """The engine's game of ``game``: itself, or the one under a ``dukec.Game``."""
    return game if isinstance(game, Game) else game.engine


def board_drawing(game: AnyGame, marks: Marks | None = None) -> Drawing:
    """The board of ``game`` (the engine's or a ``dukec.Game``) as a drawing for the SVG and
    PNG back-ends."""
    played = engine_game(game)
    return flatten(board_layout(played, marks), CardBook(played.rules))


def board_svg(game: AnyGame, marks: Marks | None = None) -> str:
    """The board of ``game`` as a standalone SVG document."""
    from dukec.workbench.svg import to_svg

    return to_svg(board_drawing(game, marks))


# === Board, labels and caption ===


def _squares_and_labels(game: Game) -> Iterable[Shape]:
    geometry = game.rules.geometry
    for square in range(geometry.size):
        x, y = square_origin(game, square)
        yield Rect(x, y, SQUARE, SQUARE, SQUARE_FILL, SQUARE_LINE, 1.5)
    bottom = MARGIN + geometry.ranks * SQUARE
    for file in range(geometry.files):
        x = LABEL + (file + 0.5) * SQUARE
        yield Text(x, bottom + 0.72 * LABEL, chr(ord("a") + file), 16, LABEL_INK, bold=True)
    for rank in range(geometry.ranks):
        y = MARGIN + (geometry.ranks - 1 - rank + 0.5) * SQUARE + 6
        yield Text(LABEL / 2, y, str(rank + 1), 16, LABEL_INK, bold=True)


def _caption(game: Game, width: float, height: float) -> Text:
    parts = []
    result = game.result
    if result is None:
        colour = "blue" if game.to_move == 0 else "orange"
        parts.append(f"player {game.to_move} ({colour}) to move")
    elif result.winner is None:
        parts.append(f"draw ({result.reason})")
    else:
        parts.append(f"player {result.winner} wins ({result.reason})")
    if game.phase is Phase.PLACING and game.drawn >= 0:
        parts.append(f"drawn: {game.rules.types[game.drawn].name}")
    parts.append(f"ply {game.ply}")
    parts.append(f"bags {len(game.bags[0])} / {len(game.bags[1])}")
    if game.keeps_scores():
        parts.append(f"scores {game.scores[0]}-{game.scores[1]}")
    for owner in (0, 1):
        if game.duke[owner] >= 0 and game.in_guard(owner):
            parts.append(f"player {owner}'s Duke in Guard")
    return Text(width / 2, height - CAPTION / 2 + 2, "  ·  ".join(parts), 14, LABEL_INK)


# === Marks ===


def _ring(x: float, y: float, colour: str, width: float) -> Rect:
    half = width / 2
    return Rect(x + half, y + half, SQUARE - width, SQUARE - width, None, colour, width)


def _last_squares(game: Game, marks: Marks) -> Iterable[Shape]:
    for square in (marks.frm, marks.to, marks.by):
        if square >= 0:
            x, y = square_origin(game, square)
            colour = STRIKE_FILL if marks.strike and square == marks.to else LAST_FILL
            yield Rect(x, y, SQUARE, SQUARE, colour, SQUARE_LINE, 1.5)


def _last_arrow(game: Game, marks: Marks) -> Iterable[Shape]:
    if marks.frm < 0 or marks.to < 0:
        return
    colour = STRIKE_COLOUR if marks.strike else LAST_ARROW
    if marks.by >= 0:
        yield from _arrow(_centre(game, marks.by), _centre(game, marks.frm), colour, 3.0)
    yield from _arrow(_centre(game, marks.frm), _centre(game, marks.to), colour, 6.0)


def _arrow(
    start: tuple[float, float], end: tuple[float, float], colour: str, width: float
) -> Iterable[Shape]:
    """A straight arrow from ``start`` to ``end``, its head clear of the name band of a card."""
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 3.2 * width
    tip_x, tip_y = x2 - ux * 0.06 * SQUARE, y2 - uy * 0.06 * SQUARE
    base_x, base_y = tip_x - ux * head, tip_y - uy * head
    yield Line(round(x1, 3), round(y1, 3), round(base_x, 3), round(base_y, 3), colour, width)
    wing = 0.6 * head
    yield Polygon(
        (
            (round(tip_x, 3), round(tip_y, 3)),
            (round(base_x - uy * wing, 3), round(base_y + ux * wing, 3)),
            (round(base_x + uy * wing, 3), round(base_y - ux * wing, 3)),
        ),
        colour,
        INK,
        1.0,
    )


def _guard(game: Game) -> Iterable[Shape]:
    for owner in (0, 1):
        duke = game.duke[owner]
        if duke >= 0 and game.in_guard(owner):
            x, y = square_origin(game, duke)
            yield _ring(x, y, GUARD_COLOUR, 5.0)
            # On the edge away from the card's name band (the far player's is at the top).
            top = y + 2 if owner == 0 else y + SQUARE - 16
            yield Rect(x + SQUARE - 44, top, 42, 14, GUARD_COLOUR)
            yield Text(x + SQUARE - 23, top + 11, "GUARD", 10, PAPER, bold=True)


# === Features: terrain, Flags, the Dragon, frozen tiles ===


def _terrain(game: Game) -> Iterable[Shape]:
    for square, kind in _lying(game):
        x, y = square_origin(game, square)
        yield Rect(x + 2, y + 2, SQUARE - 4, SQUARE - 4, TERRAIN_FILL, INK, 1.5)
        # A peak outline: terrain reads as terrain even without its name.
        yield Polygon(
            ((x + 22, y + 68), (x + 50, y + 26), (x + 78, y + 68)), "#a59c8a", "#5e5648", 2.0
        )
        if game.board[square] < 0:
            yield Text(x + SQUARE / 2, y + 86, kind.name, 13, PAPER, bold=True)


def _terrain_tags(game: Game) -> Iterable[Shape]:
    """A terrain tile's name over the card of a tile standing on it."""
    for square, kind in _lying(game):
        if game.board[square] >= 0:
            x, y = square_origin(game, square)
            width = 8 + 6.5 * len(kind.name)
            yield Rect(x + 2, y + 2, width, 15, TERRAIN_FILL, INK, 1.0)
            yield Text(x + 6, y + 13, kind.name, 10, PAPER, anchor="start", bold=True)


def _lying(game: Game) -> list[tuple[int, TerrainType]]:
    found = []
    for square in range(game.rules.geometry.size):
        kind = game.terrain_type(square)
        if kind is not None and not kind.carried and not kind.acts:
            found.append((square, kind))
    return found


def _flags(game: Game) -> Iterable[Shape]:
    for flag in game.flags:
        x, y = square_origin(game, flag.square)
        colour = NOBODY if flag.owner < 0 else OWNER_COLOURS[flag.owner]
        pole = x + SQUARE - 26
        yield Line(pole, y + 8, pole, y + 40, INK, 2.5)
        yield Polygon(((pole, y + 8), (x + SQUARE - 6, y + 16), (pole, y + 25)), colour, INK, 1.5)


def _dragon(game: Game) -> Iterable[Shape]:
    dragon = game.dragon
    if dragon.square < 0:
        return
    kind = game.terrain_types[dragon.kind]
    x, y = square_origin(game, dragon.square)
    view = _facing_view(kind, dragon.fx, dragon.fy)
    size = SQUARE - 2 * INSET
    panel = square_panel(grid_bounds(view), x + INSET, y + INSET, size)
    side = "back" if dragon.enraged else "front"
    yield from side_shapes(view, side, panel)
    yield Rect(x + INSET, y + INSET, size, size, None, DRAGON_COLOUR, 3.0)
    # A wedge on the edge it faces.
    cx, cy = x + SQUARE / 2, y + SQUARE / 2
    fx, fy = dragon.fx, -dragon.fy
    reach, wide = SQUARE / 2 - 1, 11.0
    tip = (cx + fx * reach, cy + fy * reach)
    base = (cx + fx * (reach - 12), cy + fy * (reach - 12))
    yield Polygon(
        (
            (round(tip[0], 3), round(tip[1], 3)),
            (round(base[0] - fy * wide, 3), round(base[1] + fx * wide, 3)),
            (round(base[0] + fy * wide, 3), round(base[1] - fx * wide, 3)),
        ),
        DRAGON_COLOUR,
        PAPER,
        1.5,
    )


def _facing_view(kind: TerrainType, fx: int, fy: int) -> TileView:
    """The acting terrain tile's grids turned so that its forward is the way it faces."""

    def turn(icons: Sequence[tuple[Icon, int, int]]) -> tuple[PlacedIcon, ...]:
        # Forward is (fx, fy) on the board; the tile's right is (fy, -fx).
        return tuple(
            PlacedIcon(icon, dx * fy + dy * fx, -dx * fx + dy * fy) for icon, dx, dy in icons
        )

    front, back = (turn(side) for side in kind.sides)
    return TileView(kind.name, "terrain", kind.count, (), front, back)


def _frost(game: Game) -> Iterable[Shape]:
    """A frost mark in the corner of a frozen tile; a settled tile's mark is dark."""
    for square in sorted(game.frozen | game.settled):
        x, y = square_origin(game, square)
        if game.board[square] & 1:  # away from the far player's name band, at the top
            y += SQUARE - 30
        settled = square in game.settled
        disc, ink = (INK, PAPER) if settled else (PAPER, FROST)
        yield Circle(x + 15, y + 15, 11, disc, ink, 1.5)
        yield from shape_drawing(FROST_SHAPE, x + 15, y + 15, 20, ink)


__all__ = [
    "BoardLayout",
    "CardBook",
    "CardKey",
    "Piece",
    "board_drawing",
    "board_layout",
    "board_svg",
    "flatten",
]
