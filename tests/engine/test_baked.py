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
    made = [at_once.entry(k) for k in keys]
    # Another fold of the same layout, its entries made in the reverse order, some twice.
    lazy = BakedTables(rules, layout, kinds).tables
    for k in reversed(waiting[::2]):
        lazy.entry(k)
    assert [lazy.entry(k) for k in keys] == made
    # Folding terrain changed some entries: the test compares more than the base tables.
    base = rules.tables
    assert any(at_once.entry(k) != base.entry(k) for k in waiting)
    assert all(made[k] == base.entry(k) for k in keys if k not in waiting)


def test_a_layout_shares_the_entries_the_terrain_does_not_touch(tileset: dict[str, Any]) -> None:
    """A folded layout keeps no copy of the base tables: only the keys the terrain touches
    have entries of its own."""
    rules = load_rules(tileset, "terrain")
    kinds = Game(rules, seed=3).terrain_types
    mountain = next(i for i, kind in enumerate(kinds) if kind.blocks_slide)
    layout = tuple(mountain if s == 14 else -1 for s in range(rules.geometry.size))
    folded = BakedTables(rules, layout, kinds).tables
    for name in TABLES:
        assert getattr(folded, name) is getattr(rules.tables, name), name
    touched = {k for k, ready in enumerate(folded.ready) if not ready}
    # The keys whose icons reach, cross or leap the mountain's square, counted from the reach.
    reach = rules.reach
    expected = {
        k
        for k in range(len(reach.moves))
        if any(t == 14 or 14 in cells for t, cells in reach.moves[k])
        or any(t == 14 or any(14 in path for path in paths) for t, paths in reach.jumps[k])
        or any(leaped == 14 or 14 in line for _how, leaped, line in reach.rays[k])
        or any(t == 14 or 14 in line for t, line in reach.strikes[k])
        or 14 in reach.commands[k]
    }
    assert touched == expected
