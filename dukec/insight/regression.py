"""A manifest's experiments played again: recording an entry from a run, and checking it.

A check plays an entry's experiment on today's sources from another seed than the one stored
(by default the stored seed plus one: :func:`dukec.insight.manifest.check_seed`), so that the
two estimates share no game, and tests the two scores with :class:`dukec.insight.drift.Drift`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dukec.balance.experiments import Experiment, replace
from dukec.balance.plans import value_experiment
from dukec.balance.play import check_playable
from dukec.balance.run import Observer, RunResult, Settings, run
from dukec.insight.drift import (
    DEFAULT_ALPHA,
    DEFAULT_MARGIN,
    WANTED_POWER,
    Drift,
    expected_power,
    games_for_power,
    power,
)
from dukec.insight.manifest import Entry
from dukec.insight.value import signed
from dukec.stats.stats import elo, elo_interval
from dukec.tileset import ExperimentError, merge_sources, tileset_digest


def experiment_of(
    entry: Entry, tileset: dict[str, Any], source: dict[str, Any] | None
) -> Experiment:
    """The experiment an entry stores, built on today's sources (``source``: the ``with``
    file's tiles). Raises ExperimentError."""
    if entry.kind == "copy":
        everything = merge_sources(tileset, source)
        return value_experiment(everything, entry.game, entry.tile, entry.in_place_of)
    experiment = replace(tileset, entry.game, entry.in_place_of, entry.tile, source)
    try:
        check_playable(experiment.tileset, experiment.sets)
    except ValueError as error:
        raise ExperimentError(str(error)) from None
    return experiment


def entry_of(
    result: RunResult,
    kind: str,
    sources: tuple[str | None, str | None],
    game: str | None,
    tileset_hash: str,
) -> Entry:
    """The entry that records a finished head-to-head run (``sources``: the tile set and the
    ``with`` file as the manifest names them)."""
    experiment = result.experiment
    assert experiment.replaced is not None
    old, new = experiment.replaced
    settings = result.settings
    evidence = result.tally.evidence
    interval = elo_interval(evidence.interval())
    return Entry(
        kind=kind,
        tile=new,
        in_place_of=old,
        policy=settings.policy,
        budget=settings.budget,
        ply_limit=settings.ply_limit,
        games=result.tally.games,
        paired=result.tally.paired,
        seed=settings.seed,
        tileset_hash=tileset_hash,
        score=evidence.mean,
        score_se=evidence.standard_error(),
        elo=elo(evidence.mean),
        elo_ci95=interval,
        margin=DEFAULT_MARGIN,
        alpha=DEFAULT_ALPHA,
        set=sources[0],
        with_=sources[1],
        game=game,
    )


def recording_note(entry: Entry) -> str:
    """What recording an entry tells: the power its check will have against its margin, and
    the games to play for 90% when it has less."""
    found = expected_power(entry.score, entry.score_se, entry.margin, entry.alpha)
    note = (
        f"manifest: {entry.describe()} recorded; a check from another seed catches a drift of "
        f"{entry.margin:g} Elo with {shown_power(found)} power ({entry.alpha:.0%} false alarms)"
    )
    if found >= WANTED_POWER:
        return note
    games = games_for_power(
        entry.score, entry.score_se, entry.games, entry.margin, entry.alpha, WANTED_POWER
    )
    if games is None:
        return note + ": a score of 0 or 1 moves no further"
    return note + f": record it with --games {games} for {WANTED_POWER:.0%}"


@dataclass(frozen=True, slots=True)
class Checked:
    """One entry played again: the seed, the score now with its error, the tile set's hash."""

    entry: Entry
    seed: int
    score: float
    score_se: float
    tileset_hash: str

    @property
    def drift(self) -> Drift:
        """The two-sample test of the stored score against the score now."""
        entry = self.entry
        return Drift(entry.score, entry.score_se, self.score, self.score_se, entry.alpha)

    @property
    def drifted(self) -> bool:
        """Whether the head-to-head moved by more than chance allows."""
        return self.drift.drifted

    def line(self, path: Path) -> str:
        """The one line a person reads about this entry."""
        entry, drift = self.entry, self.drift
        change, (low, high) = drift.elo_change()
        level = f"{1.0 - entry.alpha:.0%}"
        found = (
            f"{_bound(elo(self.score))} Elo (seed {self.seed}) against {_bound(entry.elo)} "
            f"stored (seed {entry.seed}), a change of {_bound(change)} "
            f"({level}: {_bound(low)} to {_bound(high)})"
        )
        changed = (
            "tile set unchanged"
            if self.tileset_hash == entry.tileset_hash
            else f"tile set {entry.tileset_hash} -> {self.tileset_hash}"
        )
        if self.drifted:
            return (
                f"{path}:{entry.line}:1: error: {entry.describe()} drifted: {found}, beyond "
                f"chance at {entry.alpha:.0%} false alarms; {changed}"
            )
        caught = power(entry.score, drift.sigma, entry.margin, entry.alpha)
        return (
            f"ok {entry.describe()}: {found}, within chance ({entry.alpha:.0%} false alarms, "
            f"{shown_power(caught)} power at ±{entry.margin:g} Elo); {changed}"
        )


def shown_power(value: float) -> str:
    """A power as people read it: '97%', and 'over 99%' rather than a rounded '100%'."""
    return "over 99%" if value >= 0.995 else f"{value:.0%}"


def _bound(value: float) -> str:
    """An Elo figure, '+infinite' or '-infinite' for a score of 1 or 0."""
    return signed(value) if math.isfinite(value) else ("+infinite" if value > 0 else "-infinite")


def check(
    entry: Entry,
    tileset: dict[str, Any],
    source: dict[str, Any] | None,
    seed: int,
    workers: int = 1,
    observer: Observer | None = None,
) -> Checked:
    """Play ``entry``'s experiment again from ``seed`` on today's sources. Raises
    ExperimentError (and ValueError for a seed the entry was recorded with)."""
    if seed == entry.seed:
        raise ValueError(
            f"seed {seed} is the one {entry.describe()} was recorded with; a check needs games "
            f"of its own: choose another --seed"
        )
    experiment = experiment_of(entry, tileset, source)
    settings = Settings(
        games=entry.games,
        seed=seed,
        policy=entry.policy,
        ply_limit=entry.ply_limit,
        budget=entry.budget,
        workers=workers,
        paired=entry.paired,
    )
    result = run(experiment, settings, observer=observer)
    evidence = result.tally.evidence
    hashed = tileset_digest(merge_sources(tileset, source))
    return Checked(entry, seed, evidence.mean, evidence.standard_error(), hashed)
