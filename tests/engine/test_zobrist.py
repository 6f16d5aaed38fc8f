"""Zobrist keys: the key kept by apply and undo equals the key computed from scratch, on every
game set, and it tells apart states that differ."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.commands.common import load_tileset
from dukec.engine import Action, ActionKind, Game, load_rules
from dukec.engine.zobrist import Keyed, zobrist_for

TILESET: dict[str, Any] = load_tileset(None)
GAME_SETS = sorted(s["name"] for s in TILESET["sets"])


def _walk(game: Game, rng: random.Random, steps: int) -> int:
    """Random applies and undos inside ``Keyed``; checks the key after each; returns the steps."""
    numbers = zobrist_for(game.rules)
    done = 0
    with Keyed(game) as keyed:
        for _ in range(steps):
            actions = game.legal_actions()
            if actions and (game.ply == 0 or rng.random() < 0.7):
                action = actions[int(rng.random() * len(actions))]
                if action.kind == ActionKind.DRAW and rng.random() < 0.5:
                    # A forced draw, as the search plays it.
                    bag = game.bags[game.to_move]
                    action = Action(ActionKind.DRAW, tile=bag[int(rng.random() * len(bag))])
                game.apply(action)
            elif game.history:
                game.undo()
            else:
                break
            done += 1
            assert keyed.key == numbers.key(game)
    return done


def _state(game: Game) -> tuple[Any, ...]:
    bags = (sorted(game.bags[0]), sorted(game.bags[1]))
    return (tuple(game.board), game.to_move, game.phase, game.drawn, bags)


def test_there_are_game_sets_with_features() -> None:
    assert "base" in GAME_SETS and len(GAME_SETS) >= 5


@pytest.mark.parametrize("name", GAME_SETS)
def test_incremental_key_equals_key_from_scratch(name: str) -> None:
    rules = load_rules(TILESET, name)
    steps = 0
    for seed in range(4):
        steps += _walk(Game(rules, seed=seed, ply_limit=200), random.Random(seed), 250)
    assert steps > 600


def test_the_game_lets_go_of_the_key_after_a_search() -> None:
    rules = load_rules(TILESET, "base")
    game = Game(rules, seed=3)
    with Keyed(game) as keyed:
        assert game.keyed is keyed
    assert game.keyed is None


def test_keys_tell_apart_the_player_to_move_the_bag_and_the_squares() -> None:
    rules = load_rules(TILESET, "base")
    numbers = zobrist_for(rules)
    game = Game(rules, seed=1)
    rng = random.Random(1)
    seen: dict[int, tuple[Any, ...]] = {}
    for _ in range(300):
        if not game.play_random(rng):
            break
        state = _state(game)
        key = numbers.key(game)
        assert seen.setdefault(key, state) == state
    assert len(seen) > 50


def test_a_transposition_has_one_key() -> None:
    """Two move orders that reach the same position give the same key."""
    rules = load_rules(TILESET, "base")
    game = Game(rules, seed=5)
    rng = random.Random(5)
    found = 0
    with Keyed(game) as keyed:
        for _ in range(200):
            game.play_random(rng)
            if game.result is not None:
                break
            moves = [a for a in game.legal_actions() if a.kind == ActionKind.MOVE]
            if not moves:
                continue
            first = moves[int(rng.random() * len(moves))]
            game.apply(first)
            reply = game.legal_actions()[0]
            game.apply(reply)
            later = [
                a
                for a in game.legal_actions()
                if a.kind == ActionKind.MOVE and first.to not in (a.frm, a.to)
            ]
            if reply.kind == ActionKind.MOVE and later:
                second = later[0]
                game.apply(second)
                one_order = keyed.key
                one_state = _state(game)
                game.undo()
                game.undo()
                game.undo()
                if second in game.legal_actions():
                    game.apply(second)
                    if reply in game.legal_actions():
                        game.apply(reply)
                        if first in game.legal_actions():
                            game.apply(first)
                            same = _state(game) == one_state
                            found += same
                            assert (one_order == keyed.key) == same
                            game.undo()
                        game.undo()
                    game.undo()
            else:
                game.undo()
                game.undo()
    assert found > 5
