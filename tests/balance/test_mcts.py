"""The mcts policy: legal actions, the same choice from the same seed, the budget kept, draws as
chance nodes, and every game set played to the end."""

from __future__ import annotations

from typing import Any

import pytest

from dukec.commands.common import load_tileset
from dukec.engine import ActionKind, Game, Phase, format_action, load_rules
from dukec.players.mcts import MctsPlayer
from dukec.players.policies import make_policy
from tests.engine.conftest import build

TILESET: dict[str, Any] = load_tileset(None)
GAME_SETS = sorted(s["name"] for s in TILESET["sets"])


def _opening(name: str = "base", seed: int = 3) -> Game:
    rules = load_rules(TILESET, name)
    game = Game(rules, seed=seed, ply_limit=200)
    player = make_policy("greedy", seed, 1)
    while game.phase is not Phase.PLAY:
        action = player.choose(game)
        assert action is not None
        game.apply(action)
    return game


def test_mcts_is_made_by_name() -> None:
    player = make_policy("mcts", 1, 300)
    assert isinstance(player, MctsPlayer) and player.budget == 300 and player.name == "mcts"


def test_the_same_seed_gives_the_same_choice_and_leaves_the_game_as_it_was() -> None:
    game = _opening()
    before = game.state_key()
    choices = {format_action(game, MctsPlayer(9, 400).choose(game)) for _ in range(2)}  # type: ignore[arg-type]
    assert len(choices) == 1
    assert game.state_key() == before


def test_the_budget_counts_applied_actions() -> None:
    game = _opening()
    player = MctsPlayer(1, 250)
    player.choose(game)
    # An iteration stops once the budget is spent; its playout adds at most a few plies.
    assert 250 <= player.nodes <= 250 + 2 + 6 + 40


def test_a_draw_is_a_chance_node_over_the_bag() -> None:
    """With a draw among the actions, its outcomes are visited in proportion to the bag."""
    rules = load_rules(TILESET, "base")
    game = build(
        rules,
        ["c1 Duke 0", "f6 Duke 1"],
        bags=(["Footman", "Footman", "Footman", "Knight"], []),
    )
    actions = game.legal_actions()
    assert any(a.kind == ActionKind.DRAW for a in actions)
    player = MctsPlayer(2, 3000)
    player.choose(game)
    assert player.tree is not None
    draw = next(c for c in player.tree.children if c.outcomes is not None)
    outcomes = draw.outcomes
    assert outcomes is not None
    footman, knight = rules.type_named("Footman"), rules.type_named("Knight")
    assert set(outcomes) == {footman, knight}
    visits = {tile: node.visits for tile, (_, node) in outcomes.items()}
    assert outcomes[footman][0] == 0.75 and outcomes[knight][0] == 0.25
    assert abs(visits[footman] - 3 * visits[knight]) <= 3


def test_mcts_takes_a_duke_left_en_prise() -> None:
    rules = load_rules(TILESET, "base")
    game = build(rules, ["a1 Duke 0", "f1 Footman 0", "c5 Duke 1", "c4 Footman 0", "f6 Pikeman 1"])
    action = MctsPlayer(4, 600).choose(game)
    assert action is not None and format_action(game, action) == "c4xc5"


@pytest.mark.parametrize("name", GAME_SETS)
def test_mcts_plays_every_game_set_to_the_end(name: str) -> None:
    rules = load_rules(TILESET, name)
    game = Game(rules, seed=6, ply_limit=30)
    players = [make_policy("mcts", 1, 60), make_policy("search", 2, 60)]
    while game.result is None:
        action = players[game.to_move].choose(game)
        assert action is not None and game.is_legal(action)
        game.apply(action)
    assert game.result is not None
