"""Terrain folded into the base tables: complete tuple tables agree with the lazy ones."""

from __future__ import annotations

from typing import Any

from dukec.engine import Game, load_rules
from dukec.engine.baked import BakedTables

TABLES = ("direct", "pathed", "rays", "strikes", "command", "overlap", "attack")


def test_a_layout_played_twice_has_tuple_tables_equal_to_the_lazy_entries(
    tileset: dict[str, Any],
) -> None:
    rules = load_rules(tileset, "terrain")
    game = Game(rules, seed=3)
    kinds = game.terrain_types
    mountain = next(i for i, kind in enumerate(kinds) if kind.blocks_slide)
    fort = next(i for i, kind in enumerate(kinds) if kind.shelters_from_strike)
    size = rules.geometry.size
    layout = tuple(mountain if s == 14 else fort if s == 21 else -1 for s in range(size))
    lazy = BakedTables(rules, layout, kinds)
    done = BakedTables(rules, layout, kinds)
    done.played()
    assert not isinstance(done.direct, tuple)  # one game: still lazy
    done.played()
    keys = range(len(rules.tables.direct))
    for name in TABLES:
        table = getattr(done, name)
        assert isinstance(table, tuple)
        assert list(table) == [getattr(lazy, name)[k] for k in keys], name
    # Folding terrain changed some entries: the test compares more than the base tables.
    assert any(done.rays[k] != rules.tables.rays[k] for k in keys)
