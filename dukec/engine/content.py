"""A tile set names aside: each tile's content, the hashes of a tile set, and which tile types
the rules cannot tell apart (read once by :func:`dukec.engine.rules.load_rules`).

Renaming a tile changes the tile set's hash (:func:`tileset_hash`) and nothing else: the types
are ordered by content, :func:`content_hash` is the same, and two types that differ in their
names alone are alike (:func:`alike_types`), which players blind to names take for one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from dukec.engine.extras import Extras
from dukec.icons import hashed_form


def tileset_hash(tileset: Mapping[str, Any]) -> str:
    """A stable hash of a tile set: sha256 of its canonical JSON (:func:`canonical_json`)."""
    return hash_of(canonical_json(tileset))


def canonical_json(tileset: Mapping[str, Any]) -> str:
    """A tile set as canonical JSON text: keys sorted, no spaces, ASCII; a tile set whose icons
    are the base box's written as its first format's (:func:`dukec.icons.hashed_form`), which
    loads to the same rules."""
    form = hashed_form(tileset)
    return json.dumps(form, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def hash_of(text: str) -> str:
    """The hash of a canonical JSON text, as :func:`tileset_hash` gives it."""
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


#: The lists of a game set whose order says nothing (the compiler writes them in name order).
_UNORDERED: Final = ("bag", "optional")


def content_hash(tileset: Mapping[str, Any]) -> str:
    """A hash of a tile set that renaming its tiles leaves alone: :func:`tileset_hash` of the
    tile set with each tile's name left out and every other mention of it (an army's tiles, a
    set's options, its rules) made what the tile is instead (:func:`content`)."""
    tiles = tileset.get("tiles", [])
    known = {str(t["name"]): "#" + content(t) for t in tiles}

    def plain(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: plain(v, k) for k, v in value.items() if not (k == "name" and v in known)}
        if isinstance(value, list):
            found = [plain(v) for v in value]
            # A bag and a set's options are listed in name order, which renaming changes.
            if key in _UNORDERED:
                found.sort(key=lambda v: json.dumps(v, sort_keys=True))
            return found
        if isinstance(value, str) and key != "name":
            return known.get(value, value)
        return value

    canonical = {
        **{k: v for k, v in tileset.items() if k not in ("tiles", "sets")},
        "tiles": sorted(known.values()),
        "sets": [plain(s) for s in tileset.get("sets", [])],
    }
    return tileset_hash(canonical)


def content(tile: Mapping[str, Any]) -> str:
    """Everything a tile set says of a tile but its name, as canonical JSON."""
    return json.dumps({k: v for k, v in tile.items() if k != "name"}, sort_keys=True)


def alike_types(
    contents: list[str], besides: list[tuple[int, int]], extras: Extras
) -> tuple[int, ...]:
    """Per tile type, the first type the rules cannot tell from it: the same ``contents`` (the
    tile but for its name) and the same part in the game set (no tile starts beside the one and
    not the other, ``besides`` being each (tile, owner) a set-up step places beside; no army's
    win condition, frozen edge, ``capture every`` or leader names the one and not the other;
    neither is in a draft or a swap). Two such types differ in their names alone: swapping
    every tile of the one for the other changes nothing in a game but the names."""
    parts: list[list[object]] = [[found] for found in contents]
    for tile, owner in besides:
        parts[tile].append(("beside", owner))
    for owner in (0, 1):
        for win in extras.win[owner]:
            parts[win.tile].append(("win", owner, win.by, win.count))
        for tile in sorted(extras.freeze_at_edge[owner]):
            parts[tile].append(("freeze", owner))
        for group, tiles in enumerate(extras.capture_every[owner]):
            for tile in sorted(tiles):
                parts[tile].append(("every", owner, group))
        for tile in sorted(extras.leaders[owner]):
            parts[tile].append(("leader", owner))
    # A draft and a swap list their tiles in the set's order: each tile named there is its own.
    for tile, part in extras.named_in_order():
        parts[tile].append(part)
    first: dict[str, int] = {}
    return tuple(first.setdefault(repr(part), index) for index, part in enumerate(parts))
