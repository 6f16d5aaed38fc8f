"""The engine knows no tile by name and never imports the compiler or lark."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import tokenize
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
