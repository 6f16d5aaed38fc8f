"""Write the tile sets no evaluation was fitted on, which benchmarks/strength.py --unseen plays.

    python benchmarks/make_unseen_sets.py        # writes benchmarks/unseen/*/ (.duke files)

Each is made from the base tiles by removing and editing, with a fixed seed, so that the same
command writes the same files:

- ``lean``: the base army less the Seer, the Ranger, the Assassin and the Longbowman, with three
  tiles edited under their own names (the Pikeman, the Knight and the Wizard), so that weights
  fitted to a name would be weights of another tile;
- ``renamed``: every tile renamed (no name of the base set left), four edited, and a bag of
  another make-up (two Knights, two Bowmen, no Seer, no Assassin);
- ``mutated``: every tile but the Duke changed by seeded edits of its grids (icons moved,
  turned into others, added or taken away), renamed, with two Pikeman-like tiles beside the
  Duke in place of the Footmen.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from dukec.compiler.decompile import decompile
from dukec.compiler.driver import compile_source, load_tileset

HERE = Path(__file__).resolve().parent
OUT = HERE / "unseen"
SEED = 20240611

Tile = dict[str, Any]


def _icons(tile: Tile, side: str) -> list[dict[str, Any]]:
    icons: list[dict[str, Any]] = tile["sides"][side]["icons"]
    return icons


def _set(name: str, start: list[dict[str, Any]], bag: dict[str, int]) -> dict[str, Any]:
    army = {"start": start, "bag": [{"tile": t, "count": n} for t, n in sorted(bag.items())]}
    return {
        "name": "base",
        "board": {"files": 6, "ranks": 6},
        "armies": [copy.deepcopy(army), copy.deepcopy(army)],
    }


def _start(duke: str, beside: str) -> list[dict[str, Any]]:
    return [
        {"tile": duke, "count": 1, "squares": ["c1", "d1"]},
        {"tile": beside, "count": 2, "beside": duke},
    ]


def lean(tiles: dict[str, Tile]) -> tuple[list[Tile], dict[str, Any]]:
    """The base army less four tiles, three of the rest edited under their own names."""
    kept = {n: copy.deepcopy(t) for n, t in tiles.items() if n not in _LEFT_OUT}
    # The Pikeman strikes straight ahead instead of moving two squares diagonally forward.
    _icons(kept["Pikeman"], "front")[:] = [
        {"icon": "move", "at": [-1, 1]},
        {"icon": "move", "at": [1, 1]},
        {"icon": "strike", "at": [0, 2]},
    ]
    # The Knight's back slides sideways too.
    _icons(kept["Knight"], "back").extend(
        [{"icon": "slide", "at": [-1, 0]}, {"icon": "slide", "at": [1, 0]}]
    )
    # The Wizard's front loses its diagonal moves.
    front = _icons(kept["Wizard"], "front")
    front[:] = [i for i in front if i["at"][0] == 0 or i["at"][1] == 0]
    bag = {"Footman": 1, "Pikeman": 3, "Knight": 1, "Wizard": 1, "General": 1, "Priest": 1}
    bag.update({"Champion": 1, "Marshall": 1, "Bowman": 1, "Dragoon": 1})
    return list(kept.values()), _set("base", _start("Duke", "Footman"), bag)


_LEFT_OUT = ("Seer", "Ranger", "Assassin", "Longbowman")

_NAMES = {
    "Duke": "Regent",
    "Footman": "Sentry",
    "Pikeman": "Halberd",
    "Knight": "Lancer",
    "Wizard": "Mystic",
    "Ranger": "Scout",
    "Seer": "Oracle",
    "General": "Warden",
    "Priest": "Abbot",
    "Champion": "Paladin",
    "Marshall": "Captain",
    "Bowman": "Archer",
    "Dragoon": "Hussar",
    "Assassin": "Shadow",
    "Longbowman": "Crossbow",
}


def renamed(tiles: dict[str, Tile]) -> tuple[list[Tile], dict[str, Any]]:
    """Every tile renamed, four edited, and a bag of another make-up."""
    made = {}
    for old, new in _NAMES.items():
        tile = copy.deepcopy(tiles[old])
        tile["name"] = new
        made[new] = tile
    # The Sentry's back moves straight back too; the Halberd's back strikes diagonally forward
    # only; the Warden jumps forward; the Archer loses its strikes to the sides.
    _icons(made["Sentry"], "back").append({"icon": "move", "at": [0, -1]})
    back = _icons(made["Halberd"], "back")
    back[:] = [i for i in back if i["icon"] != "strike"] + [
        {"icon": "strike", "at": [-1, 1]},
        {"icon": "strike", "at": [1, 1]},
    ]
    _icons(made["Warden"], "front").append({"icon": "jump", "at": [0, 2]})
    for side in ("front", "back"):
        icons = _icons(made["Archer"], side)
        icons[:] = [i for i in icons if not (i["icon"] == "strike" and i["at"][1] == 0)]
    made["Lancer"]["count"] = 2
    made["Archer"]["count"] = 2
    bag = {"Sentry": 1, "Halberd": 3, "Lancer": 2, "Mystic": 1, "Scout": 1, "Warden": 1}
    bag.update({"Abbot": 1, "Paladin": 1, "Captain": 1, "Archer": 2, "Hussar": 1, "Crossbow": 1})
    made = {n: t for n, t in made.items() if n not in ("Oracle", "Shadow")}
    return list(made.values()), _set("base", _start("Regent", "Sentry"), bag)


def _on_line(dx: int, dy: int) -> bool:
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)


def _mutate(tile: Tile, rng: random.Random) -> None:
    """Two seeded edits of a tile's grids: an icon moved, turned into another, added or taken
    away (Moves stay on straight or diagonal lines, no Slide is made)."""
    for _ in range(2):
        side = rng.choice(("front", "back"))
        icons = _icons(tile, side)
        taken = {tuple(i["at"]) for i in icons}
        free = [
            (dx, dy)
            for dx in range(-2, 3)
            for dy in range(-2, 3)
            if (dx, dy) != (0, 0) and (dx, dy) not in taken
        ]
        simple = [i for i in icons if i["icon"] in ("move", "jump", "strike")]
        what = rng.choice(("move", "turn", "add", "remove"))
        if what == "remove" and len(simple) > 2:
            icons.remove(rng.choice(simple))
        elif what == "turn" and simple:
            icon = rng.choice(simple)
            dx, dy = icon["at"]
            kinds = ["jump", "strike"] + (["move"] if _on_line(dx, dy) else [])
            icon["icon"] = rng.choice([k for k in kinds if k != icon["icon"]] or kinds)
        elif what == "move" and simple and free:
            icon = rng.choice(simple)
            places = [p for p in free if icon["icon"] != "move" or _on_line(*p)]
            if places:
                icon["at"] = list(rng.choice(places))
        elif free:
            dx, dy = rng.choice(free)
            kinds = ["jump", "strike"] + (["move"] if _on_line(dx, dy) else [])
            icons.append({"icon": rng.choice(kinds), "at": [dx, dy]})
        icons.sort(key=lambda i: (i["at"][1], i["at"][0], i["icon"]))


def mutated(tiles: dict[str, Tile]) -> tuple[list[Tile], dict[str, Any]]:
    """Every tile but the Duke edited by seeded mutations and renamed."""
    rng = random.Random(SEED)
    made = {}
    for number, (old, tile) in enumerate(sorted(tiles.items())):
        if old in ("Seer", "Assassin"):
            continue
        tile = copy.deepcopy(tile)
        if not tile.get("acts_as_duke"):
            _mutate(tile, rng)
        tile["name"] = "Sovereign" if tile.get("acts_as_duke") else f"Piece{number:02d}"
        made[old] = tile
    names = {old: t["name"] for old, t in made.items()}
    made["Pikeman"]["count"] = 4
    bag = {names[old]: 1 for old in made if old not in ("Duke", "Pikeman")}
    bag[names["Pikeman"]] = 2
    return list(made.values()), _set("base", _start("Sovereign", names["Pikeman"]), bag)


SETS = {"lean": lean, "renamed": renamed, "mutated": mutated}


def main() -> None:
    base = load_tileset(None)
    tiles = {t["name"]: t for t in base["tiles"] if t["kind"] == "troop"}
    for name, make in SETS.items():
        made, game_set = make(tiles)
        data = {"format": base["format"], "tiles": sorted(made, key=lambda t: t["name"])}
        data["sets"] = [game_set]
        text = f"# {name}: made by benchmarks/make_unseen_sets.py (see its docstring)\n"
        text += decompile(data)
        compile_source(text, f"{name}.duke")  # a set that does not compile fails here
        folder = OUT / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.duke").write_text(text)
        print(f"{folder / (name + '.duke')}: {len(made)} tiles")


if __name__ == "__main__":
    main()
