"""The Tabletop Simulator export holds every tile a pack set's game needs: each army's, set-up
entries of a class taken from the bag, the pack tiles a draw or a draft shares beside the board
(one copy each: "One player may end up with every pack tile", expansions.md), each player's pack
tiles of a mix and match ("all are replaced or none"), and the terrain, Camelot among it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from dukec.cli import main
from dukec.workbench.tiles import all_tiles
from dukec.workbench.tts import army_counts, shared_counts
from tests.expanded.conftest import pack


def game_set(tileset: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in tileset["sets"] if s["name"] == name)


def test_the_base_army_counts_each_start_entry_by_its_count(tileset: dict[str, Any]) -> None:
    first, second = army_counts(game_set(tileset, "base"))
    assert first == second
    assert first["Duke"] == 1 and first["Footman"] == 3  # two start beside the Duke, one in the bag
    assert shared_counts(game_set(tileset, "base"), {}) == {}


def test_the_musketeers_start_from_their_bag_and_count_once() -> None:
    tiles = pack("musketeers")
    musketeer, other = army_counts(game_set(tiles, "musketeers"))
    assert [musketeer[t] for t in ("Dartagnan", "Athos", "Porthos", "Aramis")] == [1, 1, 1, 1]
    assert "Duke" not in musketeer and other["Richelieu"] == 1


def test_shared_pack_tiles_and_terrain_lie_beside_the_board() -> None:
    tiles = pack("robert-e-howard")
    views = {view.name: view for view in all_tiles(tiles)}
    draw = game_set(tiles, "robert-e-howard-draw")
    assert shared_counts(draw, views) == {t["tile"]: 1 for t in draw["swap"]["tiles"]}
    assert all(t["tile"] not in held for held in army_counts(draw) for t in draw["swap"]["tiles"])
    legends = pack("arthurian-legends")
    views = {view.name: view for view in all_tiles(legends)}
    assert shared_counts(game_set(legends, "arthurian-legends"), views) == {"Camelot": 1}


def test_a_mix_and_match_gives_each_army_the_pack_tile_for_every_copy() -> None:
    first, second = army_counts(game_set(pack("city-troops"), "city-troops"))
    assert first == second
    assert first["Militia"] == first["Footman"] == 3  # the starting Footmen count


def test_export_tts_of_a_pack_set_writes_every_tile(tmp_path: Path) -> None:
    out = tmp_path / "tts"
    args = ["export", "tts", "--set", "musketeers", "--game", "musketeers", "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    objects = json.loads((out / "dukec-musketeers.json").read_text())["ObjectStates"]
    held = Counter((o["Nickname"], o["Description"]) for o in objects[1:])
    assert held["Athos", "troop; player 1"] == 1 and held["Richelieu", "troop; player 2"] == 1
    assert len({o["GUID"] for o in objects}) == len(objects)
    assert all((out / o["CustomImage"]["ImageURL"]).is_file() for o in objects)
