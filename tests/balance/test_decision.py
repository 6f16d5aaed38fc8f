"""The four answers, on synthetic results whose truth is known."""

import bisect
import itertools
import random
import statistics

import pytest

from dukec.balance.run import Settings, run
from dukec.stats.decision import Criteria, Outcome, fixed_decision
from dukec.stats.gsprt import tilt
from dukec.stats.pairs import PAIR_SCORES, Pentanomial
from dukec.stats.sequential import SequentialRun
from dukec.stats.stats import EloModel, SprtState, Trinomial, elo, expected_score
from tests.balance.balance_fakes import fake_batch
from tests.balance.test_balance_pairs import experiment

SHAPE = [0.1, 0.15, 0.5, 0.15, 0.1]
"""A pentanomial distribution's shape, tilted to each Elo a test is run at."""


def _pairs(truth: float, seed: int, cap: int = 4000) -> tuple[Pentanomial, SequentialRun]:
    """A sequential test on a stream of pairs of true Elo ``truth``, to its end or the cap."""
    rng = random.Random(seed)
    cumulative = list(itertools.accumulate(tilt(SHAPE, PAIR_SCORES, expected_score(truth))))
    counts = [0] * 5
    evidence = Pentanomial()
    test = SequentialRun(Criteria())
    for _ in range(cap):
        counts[min(4, bisect.bisect(cumulative, rng.random()))] += 1
        evidence = Pentanomial(counts[0], counts[1], counts[2], 0, counts[3], counts[4])
        if test.update(evidence):
            break
    return evidence, test


# --- fixed length -------------------------------------------------------------------------


def test_a_fixed_run_calls_a_narrow_interval_near_even_fair() -> None:
    # 1000 games, 500 won, 500 lost: mean 0.5, standard error 0.0158, so the 90% interval is
    # 0.474 .. 0.526 (-18 .. +18 Elo), inside ±30 Elo (0.457 .. 0.543); the 95% interval is
    # 0.469 .. 0.531 (-21.6 .. +21.6 Elo).
    decision = fixed_decision(Trinomial(losses=500, wins=500), Criteria())
    assert decision.outcome is Outcome.FAIR
    assert decision.edge is None
    assert decision.words == "fair within ±30 Elo"
    assert decision.elo == 0.0
    assert decision.elo_interval == pytest.approx((-21.56, 21.56), abs=0.01)


def test_a_fixed_run_never_reads_a_wide_interval_as_fair() -> None:
    # 60 games, 31 won: the interval spans -91 .. +113 Elo: not shown different, not shown fair.
    decision = fixed_decision(Trinomial(losses=29, wins=31), Criteria())
    assert decision.outcome is Outcome.INCONCLUSIVE
    assert decision.words == "inconclusive: play more games"


def test_a_fixed_run_calls_a_clear_edge_beyond_the_margin_stronger_or_weaker() -> None:
    assert fixed_decision(Trinomial(losses=400, wins=600), Criteria()).outcome is Outcome.STRONGER
    assert fixed_decision(Trinomial(losses=600, wins=400), Criteria()).outcome is Outcome.WEAKER


def test_a_measurable_edge_inside_the_margin_is_fair_and_named() -> None:
    # 10000 games at 52%: +14 Elo (95% +9 .. +19), inside ±30.
    decision = fixed_decision(Trinomial(losses=4800, wins=5200), Criteria())
    assert decision.outcome is Outcome.FAIR
    assert decision.edge is Outcome.STRONGER


def test_a_margin_about_a_target() -> None:
    # 60% is +70 Elo: fair about a target of +70, weaker than a target of +150.
    counts = Trinomial(losses=4000, wins=6000)
    assert fixed_decision(counts, Criteria(centre=70.0)).outcome is Outcome.FAIR
    assert fixed_decision(counts, Criteria(centre=150.0)).outcome is Outcome.WEAKER


def test_a_normalized_margin_is_in_standard_deviations() -> None:
    # Pairs of mirrored games (all DD+WL with a few WW/LL) have a small per-game deviation:
    # a margin of 30 nElo is then a narrow band in score.
    counts = Pentanomial(ll=5, wl=190, ww=5)
    criteria = Criteria(model=EloModel.NORMALIZED)
    _, centre, high = criteria.scores(counts)
    assert centre == 0.5
    assert high - centre == pytest.approx(30 / 347.436 * counts.sigma_pg, rel=1e-4)
    assert fixed_decision(counts, criteria).criteria.about() == "±30 nElo"


@pytest.mark.parametrize(
    ("margin", "alpha", "beta"), [(0.0, 0.05, 0.05), (30.0, 0.0, 0.05), (30.0, 0.05, 0.5)]
)
def test_criteria_out_of_range_are_refused(margin: float, alpha: float, beta: float) -> None:
    with pytest.raises(ValueError):
        Criteria(margin, alpha, beta)


# --- sequential ---------------------------------------------------------------------------


def test_the_sequential_test_keeps_its_stated_rates_on_streams_of_known_elo() -> None:
    runs = 300
    at_zero = [_pairs(0.0, seed)[1].outcome for seed in range(runs)]
    at_margin = [_pairs(30.0, 1000 + seed)[1].outcome for seed in range(runs)]
    false_alarms = sum(outcome is not None and outcome.different for outcome in at_zero) / runs
    power = sum(outcome is Outcome.STRONGER for outcome in at_margin) / runs
    # Stated: 5% and 95%; 300 runs give a standard error of about 1.3%.
    assert false_alarms <= 0.09
    assert power >= 0.91


def test_a_decided_side_stays_decided() -> None:
    # The upper test accepts H0 on a weak start; a later run of wins cannot make it 'stronger'.
    test = SequentialRun(Criteria())
    test.update(Pentanomial(ll=40, wl=140, ww=20))
    assert test.up.state is SprtState.ACCEPT_H0
    assert test.down.state is SprtState.CONTINUE
    later = Pentanomial(ll=40, wl=140, ww=220)
    assert later.llr(0.5, expected_score(30)) > test.sprt.upper
    test.update(later)
    assert test.outcome is not Outcome.STRONGER


def test_the_estimate_at_a_stop_accounts_for_the_stop() -> None:
    # Stopping on a lucky streak overstates a difference: the plain Elo at the stop averages
    # several Elo above the truth, the stop-aware estimate about the truth.
    plain, aware = [], []
    for seed in range(200):
        evidence, test = _pairs(60.0, 5000 + seed)
        decision = test.decision(evidence)
        assert decision.outcome is Outcome.STRONGER
        assert decision.estimate == "stop-aware"
        plain.append(elo(evidence.mean))
        aware.append(decision.elo)
        low, high = decision.elo_interval
        assert low < decision.elo < high
    assert statistics.fmean(plain) > 63.0
    assert abs(statistics.fmean(aware) - 60.0) < 4.0


def test_a_run_that_reaches_its_cap_is_inconclusive() -> None:
    result = run(
        experiment(),
        Settings(games=40, seed=3, policy="edge=0.02", paired=True, stop="sprt"),
        play=fake_batch,
    )
    assert result.tally.games == 40
    assert result.decision.outcome is Outcome.INCONCLUSIVE
    assert result.decision.method == "sequential"
    assert result.decision.estimate == "plain"
    assert result.decision.words == "inconclusive: play more games"
