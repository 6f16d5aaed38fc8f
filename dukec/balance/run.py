"""One balance run: an experiment's games, played and tallied in order until done or decided."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from dukec.balance.experiments import Experiment
from dukec.balance.game import Matchup, a_seat
from dukec.balance.runner import PlayBatch, play_batch, run_games
from dukec.balance.search import DEFAULT_BUDGET
from dukec.balance.stats import StopRule, Verdict
from dukec.balance.tally import Tally


@dataclass(frozen=True, slots=True)
class Settings:
    """How to run: how many games at most, the master seed, the players, where to run."""

    games: int
    seed: int
    policy: str = "random"
    ply_limit: int = 200
    budget: int = DEFAULT_BUDGET
    workers: int = 1
    backend: str = "local"
    scheduler: str | None = None
    stop: StopRule | None = None


@dataclass(frozen=True, slots=True)
class RunResult:
    """A finished run: what was compared, how, and the tally of the games played."""

    experiment: Experiment
    matchup: Matchup
    settings: Settings
    tally: Tally
    decision: Verdict | None
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.tally.games / self.seconds if self.seconds > 0 else 0.0


class _RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "- games/s", style="progress.data.speed")


@contextmanager
def progress_bar(
    total: int, label: str, enabled: bool, console: Console | None = None
) -> Iterator[Progress | None]:
    """A progress bar with rate and ETA on stderr, when ``enabled`` and stderr is a terminal."""
    console = console or Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        progress.add_task(label, total=total)
        yield progress


def run(
    experiment: Experiment,
    settings: Settings,
    *,
    progress: bool = False,
    play: PlayBatch = play_batch,
) -> RunResult:
    """Play up to ``settings.games`` games, stopping early if the stopping rule decides."""
    matchup = Matchup.build(
        experiment.tileset,
        experiment.sets,
        experiment.labels,
        settings.policy,
        settings.ply_limit,
        settings.budget,
    )
    tally = Tally(experiment.labels)
    decision: Verdict | None = None
    started = time.perf_counter()
    games = run_games(
        matchup,
        settings.seed,
        settings.games,
        workers=settings.workers,
        backend=settings.backend,
        scheduler=settings.scheduler,
        play=play,
    )
    label = f"{settings.policy}: {experiment.describe()}"
    with progress_bar(settings.games, label, progress) as bar:
        try:
            for summary in games:
                tally.add(a_seat(matchup, summary.index), summary)
                if bar is not None:
                    bar.advance(bar.task_ids[0])
                decision = tally.decision(settings.stop)
                if decision is not None:
                    break
        finally:
            games.close()
    return RunResult(experiment, matchup, settings, tally, decision, time.perf_counter() - started)
