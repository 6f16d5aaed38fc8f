"""The expansion packs as sources: read only when named, on top of the base set; canonical
layout; decompiled and compiled again to the same tile set; the base set unchanged by them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.compiler import compile_source, dumps, load, load_tileset
from dukec.compiler.decompile import decompile
from dukec.compiler.driver import shipped_packs
from dukec.compiler.overlay import load_layered
from dukec.engine.rules import tileset_hash
from dukec.workbench.fmt import format_text

REPO = Path(__file__).resolve().parents[2]
PACKS = sorted((REPO / "tiles" / "expansions").glob("*.duke"))
GOLDEN = Path(__file__).resolve().parent / "golden" / "tileset.json"


def test_the_packs_are_not_part_of_the_base_set() -> None:
    """tiles/ compiles to the base set exactly as before the packs (its golden JSON, its hash):
    the packs folder below it is read only when named."""
    base = load_tileset()
    assert dumps(base) == GOLDEN.read_text()
    assert dumps(load([REPO / "tiles"])) == GOLDEN.read_text()
    assert tileset_hash(base) == tileset_hash(json.loads(GOLDEN.read_text()))
    names = {tile["name"] for tile in base["tiles"]}
    assert not names & {"Conan", "Camelot", "Militia", "Robin_Hood", "Richelieu"}


@pytest.mark.parametrize("path", PACKS, ids=lambda p: p.stem)
def test_a_pack_is_read_on_top_of_the_base_set(path: Path) -> None:
    loaded = load_layered(path)
    assert not loaded.layering.whole and "extends base" in loaded.layering.why
    base = {tile["name"] for tile in load_tileset()["tiles"]}
    names = {tile["name"] for tile in loaded.data["tiles"]}
    assert base < names
    # The same tile set however it is named: alone, with the base set, from its text.
    assert load([path]) == loaded.data == load([REPO / "tiles", path])
    assert compile_source(path.read_text(), str(path)) == loaded.data


@pytest.mark.parametrize("path", PACKS, ids=lambda p: p.stem)
def test_a_pack_is_in_the_canonical_layout(path: Path) -> None:
    text = path.read_text()
    assert format_text(text, str(path)) == text


@pytest.mark.parametrize("path", PACKS, ids=lambda p: p.stem)
def test_a_pack_decompiles_and_compiles_back(path: Path) -> None:
    data = load([path])
    assert compile_source(decompile(data)) == data
    assert dumps(load([path])) == dumps(data)


def test_the_shipped_packs_are_named_by_their_files() -> None:
    assert list(shipped_packs()) == [p.stem for p in PACKS]


def test_set_takes_a_shipped_packs_name(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        main, ["bench", "--set", "robin-hood", "--game", "robin-hood", "--games", "2"]
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["bench", "--set", "robinhood", "--games", "2"])
    assert result.exit_code == 2
    assert (
        "Invalid value for '--set' (env var: 'DUKEC_SET'): Path 'robinhood' does not exist. Nor "
        "is it a pack that ships with dukec (arthurian-legends, city-troops, lords-legacy, "
        "musketeers, robert-e-howard, robin-hood, siege-engines)."
    ) in result.stderr.replace("\n", " ").replace("  ", " ")


def test_build_writes_a_pack_with_the_base_set(tmp_path: Path) -> None:
    """A file that extends the base set is built with it (there is no pack without it)."""
    out = tmp_path / "rh.json"
    robin_hood = REPO / "tiles" / "expansions" / "robin-hood.duke"
    result = CliRunner().invoke(main, ["build", str(robin_hood), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text()) == load_layered(robin_hood).data
