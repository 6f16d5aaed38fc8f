"""Statistics checked against textbook formulas worked by hand."""

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from dukec.stats.stats import (
    EloModel,
    Sprt,
    SprtState,
    Trinomial,
    elo,
    elo_interval,
    expected_score,
    half_width,
    percent,
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


def test_percent() -> None:
    assert percent(0.5834) == "58.3%"
    assert percent(0.019) == "1.9%"


def test_a_trinomial_counts_games_and_smooths_its_variance() -> None:
    counts = Trinomial()
    for points in (1.0, 0.5, 0.0, 1.0):
        counts = counts.add(points)
    assert (counts.losses, counts.draws, counts.wins) == (1, 1, 2)
    assert counts.count == counts.games == 4
    assert counts.mean == pytest.approx(0.625)
    # With one added win and one added loss: mean = 3.5/6, E[x^2] = (2.25 + 1)/6.
    assert counts.variance() == pytest.approx(3.25 / 6 - (3.5 / 6) ** 2)
    assert counts.sigma_pg == pytest.approx(math.sqrt(3.25 / 6 - (3.5 / 6) ** 2))


def test_the_gsprt_of_wins_and_losses_is_the_binomial_ratio() -> None:
    # Without draws a hypothesis "mean s" can only be (1 - s, s): the LLR is the binomial one,
    # 60 log(s1/s0) + 40 log((1 - s1)/(1 - s0)) = 60 * 0.082624 + 40 * -0.090070 = 1.3546.
    # The empty draw bin weighs 1e-3 games, which moves it by less than 1e-3.
    counts = Trinomial(losses=40, wins=60)
    s0, s1 = 0.5, expected_score(30)
    binomial = 60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0))
    assert binomial == pytest.approx(1.3546, abs=1e-4)
    assert counts.llr(s0, s1) == pytest.approx(binomial, abs=1e-3)
    assert counts.llr(s0, s0) == pytest.approx(0.0, abs=1e-12)
    assert Trinomial().llr(s0, s1) == 0.0


def test_sprt_bounds_are_walds() -> None:
    test = Sprt(alpha=0.05, beta=0.05)
    # log(beta / (1 - alpha)) = log(0.05/0.95) = -2.944439; the upper bound is its negative.
    assert test.lower == pytest.approx(-2.944439, abs=1e-6)
    assert test.upper == pytest.approx(2.944439, abs=1e-6)
    assert test.state(1.41) is SprtState.CONTINUE
    assert test.state(4.22) is SprtState.ACCEPT_H1
    assert test.state(-3.709) is SprtState.ACCEPT_H0


def test_normalized_elo_counts_standard_deviations() -> None:
    # A score of 0.5 + sigma is 800 / ln 10 = 347.4 normalized Elo, whatever sigma is.
    model = EloModel.NORMALIZED
    assert model.elo(0.6, 0.1) == pytest.approx(800 / math.log(10))
    assert model.score(800 / math.log(10), 0.1) == pytest.approx(0.6)
    assert model.elo(0.5, 0.3) == 0.0
    assert EloModel.LOGISTIC.elo(expected_score(100), 0.1) == pytest.approx(100)
    assert (EloModel.LOGISTIC.unit, model.unit) == ("Elo", "nElo")


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
# Two scores a float's last bit apart: their Elo differences round to one float.
@example(0.001, 0.0010000000000000002)
def test_elo_is_increasing_and_antisymmetric(a: float, b: float) -> None:
    if a < b:
        assert elo(a) <= elo(b)
        # Strictly where the scores differ by more than 1e-9: Elo's slope is at least
        # 1600 / ln 10 (about 695) a unit of score, so it moves by 7e-7 or more, far above the
        # rounding of a value under 1,200 (about 2e-13).
        if b - a > 1e-9:
            assert elo(a) < elo(b)
    assert elo(1 - a) == pytest.approx(-elo(a), abs=1e-6)
