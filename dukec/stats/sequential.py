"""The sequential test: stop once the games say stronger, weaker or fair, at stated error rates.

Two generalized SPRTs run side by side on the same games (Sobel and Wald's three-decision test):
one of the centre against centre + margin, one of the centre against centre - margin, each with
false-alarm rate alpha / 2 and miss rate beta. Each test stops for good at its first decision:

- the upper test accepting its H1 decides **stronger**, the lower test's H1 **weaker**;
- both accepting their H0 decides **fair within ±margin**;
- a run that reaches its cap first is **inconclusive**.

So at a true centre a run says stronger or weaker at most alpha of the time (alpha / 2 each way),
and at a true ±margin it misses (says fair, or the wrong way) at most beta of the time, less
what the cap cuts short. ``benchmarks/calibration.py`` checks both by simulation.

The Elo at a stronger or weaker stop is estimated with the stopping rule accounted for: the
deciding test's log-likelihood ratio is taken as a Brownian motion (:mod:`dukec.stats.brownian`)
whose drift follows the true Elo, and the estimate is the Elo at which half the runs would end
no better than this one (median-unbiased), the interval the Elos at which 97.5% and 2.5% would
(as fishtest's SPRT analytics). Stopping early on a lucky streak would otherwise overstate a
difference. A fair or inconclusive run reports the plain estimate of its games.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from dukec.stats import gsprt
from dukec.stats.brownian import Brownian
from dukec.stats.decision import Criteria, Decision, Outcome, fixed_decision
from dukec.stats.stats import Evidence, Sprt, SprtState

#: The widest Elo the estimate looks at (a 0.1% or 99.9% score in logistic Elo).
_ELO_RANGE = 1200.0


@dataclass(slots=True)
class OneSided:
    """One of the two SPRTs: the centre against centre + sign * margin, frozen once decided."""

    sign: int
    state: SprtState = SprtState.CONTINUE
    samples: int = 0
    llr: float = 0.0


@dataclass(slots=True)
class SequentialRun:
    """The sequential test as the games of one run come in: ``update`` after each result."""

    criteria: Criteria
    sprt: Sprt = field(init=False)
    up: OneSided = field(init=False)
    down: OneSided = field(init=False)
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        self.sprt = Sprt(self.criteria.alpha / 2.0, self.criteria.beta)
        self.up = OneSided(+1)
        self.down = OneSided(-1)

    def update(self, evidence: Evidence) -> bool:
        """Take the evidence so far; True once the test has decided."""
        if self.outcome is not None:
            return True
        low, centre, high = self.criteria.scores(evidence)
        for side, target in ((self.up, high), (self.down, low)):
            if side.state is SprtState.CONTINUE:
                value = evidence.llr(centre, target)
                side.state = self.sprt.state(value)
                side.samples, side.llr = evidence.count, value
        if self.up.state is SprtState.ACCEPT_H1:
            self.outcome = Outcome.STRONGER
        elif self.down.state is SprtState.ACCEPT_H1:
            self.outcome = Outcome.WEAKER
        elif self.up.state is self.down.state is SprtState.ACCEPT_H0:
            self.outcome = Outcome.FAIR
        return self.outcome is not None

    def decision(self, evidence: Evidence) -> Decision:
        """The answer on this evidence: the test's, or inconclusive if it has not decided."""
        plain = fixed_decision(evidence, self.criteria)
        outcome = self.outcome or Outcome.INCONCLUSIVE
        if outcome.different:
            side = self.up if outcome is Outcome.STRONGER else self.down
            estimate, interval = stop_aware_elo(evidence, self.criteria, self.sprt, side.sign)
            return Decision(
                outcome, self.criteria, "sequential", estimate, interval, "stop-aware",
                evidence.count,
            )  # fmt: skip
        return Decision(
            outcome, self.criteria, "sequential", plain.elo, plain.elo_interval, "plain",
            evidence.count,
        )  # fmt: skip


def stop_aware_elo(
    evidence: Evidence, criteria: Criteria, sprt: Sprt, sign: int
) -> tuple[float, tuple[float, float]]:
    """The median-unbiased Elo and its 95% interval after the test of the centre against
    centre + sign * margin decided on ``evidence`` (see the module's docstring)."""
    scores, observed, sigma = evidence.SCORES, evidence.frequencies(), evidence.sigma_pg
    low, centre, high = criteria.scores(evidence)
    target = high if sign > 0 else low
    samples = float(evidence.count)
    llr = evidence.llr(centre, target)
    # The ratio overshoots its bound by the last result's step; the motion would have met the
    # bound where the straight line from 0 to the observed ratio does.
    slope = llr / samples
    if llr >= sprt.upper:
        samples, llr = sprt.upper / slope, sprt.upper
    elif llr <= sprt.lower:
        samples, llr = sprt.lower / slope, sprt.lower

    def motion(value: float) -> Brownian:
        truth = min(max(criteria.model.score(value, sigma), 1e-6), 1.0 - 1e-6)
        drift, variance = gsprt.llr_drift_variance(observed, scores, centre, target, truth)
        return Brownian(sprt.lower, sprt.upper, drift, max(variance, 1e-12))

    def worse(value: float) -> float:
        # The upper test's outcomes get better with the Elo, the lower test's worse.
        chance = motion(value).worse(samples, llr)
        return chance if sign > 0 else 1.0 - chance

    def below(value: float) -> float:
        # Falls in the Elo where the expected slope at the stop rises (upper test) or falls.
        gap = slope - motion(value).mean_slope()
        return gap if sign > 0 else -gap

    estimate = _solve(below, 0.0)
    return estimate, (_solve(worse, 0.975), _solve(worse, 0.025))


def _solve(falling: Callable[[float], float], level: float) -> float:
    """The Elo at which a function falling in the Elo meets ``level``, by bisection (a bound of
    the range where it never does)."""
    low, high = -_ELO_RANGE, _ELO_RANGE
    if falling(low) <= level:
        return -math.inf
    if falling(high) >= level:
        return math.inf
    for _ in range(60):
        middle = (low + high) / 2.0
        if falling(middle) > level:
            low = middle
        else:
            high = middle
        if high - low < 1e-3:
            break
    return (low + high) / 2.0


@dataclass(slots=True)
class WidthRun:
    """Stop once the score's 95% interval is no wider than ± ``width``; then decide as a fixed
    run (the width hardly depends on the score, so stopping on it biases nothing)."""

    criteria: Criteria
    width: float

    def update(self, evidence: Evidence) -> bool:
        """True once the interval is narrow enough."""
        low, high = evidence.interval()
        return evidence.count > 0 and (high - low) / 2.0 <= self.width

    def decision(self, evidence: Evidence) -> Decision:
        """The fixed-length answer on this evidence."""
        return fixed_decision(evidence, self.criteria)


@dataclass(slots=True)
class FixedRun:
    """No stopping rule: every game is played, then the fixed-length answer."""

    criteria: Criteria

    def update(self, evidence: Evidence) -> bool:
        """Never stops early."""
        return False

    def decision(self, evidence: Evidence) -> Decision:
        """The fixed-length answer on this evidence."""
        return fixed_decision(evidence, self.criteria)


Watch = SequentialRun | WidthRun | FixedRun
"""A run's stopping rule as its games come in."""


def watch(stop: str | None, criteria: Criteria, width: float = 0.02) -> Watch:
    """The stopping rule ``stop`` names (``sprt``, ``width`` or None), ready for a new run."""
    if stop == "sprt":
        return SequentialRun(criteria)
    if stop == "width":
        return WidthRun(criteria, width)
    if stop is None:
        return FixedRun(criteria)
    raise ValueError(f"unknown stopping rule {stop!r} (choose from sprt, width)")
