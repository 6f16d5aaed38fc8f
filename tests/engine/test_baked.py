"""Terrain folded into the base tables: entries made when first looked at equal those made all
at once, and folding changes the entries the terrain touches."""

from __future__ import annotations

from typing import Any

from dukec.engine import Game, load_rules
from dukec.engine.baked import BakedTables

TABLES = ("direct", "pathed", "rays", "strikes", "command", "overlap", "attack")


def test_entries_made_on_first_look_equal_entries_made_at_once(
    tileset: dict[str, Any],
) -> None:
    rules = load_rules(tileset, "terrain")
    game = Game(rules, seed=3)
    kinds = game.terrain_types
    mountain = next(i for i, kind in enumerate(kinds) if kind.blocks_slide)
    fort = next(i for i, kind in enumerate(kinds) if kind.shelters_from_strike)
    size = rules.geometry.size
    layout = tuple(mountain if s == 14 else fort if s == 21 else -1 for s in range(size))
    keys = range(len(rules.tables.direct))
    at_once = BakedTables(rules, layout, kinds).tables
    waiting = [k for k in keys if not at_once.ready[k]]
    assert waiting  # the terrain touches some entries
    for k in waiting:
        at_once.make(k)
    assert all(at_once.ready)
    # Another fold of the same layout, its entries made in the reverse order, some twice.
    lazy = BakedTables(rules, layout, kinds).tables
    for k in reversed(waiting[::2]):
        lazy.make(k)
    for k in waiting:
        if not lazy.ready[k]:
            lazy.make(k)
    for name in TABLES:
        assert getattr(lazy, name) == getattr(at_once, name), name
    # Folding terrain changed some entries: the test compares more than the base tables.
    assert any(at_once.rays[k] != rules.tables.rays[k] for k in keys)
    assert all(at_once.rays[k] == rules.tables.rays[k] for k in keys if k not in waiting)
