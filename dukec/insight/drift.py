"""Whether a stored head-to-head has drifted: a two-sample test on the combined standard error.

A manifest stores an experiment's score ``s0`` (army A's score per game, over pairs) and its
standard error ``e0``. A check plays the same experiment again from another seed and measures
``s1`` with ``e1``. The two runs share no game, so when nothing has changed the difference
``s1 - s0`` is normal about 0 with standard deviation ``sigma = sqrt(e0^2 + e1^2)`` (the central
limit theorem over pairs), and the check calls it drift when ``|s1 - s0| > z * sigma``, ``z`` the
two-sided normal quantile of ``alpha``: an unchanged tile raises a false alarm in ``alpha`` of
checks, from any seed.

An edit that moves the head-to-head by ``delta`` Elo moves the score by
``D = E(elo(s0) + delta) - s0`` (E the logistic expected score); the check catches it with power
``Phi(|D| / sigma - z) + Phi(-|D| / sigma - z)``. Of ``+delta`` and ``-delta`` the smaller move
is the one stated (the harder one to catch). With both runs of ``n`` games, ``sigma`` shrinks
as ``1 / sqrt(n)``, which gives the games a stated power needs.

The test works on the score, not the Elo: the score of a run is a mean over independent pairs,
so its normal law is good at any Elo, where the Elo's is stretched at a lopsided score.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from dukec.stats.stats import elo, expected_score, z_for

DEFAULT_ALPHA = 0.01
"""The false-alarm rate of a check: one unchanged experiment in a hundred is called drifted."""

DEFAULT_MARGIN = 60.0
"""The drift, in Elo, a check is built to catch (its power is stated against it)."""

WANTED_POWER = 0.9
"""The power against the margin below which recording a manifest says to play more games."""

_NORMAL = NormalDist()


def score_shift(score: float, drift: float) -> float:
    """How far the score moves when the head-to-head moves by ``drift`` Elo either way: the
    smaller of the two moves (the harder to catch); 0 at a score of 0 or 1."""
    if not 0.0 < score < 1.0:
        return 0.0
    centre = elo(score)
    return min(
        abs(expected_score(centre + drift) - score),
        abs(expected_score(centre - drift) - score),
    )


def power(score: float, sigma: float, drift: float, alpha: float) -> float:
    """The chance that a check with combined standard error ``sigma`` calls a move of ``drift``
    Elo drifted, at false-alarm rate ``alpha``."""
    if sigma <= 0.0:
        return 1.0
    z = z_for(alpha / 2.0)
    shift = score_shift(score, drift) / sigma
    return _NORMAL.cdf(shift - z) + _NORMAL.cdf(-shift - z)


def expected_power(score: float, score_se: float, drift: float, alpha: float) -> float:
    """The power of a check whose run is as long as the stored one (the same standard error)."""
    return power(score, math.sqrt(2.0) * score_se, drift, alpha)


def games_for_power(
    score: float, score_se: float, games: int, drift: float, alpha: float, wanted: float
) -> int | None:
    """The games (even) that the stored run and its check should each play for power ``wanted``
    against ``drift`` Elo, from a stored run of ``games`` games; None at a score of 0 or 1
    (or an alpha so small that no run reaches it)."""
    shift = score_shift(score, drift)
    needed = z_for(alpha / 2.0) + z_for(1.0 - wanted)
    if shift <= 0.0 or not math.isfinite(needed):
        return None
    # sigma(n) = sqrt(2) * se * sqrt(games / n) must be at most shift / needed.
    count = math.ceil(2.0 * score_se**2 * games * (needed / shift) ** 2)
    return max(2, count + count % 2)


@dataclass(frozen=True, slots=True)
class Drift:
    """One check's finding: the two scores, their errors, and whether they differ by more
    than chance allows."""

    stored: float
    stored_se: float
    now: float
    now_se: float
    alpha: float

    @property
    def sigma(self) -> float:
        """The standard error of the difference: the two errors added in quadrature."""
        return math.hypot(self.stored_se, self.now_se)

    @property
    def z(self) -> float:
        """The difference in standard errors."""
        difference = self.now - self.stored
        if self.sigma <= 0.0:
            return 0.0 if difference == 0.0 else math.copysign(math.inf, difference)
        return difference / self.sigma

    @property
    def threshold(self) -> float:
        """The |z| beyond which a check calls drift."""
        return z_for(self.alpha / 2.0)

    @property
    def drifted(self) -> bool:
        """Whether the scores differ by more than chance allows at ``alpha``."""
        return abs(self.z) > self.threshold

    def elo_change(self) -> tuple[float, tuple[float, float]]:
        """The change in Elo, with the interval the test uses (the score's difference
        +/- z sigma, mapped to Elo from the stored score)."""
        base = elo(self.stored)
        spread = self.threshold * self.sigma
        low, high = self.now - self.stored - spread, self.now - self.stored + spread
        return (
            elo(self.now) - base,
            (elo(_clip(self.stored + low)) - base, elo(_clip(self.stored + high)) - base),
        )


def _clip(score: float) -> float:
    return min(1.0, max(0.0, score))
