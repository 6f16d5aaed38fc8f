"""Expanded positions with mistakes: every problem of the terrain, flags, dragon, frozen and
scores entries, and of the phases and what goes with them, is reported at once, in the order of
the document."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dukec.engine import (
    PositionError,
    Reason,
    Result,
    Rules,
    load_rules,
    position_from_json,
    position_to_json,
)

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
        "flags": [{"at": "c1", "owner": 0}, {"at": "b3", "owner": 3}],
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
        "flags[0]: square c1 already holds Mountain",
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


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"phase": "dusk"},
            ["$.phase: must be one of setup, draft, flags, swap, play, placing, choose, relocate"],
        ),
        (
            {"phase": "choose", "divined": ["Seer", "Duke", "Sear", "Seer"], "relocate": "c1"},
            [
                "divined[2]: unknown tile 'Sear' (did you mean 'Seer'?)",
                "$.divined: Divination draws 1 to 3 tiles",
                "divined: Duke acts as the Duke: it is never drawn",
                "$.relocate: belongs to phase relocate, but the phase is choose",
            ],
        ),
        (
            {"phase": "draft", "pool": ["Seer", "Seer"], "boxed": [["Pikman"], []], "setup": 2},
            [
                "pool: Seer is listed 2 times",
                "boxed[0][0]: unknown tile 'Pikman' (did you mean 'Pikeman'?)",
                "$.setup: belongs to phase setup, but the phase is draft",
            ],
        ),
        ({"phase": "draft", "pool": []}, ["$.pool: the draft needs a tile type left to select"]),
        (
            {"phase": "flags", "flags_to_place": ["Keep"], "result": {"winner": 2, "reason": 1}},
            [
                "flags_to_place[0]: 'Keep' is not a flag of the tile set (flags: Flag)",
                "result: winner must be 0, 1 or null (a draw)",
            ],
        ),
        (
            {"phase": "relocate", "relocate": "a1", "draws": -1, "events": True},
            [
                "relocate: no flag lies on a1",
                "$.draws: must be a whole number, 0 or more",
                "$.events: must be a whole number, 0 or more",
            ],
        ),
        ({"phase": "relocate"}, ["$.phase: phase relocate needs the field 'relocate'"]),
        (
            {"drawn": "Seer", "phase": "play"},
            ["$.drawn: belongs to phase placing, but the phase is play"],
        ),
        (
            {"phase": "setup", "setup": 5},
            ["$.setup: must be a whole number from 0 to 1 (the set-up placements made)"],
        ),
        ({"to_move": 1, "phase": "setup"}, ["$.to_move: set-up placement 0 is player 0's to make"]),
        (
            {"captured": [[], ["Seer"]], "taken": [["Seer", "Seer"], []]},
            ["taken[0]: player 0 took 2 Seer, but player 1 lost 1 (captured[1])"],
        ),
        (
            {"result": {"winner": None, "reason": "won"}},
            [
                "result: reason must be one of duke captured, no legal action, ply limit, "
                "resigned, score, flag home, captured tiles, reached edge, no tiles left"
            ],
        ),
    ],
)
def test_every_phase_entry_is_checked(
    study: Rules, fields: dict[str, Any], expected: list[str]
) -> None:
    assert problems(study, {"to_move": 0, "board": DUKES, **fields}) == expected


def test_a_flag_may_lie_on_terrain_that_tiles_stand_on(study: Rules) -> None:
    """A tile carrying a Flag may end its move on a Keep, and leave the Flag there."""
    data = {
        "to_move": 0,
        "board": [DUKES[0], {"tile": "Seer", "owner": 0, "side": "front", "at": "e2"}, DUKES[1]],
        "terrain": [{"tile": "Keep", "at": "e2"}, {"tile": "Keep", "at": "b3"}],
        "flags": [{"at": "e2", "owner": 1}, {"at": "b3", "owner": 0}],
    }
    game = position_from_json(study, data)
    assert [flag.square for flag in game.flags] == [study.geometry.parse(s) for s in ("e2", "b3")]
    assert position_to_json(game) == {**data, "bags": [[], []]}


def test_a_finished_game_and_its_phase_read_back(study: Rules) -> None:
    data = {
        "to_move": 1,
        "board": DUKES,
        "flags": [{"at": "a3", "owner": 0}],
        "relocate": "a3",
        "result": {"winner": 0, "reason": "score"},
    }
    game = position_from_json(study, data)
    assert game.outcome() == Result(0, Reason.SCORE) and game.legal_actions() == []
    assert position_to_json(game) == {**data, "bags": [[], []]}


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
        "phase": st.sampled_from(["setup", "draft", "flags", "choose", "relocate", "dusk"]) | JSON,
        "setup": st.integers(-1, 40) | JSON,
        "pool": st.lists(st.sampled_from(["Seer", "Seer", "Knigt"]) | JSON, max_size=3) | JSON,
        "boxed": st.lists(st.lists(JSON, max_size=2), max_size=3) | JSON,
        "flags_to_place": st.lists(st.sampled_from(["Flag", "Keep"]) | JSON, max_size=2) | JSON,
        "divined": st.lists(st.sampled_from(["Seer", "Duke"]) | JSON, max_size=4) | JSON,
        "relocate": SQUARE,
        "taken": st.lists(st.lists(JSON, max_size=2), max_size=3) | JSON,
        "result": st.fixed_dictionaries(
            {"winner": JSON, "reason": st.sampled_from(["score", "won"]) | JSON}
        )
        | JSON,
        "draws": JSON,
        "events": JSON,
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
