"""Emit stage: checked rules data to the JSON tile set, and writing it canonically.

Canonical form: keys sorted, two-space indent, UTF-8 as is, one trailing newline; the declared
icons in declaration order, tiles and sets sorted by name, a side's icons by (icon, dx, dy). The
file is written to a temporary file in the same directory and renamed over the target, so a
failed run leaves the old output untouched.
"""

from __future__ import annotations

import json
from typing import Any

from dukec.compiler.diagnostics import Position
from dukec.compiler.model import Army, GameSet, Program, Targets, Tile
from dukec.compiler.vocabulary import Side
from dukec.icons import FORMAT


def tile_dict(tile: Tile) -> dict[str, Any]:
    """One tile as JSON data."""
    data: dict[str, Any] = {
        "name": tile.name,
        "kind": tile.kind.value,
        "count": tile.count,
        "abilities": [ability.value for ability in tile.abilities],
        "sides": {
            side.value: {
                "icons": [
                    {"icon": icon.icon.name, "at": [icon.at[0], icon.at[1]]}
                    for icon in sorted(tile.icons(side), key=lambda i: i.sort_key())
                ]
            }
            for side in Side
        },
    }
    if tile.ability_sides:
        data["ability_sides"] = {
            ability.value: [side.value for side in sides] for ability, sides in tile.ability_sides
        }
    if tile.acts_as_duke:
        data["acts_as_duke"] = True
    if tile.classes:
        data["classes"] = list(tile.classes)
    if tile.terrain is not None:
        data["terrain"] = {
            key: list(value) if isinstance(value, tuple) else value for key, value in tile.terrain
        }
    return data


def _targets(targets: Targets) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if targets.tiles:
        data["tiles"] = list(targets.tiles)
    if targets.classes:
        data["classes"] = list(targets.classes)
    return data


def _army_dict(army: Army) -> dict[str, Any]:
    start = []
    for entry in army.start:
        item: dict[str, Any] = {"class" if entry.of_class else "tile": entry.tile}
        item["count"] = entry.count
        if entry.beside is not None:
            item["beside_class" if entry.beside_class else "beside"] = entry.beside
        else:
            item["squares"] = list(entry.squares)
        start.append(item)
    data: dict[str, Any] = {
        "start": start,
        "bag": [{"tile": name, "count": count} for name, count in army.bag],
    }
    if army.win:
        data["win"] = [{"by": by, "tile": tile, "count": count} for by, tile, count in army.win]
    if army.freeze_at_edge:
        data["freeze_at_edge"] = list(army.freeze_at_edge)
    if army.capture_every:
        data["capture_every"] = [_targets(targets) for targets in army.capture_every]
    if army.place_beside:
        data["place_beside"] = _targets(army.place_beside)
    return data


def set_dict(game_set: GameSet) -> dict[str, Any]:
    """One game set as JSON data."""
    data: dict[str, Any] = {
        "name": game_set.name,
        "board": {"files": game_set.files, "ranks": game_set.ranks},
        "armies": [_army_dict(army) for army in game_set.armies],
    }
    if game_set.terrain:
        data["terrain"] = [{"tile": name, "count": count} for name, count in game_set.terrain]
    if game_set.optional:
        data["optional"] = list(game_set.optional)
    if game_set.rules:
        data["rules"] = {
            key: list(value) if isinstance(value, tuple) else value for key, value in game_set.rules
        }
    if game_set.swap:
        data["swap"] = {
            "on": game_set.swap,
            "tiles": [{"tile": tile, "for": base} for tile, base in game_set.swaps],
        }
    return data


def program_dict(program: Program) -> dict[str, Any]:
    """The whole tile set as JSON data."""
    return {
        "format": FORMAT,
        "icons": program.icons.to_json(),
        "tiles": [tile_dict(tile) for tile in sorted(program.tiles, key=lambda t: t.name)],
        "sets": [set_dict(s) for s in sorted(program.sets, key=lambda s: s.name)],
    }


def source_map(program: Program) -> dict[tuple[str | int, ...], tuple[str, Position]]:
    """JSON path prefix -> where it was written, to map schema errors back to the source."""
    mapping: dict[tuple[str | int, ...], tuple[str, Position]] = {}
    for index, (_name, path, position) in enumerate(program.icon_sources):
        mapping[("icons", index)] = (path, position)
    for index, tile in enumerate(sorted(program.tiles, key=lambda t: t.name)):
        mapping[("tiles", index)] = (tile.path, tile.name_pos)
    for index, game_set in enumerate(sorted(program.sets, key=lambda s: s.name)):
        mapping[("sets", index)] = (game_set.path, game_set.pos)
    return mapping


def dumps(data: dict[str, Any]) -> str:
    """The canonical JSON text of a tile set."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def canonicalize(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a tile set with tiles, sets and icons in canonical order."""
    result = json.loads(json.dumps(data))
    result["tiles"] = sorted(result.get("tiles", []), key=lambda t: t["name"])
    for tile in result["tiles"]:
        for side in tile.get("sides", {}).values():
            side["icons"] = sorted(side["icons"], key=lambda i: (i["icon"], *i["at"]))
    result["sets"] = sorted(result.get("sets", []), key=lambda s: s["name"])
    out: dict[str, Any] = result
    return out
