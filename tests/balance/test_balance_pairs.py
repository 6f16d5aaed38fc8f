"""Paired games: pentanomial counts, the pair interval, and the GSPRT on the pentanomial model."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dukec.balance.experiments import Experiment
from dukec.balance.game import GameJob, GameSummary, Matchup, jobs_for
from dukec.balance.run import Counter, Settings, run
from dukec.balance.tally import Tally, summary_numbers
from dukec.stats.decision import Criteria, Outcome, fixed_decision
from dukec.stats.gsprt import tilt
from dukec.stats.pairs import PAIR_SCORES, Pentanomial
from dukec.stats.sequential import SequentialRun, WidthRun
from dukec.stats.stats import Sprt, SprtState, expected_score
from tests.balance.balance_fakes import fake_batch

TILESET = {"format": "duke-tileset/1", "tiles": [], "sets": []}
POINTS = st.sampled_from([0.0, 0.5, 1.0])


def experiment() -> Experiment:
    return Experiment("replace", TILESET, ("a-first", "b-first"), ("A", "B"), "A", "B")


def test_each_pair_falls_into_its_bin() -> None:
    counts = Pentanomial()
    for first, second in [(0, 0), (0, 0.5), (0.5, 0), (0.5, 0.5), (1, 0), (0, 1), (1, 0.5), (1, 1)]:
        counts = counts.add(first, second)
    assert (counts.ll, counts.ld, counts.dd, counts.wl, counts.wd, counts.ww) == (1, 2, 1, 2, 1, 1)
    assert counts.bins == (1, 2, 3, 1, 1)
    assert counts.pairs == 8


def test_the_pair_score_and_its_interval_by_hand() -> None:
    # 10 pairs: 2 LL, 3 DD+WL, 5 WW -> mean (0 + 1.5 + 5) / 10 = 0.65 per game. With one LL and
    # one WW pair added for the variance: 12 pairs, mean 7.5/12 = 0.625, variance
    # (3 * 0.625^2 + 3 * 0.125^2 + 6 * 0.375^2) / 12 = (1.171875 + 0.046875 + 0.84375) / 12
    # = 0.171875; half width 1.959964 * sqrt(0.171875 / 10) = 0.256953.
    counts = Pentanomial(ll=2, wl=3, ww=5)
    assert counts.mean == pytest.approx(0.65)
    assert counts.variance() == pytest.approx(0.171875)
    low, high = counts.interval()
    assert low == pytest.approx(0.65 - 0.256953, abs=1e-6)
    assert high == pytest.approx(0.65 + 0.256953, abs=1e-6)
    assert Pentanomial().interval() == (0.0, 1.0)


@given(st.lists(st.tuples(POINTS, POINTS), max_size=60))
def test_pentanomial_counts_add_up_to_the_games(pairs: list[tuple[float, float]]) -> None:
    counts = Pentanomial()
    for first, second in pairs:
        counts = counts.add(first, second)
    games = [points for pair in pairs for points in pair]
    wins, draws, losses = games.count(1.0), games.count(0.5), games.count(0.0)
    assert counts.pairs == len(pairs)
    assert 2 * counts.ww + counts.wd + counts.wl == wins
    assert 2 * counts.dd + counts.wd + counts.ld == draws
    assert 2 * counts.ll + counts.ld + counts.wl == losses
    if pairs:
        assert counts.mean == pytest.approx(sum(games) / len(games))


def test_a_paired_tally_matches_its_plain_counts() -> None:
    result = run(
        experiment(), Settings(games=400, seed=3, policy="edge=0.1", paired=True), play=fake_batch
    )
    tally = result.tally
    pairs = tally.pairs
    assert pairs.pairs * 2 == tally.games == 400
    assert 2 * pairs.ww + pairs.wd + pairs.wl == tally.wins[0]
    assert 2 * pairs.ll + pairs.ld + pairs.wl == tally.wins[1]
    assert 2 * pairs.dd + pairs.wd + pairs.ld == tally.draws
    numbers = summary_numbers(tally)
    assert numbers["paired"] is True
    assert numbers["pairs"]["pentanomial"] == dict(
        zip(("LL", "LD", "DD+WL", "WD", "WW"), pairs.bins, strict=True)
    )
    assert numbers["score"] == pytest.approx(numbers["per_game"]["score"])
    assert numbers["score_ci95"] == list(pairs.interval())


def test_paired_games_share_a_seed_with_the_seats_swapped() -> None:
    matchup = Matchup.build(TILESET, ("a", "b"), ("A", "B"), ("x", "x"), 100, 10, paired=True)
    jobs = jobs_for(matchup, 4, 0, 6)
    assert [job.a_seat for job in jobs] == [0, 1, 0, 1, 0, 1]
    assert jobs[0].seed == jobs[1].seed != jobs[2].seed == jobs[3].seed
    plain = Matchup.build(TILESET, ("a", "b"), ("A", "B"), ("x", "x"), 100, 10)
    assert len({job.seed for job in jobs_for(plain, 4, 0, 6)}) == 6
    # Self-play never swaps seats, so it is never paired.
    alone = Matchup.build(TILESET, ("a", "a"), ("A", "B"), ("x", "x"), 100, 10, paired=True)
    assert not alone.paired


def test_a_paired_run_needs_whole_pairs() -> None:
    with pytest.raises(ValueError, match="play an even number of games, not 7"):
        run(experiment(), Settings(games=7, seed=1, paired=True), play=fake_batch)


def test_paired_stopping_decides_on_whole_pairs_alike_on_any_batching() -> None:
    one = run(
        experiment(),
        Settings(games=4000, seed=5, policy="edge=0.1", paired=True, stop="sprt"),
        play=fake_batch,
    )
    two = run(
        experiment(),
        Settings(games=4000, seed=5, policy="edge=0.1", paired=True, stop="sprt", workers=2),
        play=fake_batch,
    )
    assert one.decision.outcome is Outcome.STRONGER
    assert one.decision == two.decision
    assert one.tally.games % 2 == 0
    assert one.tally.games == two.tally.games
    assert one.tally.pairs == two.tally.pairs


def test_the_progress_callback_counts_the_games() -> None:
    seen: list[int] = []
    counter = Counter(seen.append)
    run(experiment(), Settings(games=6, seed=1, paired=True), play=fake_batch, observer=counter)
    assert seen == [1, 2, 3, 4, 5, 6]


# --- the likelihood ratio ------------------------------------------------------------------


def test_the_constrained_fit_has_the_asked_mean() -> None:
    observed = [0.1, 0.2, 0.4, 0.2, 0.1]
    for score in (0.3, 0.5, 0.6):
        fitted = tilt(observed, PAIR_SCORES, score)
        assert sum(fitted) == pytest.approx(1.0, abs=1e-9)
        mean = sum(p * a for p, a in zip(fitted, (0, 0.25, 0.5, 0.75, 1), strict=True))
        assert mean == pytest.approx(score, abs=1e-9)
    # The observed distribution is its own fit at its own mean.
    assert tilt(observed, PAIR_SCORES, 0.5) == pytest.approx(observed)


def test_the_pentanomial_llr_is_near_the_normal_approximation() -> None:
    # For close hypotheses the GSPRT is n (s1 - s0)(2m - s0 - s1) / 2 var over pair scores.
    counts = Pentanomial(ll=40, ld=90, dd=100, wl=80, wd=110, ww=60)
    s0, s1 = expected_score(0), expected_score(10)
    scores = [0.0] * 40 + [0.25] * 90 + [0.5] * 180 + [0.75] * 110 + [1.0] * 60
    mean = sum(scores) / len(scores)
    variance = sum((x - mean) ** 2 for x in scores) / len(scores)
    normal = len(scores) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    assert counts.llr(s0, s1) == pytest.approx(normal, rel=0.02)
    assert counts.llr(s0, s0) == 0.0
    assert Pentanomial().llr(s0, s1) == 0.0


def test_pairs_of_mirrored_games_decide_fair() -> None:
    # An exact copy of a tile: every pair is one win each way, and both tests settle on H0.
    counts = Pentanomial(wl=40)
    test = SequentialRun(Criteria(30.0))
    assert test.update(counts)
    assert test.decision(counts).outcome is Outcome.FAIR
    assert WidthRun(Criteria(30.0), 0.05).update(counts)
    assert fixed_decision(counts, Criteria(30.0)).outcome is Outcome.FAIR


def _pair(rng: random.Random, elo: float, draw: float) -> tuple[float, float]:
    """Two games of a player ``elo`` stronger, a share ``draw`` of games drawn."""
    win = expected_score(elo) - draw / 2
    results = []
    for _ in range(2):
        roll = rng.random()
        results.append(1.0 if roll < win else 0.5 if roll < win + draw else 0.0)
    return results[0], results[1]


def _sprt_runs(elo: float, runs: int, seed: int) -> list[SprtState]:
    """Where a GSPRT of 0 against +50 Elo ends on ``runs`` seeded streams of pairs."""
    test = Sprt(0.05, 0.05)
    s0, s1 = expected_score(0.0), expected_score(50.0)
    rng = random.Random(seed)
    ends: list[SprtState] = []
    for _ in range(runs):
        counts = Pentanomial()
        state = SprtState.CONTINUE
        while state is SprtState.CONTINUE:
            for _ in range(4):  # looked at every fourth pair, to keep the test quick
                counts = counts.add(*_pair(rng, elo, 0.2))
            state = test.state(counts.llr(s0, s1))
        ends.append(state)
    return ends


def test_the_gsprt_keeps_its_error_rates_on_streams_of_known_elo() -> None:
    runs = 200
    # True Elo 0 (H0): accepting H1 is the alpha error; true +50 (H1): accepting H0 is beta.
    false_h1 = _sprt_runs(0.0, runs, 1).count(SprtState.ACCEPT_H1) / runs
    false_h0 = _sprt_runs(50.0, runs, 2).count(SprtState.ACCEPT_H0) / runs
    # alpha = beta = 0.05; 200 runs give a standard error of about 0.015.
    assert false_h1 <= 0.09
    assert false_h0 <= 0.09
    # Halfway between the hypotheses, the test goes either way about equally often.
    halfway = _sprt_runs(25.0, 100, 5).count(SprtState.ACCEPT_H1) / 100
    assert 0.3 <= halfway <= 0.7
    assert _sprt_runs(300.0, 50, 3) == [SprtState.ACCEPT_H1] * 50
    assert _sprt_runs(-100.0, 50, 4) == [SprtState.ACCEPT_H0] * 50


def test_the_sequential_test_on_pairs() -> None:
    rng = random.Random(9)
    for elo, expected in ((200.0, Outcome.STRONGER), (-200.0, Outcome.WEAKER)):
        counts = Pentanomial()
        test = SequentialRun(Criteria(30.0))
        while not test.update(counts):
            counts = counts.add(*_pair(rng, elo, 0.1))
        assert test.decision(counts).outcome is expected


def test_unpaired_games_give_the_trinomial_llr() -> None:
    tally = Tally(("A", "B"))
    for index, winner in enumerate([0, 0, 1, None, 0, 0]):
        tally.add(0, GameSummary(index, winner, False, 10, "x", ({}, {})))
    s0, s1 = expected_score(0), expected_score(30)
    assert tally.evidence.bins == (1, 1, 4)
    assert tally.evidence.llr(s0, s1) == tally.score_a.llr(s0, s1)
    assert math.isfinite(tally.evidence.llr(s0, s1))


def test_a_job_names_each_seat_policy_by_its_army() -> None:
    matchup = Matchup.build(TILESET, ("a", "b"), ("A", "B"), ("weak", "strong"), 100, 10)
    a_first = GameJob(matchup, 0, 1, 0)
    b_first = GameJob(matchup, 1, 1, 1)
    assert [a_first.policy(0), a_first.policy(1)] == ["weak", "strong"]
    assert [b_first.policy(0), b_first.policy(1)] == ["strong", "weak"]


def _strong_wins(jobs: list[GameJob]) -> list[GameSummary]:
    return [
        GameSummary(job.index, 0 if job.policy(0) == "strong" else 1, False, 10, "x", ({}, {}))
        for job in jobs
    ]


def test_mixed_policies_follow_their_armies_across_seats() -> None:
    weak = run(
        experiment(),
        Settings(games=20, seed=1, policy="weak", opponent_policy="strong", paired=True),
        play=_strong_wins,
    )
    assert weak.tally.wins == [0, 20]
    assert weak.tally.seat_wins == [10, 10]
    assert weak.tally.pairs.ll == 10
    strong = run(
        experiment(),
        Settings(games=20, seed=1, policy="strong", opponent_policy="weak", paired=True),
        play=_strong_wins,
    )
    assert strong.tally.pairs.ww == 10
