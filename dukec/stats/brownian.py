"""Brownian motion with drift between two absorbing boundaries: how a sequential test can end.

A sequential probability ratio test's log-likelihood ratio, sample by sample, is close to a
Brownian motion X with a drift and a variance per sample that depend on the true strength. The
test stops where X first leaves (lower, upper). Its outcomes can be ordered from worst to best
(Siegmund's ordering): an exit through the lower boundary, earlier is worse; a test cut short by
its cap at time T with X_T = y, lower y is worse; an exit through the upper boundary, later is
worse. ``Brownian.worse(T, y)`` is the probability of an outcome no better than (T, y): the
function whose quantiles, solved for the drift, give an estimate and an interval that take the
stopping rule into account (a median-unbiased estimate, as fishtest's SPRT analytics).

Shifted so that the lower boundary is 0, the width is A = upper - lower and the start x0 =
-lower, the density of a path still running at time T at z is, with gamma = drift / variance,
k_n = n pi / A and tau = variance T (the eigenfunction expansion of the killed motion):

    p(T, z) = 2/A exp(gamma (z - x0) - gamma^2 tau / 2)
              * sum_n sin(k_n x0) sin(k_n z) exp(-k_n^2 tau / 2)

and integrating it against the probability of a later lower exit gives, for y in [0, A],

    worse(T, y) = P(lower exit) + 2/A sum_n sin(k_n x0) (gamma sin(k_n y) - k_n cos(k_n y))
                  / (gamma^2 + k_n^2) exp(gamma (y - x0) - (gamma^2 + k_n^2) tau / 2)

which is P(lower exit by T) at y = 0 and 1 - P(upper exit before T) at y = A. The series needs
few terms unless tau is small against A^2, or the drift carries the motion away from one
boundary; then that boundary cannot matter and the one-boundary first-passage laws are used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Below this tau / A^2 the far boundary is out of reach: exp(-1 / (2 * 1e-3)) is nothing.
_SHORT = 1e-3
#: Beyond this 2 gamma times the distance to the far boundary, exp(-it) is nothing.
_FAR = 36.0
#: The series stops once a term's exponential factor is below this.
_NEGLIGIBLE = 1e-14


def normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _log_normal_cdf(x: float) -> float:
    """log Phi(x), accurate far into the lower tail (where Phi itself underflows)."""
    if x > -30.0:
        return math.log(max(normal_cdf(x), 1e-300))
    # Mills' ratio: Phi(x) ~ phi(x) / -x (1 - 1/x^2 + 3/x^4) for x -> -inf.
    x2 = x * x
    return -x2 / 2.0 - math.log(-x * math.sqrt(2.0 * math.pi)) + math.log1p(-1.0 / x2 + 3.0 / x2**2)


@dataclass(frozen=True, slots=True)
class Brownian:
    """A Brownian motion started at 0 with ``drift`` and ``variance`` per unit time, absorbed at
    ``lower`` < 0 < ``upper``."""

    lower: float
    upper: float
    drift: float
    variance: float

    def lower_exit(self) -> float:
        """The probability that the motion ever leaves through the lower boundary."""
        gamma = self.drift / self.variance
        start, width = -self.lower, self.upper - self.lower
        if abs(gamma * width) < 1e-12:
            return (width - start) / width
        # P(upper first) = (1 - e^(-2 gamma x0)) / (1 - e^(-2 gamma A)), written so that no
        # exponential overflows whatever the sign of gamma.
        if gamma > 0:
            upper = math.expm1(-2.0 * gamma * start) / math.expm1(-2.0 * gamma * width)
        else:
            upper = (
                math.exp(2.0 * gamma * (width - start))
                * math.expm1(2.0 * gamma * start)
                / math.expm1(2.0 * gamma * width)
            )
        return min(1.0, max(0.0, 1.0 - upper))

    def expected_exit_time(self) -> float:
        """The mean time until the motion leaves (lower, upper): by Wald's identity
        E[X_T] = drift E[T], with X_T at either boundary; (b)(-a) / variance without drift."""
        if abs(self.drift) * (self.upper - self.lower) < 1e-9 * self.variance:
            return -self.lower * self.upper / self.variance
        lower = self.lower_exit()
        return (lower * self.lower + (1.0 - lower) * self.upper) / self.drift

    def worse(self, time: float, level: float) -> float:
        """The probability of an outcome no better than stopping at ``time`` with the motion at
        ``level``: at ``lower``, a lower exit by then; at ``upper``, anything but an upper exit
        before then; in between, a test cut short at ``time`` there."""
        level = min(self.upper, max(self.lower, level))
        width = self.upper - self.lower
        tau = self.variance * max(time, 0.0)
        if tau <= 0.0:
            return 0.0 if level < self.upper else 1.0
        gamma = self.drift / self.variance
        # The far boundary is out of reach when the time is short against the width, or when
        # the drift carries the motion away from it (a lower exit against an upward drift of
        # gamma has probability about exp(-2 gamma x0)); the series would then sum terms of
        # vast size to a tiny result.
        if (
            tau / (width * width) < _SHORT
            or 2.0 * gamma * -self.lower > _FAR
            or -2.0 * gamma * self.upper > _FAR
        ):
            return self._one_boundary(time, level)
        return min(1.0, max(0.0, self.lower_exit() + self._series(tau, level - self.lower)))

    def mean_slope(self) -> float:
        """E[X_T / T] at the exit time T: what the plain estimate of the drift, the ratio at the
        stop over the time, averages to (larger than the drift: early exits weigh most).

        With kappa = sqrt(gamma^2 + 2 lambda / variance), the exit's Laplace transforms are
        E[e^(-lambda T); upper] = e^(gamma b) sinh(-kappa a) / sinh(kappa A) and
        E[e^(-lambda T); lower] = e^(gamma a) sinh(kappa b) / sinh(kappa A); integrating them
        over lambda (dlambda = variance kappa dkappa, from kappa = |gamma|) gives E[1/T; exit].
        """
        a, b, variance = self.lower, self.upper, self.variance
        gamma = self.drift / variance
        width = b - a

        def integrand(kappa: float) -> float:
            spread = -math.expm1(-2.0 * kappa * width)
            upper = math.exp(-b * (kappa - gamma)) * -math.expm1(2.0 * kappa * a) / spread
            lower = math.exp(a * (gamma + kappa)) * -math.expm1(-2.0 * kappa * b) / spread
            return variance * kappa * (b * upper + a * lower)

        # The integrand falls like exp(-min(b, -a) (kappa - |gamma|)): Simpson's rule on the
        # stretch where it still counts, in a variable that spreads the early part.
        start = abs(gamma)
        reach = 40.0 / min(b, -a)
        steps = 400
        total = 0.0
        for i in range(steps + 1):
            u = i / steps
            kappa = start + reach * u * u
            weight = 1.0 if i in (0, steps) else (4.0 if i % 2 else 2.0)
            value = integrand(kappa) if kappa > 0.0 else 0.0
            total += weight * value * 2.0 * reach * u
        return total / (3.0 * steps)

    def _series(self, tau: float, y: float) -> float:
        gamma = self.drift / self.variance
        start, width = -self.lower, self.upper - self.lower
        total = 0.0
        n = 1
        while True:
            k = n * math.pi / width
            exponent = gamma * (y - start) - (gamma * gamma + k * k) * tau / 2.0
            decay = math.exp(min(exponent, 700.0))
            shape = math.sin(k * start) * (gamma * math.sin(k * y) - k * math.cos(k * y))
            total += shape / (gamma * gamma + k * k) * decay
            if k * k * tau / 2.0 > 40.0 and decay < _NEGLIGIBLE:
                break
            n += 1
        return 2.0 / width * total

    def _one_boundary(self, time: float, level: float) -> float:
        """The same with each boundary on its own: a lower exit as a first passage to the lower
        boundary, an upper exit as one to the upper, a run cut short as killed at the boundary
        the drift leads to."""
        mu, sd = self.drift * time, math.sqrt(self.variance * time)
        gamma2 = 2.0 * self.drift / self.variance
        a, b = self.lower, self.upper

        def tilted(exponent: float, argument: float) -> float:
            # exp(exponent) Phi(argument), without overflow where Phi is tiny.
            return math.exp(min(700.0, exponent + _log_normal_cdf(argument)))

        # P(min X <= a by time) = Phi((a - mu)/sd) + e^(2 drift a / var) Phi((a + mu)/sd).
        lower_by = normal_cdf((a - mu) / sd) + tilted(gamma2 * a, (a + mu) / sd)
        if level == b:
            # P(max X >= b by time) = Phi((mu - b)/sd) + e^(2 drift b / var) Phi((-b - mu)/sd).
            upper_by = normal_cdf((mu - b) / sd) + tilted(gamma2 * b, (-b - mu) / sd)
            return min(1.0, max(0.0, 1.0 - upper_by))
        if level == a:
            return min(1.0, max(0.0, lower_by))
        if self.drift >= 0.0:
            # Killed at b: P(X_T < y, max X < b) = Phi((y - mu)/sd) - e^(2 drift b / var)
            # Phi((y - 2b - mu)/sd).
            alive = normal_cdf((level - mu) / sd) - tilted(gamma2 * b, (level - 2 * b - mu) / sd)
        else:
            # Killed at a: the density phi(z - mu) - e^(2 drift a / var) phi(z - 2a - mu) on
            # z > a, integrated from a to y.
            alive = normal_cdf((level - mu) / sd) - normal_cdf((a - mu) / sd)
            alive -= tilted(gamma2 * a, (level - 2 * a - mu) / sd) - tilted(
                gamma2 * a, (-a - mu) / sd
            )
        return min(1.0, max(0.0, lower_by + alive))
