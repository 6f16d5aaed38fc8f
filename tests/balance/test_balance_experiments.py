"""Experiments as tile-set manipulation: which armies meet, seated how."""

import copy
from typing import Any

import pytest

from dukec.balance.experiments import (
    AB_SET,
    BA_SET,
    replace,
    replace_in_army,
    self_play,
    sets_against,
)
from dukec.tileset import ExperimentError, find_set


def tile(name: str, count: int = 1, dy: int = 1) -> dict[str, Any]:
    side = {"icons": [{"icon": "move", "at": [0, dy]}]}
    return {
        "name": name,
        "kind": "troop",
        "count": count,
        "abilities": [],
        "sides": {"front": side, "back": side},
    }


def army() -> dict[str, Any]:
    return {
        "start": [
            {"tile": "Duke", "count": 1, "squares": ["c1", "d1"]},
            {"tile": "Footman", "count": 2, "beside": "Duke"},
        ],
        "bag": [
            {"tile": "Footman", "count": 1},
            {"tile": "Knight", "count": 1},
            {"tile": "Pikeman", "count": 3},
        ],
    }


def tileset(*extra: dict[str, Any], set_name: str = "base") -> dict[str, Any]:
    tiles = [tile("Duke"), tile("Footman", 3), tile("Knight"), tile("Pikeman", 3), *extra]
    return {
        "format": "duke-tileset/1",
        "tiles": sorted(tiles, key=lambda t: t["name"]),
        "sets": [{"name": set_name, "board": {"files": 6, "ranks": 6}, "armies": [army(), army()]}],
    }


def sets_of(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in result["sets"]}


def test_replace_renames_set_up_bag_and_beside() -> None:
    variant = replace_in_army(army(), "Footman", "Paladin")
    assert variant["start"][1] == {"tile": "Paladin", "count": 2, "beside": "Duke"}
    assert variant["bag"] == [
        {"tile": "Knight", "count": 1},
        {"tile": "Paladin", "count": 1},
        {"tile": "Pikeman", "count": 3},
    ]
    by_duke = replace_in_army(army(), "Duke", "Regent")
    assert by_duke["start"][1]["beside"] == "Regent"


def test_replace_merges_stacks_and_keeps_the_bag_sorted() -> None:
    variant = replace_in_army(army(), "Knight", "Pikeman")
    assert variant["bag"] == [{"tile": "Footman", "count": 1}, {"tile": "Pikeman", "count": 4}]


def test_replace_experiment_seats_the_variant_army_in_each_seat() -> None:
    source = {"format": "duke-tileset/1", "tiles": [tile("Paladin", dy=2)], "sets": []}
    experiment = replace(tileset(), None, "Knight", "Paladin", source)
    sets = sets_of(experiment.tileset)
    assert experiment.sets == (AB_SET, BA_SET)
    assert experiment.labels == ("with Paladin", "with Knight")
    assert experiment.subject == "Paladin" and experiment.opponent == "the Knight it replaces"
    assert experiment.describe() == "Paladin in place of Knight"
    assert experiment.replaced == ("Knight", "Paladin")
    a_first, b_first = sets[AB_SET]["armies"], sets[BA_SET]["armies"]
    assert {"tile": "Paladin", "count": 1} in a_first[0]["bag"]
    assert {"tile": "Knight", "count": 1} in a_first[1]["bag"]
    assert {"tile": "Knight", "count": 1} in b_first[0]["bag"]
    assert {"tile": "Paladin", "count": 1} in b_first[1]["bag"]
    names = [t["name"] for t in experiment.tileset["tiles"]]
    assert names == sorted(names) and "Paladin" in names
    assert sets[AB_SET]["board"] == {"files": 6, "ranks": 6}


def test_replace_gives_the_new_tile_enough_copies() -> None:
    source = {"format": "duke-tileset/1", "tiles": [tile("Heavy", count=1)], "sets": []}
    experiment = replace(tileset(), None, "Footman", "Heavy", source)
    heavy = next(t for t in experiment.tileset["tiles"] if t["name"] == "Heavy")
    assert heavy["count"] == 3


def test_replace_prefers_the_tile_given_apart() -> None:
    old = tile("Paladin", dy=1)
    new = tile("Paladin", dy=2)
    experiment = replace(tileset(old), None, "Knight", "Paladin", {"tiles": [new]})
    paladin = next(t for t in experiment.tileset["tiles"] if t["name"] == "Paladin")
    assert paladin["sides"]["front"]["icons"][0]["at"] == [0, 2]


def test_replace_does_not_touch_its_input() -> None:
    original = tileset(tile("Paladin"))
    kept = copy.deepcopy(original)
    replace(original, None, "Knight", "Paladin")
    assert original == kept


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Knigt", "Paladin", "no tile 'Knigt' in the tile set (did you mean 'Knight'?)"),
        (
            "Knight",
            "Paladn",
            "no tile 'Paladn' in the tile set (did you mean 'Paladin'?); "
            "give the file that defines it with --with PATH",
        ),
        ("Knight", "Knight", "a tile cannot replace itself ('Knight')"),
    ],
)
def test_replace_errors(old: str, new: str, message: str) -> None:
    with pytest.raises(ExperimentError) as error:
        replace(tileset(tile("Paladin")), None, old, new)
    assert str(error.value) == message


def test_the_duke_is_replaced_only_by_a_tile_acting_as_the_duke() -> None:
    base = tileset(tile("Regent"))
    next(t for t in base["tiles"] if t["name"] == "Duke")["acts_as_duke"] = True
    with pytest.raises(ExperimentError) as error:
        replace(base, None, "Duke", "Regent")
    assert str(error.value) == (
        "'Duke' acts as the Duke and 'Regent' does not; a tile acting as the Duke can only be "
        "replaced by another that does"
    )


def test_replace_of_a_tile_in_no_army() -> None:
    with pytest.raises(ExperimentError, match="'Ghost' is in no army of game set 'base'"):
        replace(tileset(tile("Ghost"), tile("Paladin")), None, "Ghost", "Paladin")


def test_find_set() -> None:
    assert find_set(tileset(), None)["name"] == "base"
    assert find_set(tileset(set_name="other"), None)["name"] == "other"
    with pytest.raises(ExperimentError, match="no game set 'bsae' \\(did you mean 'base'\\?\\)"):
        find_set(tileset(), "bsae")
    two = tileset(set_name="one")
    two["sets"].append({**two["sets"][0], "name": "two"})
    with pytest.raises(ExperimentError, match="choose a game set with --game: one, two"):
        find_set(two, None)


def test_self_play_keeps_the_sets_own_armies_and_seats() -> None:
    experiment = self_play(tileset(), None)
    assert experiment.sets == ("base", "base")
    assert experiment.labels == ("first player", "second player")
    assert experiment.describe() == "self-play of 'base'"


def test_sets_against_each_other() -> None:
    other = tileset(tile("Paladin"), set_name="expansion")
    other["sets"][0]["armies"][0]["bag"].append({"tile": "Paladin", "count": 1})
    experiment = sets_against(other, None, tileset(), None)
    sets = sets_of(experiment.tileset)
    assert experiment.labels == ("expansion", "base")
    assert experiment.describe() == "expansion against base"
    assert {"tile": "Paladin", "count": 1} in sets[AB_SET]["armies"][0]["bag"]
    assert {"tile": "Paladin", "count": 1} not in sets[AB_SET]["armies"][1]["bag"]
    assert {"tile": "Paladin", "count": 1} in sets[BA_SET]["armies"][1]["bag"]


def test_sets_against_refuses_clashing_tiles_and_boards() -> None:
    clash = tileset(tile("Paladin"))
    with pytest.raises(ExperimentError, match="tile 'Paladin' is defined differently"):
        sets_against(clash, None, tileset(tile("Paladin", dy=2)), None)
    wide = tileset()
    wide["sets"][0]["board"] = {"files": 8, "ranks": 8}
    with pytest.raises(ExperimentError, match="use different boards"):
        sets_against(wide, None, tileset(), None)
