"""The experiments of a tile's worth and of the swap matrix, planned from a tile set.

- a worth per copy (:func:`value_experiment`): one copy of a tile in the place of one copy of a
  reference tile (the Footman), against the army as it is;
- a bag worth (:func:`bag_experiment`): the army with every copy of a tile against the same army
  without it;
- a swap matrix (:func:`plan`): one army per listed tile, each tile in turn taking the slot of
  the first listed tile the army holds; :meth:`SlotPlan.experiment` pits two of them.

:mod:`dukec.insight.value` and :mod:`dukec.insight.matrix` say what each measures; the
experiments of ``dukec balance`` (self-play, a replacement, two sets) are
:mod:`dukec.balance.experiments`'s, which these build on.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import Enum
from typing import Any

from dukec.balance.experiments import Experiment, armies_alike, listed_after, replace, two_armies
from dukec.balance.play import check_playable
from dukec.tileset import ExperimentError, army_tiles, find_set, known_name, tile_name

DEFAULT_REFERENCE = "Footman"
"""The tile whose place a valued tile takes: the Footman is worth 0 a copy."""


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
    slot = slot_of(army, old).value
    return _checked(
        two_armies(
            tiles,
            game_set,
            (having, army),
            listed_after(tiles, old, [tile]),
            kind=Kind.COPY.value,
            labels=(f"with {tile}", f"with {old}"),
            subject=f"One {tile} in place of one {old} ({slot})",
            opponent="the army as it is",
            replaced=(old, tile),
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
    return _checked(
        two_armies(
            tiles,
            game_set,
            (having, lacking),
            kind=Kind.BAG.value,
            labels=(f"with {tile}", f"without {tile}"),
            subject=f"The army with every {tile}",
            opponent="the same army without it",
        )
    )


def _checked(experiment: Experiment) -> Experiment:
    try:
        check_playable(experiment.tileset, experiment.sets)
    except ValueError as error:
        raise InsightError(str(error)) from None
    return experiment


def check_reference(tileset: dict[str, Any], set_name: str | None, tile: str) -> None:
    """Refuse to value the reference tile where no tile could be valued (a set whose seats have
    different armies) or where it acts as the Duke; in its own place it is worth 0."""
    _alike_set(tileset, set_name)
    _refuse_duke(tileset, tile_name(tileset, tile))


def is_reference(tileset: dict[str, Any], tile: str, in_place_of: str) -> bool:
    """Whether ``tile`` is the reference itself (worth 0 a copy by definition)."""
    return tile_name(tileset, tile) == tile_name(tileset, in_place_of)


def army_of(tileset: dict[str, Any], set_name: str | None) -> list[str]:
    """The tiles of a set's first army that can be valued (all but a tile acting as the Duke),
    in the tile set's order."""
    army = army_tiles(find_set(tileset, set_name)["armies"][0])
    return [
        tile["name"]
        for tile in tileset["tiles"]
        if tile["name"] in army and not tile.get("acts_as_duke", False)
    ]


@dataclass(frozen=True, slots=True)
class SlotPlan:
    """The listed tiles, the slot they take, and one army per tile, in one tile set."""

    names: tuple[str, ...]
    slot: str
    game: str
    tiles: dict[str, dict[str, Any]]
    order: tuple[str, ...]
    template: dict[str, Any]
    armies: dict[str, dict[str, Any]]

    def experiment(self, row: str, column: str) -> Experiment:
        """The army with ``row`` in the slot (army A) against the one with ``column``;
        ValueError with the engine's reason if it cannot play them."""
        experiment = two_armies(
            self.tiles,
            self.template,
            (self.armies[row], self.armies[column]),
            list(self.order),
            kind="swap",
            labels=(f"with {row}", f"with {column}"),
            subject=row,
            opponent=f"the army with {column}",
        )
        check_playable(experiment.tileset, experiment.sets)
        return experiment


def plan(
    tileset: dict[str, Any],
    set_name: str | None,
    names: list[str],
    source: dict[str, Any] | None = None,
) -> SlotPlan:
    """The slot plan of ``names`` (tiles of the set, or of ``source``, which wins a clash)."""
    game_set = find_set(tileset, set_name)
    extra = {tile["name"]: tile for tile in (source or {}).get("tiles", [])}
    own = {tile["name"]: tile for tile in tileset.get("tiles", [])}
    known = sorted(set(own) | set(extra))
    resolved = [known_name(name, known) for name in names]
    if len(resolved) < 2:
        raise ExperimentError("a swap matrix needs at least two tiles")
    seen: set[str] = set()
    for name in resolved:
        if name in seen:
            raise ExperimentError(f"tile {name!r} is listed twice")
        seen.add(name)
    held = set().union(*(army_tiles(army) for army in game_set["armies"]))
    slot = next((name for name in resolved if name in held), None)
    if slot is None:
        raise ExperimentError(
            f"none of {', '.join(resolved)} is in an army of game set {game_set['name']!r}: "
            f"the first listed tile the army holds names the slot the others take"
        )
    tiles = {name: tile for name, tile in own.items()}
    armies = {slot: game_set["armies"][0]}
    listed = [name for name in resolved if name != slot]
    for name in listed:
        # The replacement checks each tile (kind, acting as the Duke) and sizes its count.
        swapped = replace(tileset, game_set["name"], slot, name, source)
        variant = swapped.tileset["sets"][0]["armies"][0]
        armies[name] = variant
        tiles[name] = next(t for t in swapped.tileset["tiles"] if t["name"] == name)
    order = listed_after(tiles, slot, listed)
    return SlotPlan(tuple(resolved), slot, game_set["name"], tiles, tuple(order), game_set, armies)
