"""Expanded positions with mistakes: every problem of the terrain, flags, dragon, frozen and
scores entries is reported at once, in the order of the document."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dukec.engine import PositionError, Rules, load_rules, position_from_json

DUKES = [
    {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
    {"tile": "Duke", "owner": 1, "side": "front", "at": "c6"},
]


def problems(rules: Rules, data: dict[str, Any]) -> list[str]:
    with pytest.raises(PositionError) as error:
        position_from_json(rules, data)
    assert str(error.value) == "\n".join(error.value.problems)
    return error.value.problems


def test_every_expanded_entry_is_checked(study: Rules) -> None:
    data = {
        "to_move": 0,
        "board": DUKES,
        "terrain": [
            {"tile": "Mountain", "at": "c1"},
            {"tile": "Mountian", "at": "d4"},
            {"tile": "Keep", "at": "z9"},
            {"tile": "Keep", "at": "e2"},
        ],
        "flags": [{"at": "e2", "owner": 0}, {"at": "b3", "owner": 3}],
        "dragon": {"at": "c6", "facing": "north", "side": "front"},
        "frozen": ["e5", "c1"],
        "scores": [1],
        "captured": [["Seer"], ["Pikman"]],
    }
    assert problems(study, data) == [
        "terrain[0]: no tile may stand on Mountain, but Duke of player 0 does",
        "terrain[1]: 'Mountian' is not a terrain tile that lies on a square (terrain: Keep, "
        "Mountain; flags go in 'flags', the tile that acts between turns in 'dragon')",
        "terrain[2]: 'z9' is not a square of the board",
        "flags[0]: square e2 already holds Keep",
        "flags[1]: owner must be 0, 1 or null",
        "dragon: square c6 already holds Duke of player 1",
        "dragon: facing is one of up, down, left, right",
        "frozen[0]: no tile stands on e5",
        "scores: must be two whole numbers from 0 to 999",
        "captured[1][0]: unknown tile 'Pikman' (did you mean 'Pikeman'?)",
    ]


def test_expanded_problems_follow_the_document_and_do_not_cascade(study: Rules) -> None:
    data = {
        "dragon": {"at": "a9", "side": "enraged"},
        "to_move": 0,
        "board": [*DUKES, {"tile": "Sear", "owner": 0, "side": "front", "at": "e5"}],
        "frozen": ["e5"],
        "settled": ["c0"],
    }
    assert problems(study, data) == [
        "dragon: 'a9' is not a square of the board",
        "dragon: side is front or back",
        "board[2]: unknown tile 'Sear' (did you mean 'Seer'?)",
        "settled[0]: 'c0' is not a square of the board",
    ]


def test_a_tile_set_without_flags_says_so_once(custom: dict[str, Any]) -> None:
    unflagged = dict(custom, tiles=[t for t in custom["tiles"] if t["name"] != "Flag"])
    rules = load_rules(unflagged, "study")
    data = {
        "to_move": 0,
        "board": DUKES,
        "flags": [{"owner": 0}, {"at": "a2"}, {"at": "a3"}],
        "dragon": {"at": "d3", "facing": "right"},
    }
    assert problems(rules, data) == [
        "flags[0]: a flag needs 'at' (and 'owner': 0, 1 or null)",
        "flags[1]: the tile set has no flag (a terrain tile that is carried)",
    ]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 3) | st.sampled_from(["a1", "c1", "z9", "Duke"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
SQUARE = st.sampled_from(["a1", "b2", "c1", "c6", "f6", "g7", "a0"]) | JSON
ENTRY = st.fixed_dictionaries(
    {
        "tile": st.sampled_from(["Duke", "Seer", "Sear", "Footman"]) | JSON,
        "owner": st.sampled_from([0, 1]) | JSON,
        "side": st.sampled_from(["front", "back", "frnt"]) | JSON,
        "at": SQUARE,
    }
)
POSITION = st.fixed_dictionaries(
    {"to_move": st.sampled_from([0, 1]) | JSON, "board": st.lists(ENTRY, max_size=4) | JSON},
    optional={
        "bags": st.lists(st.lists(st.sampled_from(["Seer", "Knigt"]) | JSON, max_size=2)) | JSON,
        "terrain": st.lists(
            st.fixed_dictionaries(
                {"tile": st.sampled_from(["Mountain", "Keep", "Flag"]) | JSON, "at": SQUARE}
            )
            | JSON,
            max_size=2,
        )
        | JSON,
        "flags": st.lists(st.fixed_dictionaries({"at": SQUARE, "owner": JSON}) | JSON) | JSON,
        "dragon": st.fixed_dictionaries(
            {"at": SQUARE}, optional={"facing": JSON | st.just("up"), "side": JSON}
        )
        | JSON,
        "frozen": st.lists(SQUARE, max_size=2) | JSON,
        "settled": st.lists(SQUARE, max_size=2) | JSON,
        "scores": JSON,
        "captured": st.lists(st.lists(JSON, max_size=2), max_size=3) | JSON,
        "drawn": st.sampled_from(["Seer", "Sear"]) | JSON,
        "ply": JSON,
        "colour": JSON,
    },
)


@settings(max_examples=300, deadline=None)
@given(data=POSITION)
def test_any_json_gives_a_game_or_a_position_error(study: Rules, data: dict[str, Any]) -> None:
    try:
        position_from_json(study, data)
    except PositionError as error:
        assert error.problems
        assert str(error) == "\n".join(error.problems)
