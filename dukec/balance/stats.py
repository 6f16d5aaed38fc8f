"""Statistics of a run of games: scores, intervals, Elo, sequential stopping rules, the verdict.

A game scores 1 for a win, 1/2 for a draw and 0 for a loss. Intervals are 95% intervals.
Everything here is plain arithmetic on counts, so it can be checked by hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


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
    """Expected score for an Elo difference: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + math.pow(10.0, -elo_difference / 400.0))


def elo_interval(interval: tuple[float, float]) -> tuple[float, float]:
    """The Elo interval that maps from a score interval (Elo is increasing in the score)."""
    return (elo(interval[0]), elo(interval[1]))


class Verdict(Enum):
    """What an interval on a score says about 50%."""

    STRONGER = "stronger"
    NOT_DIFFERENT = "not different"
    WEAKER = "weaker"


def verdict(interval: tuple[float, float]) -> Verdict:
    """Stronger if the whole interval is above 50%, weaker if below, else not different."""
    low, high = interval
    if low > 0.5:
        return Verdict.STRONGER
    if high < 0.5:
        return Verdict.WEAKER
    return Verdict.NOT_DIFFERENT


def half_width(interval: tuple[float, float]) -> float:
    """Half the width of an interval: the '±' of a reported score."""
    return (interval[1] - interval[0]) / 2.0


def percent(value: float) -> str:
    """A proportion as a percentage with one decimal: 0.5834 -> '58.3%'."""
    return f"{100.0 * value:.1f}%"


# --- sequential stopping -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Moments:
    """Running sums of per-game scores: enough for a mean and a variance."""

    games: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, points: float) -> Moments:
        """These moments with one more game scoring ``points``."""
        return Moments(self.games + 1, self.total + points, self.squares + points * points)

    @property
    def mean(self) -> float:
        """Mean score per game (0.5 before any game)."""
        return self.total / self.games if self.games else 0.5

    def smoothed_variance(self) -> float:
        """Per-game score variance, with one added win and one added loss so it is never zero.

        The added pair keeps a run of nothing but wins from having zero variance (which would make
        the likelihood ratio undefined); its weight fades as games accumulate.
        """
        n = self.games + 2
        mean = (self.total + 1.0) / n
        return (self.squares + 1.0) / n - mean * mean

    @property
    def count(self) -> int:
        """The number of independent samples: games."""
        return self.games

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the mean score."""
        return wilson(self.mean, self.games)

    def llr(self, score0: float, score1: float) -> float:
        """The GSPRT log-likelihood ratio of H1 (mean score1) over H0 (mean score0)."""
        return gsprt_llr(self, score0, score1)


class Evidence(Protocol):
    """What a stopping rule reads: per-game moments, or pentanomial counts of paired games."""

    @property
    def count(self) -> int:
        """How many independent samples (games or pairs) there are."""
        ...

    @property
    def mean(self) -> float:
        """The mean score per game."""
        ...

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the score."""
        ...

    def llr(self, score0: float, score1: float) -> float:
        """The log-likelihood ratio of mean score1 over mean score0."""
        ...


def gsprt_llr(moments: Moments, score0: float, score1: float) -> float:
    """Log-likelihood ratio of H1 (mean score1) over H0 (mean score0), normal approximation.

    With per-game scores x_i of variance s^2:
    LLR = sum[(x_i - s0)^2 - (x_i - s1)^2] / 2s^2 = n (s1 - s0)(2 xbar - s0 - s1) / 2s^2.
    """
    if moments.games == 0:
        return 0.0
    variance = moments.smoothed_variance()
    return (
        moments.games
        * (score1 - score0)
        * (2.0 * moments.mean - score0 - score1)
        / (2.0 * variance)
    )


class SprtState(Enum):
    """Where one sequential probability ratio test stands."""

    CONTINUE = "continue"
    ACCEPT_H0 = "H0"
    ACCEPT_H1 = "H1"


@dataclass(frozen=True, slots=True)
class Sprt:
    """Wald's SPRT of H0 (Elo elo0) against H1 (Elo elo1) with error rates alpha and beta.

    Stop for H1 once LLR >= log((1 - beta) / alpha); for H0 once LLR <= log(beta / (1 - alpha)).
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        """The bound at or below which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound at or above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, evidence: Evidence) -> float:
        """The log-likelihood ratio for these games or pairs."""
        return evidence.llr(expected_score(self.elo0), expected_score(self.elo1))

    def state(self, evidence: Evidence) -> SprtState:
        """Accept H0, accept H1, or go on."""
        value = self.llr(evidence)
        if value >= self.upper:
            return SprtState.ACCEPT_H1
        if value <= self.lower:
            return SprtState.ACCEPT_H0
        return SprtState.CONTINUE


@dataclass(frozen=True, slots=True)
class SprtStop:
    """Stop once it is clear whether the score is above, below or within ``margin`` Elo of even.

    Two SPRTs side by side (Sobel and Wald's three-decision test): 0 against +margin, and 0
    against -margin. Either accepting its H1 decides 'stronger' or 'weaker'; both accepting H0
    decides 'not different (within the margin)'. With a ``centre`` other than 0 the same
    test is taken about that Elo difference instead of even (a target a tile should meet).
    """

    margin: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05
    centre: float = 0.0

    def decision(self, evidence: Evidence) -> Verdict | None:
        """The decision these games or pairs support, or None to go on playing."""
        centre = self.centre
        up = Sprt(centre, centre + self.margin, self.alpha, self.beta).state(evidence)
        down = Sprt(centre, centre - self.margin, self.alpha, self.beta).state(evidence)
        if up is SprtState.ACCEPT_H1:
            return Verdict.STRONGER
        if down is SprtState.ACCEPT_H1:
            return Verdict.WEAKER
        if up is SprtState.ACCEPT_H0 and down is SprtState.ACCEPT_H0:
            return Verdict.NOT_DIFFERENT
        return None

    def describe(self) -> str:
        """One line naming the test."""
        about = (
            f"{self.centre:+g} vs {self.centre:+g}±{self.margin:g}"
            if self.centre
            else (f"0 vs ±{self.margin:g}")
        )
        return f"SPRT: {about} Elo, alpha={self.alpha:g}, beta={self.beta:g}"


@dataclass(frozen=True, slots=True)
class WidthStop:
    """Stop once the score's 95% interval is no wider than ± ``width``."""

    width: float

    def decision(self, evidence: Evidence) -> Verdict | None:
        """The verdict of the interval once it is narrow enough, else None."""
        interval = evidence.interval()
        if evidence.count > 0 and half_width(interval) <= self.width:
            return verdict(interval)
        return None

    def describe(self) -> str:
        """One line naming the rule."""
        return f"interval width: stop at ±{percent(self.width)}"


StopRule = SprtStop | WidthStop
