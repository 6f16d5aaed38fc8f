"""What a tile is worth, in Elo: one copy of it in the place of a reference tile, and its bag worth.

**Worth per copy** (:func:`value_experiment`). Army A is the set's army with one copy of the
reference tile (``in_place_of``, the Footman by default) replaced by one copy of the tile; army
B is the set's army as it is. The copy replaced is the reference's first copy in the set-up when
the reference starts on the board (one of the two Footmen beside the Duke, in the base game),
else one copy in its bag: that is the *slot*. Every tile is measured in the same slot against the
same army, so worths are comparable between tiles (a tile worth +80 beats one worth +20 in that
slot, by about the difference), and each is the worth of one copy whatever the tile's count, so a
tile of three copies compares with a tile of one. The bag keeps its length: nothing is diluted.
The reference is worth 0 by definition (in its own place it leaves the army as it is), and a tile
the army holds already gains one copy (one Wizard more, one Footman fewer): the worth of one more.

**Bag worth** (:func:`bag_experiment`). Army A is the set's army, army B the same army without
the tile: every copy out of the set-up and out of the bag (a tile the army lacks goes into army
A's bag instead, as many copies as its count). Taking tiles out also shortens the bag, so the
army without them draws its other tiles sooner: the bag worth mixes the tile's strength with how
much it dilutes the bag, and it is the worth of all copies together (three Pikemen at once). It
says what the tile adds to this army; it is not a scale to rank tiles on.

Both are balance experiments (two game sets in one tile set, seats alternating, paired games),
so every run, stopping rule and statistic of :mod:`dukec.balance` applies. A worth is the Elo of
army A's score over pairs, with its 95% interval.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
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
)
from dukec.balance.game import GameSummary, tileset_digest
from dukec.balance.play import check_playable
from dukec.balance.run import Counter, RunResult, Settings, run
from dukec.balance.tally import finite, pair_numbers
from dukec.names import lookup
from dukec.stats.stats import Z95, elo, elo_interval
from dukec.workbench.tiles import unknown_tile_message

DEFAULT_REFERENCE = "Footman"
"""The tile whose place a valued tile takes: the Footman is worth 0 a copy."""


Progress = Callable[[int], None]


class InsightError(ExperimentError):
    """A tile that cannot be valued as asked (a user's mistake)."""


class Kind(Enum):
    """What a worth measures."""

    COPY = "copy"
    """One copy in the place of one copy of the reference, against the army as it is."""
    BAG = "bag"
    """Every copy, against the same army without the tile (or with it added to the bag)."""


class Slot(Enum):
    """Where the copy of a worth per copy stands: in the set-up, or in the bag."""

    START = "start"
    BAG = "bag"


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


def _alike_set(tileset: dict[str, Any], set_name: str | None) -> dict[str, Any]:
    game_set = find_set(tileset, set_name)
    if not armies_alike(game_set):
        raise InsightError(
            f"game set {game_set['name']!r} gives its two seats different armies; a tile's "
            f"worth is measured between two armies that differ in that tile alone"
        )
    return game_set


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


def slot_of(army: dict[str, Any], reference: str) -> Slot:
    """Where a copy takes the reference's place: in the set-up if it starts there, else the bag."""
    return Slot.START if any(e["tile"] == reference for e in army["start"]) else Slot.BAG


def one_in_place(army: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A copy of ``army`` with one ``old`` made ``new``: its first copy in the set-up (the new
    tile starts where it would, right after it), else one copy in the bag."""
    result = copy.deepcopy(army)
    if slot_of(army, old) is Slot.START:
        index = next(n for n, entry in enumerate(result["start"]) if entry["tile"] == old)
        entry = result["start"][index]
        if entry["count"] == 1 and any(e.get("beside") == old for e in result["start"]):
            raise InsightError(
                f"a tile starts beside the one {old!r}; with a {new!r} in its place it has "
                f"nowhere to start"
            )
        result["start"][index + 1 : index + 1] = [{**entry, "tile": new, "count": 1}]
        entry["count"] -= 1
        result["start"] = [e for e in result["start"] if e["count"]]
        return result
    bag = {stack["tile"]: stack["count"] for stack in result["bag"]}
    bag[old] -= 1
    bag[new] = bag.get(new, 0) + 1
    result["bag"] = [{"tile": name, "count": bag[name]} for name in sorted(bag) if bag[name]]
    return result


def _copies(army: dict[str, Any], tile: str) -> int:
    entries = [*army["start"], *army["bag"]]
    return sum(int(entry["count"]) for entry in entries if entry["tile"] == tile)


def value_experiment(
    tileset: dict[str, Any],
    set_name: str | None,
    tile: str,
    in_place_of: str = DEFAULT_REFERENCE,
) -> Experiment:
    """The experiment of a worth per copy: one ``tile`` in the place of one ``in_place_of``,
    against the set's army as it is.

    ``tileset`` holds every tile (merge ``--with`` sources first). Raises InsightError, also for
    the reference itself (see :func:`is_reference`: it is worth 0 without a game).
    """
    game_set = _alike_set(tileset, set_name)
    tile = tile_name(tileset, tile)
    old = tile_name(tileset, in_place_of)
    _refuse_duke(tileset, tile)
    _refuse_duke(tileset, old)
    if old == tile:
        raise InsightError(f"a tile cannot take its own place ({tile!r})")
    army = game_set["armies"][0]
    if old not in army_tiles(army):
        raise InsightError(
            f"tile {old!r} is in no army of game set {game_set['name']!r}, so {tile!r} has no "
            f"place to take"
        )
    if _tile(tileset, tile).get("kind") != _tile(tileset, old).get("kind"):
        raise InsightError(f"{tile!r} is a {_tile(tileset, tile).get('kind')} tile; {old!r} is not")
    having = one_in_place(army, old, tile)
    tiles = {entry["name"]: entry for entry in tileset["tiles"]}
    tiles[tile] = {**tiles[tile], "count": max(tiles[tile]["count"], _copies(having, tile))}
    # As in `balance --replace`: listed right after OLD, a NEW in OLD's bag slot takes its draws.
    order = [name for name in sorted(tiles) if name != tile]
    order.insert(order.index(old) + 1, tile)
    combined = combined_tileset(tiles, game_set, [having, army], [army, having], order)
    slot = slot_of(army, old).value
    return _checked(
        Experiment(
            kind=Kind.COPY.value,
            tileset=combined,
            sets=(AB_SET, BA_SET),
            labels=(f"with {tile}", f"with {old}"),
            subject=f"One {tile} in place of one {old} ({slot})",
            opponent="the army as it is",
            replaced=(old, tile),
            game=game_set["name"],
        )
    )


def bag_experiment(tileset: dict[str, Any], set_name: str | None, tile: str) -> Experiment:
    """The experiment of a bag worth: the army with every ``tile`` against the same army
    without it (a tile the army lacks is added to the bag). Raises InsightError."""
    game_set = _alike_set(tileset, set_name)
    tile = tile_name(tileset, tile)
    _refuse_duke(tileset, tile)
    army = game_set["armies"][0]
    if tile in army_tiles(army):
        having, lacking = army, without_tile(army, tile)
    elif _tile(tileset, tile).get("kind") != "troop":
        raise InsightError(
            f"{tile!r} is a terrain tile and in no army of game set {game_set['name']!r}; only "
            f"a troop tile can be put into the bag"
        )
    else:
        having, lacking = with_tile(army, tile, _tile(tileset, tile)["count"]), army
    tiles = {entry["name"]: entry for entry in tileset["tiles"]}
    combined = combined_tileset(tiles, game_set, [having, lacking], [lacking, having])
    return _checked(
        Experiment(
            kind=Kind.BAG.value,
            tileset=combined,
            sets=(AB_SET, BA_SET),
            labels=(f"with {tile}", f"without {tile}"),
            subject=f"The army with every {tile}",
            opponent="the same army without it",
            game=game_set["name"],
        )
    )


def _checked(experiment: Experiment) -> Experiment:
    try:
        check_playable(experiment.tileset, experiment.sets)
    except ValueError as error:
        raise InsightError(str(error)) from None
    return experiment


def is_reference(tileset: dict[str, Any], tile: str, in_place_of: str) -> bool:
    """Whether ``tile`` is the reference itself (worth 0 a copy by definition)."""
    return tile_name(tileset, tile) == tile_name(tileset, in_place_of)


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
        _alike_set(tileset, set_name)
        _refuse_duke(tileset, tile_name(tileset, tile))
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


def army_of(tileset: dict[str, Any], set_name: str | None) -> list[str]:
    """The tiles of a set's first army that can be valued (all but a tile acting as the Duke),
    in the tile set's order."""
    army = army_tiles(find_set(tileset, set_name)["armies"][0])
    return [
        tile["name"]
        for tile in tileset["tiles"]
        if tile["name"] in army and not tile.get("acts_as_duke", False)
    ]


def article(name: str) -> str:
    """'a Footman', 'an Assassin'."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def signed(elo_value: float) -> str:
    """An Elo figure as reports show it: '+51', '-3', '+0' (never '-0')."""
    return f"{elo_value:+.0f}" if round(elo_value) != 0 else "+0"


def digest(tileset: dict[str, Any]) -> str:
    """The tile-set hash reports and manifests carry (that of the tile set as measured)."""
    return tileset_digest(tileset)
