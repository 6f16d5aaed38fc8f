"""The search's parts: the actions it tries are the legal ones, in legal order, and its order
puts the table's move, then captures by value, then killer moves first."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.commands.common import load_tileset
from dukec.engine import Game, Phase, load_rules
from dukec.engine.actions import COMMAND, ActionTuple
from dukec.players.learned import learned
from dukec.players.leaves import LearnedLeaves, Leaves
from dukec.players.moves import base_like, candidates, captures
from dukec.players.ordering import Heuristics, Ordering
from dukec.players.values import evaluation
from tests.engine.conftest import build

TILESET: dict[str, Any] = load_tileset(None)
GAME_SETS = sorted(s["name"] for s in TILESET["sets"])


@pytest.mark.parametrize("name", GAME_SETS)
def test_the_candidates_that_pass_the_test_are_the_legal_actions(name: str) -> None:
    """In random positions of every game set: the candidates marked as needing the
    Duke-danger test, once tested, and the others are the legal actions, in legal order;
    the captures are those of them that take a tile."""
    rules = load_rules(TILESET, name)
    checked = 0
    for seed in range(6):
        game = Game(rules, seed=seed, ply_limit=120)
        rng = random.Random(seed)
        while game.result is None:
            found, tests = candidates(game)
            legal = [a for i, a in enumerate(found) if not tests.needs(i) or game._check(a)]
            assert legal == game.legal_actions()
            taking, tests = captures(game)
            board = game.board
            assert [a for i, a in enumerate(taking) if not tests.needs(i) or game._check(a)] == [
                a for a in legal if a[0] <= COMMAND and a[2] >= 0 and board[a[2]] >= 0
            ]
            checked += game.phase is Phase.PLAY
            if not game.play_random(rng):
                break
    assert checked > 100


def test_the_order_is_table_move_captures_killers_then_the_rest() -> None:
    rules = load_rules(TILESET, "base")
    game = build(rules, ["a1 Duke 0", "c3 Footman 0", "c4 Pikeman 1", "f6 Duke 1", "b3 Knight 0"])
    leaves = Leaves(evaluation(rules))
    ordering = Ordering(game, leaves, Heuristics())
    ordering.start(4)
    actions: list[ActionTuple] = list(game.legal_actions())
    board = game.board
    taking = [a for a in actions if a[0] <= COMMAND and a[2] >= 0 and board[a[2]] >= 0]
    quiet = [a for a in actions if a not in taking]
    assert taking and len(quiet) > 3
    table, killer = quiet[-1], quiet[-2]
    ordering.cutoff(game, killer, 2, 1)
    ordered = [actions[i] for i in ordering.order(game, actions, table, 1)]
    assert ordered[0] == table
    assert ordered[1 : 1 + len(taking)] == taking  # one victim: the Pikeman
    assert ordered[1 + len(taking)] == killer
    assert sorted(ordered) == sorted(actions)


@pytest.mark.parametrize("name", GAME_SETS)
def test_the_leaves_answers_at_the_horizon_are_the_engines(name: str) -> None:
    """Just after scoring a position, the learned evaluation says whether the Duke is in Guard
    as the engine does, and a Duke it says can escape has a legal move; so the leaves call a
    player cornered only in Guard, and every player in Guard whom they do not call cornered
    has a legal action; a player they say can take no tile has no capture. In every game set
    (the evaluation answers where its attacks are the engine's, the engine elsewhere)."""
    rules = load_rules(TILESET, name)
    found = learned(rules)
    assert found is not None
    leaves = LearnedLeaves(evaluation(rules), found)
    answered = escaped = quiet = 0
    for seed in range(12):
        game = Game(rules, seed=seed, ply_limit=120)
        rng = random.Random(seed)
        while game.result is None:
            if game.phase is Phase.PLAY:
                me = game.to_move
                leaves.score(game, me)
                in_guard = game.in_guard()
                cornered = leaves.cornered(game, base_like(game))
                assert not cornered or in_guard
                if in_guard and not cornered:
                    assert game.legal_actions()
                if not leaves.may_take(game, base_like(game)):
                    assert not captures(game)[0]
                if base_like(game):
                    assert found.guarded(me) == in_guard
                    quiet += not found.attacks_a_tile(me)
                    if in_guard and found.escapes(game, me):
                        duke = game.duke[me]
                        assert any(a[1] == duke for a in game.legal_actions())
                        escaped += 1
                    answered += in_guard
            if not game.play_random(rng):
                break
    if name in ("base", "enhanced", "mountain", "dynastic-dispute"):
        assert answered > 20
        assert 0 < escaped < answered
        assert quiet > 20
