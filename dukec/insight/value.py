"""What a tile is worth: an army that has it against the same army without it, in Elo.

The experiment is a balance experiment (two game sets in one tile set, seats alternating, paired
games), so every run, stopping rule and statistic of :mod:`dukec.balance` applies. Army A is the
set's army with the tile, army B the same army without it: every copy is taken out of the
set-up and out of the bag. A tile the army lacks (a new tile given with ``--with``, or an
optional one) is put into army A's bag, as many copies as the tile's count; with ``in_place_of``
it takes the place of every copy of another tile instead, and army B lacks both.

The worth is the Elo difference of army A's score over pairs, with its 95% interval. In units
of a reference tile it is the ratio of the two worths, with an interval by the delta method.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dukec.balance.experiments import (
    AB_SET,
    BA_SET,
    Experiment,
    ExperimentError,
    UnknownName,
    armies_alike,
    army_tiles,
    combined_tileset,
    find_set,
    replace_in_army,
)
from dukec.balance.game import GameSummary, tileset_digest
from dukec.balance.play import check_playable
from dukec.balance.run import Counter, RunResult, Settings, run
from dukec.balance.stats import Z95, elo, elo_interval
from dukec.balance.tally import finite, pair_numbers
from dukec.names import lookup
from dukec.workbench.tiles import unknown_tile_message

DEFAULT_REFERENCE = "Footman"
"""The tile whose worth is the unit: the Footman is worth 1."""

Progress = Callable[[int], None]


class InsightError(ExperimentError):
    """A tile that cannot be valued as asked (a user's mistake)."""


def merge_sources(tileset: dict[str, Any], source: dict[str, Any] | None) -> dict[str, Any]:
    """``tileset`` with the tiles of ``source`` added (a tile of the same name is replaced)."""
    if source is None:
        return tileset
    merged = copy.deepcopy(tileset)
    extra = {tile["name"]: tile for tile in source.get("tiles", [])}
    kept = [tile for tile in merged["tiles"] if tile["name"] not in extra]
    merged["tiles"] = sorted([*kept, *copy.deepcopy(list(extra.values()))], key=_name)
    return merged


def _name(tile: dict[str, Any]) -> str:
    return str(tile["name"])


def tile_name(tileset: dict[str, Any], name: str) -> str:
    """The tile ``name`` stands for (any case), or an UnknownName with a suggestion."""
    names = [tile["name"] for tile in tileset.get("tiles", [])]
    found = lookup(name, names)
    if found is None:
        raise UnknownName(unknown_tile_message(name, names))
    return found


def _tile(tileset: dict[str, Any], name: str) -> dict[str, Any]:
    return next(tile for tile in tileset["tiles"] if tile["name"] == name)


def _refuse_duke(tileset: dict[str, Any], name: str) -> None:
    if _tile(tileset, name).get("acts_as_duke", False):
        raise InsightError(
            f"{name!r} acts as the Duke: no game is played without a Duke, so it has no worth "
            f"to measure"
        )


def without_tile(army: dict[str, Any], tile: str) -> dict[str, Any]:
    """A copy of ``army`` with no ``tile``: out of the set-up and out of the bag."""
    for entry in army["start"]:
        if entry.get("beside") == tile:
            raise InsightError(
                f"{entry['tile']!r} starts beside {tile!r}; without {tile!r} it has nowhere "
                f"to start"
            )
    result = copy.deepcopy(army)
    result["start"] = [entry for entry in result["start"] if entry["tile"] != tile]
    result["bag"] = [stack for stack in result["bag"] if stack["tile"] != tile]
    return result


def with_tile(army: dict[str, Any], tile: str, count: int) -> dict[str, Any]:
    """A copy of ``army`` with ``count`` more ``tile`` in its bag."""
    result = copy.deepcopy(army)
    bag = {stack["tile"]: stack["count"] for stack in result["bag"]}
    bag[tile] = bag.get(tile, 0) + count
    result["bag"] = [{"tile": name, "count": bag[name]} for name in sorted(bag)]
    return result


def value_experiment(
    tileset: dict[str, Any], set_name: str | None, tile: str, in_place_of: str | None = None
) -> Experiment:
    """The experiment that values ``tile``: army A with it against army B without it.

    ``tileset`` holds every tile (merge ``--with`` sources first). Raises InsightError.
    """
    game_set = find_set(tileset, set_name)
    if not armies_alike(game_set):
        raise InsightError(
            f"game set {game_set['name']!r} gives its two seats different armies; a tile's "
            f"worth is measured between an army and the same army without it"
        )
    tile = tile_name(tileset, tile)
    _refuse_duke(tileset, tile)
    army = game_set["armies"][0]
    if in_place_of is not None:
        old = tile_name(tileset, in_place_of)
        _refuse_duke(tileset, old)
        if old == tile:
            raise InsightError(f"a tile cannot take its own place ({tile!r})")
        if old not in army_tiles(army):
            raise InsightError(
                f"tile {old!r} is in no army of game set {game_set['name']!r}, so {tile!r} "
                f"has no place to take"
            )
        if tile in army_tiles(army):
            raise InsightError(
                f"tile {tile!r} is already in the army of game set {game_set['name']!r}; "
                f"value it without --in-place-of"
            )
        having = replace_in_army(army, old, tile)
        lacking = without_tile(army, old)
        described = f"{tile} in place of {old}"
    elif tile in army_tiles(army):
        having = army
        lacking = without_tile(army, tile)
        described = tile
    elif _tile(tileset, tile).get("kind") != "troop":
        raise InsightError(
            f"{tile!r} is a terrain tile and in no army of game set {game_set['name']!r}; only "
            f"a troop tile can be put into the bag"
        )
    else:
        having = with_tile(army, tile, _tile(tileset, tile)["count"])
        lacking = army
        described = f"{tile} added to the bag"
    tiles = {entry["name"]: entry for entry in tileset["tiles"]}
    if in_place_of is not None:
        count = max(tiles[tile]["count"], tiles[old]["count"])
        tiles[tile] = {**tiles[tile], "count": count}
    combined = combined_tileset(tiles, game_set, [having, lacking], [lacking, having])
    experiment = Experiment(
        kind="value",
        tileset=combined,
        sets=(AB_SET, BA_SET),
        labels=(f"with {tile}", f"without {tile}"),
        subject=f"The army with {described}",
        opponent="the same army without it",
        replaced=None if in_place_of is None else (old, tile),
        game=game_set["name"],
    )
    try:
        check_playable(experiment.tileset, experiment.sets)
    except ValueError as error:
        raise InsightError(str(error)) from None
    return experiment


@dataclass(frozen=True, slots=True)
class Worth:
    """A tile's measured worth: Elo of the army with it over the army without, and interval."""

    tile: str
    elo: float
    elo_ci95: tuple[float, float]
    score: float
    score_ci95: tuple[float, float]
    pairs: int

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
        )

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
    """One measured tile: the run, the worth it gives, and each game (army A's seat, summary)."""

    experiment: Experiment
    result: RunResult
    worth: Worth
    games: tuple[tuple[int, GameSummary], ...] = field(default=(), compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The worth and the pair counts behind it."""
        return {**self.worth.to_json(), "pair_counts": pair_numbers(self.result.tally.pairs)}


def measure(
    tileset: dict[str, Any],
    set_name: str | None,
    tile: str,
    settings: Settings,
    *,
    in_place_of: str | None = None,
    progress: Progress | None = None,
) -> Valuation:
    """Play the games that value ``tile`` (paired, seats alternating) and read its worth."""
    if not settings.paired or settings.games % 2:
        raise InsightError(
            f"a tile's worth is played in pairs: give an even number of games, not {settings.games}"
        )
    experiment = value_experiment(tileset, set_name, tile, in_place_of)
    recorder = _Recorder(progress)
    result = run(experiment, settings, observer=recorder)
    name = experiment.labels[0].removeprefix("with ")
    return Valuation(experiment, result, Worth.of(name, result), tuple(recorder.games))


@dataclass(frozen=True, slots=True)
class _Recorder(Counter):
    """Counts the games for ``progress`` and keeps each one with army A's seat, in game order."""

    games: list[tuple[int, GameSummary]] = field(default_factory=list)

    def game(self, seat: int, summary: GameSummary) -> None:
        self.games.append((seat, summary))


def in_place_of(valuation: Valuation) -> str | None:
    """The tile whose place the valued tile took, if it took one."""
    replaced = valuation.experiment.replaced
    return None if replaced is None else replaced[0]


def army_of(tileset: dict[str, Any], set_name: str | None) -> list[str]:
    """The tiles of a set's first army that can be valued (all but a tile acting as the Duke),
    in the tile set's order."""
    army = army_tiles(find_set(tileset, set_name)["armies"][0])
    return [
        tile["name"]
        for tile in tileset["tiles"]
        if tile["name"] in army and not tile.get("acts_as_duke", False)
    ]


def signed(elo_value: float) -> str:
    """An Elo figure as reports show it: '+51', '-3', '+0' (never '-0')."""
    return f"{elo_value:+.0f}" if round(elo_value) != 0 else "+0"


def digest(tileset: dict[str, Any]) -> str:
    """The tile-set hash reports and manifests carry (that of the tile set as measured)."""
    return tileset_digest(tileset)
