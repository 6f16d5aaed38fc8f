"""The runner: seeds, seats, ordering, and the same results whatever runs the games."""

import hashlib
import io

import pytest
from rich.console import Console

from dukec.balance.experiments import Experiment
from dukec.balance.game import GameSummary, Matchup, a_seat, game_seed, jobs_for
from dukec.balance.run import Counter, Observer, Settings, run
from dukec.balance.runner import RunnerError, batch_size, run_games
from dukec.balance.tally import Tally, summary_numbers
from dukec.commands.progress import progress_bar
from dukec.stats.decision import Outcome
from tests.balance.balance_fakes import fake_batch

TILESET = {"format": "duke-tileset/1", "tiles": [], "sets": []}


def matchup(policy: str = "edge=0", alternates: bool = True) -> Matchup:
    sets = ("a-first", "b-first") if alternates else ("base", "base")
    return Matchup.build(TILESET, sets, ("A", "B"), (policy, policy), 100, 10)


def experiment() -> Experiment:
    return Experiment("replace", TILESET, ("a-first", "b-first"), ("A", "B"), "A", "B")


def test_game_seed_hashes_master_seed_and_index() -> None:
    digest = hashlib.sha256(b"dukec-balance:7:3").digest()
    assert game_seed(7, 3) == int.from_bytes(digest[:8], "big") >> 1
    seeds = {game_seed(7, index) for index in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(7, 3) != game_seed(8, 3)
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_seats_alternate_and_fix_in_self_play() -> None:
    jobs = jobs_for(matchup(), 1, 0, 4)
    assert [job.a_seat for job in jobs] == [0, 1, 0, 1]
    assert [job.set_name for job in jobs] == ["a-first", "b-first", "a-first", "b-first"]
    assert [job.a_seat for job in jobs_for(matchup(alternates=False), 1, 0, 3)] == [0, 0, 0]


def test_a_jobs_seed_does_not_depend_on_the_batch() -> None:
    whole = jobs_for(matchup(), 5, 0, 10)
    parts = jobs_for(matchup(), 5, 0, 3) + jobs_for(matchup(), 5, 3, 10)
    assert [job.seed for job in whole] == [job.seed for job in parts]


def test_batch_size_bounds() -> None:
    assert batch_size(10, 4) == 1
    assert batch_size(1000, 2) == 16
    assert batch_size(200, 2) == 12


def test_results_arrive_in_index_order_with_two_workers() -> None:
    summaries = list(run_games(matchup(), 3, 50, workers=2, play=fake_batch, batch=3))
    assert [summary.index for summary in summaries] == list(range(50))


def test_one_worker_and_two_workers_give_identical_games() -> None:
    one = list(run_games(matchup(), 11, 60, workers=1, play=fake_batch))
    two = list(run_games(matchup(), 11, 60, workers=2, play=fake_batch, batch=7))
    assert one == two


def test_different_seeds_give_different_games() -> None:
    first = list(run_games(matchup(), 1, 30, play=fake_batch))
    second = list(run_games(matchup(), 2, 30, play=fake_batch))
    assert first != second


def test_early_stop_is_the_same_with_any_number_of_workers() -> None:
    settings = Settings(games=4000, seed=5, policy="edge=0.15", stop="width", width=0.04)
    one = run(experiment(), settings, play=fake_batch)
    two = run(
        experiment(),
        Settings(games=4000, seed=5, policy="edge=0.15", stop="width", width=0.04, workers=2),
        play=fake_batch,
    )
    assert one.decision.outcome is Outcome.STRONGER
    assert 300 < one.tally.games < 4000
    assert one.tally.games % 2 == 0
    assert summary_numbers(one.tally) == summary_numbers(two.tally)


class Log(Observer):
    """Writes down what a run tells it, in order."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, int]] = []
        self.seats: list[int] = []

    def game(self, seat: int, summary: GameSummary) -> None:
        self.heard.append(("game", summary.index))
        self.seats.append(seat)

    def standing(self, tally: Tally) -> None:
        self.heard.append(("standing", tally.games))


@pytest.mark.parametrize("workers", [1, 2])
def test_the_observer_hears_each_game_then_the_standing_in_game_order(workers: int) -> None:
    log = Log()
    result = run(
        experiment(), Settings(games=8, seed=3, workers=workers), play=fake_batch, observer=log
    )
    expected: list[tuple[str, int]] = []
    for index in range(8):
        expected += [("game", index), ("standing", index + 1)]
    assert log.heard == expected
    assert log.seats == [a_seat(result.matchup, index) for index in range(8)] == [0, 1] * 4


class Stop(Exception):
    """A cancelled run."""


class StopAfter(Observer):
    """Stops the run once it has seen ``games`` games."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.seen = 0

    def standing(self, tally: Tally) -> None:
        self.seen = tally.games
        if tally.games == self.games:
            raise Stop


@pytest.mark.parametrize("workers", [1, 2])
def test_an_observers_exception_stops_the_games_and_propagates(workers: int) -> None:
    observer = StopAfter(3)
    with pytest.raises(Stop):
        run(
            experiment(),
            Settings(games=40, seed=3, workers=workers),
            play=fake_batch,
            observer=observer,
        )
    assert observer.seen == 3


def test_a_counter_counts_on_from_earlier_runs_and_may_tell_no_one() -> None:
    seen: list[int] = []
    run(experiment(), Settings(games=3, seed=1), play=fake_batch, observer=Counter(seen.append, 10))
    assert seen == [11, 12, 13]
    silent = run(experiment(), Settings(games=3, seed=1), play=fake_batch, observer=Counter(None))
    assert silent.tally.games == 3


def test_unknown_backend_and_bad_workers_are_errors() -> None:
    with pytest.raises(RunnerError, match="unknown backend 'ray'"):
        list(run_games(matchup(), 1, 2, backend="ray", play=fake_batch))
    with pytest.raises(RunnerError, match="at least 1"):
        list(run_games(matchup(), 1, 2, workers=0, play=fake_batch))
    with pytest.raises(RunnerError, match="--scheduler needs --backend dask"):
        list(run_games(matchup(), 1, 2, scheduler="tcp://127.0.0.1:1", play=fake_batch))


def test_dask_local_cluster_gives_the_same_games() -> None:
    pytest.importorskip("distributed")
    local = list(run_games(matchup(), 13, 40, workers=1, play=fake_batch))
    dask = list(run_games(matchup(), 13, 40, workers=2, backend="dask", play=fake_batch, batch=5))
    assert dask == local


def test_progress_bar_only_on_a_terminal() -> None:
    terminal = io.StringIO()
    with progress_bar(10, "games", True, Console(file=terminal, force_terminal=True)) as bar:
        assert bar is not None
        bar(10)
    assert "10/10" in terminal.getvalue()
    assert "games/s" in terminal.getvalue()
    with progress_bar(10, "games", True, Console(file=io.StringIO(), force_terminal=False)) as bar:
        assert bar is None
    with progress_bar(10, "games", False, Console(file=io.StringIO(), force_terminal=True)) as bar:
        assert bar is None
