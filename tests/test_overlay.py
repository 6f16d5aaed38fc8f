"""A designer's folder of new tiles works on its own: read on top of the base set by every
``--set``, ``dukec check`` and the language server; a folder defining a game set and a tile
acting as the Duke is whole; a base tile's name is an error naming both files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from dukec.api import DEFAULT_POLICY, open_tileset
from dukec.cli import main
from dukec.lsp.folder import check_document

REPO = Path(__file__).resolve().parents[1]

#: The Paladin the documentation's examples use too (tests/docs/fixtures/).
PALADIN = (REPO / "tests" / "docs" / "fixtures" / "paladin.duke").read_text(encoding="utf-8")


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my"
    folder.mkdir()
    (folder / "paladin.duke").write_text(PALADIN)
    return folder


def _run(*args: str) -> object:
    return CliRunner().invoke(main, list(args))


def test_a_folder_of_new_tiles_lies_on_the_base_set(tmp_path: Path) -> None:
    tileset = open_tileset(_folder(tmp_path))
    assert tileset.layering is not None and not tileset.layering.whole
    assert tileset.added == ("Paladin",)
    assert "Paladin" in tileset.tile_names and "Duke" in tileset.tile_names
    assert "base" in tileset.game_sets
    assert tileset.summary() == "1 tile on top of the base set (22 tiles, 9 sets)"


def test_check_reads_the_folder_as_every_set_does(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_folder(tmp_path))])
    assert result.exit_code == 0, result.output
    assert result.stdout == "ok: 1 tile on top of the base set (22 tiles, 9 sets)\n"


def test_build_writes_exactly_the_sources_given(tmp_path: Path) -> None:
    out = tmp_path / "paladin.json"
    result = CliRunner().invoke(main, ["build", str(_folder(tmp_path)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [tile["name"] for tile in json.loads(out.read_text())["tiles"]] == ["Paladin"]


def test_a_set_may_name_the_base_set_tiles(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "duel.duke").write_text(
        "set duel {\n    board 6 x 6\n    army {\n        start Duke on c1, d1\n"
        "        start Paladin beside Duke\n        bag 3 Footman\n    }\n}\n"
    )
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "ok: 1 tile on top of the base set (22 tiles, 10 sets)\n"


def test_a_base_tile_name_is_an_error_naming_both_files(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    shutil.copy(REPO / "tiles" / "footman.duke", folder / "footman.duke")
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == f"{folder}/footman.duke:2:6: error: duplicate tile 'Footman'"
    assert lines[3].endswith("tiles/footman.duke:2:6: note: 'Footman' is first defined here")
    assert lines[6] == (
        f"{folder}: note: {folder} is read on top of the base set: it defines no game set (a "
        "whole tile set defines a game set and a tile that acts as the Duke)"
    )


def test_a_whole_folder_is_read_alone_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "whole"
    folder.mkdir()
    shutil.copy(REPO / "tiles" / "duke.duke", folder)
    (folder / "game.duke").write_text(
        "set game {\n    board 6 x 6\n    army {\n        start Duke on c1, d1\n"
        "        bag Footman\n    }\n}\n"
    )
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    assert f"{folder}/game.duke:5:13: error: unknown tile 'Footman'" in result.stderr
    assert (
        f"{folder}: note: {folder} is read as a whole tile set: it defines a game set and a "
        "tile that acts as the Duke\n"
    ) in result.stderr


def test_balance_plays_the_folder_with_no_other_flag(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    args = ["balance", "--set", str(folder), "--replace", "Footman=Paladin"]
    result = CliRunner().invoke(main, [*args, "-n", "2", "-j", "1", "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["policy"] == DEFAULT_POLICY == "search"
    assert document["games"] == 2


def test_the_language_server_knows_the_base_set(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    checked = check_document("x", PALADIN, folder / "paladin.duke")
    assert [d.message for d in checked.diagnostics if d.severity == "error"] == []
    duel = "set duel {\n    board 6 x 6\n    army {\n        start Duke on c1, d1\n    }\n}\n"
    checked = check_document("x", duel, folder / "duel.duke")
    assert not [d for d in checked.diagnostics if "unknown tile" in d.message]


def test_the_old_spellings_still_work_with_a_notice(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["balance", "--check", str(tmp_path / "none.toml")])
    assert result.exit_code == 2  # the file does not exist: click's usage error, as before
    path = tmp_path / "balance.toml"
    path.write_text("# nothing yet\n")
    old = CliRunner().invoke(main, ["balance", "--check", str(path)])
    new = CliRunner().invoke(main, ["recheck", str(path)])
    assert old.exit_code == new.exit_code == 1
    assert old.stderr == (
        "note: dukec balance --check FILE is now dukec recheck FILE; the old spelling still "
        "works\n" + new.stderr
    )
