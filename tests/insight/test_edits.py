"""Edits of a tile: every single edit, in a fixed order, each one change and nothing else."""

from collections import Counter
from typing import Any

import pytest

from dukec.compiler import load_tileset
from dukec.compiler.vocabulary import Side
from dukec.insight.edits import (
    Edit,
    EditKind,
    addable_icons,
    basic_icons,
    checked,
    single_edits,
    squares_for,
    tile_key,
)
from tests.base_icons import COMMAND, JUMP, MOVE, SLIDE, STRIKE


@pytest.fixture(scope="module")
def footman() -> dict[str, Any]:
    tiles: dict[str, dict[str, Any]] = {tile["name"]: tile for tile in load_tileset()["tiles"]}
    return tiles["Footman"]


def icons(tile: dict[str, Any], side: str) -> Counter[tuple[str, tuple[int, int]]]:
    return Counter((item["icon"], tuple(item["at"])) for item in tile["sides"][side]["icons"])


def test_the_footman_has_226_single_edits_counted_by_hand(footman: dict[str, Any]) -> None:
    # Front: 4 Moves; back: 5 Moves. Squares within two of the tile: 24, of which 8 take a
    # Slide and 8 a Jump Slide. Adds per side: Move 24 + Jump 24 + Slide 8 + Jump Slide 8 +
    # Strike 24 = 88, less the Moves already there (4 front, 5 back): 84 + 83 = 167. Moves one
    # square: each front Move (next to the tile, in a line) has 5 free squares in reach; on
    # the back, 29 in all (counted below from the grid).
    kinds = Counter(edit.kind for edit in single_edits(footman))
    assert kinds == {EditKind.FLIP: 1, EditKind.REMOVE: 9, EditKind.ADD: 167, EditKind.MOVE: 49}


def test_moves_go_one_square_to_a_free_square_in_reach(footman: dict[str, Any]) -> None:
    back = {at for _, at in icons(footman, "back")}
    expected = 0
    for x, y in back:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                to = (x + dx, y + dy)
                free = to not in back and to != (0, 0)
                if (dx, dy) != (0, 0) and free and max(abs(to[0]), abs(to[1])) <= 2:
                    expected += 1
    moves = [e for e in single_edits(footman) if e.kind is EditKind.MOVE and e.side is Side.BACK]
    assert len(moves) == expected == 29


def test_every_addition_in_reach_is_enumerated_once(footman: dict[str, Any]) -> None:
    adds = [edit for edit in single_edits(footman) if edit.kind is EditKind.ADD]
    expected = {
        (side, icon, at)
        for side in Side
        for icon in basic_icons()
        for at in squares_for(icon)
        if (icon.value, at) not in icons(footman, side.value)
    }
    assert len(adds) == len(expected)
    assert {(edit.side, edit.icon, edit.at) for edit in adds} == expected


def test_the_order_is_fixed_and_no_edit_repeats(footman: dict[str, Any]) -> None:
    first = single_edits(footman)
    assert first == single_edits(footman)
    assert len(set(first)) == len(first)
    assert first[0] == Edit(EditKind.FLIP)
    order = [edit.kind for edit in first]
    assert order == sorted(
        order, key=[EditKind.FLIP, EditKind.REMOVE, EditKind.ADD, EditKind.MOVE].index
    )


def test_each_edit_changes_one_icon_and_compiles(footman: dict[str, Any]) -> None:
    keys = set()
    for edit in single_edits(footman):
        tile = checked(edit.apply(footman), (edit,))
        assert tile is not None, edit.describe()
        keys.add(tile_key(tile))
        if edit.kind is EditKind.FLIP:
            assert icons(tile, "front") == icons(footman, "back")
            continue
        assert edit.side is not None and edit.icon is not None and edit.at is not None
        side = edit.side.value
        change = icons(tile, side)
        change.subtract(icons(footman, side))
        wanted = Counter[tuple[str, tuple[int, int]]]()
        if edit.kind in (EditKind.REMOVE, EditKind.MOVE):
            wanted[(edit.icon.value, edit.at)] -= 1
        if edit.kind is EditKind.ADD:
            wanted[(edit.icon.value, edit.at)] += 1
        if edit.kind is EditKind.MOVE:
            assert edit.to is not None
            wanted[(edit.icon.value, edit.to)] += 1
        assert +change == +wanted and -change == -wanted, edit.describe()
        other = "back" if side == "front" else "front"
        assert icons(tile, other) == icons(footman, other)
    assert len(keys) == len(single_edits(footman))


def test_icons_the_tile_carries_can_be_added_too() -> None:
    tile = {
        "name": "Herald",
        "kind": "troop",
        "count": 1,
        "abilities": [],
        "sides": {
            "front": {"icons": [{"icon": "command", "at": [1, 0]}]},
            "back": {"icons": [{"icon": "move", "at": [0, 1]}]},
        },
    }
    assert addable_icons(tile) == (*basic_icons(), COMMAND)


def test_edits_read_as_sentences() -> None:
    remove = Edit(EditKind.REMOVE, Side.BACK, JUMP, (2, 2))
    move = Edit(EditKind.MOVE, Side.FRONT, MOVE, (0, 1), (0, 2))
    add = Edit(EditKind.ADD, Side.FRONT, STRIKE, (-1, 2))
    assert remove.describe() == "remove jump at [2, 2] from the back"
    assert move.describe() == "move move on the front from [0, 1] to [0, 2]"
    assert add.describe() == "add strike at [-1, 2] to the front"
    assert Edit(EditKind.FLIP).describe() == "flip the sides: the back becomes the starting side"


def test_a_tile_that_does_not_compile_is_no_candidate(footman: dict[str, Any]) -> None:
    broken = Edit(EditKind.ADD, Side.FRONT, SLIDE, (2, 2)).apply(footman)
    assert checked(broken, ()) is None
