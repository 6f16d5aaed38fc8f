"""`dukec build`, `dukec check` and `dukec decompile` through click's CliRunner."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.commands.compile_cmds import COMMANDS
from dukec.compiler import CompileError, dumps, load
from dukec.compiler.decompile import decompile

REPO = Path(__file__).resolve().parents[2]
TILES = REPO / "tiles"

GOOD = """\
tile Scout {
    count 2
    front {
        . M .
        S @ S
    }
    back {
        @
    }
}
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_build_default_paths_and_output(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(TILES, tmp_path / "tiles", ignore=shutil.ignore_patterns("*.py", "__py*"))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "wrote build/tileset.json: 21 tiles, 9 sets\n"
    assert result.stderr == ""
    written = (tmp_path / "build" / "tileset.json").read_text(encoding="utf-8")
    assert written == dumps(load([TILES]))
    assert [p.name for p in (tmp_path / "build").iterdir()] == ["tileset.json"]


def test_build_without_local_tiles_uses_the_packaged_base_set(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["build", "-o", "out.json"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == dumps(load([TILES]))


def test_failed_build_leaves_the_old_output(runner: CliRunner, tmp_path: Path) -> None:
    output = tmp_path / "tileset.json"
    output.write_text("old\n", encoding="utf-8")
    bad = tmp_path / "bad.duke"
    bad.write_text(GOOD.replace("@", "Q"), encoding="utf-8")
    result = runner.invoke(main, ["build", str(bad), "-o", str(output)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "error: the front grid has no '@'" in result.stderr
    assert not result.stderr.startswith("Error:")
    assert output.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.duke", "tileset.json"]


def test_build_several_paths_into_a_new_directory(runner: CliRunner, tmp_path: Path) -> None:
    scout = tmp_path / "scout.duke"
    scout.write_text(GOOD, encoding="utf-8")
    output = tmp_path / "deep" / "er" / "set.json"
    result = runner.invoke(main, ["build", str(TILES), str(scout), "-o", str(output)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(output.read_text(encoding="utf-8"))
    assert "Scout" in [t["name"] for t in data["tiles"]]


def test_build_output_is_a_directory_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["build", str(TILES), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a directory" in result.stderr
    assert result.stdout == ""


def test_unknown_option_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["build", "--fast"])
    assert result.exit_code == 2
    assert "No such option" in result.stderr


def test_check_needs_a_path(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check"])
    assert result.exit_code == 2


def test_check_sources_and_json(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["check", str(TILES)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "ok: 21 tiles, 9 sets\n", "")
    compiled = tmp_path / "set.json"
    compiled.write_text(dumps(load([TILES])), encoding="utf-8")
    result = runner.invoke(main, ["check", str(compiled)])
    assert (result.exit_code, result.stdout) == (0, "ok: 21 tiles, 9 sets\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.json"]


def test_check_missing_path(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["check", "nowhere.duke"])
    assert result.exit_code == 1
    assert result.stderr == "nowhere.duke: error: no such file or directory\n1 error\n"


def test_json_must_come_alone(runner: CliRunner, tmp_path: Path) -> None:
    compiled = tmp_path / "set.json"
    compiled.write_text(dumps(load([TILES])), encoding="utf-8")
    result = runner.invoke(main, ["check", str(compiled), str(TILES)])
    assert result.exit_code == 1
    assert "read on its own" in result.stderr


def test_decompile_round_trips_the_base_set(runner: CliRunner, tmp_path: Path) -> None:
    compiled = tmp_path / "set.json"
    compiled.write_text(dumps(load([TILES])), encoding="utf-8")
    result = runner.invoke(main, ["decompile", str(compiled)])
    assert result.exit_code == 0, result.stderr
    source = tmp_path / "all.duke"
    source.write_text(result.stdout, encoding="utf-8")
    assert dumps(load([source])) == compiled.read_text(encoding="utf-8")
    result = runner.invoke(main, ["decompile", str(compiled), "-o", str(tmp_path / "out.duke")])
    assert result.exit_code == 0
    assert (tmp_path / "out.duke").read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_decompile_refuses_what_a_grid_cannot_hold(runner: CliRunner, tmp_path: Path) -> None:
    data = load([TILES])
    duke = next(t for t in data["tiles"] if t["name"] == "Duke")
    duke["sides"]["front"]["icons"].append({"icon": "slide", "at": [0, 3]})
    compiled = tmp_path / "set.json"
    compiled.write_text(dumps(data), encoding="utf-8")
    result = runner.invoke(main, ["decompile", str(compiled)])
    assert result.exit_code == 1
    assert result.stdout == ""
    headline = result.stderr.splitlines()[0]
    assert headline.startswith(f"{compiled}:")
    assert headline.endswith(": slide at [0, 3] is not next to the tile")


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_every_command_has_help(runner: CliRunner, command: str) -> None:
    result = runner.invoke(main, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
    assert len(result.stdout.splitlines()) > 3


def test_decompile_api_refuses_icons_a_grid_cannot_hold() -> None:
    data = load([TILES])
    duke = next(t for t in data["tiles"] if t["name"] == "Duke")
    duke["sides"]["back"]["icons"].append({"icon": "jump_slide", "at": [1, 2]})
    with pytest.raises(CompileError) as caught:
        decompile(data)
    assert caught.value.render() == (
        "tile Duke, back: error: jump_slide at [1, 2] cannot be drawn: not two squares in a line"
        "\n1 error"
    )
