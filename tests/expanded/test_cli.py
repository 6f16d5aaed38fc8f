"""The engine commands on expanded play: `dukec play --game NAME` for each alternate objective,
`dukec moves` on positions with terrain, Flags, the Dragon, frozen tiles and scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from dukec.cli import main
from dukec.engine import load_rules, position_from_json, position_to_json, read_record

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "schemas" / "position.schema.json").read_text())


@pytest.mark.parametrize(
    "name", ["counting-coup", "trophy-hunters", "dark-rider", "dynastic-dispute"]
)
def test_play_each_alternate_objective(name: str, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "--game", name, "--seed", "4", "--first", "greedy", "--second", "random"]
    result = CliRunner().invoke(main, [*args, "--quiet", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "result: player" in result.stdout or "result: draw" in result.stdout
    replayed = CliRunner().invoke(main, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert "all legal" in replayed.stdout
    assert read_record(record).set_name == name


def test_counting_coup_records_carry_the_scores(tmp_path: Path) -> None:
    record = tmp_path / "coup.jsonl"
    args = ["play", "--game", "counting-coup", "--seed", "1", "--first", "greedy"]
    result = CliRunner().invoke(main, [*args, "--second", "greedy", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "scores: " in result.stdout
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert "scores" in lines[-1]
    assert all("scores" in line for line in lines if line.get("kind") == "move")


def test_moves_on_a_position_with_terrain(tmp_path: Path) -> None:
    position = {
        "to_move": 0,
        "board": [
            {"tile": "Bowman", "owner": 0, "side": "back", "at": "c2"},
            {"tile": "Marshall", "owner": 1, "side": "front", "at": "b3"},
            {"tile": "Priest", "owner": 1, "side": "front", "at": "d3"},
            {"tile": "Footman", "owner": 1, "side": "front", "at": "c4"},
            {"tile": "Duke", "owner": 0, "side": "front", "at": "a1"},
        ],
        "terrain": [{"tile": "Mountain", "at": "c3"}],
    }
    assert not list(Draft202012Validator(SCHEMA).iter_errors(position))
    path = tmp_path / "mountain.json"
    path.write_text(json.dumps(position))
    result = CliRunner().invoke(main, ["moves", str(path), "--json"])
    assert result.exit_code == 0, result.output
    strikes = [a["notation"] for a in json.loads(result.stdout) if a["kind"] == "strike"]
    assert strikes == ["c2!b3", "c2!d3"]


def test_positions_round_trip_with_every_expanded_field(tileset: dict[str, Any]) -> None:
    rules = load_rules(tileset, "counting-coup")
    data = {
        "to_move": 1,
        "board": [
            {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
            {"tile": "Footman", "owner": 0, "side": "back", "at": "c3"},
            {"tile": "Duke", "owner": 1, "side": "front", "at": "d6"},
        ],
        "bags": [[], ["Footman"]],
        "terrain": [{"tile": "Mountain", "at": "e4"}],
        "flags": [{"at": "c3", "owner": 0}, {"at": "a6", "owner": 1}],
        "dragon": {"at": "d3", "facing": "left", "side": "back", "rest": True, "reorient": False},
        "frozen": ["c3"],
        "scores": [2, 1],
        "captured": [["Pikeman"], []],
    }
    assert not list(Draft202012Validator(SCHEMA).iter_errors(data))
    written = position_to_json(position_from_json(rules, data))
    assert not list(Draft202012Validator(SCHEMA).iter_errors(written))
    assert written == data


def test_a_bad_expanded_position_names_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "to_move": 0,
                "board": [{"tile": "Duke", "owner": 0, "side": "front", "at": "c1"}],
                "terrain": [{"tile": "Mountian", "at": "c3"}],
            }
        )
    )
    result = CliRunner().invoke(main, ["moves", str(path)])
    assert result.exit_code == 1
    assert "terrain[0]" in result.stderr and "'Mountian'" in result.stderr


def test_replay_checks_what_the_dragon_did(tmp_path: Path) -> None:
    """A record whose Dragon events were changed no longer replays: the first bad line is named."""
    record = tmp_path / "dragon.jsonl"
    for seed in range(40):
        args = ["play", "--game", "dragon", "--seed", str(seed), "--first", "random"]
        CliRunner().invoke(main, [*args, "--second", "random", "--quiet", "--record", str(record)])
        lines = record.read_text().splitlines()
        with_events = [i for i, line in enumerate(lines) if '"events"' in line]
        if with_events:
            break
    else:
        pytest.fail("no game with an event of the Dragon")
    number = with_events[0]
    entry = json.loads(lines[number])
    entry["events"] = ["nothing at all"]
    lines[number] = json.dumps(entry)
    record.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["replay", str(record)])
    assert result.exit_code == 1
    assert f"action {number}" in result.stderr and "nothing at all" in result.stderr


def test_moves_json_names_the_new_kinds(tmp_path: Path) -> None:
    position = {
        "to_move": 0,
        "board": [
            {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
            {"tile": "Duchess", "owner": 0, "side": "front", "at": "f4"},
            {"tile": "Duke", "owner": 1, "side": "front", "at": "c6"},
        ],
    }
    path = tmp_path / "summon.json"
    path.write_text(json.dumps(position))
    result = CliRunner().invoke(main, ["moves", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summons = [a for a in json.loads(result.stdout) if a["kind"] == "summon"]
    assert summons == [
        {"kind": "summon", "from": "f4", "to": t, "by": "c1", "notation": f"summon f4-{t}"}
        for t in ("b1", "d1", "c2")
    ]
