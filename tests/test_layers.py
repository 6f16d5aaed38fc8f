"""The layers of dukec: which part may import which, and no import circle anywhere.

Every import counts: at the top of a module, inside a function, and under ``TYPE_CHECKING``,
and a constant name given to ``importlib.import_module`` or ``__import__``. A part (a folder
of dukec/, or a top-level module) may import its own modules and those of any part in a lower
layer, never one of its own layer or above; the foundation's modules may import each other.
docs/architecture.md draws the same layers.
"""

from __future__ import annotations

import ast
import graphlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO

#: The layers, lowest first; each holds parts that do not import one another.
LAYERS: tuple[tuple[str, ...], ...] = (
    # The foundation: what every part shares.
    (
        "dukec.version",
        "dukec.limits",
        "dukec.names",
        "dukec.textfile",
        "dukec.jsontext",
        "dukec.atomic",
        "dukec.cache",
        "dukec.icon_pictures",
        "dukec.icons",
        "dukec.icon_rules",
        "dukec.kernel",
        "dukec.tileset",
    ),
    ("dukec.stats", "dukec.compiler", "dukec.engine"),
    ("dukec.players",),
    ("dukec.balance", "dukec.workbench"),
    ("dukec.insight",),
    ("dukec.arguments",),
    ("dukec.api",),
    ("dukec.library",),
    ("dukec.rl", "dukec.lsp"),
    ("dukec.studio",),
    ("dukec.commands",),
    # The front: the command line, and the package's public names. The package dukec.balance
    # itself is the callable dukec.balance(...), which forwards to the library: it stands here,
    # and its modules in the balance layer.
    ("dukec.cli", "dukec.balance:package"),
    ("dukec", "dukec.__main__"),
)
FOUNDATION = 0


def module_names(root: Path) -> dict[str, Path]:
    """Every module below ``root``'s dukec/, by dotted name (a package by its own)."""
    found = {}
    for path in sorted((root / "dukec").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """The dukec modules that module ``name`` imports, each with the line that does."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        elif isinstance(node, ast.Call) and node.args:
            called = ast.unparse(node.func)
            first = node.args[0]
            if called in {"importlib.import_module", "import_module", "__import__"} and (
                isinstance(first, ast.Constant) and isinstance(first.value, str)
            ):
                targets = [first.value]
        for target in targets:
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known and target != name and target.startswith("dukec"):
                yield target, getattr(node, "lineno", 0)


def part_of(name: str, path: Path) -> str:
    """The part a module belongs to: the longest part of LAYERS its name starts with."""
    if name == "dukec.balance" and path.name == "__init__.py":
        return "dukec.balance:package"
    parts = [part for layer in LAYERS for part in layer if ":" not in part]
    matches = [part for part in parts if name == part or name.startswith(part + ".")]
    if not matches:
        raise AssertionError(f"{name} belongs to no layer: add it to LAYERS in {__file__}")
    return max(matches, key=len)


def layer_of(part: str) -> int:
    return next(n for n, layer in enumerate(LAYERS) if part in layer)


def problems(root: Path) -> list[str]:
    """Every import against the layers, and every circle, in the tree at ``root``."""
    known = module_names(root)
    found = []
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        graph[name] = set()
        part = part_of(name, path)
        for target, line in imported(name, path, known):
            graph[name].add(target)
            other = part_of(target, known[target])
            if other == part:
                continue
            low, high = layer_of(other), layer_of(part)
            if low < high or low == high == FOUNDATION:
                continue
            where = f"{path.relative_to(root)}:{line}"
            found.append(f"{where}: {name} ({part}) imports {target} ({other}), not below it")
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        found.append("an import circle: " + " -> ".join(error.args[1]))
    return found


def test_every_import_goes_down_the_layers_and_none_goes_round() -> None:
    assert problems(REPO) == []


def test_the_statistics_import_nothing_of_dukec() -> None:
    known = module_names(REPO)
    for name, path in known.items():
        if name.startswith("dukec.stats"):
            outside = [t for t, _ in imported(name, path, known) if not t.startswith("dukec.stats")]
            assert outside == [], name


def _tree(root: Path, files: dict[str, str]) -> Path:
    for relative, text in {"dukec/__init__.py": "", **files}.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def test_a_circle_is_found_even_through_typing_only_imports(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "dukec/engine/__init__.py": "",
            "dukec/engine/game.py": "from dukec.engine import terrain\n",
            "dukec/engine/terrain.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from dukec.engine.game import Game\n"
            ),
        },
    )
    [circle] = problems(root)
    assert "circle" in circle and "dukec.engine.game" in circle and "dukec.engine.terrain" in circle


@pytest.mark.parametrize(
    "statement",
    [
        "from dukec.insight import value\n",
        "def later() -> None:\n    from dukec.insight.value import measure\n",
        "import importlib\nimportlib.import_module('dukec.insight.value')\n",
    ],
)
def test_an_import_up_the_layers_is_named_with_its_line(tmp_path: Path, statement: str) -> None:
    root = _tree(
        tmp_path,
        {
            "dukec/insight/__init__.py": "",
            "dukec/insight/value.py": "",
            "dukec/players/__init__.py": "",
            "dukec/players/search.py": statement,
        },
    )
    [problem] = problems(root)
    assert problem.startswith("dukec/players/search.py:")
    assert "dukec.players.search (dukec.players) imports dukec.insight.value" in problem


def test_parts_of_one_layer_do_not_import_each_other(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "dukec/balance/__init__.py": "",
            "dukec/balance/run.py": "from dukec.workbench import card\n",
            "dukec/workbench/__init__.py": "",
            "dukec/workbench/card.py": "",
        },
    )
    assert len(problems(root)) == 1
