"""The base tiles in tiles/ against tables written by hand from the tile reference sheet.

The tables below are transcribed from TILES.md independently of tiles/*.duke; a slip in either
one makes a test fail. `±` in the sheet is written out in full.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from dukec.compiler import dumps, load
from dukec.compiler.validate import tileset_validator

REPO = Path(__file__).resolve().parents[2]
TILES = REPO / "tiles"

Icons = dict[str, set[tuple[int, int]]]

# tile: (count, front, back); each side maps an icon to its offsets (dx, dy), +dy forward.
EXPECTED: dict[str, tuple[int, Icons, Icons]] = {
    "Duke": (1, {"slide": {(1, 0), (-1, 0)}}, {"slide": {(0, 1), (0, -1)}}),
    "Footman": (
        3,
        {"move": {(0, 1), (0, -1), (1, 0), (-1, 0)}},
        {"move": {(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 2)}},
    ),
    "Pikeman": (
        3,
        {"move": {(1, 1), (2, 2), (-1, 1), (-2, 2)}},
        {"move": {(0, 1), (0, -1), (0, -2)}, "strike": {(1, 2), (-1, 2)}},
    ),
    "Knight": (
        1,
        {"move": {(1, 0), (-1, 0), (0, -1), (0, -2)}, "jump": {(1, 2), (-1, 2)}},
        {"slide": {(0, 1)}, "move": {(1, -1), (-1, -1), (2, -2), (-2, -2)}},
    ),
    "Wizard": (
        1,
        {"move": {(1, 1), (0, 1), (-1, 1), (1, 0), (-1, 0), (1, -1), (0, -1), (-1, -1)}},
        {"jump": {(0, 2), (0, -2), (2, 0), (-2, 0), (2, 2), (-2, 2), (2, -2), (-2, -2)}},
    ),
    "Ranger": (
        1,
        {"slide": {(0, 1), (0, -1)}, "jump": {(1, 2), (-1, 2), (2, 1), (-2, 1)}},
        {"slide": {(1, 1), (-1, 1)}, "jump": {(1, -2), (-1, -2)}},
    ),
    "Seer": (
        1,
        {"move": {(1, 1), (-1, 1), (1, -1), (-1, -1)}, "jump": {(0, 2), (0, -2), (2, 0), (-2, 0)}},
        {"move": {(0, 1), (0, -1), (1, 0), (-1, 0)}, "jump": {(2, 2), (-2, 2), (2, -2), (-2, -2)}},
    ),
    "General": (
        1,
        {"move": {(0, 1), (0, -1), (2, 0), (-2, 0)}, "jump": {(1, 2), (-1, 2)}},
        {
            "move": {(0, 1), (1, 0), (-1, 0), (2, 0), (-2, 0)},
            "jump": {(1, 2), (-1, 2)},
            "command": {(1, 0), (-1, 0), (1, -1), (0, -1), (-1, -1)},
        },
    ),
    "Priest": (
        1,
        {"slide": {(1, 1), (-1, 1), (1, -1), (-1, -1)}},
        {
            "move": {(1, 1), (-1, 1), (1, -1), (-1, -1)},
            "jump": {(2, 2), (-2, 2), (2, -2), (-2, -2)},
        },
    ),
    "Champion": (
        1,
        {"move": {(0, 1), (0, -1), (1, 0), (-1, 0)}, "jump": {(0, 2), (0, -2), (2, 0), (-2, 0)}},
        {"strike": {(0, 1), (0, -1), (1, 0), (-1, 0)}, "jump": {(0, 2), (0, -2), (2, 0), (-2, 0)}},
    ),
    "Marshall": (
        1,
        {"slide": {(1, 0), (-1, 0)}, "jump": {(2, 2), (-2, 2), (0, -2)}},
        {
            "move": {(-1, 1), (0, 1), (1, 1), (-2, 0), (-1, 0), (1, 0), (2, 0), (-1, -1), (1, -1)},
            "command": {(-1, 1), (0, 1), (1, 1)},
        },
    ),
    "Bowman": (
        1,
        {"move": {(0, 1), (1, 0), (-1, 0)}, "jump": {(2, 0), (-2, 0), (0, -2)}},
        {"move": {(0, 1), (1, -1), (-1, -1)}, "strike": {(0, 2), (1, 1), (-1, 1)}},
    ),
    "Dragoon": (
        1,
        {"move": {(1, 0), (-1, 0)}, "strike": {(0, 2), (2, 2), (-2, 2)}},
        {"move": {(0, 1), (0, 2)}, "jump": {(1, 2), (-1, 2)}, "slide": {(1, -1), (-1, -1)}},
    ),
    "Assassin": (
        1,
        {"jump_slide": {(0, 2), (2, -2), (-2, -2)}},
        {"jump_slide": {(0, -2), (2, 2), (-2, 2)}},
    ),
    "Longbowman": (
        1,
        {"move": {(0, 1), (0, -1), (1, 0), (-1, 0)}},
        {"move": {(1, -1), (-1, -1)}, "strike": {(0, 2), (0, 3)}},
    ),
    "Duchess": (
        1,
        {"move": {(1, 0), (-1, 0), (0, -2)}, "command": {(1, 0), (-1, 0), (2, 0), (-2, 0)}},
        {"move": {(1, 0), (-1, 0), (0, -2)}, "command": {(1, 0), (-1, 0), (2, 0), (-2, 0)}},
    ),
    "Oracle": (1, {"move": {(1, 1), (-1, 1), (1, -1), (-1, -1)}}, {}),
    "Mountain": (1, {}, {}),
    "Flag": (2, {}, {}),
    "Fort": (0, {}, {}),
    "Dragon": (
        1,
        {"move": {(0, 1), (0, 2), (1, 0), (-1, 0)}},
        {
            "move": {(1, 0), (-1, 0)},
            "strike": {(0, 1), (0, 2), (0, 3), (-1, 2), (1, 2), (-1, 3), (1, 3)},
        },
    ),
}

TERRAIN = {"Mountain", "Flag", "Fort", "Dragon"}
BAG = {
    "Footman": 1,
    "Pikeman": 3,
    **{
        name: 1
        for name in [
            "Knight",
            "Wizard",
            "Ranger",
            "Seer",
            "General",
            "Priest",
            "Champion",
            "Marshall",
            "Bowman",
            "Dragoon",
            "Assassin",
            "Longbowman",
        ]
    },
}


@pytest.fixture(scope="module")
def tileset() -> dict[str, Any]:
    return load([TILES])


@pytest.fixture(scope="module")
def tiles(tileset: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {tile["name"]: tile for tile in tileset["tiles"]}


def _icons(side: dict[str, Any]) -> Icons:
    icons: Icons = {}
    for item in side["icons"]:
        icons.setdefault(item["icon"], set()).add(tuple(item["at"]))
    return icons


def test_every_tile_is_there(tiles: dict[str, dict[str, Any]]) -> None:
    assert set(tiles) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tile_icons_both_sides(tiles: dict[str, dict[str, Any]], name: str) -> None:
    count, front, back = EXPECTED[name]
    tile = tiles[name]
    assert tile["count"] == count
    assert _icons(tile["sides"]["front"]) == front
    assert _icons(tile["sides"]["back"]) == back
    assert tile["kind"] == ("terrain" if name in TERRAIN else "troop")


def test_no_icon_is_listed_twice(tiles: dict[str, dict[str, Any]]) -> None:
    for tile in tiles.values():
        for side in tile["sides"].values():
            keys = [(i["icon"], *i["at"]) for i in side["icons"]]
            assert keys == sorted(set(keys)), tile["name"]


def test_abilities_and_duke(tiles: dict[str, dict[str, Any]]) -> None:
    assert tiles["Duchess"]["abilities"] == ["summon"]
    assert "ability_sides" not in tiles["Duchess"]
    assert tiles["Oracle"]["abilities"] == ["divination"]
    assert tiles["Oracle"]["ability_sides"] == {"divination": ["back"]}
    assert [t for t in tiles if tiles[t].get("acts_as_duke")] == ["Duke"]
    assert [t for t in sorted(tiles) if tiles[t]["abilities"]] == ["Duchess", "Oracle"]


def test_terrain_properties(tiles: dict[str, dict[str, Any]]) -> None:
    mountain = tiles["Mountain"]["terrain"]
    assert mountain["blocks_jump"] and mountain["blocks_slide"] and mountain["blocks_strike_line"]
    assert mountain["occupants"] == 0 and mountain["placement"] == "random"
    fort = tiles["Fort"]["terrain"]
    assert fort["occupants"] == 1 and fort["shelters_from_strike"] and fort["shelters_from_dread"]
    assert set(fort["enter_with"]) == {"move", "slide", "jump_slide", "command"}
    assert tiles["Flag"]["terrain"]["carried"] is True
    assert tiles["Dragon"]["terrain"] == {"acts": True, "placement": "middle"}
    assert all("terrain" not in tiles[name] for name in tiles if name not in TERRAIN)


def test_base_set(tileset: dict[str, Any]) -> None:
    sets = {s["name"]: s for s in tileset["sets"]}
    assert "base" in sets
    base = sets["base"]
    assert base["name"] == "base"
    assert base["board"] == {"files": 6, "ranks": 6}
    assert base["optional"] == ["Dragon", "Duchess", "Mountain", "Oracle"]
    first, second = base["armies"]
    assert first == second
    assert first["start"] == [
        {"tile": "Duke", "count": 1, "squares": ["c1", "d1"]},
        {"tile": "Footman", "count": 2, "beside": "Duke"},
    ]
    assert {s["tile"]: s["count"] for s in first["bag"]} == BAG
    assert sum(BAG.values()) == 16
    assert [s["tile"] for s in first["bag"]] == sorted(BAG)


def test_output_validates_against_the_schema(tileset: dict[str, Any]) -> None:
    assert list(tileset_validator().iter_errors(tileset)) == []
    assert tileset["format"] == "duke-tileset/2"
    assert [t["name"] for t in tileset["tiles"]] == sorted(t["name"] for t in tileset["tiles"])


def test_build_is_deterministic_and_independent_of_location(tmp_path: Path) -> None:
    copy = tmp_path / "elsewhere" / "tiles"
    shutil.copytree(TILES, copy, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    first = dumps(load([TILES]))
    assert dumps(load([TILES])) == first
    assert dumps(load([copy])) == first
    assert (
        first == json.dumps(json.loads(first), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    )
