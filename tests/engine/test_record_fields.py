"""Replay checks every field of a record against the re-played game: a changed square, kind,
ply, Guard mark, result or ply count, and any unknown field, is an error naming the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dukec.engine import RandomPlayer, RecordError, Rules, play_game, read_record, replay
from dukec.engine.record import record_lines


def _written(rules: Rules, tmp_path: Path, seed: int = 5) -> tuple[Path, list[str]]:
    record = play_game(rules, RandomPlayer(seed), RandomPlayer(seed + 1), seed=seed)
    lines = list(record_lines(record))
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def _tampered(path: Path, lines: list[str], index: int, **changes: object) -> None:
    entry = json.loads(lines[index])
    for key, value in changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    changed = [*lines[:index], json.dumps(entry), *lines[index + 1 :]]
    path.write_text("\n".join(changed) + "\n")


def _first(lines: list[str], text: str) -> int:
    return next(i for i, line in enumerate(lines) if text in line and i > 0)


def _error(rules: Rules, path: Path) -> str:
    with pytest.raises(RecordError) as caught:
        replay(rules, read_record(path))
    return str(caught.value)


def test_an_untouched_record_replays(rules: Rules, tmp_path: Path) -> None:
    path, _lines = _written(rules, tmp_path)
    game = replay(rules, read_record(path))
    assert game.result is not None


def test_a_changed_square_with_the_notation_kept(rules: Rules, tmp_path: Path) -> None:
    path, lines = _written(rules, tmp_path)
    index = _first(lines, '"kind": "move"')
    entry = json.loads(lines[index])
    _tampered(path, lines, index, to="a6" if entry["to"] != "a6" else "b6")
    message = _error(rules, path)
    assert message.startswith(f"{path}:{index + 1}: error: action {index} (ply ")
    assert f'to is "{"a6" if entry["to"] != "a6" else "b6"}" in the record, but the re-played ' in (
        message
    )
    assert message.endswith(f'action gives "{entry["to"]}"')


def test_an_unknown_kind(rules: Rules, tmp_path: Path) -> None:
    path, lines = _written(rules, tmp_path)
    index = _first(lines, '"kind": "move"')
    _tampered(path, lines, index, kind="teleport")
    assert _error(rules, path) == (
        f"{path}:{index + 1}: error: 'kind' must be one of move, strike, command, draw, place, "
        "flag_pass, flag_place, summon, divine, choose, escape, ransom, draft, area, swap, "
        'grant, not "teleport"'
    )


def test_a_wrong_ply_number(rules: Rules, tmp_path: Path) -> None:
    path, lines = _written(rules, tmp_path)
    index = _first(lines, '"kind": "move"')
    ply = json.loads(lines[index])["ply"]
    _tampered(path, lines, index, ply=ply + 1)
    message = _error(rules, path)
    assert message.endswith(f"ply is {ply + 1} in the record, but the re-played action gives {ply}")


def test_a_removed_guard_mark(rules: Rules, tmp_path: Path) -> None:
    for seed in range(5, 40):
        path, lines = _written(rules, tmp_path, seed)
        guarded = [i for i, line in enumerate(lines) if '"guard": true' in line]
        if guarded:
            break
    index = guarded[0]
    _tampered(path, lines, index, guard=None)
    assert _error(rules, path).endswith(
        "guard is false in the record, but the re-played action gives true"
    )


def test_a_wrong_ply_count_at_the_end(rules: Rules, tmp_path: Path) -> None:
    path, lines = _written(rules, tmp_path)
    plies = json.loads(lines[-1])["plies"]
    _tampered(path, lines, len(lines) - 1, plies=plies + 3)
    assert _error(rules, path) == (
        f"{path}:{len(lines)}: error: the record says {plies + 3} plies, the replay has {plies}"
    )


def test_an_unknown_field(rules: Rules, tmp_path: Path) -> None:
    path, lines = _written(rules, tmp_path)
    index = _first(lines, '"kind": "move"')
    _tampered(path, lines, index, teleported=True)
    assert _error(rules, path).startswith(
        f"{path}:{index + 1}: error: unknown field 'teleported' (expected some of ply, player, "
    )


def test_a_resignation_replays_as_one(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from dukec.cli import main

    record = tmp_path / "quit.jsonl"
    typed = "Duke@c1\nquit\n"
    args = ["play", "--seed", "1", "--first", "human", "--second", "random"]
    played = CliRunner().invoke(main, [*args, "--record", str(record)], input=typed)
    assert played.exit_code == 0, played.output
    replayed = CliRunner().invoke(main, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.splitlines()[-1] == "result: player 1 (random) wins (resigned)"
