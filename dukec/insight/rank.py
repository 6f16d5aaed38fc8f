"""Tiles ranked by worth, with the uncertainty of a rank: tiles the games cannot tell apart share
a range of ranks.

Every tile is valued with the same master seed, so pair ``k`` of one tile's run and pair ``k``
of another's start from the same seed (the same bag draws). Two tiles are compared pair by pair:
``d_k = x_k - y_k``, the difference of army A's score per game in pair ``k``, has mean ``d`` and
standard error ``s / sqrt(m)`` over ``m`` pairs (``s`` the standard deviation of the ``d_k`` with
one difference of +1 and one of -1 added, so that it is never zero, as the evidence's variance
is); ``z = d / se`` and the two-sided p-value is ``2 (1 - Phi(|z|))``. Pairing by seed takes out
the luck the two runs share, so two tiles are told apart sooner than their two intervals side by
side would tell them.

The ``n (n - 1) / 2`` comparisons of a table are one family, decided by Holm's step-down
procedure at level ``alpha``: the chance that the table orders any two tiles of equal worth is at
most ``alpha``, whatever the others are worth. A comparison that rejects orders its two tiles by
the sign of ``d``. A tile's rank is then a range: from 1 + the number of tiles shown above it to
``n`` - the number shown below it; tiles not told apart have overlapping ranges, and a tile is
ranked first alone only when it is shown above every other.

Against the reference (the tile whose place the others take, worth 0), a tile is *more* or
*less* when the family orders the two, and *within +/-margin* when two one-sided tests show its
worth inside the margin, Holm-corrected over the tiles in the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from dukec.stats.decision import Criteria, Outcome

_NORMAL = NormalDist()


@dataclass(frozen=True, slots=True)
class Difference:
    """Two tiles compared pair by pair: the mean difference of their scores per game and its
    standard error."""

    mean: float
    standard_error: float
    sigma_pg: float
    """The standard deviation of one game's difference (a pair's times sqrt 2)."""

    def p_value(self, centre: float = 0.0) -> float:
        """The two-sided p-value of the hypothesis that the difference is ``centre``."""
        return 2.0 * _NORMAL.cdf(-abs(self.z(centre)))

    def z(self, centre: float = 0.0) -> float:
        """The difference from ``centre`` in standard errors."""
        if self.standard_error <= 0.0:
            return 0.0 if self.mean == centre else math.copysign(math.inf, self.mean - centre)
        return (self.mean - centre) / self.standard_error


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Difference:
    """The difference of two runs' scores, pair by pair over the pairs both played."""
    count = min(len(first), len(second))
    if count == 0:
        return Difference(0.0, math.inf, 0.0)
    differences = [first[k] - second[k] for k in range(count)]
    mean = sum(differences) / count
    padded = [*differences, 1.0, -1.0]
    centre = sum(padded) / len(padded)
    variance = sum((d - centre) ** 2 for d in padded) / len(padded)
    return Difference(mean, math.sqrt(variance / count), math.sqrt(2.0 * variance))


def holm(p_values: Sequence[float], alpha: float) -> list[bool]:
    """Holm's step-down procedure: which hypotheses are rejected, the family's chance of any
    false rejection being at most ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda index: p_values[index])
    rejected = [False] * len(p_values)
    for step, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - step):
            break
        rejected[index] = True
    return rejected


@dataclass(frozen=True, slots=True)
class Ranking:
    """Tiles with their rank ranges and the pairs of tiles the games ordered."""

    names: tuple[str, ...]
    ranks: tuple[tuple[int, int], ...]
    """(best, worst) rank of each tile, in the order of ``names``."""
    above: frozenset[tuple[int, int]]
    """(i, j): tile i shown worth more than tile j."""
    alpha: float

    @property
    def comparisons(self) -> int:
        """How many pairs of tiles the family holds."""
        return len(self.names) * (len(self.names) - 1) // 2

    def shown(self, index: int) -> str:
        """A tile's rank as a table prints it: '1', or '2-5' for a range."""
        best, worst = self.ranks[index]
        return str(best) if best == worst else f"{best}-{worst}"


def rank(names: Sequence[str], scores: Sequence[Sequence[float]], alpha: float) -> Ranking:
    """Rank tiles from their runs' scores per pair (same seeds), Holm over every pair of tiles."""
    count = len(names)
    pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
    differences = [paired_difference(scores[i], scores[j]) for i, j in pairs]
    rejected = holm([difference.p_value() for difference in differences], alpha)
    above: set[tuple[int, int]] = set()
    for (i, j), difference, ordered in zip(pairs, differences, rejected, strict=True):
        if ordered:
            above.add((i, j) if difference.mean > 0.0 else (j, i))
    ranks = tuple(
        (
            1 + sum((j, i) in above for j in range(count)),
            count - sum((i, j) in above for j in range(count)),
        )
        for i in range(count)
    )
    return Ranking(tuple(names), ranks, frozenset(above), alpha)


def against_reference(
    ranking: Ranking, scores: Sequence[Sequence[float]], reference: int, criteria: Criteria
) -> list[tuple[Outcome, Outcome | None] | None]:
    """Each tile's answer against the reference, and the edge of a fair one that the ranking
    orders all the same (None for the reference itself): within the margin when the
    equivalence tests (Holm over the tiles) show it, else more or less when the ranking orders
    the two, else inconclusive."""
    others = [index for index in range(len(ranking.names)) if index != reference]
    equivalence = []
    for index in others:
        difference = paired_difference(scores[index], scores[reference])
        low = criteria.model.score(criteria.centre - criteria.margin, difference.sigma_pg) - 0.5
        high = criteria.model.score(criteria.centre + criteria.margin, difference.sigma_pg) - 0.5
        # Two one-sided tests: the worth is above low, and below high; the larger p decides.
        if difference.standard_error <= 0.0:
            p = 0.0 if low < difference.mean < high else 1.0
        else:
            above_low = _NORMAL.cdf(-(difference.mean - low) / difference.standard_error)
            below_high = _NORMAL.cdf((difference.mean - high) / difference.standard_error)
            p = max(above_low, below_high)
        equivalence.append(p)
    fair = dict(zip(others, holm(equivalence, criteria.alpha), strict=True))
    outcomes: list[tuple[Outcome, Outcome | None] | None] = []
    for index in range(len(ranking.names)):
        ordered = None
        if (index, reference) in ranking.above:
            ordered = Outcome.STRONGER
        elif (reference, index) in ranking.above:
            ordered = Outcome.WEAKER
        if index == reference:
            outcomes.append(None)
        elif fair[index]:
            outcomes.append((Outcome.FAIR, ordered))
        else:
            outcomes.append((ordered or Outcome.INCONCLUSIVE, None))
    return outcomes
