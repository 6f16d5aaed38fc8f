"""Golden tests: each tile file to its JSON, each bad input to its exact report and exit code.

One input is one test id. To regenerate the expected files after an intended change, run

    DUKEC_REGENERATE=1 python -m pytest tests/compiler/test_compiler_golden.py

and read the diff (`git diff tests/compiler/golden`) before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.compiler import dumps, load

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TILES = REPO / "tiles"
BAD = HERE / "bad"
GOLDEN = HERE / "golden"
REGENERATE = os.environ.get("DUKEC_REGENERATE") == "1"

# Files of game sets name tiles defined elsewhere: they are covered by the whole-set golden.
TILE_FILES = sorted(
    p.name
    for p in TILES.glob("*.duke")
    if not any(line.startswith("set ") for line in p.read_text().splitlines())
)
BAD_INPUTS = sorted(p.name for p in BAD.iterdir() if not p.name.startswith("."))


def _compare(expected_file: Path, actual: str) -> None:
    if REGENERATE:
        expected_file.parent.mkdir(parents=True, exist_ok=True)
        expected_file.write_text(actual, encoding="utf-8")
    assert expected_file.exists(), f"no golden file {expected_file}; see the module docstring"
    assert actual == expected_file.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", TILE_FILES)
def test_tile_file_to_json(name: str) -> None:
    _compare(GOLDEN / "tiles" / name.replace(".duke", ".json"), dumps(load([TILES / name])))


def test_whole_base_set_to_json() -> None:
    _compare(GOLDEN / "tileset.json", dumps(load([TILES])))


@pytest.mark.parametrize("name", BAD_INPUTS)
def test_bad_input_report(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    result = CliRunner().invoke(main, ["check", name])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    assert result.stdout == ""
    _compare(GOLDEN / "bad" / f"{name}.err", result.stderr)
