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
from dataclasses import dataclass
from dataclasses import replace as with_fields
from enum import StrEnum
from typing import Any

from dukec.balance.experiments import (
    AB_SET,
    BA_SET,
    Experiment,
    ExperimentError,
    UnknownName,
    army_tiles,
    combined_tileset,
    find_set,
    replace,
)
from dukec.balance.play import check_playable
from dukec.balance.run import Counter, Settings, run
from dukec.balance.tally import finite, pair_numbers
from dukec.names import lookup
from dukec.stats.decision import Decision, Outcome
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import elo
from dukec.workbench.tiles import unknown_tile_message

Progress = Callable[[int], None]
"""Told how many games of the whole matrix have been played so far."""


class CellSource(StrEnum):
    """Where a cell's numbers come from."""

    PLAYED = "played"
    MIRROR = "mirror"
    DIAGONAL = "diagonal"


@dataclass(frozen=True, slots=True)
class SlotPlan:
    """The listed tiles, the slot they take, and one army per tile, in one tile set."""

    names: tuple[str, ...]
    slot: str
    game: str
    tiles: dict[str, dict[str, Any]]
    order: tuple[str, ...]
    template: dict[str, Any]
    armies: dict[str, dict[str, Any]]

    def experiment(self, row: str, column: str) -> Experiment:
        """The army with ``row`` in the slot (army A) against the one with ``column``."""
        army_a, army_b = self.armies[row], self.armies[column]
        tileset = combined_tileset(
            self.tiles, self.template, [army_a, army_b], [army_b, army_a], list(self.order)
        )
        return Experiment(
            kind="swap",
            tileset=tileset,
            sets=(AB_SET, BA_SET),
            labels=(f"with {row}", f"with {column}"),
            subject=row,
            opponent=f"the army with {column}",
            game=self.game,
        )


def _resolve(name: str, known: list[str]) -> str:
    found = lookup(name, known)
    if found is None:
        raise UnknownName(unknown_tile_message(name, known))
    return found


def plan(
    tileset: dict[str, Any],
    set_name: str | None,
    names: list[str],
    source: dict[str, Any] | None = None,
) -> SlotPlan:
    """The slot plan of ``names`` (tiles of the set, or of ``source``, which wins a clash)."""
    game_set = find_set(tileset, set_name)
    extra = {tile["name"]: tile for tile in (source or {}).get("tiles", [])}
    own = {tile["name"]: tile for tile in tileset.get("tiles", [])}
    known = sorted(set(own) | set(extra))
    resolved = [_resolve(name, known) for name in names]
    if len(resolved) < 2:
        raise ExperimentError("a swap matrix needs at least two tiles")
    seen: set[str] = set()
    for name in resolved:
        if name in seen:
            raise ExperimentError(f"tile {name!r} is listed twice")
        seen.add(name)
    held = set().union(*(army_tiles(army) for army in game_set["armies"]))
    slot = next((name for name in resolved if name in held), None)
    if slot is None:
        raise ExperimentError(
            f"none of {', '.join(resolved)} is in an army of game set {game_set['name']!r}: "
            f"the first listed tile the army holds names the slot the others take"
        )
    tiles = {name: tile for name, tile in own.items()}
    armies = {slot: game_set["armies"][0]}
    listed = [name for name in resolved if name != slot]
    for name in listed:
        # The replacement checks each tile (kind, acting as the Duke) and sizes its count.
        swapped = replace(tileset, game_set["name"], slot, name, source)
        variant = swapped.tileset["sets"][0]["armies"][0]
        armies[name] = variant
        tiles[name] = next(t for t in swapped.tileset["tiles"] if t["name"] == name)
    order = [name for name in sorted(tiles) if name not in listed]
    at = order.index(slot) + 1
    order[at:at] = listed
    return SlotPlan(tuple(resolved), slot, game_set["name"], tiles, tuple(order), game_set, armies)


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: the row army's pairs against the column army, where they come from, and
    the cell's own answer (None on the diagonal, which is exact)."""

    row: str
    column: str
    pairs: Pentanomial
    source: CellSource
    decision: Decision | None = None

    @property
    def score(self) -> float:
        """The row army's score per game."""
        return self.pairs.mean

    def interval(self) -> tuple[float, float]:
        """The score's 95% interval (a point on the diagonal, which is exact)."""
        if self.source == CellSource.DIAGONAL:
            return (0.5, 0.5)
        return self.pairs.interval()

    @property
    def verdict(self) -> str:
        """'stronger', 'weaker', 'fair', 'inconclusive' (the row army against the column
        army, at the run's error rates), or 'exact' on the diagonal."""
        return "exact" if self.decision is None else self.decision.outcome.value

    @property
    def verdict_words(self) -> str:
        """The verdict in words: 'fair within ±30 Elo', 'inconclusive: play more games'..."""
        if self.decision is None:
            return "even by construction"
        return self.decision.words

    def to_json(self) -> dict[str, Any]:
        """The cell's numbers for JSON."""
        numbers = pair_numbers(self.pairs)
        low, high = self.interval()
        numbers.update(
            score=self.score,
            score_ci95=[low, high],
            score_pm=(high - low) / 2,
            elo=finite(elo(self.score)),
            elo_ci95=[finite(elo(low)), finite(elo(high))],
            verdict=self.verdict,
            verdict_words=self.verdict_words,
        )
        sequential = self.decision is not None and self.decision.method == "sequential"
        decided = sequential and self.verdict != Outcome.INCONCLUSIVE.value
        return {
            "row": self.row,
            "column": self.column,
            "source": self.source.value,
            "games": 2 * self.pairs.pairs,
            **numbers,
            "stopped": self.verdict if decided else None,
        }


def mirrored(pairs: Pentanomial) -> Pentanomial:
    """The same pairs counted for the other army: LL and WW, LD and WD exchanged."""
    return Pentanomial(pairs.ww, pairs.wd, pairs.dd, pairs.wl, pairs.ld, pairs.ll)


def mirrored_decision(decision: Decision) -> Decision:
    """The same answer for the other army: stronger and weaker exchanged, the Elo negated."""
    low, high = decision.elo_interval
    return with_fields(
        decision,
        outcome=decision.outcome.mirrored(),
        elo=-decision.elo,
        elo_interval=(-high, -low),
        edge=decision.edge.mirrored() if decision.edge is not None else None,
    )


@dataclass(frozen=True, slots=True)
class Matrix:
    """Every cell of a swap matrix, row by row, with how it was played.

    ``settings`` are the cells' (with ``--stop sprt`` their error rate is the familywise
    ``alpha`` shared out among the tested cells); ``alpha`` is the whole matrix's.
    """

    plan: SlotPlan
    settings: Settings
    cells: tuple[tuple[Cell, ...], ...]
    alpha: float

    @property
    def names(self) -> tuple[str, ...]:
        """The tiles, in the order given."""
        return self.plan.names

    @property
    def mirror(self) -> bool:
        """One policy for both armies: the cells below the diagonal mirror those above."""
        return self.settings.policies[0] == self.settings.policies[1]

    def cell(self, row: str, column: str) -> Cell:
        """The cell of ``row`` against ``column``."""
        return self.cells[self.names.index(row)][self.names.index(column)]

    def played(self) -> list[Cell]:
        """The cells played, row by row."""
        return [cell for row in self.cells for cell in row if cell.source is CellSource.PLAYED]

    def to_json(self) -> dict[str, Any]:
        """The matrix as a JSON document."""
        from dukec.insight.matrix_stats import readings

        mine, theirs = self.settings.policies
        return {
            "kind": "swap-matrix",
            "game": self.plan.game,
            "slot": self.plan.slot,
            "tiles": list(self.names),
            "seed": self.settings.seed,
            "policies": {"row": mine, "column": theirs},
            "games_per_cell": self.settings.games,
            "stop": (
                self.settings.criteria.rates("sequential")
                if self.settings.stop == "sprt"
                else self.settings.stop
            ),
            "cell_test": self.settings.criteria.rates(
                "sequential" if self.settings.stop == "sprt" else "fixed"
            ),
            "paired": True,
            "cells": [cell.to_json() for row in self.cells for cell in row],
            **readings(self),
        }


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
            check_playable(experiment.tileset, experiment.sets)
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
