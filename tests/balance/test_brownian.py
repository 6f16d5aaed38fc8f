"""The law of a sequential test's end, checked against formulas derived another way."""

import itertools
import math

import pytest

from dukec.stats.brownian import Brownian, normal_cdf


def _images_alive_below(lower: float, upper: float, time: float, level: float) -> float:
    """P(a driftless unit Brownian motion stays in (lower, upper) until ``time`` and ends
    below ``level``), by the method of images: an independent way to the same number."""
    width = upper - lower
    sd = math.sqrt(time)
    total = 0.0
    for j in range(-20, 21):
        shift = 2 * j * width
        # Images of the start 0 at 2jA (added) and 2 lower - 2jA (subtracted).
        for start, sign in ((shift, 1.0), (2 * lower - shift, -1.0)):
            total += sign * (normal_cdf((level - start) / sd) - normal_cdf((lower - start) / sd))
    return total


def _one_boundary_passage(level: float, drift: float, time: float) -> float:
    """P(a unit-variance Brownian motion with ``drift`` reaches ``level`` > 0 by ``time``)."""
    sd = math.sqrt(time)
    return normal_cdf((drift * time - level) / sd) + math.exp(2 * drift * level) * normal_cdf(
        (-level - drift * time) / sd
    )


def test_the_exit_probabilities_of_a_driftless_motion_are_its_distances() -> None:
    motion = Brownian(-3.0, 1.0, 0.0, 1.0)
    assert motion.lower_exit() == pytest.approx(0.25)
    # Long after any exit, "no better than an upper exit at T" is the chance of a lower exit.
    assert motion.worse(1e4, 1.0) == pytest.approx(0.25, abs=1e-9)
    assert motion.worse(1e4, -3.0) == pytest.approx(0.25, abs=1e-9)


def test_the_exit_probabilities_with_drift_are_the_gamblers_ruin() -> None:
    # P(upper first) = (1 - e^(-2 gamma x0)) / (1 - e^(-2 gamma A)), gamma = 0.5, x0 = 2, A = 5.
    motion = Brownian(-2.0, 3.0, 0.5, 1.0)
    upper = (1 - math.exp(-2.0)) / (1 - math.exp(-5.0))
    assert motion.lower_exit() == pytest.approx(1 - upper, abs=1e-12)
    assert Brownian(-2.0, 3.0, -0.5, 1.0).lower_exit() == pytest.approx(
        1 - (1 - math.exp(2.0)) / (1 - math.exp(5.0)), abs=1e-12
    )


@pytest.mark.parametrize(("time", "level"), [(0.5, 0.0), (2.0, -1.0), (2.0, 0.9), (9.0, 0.5)])
def test_a_test_cut_short_matches_the_method_of_images(time: float, level: float) -> None:
    motion = Brownian(-3.0, 1.0, 0.0, 1.0)
    lower_by_then = motion.worse(time, -3.0)
    expected = lower_by_then + _images_alive_below(-3.0, 1.0, time, level)
    assert motion.worse(time, level) == pytest.approx(expected, abs=1e-7)


@pytest.mark.parametrize(("drift", "time"), [(0.3, 2.0), (1.0, 4.0), (-0.2, 8.0)])
def test_an_upper_exit_far_from_the_lower_bound_is_a_first_passage(
    drift: float, time: float
) -> None:
    # With the lower boundary out of reach, ending no better than "upper exit at T" is not
    # reaching the upper boundary before T.
    motion = Brownian(-60.0, 2.0, drift, 1.0)
    expected = 1.0 - _one_boundary_passage(2.0, drift, time)
    assert motion.worse(time, 2.0) == pytest.approx(expected, abs=1e-6)


def test_a_strong_drift_gives_a_sane_law() -> None:
    # A drift of 0.1 per step against a variance of 0.003 (gamma = 33): the series would sum
    # terms of size e^100; the one-boundary laws take over and stay monotone in the drift.
    drifts = [0.0, 0.01, 0.03, 0.05, 0.07, 0.085, 0.1, 0.11]
    upper = [Brownian(-2.97, 3.64, d, 0.003).worse(51.4, 3.64) for d in drifts]
    assert all(0.0 <= value <= 1.0 for value in upper)
    assert all(later <= earlier + 1e-12 for earlier, later in itertools.pairwise(upper))
    assert upper[0] == pytest.approx(1.0) and upper[-1] < 1e-6
    # Just below the switch (gamma = 5, so a lower exit has a chance of about e^-30) the series
    # is still used, and agrees with the one-boundary law; in standard units the boundary is at
    # 3.6 / 0.1 = 36 and the drift 0.05 / 0.1 = 0.5 per step.
    motion = Brownian(-3.0, 3.6, 0.05, 0.01)
    assert 2 * 5.0 * 3.0 < 36.0
    expected = 1.0 - _one_boundary_passage(36.0, 0.5, 60.0)
    assert 0.01 < expected < 0.99
    assert motion.worse(60.0, 3.6) == pytest.approx(expected, abs=1e-9)


def test_outcomes_get_worse_as_the_drift_falls() -> None:
    values = [Brownian(-3.0, 3.6, drift, 1.0).worse(5.0, 3.6) for drift in (-0.5, 0, 0.5, 1.0)]
    assert values == sorted(values, reverse=True)


def test_the_plain_slope_at_the_stop_overstates_the_drift() -> None:
    # Early exits weigh most, so E[X_T / T] exceeds a positive drift; symmetric boundaries
    # and no drift give 0.
    assert Brownian(-3.0, 3.0, 0.0, 1.0).mean_slope() == pytest.approx(0.0, abs=1e-9)
    assert Brownian(-3.0, 3.0, 0.5, 1.0).mean_slope() > 0.55
    assert Brownian(-3.0, 3.0, -0.5, 1.0).mean_slope() < -0.55
    # Far boundaries: hardly any early exit, so the slope is the drift.
    assert Brownian(-300.0, 300.0, 0.5, 1.0).mean_slope() == pytest.approx(0.5, rel=0.02)
