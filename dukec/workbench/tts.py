"""Tabletop Simulator: a game set as a saved object, each tile two-sided, and the board.

A saved object is the JSON file Tabletop Simulator keeps in its ``Saves/Saved Objects`` folder,
a save file's structure with its outer fields left empty and the objects in ``ObjectStates``,
beside a PNG of the same name as its thumbnail. Each tile of the game set's two armies (set-up
and bag, as many as each holds), and each beside the board (terrain, shared pack tiles), is a
``Custom_Tile`` with its front as ``ImageURL`` and its back as ``ImageSecondaryURL``, the
second army's tinted darker, the shared ones in a column right of the board; the board is a
locked ``Custom_Tile`` under them. Images are PNG files beside the JSON, named by relative path (a
``prefix`` such as ``file:///home/me/duke/`` or a web address where they are hosted makes
them absolute).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dukec.workbench.card import side_shapes
from dukec.workbench.grid import grid_bounds, square_panel
from dukec.workbench.shapes import Drawing
from dukec.workbench.tiles import SIDES, TileView

#: Pixels of a tile's face image.
FACE_PX = 256.0
#: The fields every object of a saved object has.
OBJECT_FIELDS = ("GUID", "Name", "Transform", "Nickname", "Description", "CustomImage")
#: A tile's side on the table, in Tabletop Simulator's units (a Custom_Tile of scale 1 is about
#: 2 units across), and a square of the board.
TILE_SCALE = 0.9
SQUARE = 2.0
_TINTS = ({"r": 1.0, "g": 1.0, "b": 1.0}, {"r": 0.62, "g": 0.62, "b": 0.66})


def face(tile: TileView, side: str) -> Drawing:
    """One side of a tile alone, as a square picture."""
    panel = square_panel(grid_bounds(tile), 0.0, 0.0, FACE_PX)
    shapes = tuple(side_shapes(tile, side, panel))
    return Drawing(FACE_PX, FACE_PX, shapes, f"{tile.name} ({side})")


def face_file(tile: TileView, side: str) -> str:
    """The file name of a tile's face image."""
    return f"{tile.name.lower()}-{side}.png"


def _guid(*parts: object) -> str:
    """A stable six-digit hex id (Tabletop Simulator's GUIDs are six hex digits)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:6]


def _transform(x: float, z: float, scale: float, y: float = 1.0) -> dict[str, float]:
    return {
        "posX": round(x, 3),
        "posY": y,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _tile_object(
    name: str,
    front: str,
    back: str,
    transform: dict[str, float],
    guid: str,
    tint: dict[str, float],
    description: str = "",
    locked: bool = False,
) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": "Custom_Tile",
        "Transform": transform,
        "Nickname": name,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": tint,
        "Locked": locked,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "Hands": False,
        "CustomImage": {
            "ImageURL": front,
            "ImageSecondaryURL": back,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 0, "Thickness": 0.2, "Stackable": False, "Stretch": True},
        },
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


@dataclass(frozen=True, slots=True)
class Export:
    """A saved object: its JSON and the pictures it names, by file name."""

    document: dict[str, Any]
    pictures: dict[str, Drawing]

    def text(self) -> str:
        """The JSON as Tabletop Simulator writes it (indented)."""
        return json.dumps(self.document, indent=2, ensure_ascii=False) + "\n"


def army_counts(game_set: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each army's tiles, set-up and bag, by name with their numbers. A set-up entry of a class
    takes its tile from the bag, so adds none; a set whose players choose pack tiles before play
    (``swap on choice``) gives each army as many of each pack tile as it holds of the tile that
    pack tile replaces, all of which it may take."""
    counts: list[dict[str, int]] = []
    swap = game_set.get("swap", {})
    for army in game_set["armies"]:
        held: dict[str, int] = {}
        for entry in army["start"]:
            if "tile" in entry:
                held[entry["tile"]] = held.get(entry["tile"], 0) + entry["count"]
        for stack in army["bag"]:
            held[stack["tile"]] = held.get(stack["tile"], 0) + stack["count"]
        if swap.get("on") == "choice":
            for pair in swap["tiles"]:
                if held.get(pair["for"]):
                    held[pair["tile"]] = held.get(pair["tile"], 0) + held[pair["for"]]
        counts.append(held)
    return counts


def shared_counts(game_set: Mapping[str, Any], views: Mapping[str, TileView]) -> dict[str, int]:
    """The tiles beside the board that are neither army's: the terrain put on the board at
    set-up, and the pack tiles a draw or a draft takes (each as many as its count)."""
    held = {stack["tile"]: int(stack["count"]) for stack in game_set.get("terrain", [])}
    swap = game_set.get("swap", {})
    if swap.get("on") in ("draw", "draft"):
        for pair in swap["tiles"]:
            held[pair["tile"]] = held.get(pair["tile"], 0) + views[pair["tile"]].count
    return held


def saved_object(
    views: Mapping[str, TileView],
    game_set: Mapping[str, Any],
    board: Drawing,
    name: str,
    prefix: str = "",
) -> Export:
    """The saved object of ``game_set``: its armies' tiles, two-sided, beside the board."""
    columns, rows = game_set["board"]["files"], game_set["board"]["ranks"]
    pictures: dict[str, Drawing] = {f"{name}-board.png": board}
    objects = [
        _tile_object(
            "Board",
            prefix + f"{name}-board.png",
            prefix + f"{name}-board.png",
            _transform(0.0, 0.0, SQUARE * max(columns, rows) / 2, 0.9),
            _guid(name, "board"),
            _TINTS[0],
            f"{game_set['name']}: {columns} x {rows}",
            locked=True,
        )
    ]
    reach = SQUARE * max(columns, rows) / 2 + 2.0
    holders = [*army_counts(game_set), shared_counts(game_set, views)]
    for owner, held in enumerate(holders):
        shared = owner == 2
        place = 0
        where = "beside the board" if shared else f"player {owner + 1}"
        for tile_name, number in sorted(held.items()):
            view = views[tile_name]
            for side in SIDES:
                pictures[face_file(view, side)] = face(view, side)
            for copy in range(number):
                if shared:  # a column right of the board
                    x, z = reach + 1.0 + 2.2 * (place // 10), -reach + 2.2 * (place % 10)
                else:
                    x = -reach + 2.2 * (place % 10)
                    z = (-1 if owner == 0 else 1) * (reach + 1.0 + 2.2 * (place // 10))
                objects.append(
                    _tile_object(
                        tile_name,
                        prefix + face_file(view, "front"),
                        prefix + face_file(view, "back"),
                        _transform(x, z, TILE_SCALE),
                        _guid(name, owner, tile_name, copy),
                        _TINTS[0 if shared else owner],
                        f"{view.kind}; {where}",
                    )
                )
                place += 1
    document = {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": f"dukec: {game_set['name']}",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
    return Export(document, pictures)
