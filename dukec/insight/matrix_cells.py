"""The swap matrix's cells, and the matrix they make: each cell's pairs, where they come from
(played, the mirror of a played cell, or the exact diagonal), and its own answer."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_fields
from enum import StrEnum
from typing import Any

from dukec.balance.plans import SlotPlan
from dukec.balance.run import Settings
from dukec.balance.tally import finite, pair_numbers
from dukec.stats.decision import Decision, Outcome
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import elo


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
