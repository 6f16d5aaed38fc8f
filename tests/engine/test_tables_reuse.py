"""Rules loaded again from the same tiles share their compiled tables; a change to a grid
compiles new ones, and tables compiled afresh equal the ones they replace."""

from __future__ import annotations

import copy
import random
from typing import Any

from dukec.engine import Game, load_rules
from dukec.engine.tables import Tables

FIELDS = ("direct", "pathed", "rays", "strikes", "command", "overlap", "attack", "value")


def _without_an_icon(tileset: dict[str, Any], name: str) -> dict[str, Any]:
    changed = copy.deepcopy(tileset)
    tile = next(t for t in changed["tiles"] if t["name"] == name)
    tile["sides"]["front"]["icons"].pop()
    return changed


def _same(a: Tables, b: Tables) -> bool:
    return all(getattr(a, name) == getattr(b, name) for name in FIELDS)


def test_the_same_tiles_share_one_set_of_tables(tileset: dict[str, Any]) -> None:
    first = load_rules(tileset)
    again = load_rules(copy.deepcopy(tileset))
    assert again.tables is first.tables
    assert [t.value for t in again.types] == [t.value for t in first.types]


def test_a_changed_grid_compiles_its_own_tables(tileset: dict[str, Any]) -> None:
    first = load_rules(tileset)
    changed = load_rules(_without_an_icon(tileset, "Footman"))
    assert changed.tables is not first.tables
    assert not _same(changed.tables, first.tables)
    footman = [t.value for t in first.types if t.name == "Footman"]
    assert [t.value for t in changed.types if t.name == "Footman"] != footman


def test_tables_compiled_afresh_equal_the_ones_they_replace(tileset: dict[str, Any]) -> None:
    first = load_rules(tileset)
    # More tile sets than are kept: the first one's tables are compiled again.
    for name in ("Footman", "Pikeman", "Knight", "Wizard", "Seer", "Dragoon", "Marshall"):
        changed = tileset
        for _ in range(2):  # one icon off the tile, then another
            changed = _without_an_icon(changed, name)
            load_rules(changed)
    fresh = load_rules(tileset)
    assert fresh.tables is not first.tables
    assert _same(fresh.tables, first.tables)
    games = [Game(rules, seed=11, ply_limit=200) for rules in (first, fresh)]
    for game in games:
        rng = random.Random(11)
        while game.play_random(rng):
            pass
    assert games[0].history == games[1].history
    assert games[0].result == games[1].result
