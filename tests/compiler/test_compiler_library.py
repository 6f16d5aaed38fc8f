"""The compiler's front door for Python code: load_tileset and compile_source."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import dukec
from dukec.cli import main
from dukec.compiler import CompileError, compile_source, dumps, load, load_tileset
from dukec.engine import Game, load_rules

TILES = Path(__file__).resolve().parents[2] / "tiles"

FOOTMAN = """\
tile Footman {
    count 3
    front {
        . M .
        M @ M
        . M .
    }
    back {
        . M .
        M . M
        . @ .
        M . M
    }
}
"""


def test_load_tileset_defaults_to_the_shipped_base_set() -> None:
    assert dumps(load_tileset()) == dumps(load([TILES]))


def test_load_tileset_takes_a_string_or_a_path(tmp_path: Path) -> None:
    source = tmp_path / "footman.duke"
    source.write_text(FOOTMAN)
    assert load_tileset(str(source)) == load_tileset(source)
    assert [t["name"] for t in load_tileset(source)["tiles"]] == ["Footman"]


def test_the_package_exports_the_front_door() -> None:
    # The package's load_tileset reads sources as --set does (new tiles lie on the base set);
    # the compiler's reads them alone. Both read the base set alike.
    assert dumps(dukec.load_tileset()) == dumps(load_tileset())
    assert dukec.compile_source is compile_source
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = dukec.nothing


def test_a_loaded_tileset_plays() -> None:
    game = Game(load_rules(load_tileset(), "base"), seed=3)
    assert game.legal_actions()


def test_compile_source_gives_what_build_gives(tmp_path: Path) -> None:
    source = tmp_path / "footman.duke"
    source.write_text(FOOTMAN)
    assert dumps(compile_source(FOOTMAN, "footman.duke")) == dumps(load([source]))


def test_compile_source_reports_what_check_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = FOOTMAN.replace("M @ M", "M @ Q", 1)
    with pytest.raises(CompileError) as caught:
        compile_source(text, "edited.duke")
    report = caught.value.render()
    assert report.splitlines()[0] == (
        "edited.duke:5:13: error: unknown glyph 'Q' (glyphs: M move, J jump, S slide, "
        "L jump slide, X strike, C command, D dread, B defense)"
    )
    monkeypatch.chdir(tmp_path)
    Path("edited.duke").write_text(text)
    checked = CliRunner().invoke(main, ["check", "edited.duke"])
    assert checked.exit_code == 1
    assert checked.stderr == report + "\n"


def test_compile_source_of_an_empty_text_says_nothing_is_defined() -> None:
    with pytest.raises(CompileError) as caught:
        compile_source("# only a comment\n")
    assert caught.value.render().splitlines()[0] == (
        "<source>: error: no tile or set is defined in this file"
    )


def test_load_tileset_reports_a_missing_path(tmp_path: Path) -> None:
    missing = tmp_path / "missing.duke"
    with pytest.raises(CompileError) as caught:
        load_tileset(missing)
    assert caught.value.render().splitlines()[0] == f"{missing}: error: no such file or directory"


def test_importing_dukec_leaves_lark_out() -> None:
    code = (
        "import sys, dukec; dukec.__version__;"
        "sys.exit(1 if 'lark' in sys.modules or 'dukec.compiler' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
