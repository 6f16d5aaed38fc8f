"""Statistics checked against textbook formulas worked by hand."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dukec.balance.stats import (
    Moments,
    Sprt,
    SprtState,
    SprtStop,
    Verdict,
    WidthStop,
    elo,
    elo_interval,
    expected_score,
    gsprt_llr,
    half_width,
    percent,
    verdict,
    wilson,
)


def test_wilson_sixty_of_a_hundred() -> None:
    # p = 0.6, n = 100, z = 1.96: z^2/n = 0.038415, centre = 0.619207 / 1.038415 = 0.596300,
    # half = 1.96 / 1.038415 * sqrt(0.0024 + 0.00009604) = 1.887456 * 0.049960 = 0.094298.
    low, high = wilson(0.6, 100)
    assert low == pytest.approx(0.50200, abs=1e-5)
    assert high == pytest.approx(0.69060, abs=1e-5)


def test_wilson_no_successes_has_the_closed_form_upper_bound() -> None:
    # With p = 0 the upper bound is z^2 / (n + z^2) = 3.841459 / 13.841459 = 0.277533.
    low, high = wilson(0.0, 10)
    assert low == 0.0
    assert high == pytest.approx(3.841459 / 13.841459, abs=1e-6)


def test_wilson_is_symmetric_about_one_half() -> None:
    low, high = wilson(0.5, 400)
    assert low + high == pytest.approx(1.0)
    # n = 400: half = 1.96/1.009604 * sqrt(0.25/400 + 3.841459/640000) = 0.048765.
    assert half_width((low, high)) == pytest.approx(0.048765, abs=1e-6)


def test_wilson_of_no_games_is_everything() -> None:
    assert wilson(0.5, 0) == (0.0, 1.0)


def test_elo_from_score() -> None:
    # Elo = -400 log10(1/s - 1): s = 0.75 gives 400 log10(3) = 190.85; s = 0.64 gives 99.95.
    assert elo(0.75) == pytest.approx(190.8485, abs=1e-4)
    assert elo(0.64) == pytest.approx(99.951, abs=1e-3)
    assert elo(0.5) == 0.0
    assert elo(0.25) == pytest.approx(-190.8485, abs=1e-4)
    assert elo(1.0) == math.inf
    assert elo(0.0) == -math.inf


def test_expected_score_inverts_elo() -> None:
    # 1 / (1 + 10^(-100/400)) = 1 / 1.562341 = 0.640065.
    assert expected_score(100) == pytest.approx(0.640065, abs=1e-6)
    for score in (0.1, 0.37, 0.5, 0.83):
        assert expected_score(elo(score)) == pytest.approx(score)


def test_elo_interval_maps_each_end() -> None:
    low, high = elo_interval(wilson(0.6, 100))
    # Elo(0.502003) = 1.39, Elo(0.690599) = 139.9.
    assert low == pytest.approx(-400 * math.log10(1 / 0.5020026 - 1), abs=1e-3)
    assert high == pytest.approx(-400 * math.log10(1 / 0.6905987 - 1), abs=1e-3)
    assert 1.0 < low < 2.0 and 139 < high < 141


def test_verdict_reads_the_interval() -> None:
    assert verdict((0.51, 0.60)) is Verdict.STRONGER
    assert verdict((0.40, 0.49)) is Verdict.WEAKER
    assert verdict((0.45, 0.55)) is Verdict.NOT_DIFFERENT
    assert verdict((0.50, 0.55)) is Verdict.NOT_DIFFERENT


def test_percent() -> None:
    assert percent(0.5834) == "58.3%"
    assert percent(0.019) == "1.9%"


def test_moments_and_smoothed_variance() -> None:
    moments = Moments()
    for points in (1.0, 0.5, 0.0, 1.0):
        moments = moments.add(points)
    assert moments.games == 4
    assert moments.mean == pytest.approx(0.625)
    # With one added win and one added loss: mean = 3.5/6, E[x^2] = (2.25 + 1)/6.
    assert moments.smoothed_variance() == pytest.approx(3.25 / 6 - (3.5 / 6) ** 2)


def test_gsprt_llr_by_hand() -> None:
    # 60 wins and 40 losses. Smoothed: mean = 61/102 = 0.598039, E[x^2] = 0.598039,
    # variance = 0.598039 - 0.357651 = 0.240388. s0 = 0.5, s1 = expected_score(30) = 0.543066.
    # LLR = n (s1 - s0)(2 xbar - s0 - s1) / (2 var) = 100 * 0.043066 * 0.156934 / 0.480777 = 1.4058
    moments = Moments(100, 60.0, 60.0)
    assert moments.smoothed_variance() == pytest.approx(0.240388, abs=1e-6)
    assert gsprt_llr(moments, 0.5, expected_score(30)) == pytest.approx(1.4058, abs=1e-4)


def test_sprt_bounds_are_walds() -> None:
    test = Sprt(0, 30, alpha=0.05, beta=0.05)
    # log(beta / (1 - alpha)) = log(0.05/0.95) = -2.944439; the upper bound is its negative.
    assert test.lower == pytest.approx(-2.944439, abs=1e-6)
    assert test.upper == pytest.approx(2.944439, abs=1e-6)


def test_sprt_states() -> None:
    test = Sprt(0, 30)
    assert test.state(Moments(100, 60.0, 60.0)) is SprtState.CONTINUE  # LLR 1.41
    assert test.state(Moments(300, 180.0, 180.0)) is SprtState.ACCEPT_H1  # LLR 4.22
    # An even score: LLR = -n (s1 - s0)^2 / 2 var = -1000 * 0.043066^2 / 0.5 = -3.709.
    assert test.state(Moments(1000, 500.0, 500.0)) is SprtState.ACCEPT_H0
    assert test.llr(Moments(1000, 500.0, 500.0)) == pytest.approx(-3.709, abs=1e-3)


def test_three_way_sprt_stop() -> None:
    stop = SprtStop(margin=30)
    assert stop.decision(Moments(300, 180.0, 180.0)) is Verdict.STRONGER
    assert stop.decision(Moments(300, 120.0, 120.0)) is Verdict.WEAKER
    assert stop.decision(Moments(1000, 500.0, 500.0)) is Verdict.NOT_DIFFERENT
    assert stop.decision(Moments(20, 11.0, 11.0)) is None


def test_all_wins_still_stop_the_sprt() -> None:
    # The smoothed variance keeps the ratio finite: 20 straight wins decide 'stronger'.
    moments = Moments()
    for _ in range(20):
        moments = moments.add(1.0)
    assert SprtStop(30).decision(moments) is Verdict.STRONGER


def test_width_stop() -> None:
    rule = WidthStop(0.05)
    # At 0.5 the half-width falls below 0.05 between 380 and 390 games.
    assert rule.decision(Moments(380, 190.0, 190.0)) is None
    assert rule.decision(Moments(390, 195.0, 195.0)) is Verdict.NOT_DIFFERENT
    assert rule.decision(Moments(400, 240.0, 240.0)) is Verdict.STRONGER


@given(st.integers(min_value=1, max_value=100_000), st.data())
def test_wilson_contains_the_score_and_stays_in_range(games: int, data: st.DataObject) -> None:
    half_points = data.draw(st.integers(min_value=0, max_value=2 * games))
    score = half_points / (2 * games)
    low, high = wilson(score, games)
    assert 0.0 <= low <= score + 1e-12
    assert score - 1e-12 <= high <= 1.0


@given(st.floats(min_value=0.01, max_value=0.99), st.integers(min_value=1, max_value=10_000))
def test_wilson_narrows_as_games_accumulate(score: float, games: int) -> None:
    assert half_width(wilson(score, 4 * games)) < half_width(wilson(score, games))


@given(st.floats(min_value=0.001, max_value=0.999), st.floats(min_value=0.001, max_value=0.999))
def test_elo_is_increasing_and_antisymmetric(a: float, b: float) -> None:
    if a < b:
        assert elo(a) < elo(b)
    assert elo(1 - a) == pytest.approx(-elo(a), abs=1e-6)
