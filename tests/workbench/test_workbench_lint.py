"""Design warnings: for each code a tile that triggers it and one that does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.workbench.lint import CODES, lint_paths

REPO = Path(__file__).resolve().parents[2]

# A tile with none of the problems: it captures, moves backward, and its sides differ.
CLEAN = """\
tile Clean {
    front {
        . M .
        M @ M
        . M .
    }
    back {
        J . . . J
        . . . . .
        . . @ . .
        . M . M .
    }
}
"""

# code -> (a tile that triggers it, the line:col of the warning, a near twin that does not)
CASES: dict[str, tuple[str, str, str]] = {
    "unusable-icon": (
        "tile T {\n    front {\n        J . . . . .\n        . . . . . .\n        . . . . . .\n"
        "        . . . . . .\n        . . . . . .\n        . . . . . .\n        . @ M . . .\n"
        "    }\n    back {\n        . M .\n        M @ M\n        . M .\n    }\n}\n",
        "3:9",
        "tile T {\n    front {\n        J . . . . .\n        . . . . . .\n        . . . . . .\n"
        "        . . . . . .\n        . . . . . .\n        . @ M . . .\n"
        "    }\n    back {\n        . M .\n        M @ M\n        . M .\n    }\n}\n",
    ),
    "same-sides": (
        "tile T {\n    front {\n        M @ M\n        . M .\n    }\n"
        "    back {\n        M @ M\n        . M .\n    }\n}\n",
        "6:5",
        "tile T {\n    front {\n        M @ M\n        . M .\n    }\n"
        "    back {\n        M @ .\n        . M .\n    }\n}\n",
    ),
    "duplicate-icon": (
        "tile T {\n    front {\n        . M .\n        . S .\n        . @ .\n        . M .\n"
        "    }\n    back {\n        M @ M\n        . M .\n    }\n}\n",
        "3:11",
        "tile T {\n    front {\n        . M .\n        . . .\n        . @ .\n        . M .\n"
        "    }\n    back {\n        M @ M\n        . M .\n    }\n}\n",
    ),
    "lone-command": (
        "tile T {\n    front {\n        . C .\n        M @ M\n        . M .\n    }\n"
        "    back {\n        M @ M\n        . M .\n    }\n}\n",
        "3:11",
        "tile T {\n    front {\n        C C .\n        M @ M\n        . M .\n    }\n"
        "    back {\n        M @ M\n        . M .\n    }\n}\n",
    ),
    "no-capture": (
        "tile T {\n    front {\n        D . B\n        . @ .\n    }\n"
        "    back {\n        B . D\n        . @ .\n    }\n}\n",
        "1:6",
        "tile T {\n    front {\n        D . B\n        . @ .\n    }\n"
        "    back {\n        B . X\n        . @ .\n    }\n}\n",
    ),
    "no-backward": (
        "tile T {\n    front {\n        . M .\n        M @ M\n    }\n"
        "    back {\n        S . S\n        . @ .\n        X . X\n    }\n}\n",
        "1:6",
        "tile T {\n    front {\n        . M .\n        M @ M\n    }\n"
        "    back {\n        S . S\n        . @ .\n        S . X\n    }\n}\n",
    ),
    "redundant-jump": (
        "tile T {\n    front {\n        . J .\n        M @ M\n        . M .\n    }\n"
        "    back {\n        M @ M\n        . M .\n    }\n}\n",
        "3:11",
        "tile T {\n    front {\n        . J .\n        . . .\n        M @ M\n        . M .\n"
        "    }\n    back {\n        M @ M\n        . M .\n    }\n}\n",
    ),
}


def _codes(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "t.duke"
    path.write_text(text)
    report = lint_paths([path])
    assert report.errors == ()
    found = []
    for warning in report.warnings:
        assert warning.position is not None
        code = warning.message.rsplit("[", 1)[1].rstrip("]")
        found.append((code, f"{warning.position.line}:{warning.position.column}"))
    return found


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", list(CASES))
def test_warning_triggers(tmp_path: Path, code: str) -> None:
    triggering, where, _ = CASES[code]
    found = _codes(tmp_path, triggering)
    assert (code, where) in found
    # A tile that cannot capture cannot move backward either: every moving icon captures.
    also = [("no-backward", where)] if code == "no-capture" else []
    assert sorted(found) == sorted([(code, where), *also])


@pytest.mark.parametrize("code", list(CASES))
def test_warning_does_not_trigger_on_its_twin(tmp_path: Path, code: str) -> None:
    _, _, clean = CASES[code]
    found = _codes(tmp_path, clean)
    assert code not in [c for c, _ in found]
    assert found == ([("no-backward", "1:6")] if code == "no-capture" else [])


@pytest.mark.parametrize("code", list(CASES))
def test_warning_is_silenced_by_a_comment(tmp_path: Path, code: str) -> None:
    triggering, _, _ = CASES[code]
    allow = f"{code}, no-backward" if code == "no-capture" else code
    inside = triggering.replace("tile T {\n", f"tile T {{\n    # lint: allow {allow}\n", 1)
    assert _codes(tmp_path, inside) == []
    above = f"# A note.\n# lint: allow other-code, {allow}\n" + triggering
    assert _codes(tmp_path, above) == []
    elsewhere = f"# lint: allow {code}\n\n" + CLEAN + triggering
    assert code in [c for c, _ in _codes(tmp_path, elsewhere)]


def test_clean_tile_has_no_warnings(tmp_path: Path) -> None:
    assert _codes(tmp_path, CLEAN) == []


def test_more_duplicate_icons(tmp_path: Path) -> None:
    # A Move that a Jump on its square, or a Jump Slide along its line, already gives; a Jump
    # on the Jump Slide's own square.
    text = (
        "tile T {\n    front {\n        MJ .  .\n        .  .  .\n        .  .  @\n"
        "        .  M  .\n    }\n    back {\n        M @\n        . M\n    }\n}\n"
    )
    assert _codes(tmp_path, text) == [("duplicate-icon", "3:9")]  # the Jump goes there too
    on_ray = text.replace("MJ .  .", "ML .  .")
    assert _codes(tmp_path, on_ray) == [("duplicate-icon", "3:9")]  # the Jump Slide goes there
    jump_slide = (
        "tile T {\n    front {\n        JL\n        M\n        @\n    }\n"
        "    back {\n        M @\n        . M\n    }\n}\n"
    )
    found = _codes(tmp_path, jump_slide)
    assert ("duplicate-icon", "3:9") in found  # the Jump on the Jump Slide's square
    assert ("duplicate-icon", "4:9") not in found  # a Move next to the tile: not on the ray
    assert ("no-backward", "1:6") not in found


def test_base_tiles_are_lint_clean() -> None:
    report = lint_paths([REPO / "tiles"])
    assert report.errors == ()
    assert report.warnings == ()


def test_duchess_warns_without_its_allow_comment(tmp_path: Path) -> None:
    """The Duchess is printed with two equal sides; only its comment keeps lint quiet."""
    text = (REPO / "tiles" / "duchess.duke").read_text("utf-8")
    assert "# lint: allow same-sides\n" in text
    path = tmp_path / "duchess.duke"
    path.write_text(text.replace("# lint: allow same-sides\n", ""), "utf-8")
    report = lint_paths([path])
    assert [w.message for w in report.warnings] == [
        "the back shows the same icons as the front: flipping changes nothing [same-sides]"
    ]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_lint_command_output_and_exit_codes(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "t.duke"
    path.write_text(CASES["lone-command"][0])
    result = runner.invoke(main, ["lint", str(path)])
    assert result.exit_code == 0
    assert result.stdout == (
        f"{path}:3:11: warning: front: the only Command square on this side: a Command moves a "
        "tile from one Command square to another [lone-command]\n"
        "            . C .\n"
        "              ^\n"
    )
    assert result.stderr == "1 warning\n"
    strict = runner.invoke(main, ["lint", "--strict", str(path)])
    assert strict.exit_code == 1
    path.write_text(CLEAN)
    clean = runner.invoke(main, ["lint", "--strict", str(path)])
    assert clean.exit_code == 0
    assert clean.stdout == ""
    assert clean.stderr == "0 warnings\n"


def test_lint_errors_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.duke"
    path.write_text("tile A {\n    front {\n        MM @\n    }\n}\n")
    result = runner.invoke(main, ["lint", str(path)])
    assert result.exit_code == 1
    assert f"{path}:3:10: error: glyph 'M' (Move) twice in one cell" in result.stderr
    assert runner.invoke(main, ["lint"]).exit_code == 2
