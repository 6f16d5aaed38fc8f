"""A record is read strictly, in the one reader every record goes through: each field of its
type (``false`` and ``1.5`` are no ply, ``true`` no player), no key twice, exactly two players,
and the result line there. Each refusal names the line and says what the field must be."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.engine import RandomPlayer, RecordError, Rules, parse_record, play_game
from dukec.engine.record import record_lines

KINDS = (
    "move, strike, command, draw, place, flag_pass, flag_place, summon, divine, choose, "
    "escape, ransom, draft, area, swap, grant"
)


@pytest.fixture(scope="module")
def lines(rules: Rules) -> list[str]:
    """A short random game's record, line by line: header, actions, result."""
    record = play_game(rules, RandomPlayer(3), RandomPlayer(4), seed=3, ply_limit=40)
    return list(record_lines(record))


def changed(lines: list[str], index: int, **changes: Any) -> str:
    """The record's text with line ``index``'s fields changed (a value ``...`` removes one)."""
    entry = json.loads(lines[index])
    for key, value in changes.items():
        if value is ...:
            entry.pop(key)
        else:
            entry[key] = value
    return "\n".join([*lines[:index], json.dumps(entry), *lines[index + 1 :]]) + "\n"


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        parse_record(text, "game.jsonl")
    return str(caught.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ply": False}, "'ply' must be a whole number from 0 to 1,000,000, not false"),
        ({"ply": 1.5}, "'ply' must be a whole number from 0 to 1,000,000, not 1.5"),
        ({"ply": "1"}, "'ply' must be a whole number from 0 to 1,000,000, not \"1\""),
        ({"ply": -1}, "'ply' must be a whole number from 0 to 1,000,000, not -1"),
        ({"player": True}, "'player' must be a whole number from 0 to 1, not true"),
        ({"player": 2}, "'player' must be a whole number from 0 to 1, not 2"),
        ({"guard": 1}, "'guard' must be true or false, not 1"),
        ({"events": "Dread spreads"}, "'events' must be a list of strings, not \"Dread spreads\""),
        ({"events": [1]}, "'events' must be a list of strings, not [1]"),
        ({"to": 5}, "'to' must be a string, or null, not 5"),
        ({"notation": None}, "'notation' must be a string, not null"),
        ({"notation": ...}, "an action line needs 'notation'"),
        ({"kind": "teleport"}, f"'kind' must be one of {KINDS}, not \"teleport\""),
        (
            {"scores": [1]},
            "'scores' must be two whole numbers (each player's score), or null, not [1]",
        ),
        (
            {"colour": "red"},
            "unknown field 'colour' (expected some of ply, player, kind, "
            "notation, tile, moved, from, to, by, captured, drawn, guard, events, scores)",
        ),
    ],
)
def test_an_action_line_of_the_wrong_types(
    lines: list[str], changes: dict[str, Any], message: str
) -> None:
    assert refusal(changed(lines, 2, **changes)) == f"game.jsonl:3: error: {message}"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"players": ["random"]},
            "'players' must be a list of the two players' names, not [\"random\"]",
        ),
        (
            {"players": ["a", "b", "c"]},
            '\'players\' must be a list of the two players\' names, not ["a", "b", "c"]',
        ),
        ({"players": [1, 2]}, "'players' must be a list of the two players' names, not [1, 2]"),
        ({"players": True}, "'players' must be a list of the two players' names, not true"),
        ({"players": ...}, "the header needs 'players'"),
        (
            {"seed": True},
            "'seed' must be a whole number from 0 to 18,446,744,073,709,551,615, not true",
        ),
        (
            {"seed": 2.5},
            "'seed' must be a whole number from 0 to 18,446,744,073,709,551,615, not 2.5",
        ),
        (
            {"ply_limit": 0},
            "'ply_limit' must be a whole number from 1 to 1,000,000, or null, not 0",
        ),
        ({"tileset_hash": 7}, "'tileset_hash' must be a string, not 7"),
        ({"title": 3}, "'title' must be a string, not 3"),
        ({"title": None}, "'title' must be a string, not null"),
        (
            {"tileset": []},
            "'tileset' must be a JSON object (the tile set played with), or null, not []",
        ),
        (
            {"tileset": "base.json"},
            "'tileset' must be a JSON object (the tile set played with), or null, not "
            '"base.json"',
        ),
    ],
)
def test_a_header_of_the_wrong_types(
    lines: list[str], changes: dict[str, Any], message: str
) -> None:
    assert refusal(changed(lines, 0, **changes)) == f"game.jsonl:1: error: {message}"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"plies": "40"}, "'plies' must be a whole number from 0 to 1,000,000, not \"40\""),
        ({"plies": ...}, "the result line needs 'plies'"),
        (
            {"result": {"winner": 2, "reason": "duke captured"}},
            '\'result\' must be null (unfinished) or {"winner": 0, 1 or null, "reason": one '
            "of duke captured, no legal action, ply limit, resigned, score, flag home, captured "
            'tiles, reached edge, no tiles left}, not {"winner": 2, "reason": "duke captured"}',
        ),
        (
            {"result": {"winner": True, "reason": "ply limit"}},
            '\'result\' must be null (unfinished) or {"winner": 0, 1 or null, "reason": one '
            "of duke captured, no legal action, ply limit, resigned, score, flag home, captured "
            'tiles, reached edge, no tiles left}, not {"winner": true, "reason": "ply limit"}',
        ),
    ],
)
def test_a_result_line_of_the_wrong_types(
    lines: list[str], changes: dict[str, Any], message: str
) -> None:
    last = len(lines) - 1
    assert refusal(changed(lines, last, **changes)) == f"game.jsonl:{len(lines)}: error: {message}"


def test_a_key_given_twice_is_refused(lines: list[str]) -> None:
    line = lines[2].replace('{"ply": ', '{"ply": 99, "ply": ', 1)
    text = "\n".join([*lines[:2], line, *lines[3:]]) + "\n"
    assert (
        refusal(text)
        == "game.jsonl:3:13: error: not JSON: the key 'ply' is given twice in one object"
    )


def test_a_record_without_its_result_line_is_refused(lines: list[str]) -> None:
    ending = (
        'the record ends without its result line (a record ends with {"result": ..., '
        '"plies": ...}, as dukec play writes it)'
    )
    assert refusal(lines[0] + "\n") == f"game.jsonl:1: error: {ending}"
    cut = "\n".join(lines[:-1]) + "\n"
    assert refusal(cut) == f"game.jsonl:{len(lines) - 1}: error: {ending}"


def test_replay_says_so_and_exits_1(lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(changed(lines, 2, ply=False))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:3: error: 'ply' must be a whole number from 0 to 1,000,000, not false\n"
    )
    path.write_text(lines[0] + "\n")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:1: error: the record ends without its result line")


def test_a_written_record_reads_back(lines: list[str]) -> None:
    record = parse_record("\n".join(lines) + "\n", "game.jsonl")
    assert list(record_lines(record)) == lines


def test_a_record_holding_its_tile_set_reads_back(lines: list[str]) -> None:
    tileset = {"format": "duke-tileset/1", "tiles": {"Footman": {"count": 2}}}
    text = changed(lines, 0, title="JumpingFootman in place of Footman", tileset=tileset)
    record = parse_record(text, "game.jsonl")
    assert (record.title, record.tileset) == ("JumpingFootman in place of Footman", tileset)
    assert parse_record("\n".join(record_lines(record)) + "\n", "game.jsonl") == record
