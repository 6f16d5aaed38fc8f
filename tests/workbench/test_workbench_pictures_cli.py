"""`dukec render --position` and `dukec replay --html`: outputs, and every bad input's message."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image

from dukec.cli import main
from dukec.engine import RandomPlayer, load_rules, play_game, position_from_json, write_record
from dukec.jsontext import parse_json
from dukec.workbench.board import board_svg
from dukec.workbench.marks import parse_marks

from .goldens import POSITIONS, base_set, board_set

GUARD = POSITIONS / "guard.json"
USAGE = "Usage: main render [OPTIONS] [TILES]...\nTry 'main render --help' for help.\n\nError: "


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _render(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(main, ["render", *args], catch_exceptions=False)


# === render --position ===


def test_render_position_svg_is_the_library_picture(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = _render(runner, "--position", str(GUARD), "--last", "c3-c5+", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{out}\n"
    game = position_from_json(load_rules(base_set()), parse_json(GUARD.read_text()))
    assert out.read_text(encoding="utf-8") == board_svg(game, parse_marks(game.rules, "c3-c5"))
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_render_position_png(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "board.PNG"
    result = _render(runner, "--position", str(GUARD), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size == (1280, 1348)


def test_render_position_of_a_game_set_with_features(runner: CliRunner, tmp_path: Path) -> None:
    tileset = tmp_path / "set.json"
    tileset.write_text(json.dumps(board_set()))
    out = tmp_path / "panorama.svg"
    position = POSITIONS / "panorama.json"
    args = ["--position", str(position), "--set", str(tileset), "--game", "panorama"]
    result = _render(runner, *args, "-o", str(out))
    assert result.exit_code == 0, result.stderr
    svg = out.read_text()
    assert ">Mountain</text>" in svg and ">Dragon</text>" in svg and "scores 1-0" in svg


def test_render_position_from_stdin(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    result = runner.invoke(
        main, ["render", "--position", "-", "-o", str(out)], input=GUARD.read_text()
    )
    assert result.exit_code == 0, result.stderr
    assert "GUARD" in out.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give the TILES to draw, or --position POSITION"),
        (["Duke", "--position", "p.json", "-o", "b.svg"], "give TILES or --position, not both"),
        (
            ["--position", "p.json", "--sheet", "-o", "b.svg"],
            "--sheet lays out cards; it does not go with --position",
        ),
        (["--position", "p.json"], "--position needs -o OUT.svg, -o OUT.png or -o OUT.pdf"),
        (["--position", "p.json", "-o", "b.gif"], "output 'b.gif' must end in .svg, .png or .pdf"),
        (
            ["--position", "p.json", "-o", "b.svg", "--format", "png"],
            "--format png does not match output 'b.svg'",
        ),
        (["Duke", "--game", "dragon"], "--game goes with --position"),
        (["Duke", "--last", "c2-c3"], "--last goes with --position"),
    ],
)
def test_render_usage_errors(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.json").write_text(GUARD.read_text())
    result = _render(runner, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == USAGE + message + "\n"
    assert not Path("b.svg").exists()


@pytest.mark.parametrize(
    ("last", "message"),
    [
        (
            "draw",
            "--last: 'draw' is not an action to mark (c2-c3, c2xc3, c1!c3, e1:d1-d2 or Name@b6)",
        ),
        ("c2-c9", "--last: c9 is not a square of the board"),
    ],
)
def test_render_bad_last(runner: CliRunner, tmp_path: Path, last: str, message: str) -> None:
    out = tmp_path / "b.svg"
    result = _render(runner, "--position", str(GUARD), "--last", last, "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == USAGE + message + "\n"
    assert not out.exists()


def test_render_refuses_to_write_over_its_position(runner: CliRunner, tmp_path: Path) -> None:
    position = tmp_path / "p.svg"  # a position file with an odd name is still an input
    position.write_text(GUARD.read_text())
    result = _render(runner, "--position", str(position), "-o", str(position))
    assert result.exit_code == 2
    assert result.stderr == USAGE + (
        f"output '{position}' is one of the inputs; writing it would replace the source. "
        "Give another output path with -o\n"
    )
    assert position.read_text() == GUARD.read_text()


def test_render_unreadable_position(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    result = _render(runner, "--position", str(missing), "-o", str(tmp_path / "b.svg"))
    assert result.exit_code == 1
    assert result.stderr == f"{missing}: error: no such file or directory\n"


def test_render_invalid_json(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"to_move": 0,\n "board": [}\n')
    result = _render(runner, "--position", str(bad), "-o", str(tmp_path / "b.svg"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}:2:12: error: invalid JSON: ")
    assert not (tmp_path / "b.svg").exists()


def test_render_impossible_position(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads(GUARD.read_text())
    data["board"].append({"tile": "Footmen", "owner": 0, "side": "front", "at": "g7"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = _render(runner, "--position", str(bad), "-o", str(tmp_path / "b.svg"))
    assert result.exit_code == 1
    assert result.stderr == (
        f"{bad}: error: board[6]: square g7 is off the 6x6 board\n"
        f"{bad}: error: board[6]: unknown tile 'Footmen' (did you mean 'Footman'?)\n"
    )
    assert not (tmp_path / "b.svg").exists()


def test_render_unknown_game_set(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    result = _render(runner, "--position", str(GUARD), "--game", "basic", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: no game set 'basic' (did you mean 'base'?)"
    assert not out.exists()


# === replay --html ===


def _record(tmp_path: Path, set_name: str, seed: int, plies: int = 60) -> Path:
    rules = load_rules(base_set(), set_name)
    record = play_game(
        rules, RandomPlayer(seed), RandomPlayer(seed + 1), seed=seed, ply_limit=plies
    )
    path = tmp_path / f"{set_name}.jsonl"
    write_record(record, path)
    return path


def _frames(page: str) -> list[str]:
    return re.findall(r'<g class="frame" data-label="([^"]*)"', page)


GAME_SETS = [game_set["name"] for game_set in base_set()["sets"]]


@pytest.mark.parametrize("set_name", GAME_SETS)
def test_replay_page_has_one_frame_per_action(
    runner: CliRunner, tmp_path: Path, set_name: str
) -> None:
    record = _record(tmp_path, set_name, seed=5, plies=40)
    page_path = tmp_path / "game.html"
    result = runner.invoke(main, ["replay", str(record), "--html", str(page_path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith(f"page: {page_path}\n")
    page = page_path.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    actions = [line for line in lines if "notation" in line]
    frames = _frames(page)
    assert len(frames) == len(actions) + 1
    assert frames[0] == "start"
    for number, (frame, action) in enumerate(zip(frames[1:], actions, strict=True), 1):
        assert frame.startswith(f"{number}. player {action['player']}: {action['notation']}")
    items = re.findall(r'<li data-step="(\d+)" class="p\d">([^<]*)</li>', page)
    assert [int(step) for step, _ in items] == list(range(1, len(actions) + 1))
    assert [text.split(" (")[0] for _, text in items] == [a["notation"] for a in actions]
    assert f'max="{len(actions)}"' in page
    end = lines[-1]["result"]
    assert f"({end['reason']})" in page
    # Self-contained: no address of anything to fetch.
    assert "http://" not in page and "https://" not in page and "src=" not in page


def test_replay_page_redraws_the_board_per_action(runner: CliRunner, tmp_path: Path) -> None:
    record = _record(tmp_path, "base", seed=2, plies=8)
    page_path = tmp_path / "game.html"
    assert runner.invoke(main, ["replay", str(record), "--html", str(page_path)]).exit_code == 0
    page = page_path.read_text()
    groups = re.findall(r'<g class="frame".*?</g>\n(?=<g class="frame"|</svg>)', page, re.S)
    assert len(groups) == len(_frames(page))
    assert groups[0].count("<use ") == 0  # set-up has not begun
    assert groups[1].count("<use ") == 1  # the first Duke
    assert len(set(groups)) == len(groups)
    assert page.count('style="display:none"') == len(groups) - 1
    for script_word in ("ArrowLeft", "ArrowRight", 'id="prev"', 'id="next"', 'type="range"'):
        assert script_word in page


def test_replay_html_refuses_to_write_over_the_record(runner: CliRunner, tmp_path: Path) -> None:
    record = _record(tmp_path, "base", seed=1, plies=4)
    before = record.read_text()
    result = runner.invoke(main, ["replay", str(record), "--html", str(record)])
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"Error: output '{record}' is one of the inputs; writing it would replace the source. "
        "Give another output path with -o\n"
    )
    assert record.read_text() == before


def test_replay_html_of_a_bad_record_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    record = _record(tmp_path, "base", seed=1, plies=6)
    lines = record.read_text().splitlines()
    lines[3] = lines[3].replace('"Footman@', '"Footman@z')  # an action that is not legal
    record.write_text("\n".join(lines) + "\n")
    page_path = tmp_path / "game.html"
    result = runner.invoke(main, ["replay", str(record), "--html", str(page_path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}:4: error: action 3 (ply 0, 'Footman@z")
    assert "\n" not in result.stderr.rstrip("\n")
    assert not page_path.exists()


def test_every_game_set_is_replayed() -> None:
    assert len(GAME_SETS) == 9 and {"dragon", "counting-coup", "enhanced"} <= set(GAME_SETS)
