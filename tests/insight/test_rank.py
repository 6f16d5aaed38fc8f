"""Ranking tiles with uncertainty, on synthetic runs of known worth."""

import random
from collections.abc import Sequence

import pytest

from dukec.insight.rank import against_reference, holm, paired_difference, rank
from dukec.stats.decision import Criteria, Outcome

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def _run(rng: random.Random, score: float, pairs: int) -> list[float]:
    """Pair scores of a run whose games army A wins with probability ``score`` (no draws)."""
    weights = [(1 - score) ** 2, 0.0, 2 * score * (1 - score), 0.0, score**2]
    return rng.choices(PAIR_SCORES, weights, k=pairs)


def _table(rng: random.Random, scores: Sequence[float], pairs: int) -> list[list[float]]:
    return [_run(rng, score, pairs) for score in scores]


def test_holm_steps_down_and_stops_at_the_first_kept() -> None:
    # Thresholds at alpha 0.05 over 4: 0.0125, 0.0167, 0.025, 0.05.
    assert holm([0.01, 0.04, 0.015, 0.5], 0.05) == [True, False, True, False]
    assert holm([0.012, 0.02, 0.03, 0.04], 0.05) == [True, False, False, False]
    assert holm([0.001, 0.001, 0.001, 0.001], 0.05) == [True] * 4
    assert holm([], 0.05) == []


def test_paired_difference_by_hand() -> None:
    difference = paired_difference([1.0, 0.5, 0.5, 0.0], [0.5, 0.5, 0.5, 0.5])
    # d = (0.5, 0, 0, -0.5) padded with +1 and -1: mean 0, variance (0.25 + 0.25 + 1 + 1) / 6.
    assert difference.mean == 0.0
    assert difference.standard_error == pytest.approx((2.5 / 6 / 4) ** 0.5)
    assert difference.p_value() == pytest.approx(1.0)
    assert paired_difference([], []).p_value() == pytest.approx(1.0)


def test_tiles_far_apart_each_get_their_own_rank() -> None:
    rng = random.Random(1)
    table = rank(["A", "B", "C"], _table(rng, [0.5, 0.65, 0.8], 500), 0.05)
    assert table.ranks == ((3, 3), (2, 2), (1, 1))
    assert table.shown(2) == "1" and table.comparisons == 3


def test_tiles_not_told_apart_share_a_range_and_none_is_first_alone() -> None:
    rng = random.Random(2)
    table = rank(["A", "B", "C"], _table(rng, [0.7, 0.7, 0.5], 500), 0.05)
    assert table.ranks[:2] == ((1, 2), (1, 2))
    assert table.ranks[2] == (3, 3)
    assert table.shown(0) == "1-2"


def test_equal_tiles_are_ordered_in_at_most_alpha_of_tables() -> None:
    rng = random.Random(3)
    trials, ordered = 400, 0
    for _ in range(trials):
        table = rank("ABCDE", _table(rng, [0.6] * 5, 200), 0.05)
        ordered += bool(table.above)
    # Holm keeps the family's error at 5%; 400 tables put a true 5% below 8% but for 1 in 500.
    assert ordered / trials <= 0.08


def test_rank_ranges_hold_the_true_ranks() -> None:
    rng = random.Random(4)
    truth = [0.50, 0.54, 0.58, 0.62, 0.66]  # about 28 Elo apart: close neighbours
    trials, missed, widths = 300, 0, 0
    for _ in range(trials):
        table = rank("ABCDE", _table(rng, truth, 300), 0.05)
        for index, (best, worst) in enumerate(table.ranks):
            true_rank = len(truth) - index
            missed += not best <= true_rank <= worst
        widths += sum(worst - best for best, worst in table.ranks)
    assert missed / trials <= 0.05
    assert widths / trials < 4 * len(truth)  # and the ranges say something


def _outcomes(scores: list[float], pairs: int, seed: int) -> list[Outcome | None]:
    rng = random.Random(seed)
    runs = [[0.5] * pairs, *_table(rng, scores, pairs)]
    table = rank(["ref", *(f"T{n}" for n in range(len(scores)))], runs, 0.05)
    found = against_reference(table, runs, 0, Criteria(margin=30.0))
    return [None if answer is None else answer[0] for answer in found]


def test_answers_against_the_reference() -> None:
    # +120 Elo and +0 Elo over many pairs: more, within ±30; -120 Elo: less; +0 Elo over a
    # few pairs: inconclusive.
    assert _outcomes([0.666, 0.5], 2000, 5) == [None, Outcome.STRONGER, Outcome.FAIR]
    assert _outcomes([0.334], 300, 6) == [None, Outcome.WEAKER]
    assert _outcomes([0.5], 20, 6) == [None, Outcome.INCONCLUSIVE]


def test_equivalence_is_claimed_for_a_tile_outside_the_margin_rarely() -> None:
    # A tile 30 Elo (the margin) above the reference: "within ±30" at most alpha of the time.
    rng = random.Random(7)
    trials, fair = 300, 0
    for _ in range(trials):
        runs = [[0.5] * 1500, _run(rng, 0.5431, 1500)]
        table = rank(["ref", "T"], runs, 0.05)
        answer = against_reference(table, runs, 0, Criteria(margin=30.0))[1]
        fair += answer is not None and answer[0] is Outcome.FAIR
    assert fair / trials <= 0.08
