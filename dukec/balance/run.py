"""One balance run: an experiment's games, played and tallied in order until done or decided."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dukec.balance.decision import Criteria, Decision
from dukec.balance.experiments import Experiment
from dukec.balance.game import GameSummary, Matchup, a_seat
from dukec.balance.runner import PlayBatch, play_batch, run_games
from dukec.balance.search import DEFAULT_BUDGET
from dukec.balance.sequential import watch
from dukec.balance.tally import Tally


class Observer:
    """What a run tells its caller after each game; override what you need, the rest do nothing.

    After each game, in game order, ``game`` then ``standing``. An exception raised by either
    (a cancelled run) stops the games and propagates.
    """

    __slots__ = ()

    def game(self, seat: int, summary: GameSummary) -> None:
        """A game was tallied: the seat army A took, and the game's summary."""

    def standing(self, tally: Tally) -> None:
        """The running tally after the game (for a progress bar, a live chart); leave it as is."""


@dataclass(frozen=True, slots=True)
class Counter(Observer):
    """Tells ``progress`` the games played so far, counting ``before`` from earlier runs."""

    progress: Callable[[int], None] | None
    before: int = 0

    def standing(self, tally: Tally) -> None:
        """Report the count, if there is anyone to tell."""
        if self.progress is not None:
            self.progress(self.before + tally.games)


@dataclass(frozen=True, slots=True)
class Settings:
    """How to run: how many games at most, the master seed, the players, where to run.

    ``policy`` plays army A (the army under test) and ``opponent_policy`` army B (by default
    the same); a policy belongs to its army whichever seat it takes. ``paired`` plays each seed
    twice with the seats swapped, where the armies swap seats at all. ``stop`` names a stopping
    rule (``sprt``, the sequential test; ``width``, a narrow enough interval); ``criteria`` say
    what counts as fair and at which error rates (:mod:`dukec.balance.decision`).
    """

    games: int
    seed: int
    policy: str = "random"
    ply_limit: int = 200
    budget: int = DEFAULT_BUDGET
    workers: int = 1
    backend: str = "local"
    scheduler: str | None = None
    stop: str | None = None
    criteria: Criteria = field(default_factory=Criteria)
    width: float = 0.02
    opponent_policy: str | None = None
    paired: bool = False

    @property
    def policies(self) -> tuple[str, str]:
        """Army A's policy and army B's."""
        return (self.policy, self.opponent_policy or self.policy)


@dataclass(frozen=True, slots=True)
class RunResult:
    """A finished run: what was compared, how, and the tally of the games played."""

    experiment: Experiment
    matchup: Matchup
    settings: Settings
    tally: Tally
    decision: Decision
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.tally.games / self.seconds if self.seconds > 0 else 0.0


def run(
    experiment: Experiment,
    settings: Settings,
    *,
    observer: Observer | None = None,
    play: PlayBatch = play_batch,
) -> RunResult:
    """Play up to ``settings.games`` games, stopping early if the stopping rule decides, and
    decide.

    A paired run plays whole pairs: an odd ``settings.games`` is a ValueError. ``observer``
    hears of each game as it is tallied, in game order; an exception it raises (a cancelled
    run) stops the games and propagates.
    """
    if observer is None:
        observer = Observer()
    matchup = Matchup.build(
        experiment.tileset,
        experiment.sets,
        experiment.labels,
        settings.policies,
        settings.ply_limit,
        settings.budget,
        swap=experiment.swap,
        paired=settings.paired,
    )
    if matchup.paired and settings.games % 2:
        raise ValueError(
            f"paired games come two by two: play an even number of games, not {settings.games}"
        )
    tally = Tally(experiment.labels, paired=matchup.paired)
    rule = watch(settings.stop, settings.criteria, settings.width)
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
    try:
        for summary in games:
            seat = a_seat(matchup, summary.index)
            tally.add(seat, summary)
            observer.game(seat, summary)
            observer.standing(tally)
            # Rules look at whole pairs only: each army has had the first move equally often.
            if tally.games % 2 == 0 and rule.update(tally.evidence):
                break
    finally:
        games.close()
    return RunResult(
        experiment,
        matchup,
        settings,
        tally,
        rule.decision(tally.evidence),
        time.perf_counter() - started,
    )
