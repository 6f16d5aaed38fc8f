"""Pictures in a notebook: ``import dukec`` under IPython tells its display how to draw a game and
a tile type (``dukec.workbench.notebook``), by class name, importing nothing until one is shown."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from typing import Any

import pytest

import dukec
from dukec.engine import load_rules
from dukec.engine.game import Game
from dukec.engine.rules import TileType
from dukec.workbench import notebook
from dukec.workbench.board import board_svg
from dukec.workbench.tiles import TileView, find_tile

from .goldens import base_set, played_game

SVG = "{http://www.w3.org/2000/svg}"


class _Formatter:
    """Stands for IPython's SVG formatter: keeps what it is told."""

    def __init__(self) -> None:
        self.told: dict[tuple[str, str], Callable[[Any], str]] = {}

    def for_type_by_name(self, module: str, name: str, draw: Callable[[Any], str]) -> None:
        self.told[module, name] = draw


class _Display:
    def __init__(self) -> None:
        self.formatters: dict[str, Any] = {"text/plain": object(), notebook.SVG_MIME: _Formatter()}


class _Shell:
    def __init__(self) -> None:
        self.display_formatter = _Display()


def test_the_pictures_are_told_by_the_engine_classes_own_names() -> None:
    shell = _Shell()
    assert notebook.register(shell)
    told = shell.display_formatter.formatters[notebook.SVG_MIME].told
    classes = {getattr(importlib.import_module(m), n): draw for (m, n), draw in told.items()}
    assert classes == {
        dukec.Game: notebook.game_svg,
        Game: notebook.game_svg,
        TileType: notebook.tile_type_svg,
    }


def test_a_game_shows_its_board_and_a_tile_type_its_card() -> None:
    game = played_game()
    svg = notebook.game_svg(game)
    assert svg == board_svg(game)
    assert "Champion" in [t.text for t in ElementTree.fromstring(svg).iter(f"{SVG}text")]
    rules = load_rules(base_set())
    footman = rules.types[rules.type_named("Footman")]
    card = notebook.tile_type_svg(footman)
    assert ElementTree.fromstring(card).findtext(f"{SVG}title") == "Footman"
    view = find_tile(base_set(), "Footman")
    assert TileView.from_type(footman) == view
    assert view._repr_svg_() == card


def test_without_ipython_nothing_is_registered() -> None:
    assert not notebook.register(object())
    shell = _Shell()
    del shell.display_formatter.formatters[notebook.SVG_MIME]
    assert not notebook.register(shell)


def _run(code: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_importing_dukec_in_a_running_ipython_registers_and_imports_nothing_more() -> None:
    # A stand-in IPython module whose shell is running, as in a Jupyter kernel.
    seen = _run(
        """
        import json, sys, types
        told = []
        class Formatter:
            def for_type_by_name(self, module, name, draw):
                told.append([module, name])
        shell = types.SimpleNamespace(
            display_formatter=types.SimpleNamespace(formatters={"image/svg+xml": Formatter()})
        )
        ipython = types.ModuleType("IPython")
        ipython.get_ipython = lambda: shell
        sys.modules["IPython"] = ipython
        import dukec
        loaded = [m for m in ("dukec.engine", "dukec.workbench.board", "dukec.workbench.tiles")
                  if m in sys.modules]
        print(json.dumps([told, loaded]))
        """
    )
    told = [["dukec.library.game", "Game"], ["dukec.engine.game", "Game"]]
    assert seen == [[*told, ["dukec.engine.rules", "TileType"]], []]


def test_in_a_plain_interpreter_dukec_imports_no_workbench() -> None:
    loaded = _run(
        """
        import json, sys, dukec
        print(json.dumps([m for m in sys.modules if m.startswith("dukec.workbench")]))
        """
    )
    assert loaded == []


def test_ipython_shows_a_game_and_a_tile_type_as_svg() -> None:
    pytest.importorskip("IPython")
    seen = _run(
        """
        import json, sys
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        import dukec
        before = "dukec.workbench.board" in sys.modules
        game = dukec.new_game("base", seed=3)
        data, _ = shell.display_formatter.format(game)
        from dukec.workbench.board import board_svg
        rules = game.rules
        card, _ = shell.display_formatter.format(rules.types[0])
        print(json.dumps([before, data["image/svg+xml"] == board_svg(game),
                          card["image/svg+xml"].startswith("<?xml")]))
        """
    )
    assert seen == [False, True, True]
