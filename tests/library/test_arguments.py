"""The library's entry points check their arguments as the command line checks its options (the
same ranges, a TypeError for the wrong type, a ValueError naming the argument), read a path
given as ``str`` or ``os.PathLike`` by the layering rule, and check a tile set dict against the
schema before the engine reads it."""

from __future__ import annotations

import copy
import inspect
import os
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import dukec
from dukec import api, arguments
from dukec.engine import RandomPlayer, RulesError, play_game, read_record, write_record
from dukec.engine import load_rules as engine_rules
from dukec.library import experiments
from dukec.limits import MAX_GAMES, MAX_PLY, MAX_SEED
from dukec.workbench.render import write_board

REPO = Path(__file__).resolve().parents[2]
PALADIN = REPO / "tests" / "docs" / "fixtures" / "paladin.duke"


@pytest.fixture
def my(tmp_path: Path) -> Path:
    """A designer's folder holding one new tile, the Paladin."""
    folder = tmp_path / "my"
    folder.mkdir()
    (folder / "paladin.duke").write_text(PALADIN.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


# ------------------------------------------------------------------ load_rules and load_tileset


def test_load_rules_of_none_is_the_base_set_and_of_an_empty_list_an_error() -> None:
    assert dukec.load_rules(None).set_name == "base"
    with pytest.raises(ValueError, match="an empty list names no sources"):
        dukec.load_rules([])
    with pytest.raises(TypeError, match=r"tileset must be a path .* not int"):
        dukec.load_rules(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="set_name must be a name"):
        dukec.load_rules(None, 3)  # type: ignore[arg-type]
    # The engine's own reader says what it takes, rather than failing inside.
    given: object
    for given in (None, [], "tiles/"):
        with pytest.raises(RulesError, match="a tile set is a dict, the compiler's output"):
            engine_rules(given)  # type: ignore[arg-type]


def test_a_hand_built_tile_set_is_checked_against_the_schema() -> None:
    tileset = copy.deepcopy(dukec.load_tileset())
    index = next(i for i, t in enumerate(tileset["tiles"]) if t["name"] == "Knight")
    tileset["tiles"][index]["count"] = -3
    with pytest.raises(RulesError) as caught:
        dukec.load_rules(tileset)
    assert str(caught.value) == (
        f"the tile set is not valid:\n  $.tiles[{index}].count: -3 is less than the minimum of 0"
    )
    with pytest.raises(RulesError, match="the tile set is not valid"):
        dukec.Game(tileset=tileset)


def test_a_tile_set_that_breaks_what_no_schema_says_is_refused() -> None:
    tileset = copy.deepcopy(dukec.load_tileset())
    army = tileset["sets"][0]["armies"][0]
    army["bag"] = [*army.get("bag", []), {"tile": "Nobody", "count": 1}]
    with pytest.raises(RulesError) as caught:
        dukec.load_rules(tileset)
    assert str(caught.value).startswith("the tile set is not valid:\n  $.sets[0].armies[0]")
    assert "Nobody" in str(caught.value)


def test_paths_are_str_or_pathlike_and_a_folder_of_new_tiles_lies_on_the_base_set(
    my: Path,
) -> None:
    for given in (str(my), my, os.fspath(my) + "/", [str(my)], (my,)):
        rules = dukec.load_rules(dukec.load_tileset(given))
        assert "Paladin" in rules.by_name and "Knight" in rules.by_name
    assert dukec.load_rules(str(my / "paladin.duke"), "dragon").set_name == "dragon"
    assert dukec.new_game(tileset=str(my)).rules.type_named("Paladin") >= 0
    assert api.open_tileset(str(my)).summary() == "1 tile on top of the base set (22 tiles, 9 sets)"
    with pytest.raises(dukec.CompileError, match="nothere: error: no such file or directory"):
        dukec.load_tileset(str(my / "nothere"))


def path_types(hint: object) -> set[object]:
    """The path types a type hint accepts (``Path``, ``os.PathLike``), looking into unions and
    sequences."""
    if hint in (Path, os.PathLike):
        return {hint}
    origin = typing.get_origin(hint)
    found: set[object] = {os.PathLike} if origin is os.PathLike else set()
    for argument in typing.get_args(hint):
        found |= path_types(argument)
    return found


def public_callables() -> list[tuple[str, Callable[..., Any]]]:
    """The library's functions and classes (``dukec.__all__``), the engine's record functions
    and the drawing of a board: all that a user hands a path."""
    # dukec.balance is the package, callable as dukec.library.experiments.balance.
    given = {name: getattr(dukec, name) for name in dukec.__all__}
    named = list({**given, "balance": experiments.balance}.items())
    named += [
        ("dukec.engine.read_record", read_record),
        ("dukec.engine.write_record", write_record),
        ("dukec.api.open_tileset", api.open_tileset),
        ("dukec.api.tiles_of", api.tiles_of),
        ("dukec.workbench.render.write_board", write_board),
    ]
    return [(name, value) for name, value in named if callable(value)]


def test_every_public_function_that_takes_a_path_takes_str_or_pathlike() -> None:
    taking = set()
    for name, value in public_callables():
        function = vars(value).get("__init__") if isinstance(value, type) else value
        if not inspect.isfunction(function):
            continue  # a class without an __init__ of its own (an exception): no path
        for parameter in inspect.signature(function).parameters.values():
            written = parameter.annotation
            # The library's path types, for a module that imports them for type checking only.
            names = {**vars(arguments), **function.__globals__}
            try:
                hint = eval(written, names) if isinstance(written, str) else written
            except NameError:  # another name imported for type checking only: not a path's
                assert "Path" not in str(written), (name, parameter)
                continue
            accepted = path_types(hint)
            if accepted:
                taking.add(name)
                assert os.PathLike in accepted, f"{name}({parameter}) takes no str"
                assert str in typing.get_args(hint), f"{name}({parameter}) takes no str"
    assert taking >= {"Game", "new_game", "load_rules", "load_tileset", "balance", "value"}
    assert taking >= {"compile_source", "dukec.engine.read_record", "dukec.engine.write_record"}


def test_a_record_is_written_and_read_at_a_str_and_a_source_named_by_a_path(
    tmp_path: Path,
) -> None:
    record = play_game(dukec.load_rules(), RandomPlayer(1), RandomPlayer(2), seed=3, ply_limit=20)
    where = str(tmp_path / "game.jsonl")
    write_record(record, where)
    assert read_record(where) == record
    with pytest.raises(dukec.CompileError) as caught:
        dukec.compile_source("tile Nobody\n", tmp_path / "nobody.duke")
    assert str(caught.value).startswith(f"{tmp_path / 'nobody.duke'}:1:")


# ------------------------------------------------------------------ a game's numbers


@pytest.mark.parametrize(
    ("given", "error", "message"),
    [
        ({"ply_limit": 0}, ValueError, "ply_limit must be from 1 to 1,000,000, not 0"),
        ({"ply_limit": -5}, ValueError, "ply_limit must be from 1 to 1,000,000, not -5"),
        ({"ply_limit": MAX_PLY + 1}, ValueError, "not 1,000,001"),
        ({"ply_limit": 1.5}, TypeError, "ply_limit must be a whole number, not float"),
        ({"ply_limit": True}, TypeError, "ply_limit must be a whole number, not bool"),
        ({"seed": -1}, ValueError, "seed must be from 0 to 18,446,744,073,709,551,615, not -1"),
        ({"seed": MAX_SEED + 1}, ValueError, "seed must be from 0 to"),
        ({"seed": "7"}, TypeError, "seed must be a whole number, not str"),
        ({"seed": False}, TypeError, "seed must be a whole number, not bool"),
    ],
)
def test_a_game_refuses_the_numbers_the_command_line_refuses(
    given: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        dukec.new_game(**given)
    with pytest.raises(error, match=message):
        dukec.Game(**given)


def test_a_game_takes_the_numbers_at_the_ends_of_the_ranges() -> None:
    game = dukec.new_game(seed=MAX_SEED, ply_limit=MAX_PLY)
    assert (game.seed, game.ply_limit) == (MAX_SEED, MAX_PLY)
    assert dukec.new_game(seed=0, ply_limit=1).ply_limit == 1


# ------------------------------------------------------------------ balance and value


@pytest.mark.parametrize(
    ("given", "error", "message"),
    [
        ({"games": 0}, ValueError, "games must be from 1 to 1,000,000, not 0"),
        ({"games": MAX_GAMES + 1}, ValueError, "games must be from 1 to 1,000,000"),
        ({"games": 3}, ValueError, "paired games come two by two: give an even games"),
        ({"workers": 0}, ValueError, "workers must be from 1 to 256, not 0"),
        ({"budget": 0}, ValueError, "budget must be from 1 to 1,000,000, not 0"),
        ({"ply_limit": 0}, ValueError, "ply_limit must be from 1 to 1,000,000, not 0"),
        ({"seed": -1}, ValueError, "seed must be from 0 to"),
        ({"alpha": 0.5}, ValueError, "alpha must be between 0 and 0.5, not 0.5"),
        ({"beta": 0.0}, ValueError, "beta must be between 0 and 0.5, not 0"),
        ({"elo_margin": float("nan")}, ValueError, "elo_margin must be a finite number"),
        ({"elo_margin": 1e308}, ValueError, "elo_margin must be above 0 and at most 1000"),
        ({"elo_margin": "30"}, TypeError, "elo_margin must be a number, not str"),
        ({"elo_model": "linear"}, ValueError, "elo_model is one of 'logistic', 'normalized'"),
        ({"policy": "wizardly"}, ValueError, "unknown policy 'wizardly'"),
        ({"stop": "soon"}, ValueError, "stop is 'sprt', 'width' or None, not 'soon'"),
        ({"width": 0.7}, ValueError, "width must be above 0 and below 0.5, not 0.7"),
        ({"replace": "Knight"}, ValueError, "expected OLD=NEW, for example Knight=Paladin"),
        ({"replace": ["Knight", "Footman"]}, TypeError, "replace is 'OLD=NEW' or"),
        ({"replace": "Knight=Nobody"}, dukec.ExperimentError, "no tile 'Nobody' in the tile"),
        (
            {"replace": None, "tiles": "x.duke"},
            ValueError,
            "tiles names where the tile of replace is defined",
        ),
        ({"game": "terain"}, dukec.ExperimentError, "did you mean 'terrain'"),
    ],
)
def test_balance_refuses_what_the_command_refuses_before_any_game(
    given: dict[str, Any], error: type[Exception], message: str
) -> None:
    arguments = {"replace": "Knight=Footman", "games": 4, "policy": "random", "workers": 1}
    with pytest.raises(error, match=message):
        dukec.balance(**{**arguments, **given})


def test_value_refuses_an_odd_number_of_games_and_an_unknown_tile() -> None:
    with pytest.raises(ValueError, match="games are played in pairs: give an even games"):
        dukec.value("Knight", games=3)
    with pytest.raises(dukec.ExperimentError, match="unknown tile 'Nobody'"):
        dukec.value("Nobody", games=2, policy="random", workers=1)
    with pytest.raises(TypeError, match="tile must be a name"):
        dukec.value(3)  # type: ignore[arg-type]
