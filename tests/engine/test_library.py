"""The library's front door: a namespace of public names alone, each with a docstring; the game
as text; actions that print in notation; python-chess's push, pop, peek, copy and outcome, with
pop taking back exactly what push did in every kind of game set; ``dukec.new_game``."""

from __future__ import annotations

import ast
import copy
import doctest
import functools
import inspect
import itertools
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import dukec
import dukec.compiler
import dukec.engine
from dukec.engine import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    NotationError,
    Reason,
    Result,
    Rules,
    RulesError,
    facade,
)
from dukec.engine.text import board_text
from tests.engine.conftest import build
from tests.engine.corpus_games import corpus_rules

REPO = Path(__file__).resolve().parents[2]
#: Game sets with every kind of turn: the base game's, the dragon, terrain, an objective that
#: counts points, and the custom set with every icon, ability and terrain tile.
SETS = ("base", "dragon", "terrain", "counting-coup", "dark-rider", "everything")
#: The set-up of the base game the examples play.
SETUP = ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]


@functools.cache
def rules_of(set_name: str) -> Rules:
    """A corpus game set's rules, built once."""
    return corpus_rules(set_name)


def set_up(seed: int = 7) -> Game:
    """A base game just after its set-up."""
    game = Game(rules_of("base"), seed=seed)
    for text in SETUP:
        game.push_notation(text)
    return game


# ---------------------------------------------------------------------------- the namespace


@pytest.mark.parametrize("module", [dukec, dukec.engine], ids=["dukec", "dukec.engine"])
def test_dir_shows_the_public_names_alone(module: ModuleType) -> None:
    assert dir(module) == sorted(module.__all__)
    for name in module.__all__:
        assert getattr(module, name) is not None
    for name in ("Any", "TYPE_CHECKING", "annotations", "kernel", "game", "facade"):
        assert name not in dir(module)


def test_the_package_gives_the_libraries_the_engines_and_the_compilers_names() -> None:
    import dukec.library.game
    import dukec.library.tilesets

    assert dukec.Game is dukec.library.game.Game
    assert dukec.Action is dukec.engine.Action
    assert dukec.load_rules is dukec.library.tilesets.load_rules
    assert dukec.load_tileset is dukec.library.tilesets.load_tileset
    assert dukec.CompileError is dukec.compiler.CompileError
    with pytest.raises(AttributeError, match="module 'dukec' has no attribute 'Gmae'"):
        _ = dukec.Gmae


def test_importing_the_package_imports_neither_engine_nor_compiler() -> None:
    code = (
        "import sys, dukec; print(sorted(m for m in ('lark', 'dukec.engine', 'dukec.compiler')"
        " if m in sys.modules)); dukec.Game; print('lark' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert done.stdout.splitlines() == ["[]", "False"]


# ---------------------------------------------------------------------------- docstrings


def attribute_docstrings(path: Path) -> set[str]:
    """Names assigned at the top of a module with a docstring right after (what mkdocstrings
    shows for a constant)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    found = set()
    for statement, after in itertools.pairwise(body):
        documented = (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        )
        if documented and isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


@functools.cache
def documented_constants() -> frozenset[str]:
    """The constants of the package (its version in ``dukec/version.py``) and the engine that
    have a docstring."""
    package = [REPO / "dukec" / "__init__.py", REPO / "dukec" / "version.py"]
    sources = [*package, *sorted((REPO / "dukec" / "engine").glob("*.py"))]
    return frozenset().union(*(attribute_docstrings(path) for path in sources))


@functools.cache
def top_level_docstrings(module: str) -> dict[str, str | None]:
    """Each class and function defined at the top of a module, with its docstring."""
    compiled_or_not = Path(inspect.getfile(sys.modules[module]))
    source = compiled_or_not.with_name(compiled_or_not.name.split(".")[0] + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    kinds = (ast.ClassDef, ast.FunctionDef)
    return {node.name: ast.get_docstring(node) for node in tree.body if isinstance(node, kinds)}


def undocumented(module: ModuleType) -> list[str]:
    """The names of ``module.__all__`` without a docstring of their own in the source (the
    compiled engine keeps none at run time: what the docs read is the source)."""
    constants = documented_constants()
    missing = []
    for name in module.__all__:
        value = getattr(module, name)
        if isinstance(value, ModuleType):  # a callable package (dukec.balance)
            documented = bool(value.__doc__) and bool(type(value).__call__.__doc__)
        elif inspect.isclass(value) or inspect.isroutine(value):
            documented = bool(top_level_docstrings(value.__module__).get(value.__name__))
        else:
            documented = name in constants
        if not documented:
            missing.append(name)
    return missing


@pytest.mark.parametrize("module", [dukec, dukec.engine], ids=["dukec", "dukec.engine"])
def test_every_public_name_has_a_docstring(module: ModuleType) -> None:
    assert undocumented(module) == []


def test_the_docstring_walk_finds_a_name_without_one() -> None:
    bare = ModuleType("bare")
    bare.__all__ = ["play", "seed", "LIMIT"]  # type: ignore[attr-defined]
    bare.play = test_the_docstring_walk_finds_a_name_without_one  # type: ignore[attr-defined]
    bare.seed = public_methods  # type: ignore[attr-defined]
    bare.LIMIT = 3  # type: ignore[attr-defined]
    assert undocumented(bare) == ["play", "LIMIT"]


def public_methods(tree: ast.Module, class_name: str) -> dict[str, str | None]:
    """Each public method (and ``__str__``/``__repr__``) of a class, with its docstring."""
    (found,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name]
    return {
        node.name: ast.get_docstring(node)
        for node in found.body
        if isinstance(node, ast.FunctionDef)
        and (not node.name.startswith("_") or node.name in ("__str__", "__repr__"))
    }


def test_every_public_method_of_game_and_action_has_a_docstring() -> None:
    engine = REPO / "dukec" / "engine"
    methods = {
        **public_methods(ast.parse((engine / "game.py").read_text()), "Game"),
        **public_methods(ast.parse((engine / "state.py").read_text()), "FeatureState"),
    }
    front_door = {"push", "push_notation", "pop", "peek", "copy", "is_game_over", "outcome"}
    assert front_door | {"parse_action", "notation", "legal_actions", "__str__"} <= set(methods)
    assert [name for name, doc in methods.items() if not doc] == []
    action = public_methods(ast.parse((engine / "facade.py").read_text()), "Action")
    assert set(action) == {"__str__", "__repr__"}
    assert all(action.values())


def test_the_examples_in_the_docstrings_run() -> None:
    for module in (dukec, facade):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 5
        assert result.failed == 0


# ---------------------------------------------------------------------------- the game as text


def test_str_of_a_game_is_the_board_with_labels_and_a_status_line() -> None:
    game = set_up()
    game.push_notation("c2-c3")
    assert str(game) == "\n".join(
        [
            "      a      b      c      d      e      f",
            "  6   .      .      .     duk    foo     .",
            "  5   .      .      .     foo     .      .",
            "  4   .      .      .      .      .      .",
            "  3   .      .     FOO'    .      .      .",
            "  2   .      .      .      .      .      .",
            "  1   .     FOO    DUK     .      .      .",
            "player 0: 16 in the bag; lost: none",
            "player 1: 16 in the bag; lost: none",
            "ply 1: player 1 to move",
        ]
    )


def test_str_of_a_game_shows_terrain() -> None:
    game = build(
        rules_of("terrain"),
        ["c1 Duke 0", "d6 Duke 1", "c2 Footman 0 back"],
        terrain=[{"tile": "Mountain", "at": "c4"}],
    )
    lines = str(game).splitlines()
    assert lines[3] == "  4   .      .     ~Mou    .      .      ."
    assert lines[5] == "  2   .      .     FOO'    .      .      ."
    assert lines[-1] == "ply 0: player 0 to move"
    assert str(game) == f"{board_text(game)}\nply 0: player 0 to move"


def test_repr_of_a_game_says_the_set_the_ply_and_who_is_to_do_what() -> None:
    game = Game(rules_of("base"), seed=7)
    assert repr(game) == "<Game 'base' ply 0: player 0 to place Duke>"
    for text in SETUP:
        game.push_notation(text)
    assert repr(game) == "<Game 'base' ply 0: player 0 to move>"
    game.push_notation("draw")
    drawn = game.rules.types[game.placement_tile()].name
    assert repr(game) == f"<Game 'base' ply 0: player 0 to place {drawn}>"


def test_no_line_of_the_text_ends_in_a_space() -> None:
    game = set_up()
    assert all(line == line.rstrip() for line in str(game).splitlines())


# ---------------------------------------------------------------------------- actions


def test_actions_the_game_hands_out_print_in_notation() -> None:
    game = set_up()
    legal = game.legal_actions()
    assert [str(a) for a in legal] == [
        "b1-a1",
        "b1-b2",
        "c1-d1",
        "c1-e1",
        "c1-f1",
        "c2-b2",
        "c2-c3",
        "c2-d2",
        "draw",
    ]
    assert repr(legal[6]) == "Action('c2-c3')"
    assert legal[6] == (ActionKind.MOVE, 8, 14, -1, -1)
    assert legal[6] == Action(0, 8, 14)
    assert hash(legal[6]) == hash((0, 8, 14, -1, -1))
    assert game.parse_action("c2-c3") == legal[6]
    assert repr(game.parse_action("c2-c3")) == "Action('c2-c3')"


def test_an_action_keeps_its_notation_after_the_game_moves_on() -> None:
    game = set_up()
    (duke_move,) = [a for a in game.legal_actions() if str(a) == "c1-d1"]
    game.push(duke_move)
    game.push_notation("d6-c6")
    assert str(duke_move) == "c1-d1"
    # Read against the board of now, where the Duke stands on d1, it would be a capture.
    assert game.notation(duke_move) == "c1xd1"


def test_an_action_made_by_hand_shows_its_fields() -> None:
    assert repr(Action(ActionKind.MOVE, 35, 29)) == "Action(kind=MOVE, frm=35, to=29)"
    assert str(Action(ActionKind.DRAW, tile=3)) == "Action(kind=DRAW, tile=3)"
    assert repr(Action(99)) == "Action(kind=99)"
    game = set_up()
    assert game.notation(Action(ActionKind.MOVE, 8, 14)) == "c2-c3"


def test_copies_and_pickles_of_an_action_are_the_plain_value() -> None:
    action = set_up().parse_action("c2-c3")
    assert copy.copy(action) is action
    assert copy.deepcopy(action) is action
    again = pickle.loads(pickle.dumps(action))
    assert again == action
    assert type(again) is Action
    assert repr(again) == "Action(kind=MOVE, frm=8, to=14)"
    assert json.dumps(action) == "[0, 8, 14, -1, -1]"
    assert action._replace(to=20) == (0, 8, 20, -1, -1)
    assert repr(action._replace(to=20)) == "Action(kind=MOVE, frm=8, to=20)"


@pytest.mark.parametrize("set_name", SETS)
def test_every_legal_action_reads_back_from_its_notation(set_name: str) -> None:
    rules = rules_of(set_name)
    rng = random.Random(5)
    for seed in range(2):
        game = Game(rules, seed=seed, ply_limit=80)
        while not game.is_game_over():
            legal = game.legal_actions()
            for action in legal:
                assert str(action) == game.notation(action)
                assert repr(action) == f"Action({str(action)!r})"
                assert game.parse_action(str(action)) == action
            game.push(rng.choice(legal))


# ---------------------------------------------------------------------------- push and pop


@pytest.mark.parametrize("set_name", SETS)
def test_pop_takes_back_exactly_what_push_did(set_name: str) -> None:
    rules = rules_of(set_name)
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(rules, seed=seed, ply_limit=100)
        start = game.state_key()
        keys: list[tuple[Any, ...]] = []
        texts: list[str] = []
        pushed: list[Action] = []
        while not game.is_game_over():
            action = rng.choice(game.legal_actions())
            keys.append(game.state_key())
            texts.append(str(action))
            game.push(action)
            pushed.append(action)
            after = game.state_key()
            assert game.peek() == action
            assert str(game.peek()) == texts[-1]
            assert game.state_key() == after
        assert len(pushed) > 10
        while pushed:
            popped = game.pop()
            assert popped == pushed.pop()
            assert str(popped) == texts.pop()
            assert game.state_key() == keys.pop()
        assert game.state_key() == start
        with pytest.raises(IndexError, match="no action to take back"):
            game.pop()


def test_a_copy_plays_and_takes_back_on_its_own() -> None:
    game = Game(rules_of("dragon"), seed=2)
    rng = random.Random(2)
    for _ in range(30):
        game.push(rng.choice(game.legal_actions()))
    before = game.state_key()
    twin = game.copy()
    assert twin.state_key() == before
    # The rules' tables are shared, not copied (a copy costs the game's state only).
    assert twin.move_actions is game.move_actions is game.rules.move_actions
    assert twin.strike_actions is game.strike_actions is game.rules.strike_actions
    assert str(twin) == str(game)
    for _ in range(10):
        twin.push(rng.choice(twin.legal_actions()))
    assert game.state_key() == before
    for _ in range(10):
        twin.pop()
    assert twin.state_key() == before
    for _ in range(30):
        assert twin.pop() == game.pop()
        assert twin.state_key() == game.state_key()


def test_push_refuses_an_illegal_action_and_plays_nothing() -> None:
    game = set_up()
    before = game.state_key()
    with pytest.raises(IllegalActionError) as caught:
        game.push(Action(ActionKind.MOVE, 8, 20))
    assert str(caught.value) == (
        "Action(kind=MOVE, frm=8, to=20) is not legal here "
        "(legal: b1-a1, b1-b2, c1-d1, c1-e1, c1-f1, c2-b2, c2-c3, c2-d2, draw)"
    )
    assert isinstance(caught.value, ValueError)
    with pytest.raises(NotationError, match="'c2-c5' is not a legal action here"):
        game.push_notation("c2-c5")
    assert game.state_key() == before


def test_the_refusal_of_text_points_to_push_notation() -> None:
    error = facade.illegal(set_up(), "c2-c3")  # type: ignore[arg-type]
    assert (
        str(error)
        == "'c2-c3' is not an action; push_notation('c2-c3') plays the action that text names"
    )


def test_push_refuses_any_action_once_the_game_is_over() -> None:
    game = set_up()
    stale = game.parse_action("c2-c3")
    game.apply(Action(ActionKind.MOVE, 8, 14))
    game.over = Result(1, Reason.RESIGNED)
    with pytest.raises(IllegalActionError) as caught:
        game.push(stale)
    assert str(caught.value) == (
        "Action('c2-c3') cannot be played: the game is over (player 1 wins: resigned)"
    )


def test_a_forced_draw_is_pushed_like_any_action() -> None:
    game = set_up()
    tile = game.bags[0][-1]
    game.push(Action(ActionKind.DRAW, tile=tile))
    assert game.drawn == tile
    assert str(game.pop()) == f"draw({game.rules.types[tile].name})"


# ---------------------------------------------------------------------------- the outcome


def test_outcome_is_none_until_the_game_ends_then_says_who_won_and_why() -> None:
    game = Game(rules_of("base"), seed=3, ply_limit=6)
    rng = random.Random(3)
    while not game.is_game_over():
        assert game.outcome() is None
        game.push(rng.choice(game.legal_actions()))
    outcome = game.outcome()
    assert outcome == Result(None, Reason.PLY_LIMIT)
    assert str(outcome) == "draw: ply limit"
    assert repr(game) == "<Game 'base' ply 6: draw: ply limit>"
    assert str(game).endswith("\nply 6: draw: ply limit")
    assert game.legal_actions() == []
    game.pop()
    assert not game.is_game_over()
    assert str(Result(0, Reason.DUKE_CAPTURED)) == "player 0 wins: duke captured"


# ---------------------------------------------------------------------------- new_game


def test_new_game_plays_the_packaged_tiles_by_default() -> None:
    game = dukec.new_game()
    assert game.rules.set_name == "base"
    assert (game.seed, game.ply_limit, game.ply()) == (0, None, 0)


def test_new_game_takes_a_tile_set_or_its_path(tmp_path: Path) -> None:
    tileset: dict[str, Any] = dukec.load_tileset()
    game = dukec.new_game("terrain", tileset=tileset, seed=4, ply_limit=50)
    assert (game.rules.set_name, game.seed, game.ply_limit) == ("terrain", 4, 50)
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(tileset), encoding="utf-8")
    assert dukec.new_game("dragon", tileset=path).rules.set_name == "dragon"
    assert dukec.new_game(tileset=str(path)).rules.tileset_hash == game.rules.tileset_hash


def test_new_game_names_an_unknown_game_set() -> None:
    with pytest.raises(RulesError) as caught:
        dukec.new_game("terain")
    assert str(caught.value) == "no game set named 'terain' (did you mean 'terrain'?)"
