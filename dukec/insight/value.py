"""What a tile is worth, in Elo: one copy of it in the place of a reference tile, and its bag worth.

**Worth per copy** (:func:`dukec.balance.plans.value_experiment`). Army A is the set's army with
one copy of the reference tile (``in_place_of``, the Footman by default) replaced by one copy of
the tile; army B is the set's army as it is. The copy replaced is the reference's first copy in
the set-up when the reference starts on the board (one of the two Footmen beside the Duke, in
the base game), else one copy in its bag: that is the *slot*. Every tile is measured in the same
slot against the same army, so worths are comparable between tiles (a tile worth +80 beats one
worth +20 in that slot, by about the difference), and each is the worth of one copy whatever the
tile's count, so a tile of three copies compares with a tile of one. The bag keeps its length:
nothing is diluted. The reference is worth 0 by definition (in its own place it leaves the army
as it is), and a tile the army holds already gains one copy (one Wizard more, one Footman
fewer): the worth of one more.

**Bag worth** (:func:`dukec.balance.plans.bag_experiment`). Army A is the set's army, army B the
same army without the tile: every copy out of the set-up and out of the bag (a tile the army
lacks goes into army A's bag instead, as many copies as its count). Taking tiles out also
shortens the bag, so the army without them draws its other tiles sooner: the bag worth mixes the
tile's strength with how much it dilutes the bag, and it is the worth of all copies together
(three Pikemen at once). It says what the tile adds to this army; it is not a scale to rank
tiles on.

Both are balance experiments (two game sets in one tile set, seats alternating, paired games),
so every run, stopping rule and statistic of :mod:`dukec.balance` applies. A worth is the Elo of
army A's score over pairs, with its 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dukec.balance.experiments import Experiment
from dukec.balance.game import GameSummary
from dukec.balance.plans import (
    DEFAULT_REFERENCE,
    InsightError,
    Kind,
    bag_experiment,
    check_reference,
    is_reference,
    value_experiment,
)
from dukec.balance.run import Counter, RunResult, Settings, run
from dukec.balance.tally import finite, pair_numbers
from dukec.stats.stats import Z95, elo, elo_interval
from dukec.tileset import tile_name

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Worth:
    """A measured worth: Elo of army A over army B, its interval, the score behind it."""

    tile: str
    elo: float
    elo_ci95: tuple[float, float]
    score: float
    score_ci95: tuple[float, float]
    pairs: int
    score_se: float = 0.0
    """The standard error of the score (per game, over pairs)."""

    @staticmethod
    def of(tile: str, result: RunResult) -> Worth:
        """The worth a finished (paired) run measured."""
        evidence = result.tally.evidence
        interval = evidence.interval()
        return Worth(
            tile,
            elo(evidence.mean),
            elo_interval(interval),
            evidence.mean,
            interval,
            result.tally.pairs.pairs,
            evidence.standard_error(),
        )

    @staticmethod
    def nil(tile: str) -> Worth:
        """The reference's worth per copy: 0, exactly, with no game played."""
        return Worth(tile, 0.0, (0.0, 0.0), 0.5, (0.5, 0.5), 0, 0.0)

    @property
    def standard_error(self) -> float:
        """The Elo interval's half width over z: the spread the delta method works with."""
        return (self.elo_ci95[1] - self.elo_ci95[0]) / (2.0 * Z95)

    def to_json(self) -> dict[str, Any]:
        """The numbers, with infinities (a 0% or 100% score) as null."""
        return {
            "tile": self.tile,
            "elo": finite(self.elo),
            "elo_ci95": [finite(self.elo_ci95[0]), finite(self.elo_ci95[1])],
            "score": self.score,
            "score_ci95": list(self.score_ci95),
            "score_se": self.score_se,
            "pairs": self.pairs,
        }


@dataclass(frozen=True, slots=True)
class Ratio:
    """One worth in units of another, with a 95% interval (delta method)."""

    value: float
    ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        """The ratio and its interval, and the method that gave the interval."""
        return {"value": self.value, "ci95": list(self.ci95), "method": "delta"}


def ratio(worth: Worth, unit: Worth) -> Ratio | None:
    """``worth`` / ``unit`` with a 95% interval by the delta method, taking the two runs as
    independent: se(r) = |r| sqrt((se_a / a)^2 + (se_b / b)^2). None when the unit's interval
    holds zero (or is infinite): then the unit is no measurable unit at all."""
    low, high = unit.elo_ci95
    finite_all = all(math.isfinite(x) for x in (worth.elo, *worth.elo_ci95, unit.elo, low, high))
    if not finite_all or low <= 0.0 <= high:
        return None
    value = worth.elo / unit.elo
    spread = abs(value) * math.hypot(
        worth.standard_error / worth.elo if worth.elo else 0.0, unit.standard_error / unit.elo
    )
    if worth.elo == 0.0:
        # r = 0: the relative error of the numerator is undefined, its absolute one is not.
        spread = worth.standard_error / abs(unit.elo)
    return Ratio(value, (value - Z95 * spread, value + Z95 * spread))


@dataclass(frozen=True, slots=True)
class Valuation:
    """One measured tile: the run (none for the reference, worth 0 by definition), the worth
    it gives, and each game (army A's seat, summary)."""

    kind: Kind
    experiment: Experiment | None
    result: RunResult | None
    worth: Worth
    in_place_of: str | None
    games: tuple[tuple[int, GameSummary], ...] = field(default=(), compare=False, repr=False)

    @property
    def reference(self) -> bool:
        """Whether this is the reference's worth per copy, 0 by definition."""
        return self.result is None

    def played(self) -> tuple[Experiment, RunResult]:
        """The experiment and its run; InsightError for the reference, which played none."""
        if self.experiment is None or self.result is None:
            raise InsightError(
                f"{self.worth.tile!r} is the tile whose place is taken: it is worth +0 a copy "
                f"without a game, so there are no games to show"
            )
        return self.experiment, self.result

    def pair_scores(self, pairs: int) -> list[float]:
        """Army A's score per game in each pair, in seed order (1/2 for every pair of the
        reference, whose two armies are the same)."""
        if self.result is None:
            return [0.5] * pairs
        points = self.result.tally.half_points
        return [(points[n] + points[n + 1]) / 4.0 for n in range(0, len(points) - 1, 2)]

    def to_json(self) -> dict[str, Any]:
        """The worth and the pair counts behind it (none for the reference)."""
        counts = None if self.result is None else pair_numbers(self.result.tally.pairs)
        return {**self.worth.to_json(), "pair_counts": counts}


def reference_valuation(tileset: dict[str, Any], tile: str) -> Valuation:
    """The reference's worth per copy: 0 by definition, no game played."""
    return Valuation(Kind.COPY, None, None, Worth.nil(tile_name(tileset, tile)), None)


def measure(
    tileset: dict[str, Any],
    set_name: str | None,
    tile: str,
    settings: Settings,
    *,
    in_place_of: str = DEFAULT_REFERENCE,
    kind: Kind = Kind.COPY,
    progress: Progress | None = None,
) -> Valuation:
    """Play the games that value ``tile`` (paired, seats alternating) and read its worth: one
    copy in the place of one ``in_place_of``, or its bag worth. The reference's own worth per
    copy is 0 without a game."""
    if not settings.paired or settings.games % 2:
        raise InsightError(
            f"a tile's worth is played in pairs: give an even number of games, not {settings.games}"
        )
    if kind is Kind.COPY and is_reference(tileset, tile, in_place_of):
        check_reference(tileset, set_name, tile)
        return reference_valuation(tileset, tile)
    if kind is Kind.COPY:
        experiment = value_experiment(tileset, set_name, tile, in_place_of)
    else:
        experiment = bag_experiment(tileset, set_name, tile)
    recorder = _Recorder(progress)
    result = run(experiment, settings, observer=recorder)
    name = experiment.labels[0].removeprefix("with ")
    place = None if experiment.replaced is None else experiment.replaced[0]
    return Valuation(kind, experiment, result, Worth.of(name, result), place, tuple(recorder.games))


@dataclass(frozen=True, slots=True)
class _Recorder(Counter):
    """Counts the games for ``progress`` and keeps each one with army A's seat, in game order."""

    games: list[tuple[int, GameSummary]] = field(default_factory=list)

    def game(self, seat: int, summary: GameSummary) -> None:
        self.games.append((seat, summary))


def article(name: str) -> str:
    """'a Footman', 'an Assassin'."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def signed(elo_value: float) -> str:
    """An Elo figure as reports show it: '+51', '-3', '+0' (never '-0')."""
    return f"{elo_value:+.0f}" if round(elo_value) != 0 else "+0"
