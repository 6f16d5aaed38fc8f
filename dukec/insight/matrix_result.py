"""A played swap matrix: its cells (each cell's pairs, where they come from: played, the mirror
of a played cell, or the exact diagonal, and its own answer), and what the matrix says beyond
its cells.

- **Ratings**: a Bradley-Terry fit (:mod:`dukec.stats.bradley_terry`) over the played cells'
  pairs (a mirrored cell is the same games, the diagonal is exact: neither adds anything), with
  the slot's own tile at 0 Elo. With two policies the row policy's edge over the column's is
  fitted too (the diagonal cells measure it), so that a tile's rating is its own.
- **Transitivity**: the chi-squared test of :mod:`dukec.stats.transitivity`; where it rejects,
  the ratings are a summary the cells contradict, and the cells are the answer.
- **Dominated**: a tile is dominated when another tile in its place beats it. Each tested cell
  (each pair of tiles once with one policy; both orders with two, and then both must agree) is
  one test of an even score; with a fixed number of games Holm's procedure
  (:mod:`dukec.stats.holm`) keeps the chance of any false 'dominated' in the whole matrix at
  most alpha; with ``--stop sprt`` each cell's sequential test already ran at alpha over the
  number of tested cells (Bonferroni), and its answer is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_fields
from enum import StrEnum
from typing import Any

from dukec.balance.plans import SlotPlan
from dukec.balance.run import Settings
from dukec.balance.tally import finite, pair_numbers
from dukec.stats.bradley_terry import Fit, FitError, Pairing, fit
from dukec.stats.decision import Decision, Outcome
from dukec.stats.holm import holm, two_sided_p
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import elo
from dukec.stats.transitivity import summary


class CellSource(StrEnum):
    """Where a cell's numbers come from."""

    PLAYED = "played"
    MIRROR = "mirror"
    DIAGONAL = "diagonal"


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
        """The matrix as a JSON document: its cells, and what they say (:func:`readings`)."""
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


_METHOD = (
    "Bradley-Terry maximum likelihood over the played cells' games, {anchor} = 0; 95% "
    "intervals by the delta method (the larger of model and pair-clustered variance); a tile "
    "that won (or lost) every game against the rated ones gets a one-sided bound"
)


@dataclass(frozen=True, slots=True)
class CellTest:
    """One tested cell: the row tile against the column tile."""

    row: str
    column: str
    p_value: float | None
    """None for a sequential cell, which answers without one."""
    rejected: bool
    """An even score is rejected (at the familywise level)."""

    def winner(self, matrix: Matrix) -> str:
        """The tile whose army scored more in this cell."""
        return self.row if matrix.cell(self.row, self.column).score > 0.5 else self.column


def tile_fit(matrix: Matrix) -> Fit:
    """The tiles' ratings from the played cells, the slot's tile at 0 (FitError if the row
    policy won or lost nearly every game: no tile strength can be told from its edge)."""
    pairings = [Pairing(cell.row, cell.column, cell.pairs) for cell in matrix.played()]
    return fit(list(matrix.names), pairings, matrix.plan.slot, edge=not matrix.mirror)


def cell_tests(matrix: Matrix) -> list[CellTest]:
    """Every tested cell, with Holm's verdict (fixed length) or the cell's own (sequential)."""
    cells = [cell for cell in matrix.played() if cell.row != cell.column]
    if matrix.settings.stop == "sprt":
        return [CellTest(c.row, c.column, None, _different(c)) for c in cells]
    criteria = matrix.settings.criteria
    p_values = [two_sided_p(c.pairs, criteria.scores(c.pairs)[1]) for c in cells]
    rejected = holm(p_values, matrix.alpha)
    return [
        CellTest(c.row, c.column, p, r) for c, p, r in zip(cells, p_values, rejected, strict=True)
    ]


def _different(cell: Cell) -> bool:
    return cell.decision is not None and cell.decision.outcome.different


def dominated(matrix: Matrix, found: list[CellTest]) -> dict[str, list[str]]:
    """Each dominated tile and the tiles that dominate it (with two policies, a tile
    dominates another only when both orders of the pair say so)."""
    beats: dict[tuple[str, str], int] = {}
    for test in found:
        if test.rejected:
            winner = test.winner(matrix)
            loser = test.column if winner == test.row else test.row
            beats[(winner, loser)] = beats.get((winner, loser), 0) + 1
    needed = 1 if matrix.mirror else 2
    result: dict[str, list[str]] = {}
    for loser in matrix.names:
        by = [w for w in matrix.names if beats.get((w, loser), 0) >= needed]
        if by:
            result[loser] = by
    return result


def readings(matrix: Matrix) -> dict[str, Any]:
    """The ratings, the transitivity test and the dominated tiles, for the matrix's JSON."""
    found = cell_tests(matrix)
    document: dict[str, Any] = {
        "dominance": {
            "method": "bonferroni" if matrix.settings.stop == "sprt" else "holm",
            "familywise_alpha": matrix.alpha,
            "tested_cells": len(found),
            "tests": [
                {"row": t.row, "column": t.column, "p_value": t.p_value, "rejected": t.rejected}
                for t in found
            ],
        },
        "dominated": dominated(matrix, found),
    }
    try:
        tiles = tile_fit(matrix)
    except FitError as error:
        document["ratings"] = {"anchor": matrix.plan.slot, "note": str(error), "tiles": []}
        document["transitivity"] = None
        return document
    document["ratings"] = {
        "anchor": matrix.plan.slot,
        "method": _METHOD.format(anchor=matrix.plan.slot),
        "tiles": [{"tile": rating.name, **rating.to_json()} for rating in tiles.ratings],
        "row_policy_edge": tiles.edge.to_json() if tiles.edge is not None else None,
    }
    document["transitivity"] = summary(tiles, matrix.alpha, "tile")
    return document
