"""Statistics of a run of games: scores, intervals, Elo, and the evidence a decision reads.

A game scores 1 for a win, 1/2 for a draw and 0 for a loss. Everything here is plain arithmetic
on counts, so it can be checked by hand. The evidence of a run is its results counted by score:
games as a trinomial (loss, draw, win) or, when each seed is played twice with the seats
swapped, pairs as a pentanomial (:mod:`dukec.stats.pairs`); both give a mean score, its
variance, an interval and the GSPRT's log-likelihood ratio (:mod:`dukec.stats.gsprt`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist
from typing import ClassVar

from dukec.stats import gsprt

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

NELO_PER_SD = 800.0 / math.log(10.0)
"""Normalized Elo per standard deviation of a game's score (fastchess, fishtest): a score edge
of one per-game standard deviation is 800 / ln 10 = 347.4 normalized Elo."""


def z_for(tail: float) -> float:
    """The standard normal quantile that leaves ``tail`` above it (z_for(0.025) = 1.96):
    infinite for a tail of 0 (an alpha so small that half of it rounds to 0)."""
    if tail <= 0.0:
        return math.inf
    if tail < 1e-9:
        # 1 - tail rounds towards 1 (and is 1 below 1e-16): take the lower tail, by symmetry.
        return -NormalDist().inv_cdf(tail)
    return NormalDist().inv_cdf(1.0 - tail)


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``score`` observed over ``games`` trials.

    centre = (p + z^2/2n) / (1 + z^2/n),  half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
    A draw counts as half a point; treating the score as a binomial proportion over-states its
    variance when there are draws, so the interval errs on the wide (honest) side.
    """
    if games <= 0:
        return (0.0, 1.0)
    n = float(games)
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (score + z2 / (2.0 * n)) / denominator
    half = z / denominator * math.sqrt(max(score * (1.0 - score), 0.0) / n + z2 / (4.0 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo(score: float) -> float:
    """Elo difference giving an expected ``score``: -400 log10(1/score - 1) (infinite at 0, 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo_difference: float) -> float:
    """Expected score for an Elo difference: 1 / (1 + 10^(-elo/400)) (10^(elo/400) where that
    power would pass the largest float: a difference of some -120,000 Elo, which the Elo of a
    score of 1e-300 is)."""
    exponent = -elo_difference / 400.0
    if exponent > 300.0:
        return math.pow(10.0, -exponent)
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def elo_interval(interval: tuple[float, float]) -> tuple[float, float]:
    """The Elo interval that maps from a score interval (Elo is increasing in the score)."""
    return (elo(interval[0]), elo(interval[1]))


def half_width(interval: tuple[float, float]) -> float:
    """Half the width of an interval: the '±' of a reported score."""
    return (interval[1] - interval[0]) / 2.0


def percent(value: float) -> str:
    """A proportion as a percentage with one decimal: 0.5834 -> '58.3%'."""
    return f"{100.0 * value:.1f}%"


def chance(value: float) -> str:
    """An error rate as a statement gives it: '5%', '1%'; below 1% with the digits it needs
    ('0.1%', '1e-298%'), so that a tiny rate is never shown as a rounded '0%'."""
    if value >= 0.01 or value <= 0.0:
        return f"{value:.0%}"
    return f"{100.0 * value:.2g}%"


class EloModel(Enum):
    """How a score is turned into Elo.

    Logistic Elo is the familiar scale: a 64% score is +100 Elo whoever plays. Normalized Elo
    (fastchess, fishtest) divides the score's edge by its per-game standard deviation, so that
    a margin in it asks for about the same number of games whatever the draw rate or pairing.
    """

    LOGISTIC = "logistic"
    NORMALIZED = "normalized"

    def score(self, value: float, sigma_pg: float) -> float:
        """The expected score of a difference of ``value`` Elo in this model."""
        if self is EloModel.LOGISTIC:
            return expected_score(value)
        return min(1.0, max(0.0, 0.5 + value / NELO_PER_SD * sigma_pg))

    def elo(self, score: float, sigma_pg: float) -> float:
        """The difference in this model's Elo that an expected ``score`` stands for."""
        if self is EloModel.LOGISTIC:
            return elo(score)
        if sigma_pg <= 0.0:
            return 0.0 if score == 0.5 else math.copysign(math.inf, score - 0.5)
        return (score - 0.5) / sigma_pg * NELO_PER_SD

    @property
    def unit(self) -> str:
        """'Elo' or 'nElo'."""
        return "Elo" if self is EloModel.LOGISTIC else "nElo"


class Scored:
    """Results counted by the score they gave: the mean, the variance, an interval, the LLR.

    A subclass names its scores (``SCORES``), how many games one result spans (``GAMES``) and
    its counts in that order (``bins``).
    """

    __slots__ = ()
    SCORES: ClassVar[tuple[float, ...]]
    GAMES: ClassVar[int]

    @property
    def bins(self) -> tuple[int, ...]:
        """The counts, one per score of ``SCORES``."""
        raise NotImplementedError

    @property
    def count(self) -> int:
        """How many independent results (games, or pairs) there are."""
        return sum(self.bins)

    @property
    def mean(self) -> float:
        """The score per game (0.5 before any result)."""
        count = self.count
        if not count:
            return 0.5
        return sum(n * s for n, s in zip(self.bins, self.SCORES, strict=True)) / count

    def variance(self) -> float:
        """The variance of one result's score per game, with one all-lost and one all-won result
        added so that it is never zero: a run of identical results (an exact copy of a tile)
        cannot claim a zero-width interval after a handful of them; the added weight fades."""
        counts = list(self.bins)
        counts[0] += 1
        counts[-1] += 1
        total = sum(counts)
        mean = sum(n * s for n, s in zip(counts, self.SCORES, strict=True)) / total
        return sum(n * (s - mean) ** 2 for n, s in zip(counts, self.SCORES, strict=True)) / total

    @property
    def sigma_pg(self) -> float:
        """The standard deviation of one game's score, as if games were independent (what a
        normalized Elo is measured in): a pair's variance times two."""
        return math.sqrt(self.GAMES * self.variance())

    def standard_error(self) -> float:
        """The standard error of the mean score."""
        return math.sqrt(self.variance() / max(self.count, 1))

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The interval mean ± z standard errors, within [0, 1] (95% by default)."""
        if not self.count:
            return (0.0, 1.0)
        half = z * self.standard_error()
        return (max(0.0, self.mean - half), min(1.0, self.mean + half))

    def llr(self, score0: float, score1: float) -> float:
        """The GSPRT log-likelihood ratio of H1 (mean score1) over H0 (mean score0)."""
        return gsprt.llr(self.bins, self.SCORES, score0, score1)

    def frequencies(self) -> list[float]:
        """The observed distribution over ``SCORES`` (an empty bin weighs 1e-3 results)."""
        return gsprt.frequencies(self.bins)[1]


@dataclass(frozen=True, slots=True)
class Trinomial(Scored):
    """Counts of games lost, drawn and won by army A."""

    SCORES: ClassVar[tuple[float, ...]] = (0.0, 0.5, 1.0)
    GAMES: ClassVar[int] = 1

    losses: int = 0
    draws: int = 0
    wins: int = 0

    def add(self, points: float) -> Trinomial:
        """These counts with one more game scoring ``points`` (0, 0.5 or 1)."""
        if points == 1.0:
            return Trinomial(self.losses, self.draws, self.wins + 1)
        if points == 0.5:
            return Trinomial(self.losses, self.draws + 1, self.wins)
        return Trinomial(self.losses + 1, self.draws, self.wins)

    @property
    def bins(self) -> tuple[int, ...]:
        """Losses, draws, wins."""
        return (self.losses, self.draws, self.wins)

    @property
    def games(self) -> int:
        """How many games were counted."""
        return self.losses + self.draws + self.wins


Evidence = Scored
"""What a decision reads: a run's games (a trinomial) or pairs (a pentanomial)."""


class SprtState(Enum):
    """Where one sequential probability ratio test stands."""

    CONTINUE = "continue"
    ACCEPT_H0 = "H0"
    ACCEPT_H1 = "H1"


@dataclass(frozen=True, slots=True)
class Sprt:
    """Wald's SPRT of H0 (mean score0) against H1 (mean score1) with error rates alpha, beta.

    Stop for H1 once LLR >= log((1 - beta) / alpha); for H0 once LLR <= log(beta / (1 - alpha)).
    """

    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        """The bound at or below which H0 is accepted (never, at a beta of 0)."""
        if self.beta <= 0.0:
            return -math.inf
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound at or above which H1 is accepted (never, at an alpha of 0: half the
        smallest alpha the options take rounds to 0)."""
        if self.alpha <= 0.0:
            return math.inf
        return math.log((1.0 - self.beta) / self.alpha)

    def state(self, llr: float) -> SprtState:
        """Accept H0, accept H1, or go on, for a log-likelihood ratio ``llr``."""
        if llr >= self.upper:
            return SprtState.ACCEPT_H1
        if llr <= self.lower:
            return SprtState.ACCEPT_H0
        return SprtState.CONTINUE
