"""Holm's procedure and the cell test it sorts, on answers worked by hand."""

import math

import pytest

from dukec.stats.holm import holm, two_sided_p
from dukec.stats.pairs import Pentanomial


@pytest.mark.parametrize(
    ("p_values", "rejected"),
    [
        # 0.01 <= 0.05/4, 0.015 <= 0.05/3, 0.04 > 0.05/2: stop (Bonferroni stops at 0.015).
        ([0.04, 0.01, 0.5, 0.015], [False, True, False, True]),
        # The smallest fails its 0.05/3: nothing is rejected, however small the others' rank.
        ([0.02, 0.03, 0.04], [False, False, False]),
        # Each passes its own step: 0.01 <= 0.0167, 0.02 <= 0.025, 0.04 <= 0.05.
        ([0.04, 0.02, 0.01], [True, True, True]),
        ([], []),
    ],
)
def test_holm_steps_down(p_values: list[float], rejected: list[bool]) -> None:
    assert holm(p_values, 0.05) == rejected


def test_the_cell_test_takes_its_variance_about_the_centre() -> None:
    # 30 WW and 10 LL pairs: mean 0.75; about 0.5 every pair is 0.5 away, variance 0.25,
    # standard error sqrt(0.25 / 40), z = 0.25 / 0.0791 = 3.162.
    p = two_sided_p(Pentanomial(ww=30, ll=10), 0.5)
    assert p == pytest.approx(math.erfc(3.16227766 / math.sqrt(2)), rel=1e-6)
    assert p == pytest.approx(0.001565, rel=1e-3)


def test_a_cell_every_pair_of_which_is_even_is_no_evidence() -> None:
    assert two_sided_p(Pentanomial(dd=20, wl=30), 0.5) == 1.0
    assert two_sided_p(Pentanomial(), 0.5) == 1.0
