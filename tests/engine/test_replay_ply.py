"""``dukec replay RECORD --ply N``: the position once N turns of play are done, as one line of
text that reads back to the game at that ply."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from dukec.cli import main
from dukec.engine import Game, parse_action, read_record
from dukec.engine.position_text import position_from_text, position_to_text
from tests.engine.test_position_phases import rules_of


def recorded(tmp_path: Path) -> Path:
    """A seeded greedy game of the base set, recorded."""
    path = tmp_path / "game.jsonl"
    args = ["play", "--seed", "7", "--first", "greedy", "--second", "greedy", "--quiet"]
    done = CliRunner().invoke(main, [*args, "--record", str(path)])
    assert done.exit_code == 0, done.output
    return path


def test_each_ply_prints_the_position_of_the_game_then(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    record = read_record(path)
    rules = rules_of("base")
    game = Game(rules, seed=record.seed, ply_limit=record.ply_limit)
    expected = {0: position_to_text(game)}
    for entry in record.actions:
        game.apply(parse_action(game, entry.notation))
        expected.setdefault(game.ply, position_to_text(game))
    for ply in (0, 1, 2, 5, game.ply):
        result = CliRunner().invoke(main, ["replay", str(path), "--ply", str(ply)])
        assert result.exit_code == 0, result.output
        assert result.output == expected[ply] + "\n"
        again = position_from_text(rules, result.output, seed=record.seed)
        assert position_to_text(again) == expected[ply]
    assert expected[0].startswith("base ....../")
    assert expected[0].endswith(" phase=setup setup=0")
    assert f" ply={game.ply} " in expected[game.ply]


def test_a_ply_past_the_end_is_bad_usage(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    plies = read_record(path).actions[-1].ply + 1
    result = CliRunner().invoke(main, ["replay", str(path), "--ply", "9999"])
    assert result.exit_code == 2
    assert result.output.endswith(f"Error: --ply 9999: the game ends at ply {plies}\n")
    both = CliRunner().invoke(main, ["replay", str(path), "--ply", "1", "--html", "x.html"])
    assert both.exit_code == 2
    assert "--ply prints one position; --html writes the whole game" in both.output
