"""Statistics of paired games: pentanomial counts, the pair score's interval, its GSPRT.

A pair is one game seed played twice with the armies swapping seats. What army A scores over the
pair (0, 1/2, 1, 3/2 or 2 points) falls into one of five bins, named as fastchess and fishtest
name them: LL, LD, DD+WL, WD, WW. Pairs are independent where the games inside a pair are not
(they share the seed, hence the bag draws, and seat luck cancels), so statistics are taken over
pairs: the score is the mean pair score over two, its variance that of the pair distribution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dukec.balance.stats import Z95

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The score per game of each pentanomial bin: LL, LD, DD+WL, WD, WW."""

BINS = ("LL", "LD", "DD+WL", "WD", "WW")
"""The names of the five bins, army A's results first-game-and-second in any order."""

_EMPTY_BIN = 1e-3
"""The weight an empty bin gets in the likelihood ratio, so no outcome has probability zero."""


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Counts of pairs by what army A scored over the two games (DD and WL kept apart)."""

    ll: int = 0
    ld: int = 0
    dd: int = 0
    wl: int = 0
    wd: int = 0
    ww: int = 0

    def add(self, first: float, second: float) -> Pentanomial:
        """These counts with one more pair, army A scoring ``first`` then ``second`` points."""
        half_points = round(2 * first) + round(2 * second)
        if half_points == 2 and first != 0.5:
            return Pentanomial(self.ll, self.ld, self.dd, self.wl + 1, self.wd, self.ww)
        counts = [self.ll, self.ld, self.dd, self.wl, self.wd, self.ww]
        counts[(0, 1, 2, 4, 5)[half_points]] += 1
        return Pentanomial(*counts)

    @property
    def bins(self) -> tuple[int, int, int, int, int]:
        """The five counts LL, LD, DD+WL, WD, WW."""
        return (self.ll, self.ld, self.dd + self.wl, self.wd, self.ww)

    @property
    def pairs(self) -> int:
        """How many pairs were counted."""
        return sum(self.bins)

    @property
    def count(self) -> int:
        """The number of independent samples: pairs."""
        return self.pairs

    @property
    def mean(self) -> float:
        """Army A's score per game over the pairs (0.5 before any pair)."""
        if not self.pairs:
            return 0.5
        return sum(n * s for n, s in zip(self.bins, PAIR_SCORES, strict=True)) / self.pairs

    def smoothed_variance(self) -> float:
        """Variance of the pair score, with one LL and one WW pair added so it is never zero.

        The added pairs keep a run of identical pairs (an exact copy of a tile) from claiming a
        zero-width interval after a handful of pairs; their weight fades as pairs accumulate.
        """
        counts = list(self.bins)
        counts[0] += 1
        counts[-1] += 1
        total = sum(counts)
        mean = sum(n * s for n, s in zip(counts, PAIR_SCORES, strict=True)) / total
        return sum(n * (s - mean) ** 2 for n, s in zip(counts, PAIR_SCORES, strict=True)) / total

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the score: mean ± z·sqrt(variance / pairs), within [0, 1]."""
        if not self.pairs:
            return (0.0, 1.0)
        half = Z95 * math.sqrt(self.smoothed_variance() / self.pairs)
        return (max(0.0, self.mean - half), min(1.0, self.mean + half))

    def llr(self, score0: float, score1: float) -> float:
        """The GSPRT log-likelihood ratio of H1 (mean score1) over H0 (mean score0).

        Each hypothesis is fitted by maximum likelihood: the pentanomial distribution nearest the
        observed one whose mean is the hypothesis's score (Van den Bergh's multinomial MLE under
        a mean constraint, as fishtest and fastchess compute it). Empty bins weigh 1e-3 pairs.
        """
        if not self.pairs:
            return 0.0
        weights = [float(n) if n else _EMPTY_BIN for n in self.bins]
        total = sum(weights)
        observed = [w / total for w in weights]
        fitted0 = constrained_mle(observed, score0)
        fitted1 = constrained_mle(observed, score1)
        return total * sum(
            p * (math.log(q1) - math.log(q0))
            for p, q0, q1 in zip(observed, fitted0, fitted1, strict=True)
        )


def constrained_mle(observed: list[float], score: float) -> list[float]:
    """The distribution over ``PAIR_SCORES`` of mean ``score`` most likely to give ``observed``.

    It is observed_i / (1 + theta (a_i - score)) for the theta that makes the mean ``score``:
    theta solves sum observed_i (a_i - s) / (1 + theta (a_i - s)) = 0, a decreasing function of
    theta between the poles -1/(a_max - s) and -1/(a_min - s); found by bisection.
    """
    offsets = [a - score for a in PAIR_SCORES]
    low = -1.0 / offsets[-1]
    high = -1.0 / offsets[0]

    def slope(theta: float) -> float:
        return sum(p * d / (1.0 + theta * d) for p, d in zip(observed, offsets, strict=True))

    # 60 halvings take the bracket far below any difference a float can hold.
    for _ in range(60):
        middle = (low + high) / 2.0
        if slope(middle) > 0.0:
            low = middle
        else:
            high = middle
    theta = (low + high) / 2.0
    return [p / (1.0 + theta * d) for p, d in zip(observed, offsets, strict=True)]
