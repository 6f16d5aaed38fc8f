"""What every tool asks of a compiled tile set, as JSON: a game set and a tile by name, an army's
tiles, the tile set's digest, and the error for a name the tile set lacks.

A tile's name is looked up in any case (:func:`dukec.names.lookup`); an unknown one is refused
with the closest names as a suggestion.
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
from collections.abc import Sequence
from typing import Any

from dukec.icons import hashed_form
from dukec.names import lookup


class ExperimentError(Exception):
    """What the tile sets given cannot answer: an experiment that cannot be built from them, a
    name they lack (a user's mistake)."""


class UnknownName(ExperimentError):
    """A tile or game set name that the tile sets given do not have: bad usage, which the
    commands answer with exit status 2."""


def did_you_mean(name: str, known: list[str], list_all: bool = False) -> str:
    """`` (did you mean 'X'?)`` with the closest of ``known``, or with ``list_all`` every one
    of them; empty when there is nothing to suggest."""
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" (known: {', '.join(known)})" if known and list_all else ""


def find_set(tileset: dict[str, Any], name: str | None) -> dict[str, Any]:
    """The game set called ``name``; by default 'base', or the only set there is."""
    sets: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in tileset.get("sets", [])}
    if name is None:
        if "base" in sets:
            return sets["base"]
        if len(sets) == 1:
            return next(iter(sets.values()))
        if not sets:
            raise ExperimentError("the tile set has no game set to play")
        raise ExperimentError(f"choose a game set with --game: {', '.join(sorted(sets))}")
    if name not in sets:
        raise UnknownName(f"no game set {name!r}{did_you_mean(name, sorted(sets), True)}")
    return sets[name]


def army_tiles(army: dict[str, Any]) -> set[str]:
    """Names of the tiles an army starts with or has in its bag."""
    return {entry["tile"] for entry in army["start"]} | {entry["tile"] for entry in army["bag"]}


def unknown_tile_message(name: str, names: Sequence[str]) -> str:
    """``unknown tile 'Foo'`` with the closest names as a suggestion."""
    by_fold = {known.casefold(): known for known in names}
    close = difflib.get_close_matches(name.casefold(), list(by_fold), n=3, cutoff=0.6)
    message = f"unknown tile {name!r}"
    if close:
        message += "; did you mean " + " or ".join(repr(by_fold[c]) for c in close) + "?"
    elif names:
        message += "; the set has " + ", ".join(sorted(names))
    return message


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


def known_name(name: str, names: Sequence[str]) -> str:
    """The one of ``names`` that ``name`` stands for (any case), or an UnknownName with a
    suggestion."""
    found = lookup(name, names)
    if found is None:
        raise UnknownName(unknown_tile_message(name, names))
    return found


def tile_name(tileset: dict[str, Any], name: str) -> str:
    """The tile of ``tileset`` that ``name`` stands for (any case), or an UnknownName with a
    suggestion."""
    return known_name(name, [tile["name"] for tile in tileset.get("tiles", [])])


def tileset_digest(tileset: dict[str, Any]) -> str:
    """A short, stable fingerprint of a tile set (SHA-256 of its canonical JSON; a tile set whose
    icons are the base box's as its first format's: :func:`dukec.icons.hashed_form`)."""
    canonical = json.dumps(hashed_form(tileset), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]
