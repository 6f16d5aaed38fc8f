"""Outputs: no command writes over one of its inputs, each checks where it writes before the
work starts, and an OS error is one line naming the path."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str, cwd: Path, input: str = "") -> Any:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        return CliRunner().invoke(main, list(args), input=input)


def test_build_refuses_to_write_over_its_source(tmp_path: Path) -> None:
    shutil.copy(REPO / "tiles" / "footman.duke", tmp_path / "t.duke")
    before = (tmp_path / "t.duke").read_text()
    result = _run("build", "t.duke", "-o", "t.duke", cwd=tmp_path)
    assert result.exit_code == 2
    assert (
        "Error: output 't.duke' is one of the inputs; writing it would replace the source. "
        "Give another output path with -o" in result.stderr
    )
    assert (tmp_path / "t.duke").read_text() == before


def test_build_refuses_a_source_inside_a_directory_given(tmp_path: Path) -> None:
    shutil.copytree(REPO / "tiles", tmp_path / "tiles")
    result = _run("build", "tiles", "-o", "tiles/footman.duke", cwd=tmp_path)
    assert result.exit_code == 2
    assert "output 'tiles/footman.duke' is one of the inputs" in result.stderr


def test_decompile_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    assert _run("build", str(REPO / "tiles"), "-o", "set.json", cwd=tmp_path).exit_code == 0
    result = _run("decompile", "set.json", "-o", "set.json", cwd=tmp_path)
    assert result.exit_code == 2
    assert "output 'set.json' is one of the inputs" in result.stderr


def test_an_output_under_a_file_fails_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("not a folder\n")
    result = _run("build", str(REPO / "tiles"), "-o", "plain/x.json", cwd=tmp_path)
    assert result.exit_code == 1
    assert (
        result.stderr == f"plain/x.json: error: cannot write: {tmp_path}/plain is not a directory\n"
    )
    played = _run(
        "play",
        "--first",
        "random",
        "--second",
        "random",
        "--record",
        "plain/g.jsonl",
        cwd=tmp_path,
    )
    assert played.exit_code == 1
    assert played.stdout == ""  # not a single turn was played
    assert played.stderr == (
        f"plain/g.jsonl: error: cannot write: {tmp_path}/plain is not a directory\n"
    )


def test_output_directories_that_are_files(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x\n")
    report = _run(
        "balance", "--games", "2", "--policy", "random", "--report", "plain", cwd=tmp_path
    )
    assert report.exit_code == 2
    assert "Error: Invalid value for '--report': Directory 'plain' is a file." in report.stderr
    cards = _run("render", "Footman", "-o", "plain", cwd=tmp_path)
    assert cards.exit_code == 2
    assert "Error: Invalid value for '-o' / '--output': Directory 'plain' is a file." in (
        cards.stderr
    )


def test_a_failing_write_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    shutil.copy(REPO / "tiles" / "footman.duke", tmp_path / "t.duke")
    (tmp_path / "t.duke").write_text((tmp_path / "t.duke").read_text().replace("    ", "  "))
    monkeypatch.setattr("dukec.atomic.write_text_atomic", refuse)
    formatted = _run("fmt", "t.duke", cwd=tmp_path)
    assert formatted.exit_code == 1
    assert formatted.stderr == "t.duke: error: cannot write: permission denied\n"
    monkeypatch.setattr("dukec.compiler.write_atomic", refuse)
    built = _run("build", "t.duke", "-o", "out.json", cwd=tmp_path)
    assert built.exit_code == 1
    assert built.stderr == "out.json: error: cannot write: permission denied\n"
