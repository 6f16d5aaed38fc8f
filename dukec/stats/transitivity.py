"""Whether one strength per player explains a tournament: a chi-squared test of the fit.

One strength per player (:mod:`dukec.stats.bradley_terry`) predicts every pairing's score.
Each pairing's own score has its own standard error, from its pairs (or games) as they fell;
the test asks whether any one strength per player brings every pairing within those errors:

    X^2 = min over the strengths of  sum over pairings of ((observed - expected) / error)^2,

the least chi-squared any assignment of strengths leaves (Neyman's minimum chi-squared, found by
Gauss-Newton from the maximum-likelihood ratings). Where one strength per player holds, X^2
follows a chi-squared distribution with (pairings - fitted parameters) degrees of freedom; a
large X^2 says the results are not transitive: A beats B by more, or less, than A's margin over
C and C's over B add up to. The pairings the fit leaves out (won or lost whole across groups,
which any strengths far enough apart fit) are not tested.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from dukec.stats.bradley_terry import PER_ELO, Design, Fit, Pairing, logistic
from dukec.stats.linalg import SingularError, cholesky, solve
from dukec.stats.stats import elo

TIE = 10.0
"""Head-to-head Elo (either way) read as a tie in the example."""


@dataclass(frozen=True, slots=True)
class Residual:
    """A pairing's score against the one the best strengths expect, in standard errors."""

    pairing: Pairing
    observed: float
    expected: float
    z: float


@dataclass(frozen=True, slots=True)
class Consistency:
    """The test's figures: X^2, its degrees of freedom and p-value, and each pairing's part."""

    chi_squared: float
    df: int
    p_value: float | None
    """None where there are no degrees of freedom (as many parameters as pairings)."""
    residuals: tuple[Residual, ...]
    untested: int
    """Pairings left out: won or lost whole across groups."""

    def transitive(self, alpha: float) -> bool | None:
        """False where the test rejects one strength per player at level ``alpha``; None
        where it cannot be tested."""
        return None if self.p_value is None else self.p_value >= alpha

    def figures(self) -> str:
        """'chi-squared 19.8 on 6 degrees of freedom, p = 0.003'."""
        if self.p_value is None:
            return "no degrees of freedom left to test"
        degrees = "degree" if self.df == 1 else "degrees"
        return (
            f"chi-squared {self.chi_squared:.1f} on {self.df} {degrees} of freedom, "
            f"p {_p(self.p_value)}"
        )


def _p(value: float) -> str:
    return "< 0.001" if value < 0.001 else f"= {value:.3f}"


def chi_squared_survival(x: float, df: int) -> float:
    """P(X > x) for X chi-squared with ``df`` (a whole number) degrees of freedom.

    Closed forms: for even df, exp(-x/2) sum_{i<df/2} (x/2)^i / i!; for odd df,
    2 Q(sqrt x) + 2 phi(sqrt x) sum_{r=1}^{(df-1)/2} x^(r-1/2) / (1*3*...*(2r-1)), Q and phi the
    standard normal's upper tail and density.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if x <= 0.0:
        return 1.0
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= (x / 2.0) / i
            total += term
        return min(1.0, math.exp(-x / 2.0) * total)
    root = math.sqrt(x)
    normal = NormalDist()
    tail = 2.0 * (1.0 - normal.cdf(root))
    term, total = root, 0.0
    for r in range(1, (df - 1) // 2 + 1):
        if r > 1:
            term *= x / (2 * r - 1)
        total += term
    return min(1.0, tail + 2.0 * normal.pdf(root) * total)


def _residuals(design: Design, theta: Sequence[float]) -> list[float]:
    residuals = []
    for pairing in design.pairings:
        expected = logistic(design.difference(design.row(pairing), theta))
        residuals.append((pairing.results.mean - expected) / pairing.results.standard_error())
    return residuals


def least_chi_squared(design: Design, start: Sequence[float]) -> list[float]:
    """The parameters that minimise X^2, by Gauss-Newton with step halving from ``start``."""
    theta = list(start)
    if not design.size:
        return theta
    best = sum(r * r for r in _residuals(design, theta))
    for _ in range(100):
        normal = [[0.0] * design.size for _ in range(design.size)]
        slope = [0.0] * design.size
        for pairing, residual in zip(design.pairings, _residuals(design, theta), strict=True):
            row = design.row(pairing)
            p = logistic(design.difference(row, theta))
            scale = PER_ELO * p * (1.0 - p) / pairing.results.standard_error()
            for i, si in row:
                slope[i] += si * scale * residual
                for j, sj in row:
                    normal[i][j] += si * sj * scale * scale
        try:
            step = solve(cholesky(normal), slope)
        except SingularError:
            return theta
        factor = 1.0
        while factor > 1e-9:
            trial = [t + factor * s for t, s in zip(theta, step, strict=True)]
            value = sum(r * r for r in _residuals(design, trial))
            if value <= best:
                break
            factor /= 2.0
        else:
            return theta
        theta, best = trial, value
        if max(abs(factor * s) for s in step) < 1e-7:
            break
    return theta


def consistency(fit: Fit) -> Consistency:
    """The test of one strength per player over the pairings inside the fit's groups."""
    design = fit.design
    theta = least_chi_squared(design, fit.theta)
    residuals = tuple(
        Residual(
            pairing,
            pairing.results.mean,
            logistic(design.difference(design.row(pairing), theta)),
            z,
        )
        for pairing, z in zip(design.pairings, _residuals(design, theta), strict=True)
    )
    statistic = sum(r.z * r.z for r in residuals)
    df = len(design.pairings) - design.size
    untested = sum(1 for p in fit.pairings if p.games and not fit.within(p))
    p_value = chi_squared_survival(statistic, df) if df > 0 else None
    return Consistency(statistic, df, p_value, residuals, untested)


# --- an example a designer reads -----------------------------------------------------------------


def head_to_head(pairings: Sequence[Pairing], one: str, other: str) -> float | None:
    """The Elo of ``one``'s score against ``other`` over all their games (None if none)."""
    points = games = 0.0
    for pairing in pairings:
        if (pairing.first, pairing.second) == (one, other):
            points, games = points + pairing.points, games + pairing.games
        elif (pairing.first, pairing.second) == (other, one):
            points, games = points + pairing.games - pairing.points, games + pairing.games
    return elo(points / games) if games else None


def _against(other: str, value: float) -> str:
    if not math.isfinite(value):
        return f"{'beats' if value > 0 else 'loses to'} {other} in every game"
    if abs(value) < TIE:
        return f"ties {other}"
    if value > 0:
        return f"beats {other} by {value:.0f}"
    return f"loses to {other} by {-value:.0f}"


def example(consistency: Consistency, pairings: Sequence[Pairing], players: Sequence[str]) -> str:
    """The clearest break of transitivity in words: 'Wizard ties Assassin, yet beats Footman by
    200 where Assassin beats Footman by 60' (the pairing furthest from the fit, and the third
    player whose margins against the two add up worst to theirs); or that pairing's score
    against the fit's."""
    if not consistency.residuals:
        return ""
    worst = max(consistency.residuals, key=lambda residual: abs(residual.z))
    one, other = worst.pairing.first, worst.pairing.second
    direct = head_to_head(pairings, one, other)
    if direct is not None and direct < 0:
        one, other, direct = other, one, -direct
    best: tuple[float, str, float, float] | None = None
    for third in players:
        if direct is None or third in (one, other):
            continue
        mine, theirs = head_to_head(pairings, one, third), head_to_head(pairings, other, third)
        if mine is None or theirs is None or not math.isfinite(mine - theirs + direct):
            continue
        miss = abs(direct - (mine - theirs))
        if best is None or miss > best[0]:
            best = (miss, third, mine, theirs)
    if best is not None and direct is not None:
        _, third, mine, theirs = best
        return (
            f"{one} {_against(other, direct)}, yet {_against(third, mine)} where {other} "
            f"{_against(third, theirs)}"
        )
    return (
        f"{worst.pairing.first} scores {100 * worst.observed:.0f}% against "
        f"{worst.pairing.second}, where one strength each would give "
        f"{100 * worst.expected:.0f}%"
    )


def summary(fit: Fit, alpha: float, noun: str) -> dict[str, Any]:
    """The test at level ``alpha`` for JSON, with its verdict in words (``noun``: what each
    strength belongs to, 'tile' or 'policy')."""
    test = consistency(fit)
    transitive = test.transitive(alpha)
    if transitive is None:
        words = f"too few results to test whether one strength per {noun} explains them"
    elif transitive:
        words = f"one strength per {noun} fits the results within their errors ({test.figures()})"
    else:
        names = [rating.name for rating in fit.ratings]
        words = (
            f"these results are not consistent with one strength per {noun} "
            f"({test.figures()}): e.g. {example(test, fit.pairings, names)}; "
            "read the results head to head, not the ratings"
        )
    return {
        "chi_squared": test.chi_squared,
        "df": test.df,
        "p_value": test.p_value,
        "alpha": alpha,
        "transitive": transitive,
        "untested": test.untested,
        "words": words,
    }
