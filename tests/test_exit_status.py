"""The exit-status table of docs/cli.md, command by command: a tile or game set name the tile set
does not have is bad usage (exit 2), wherever it is given, and is said in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main

REPO = Path(__file__).resolve().parents[1]
WITH = str(REPO / "tests" / "balance" / "tiles")

UNKNOWN_TILE = [
    ["show", "Nope"],
    ["render", "Nope"],
    ["describe", "Nope"],
    ["value", "Nope", "-n", "2"],
    ["value", "Footman", "--in-place-of", "Nope", "-n", "2"],
    ["value", "Footman", "--reference", "Nope", "-n", "2"],
    ["balance", "--replace", "Nope=Footman", "-n", "2"],
    ["balance", "--replace", "Footman=Nope", "-n", "2"],
    ["balance", "--replace", "Footman=Nope", "--with", WITH, "-n", "2"],
    ["balance", "--matrix", "Footman,Nope", "-n", "2"],
    ["tune", "--replace", "Footman=Nope", "--with", WITH, "--out", "out"],
    ["tune", "--replace", "Nope=Footsoldier", "--with", WITH, "--out", "out"],
]

UNKNOWN_SET = [
    ["moves", "--game", "nope"],
    ["perft", "--depth", "1", "--game", "nope"],
    ["play", "--game", "nope"],
    ["bench", "--game", "nope"],
    ["bench", "--against", "nope"],
    ["balance", "--game", "nope", "-n", "2"],
    ["balance", "--against", str(REPO / "tiles"), "--against-game", "nope", "-n", "2"],
    ["ladder", "--game", "nope", "-n", "2"],
    ["value", "Footman", "--game", "nope", "-n", "2"],
    ["fit-values", "--game", "nope", "-o", "values.json"],
    ["tune", "--replace", "Footman=Footsoldier", "--with", WITH, "--game", "nope", "--out", "o"],
]


def _run(args: list[str], tmp_path: Path) -> Any:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        return CliRunner().invoke(main, args, input="")


@pytest.mark.parametrize("args", UNKNOWN_TILE, ids=[" ".join(a[:3]) for a in UNKNOWN_TILE])
def test_an_unknown_tile_is_bad_usage(tmp_path: Path, args: list[str]) -> None:
    result = _run(args, tmp_path)
    assert result.exit_code == 2, result.output
    error = result.stderr.splitlines()[-1]
    assert error.startswith(("Error: unknown tile 'Nope'", "Error: no tile 'Nope' in the tile set"))
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", UNKNOWN_SET, ids=[" ".join(a[:3]) for a in UNKNOWN_SET])
def test_an_unknown_game_set_is_bad_usage(tmp_path: Path, args: list[str]) -> None:
    result = _run(args, tmp_path)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[-1] == (
        "Error: no game set 'nope' (known: base, counting-coup, dark-rider, dragon, "
        "dynastic-dispute, enhanced, mountain, terrain, trophy-hunters)"
    )
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []
