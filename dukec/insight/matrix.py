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

from dukec.balance.decision import Outcome, fixed_decision
from dukec.balance.experiments import (
    AB_SET,
    BA_SET,
    Experiment,
    ExperimentError,
    army_tiles,
    combined_tileset,
    find_set,
    replace,
)
from dukec.balance.pairs import Pentanomial
from dukec.balance.play import check_playable
from dukec.balance.run import Counter, Settings, run
from dukec.balance.stats import elo
from dukec.balance.tally import finite, pair_numbers
from dukec.names import lookup
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
        raise ExperimentError(unknown_tile_message(name, known))
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
    """One cell: the row army's pairs against the column army, and where they come from."""

    row: str
    column: str
    pairs: Pentanomial
    source: CellSource
    decision: Outcome | None = None

    @property
    def score(self) -> float:
        """The row army's score per game."""
        return self.pairs.mean

    def interval(self) -> tuple[float, float]:
        """The score's 95% interval (a point on the diagonal, which is exact)."""
        if self.source == CellSource.DIAGONAL:
            return (0.5, 0.5)
        return self.pairs.interval()

    def verdict(self, settings: Settings) -> Outcome:
        """Whether the row army is stronger, weaker, fair or not yet known (the diagonal is
        exactly fair): the sequential test's answer where it decided, else a fixed-length one."""
        if self.source == CellSource.DIAGONAL:
            return Outcome.FAIR
        if self.decision is not None and self.decision is not Outcome.INCONCLUSIVE:
            return self.decision
        return fixed_decision(self.pairs, settings.criteria).outcome

    def to_json(self, settings: Settings) -> dict[str, Any]:
        """The cell's numbers for JSON."""
        numbers = pair_numbers(self.pairs)
        low, high = self.interval()
        numbers.update(
            score=self.score,
            score_ci95=[low, high],
            score_pm=(high - low) / 2,
            elo=finite(elo(self.score)),
            elo_ci95=[finite(elo(low)), finite(elo(high))],
            verdict=self.verdict(settings).value,
        )
        return {
            "row": self.row,
            "column": self.column,
            "source": self.source.value,
            "games": 2 * self.pairs.pairs,
            **numbers,
            "stopped": self.decision.value if self.decision is not None else None,
        }


def mirrored(pairs: Pentanomial) -> Pentanomial:
    """The same pairs counted for the other army: LL and WW, LD and WD exchanged."""
    return Pentanomial(pairs.ww, pairs.wd, pairs.dd, pairs.wl, pairs.ld, pairs.ll)


@dataclass(frozen=True, slots=True)
class Matrix:
    """Every cell of a swap matrix, row by row, with how it was played."""

    plan: SlotPlan
    settings: Settings
    cells: tuple[tuple[Cell, ...], ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The tiles, in the order given."""
        return self.plan.names

    def cell(self, row: str, column: str) -> Cell:
        """The cell of ``row`` against ``column``."""
        return self.cells[self.names.index(row)][self.names.index(column)]

    def dominated(self) -> dict[str, list[str]]:
        """Each dominated tile and the tiles that dominate it.

        A tile is dominated when another tile, in its place, beats it with the whole 95%
        interval above 50%: the cell (other, tile) says 'stronger'.
        """
        found: dict[str, list[str]] = {}
        for column in self.names:
            beaters = [
                row
                for row in self.names
                if row != column
                and self.cell(row, column).verdict(self.settings) is Outcome.STRONGER
            ]
            if beaters:
                found[column] = beaters
        return found

    def to_json(self) -> dict[str, Any]:
        """The matrix as a JSON document."""
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
            "paired": True,
            "cells": [cell.to_json(self.settings) for row in self.cells for cell in row],
            "dominated": self.dominated(),
        }


def play_matrix(
    swap_plan: SlotPlan, settings: Settings, progress: Progress | None = None
) -> Matrix:
    """Play every cell that needs playing (all of them when the two armies' policies differ)."""
    settings = with_fields(settings, paired=True)
    names = swap_plan.names
    mirror = settings.policies[0] == settings.policies[1]
    played: dict[tuple[str, str], Cell] = {}
    done = 0

    for i, row in enumerate(names):
        for j, column in enumerate(names):
            if mirror and j <= i:
                continue
            experiment = swap_plan.experiment(row, column)
            check_playable(experiment.tileset, experiment.sets)
            result = run(experiment, settings, observer=Counter(progress, done))
            done += result.tally.games
            played[(row, column)] = Cell(
                row, column, result.tally.pairs, CellSource.PLAYED, result.decision.outcome
            )
    rows = []
    for row in names:
        cells = []
        for column in names:
            if (row, column) in played:
                cells.append(played[(row, column)])
            elif mirror and row == column:
                cells.append(Cell(row, column, Pentanomial(), CellSource.DIAGONAL))
            else:
                other = played[(column, row)]
                decision = other.decision.mirrored() if other.decision is not None else None
                cells.append(Cell(row, column, mirrored(other.pairs), CellSource.MIRROR, decision))
        rows.append(tuple(cells))
    return Matrix(swap_plan, settings, tuple(rows))


def cells_to_play(count: int, mirror: bool) -> int:
    """How many cells a matrix of ``count`` tiles plays."""
    return count * (count - 1) // 2 if mirror else count * count
