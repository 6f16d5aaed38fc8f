"""The engine's commands: moves, replay, play, perft, bench."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.kernel import kernel

from .conftest import REPO

STUDY: dict[str, Any] = {
    "to_move": 0,
    "board": [
        {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"},
        {"tile": "Seer", "owner": 0, "side": "front", "at": "d2"},
        {"tile": "Dragoon", "owner": 0, "side": "back", "at": "b4"},
        {"tile": "Assassin", "owner": 1, "side": "back", "at": "a5"},
    ],
}


@pytest.fixture
def run() -> Any:
    """Invoke ``dukec`` (the base tile set by default); returns the click Result."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Any:
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def study(tmp_path: Path) -> Path:
    path = tmp_path / "study.json"
    path.write_text(json.dumps(STUDY))
    return path


@pytest.mark.parametrize("command", ["moves", "replay", "play", "perft", "bench"])
def test_every_command_has_help(run: Any, command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output
    assert "--set" in result.output


def test_moves_lists_legal_actions(run: Any, study: Path) -> None:
    result = run("moves", str(study))
    assert result.exit_code == 0
    assert len(result.output.split()) == 17
    assert "d2-e3" in result.output.split()


def test_moves_json(run: Any, study: Path) -> None:
    result = run("moves", str(study), "--json")
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert len(listed) == 17
    assert {"kind": "move", "from": "b4", "to": "a3", "by": None, "notation": "b4-a3"} in listed


def test_moves_json_command_has_by(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    board = [
        {"tile": "General", "owner": 0, "side": "back", "at": "c3"},
        {"tile": "Footman", "owner": 0, "side": "front", "at": "c2"},
    ]
    path.write_text(json.dumps({"to_move": 0, "board": board}))
    listed = json.loads(run("moves", str(path), "--json").output)
    assert {"kind": "command", "from": "c2", "to": "d2", "by": "c3", "notation": "c3:c2-d2"} in (
        listed
    )


def test_moves_from_stdin_and_start(run: Any) -> None:
    result = run("moves", "-", input=json.dumps(STUDY))
    assert result.exit_code == 0
    assert run("moves").output.split() == ["Duke@c1", "Duke@d1"]


def test_bad_position_names_the_entry(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    bad = dict(
        STUDY, board=[*STUDY["board"], {"tile": "Seer", "owner": 1, "side": "front", "at": "g7"}]
    )
    path.write_text(json.dumps(bad))
    result = run("moves", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}: error: board[4]: square g7 is off the 6x6 board\n"
    assert result.stdout == ""


def test_unknown_tile_gets_a_suggestion(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    bad = dict(STUDY, board=[{"tile": "Dragon", "owner": 1, "side": "front", "at": "a1"}])
    path.write_text(json.dumps(bad))
    result = run("moves", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}: error: board[0]: unknown tile 'Dragon' (did you mean 'Dragoon'?)\n"
    )


def test_every_mistake_of_a_position_gets_its_own_line(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    board = [dict(entry) for entry in STUDY["board"]]
    board[1]["side"] = "frnt"
    board[3]["tile"] = "Dragon"
    bad = dict(STUDY, board=board, bags=[[], ["Sear"]])
    path.write_text(json.dumps(bad))
    result = run("moves", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}: error: board[1]: unknown side 'frnt' (front or back)\n"
        f"{path}: error: board[3]: unknown tile 'Dragon' (did you mean 'Dragoon'?)\n"
        f"{path}: error: bags[1][0]: unknown tile 'Sear' (did you mean 'Seer'?)\n"
    )
    assert result.stdout == ""
    again = run("perft", "-", "--depth", "1", input=json.dumps(bad))
    assert again.exit_code == 1
    assert again.stderr == result.stderr.replace(str(path), "<stdin>")


def test_invalid_json_points_at_the_spot(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"to_move": 0,\n "board": [}\n')
    result = run("moves", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:2:12: error: invalid JSON: ")
    assert ' "board": [}\n           ^\n' in result.stderr


def test_json_that_stops_early_says_end_of_file(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"to_move": 0, "board": [\n')
    result = run("moves", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:2:1: error: invalid JSON: unexpected end of file\n"
        "\n^\nhelp: a position is one JSON object, see schemas/position.schema.json\n"
    )


def test_position_that_is_not_utf8(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"to_move": 0,\n "board": "\xc3\xa9\xe9"}\n')
    result = run("moves", str(path))
    assert result.exit_code == 1
    # The column counts bytes; the caret stands under the bad byte as the line is shown.
    assert result.stderr == (
        f"{path}:2:14: error: not UTF-8 text: byte 0xe9 cannot be decoded; "
        "a position is a JSON file\n"
        ' "board": "\u00e9\ufffd"}\n'
        "            ^\n"
    )


def test_record_that_is_not_utf8(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"{}\nx\xff\n")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:2:2: error: not UTF-8 text: byte 0xff cannot be decoded; "
        "a record is JSON Lines written by `dukec play --record`\n"
        "x\ufffd\n"
        " ^\n"
    )


def test_perft_and_divide(run: Any, study: Path) -> None:
    assert run("perft", str(study), "--depth", "1").output == "17\n"
    divided = run("perft", "--depth", "2", "--divide").output.splitlines()
    assert divided[-1] == "total: 6"
    assert "Duke@c1: 3" in divided
    assert run("perft", "--depth", "3").output == "12\n"


def test_perft_needs_depth(run: Any) -> None:
    result = run("perft")
    assert result.exit_code == 2
    assert "Missing option '--depth'" in result.stderr


def test_bench_json(run: Any) -> None:
    result = run("bench", "--games", "5", "--seed", "3", "--json")
    assert result.exit_code == 0
    figures = json.loads(result.output)
    for key in ("games", "plies", "seconds", "plies_per_second", "games_per_second"):
        assert key in figures
    assert figures["games"] == 5
    assert figures["engine"] == kernel()
    again = json.loads(run("bench", "--games", "5", "--seed", "3", "--json").output)
    assert again["plies"] == figures["plies"]


def test_bench_text(run: Any) -> None:
    result = run("bench", "--games", "3")
    assert result.exit_code == 0
    first, second = result.output.splitlines()[:2]
    assert first == f"engine {kernel()}"
    assert first in ("engine compiled (mypyc)", "engine pure Python")
    assert second.startswith("games 3  plies ")
    assert "plies/s" in result.output


def test_bench_against_another_game_set(run: Any) -> None:
    result = run("bench", "--game", "dragon", "--against", "base", "--games", "4", "--rounds", "2")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "(best of 2 rounds)" in lines[1]
    assert lines[3].startswith("base: plies ")
    assert re.search(r"-> dragon runs at \d+\.\d\d x base$", lines[3])
    figures = json.loads(
        run("bench", "--game", "dragon", "--against", "base", "--games", "4", "--json").output
    )
    alone = json.loads(run("bench", "--games", "4", "--json").output)
    assert figures["against"]["game"] == "base"
    assert figures["against"]["plies"] == alone["plies"]  # the same games as on their own
    assert figures["rounds"] == figures["against"]["rounds"] == 1
    speeds = figures["plies_per_second"] / figures["against"]["plies_per_second"]
    assert figures["ratio"] == pytest.approx(speeds, abs=1e-3)


def test_bench_against_an_unknown_game_set(run: Any) -> None:
    result = run("bench", "--against", "bsae", "--games", "1")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: no game set 'bsae' (did you mean 'base'?)"


def test_play_bots_and_replay(run: Any, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = run(
        "play",
        "--seed",
        "5",
        "--first",
        "random",
        "--second",
        "greedy",
        "--record",
        str(record),
        "--quiet",
    )
    assert result.exit_code == 0
    assert result.output.startswith("seed 5\n")
    assert "result: " in result.output
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["seed"] == 5
    assert header["format"] == "duke-game/1"
    assert header["tileset_hash"].startswith("sha256:")
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0
    assert "all legal" in replayed.output
    assert replayed.output.splitlines()[-1] == result.output.splitlines()[-1].split(" after")[0]


def test_replay_names_the_first_bad_ply(run: Any, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    run(
        "play",
        "--seed",
        "7",
        "--first",
        "random",
        "--second",
        "random",
        "--record",
        str(record),
        "--quiet",
    )
    lines = record.read_text().splitlines()
    entry = json.loads(lines[8])
    entry["notation"] = "a1-a6"
    lines[8] = json.dumps(entry)
    record.write_text("\n".join(lines) + "\n")
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}:9: error: action 8 (ply 0, 'a1-a6'): ")
    assert "'a1-a6' is not a legal action here" in result.stderr


def test_replay_rejects_a_non_record(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"hello": 1}\n')
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:1: error: not a game record (expected format 'duke-game/1' on the first line)\n"
    )


def test_play_against_a_person(run: Any) -> None:
    typed = "Duke@c1\nnonsense\nmoves\nb1\nd1\n" + "quit\n"
    result = run("play", "--seed", "1", "--first", "human", "--second", "random", input=typed)
    assert result.exit_code == 0
    assert "'nonsense' is not a legal action here" in result.output
    assert "player 0: Footman@b1" in result.output
    assert "result: player 1 (random) wins (resigned)" in result.output


def test_set_option_takes_json_sources_and_env(
    run: Any, study: Path, tmp_path: Path, tileset: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = tmp_path / "tileset.json"
    compiled.write_text(json.dumps(tileset))
    from_json = run("moves", str(study), "--set", str(compiled))
    from_sources = run("moves", str(study), "--set", str(REPO / "tiles"))
    assert from_json.exit_code == from_sources.exit_code == 0
    assert from_json.output == from_sources.output == run("moves", str(study)).output
    monkeypatch.setenv("DUKEC_SET", str(compiled))
    assert run("perft", str(study), "--depth", "1").output == "17\n"


def test_unknown_game_set(run: Any) -> None:
    result = run("moves", "--game", "bsae")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: no game set 'bsae' (did you mean 'base'?)"


def test_moves_reports_guard_and_game_over(run: Any, tmp_path: Path) -> None:
    guard = tmp_path / "guard.json"
    board = [
        {"tile": "Duke", "owner": 0, "side": "back", "at": "c1"},
        {"tile": "Champion", "owner": 1, "side": "front", "at": "c3"},
    ]
    guard.write_text(json.dumps({"to_move": 0, "board": board}))
    assert run("moves", str(guard)).output == "c1xc3\nplayer 0 is in Guard\n"
    lost = tmp_path / "lost.json"
    board[0] |= {"at": "a1", "side": "front"}
    board[1]["at"] = "a3"
    board.append({"tile": "Pikeman", "owner": 0, "side": "front", "at": "b1"})
    lost.write_text(json.dumps({"to_move": 0, "board": board}))
    assert run("moves", str(lost)).output == "game over: player 1 wins (no legal action)\n"
