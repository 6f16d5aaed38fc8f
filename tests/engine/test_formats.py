"""Positions (JSON and its schema), the notation, and game records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from dukec.engine import (
    Game,
    NotationError,
    Phase,
    PositionError,
    RandomPlayer,
    RecordError,
    Rules,
    format_action,
    parse_action,
    parse_record,
    play_game,
    position_from_json,
    position_to_json,
    read_record,
    replay,
    write_record,
)
from dukec.engine.board import crossed_cells
from dukec.engine.record import record_lines

from .conftest import REPO

SCHEMA = json.loads((REPO / "schemas" / "position.schema.json").read_text())


def test_position_schema_is_valid_and_accepts_written_positions(rules: Rules) -> None:
    Draft202012Validator.check_schema(SCHEMA)
    validator = Draft202012Validator(SCHEMA)
    game = Game(rules, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        if game.phase is not Phase.SETUP:
            data = position_to_json(game)
            assert not list(validator.iter_errors(data))
            again = position_from_json(rules, data)
            assert position_to_json(again) == data
            assert again.legal_actions() == game.legal_actions()
        if not game.play_random(rng):
            break


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"to_move": 2}, "$.to_move: must be 0 or 1"),
        (
            {"board": [{"tile": "Duke", "owner": 0, "side": "front"}]},
            "board[0]: needs exactly the fields tile, owner, side and at",
        ),
        (
            {"board": [{"tile": "Duke", "owner": 0, "side": "up", "at": "a1"}]},
            "board[0]: unknown side 'up' (front or back)",
        ),
        (
            {
                "board": [
                    {"tile": "Duke", "owner": 0, "side": "front", "at": "a1"},
                    {"tile": "Seer", "owner": 1, "side": "front", "at": "a1"},
                ]
            },
            "board[1]: square a1 already holds Duke of player 0",
        ),
        (
            {
                "board": [
                    {"tile": "Duke", "owner": 0, "side": "front", "at": "a1"},
                    {"tile": "Duke", "owner": 0, "side": "front", "at": "a2"},
                ]
            },
            "board[1]: player 0 already has a tile acting as the Duke",
        ),
        (
            {"board": [{"tile": "Seer", "owner": 0, "side": "front", "at": "a7"}]},
            "board[0]: square a7 is off the 6x6 board",
        ),
        ({"bags": [["Seer"], ["Sear"]]}, "bags[1][0]: unknown tile 'Sear' (did you mean 'Seer'?)"),
        ({"colour": "red"}, "$.colour: unknown field"),
    ],
)
def test_impossible_positions_are_rejected(
    rules: Rules, change: dict[str, Any], message: str
) -> None:
    data = {"to_move": 0, "board": []} | change
    with pytest.raises(PositionError) as error:
        position_from_json(rules, data)
    assert str(error.value).startswith(message)


def test_every_problem_of_a_position_is_reported_in_order(rules: Rules) -> None:
    data = {
        "to_move": 0,
        "board": [
            {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
            {"tile": "Seer", "owner": 0, "side": "frnt", "at": "d2"},
            {"tile": "Dragon", "owner": 1, "side": "back", "at": "a5"},
        ],
        "bags": [["Sear"], []],
    }
    with pytest.raises(PositionError) as error:
        position_from_json(rules, data)
    problems = [
        "board[1]: unknown side 'frnt' (front or back)",
        "board[2]: unknown tile 'Dragon' (did you mean 'Dragoon'?)",
        "bags[0][0]: unknown tile 'Sear' (did you mean 'Seer'?)",
    ]
    assert error.value.problems == problems
    assert str(error.value) == "\n".join(problems)


def test_one_board_entry_can_have_several_problems(rules: Rules) -> None:
    board = [
        {"tile": "Seer", "owner": 0, "side": "front", "at": "b2"},
        {"tile": 7, "owner": 2, "side": "up", "at": "b2"},
        {"tile": "Duke", "owner": 0, "side": "front", "at": "b2"},
        {"tile": "Duke", "owner": 0, "side": "back", "at": "h9"},
    ]
    with pytest.raises(PositionError) as error:
        position_from_json(rules, {"to_move": 0, "board": board})
    assert error.value.problems == [
        "board[1]: tile and at must be strings",
        "board[1]: owner must be 0 or 1",
        "board[1]: square b2 already holds Seer of player 0",
        "board[1]: unknown side 'up' (front or back)",
        "board[2]: square b2 already holds Seer of player 0",
        "board[3]: square h9 is off the 6x6 board",
        "board[3]: player 0 already has a tile acting as the Duke",
    ]


def test_problems_follow_the_order_of_the_document(rules: Rules) -> None:
    data = {
        "ply": -1,
        "bags": [[], ["Knigt"]],
        "board": [{"tile": "Seer", "owner": 0, "side": "front", "at": "a0"}],
        "to_move": 2,
        "drawn": "Pikman",
    }
    with pytest.raises(PositionError) as error:
        position_from_json(rules, data)
    assert error.value.problems == [
        "$.ply: must be a whole number from 0 to 1000000",
        "bags[1][0]: unknown tile 'Knigt' (did you mean 'Knight'?)",
        "board[0]: square a0 is off the 6x6 board",
        "$.to_move: must be 0 or 1",
        "drawn: unknown tile 'Pikman' (did you mean 'Pikeman'?)",
    ]


def test_a_board_that_is_not_a_list_stops_the_checks(rules: Rules) -> None:
    data = {"colour": "red", "board": {"a1": "Duke"}, "bags": [["Sear"], []]}
    with pytest.raises(PositionError) as error:
        position_from_json(rules, data)
    assert error.value.problems == [
        "$: missing field 'to_move'",
        "$.colour: unknown field (expected one of ['bags', 'board', 'boxed', 'captured', "
        "'divined', 'dragon', 'drawn', 'draws', 'events', 'flags', 'flags_to_place', 'frozen', "
        "'pack', 'phase', 'ply', 'pool', 'relocate', 'result', 'scores', 'settled', 'setup', "
        "'spares', 'swapped', 'taken', 'terrain', 'to_move', 'turned'])",
        "$.board: must be a list of tiles",
    ]
    with pytest.raises(PositionError) as error:
        position_from_json(rules, [{"to_move": 0}])
    assert error.value.problems == ["$: a position is a JSON object"]


def test_a_drawn_tile_waits_to_be_placed(rules: Rules) -> None:
    data = {
        "to_move": 0,
        "board": [{"tile": "Duke", "owner": 0, "side": "front", "at": "a1"}],
        "drawn": "Knight",
    }
    game = position_from_json(rules, data)
    assert [format_action(game, a) for a in game.legal_actions()] == ["Knight@b1", "Knight@a2"]
    assert position_to_json(game)["drawn"] == "Knight"


def test_notation_reads_what_it_writes(rules: Rules) -> None:
    game = Game(rules, seed=3)
    rng = random.Random(3)
    for _ in range(80):
        for action in game.legal_actions():
            assert parse_action(game, format_action(game, action)) == action
        if not game.play_random(rng):
            break


def test_notation_variants_and_errors(rules: Rules) -> None:
    game = position_from_json(
        rules,
        {
            "to_move": 0,
            "board": [
                {"tile": "Seer", "owner": 0, "side": "front", "at": "c3"},
                {"tile": "Seer", "owner": 1, "side": "front", "at": "d4"},
            ],
        },
    )
    assert format_action(game, parse_action(game, "C3-D4")) == "c3xd4"
    assert parse_action(game, "c3xd4+") == parse_action(game, "c3-d4")
    with pytest.raises(NotationError, match="'c3-c4' is not a legal action here"):
        parse_action(game, "c3-c4")
    with pytest.raises(NotationError, match="empty action"):
        parse_action(game, "  ")


def test_crossed_cells() -> None:
    assert crossed_cells(0, 3) == ((0, 1), (0, 2))
    assert crossed_cells(-2, -2) == ((-1, -1),)
    assert crossed_cells(1, 0) == ()
    # A line from the centre of (0, 0) to the centre of (1, 2) crosses (0, 1) and (1, 1).
    assert crossed_cells(1, 2) == ((0, 1), (1, 1))
    assert crossed_cells(-2, 1) == ((-1, 0), (-1, 1))


def test_record_file_round_trip(rules: Rules, tmp_path: Path) -> None:
    record = play_game(rules, RandomPlayer(1), RandomPlayer(2), seed=11)
    path = tmp_path / "game.jsonl"
    write_record(record, path)
    assert read_record(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]
    lines = path.read_text().splitlines()
    first = json.loads(lines[1])
    assert first == {
        "ply": 0,
        "player": 0,
        "kind": "place",
        "notation": first["notation"],
        "tile": "Duke",
        "to": first["to"],
    }
    assert json.loads(lines[-1])["result"] == {
        "winner": record.result.winner if record.result else None,
        "reason": str(record.result.reason) if record.result else None,
    }


def test_records_carry_per_tile_statistics(rules: Rules) -> None:
    record = play_game(rules, RandomPlayer(4), RandomPlayer(5), seed=4)
    draws = [a for a in record.actions if a.kind == "draw"]
    places = [a for a in record.actions if a.kind == "place" and a.ply > 0]
    assert draws and all(a.drawn for a in draws)
    assert [a.drawn for a in draws] == [a.tile for a in places][: len(draws)]
    captures = [a for a in record.actions if a.captured]
    assert all(a.tile and a.frm and a.to for a in captures)


def _record_text(rules: Rules, seed: int) -> list[str]:
    return list(record_lines(play_game(rules, RandomPlayer(seed), RandomPlayer(seed), seed=seed)))


def test_replay_detects_a_changed_draw(rules: Rules) -> None:
    lines = _record_text(rules, 12)
    index = next(i for i, line in enumerate(lines) if '"kind": "draw"' in line)
    entry = json.loads(lines[index])
    entry["drawn"] = "Nobody"
    lines[index] = json.dumps(entry)
    with pytest.raises(
        RecordError,
        match=r"action \d+ \(ply \d+, 'draw'\): the draw gives \w+, "
        "the record says Nobody",
    ):
        replay(rules, parse_record("\n".join(lines)))


def test_replay_detects_a_changed_result_and_tile_set(rules: Rules) -> None:
    lines = _record_text(rules, 13)
    end = json.loads(lines[-1])
    end["result"] = {"winner": None, "reason": "ply limit"}
    lines[-1] = json.dumps(end)
    with pytest.raises(RecordError, match="the replay ends with"):
        replay(rules, parse_record("\n".join(lines)))
    header = json.loads(lines[0])
    header["tileset_hash"] = "sha256:0"
    lines[0] = json.dumps(header)
    with pytest.raises(RecordError, match="the record was played with tile set sha256:0"):
        replay(rules, parse_record("\n".join(lines)))


def test_unreadable_records(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"r\.jsonl: error: empty record"):
        parse_record("", "r.jsonl")
    with pytest.raises(RecordError, match=r"r\.jsonl:2:2: error: not JSON: Expecting property"):
        parse_record('{"format": "duke-game/1"}\n{oops\n', "r.jsonl")
    with pytest.raises(RecordError, match=r"r\.jsonl:2: error: an action line needs 'notation'"):
        parse_record(
            '{"format": "duke-game/1", "tileset_hash": "h", "set": "base", "seed": 1, '
            '"players": ["a", "b"]}\n{"kind": "move"}\n{"result": null, "plies": 0}\n',
            "r.jsonl",
        )
