"""The workbench commands through click's CliRunner: exit codes, stdout and stderr apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from dukec.cli import main
from dukec.commands.workbench_cmds import COMMANDS

HERE = Path(__file__).resolve().parent
CUSTOM = HERE / "tiles" / "custom.duke"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_every_command_has_help(runner: CliRunner, command: str) -> None:
    result = runner.invoke(main, [command, "--help"])
    assert result.exit_code == 0
    assert f"Usage: main {command}" in result.stdout or f"Usage: dukec {command}" in result.stdout
    assert "Exit status" in result.stdout


def test_commands_are_registered() -> None:
    assert [c.name for c in COMMANDS] == ["show", "render", "fmt", "lint", "describe"]
    assert all(name in main.commands for name in ("show", "render", "fmt", "lint", "describe"))


# === show ===


def test_show_draws_both_sides_and_a_legend(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", "Longbowman"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Longbowman (troop, count 1)"
    assert lines[1].startswith("front (starting side)") and lines[1].endswith("back")
    grid = [line for line in lines if line.startswith(("│", "┌", "├", "└"))]
    assert len(grid) == 2 * 6 + 1  # six rows: the back reaches three squares forward
    assert grid[1] == "│   │   │   │   │   │    │   │   │ ✶ │   │   │"
    assert grid[7] == "│   │ ● │ ■ │ ● │   │    │   │   │ ■ │   │   │"
    assert lines[-1] == "■ the tile  ● Move  ✶ Strike"
    assert "\x1b[" not in result.stdout  # not a terminal: no colour codes
    assert result.stderr == ""


def test_show_case_insensitive_and_enhanced(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", "oracle"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Oracle (troop, count 1, II divination)"


def test_show_colours_icons_on_a_terminal() -> None:
    from rich.console import Console

    from dukec.workbench.terminal import card_lines
    from dukec.workbench.tiles import find_tile

    from .goldens import base_set

    console = Console(force_terminal=True, color_system="truecolor", width=200)
    with console.capture() as capture:
        for line in card_lines(find_tile(base_set(), "Longbowman")):
            console.print(line)
    assert "\x1b[1;38;2;179;38;30m✶" in capture.get()  # Strike in the card's red


def test_show_unknown_tile_suggests(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", "Longbowmen"])
    assert result.exit_code == 2
    assert result.stdout == ""
    suggestion = "did you mean 'Longbowman' or 'Bowman'?"
    assert f"Error: unknown tile 'Longbowmen'; {suggestion}\n" in result.stderr


def test_show_custom_set(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", "Warden", "--set", str(CUSTOM)])
    assert result.exit_code == 0, result.stderr
    assert "Warden (troop, count 1, III escape)" in result.stdout
    assert "⇖ " not in result.stdout.splitlines()[-1]
    assert "⇑⇗ Jump Slide" in result.stdout and "✻ Dread" in result.stdout


def test_show_broken_set_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.duke"
    bad.write_text("tile Foo {\n    front {\n        MM @\n    }\n}\n")
    result = runner.invoke(main, ["show", "Foo", "--set", str(bad)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{bad}:3:10: error: glyph 'M' (Move) twice in one cell" in result.stderr


def test_show_needs_a_tile(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show"])
    assert result.exit_code == 2
    assert "Missing argument 'TILE'" in result.stderr


# === render ===


def test_render_svg_cards(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["render", "Longbowman", "Duchess", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        str(tmp_path / "longbowman.svg"),
        str(tmp_path / "duchess.svg"),
    ]
    assert (tmp_path / "duchess.svg").read_text().count(">I</text>") == 2


def test_render_png_and_sheet(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(
        main, ["render", "Warden", "--set", str(CUSTOM), "-o", str(tmp_path), "--format", "png"]
    )
    assert result.exit_code == 0, result.stderr
    with Image.open(tmp_path / "warden.png") as image:
        assert image.format == "PNG"
    result = runner.invoke(main, ["render", "Duke", "Footman", "--sheet", "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout == f"{tmp_path / 'sheet-1.svg'}\n"
    assert 'width="210mm" height="297mm"' in (tmp_path / "sheet-1.svg").read_text()


def test_render_unknown_tile_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["render", "Duke", "Pikemen", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "unknown tile 'Pikemen'; did you mean 'Pikeman'?" in result.stderr
    assert not (tmp_path / "out").exists()


def test_render_bad_format_and_no_tiles(runner: CliRunner) -> None:
    assert runner.invoke(main, ["render", "Duke", "--format", "gif"]).exit_code == 2
    assert runner.invoke(main, ["render"]).exit_code == 2


def test_render_output_is_a_file(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(main, ["render", "Duke", "-o", str(target)])
    assert result.exit_code == 2
    assert "is a file" in result.stderr
