"""Describe: figures that characterise a tile without playing a game, and how it compares.

On an empty board (6x6 unless told), with the tile on each square in turn: how many squares it
can move to (an icon whose effect is to move: to its square, or along its line to the edge for
a directed one, as Slide and Jump Slide), and how many it attacks (the squares of the icons
that move or strike there and may capture: a non-capture icon's squares are reached, not
attacked); each as a mean over the squares and a range. How different the two sides are is the
share of icons (kind and square) that are on one side only: 0 for identical sides, 1 for sides
with nothing in common. Each figure is ranked among the base set's troop tiles as a percentile
(ties count half).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dukec.icons import Effect
from dukec.workbench.tiles import SIDES, PlacedIcon, TileView, all_tiles

BOARD = (6, 6)


@dataclass(frozen=True, slots=True)
class Spread:
    """A mean over every square of the board, and the smallest and largest value."""

    mean: float
    low: int
    high: int

    @staticmethod
    def of(values: Sequence[int]) -> Spread:
        """The spread of some counts."""
        return Spread(sum(values) / len(values), min(values), max(values))

    def text(self) -> str:
        """`3.33 (2-4)`."""
        return f"{self.mean:.2f} ({self.low}-{self.high})"


@dataclass(frozen=True, slots=True)
class SideFigures:
    """One side's figures."""

    reachable: Spread
    attacked: Spread


@dataclass(frozen=True, slots=True)
class Figures:
    """A tile's figures: each side's, and how different the sides are."""

    name: str
    sides: Mapping[str, SideFigures]
    difference: float

    def values(self) -> dict[str, float]:
        """The figures that are ranked, by name."""
        values = {"difference": self.difference}
        for side, figures in self.sides.items():
            values[f"{side} reachable"] = figures.reachable.mean
            values[f"{side} attacked"] = figures.attacked.mean
        return values


def _on_board(square: tuple[int, int], board: tuple[int, int]) -> bool:
    return 0 <= square[0] < board[0] and 0 <= square[1] < board[1]


def _unit(value: int) -> int:
    return (value > 0) - (value < 0)


def targets(
    icons: Iterable[PlacedIcon], square: tuple[int, int], board: tuple[int, int] = BOARD
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Squares the tile on ``square`` of an empty board can move to, and those it attacks."""
    moves: set[tuple[int, int]] = set()
    x, y = square
    attacks: set[tuple[int, int]] = set()
    for icon in icons:
        dx, dy = icon.at
        entry = icon.icon
        if entry.effect is not Effect.MOVE and entry.effect is not Effect.STRIKE:
            continue
        reached: list[tuple[int, int]] = []
        if not entry.geometry.directed:
            target = (x + dx, y + dy)
            if _on_board(target, board):
                reached.append(target)
        else:
            step = (_unit(dx), _unit(dy))
            k = entry.geometry.ray_start
            while _on_board((x + k * step[0], y + k * step[1]), board):
                reached.append((x + k * step[0], y + k * step[1]))
                k += 1
        if entry.effect is Effect.MOVE:
            moves.update(reached)
        if entry.captures_any:
            attacks.update(reached)
    return moves, attacks


def side_figures(icons: Sequence[PlacedIcon], board: tuple[int, int] = BOARD) -> SideFigures:
    """Reachable and attacked squares from every square of an empty board."""
    reach, attack = [], []
    for x in range(board[0]):
        for y in range(board[1]):
            moves, attacked = targets(icons, (x, y), board)
            reach.append(len(moves))
            attack.append(len(attacked))
    return SideFigures(Spread.of(reach), Spread.of(attack))


def difference(tile: TileView) -> float:
    """The share of icons (kind and square) on one side only."""
    front = {(icon.icon, icon.at) for icon in tile.front}
    back = {(icon.icon, icon.at) for icon in tile.back}
    union = front | back
    return len(front ^ back) / len(union) if union else 0.0


def figures(tile: TileView, board: tuple[int, int] = BOARD) -> Figures:
    """Every figure of one tile."""
    sides = {side: side_figures(tile.side(side), board) for side in SIDES}
    return Figures(tile.name, sides, difference(tile))


def base_troops(tileset: Mapping[str, Any], set_name: str = "base") -> list[TileView]:
    """The troop tiles the named set's armies use (start or bag), in name order."""
    names: set[str] = set()
    for game_set in tileset.get("sets", []):
        if game_set["name"] != set_name:
            continue
        for army in game_set["armies"]:
            entries = (*army["start"], *army["bag"])  # a start entry of a class: from the bag
            names.update(entry["tile"] for entry in entries if "tile" in entry)
    return [tile for tile in all_tiles(tileset) if tile.name in names and tile.kind == "troop"]


def percentile(value: float, population: Sequence[float]) -> float:
    """Where ``value`` ranks in ``population``, 0 to 100; ties count half."""
    if not population:
        return 0.0
    below = sum(1 for other in population if other < value - 1e-9)
    equal = sum(1 for other in population if abs(other - value) <= 1e-9)
    return 100.0 * (below + equal / 2) / len(population)


def percentiles(tile: Figures, population: Sequence[Figures]) -> dict[str, float]:
    """Each ranked figure's percentile among the population's."""
    values = tile.values()
    return {
        name: percentile(value, [other.values()[name] for other in population])
        for name, value in values.items()
    }


def report(tile: TileView, base: Sequence[TileView], board: tuple[int, int] = BOARD) -> str:
    """The describe report as text."""
    own = figures(tile, board)
    population = [figures(other, board) for other in base]
    ranks = percentiles(own, population)
    files, ranks_count = board
    squares = files * ranks_count
    lines = [
        f"{tile.name} on an empty {files}x{ranks_count} board, from each of its {squares} squares"
        " (mean, range):",
        f"{'':20}{'front':>14}{'back':>14}    percentile (front, back)",
    ]
    for label, key in (("squares reachable", "reachable"), ("squares attacked", "attacked")):
        front, back = own.sides["front"], own.sides["back"]
        front_spread: Spread = getattr(front, key)
        back_spread: Spread = getattr(back, key)
        lines.append(
            f"{label:20}{front_spread.text():>14}{back_spread.text():>14}    "
            f"{ranks[f'front {key}']:.0f}, {ranks[f'back {key}']:.0f}"
        )
    lines.append(f"{'sides differ':20}{own.difference:>14.2f}{'':14}    {ranks['difference']:.0f}")
    lines.append(
        f"Percentile: the rank among the base set's {len(base)} troop tiles "
        "(0 lowest, 100 highest, ties half)."
    )
    return "\n".join(lines) + "\n"
