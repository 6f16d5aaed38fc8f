"""The two-sample drift test of a manifest check, on synthetic runs of known score."""

import math
import random

import pytest

from dukec.insight.drift import Drift, expected_power, games_for_power, power, score_shift
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import elo, expected_score

BINS = ("ll", "ld", "dd", "wd", "ww")


def _run(rng: random.Random, score: float, pairs: int) -> Pentanomial:
    """A paired run whose games army A wins with probability ``score`` (no draws)."""
    weights = [(1 - score) ** 2, 0.0, 2 * score * (1 - score), 0.0, score**2]
    drawn = rng.choices(BINS, weights, k=pairs)
    return Pentanomial(**{name: drawn.count(name) for name in BINS})


def test_drift_by_hand() -> None:
    drift = Drift(0.6, 0.03, 0.5, 0.04, 0.01)
    assert drift.sigma == pytest.approx(0.05)
    assert drift.z == pytest.approx(-2.0)
    assert drift.threshold == pytest.approx(2.5758, abs=1e-4)
    assert not drift.drifted
    assert Drift(0.6, 0.03, 0.45, 0.04, 0.01).drifted  # z = -3
    change, (low, high) = drift.elo_change()
    assert change == pytest.approx(elo(0.5) - elo(0.6))
    assert low < change < high
    assert Drift(0.5, 0.0, 0.5, 0.0, 0.01).z == 0.0
    assert Drift(0.5, 0.0, 0.6, 0.0, 0.01).drifted


def test_score_shift_takes_the_smaller_move() -> None:
    score = expected_score(200.0)
    assert score_shift(score, 60.0) == pytest.approx(expected_score(260.0) - score)
    assert score_shift(0.5, 60.0) == pytest.approx(expected_score(60.0) - 0.5)
    assert score_shift(1.0, 60.0) == 0.0


def test_power_at_its_ends() -> None:
    assert power(0.5, 0.0, 60.0, 0.01) == 1.0
    # No drift at all: the check calls drift at its false-alarm rate.
    assert power(0.5, 0.02, 0.0, 0.01) == pytest.approx(0.01)


def test_an_unchanged_experiment_raises_false_alarms_at_alpha() -> None:
    rng = random.Random(11)
    trials, alarms = 2000, 0
    for _ in range(trials):
        stored, now = _run(rng, 0.7, 500), _run(rng, 0.7, 500)
        drift = Drift(stored.mean, stored.standard_error(), now.mean, now.standard_error(), 0.01)
        alarms += drift.drifted
    # A true 1% gives at most 2% in 2000 trials but for one time in 5000.
    assert alarms / trials <= 0.02


def test_power_against_60_elo_is_what_it_states() -> None:
    rng = random.Random(12)
    base = 0.7
    moved = expected_score(elo(base) - 60.0)
    stated = expected_power(base, _run(rng, base, 1000).standard_error(), 60.0, 0.01)
    trials, caught = 600, 0
    for _ in range(trials):
        stored, now = _run(rng, base, 1000), _run(rng, moved, 1000)
        drift = Drift(stored.mean, stored.standard_error(), now.mean, now.standard_error(), 0.01)
        caught += drift.drifted
    # Moving down from 0.7 is the larger move of the two, so the stated power is a floor.
    assert caught / trials >= stated - 0.05
    assert stated > 0.9


def test_games_for_power_give_the_power() -> None:
    score, se, games = 0.7, 0.02, 400
    needed = games_for_power(score, se, games, 60.0, 0.01, 0.9)
    assert needed is not None and needed % 2 == 0
    at = se * math.sqrt(games / needed)
    assert expected_power(score, at, 60.0, 0.01) >= 0.9
    fewer = se * math.sqrt(games / (needed - 40))
    assert expected_power(score, fewer, 60.0, 0.01) < 0.9
    assert games_for_power(1.0, se, games, 60.0, 0.01, 0.9) is None
