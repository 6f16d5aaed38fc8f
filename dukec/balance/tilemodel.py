"""Fitted weights of tiles carried to any tile set by what each tile is, never by its name.

A fitted file entry (the learned evaluation's, :mod:`dukec.balance.learned`, and the tile
values', :mod:`dukec.balance.values`) weighs the tiles of the tile set it was fitted on, by
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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dukec.engine import Rules
from dukec.engine.rules import BACK, FRONT, SIDE_NAMES, IconAt, TileType
from dukec.icons import Icon


@dataclass(frozen=True, slots=True)
class Known:
    """A tile an entry was fitted with: what it is, and its weights by ``side`` key."""

    tile: TileType
    weights: dict[int | str, float]


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
        side: sorted(f"{i.icon.value} {i.dx} {i.dy}" for i in tile.sides[k])
        for k, side in enumerate(SIDE_NAMES)
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


def same(rules: Rules, tile: TileType, known: TileType) -> bool:
    """Whether two tiles are one but for their names (and counts)."""
    return tile.acts_as_duke == known.acts_as_duke and difference(tile, known) == 0


def difference(a: TileType, b: TileType) -> int:
    """How many icons two tiles' grids differ by (an icon at a square on one side of one and not
    of the other), and one more where their abilities differ."""
    icons = sum(len(set(a.sides[side]) ^ set(b.sides[side])) for side in (FRONT, BACK))
    return icons + (a.abilities != b.abilities)


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
        try:
            sides = tuple(
                tuple(_icon_at(str(text)) for text in spec.get(side, [])) for side in SIDE_NAMES
            )
        except (TypeError, ValueError):
            raise ValueError(f"tile {name!r}: its grids are not lists of 'icon dx dy'") from None
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
            front, back = sides
            grid = TileType(len(found), name, 1, duke, tuple(abilities), (front, back), 0.0)
            found.append(Known(grid, tile_weights))
    return found


def _icon_at(text: str) -> IconAt:
    """An icon of :func:`content`'s grids: ``"move 0 1"`` (ValueError if it is not one)."""
    icon, dx, dy = text.split()
    return IconAt(Icon(icon), int(dx), int(dy))


def carried(rules: Rules, known: list[Known], key: int | str) -> list[float]:
    """Each tile type's weight under ``key``, carried from the ``known`` tiles: the weight of
    the one it is but for its name, else of the one fewest icons apart (ties: the first in name
    order); 0 for a new tile acting as the Duke, and for every tile where no tile is known."""
    fitted = [k for k in known if not k.tile.acts_as_duke]
    found: list[float] = []
    for t in rules.types:
        match = next((k for k in known if same(rules, t, k.tile)), None)
        if match is not None:
            found.append(match.weights[key])
        elif t.acts_as_duke or not fitted:
            found.append(0.0)
        else:
            near = min(fitted, key=lambda k: difference(t, k.tile))
            found.append(near.weights[key])
    return found
