"""One balance run: an experiment's games, played and tallied in order until done or decided."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dukec.balance import journal
from dukec.balance.experiments import Experiment
from dukec.balance.game import GameSummary, Matchup, a_seat
from dukec.balance.next_step import NextStep, next_step
from dukec.balance.runner import PlayBatch, play_batch, run_games
from dukec.balance.tally import Tally
from dukec.players.search import DEFAULT_BUDGET
from dukec.stats.decision import Criteria, Decision
from dukec.stats.sequential import SequentialRun, watch


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
    what counts as fair and at which error rates (:mod:`dukec.stats.decision`).
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
    next: NextStep | None = None
    """What to do after this verdict (:mod:`dukec.balance.next_step`)."""
    resumed: int = 0
    """Games read back from an earlier run of the same games (``resume``), not played again."""

    @property
    def played(self) -> int:
        """Games played by this run (those read back from an earlier one aside)."""
        return self.tally.games - self.resumed

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second (those read back from an earlier run aside)."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def run(
    experiment: Experiment,
    settings: Settings,
    *,
    observer: Observer | None = None,
    play: PlayBatch = play_batch,
    resume: bool = False,
) -> RunResult:
    """Play up to ``settings.games`` games, stopping early if the stopping rule decides, and
    decide.

    A paired run plays whole pairs: an odd ``settings.games`` is a ValueError. ``observer``
    hears of each game as it is tallied, in game order; an exception it raises (a cancelled
    run) stops the games and propagates. The games played are kept (:mod:`dukec.balance.
    journal`); with ``resume`` those an earlier run of the same games kept are read back rather
    than played again (the result is the same, sooner).
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
    # Only the engine's games are kept (a test's stand-in for them is not).
    keeping = play is play_batch
    kept = journal.load(matchup, settings.seed)[: settings.games] if resume and keeping else []
    played = run_games(
        matchup,
        settings.seed,
        settings.games,
        workers=settings.workers,
        backend=settings.backend,
        scheduler=settings.scheduler,
        play=play,
        start=len(kept),
    )
    summaries: list[GameSummary] = []
    try:
        for summary in itertools.chain(kept, played):
            seat = a_seat(matchup, summary.index)
            tally.add(seat, summary)
            summaries.append(summary)
            observer.game(seat, summary)
            observer.standing(tally)
            # Rules look at whole pairs only: each army has had the first move equally often.
            if tally.games % 2 == 0 and rule.update(tally.evidence):
                break
    finally:
        played.close()
        # Kept however the run ends (decided, cancelled, interrupted): a rerun resumes it.
        if keeping:
            journal.save(matchup, settings.seed, summaries)
    decision = rule.decision(tally.evidence)
    sequential = rule if isinstance(rule, SequentialRun) else None
    return RunResult(
        experiment,
        matchup,
        settings,
        tally,
        decision,
        time.perf_counter() - started,
        next_step(decision, tally.evidence, sequential, tally.games),
        resumed=min(len(kept), tally.games),
    )
