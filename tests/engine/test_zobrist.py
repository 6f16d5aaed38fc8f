"""Zobrist keys: the key kept by apply and undo equals the key computed from scratch, on every
game set, and it tells apart states that differ, features' state included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.commands.common import load_tileset
from dukec.engine import Action, ActionKind, Banner, Game, load_rules, turn
from dukec.engine.zobrist import Keyed, zobrist_for
from dukec.players.moves import base_like

TILESET: dict[str, Any] = load_tileset(None)
GAME_SETS = sorted(s["name"] for s in TILESET["sets"])


def _walk(game: Game, rng: random.Random, steps: int) -> int:
    """Random applies and undos inside ``Keyed``; checks the key, the masks of the tiles'
    squares, and what the numbers of the bags and of the features' state stand for, after
    each; returns the steps."""
    numbers = zobrist_for(game.rules)
    done = 0
    # The bags under each number ``keyed.bags`` has had: one content a number.
    bags: dict[int, tuple[list[int], list[int]]] = {}
    extras: dict[int, tuple[bool, bool]] = {}
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
            if rng.random() < 0.5:
                # Looked at after some steps only, as a search looks: the masks and the bags'
                # parts left out of date by a feature's action are kept up to date from then.
                keyed.refresh()
                for owner, occupied in enumerate((keyed.occupied0, keyed.occupied1)):
                    assert occupied == sum(1 << s for s in game.pieces[owner])
                assert (keyed.bag0, keyed.bag1) == tuple(
                    numbers.tiles(numbers.bag, owner, game.bags[owner]) for owner in range(2)
                )
            now = (list(game.bags[0]), list(game.bags[1]))
            assert bags.setdefault(keyed.bags, now) == now
            # What a search reads of the board beyond its tiles, under each ``extras``.
            board = (base_like(game), not game.features or turn.base_board(game))
            assert extras.setdefault(keyed.extras, board) == board
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


def _rule_state(game: Game) -> tuple[Any, ...]:
    """Everything a key stands for: the whole state but the ply and what was said, with the
    tiles of bags, of the captured, taken and boxed lists and of the pool in any order."""
    state = list(game.state_key())
    for index in (3, 4, 19, 20):  # bags, captured, taken, boxed: (owner 0's, owner 1's)
        state[index] = tuple(tuple(sorted(tiles)) for tiles in state[index])
    state[23] = tuple(sorted(state[23]))  # the draft pool
    del state[26]  # what was said
    del state[9]  # the ply
    return tuple(state)


@pytest.mark.parametrize("name", [n for n in GAME_SETS if n != "base"])
def test_keys_tell_apart_the_states_of_game_sets_with_features(name: str) -> None:
    """Random games of a game set with features: one key, one state (as the rules see it)."""
    rules = load_rules(TILESET, name)
    numbers = zobrist_for(rules)
    seen: dict[int, tuple[Any, ...]] = {}
    for seed in range(6):
        game = Game(rules, seed=seed, ply_limit=200)
        rng = random.Random(seed)
        while game.result is None and game.play_random(rng):
            state = _rule_state(game)
            assert seen.setdefault(numbers.key(game), state) == state
    assert len(seen) > 100


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


def _lay(game: Game, square: int, kind: int) -> None:
    game.terrain[square] = kind
    game.terrain_on = True


#: Each part of the features' state, changed in place on a game (keys must tell the change).
CHANGES: dict[str, Any] = {
    "terrain": lambda g: _lay(g, 0, 0),
    "banner": lambda g: g.flags.append(Banner(1, 0, 0)),
    "banner queue": lambda g: g.flag_queue.append(0),
    "banner to move": lambda g: setattr(g, "relocate", 0),
    "dragon facing": lambda g: setattr(g.dragon, "fx", g.dragon.fx + 1),
    "dragon enraged": lambda g: setattr(g.dragon, "enraged", not g.dragon.enraged),
    "dragon rests": lambda g: setattr(g.dragon, "rest", not g.dragon.rest),
    "dragon turns": lambda g: setattr(g.dragon, "reorient", not g.dragon.reorient),
    "frozen": lambda g: g.frozen.add(2),
    "covered": lambda g: g.covered.add(2),
    "settled": lambda g: g.settled.add(2),
    "points": lambda g: g.scores.__setitem__(1, g.scores[1] + 1),
    "captured": lambda g: g.captured[0].append(1),
    "taken": lambda g: g.taken[1].append(1),
    "boxed": lambda g: g.boxed[0].append(1),
    "pending": lambda g: g.pending.append(1),
    "pool": lambda g: g.pool.append(1),
    "draws": lambda g: setattr(g, "draws", g.draws + 1),
    "events": lambda g: setattr(g, "events", g.events + 1),
}


@pytest.mark.parametrize("part", sorted(CHANGES))
def test_every_part_of_the_features_state_changes_the_key(part: str) -> None:
    rules = load_rules(TILESET, "dragon")
    game = Game(rules, seed=2, ply_limit=200)
    rng = random.Random(2)
    for _ in range(30):
        game.play_random(rng)
    numbers = zobrist_for(rules)
    before = numbers.key(game)
    CHANGES[part](game)
    assert numbers.key(game) != before
