"""The rated ladder: every pair of policies plays paired games on one game set, and a joint fit
by maximum likelihood (:mod:`dukec.stats.bradley_terry`) turns the results into each
policy's Elo relative to random, or a bound for a policy that won (or lost) every game.

Both sides play the set's own armies; in each pair of games the policies swap seats (and so
armies, where a set gives its seats different armies), with the same seed and bag draws.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dukec.balance.experiments import Experiment, own_armies
from dukec.balance.ratings import ANCHOR
from dukec.balance.run import Counter, RunResult, Settings, run
from dukec.players.search import DEFAULT_BUDGET
from dukec.stats.bradley_terry import Fit, Pairing, Rating, fit
from dukec.tileset import find_set, tileset_digest

LadderProgress = Callable[[int], None]
"""Told how many games the ladder has played so far, all pairings together."""


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """What a ladder plays: the policies, games per pairing, the seed, and where to run."""

    policies: tuple[str, ...]
    games: int
    seed: int
    budget: int = DEFAULT_BUDGET
    ply_limit: int = 300
    workers: int = 1
    backend: str = "local"
    scheduler: str | None = None


@dataclass(frozen=True, slots=True)
class LadderResult:
    """The ladder's pairings, the ratings fitted to them, and what they were measured on."""

    game: str
    digest: str
    settings: LadderSettings
    runs: tuple[RunResult, ...]
    fit: Fit
    seconds: float

    @property
    def ratings(self) -> tuple[Rating, ...]:
        """Each policy's rating, in the order of the settings."""
        return self.fit.ratings


def pairing_experiment(tileset: dict[str, Any], game: str, first: str, second: str) -> Experiment:
    """The set's own armies, seats swapping, labelled by the two policies."""
    return own_armies(
        tileset,
        game,
        kind="ladder",
        labels=(first, second),
        subject=first,
        opponent=second,
        swap=True,
    )


def run_ladder(
    tileset: dict[str, Any],
    set_name: str | None,
    settings: LadderSettings,
    progress: LadderProgress | None = None,
) -> LadderResult:
    """Play every pairing of the policies (paired games) and fit the ratings."""
    if ANCHOR not in settings.policies:
        raise ValueError(f"a ladder needs the {ANCHOR!r} policy: ratings are relative to it")
    if len(set(settings.policies)) != len(settings.policies) or len(settings.policies) < 2:
        raise ValueError("a ladder needs at least two different policies")
    if settings.games % 2:
        raise ValueError(
            f"paired games come two by two: play an even number of games, not {settings.games}"
        )
    game = find_set(tileset, set_name)["name"]
    started = time.perf_counter()
    runs: list[RunResult] = []
    for first, second in itertools.combinations(settings.policies, 2):
        experiment = pairing_experiment(tileset, game, first, second)
        run_settings = Settings(
            games=settings.games,
            seed=settings.seed,
            policy=first,
            opponent_policy=second,
            ply_limit=settings.ply_limit,
            budget=settings.budget,
            workers=settings.workers,
            backend=settings.backend,
            scheduler=settings.scheduler,
            paired=True,
        )
        before = sum(result.tally.games for result in runs)
        runs.append(run(experiment, run_settings, observer=Counter(progress, before)))
    pairings = [
        Pairing(result.settings.policies[0], result.settings.policies[1], result.tally.pairs)
        for result in runs
    ]
    fitted = fit(list(settings.policies), pairings, ANCHOR)
    return LadderResult(
        game, tileset_digest(tileset), settings, tuple(runs), fitted, time.perf_counter() - started
    )
