"""Golden tests: tiles/ compiled to JSON, and the report of every bad input in bad/.

One input is one test id. The expected files are rewritten only by
`python tests/compiler/regenerate.py`, after an intended change; read the diff
(`git diff tests/compiler/golden`) before committing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.compiler.goldens import (
    BAD_INPUTS,
    TILE_FILES,
    bad_input_report,
    tile_file_json,
    whole_set_json,
)


def _compare(expected_file: Path, actual: str) -> None:
    assert expected_file.exists(), f"no golden file {expected_file}; see the module docstring"
    assert actual == expected_file.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", TILE_FILES)
def test_tile_file_to_json(name: str) -> None:
    _compare(*tile_file_json(name))


def test_whole_base_set_to_json() -> None:
    _compare(*whole_set_json())


@pytest.mark.parametrize("name", BAD_INPUTS)
def test_bad_input_report(name: str) -> None:
    expected, stderr, exit_code, stdout = bad_input_report(name)
    assert exit_code == 1
    assert stdout == ""
    _compare(expected, stderr)
