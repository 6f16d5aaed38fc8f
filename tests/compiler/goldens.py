"""The compiler's golden cases: each one's file under golden/ and how to produce its text.

``tests/compiler/test_compiler_golden.py`` compares; ``python tests/compiler/regenerate.py``
rewrites the files after an intended change (then read ``git diff tests/compiler/golden``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from dukec.cli import main
from dukec.compiler import dumps, load

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TILES = REPO / "tiles"
BAD = HERE / "bad"
GOLDEN = HERE / "golden"

# Files of game sets name tiles defined elsewhere: they are covered by the whole-set golden.
TILE_FILES = sorted(
    p.name
    for p in TILES.glob("*.duke")
    if not any(line.startswith("set ") for line in p.read_text().splitlines())
)
BAD_INPUTS = sorted(p.name for p in BAD.iterdir() if not p.name.startswith("."))


def tile_file_json(name: str) -> tuple[Path, str]:
    """A tile file of tiles/ compiled alone."""
    return GOLDEN / "tiles" / name.replace(".duke", ".json"), dumps(load([TILES / name]))


def whole_set_json() -> tuple[Path, str]:
    """All of tiles/ compiled."""
    return GOLDEN / "tileset.json", dumps(load([TILES]))


def bad_input_report(name: str) -> tuple[Path, str, int, str]:
    """``dukec check`` of a bad input, run from its folder: the golden file, the report on
    stderr, the exit code and stdout."""
    here = Path.cwd()
    os.chdir(BAD)
    try:
        result = CliRunner().invoke(main, ["check", name])
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return GOLDEN / "bad" / f"{name}.err", result.stderr, result.exit_code, result.stdout


def all_cases() -> list[Callable[[], tuple[Path, str]]]:
    """Every golden case, as a function giving its file and its text."""
    cases: list[Callable[[], tuple[Path, str]]] = [whole_set_json]
    cases += [lambda name=name: tile_file_json(name) for name in TILE_FILES]  # type: ignore[misc]
    cases += [lambda name=name: bad_input_report(name)[:2] for name in BAD_INPUTS]  # type: ignore[misc]
    return cases
