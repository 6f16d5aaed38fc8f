"""Nesting past the limit in any file dukec reads is one error line with the place, never a
RecursionError nor a parse that eats the machine's memory (tile sets, positions and records:
tests/test_limits.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main

DEEP_JSON = "[" * 100_000
DEEP_TOML = {
    "arrays": ("[[value]]\nelo_ci95 = " + "[" * 100_000, "2:44"),
    "inline tables": ("[[value]]\nx = " + "{a = " * 100_000, "2:165"),
    "dotted keys": ("[[value]]\n" + "a." * 2000 + "b = 1", "2:64"),
    "table headers": ("[" + "a." * 2000 + "b]\n", "1:65"),
}


def _run(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(main, list(args), env=env)


def test_deep_ratings(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    path.write_text(DEEP_JSON)
    result = _run("balance", "-n", "2", "--ratings", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}:1:33: not JSON: JSON nested deeper than 32 levels\n"


def test_deep_values(tmp_path: Path) -> None:
    path = tmp_path / "values.json"
    path.write_text(DEEP_JSON)
    result = _run(
        "balance", "-n", "2", "-j", "1", "--policy", "search@5", env={"DUKEC_VALUES": str(path)}
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}:1:33: error: not JSON: JSON nested deeper than 32 levels\n"
    )


def test_deep_value_report_for_cards(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text(DEEP_JSON)
    result = _run("render", "Footman", "--stats", str(path), "-o", str(tmp_path / "cards"))
    assert result.exit_code == 1
    assert result.stderr == f"{path}:1:33: error: not JSON: JSON nested deeper than 32 levels\n"


@pytest.mark.parametrize("kind", list(DEEP_TOML))
def test_deep_manifest(tmp_path: Path, kind: str) -> None:
    text, where = DEEP_TOML[kind]
    path = tmp_path / "balance.toml"
    path.write_text(text)
    result = _run("recheck", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}:{where}: error: not TOML: nested deeper than 32 levels\n"


def test_manifest_numbers_are_bounded(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(
        "format = 'dukec-manifest/2'\n\n[[experiment]]\nkind = 'copy'\ntile = 'Footman'\n"
        "in_place_of = 'Pikeman'\npolicy = 'random'\nbudget = 300\nply_limit = 300\n"
        "games = 1000000000000000\npaired = true\nseed = 1\ntileset_hash = 'x'\nscore = 0.5\n"
        "score_se = 0.01\nelo = 0\nelo_ci95 = [-1, 1]\nmargin = 30\n"
        "alpha = 0.9\n"  # wrong too, so that no run could start were the games let through
    )
    result = _run("recheck", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}:10:1: error: 'games' must be from 2 to 1,000,000\n"
