"""The engine knows no tile by name and never imports the compiler, lark, or a tool built on it."""

from __future__ import annotations

import ast
import copy
import json
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import Any

import pytest

from dukec.engine import RandomPlayer, RulesError, load_rules, play_game
from dukec.engine.record import record_lines

from .conftest import REPO


def test_importing_the_engine_leaves_lark_and_the_compiler_out() -> None:
    code = (
        "import sys, dukec.engine, dukec.engine.game, dukec.engine.record;"
        "bad = [m for m in sys.modules"
        " if m == 'lark' or m.startswith(('lark.', 'dukec.compiler'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


#: What the engine must not import: the compiler and lark (the JSON tile set is the contract),
#: and every tool built on the engine (pictures reach notebooks through the workbench).
NOT_IMPORTED = (
    "lark",
    "dukec.compiler",
    "dukec.workbench",
    "dukec.studio",
    "dukec.balance",
    "dukec.insight",
    "dukec.commands",
    "dukec.cli",
    "dukec.lsp",
    "dukec.rl",
)


def _forbidden(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in NOT_IMPORTED)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module and its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def imported_names(path: Path, package: str) -> list[tuple[int, str]]:
    """Every module a source file imports or names in a string (an ``importlib`` route), each
    with its line: ``import a.b``, ``from a import b`` (as ``a`` and ``a.b``), relative imports
    resolved within ``package``, and string constants other than docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docstrings = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            found += [(node.lineno, word) for word in re.findall(r"[\w.]+", node.value)]
    return found


def test_the_engine_imports_neither_the_compiler_nor_a_tool_built_on_it() -> None:
    engine = REPO / "dukec" / "engine"
    paths = sorted(engine.glob("*.py"))
    assert len(paths) > 20
    bad = [
        f"{path.relative_to(REPO)}:{line}: {name}"
        for path in paths
        for line, name in imported_names(path, "dukec.engine")
        if _forbidden(name)
    ]
    assert bad == [], "the engine must not import these:\n" + "\n".join(bad)


def test_the_import_scan_sees_every_route(tmp_path: Path) -> None:
    routes = {
        "import dukec.workbench.board": 1,
        "from dukec.workbench import board": 1,
        "from dukec import workbench": 1,
        "from ..workbench.board import board_svg": 1,
        "from .. import balance": 1,
        "importlib.import_module('dukec.studio.server')": 1,
        "__import__('dukec.insight')": 1,
        "def f():\n    from dukec.commands import common": 1,
        '"""Prose may name dukec.workbench."""': 0,
        "from dukec.engine import game": 0,
        "import dukecx": 0,
    }
    for code, hits in routes.items():
        path = tmp_path / "module.py"
        path.write_text(code + "\n", encoding="utf-8")
        names = [name for _, name in imported_names(path, "dukec.engine") if _forbidden(name)]
        assert bool(names) == bool(hits), code


def test_no_tile_name_in_engine_code(tileset: dict[str, Any]) -> None:
    # "the Duke" is also the rulebook's name for a role ("any tile acting as the Duke"), so it
    # may appear in prose; no other tile name may appear at all, and no tile name is ever a
    # string or identifier the code could look a tile up by.
    names = {t["name"] for t in tileset["tiles"]}
    for path in sorted((REPO / "dukec" / "engine").glob("*.py")):
        text = path.read_text()
        words = set(re.findall(r"[A-Za-z]+", text)) & (names - {"Duke"})
        assert not words, f"{path.name} names {sorted(words)}"
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type == tokenize.NAME:
                    assert token.string not in names, f"{path.name}:{token.start[0]}"
                if token.type == tokenize.STRING:
                    assert token.string.strip("'\"") not in names, f"{path.name}:{token.start[0]}"


def renamed(tileset: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Every tile renamed (the order of names reversed too), re-sorted as the compiler would."""
    names = sorted(t["name"] for t in tileset["tiles"])
    mapping = {name: f"T{len(names) - i:02d}x" for i, name in enumerate(names)}
    text = json.dumps(tileset)
    for old, new in mapping.items():
        text = re.sub(rf'"{old}"', f'"{new}"', text)
    data: dict[str, Any] = json.loads(text)
    data["tiles"].sort(key=lambda t: t["name"])
    for game_set in data["sets"]:
        for army in game_set["armies"]:
            army["bag"].sort(key=lambda s: s["tile"])
    assert data != tileset
    return data, mapping


def test_renamed_tiles_play_identical_games(tileset: dict[str, Any]) -> None:
    original = load_rules(copy.deepcopy(tileset))
    other, mapping = renamed(tileset)
    renamed_rules = load_rules(other)
    for seed in range(8):
        one = play_game(original, RandomPlayer(seed), RandomPlayer(seed + 100), seed=seed)
        two = play_game(renamed_rules, RandomPlayer(seed), RandomPlayer(seed + 100), seed=seed)
        lines = list(record_lines(one))[1:]
        expected = []
        for line in lines:
            for old, new in mapping.items():
                line = re.sub(rf"\b{old}\b", new, line)
            expected.append(line)
        assert list(record_lines(two))[1:] == expected
        assert one.plies == two.plies


def test_renaming_is_detected_by_the_hash(tileset: dict[str, Any]) -> None:
    other, _ = renamed(tileset)
    assert load_rules(other).tileset_hash != load_rules(tileset).tileset_hash


def test_a_second_duke_is_refused(tileset: dict[str, Any]) -> None:
    data = copy.deepcopy(tileset)
    data["sets"][0]["armies"][1]["bag"].append({"tile": "Duke", "count": 1})
    with pytest.raises(RulesError, match="army 1 may have one tile acting as the Duke"):
        load_rules(data)


def test_unknown_set_and_tile_names(tileset: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="no game set named 'bsae' \\(did you mean 'base'\\?\\)"):
        load_rules(tileset, "bsae")
    data = copy.deepcopy(tileset)
    data["sets"][0]["armies"][0]["bag"].append({"tile": "Footmen", "count": 1})
    with pytest.raises(RulesError, match="unknown tile 'Footmen' \\(did you mean 'Footman'\\?\\)"):
        load_rules(data)
