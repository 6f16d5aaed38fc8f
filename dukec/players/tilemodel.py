"""Fitted weights of tiles carried to any tile set by what each tile is, never by its name.

A fitted file entry (the learned evaluation's, :mod:`dukec.players.learned`, and the tile
values', :mod:`dukec.players.values`) weighs the tiles of the tile set it was fitted on, by
name, and keeps what each of the tiles in play there is (``tiles``: its grids, an icon as
``"move 0 1"``, its name and offset; its abilities; whether it acts as the Duke:
:func:`contents`). A tile of another tile set, or of the same set renamed, weighs what the
fitted tile most like it weighs: the one it is but for its name (a renamed copy, a tile of the
set it was fitted on), else the one the fewest icons apart (the tile an edit was made from).
The Duke weighs what the fitted Duke does, a new tile acting as the Duke 0.

An edited tile is not moved from its original's weight by what it reaches differently: the
evaluation's terms count that at play time (mobility, control, threats), and moving the weight
as well counted it twice. Measured on the base army less four tiles with three edited
(``benchmarks/unseen/lean``), the search scored +89 Elo (95% +54 .. +125, 200 pairs) against
``search-v1`` with each edited tile's weight moved along a ridge regression of the fitted
weights on the squares its moves, slides, strikes and commands reach, and +203 (+166 .. +244)
with its original's weight (``python benchmarks/strength.py --set benchmarks/unseen/lean
--match search:search-v1``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from dukec.engine import Rules
from dukec.engine.rules import BACK, FRONT, SIDE_NAMES, IconAt, TileType
from dukec.icons import Icon, base, icon_dict

Grids = tuple[frozenset[str], frozenset[str]]
"""A tile's two grids as sets of icons at offsets, each ``"move 0 1"`` (:func:`icon_text`)."""


@dataclass(frozen=True, slots=True)
class Known:
    """A tile an entry was fitted with: what it is, and its weights by ``side`` key."""

    name: str
    acts_as_duke: bool
    abilities: tuple[str, ...]
    grids: Grids
    weights: dict[int | str, float]


def icon_text(placed: IconAt) -> str:
    """An icon at an offset as a file entry keeps it: ``"move 0 1"``, its name and offset; an
    icon declared otherwise than the base box's of its name (in what it does: its glyph,
    label and look aside) has a digest of its declaration after the name."""
    return f"{icon_key(placed.icon)} {placed.dx} {placed.dy}"


_LOOKS = ("glyph", "label", "shape", "colour", "characters")
#: What an icon's declaration says of how it plays: its fields but its looks and its order.
_PLAYED = tuple(f.name for f in fields(Icon) if f.name not in (*_LOOKS, "order"))


def icon_key(icon: Icon) -> str:
    """An icon's name, with a digest of what it does where that is not what the base box's
    icon of the name does."""
    known = base().by_name.get(icon.name)
    plays = {k: v for k, v in icon_dict(icon).items() if k in _PLAYED}
    if known is not None:
        theirs = {k: v for k, v in icon_dict(known).items() if k in _PLAYED}
        if theirs == plays:
            return icon.name
    text = json.dumps(plays, sort_keys=True)
    return f"{icon.name}#{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def grids(tile: TileType) -> Grids:
    """A tile type's grids as :data:`Grids`."""
    front, back = (frozenset(icon_text(i) for i in tile.sides[side]) for side in (FRONT, BACK))
    return front, back


def contents(rules: Rules) -> dict[str, dict[str, Any]]:
    """What each tile type in play in a game set is, by name, as a file entry keeps it: its
    grids (icons and offsets, sorted), abilities (with the sides they may be used on) and
    whether it acts as the Duke; its count and name are left out."""
    found: dict[str, dict[str, Any]] = {}
    for t in rules.types:
        if t.index in in_play(rules):
            found[t.name] = content(rules, t)
    return dict(sorted(found.items()))


def content(rules: Rules, tile: TileType) -> dict[str, Any]:
    """One tile's entry in :func:`contents`."""
    extras = rules.extras
    sides_of = extras.abilities[tile.index] if extras is not None else {}
    found: dict[str, Any] = {
        side: sorted(grid) for side, grid in zip(SIDE_NAMES, grids(tile), strict=True)
    }
    if tile.acts_as_duke:
        found["acts_as_duke"] = True
    if tile.abilities:
        found["abilities"] = {a: sorted(sides_of.get(a, (FRONT, BACK))) for a in tile.abilities}
    return found


def in_play(rules: Rules) -> frozenset[int]:
    """The tile types a game set brings into play: set up, in a bag, or to be drafted."""
    extras = rules.extras
    drafted = extras.brought_in if extras is not None else ()
    return frozenset({*rules.bags[0], *rules.bags[1], *(s.tile for s in rules.setup), *drafted})


def same(tile: TileType, known: Known) -> bool:
    """Whether a tile is a known one but for its name (and count)."""
    return tile.acts_as_duke == known.acts_as_duke and difference(tile, known) == 0


def difference(tile: TileType, known: Known) -> int:
    """How many icons a tile's grids and a known one's differ by (an icon at a square on one
    side of one and not of the other), and one more where their abilities differ."""
    mine = grids(tile)
    icons = sum(len(mine[side] ^ known.grids[side]) for side in (FRONT, BACK))
    return icons + (tuple(tile.abilities) != known.abilities)


def known_tiles(
    tiles: Mapping[str, Any], weights: Mapping[int | str, Mapping[str, Any]]
) -> list[Known]:
    """The tiles of an entry's ``tiles`` (:func:`contents`), each with its weights by side key
    (``weights[key][name]``; a tile missing from one is left out), in name order (ValueError
    if an entry is malformed)."""
    found: list[Known] = []
    for name in sorted(tiles):
        spec = tiles[name]
        if not isinstance(spec, dict):
            raise ValueError(f"tile {name!r}: not an object")
        sides = [spec.get(side, []) for side in SIDE_NAMES]
        if not all(_is_grid(side) for side in sides):
            raise ValueError(f"tile {name!r}: its grids are not lists of 'icon dx dy'")
        abilities = spec.get("abilities", {})
        if not isinstance(abilities, dict):
            raise ValueError(f"tile {name!r}: abilities are not an object")
        tile_weights: dict[int | str, float] = {}
        for key, table in weights.items():
            value = table.get(name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                break
            tile_weights[key] = float(value)
        else:
            duke = bool(spec.get("acts_as_duke", False))
            front, back = (frozenset(side) for side in sides)
            found.append(Known(name, duke, tuple(abilities), (front, back), tile_weights))
    return found


def _is_grid(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(i, str) for i in value)


def carried(rules: Rules, known: list[Known], key: int | str) -> list[float]:
    """Each tile type's weight under ``key``, carried from the ``known`` tiles: the weight of
    the one it is but for its name, else of the one fewest icons apart (ties: the first in name
    order); 0 for a new tile acting as the Duke, and for every tile where no tile is known."""
    fitted = [k for k in known if not k.acts_as_duke]
    found: list[float] = []
    for t in rules.types:
        match = next((k for k in known if same(t, k)), None)
        if match is not None:
            found.append(match.weights[key])
        elif t.acts_as_duke or not fitted:
            found.append(0.0)
        else:
            near = min(fitted, key=lambda k: difference(t, k))
            found.append(near.weights[key])
    return found
