"""The generalized SPRT's likelihood ratio for results that take a few scores.

A game scores 0, 1/2 or 1 (a trinomial); a pair of games, per game, 0, 1/4, 1/2, 3/4 or 1 (a
pentanomial). The observed frequencies p are the model; a hypothesis "the expected score is s"
is the distribution nearest p with mean s (the multinomial maximum-likelihood estimate under a
mean constraint, Van den Bergh's GSPRT as fishtest and fastchess compute it):

    q_i = p_i / (1 + theta (a_i - s)),   theta such that sum q_i a_i = s.

The log-likelihood ratio of H1 (mean s1) over H0 (mean s0) over n results is
n sum p_i log(q1_i / q0_i). Empty bins weigh 1e-3 results, so that no outcome has probability 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

EMPTY_BIN = 1e-3
"""The weight an empty bin gets, so no outcome has probability zero."""


def frequencies(counts: Sequence[int]) -> tuple[float, list[float]]:
    """The total weight and the observed distribution of ``counts`` (empty bins weigh 1e-3)."""
    weights = [float(n) if n else EMPTY_BIN for n in counts]
    total = sum(weights)
    return total, [w / total for w in weights]


def tilt(observed: Sequence[float], scores: Sequence[float], mean: float) -> list[float]:
    """The distribution over ``scores`` of mean ``mean`` most likely to give ``observed``.

    theta solves f(theta) = sum p_i d_i / (1 + theta d_i) = 0 with d_i = a_i - mean: f falls
    from +inf to -inf between the poles -1/d_max and -1/d_min, so Newton's method kept inside
    a bracket that halves when a step would leave it always converges.
    """
    offsets = [a - mean for a in scores]
    if not min(offsets) < 0.0 < max(offsets):
        raise ValueError(f"a mean score of {mean} is not between {min(scores)} and {max(scores)}")
    low, high = -1.0 / max(offsets), -1.0 / min(offsets)
    theta = 0.0
    for _ in range(200):
        slope = 0.0
        derivative = 0.0
        for p, d in zip(observed, offsets, strict=True):
            share = d / (1.0 + theta * d)
            slope += p * share
            derivative -= p * share * share
        if slope > 0.0:
            low = theta
        else:
            high = theta
        step = theta - slope / derivative if derivative < 0.0 else math.nan
        if not low < step < high:
            step = (low + high) / 2.0
        if abs(step - theta) <= 1e-15 * max(1.0, abs(theta)):
            theta = step
            break
        theta = step
    return [p / (1.0 + theta * d) for p, d in zip(observed, offsets, strict=True)]


def llr(counts: Sequence[int], scores: Sequence[float], score0: float, score1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (mean ``score1``) over H0 (mean ``score0``)."""
    if not sum(counts):
        return 0.0
    total, observed = frequencies(counts)
    fitted0 = tilt(observed, scores, score0)
    fitted1 = tilt(observed, scores, score1)
    return total * sum(
        p * (math.log(q1) - math.log(q0))
        for p, q0, q1 in zip(observed, fitted0, fitted1, strict=True)
    )


def llr_drift_variance(
    observed: Sequence[float],
    scores: Sequence[float],
    score0: float,
    score1: float,
    true_score: float,
) -> tuple[float, float]:
    """The mean and variance, per result, of the log-likelihood ratio's steps when results
    follow ``observed`` tilted to mean ``true_score`` (how the test's ratio drifts if that is
    the truth)."""
    steps = [
        math.log(q1) - math.log(q0)
        for q0, q1 in zip(
            tilt(observed, scores, score0), tilt(observed, scores, score1), strict=True
        )
    ]
    truth = tilt(observed, scores, true_score)
    drift = sum(p * s for p, s in zip(truth, steps, strict=True))
    variance = sum(p * (s - drift) ** 2 for p, s in zip(truth, steps, strict=True))
    return drift, variance
