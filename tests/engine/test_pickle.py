"""Rules and the engine's game pickle and load, by value, in whichever engine runs (compiled or
pure): rules travel as their tile set and game set's name and are made once per process; a game
travels as its rules, the position it began at and the actions played since, and goes on and
takes back as the game it was pickled from."""

from __future__ import annotations

import functools
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dukec.engine import Game, Rules, load_rules, position_from_json
from dukec.engine import rules as rules_module
from dukec.engine.rules import rules_from_json
from tests.engine.conftest import build
from tests.engine.corpus_games import corpus_rules

REPO = Path(__file__).resolve().parents[2]
#: Game sets with every kind of turn: the base game's, the dragon, terrain that folds into the
#: tables, points, and the custom set with every icon, ability and terrain tile.
SETS = ("base", "dragon", "terrain", "counting-coup", "dynastic-dispute", "everything")


@functools.cache
def rules_of(set_name: str) -> Rules:
    return corpus_rules(set_name)


def played(rules: Rules, seed: int, plies: int) -> Game:
    game = Game(rules, seed=seed, ply_limit=200)
    rng = random.Random(seed)
    for _ in range(plies):
        if not game.play_random(rng):
            break
    return game


def undone(game: Game) -> Game:
    """A copy taken back to where the game began."""
    start = game.copy()
    while start.history:
        start.undo()
    return start


def test_rules_pickle_as_their_tile_set_and_load_as_the_same_rules() -> None:
    rules = rules_of("dragon")
    data = pickle.dumps(rules)
    # The tile set's text and a few names: no tables.
    assert len(data) < len(rules.tileset_json) + 400
    assert pickle.loads(data) is rules
    rules_module._PICKLED.clear()
    again = pickle.loads(data)
    assert again == rules and again is not rules
    assert again.tileset_hash == rules.tileset_hash and again.expanded is not None
    assert pickle.loads(data) is again  # made once per process
    assert rules_from_json(rules.tileset_json, "dragon") is again


def test_rules_with_the_features_turn_forced_stay_forced(tileset: dict[str, object]) -> None:
    base = load_rules(tileset, "base")
    forced = base.with_expanded()
    assert base.expanded is None and forced.expanded is not None
    rules_module._PICKLED.clear()
    loaded = pickle.loads(pickle.dumps(forced))
    assert loaded is forced
    rules_module._PICKLED.clear()
    data = pickle.dumps(forced)
    rules_module._PICKLED.clear()
    assert pickle.loads(data).expanded is not None
    assert pickle.loads(pickle.dumps(base)).expanded is None


@pytest.mark.parametrize("set_name", SETS)
def test_a_pickled_game_goes_on_and_takes_back_as_the_game_does(set_name: str) -> None:
    rules = rules_of(set_name)
    for seed in (1, 2):
        game = Game(rules, seed=seed, ply_limit=200)
        rng = random.Random(seed)
        for ply in range(90):
            if ply % 15 == 0:
                loaded = pickle.loads(pickle.dumps(game))
                assert type(loaded) is Game and loaded.rules is game.rules
                assert (loaded.seed, loaded.ply_limit) == (game.seed, 200)
                assert loaded.state_key() == game.state_key(), (seed, ply)
                assert loaded.legal_actions() == game.legal_actions()
                twin, ours, theirs = game.copy(), random.Random(ply), random.Random(ply)
                for _ in range(25):
                    assert twin.play_random(ours) == loaded.play_random(theirs)
                    assert twin.state_key() == loaded.state_key()
                assert undone(loaded).state_key() == undone(game).state_key()
            if not game.play_random(rng):
                break


def test_a_game_from_a_position_pickles_back_to_that_position() -> None:
    rules = rules_of("terrain")
    game = build(
        rules,
        ["c1 Duke 0", "d6 Duke 1", "c2 Footman 0 back"],
        bags=(["Pikeman"], ["Pikeman"]),
        seed=9,
        terrain=[{"tile": "Mountain", "at": "c4"}],
    )
    start = game.state_key()
    rng = random.Random(3)
    for _ in range(6):
        game.play_random(rng)
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.state_key() == game.state_key() and loaded.seed == 9
    assert undone(loaded).state_key() == start


def test_a_game_pickled_in_one_process_loads_in_another() -> None:
    game = played(rules_of("dragon"), seed=4, plies=40)
    code = (
        "import pickle, sys; import dukec; game = pickle.loads(sys.stdin.buffer.read()); "
        "print(game.rules.set_name, game.ply, game.state_key() == pickle.loads(pickle.dumps("
        "game)).state_key()); print(sorted(str(a) for a in game.legal_actions()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps(game),
        capture_output=True,
        check=True,
        cwd=REPO,
    )
    first, second = done.stdout.decode().splitlines()
    assert first == f"dragon {game.ply} True"
    assert second == str(sorted(str(a) for a in game.legal_actions()))


def test_a_game_at_its_set_up_and_one_read_from_json_pickle_alike(
    tileset: dict[str, object],
) -> None:
    rules = load_rules(tileset, "base")
    fresh = Game(rules, seed=5)
    assert pickle.loads(pickle.dumps(fresh)).state_key() == fresh.state_key()
    read = position_from_json(rules, {"to_move": 1, "board": [], "bags": [[], []]}, seed=2)
    assert pickle.loads(pickle.dumps(read)).state_key() == read.state_key()
