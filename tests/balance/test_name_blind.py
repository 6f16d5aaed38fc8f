"""The players are blind to names: renaming every tile plays the same games under every policy,
and a renamed copy is played exactly as its original, so that it is worth exactly 0."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from dukec.balance.experiments import replace
from dukec.balance.game import GameSummary
from dukec.balance.run import Observer, Settings, run
from dukec.engine import Game, Rules, load_rules
from dukec.engine.content import alike_types
from dukec.engine.extras import Objective, Swaps
from dukec.insight.value import measure
from dukec.players.alike import Alike
from dukec.players.policies import make_policy
from dukec.tileset import merge_sources
from tests.engine.test_independence import renamed

#: Every policy the players' name-blindness covers, at the budget a balance run gives it.
POLICIES = ("random", "greedy", "mcts", "search")
BUDGET = 300


def moves(rules: Rules, policy: str, seed: int, budget: int = BUDGET) -> list[tuple[int, ...]]:
    """A seeded game of ``policy`` against itself: every action, as a plain tuple."""
    game = Game(rules, seed=seed, ply_limit=200)
    players = [make_policy(policy, 2 * seed + seat, budget) for seat in (0, 1)]
    played: list[tuple[int, ...]] = []
    while game.result is None:
        action = players[game.to_move].choose(game)
        if action is None:
            break
        played.append(tuple(action))
        game.apply(action)
    return played


@pytest.mark.parametrize("policy", POLICIES)
def test_every_tile_renamed_plays_the_same_games(base_tileset: dict[str, Any], policy: str) -> None:
    other, _mapping = renamed(base_tileset)
    original, renamed_rules = load_rules(base_tileset), load_rules(other)
    # The types keep their order (by what they are), so the actions are the same numbers.
    assert [t.name for t in renamed_rules.types] != [t.name for t in original.types]
    for seed in (1, 2):
        assert moves(renamed_rules, policy, seed) == moves(original, policy, seed)


@pytest.mark.parametrize("name", ["dragon", "dynastic-dispute", "dark-rider"])
def test_every_tile_renamed_plays_the_same_games_with_features(
    base_tileset: dict[str, Any], name: str
) -> None:
    other, _mapping = renamed(base_tileset)
    original, renamed_rules = load_rules(base_tileset, name), load_rules(other, name)
    for policy in ("mcts", "search"):
        assert moves(renamed_rules, policy, 4, 100) == moves(original, policy, 4, 100)


def test_a_renamed_copy_is_taken_for_its_original(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    tileset = merge_sources(base_tileset, test_tiles)
    rules = load_rules(tileset)
    footman, copy = rules.type_named("Footman"), rules.type_named("Footsoldier")
    assert rules.alike[copy] == footman
    others = [t.index for t in rules.types if t.index not in (footman, copy)]
    assert all(rules.alike[t] == t for t in others)
    alike = Alike(rules)
    assert alike.some and alike.tile(copy) == footman and alike.tile(-1) == -1
    assert alike.action((4, -1, 7, -1, copy)) == (4, -1, 7, -1, footman)
    assert alike.action((0, 3, 9, -1, -1)) == (0, 3, 9, -1, -1)
    assert alike.distinct([(12, -1, -1, -1, copy), (12, -1, -1, -1, footman)]) == [
        (12, -1, -1, -1, copy)
    ]
    # A copy that plays another part in the game set (a win condition names it) is its own.
    data = json.loads(json.dumps(tileset))
    army = next(s for s in data["sets"] if s["name"] == "base")["armies"][0]
    army["win"] = [{"by": "capture", "tile": "Footsoldier", "count": 1}]
    marked = load_rules(data)
    assert marked.alike[marked.type_named("Footsoldier")] == marked.type_named("Footsoldier")


def test_a_tile_a_swap_a_draft_a_leader_or_capture_every_names_is_its_own(
    base_tileset: dict[str, Any],
) -> None:
    # Three tile types with the same contents: alike, until the game set names one of them.
    extras = load_rules(base_tileset).extras
    assert extras is not None
    same = ["tile", "tile", "tile"]
    assert alike_types(same, [], extras) == (0, 0, 0)
    named = [
        dataclasses.replace(extras, swaps=Swaps(on="draw", pairs=((2, 0),))),
        dataclasses.replace(extras, objective=Objective(draft=(1,))),
        dataclasses.replace(extras, leaders=(frozenset({1}), frozenset())),
        dataclasses.replace(extras, capture_every=((frozenset({1}),), ())),
    ]
    assert [alike_types(same, [], one) for one in named] == [
        (0, 1, 2),
        (0, 1, 0),
        (0, 1, 0),
        (0, 1, 0),
    ]


def _mirrored(games: list[tuple[int, GameSummary]]) -> bool:
    """Whether every pair's second game is its first played again: the same seat wins, in as
    many plies, the same way."""
    pairs = zip(games[0::2], games[1::2], strict=True)
    return all(
        (one.winner, one.plies, one.reason) == (two.winner, two.plies, two.reason)
        for (_, one), (_, two) in pairs
    )


@pytest.mark.parametrize(("policy", "seed"), [("search", 11), ("search", 12), ("mcts", 13)])
def test_a_renamed_copy_is_worth_exactly_nothing_under_the_search(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any], policy: str, seed: int
) -> None:
    tileset = merge_sources(base_tileset, test_tiles)
    settings = Settings(games=8, seed=seed, policy=policy, paired=True)
    copy = measure(tileset, None, "Footsoldier", settings)
    assert copy.worth.score == 0.5 and copy.worth.elo == 0.0
    assert _mirrored(list(copy.games))


def test_every_footman_a_renamed_copy_is_even_under_the_search(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, "base", "Footman", "Footsoldier", test_tiles)
    keep = _Keep()
    result = run(experiment, Settings(games=6, seed=5, policy="search", paired=True), observer=keep)
    assert result.tally.evidence.mean == 0.5
    assert _mirrored(keep.games)


class _Keep(Observer):
    """Keeps each game with army A's seat."""

    __slots__ = ("games",)

    def __init__(self) -> None:
        self.games: list[tuple[int, GameSummary]] = []

    def game(self, seat: int, summary: GameSummary) -> None:
        self.games.append((seat, summary))
