"""Playing in the terminal: the board's legend, squares in any case, the end of input, --quiet,
and every command's help giving its exit status (and the position format where one is read)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from dukec.cli import main


def _play(*args: str, typed: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["play", "--seed", "1", *args], input=typed)
    return result.exit_code, result.stdout, result.stderr


def test_the_board_comes_with_its_legend() -> None:
    code, out, _err = _play("--first", "random", "--second", "random")
    assert code == 0
    assert (
        "board: UPPER CASE the first player's tiles (player 0), lower case the second's "
        "(player 1); a trailing ' marks a tile showing its back (non-starting) side"
    ) in out.splitlines()


def test_squares_and_names_are_typed_in_any_case() -> None:
    typed = "DUKE@C1\nB1\nd1\nB1-B2\nquit\n"
    code, out, _err = _play("--first", "human", "--second", "random", typed=typed)
    assert code == 0
    moves = re.findall(r"^player 0: (\S+@\S+|\S+-\S+)$", out, re.M)
    assert moves[:4] == ["Duke@c1", "Footman@b1", "Footman@d1", "b1-b2"]


def test_the_end_of_input_quits_in_one_line() -> None:
    code, out, err = _play("--first", "human", "--second", "random", typed="Duke@c1\n")
    assert code == 0
    assert "Aborted!" not in out + err
    assert err == "\nend of input: quitting\n"
    assert out.endswith("result: player 1 (random) wins (resigned) after 0 plies\n")


def test_quiet_draws_the_board_only_at_the_end() -> None:
    code, out, _err = _play("--first", "random", "--second", "random", "--quiet")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "seed 1"
    assert lines[1].split() == ["a", "b", "c", "d", "e", "f"]  # the final board, and only it
    assert sum(1 for line in lines if line.split() == ["a", "b", "c", "d", "e", "f"]) == 1
    assert not any(line.startswith(("player 0: ", "player 1: ")) and "@" in line for line in lines)
    assert lines[-1].startswith("result: ")


COMMANDS = [
    "build",
    "check",
    "decompile",
    "show",
    "render",
    "fmt",
    "lint",
    "describe",
    "moves",
    "perft",
    "replay",
    "play",
    "bench",
    "balance",
    "ladder",
    "fit-values",
    "lsp",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_gives_its_exit_status(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    text = " ".join(result.stdout.split())
    assert re.search(r"Exit status: 0 .*\b1 .*\b2 (on )?bad usage", text), text


@pytest.mark.parametrize("command", ["moves", "perft"])
def test_position_commands_show_the_position_format(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    assert "A position is a JSON object (schemas/position.schema.json)" in result.stdout
    assert '{"tile": "Duke", "owner": 0, "side": "front", "at": "c1"}' in result.stdout
