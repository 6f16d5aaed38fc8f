"""The swap matrix: tiles taking one slot of an army in turn, every army against every other.

The slot is the first listed tile that the game set's army holds; each listed tile takes its
place (set-up, bag, as ``--replace`` does). Cell (row R, column C) is the score of the army
with R in the slot against the army with C in the slot, over paired games (each seed twice,
seats swapped, the same bag draws). All the listed tiles sit together in the tile set's order,
right where the slot's tile sits, so every army's bag holds its slot tile at the same positions.

With one policy for both armies, a pair of (C, R) games is a pair of (R, C) games with the
armies' names exchanged (the players' seeds come from the game's seed and the seat), so only
the cells above the diagonal are played and each one below is its mirror: its pentanomial
counts reversed, its score one minus the other's. The diagonal is the army against itself: both
games of a pair are then one game played twice with the armies' names exchanged, so every pair
scores exactly one point of two and the cell is exactly 50% by construction; it is not played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as with_fields

from dukec.balance.plans import SlotPlan
from dukec.balance.run import Counter, Settings, run
from dukec.insight.matrix_result import Cell, CellSource, Matrix, mirrored, mirrored_decision
from dukec.stats.pairs import Pentanomial

Progress = Callable[[int], None]
"""Told how many games of the whole matrix have been played so far."""


def tested_cells(count: int, mirror: bool) -> int:
    """How many cells of a matrix of ``count`` tiles are tested for dominance: each unordered
    pair once with one policy, each ordered pair off the diagonal with two."""
    return count * (count - 1) // 2 if mirror else count * (count - 1)


def cell_settings(settings: Settings, count: int) -> Settings:
    """The settings each cell of a matrix of ``count`` tiles is played with: paired, and with
    ``--stop sprt`` at the familywise alpha over the number of tested cells (Bonferroni: a
    sequential test gives an answer, not a p-value, for Holm's procedure to sort), so that the
    whole matrix's chance of a false 'dominated' is at most alpha."""
    settings = with_fields(settings, paired=True)
    if settings.stop != "sprt":
        return settings
    mirror = settings.policies[0] == settings.policies[1]
    share = settings.criteria.alpha / tested_cells(count, mirror)
    return with_fields(settings, criteria=with_fields(settings.criteria, alpha=share))


def play_matrix(
    swap_plan: SlotPlan, settings: Settings, progress: Progress | None = None
) -> Matrix:
    """Play every cell that needs playing (all of them when the two armies' policies differ)."""
    alpha = settings.criteria.alpha
    settings = cell_settings(settings, len(swap_plan.names))
    mirror = settings.policies[0] == settings.policies[1]
    played: dict[tuple[str, str], Cell] = {}
    done = 0
    for i, row in enumerate(swap_plan.names):
        for j, column in enumerate(swap_plan.names):
            if mirror and j <= i:
                continue
            experiment = swap_plan.experiment(row, column)
            result = run(experiment, settings, observer=Counter(progress, done))
            done += result.tally.games
            played[(row, column)] = Cell(
                row, column, result.tally.pairs, CellSource.PLAYED, result.decision
            )
    return assemble(swap_plan, settings, played, alpha)


def assemble(
    swap_plan: SlotPlan, settings: Settings, played: dict[tuple[str, str], Cell], alpha: float
) -> Matrix:
    """The whole matrix from its played cells: with one policy, the diagonal exact and each
    cell below it the mirror of the one above."""
    mirror = settings.policies[0] == settings.policies[1]
    rows = []
    for row in swap_plan.names:
        cells = []
        for column in swap_plan.names:
            if (row, column) in played:
                cells.append(played[(row, column)])
            elif mirror and row == column:
                cells.append(Cell(row, column, Pentanomial(), CellSource.DIAGONAL))
            else:
                other = played[(column, row)]
                decision = mirrored_decision(other.decision) if other.decision else None
                cells.append(Cell(row, column, mirrored(other.pairs), CellSource.MIRROR, decision))
        rows.append(tuple(cells))
    return Matrix(swap_plan, settings, tuple(rows), alpha)


def cells_to_play(count: int, mirror: bool) -> int:
    """How many cells a matrix of ``count`` tiles plays."""
    return count * (count - 1) // 2 if mirror else count * count
