"""``dukec.Game``, the library's game: python-chess's words over the engine's game, typed tiles
on squares, the live view of the legal actions, the position as one line, copies and pickles
that play on, and a docstring with an example on every public name."""

from __future__ import annotations

import copy
import inspect
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import dukec
from dukec.engine import Action, ActionKind, IllegalActionError, NotationError, PositionError
from dukec.library.game import Game
from dukec.library.views import LegalMoves, Outcome, Tile

REPO = Path(__file__).resolve().parents[2]
SETUP = ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]
#: Game sets with every kind of turn (the custom set's tile set is not shipped).
SETS = ("base", "dragon", "terrain", "counting-coup", "dark-rider", "dynastic-dispute")


def set_up() -> Game:
    game = dukec.Game(seed=7)
    for text in SETUP:
        game.push_notation(text)
    return game


def played(set_name: str, seed: int, plies: int) -> Game:
    """A game of ``set_name`` after up to ``plies`` random actions."""
    game = dukec.Game(set_name=set_name, seed=seed, ply_limit=200)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_game_over():
            break
        game.push(rng.choice(game.legal_actions()))
    return game


def test_a_game_prints_and_so_do_its_legal_moves_from_a_plain_interpreter() -> None:
    code = "import dukec; g = dukec.Game(); print(g); print(g.legal_moves)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "      a      b      c      d      e      f"
    assert lines[-2:] == ["ply 0: player 0 to place Duke", "<LegalMoves (Duke@c1, Duke@d1)>"]


def test_every_public_callable_has_a_docstring_at_run_time() -> None:
    for name in dukec.__all__:
        value = getattr(dukec, name)
        if callable(value):
            assert (value.__doc__ or "").strip(), name
    for cls in (Game, Tile, Outcome, LegalMoves):
        for member, value in vars(cls).items():
            # The dataclasses' own __repr__ is the dataclass module's.
            shown = ("__str__", "__contains__", *(() if cls in (Tile, Outcome) else ("__repr__",)))
            if member.startswith("_") and member not in shown:
                continue
            target = value.fget if isinstance(value, property) else value
            if callable(target) or isinstance(value, property):
                assert (target.__doc__ or "").strip(), f"{cls.__name__}.{member}"


def test_every_public_method_and_property_of_game_shows_an_example() -> None:
    public = [name for name in vars(Game) if not name.startswith("_")]
    without = [name for name in public if ">>>" not in (inspect.getdoc(getattr(Game, name)) or "")]
    assert without == []
    assert ">>>" in (Game.__doc__ or "")


def test_the_opening_is_in_the_legal_moves_by_notation_and_by_action() -> None:
    game = set_up()
    moves = game.legal_moves
    assert "c2-c3" in moves
    assert "c2-c4" not in moves and "nonsense" not in moves and 42 not in moves
    assert Action(ActionKind.MOVE, 8, 14) in moves and (0, 8, 14, -1, -1) in moves
    assert (True, 8, 14, -1, -1) not in moves
    assert len(moves) == moves.count() == 9 and bool(moves)
    assert [str(a) for a in moves][:3] == ["b1-a1", "b1-b2", "c1-d1"]
    # A live view: it follows the game.
    game.push_notation("c2-c3")
    assert "c2-c3" not in moves and "d6-c6" in moves


def test_piece_at_takes_a_name_or_an_index_and_never_names_an_empty_square() -> None:
    for set_name in SETS:
        game = played(set_name, seed=3, plies=40)
        engine = game.engine
        names = game.rules.geometry.name
        for square in range(game.rules.geometry.size):
            tile = game.piece_at(square)
            assert tile == game.piece_at(names(square))
            if engine.board[square] < 0:
                assert tile is None
                with pytest.raises(ValueError, match=f"no tile on {names(square)}"):
                    engine.tile_name(square)
            else:
                assert tile is not None and tile.name == engine.tile_name(square)
                assert (tile.owner, tile.side) == (
                    engine.board[square] & 1,
                    ("front", "back")[(engine.board[square] >> 1) & 1],
                )
        assert game.piece_map() == {
            names(s): t for s in range(36) if (t := game.piece_at(s)) is not None
        }


def test_piece_at_refuses_what_is_not_a_square() -> None:
    game = dukec.Game()
    with pytest.raises(ValueError, match="'g1' is not a square of the 6x6 board"):
        game.piece_at("g1")
    with pytest.raises(ValueError, match="36 is not a square of the 6x6 board"):
        game.piece_at(36)
    with pytest.raises(TypeError, match="a square is a name such as 'c3' or an index"):
        game.piece_at(True)
    assert game.piece_at("C1") is None


def test_push_gives_the_action_in_notation_and_pop_takes_back_exactly_that() -> None:
    game = set_up()
    before = game.position()
    pushed = game.push((0, 8, 14, -1, -1))
    assert repr(pushed) == "Action('c2-c3')" and game.peek() is pushed
    assert game.move_stack[-1] == pushed and len(game.move_stack) == 7
    assert game.turn == 1 and game.ply() == 1
    assert game.pop() is pushed and game.position() == before
    with pytest.raises(IllegalActionError, match="push_notation\\('c2-c3'\\) plays the action"):
        game.push("c2-c3")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="is not legal here"):
        game.push(Action(ActionKind.MOVE, 8, 20))
    with pytest.raises(NotationError):
        game.push_notation("c2-c5")
    assert game.position() == before
    fresh = dukec.Game()
    with pytest.raises(IndexError, match="no action to take back"):
        fresh.pop()
    with pytest.raises(IndexError, match="no action played"):
        fresh.peek()


def test_the_end_of_a_game_reads_as_python_chess_reads_it() -> None:
    game = played("base", seed=1, plies=400)
    outcome = game.outcome()
    assert game.is_game_over() and outcome is not None
    assert game.result() == {0: "1-0", 1: "0-1", None: "1/2-1/2"}[outcome.winner]
    assert str(outcome).startswith(f"player {outcome.winner} wins: ")
    drawn = dukec.Game(ply_limit=1)
    while not drawn.is_game_over():
        drawn.push(drawn.legal_actions()[0])
    assert str(drawn.outcome()) == "drawn game: ply limit"
    assert (drawn.result(), dukec.Game().result()) == ("1/2-1/2", "*")
    assert drawn.legal_actions() == [] and not drawn.legal_moves


@pytest.mark.parametrize("set_name", SETS)
def test_copies_and_pickles_play_on_and_take_back_on_their_own(set_name: str) -> None:
    game = played(set_name, seed=5, plies=30)
    for twin in (game.copy(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert type(twin) is Game
        assert twin.position() == game.position()
        assert [str(a) for a in twin.move_stack] == [str(a) for a in game.move_stack]
        assert twin.legal_actions() == game.legal_actions()
        if twin.legal_actions():
            twin.push(twin.legal_actions()[-1])
            assert twin.position() != game.position()
            twin.pop()
        while twin.move_stack:
            twin.pop()
        assert twin.position() == dukec.Game(set_name=set_name, seed=5).position()
    assert len(game.move_stack) == 30 or game.is_game_over()


@pytest.mark.parametrize("set_name", SETS)
def test_a_game_reads_back_from_its_position_text_and_its_json(set_name: str) -> None:
    game = played(set_name, seed=2, plies=25)
    text = game.position()
    assert text.startswith(f"{set_name} ")
    for again in (
        dukec.Game(text, seed=game.seed, ply_limit=game.ply_limit),
        dukec.Game(text.split(" ", 1)[1], set_name=set_name, seed=game.seed, ply_limit=200),
        dukec.Game(game.position_json(), set_name=set_name, seed=game.seed, ply_limit=200),
    ):
        assert again.position() == text
        assert again.legal_actions() == game.legal_actions()
        assert again.move_stack == []
    loaded = pickle.loads(pickle.dumps(dukec.Game(text, seed=game.seed)))
    assert loaded.position() == text


def test_a_position_text_of_another_set_is_refused() -> None:
    text = set_up().position()
    with pytest.raises(PositionError, match="of the game set 'base', not 'dragon'"):
        dukec.Game(text, set_name="dragon")
    with pytest.raises(PositionError, match="position text, column 6"):
        dukec.Game("base x")
    with pytest.raises(TypeError, match="position must be a position text"):
        dukec.Game(42)  # type: ignore[arg-type]


def test_the_pieces_in_the_bags_and_lost() -> None:
    game = set_up()
    assert game.bags[0] == game.bags[1] and len(game.bags[0]) == 16
    assert game.captured == ((), ()) and game.drawn is None
    game.push_notation("draw")
    assert game.drawn is not None and len(game.bags[0]) == 15
    assert game.phase is dukec.Phase.PLACING and not game.in_guard()
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        game.in_guard(2)


def test_a_picture_of_the_library_game_is_the_engine_games(tmp_path: Path) -> None:
    from dukec.workbench.board import board_svg
    from dukec.workbench.render import write_board

    game = set_up()
    assert board_svg(game) == board_svg(game.engine)
    write_board(game, str(tmp_path / "board.svg"))
    assert (tmp_path / "board.svg").read_text(encoding="utf-8") == board_svg(game)
