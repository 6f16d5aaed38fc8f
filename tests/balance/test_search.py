"""The search policies: the transposition table never changes a fixed-depth search's result, the
baseline is the earlier search, and every search plays every game set to the end."""

from __future__ import annotations

from typing import Any

import pytest

from dukec.commands.common import load_tileset
from dukec.engine import Game, format_action, load_rules
from dukec.players import search_v1
from dukec.players.policies import make_policy
from dukec.players.search import WON, Options, SearchPlayer
from tests.balance import strong_corpus
from tests.balance.search_corpus import positions
from tests.engine.conftest import build

TILESET: dict[str, Any] = load_tileset(None)
GAME_SETS = sorted(s["name"] for s in TILESET["sets"])


def _positions(name: str, games: int, every: int, plies: int) -> list[Game]:
    """Positions of seeded random games of one game set (each its own game object)."""
    return positions(load_rules(TILESET, name), games, every, plies)


@pytest.mark.parametrize(
    "name",
    [
        "base",
        pytest.param("dragon", marks=pytest.mark.slow),
        pytest.param("counting-coup", marks=pytest.mark.slow),
        pytest.param("terrain", marks=pytest.mark.slow),
    ],
)
def test_the_table_never_changes_a_fixed_depth_result(name: str) -> None:
    positions = _positions(name, 3, 9, 60)
    assert len(positions) >= 8
    for game in positions:
        before = game.state_key()
        with_table = SearchPlayer(1, options=Options()).search(game, 3)
        without = SearchPlayer(1, options=Options(table=False)).search(game, 3)
        assert with_table == without
        assert game.state_key() == before


@pytest.mark.parametrize("name", ["base", "dragon"], ids=["base", "features"])
def test_the_table_is_used_in_every_game_set(name: str) -> None:
    """Searching the same position twice reuses the first search's entries."""
    game = _positions(name, 2, 20, 40)[0]
    player = SearchPlayer(1, options=Options())
    first = player.search(game, 3)
    spent = player.nodes
    assert player.search(game, 3) == first
    assert player.nodes < spent / 2


@pytest.mark.parametrize("policy", ["search", "search-v1", "search-material"])
def test_a_win_in_one_is_found(policy: str) -> None:
    """Whichever search, a capture of the Duke is played when it is there."""
    rules = load_rules(TILESET, "base")
    game = build(rules, ["a1 Duke 0", "f1 Footman 0", "c5 Duke 1", "c4 Footman 0", "f6 Pikeman 1"])
    player = make_policy(policy, 2, 50)
    assert isinstance(player, (SearchPlayer, search_v1.SearchPlayer))
    score, best = player.search(game, 2)
    assert score >= WON and [format_action(game, a) for a in best] == ["c4xc5"]


def test_the_baselines_keep_their_names_and_options() -> None:
    baseline = make_policy("search-material", 3, 50)
    assert isinstance(baseline, search_v1.SearchPlayer) and baseline.options == search_v1.BASELINE
    assert baseline.name == "search-material"
    v1 = make_policy("search-v1", 3, 50)
    assert isinstance(v1, search_v1.SearchPlayer) and v1.options == search_v1.Options()
    assert v1.name == "search-v1"
    default = make_policy("search", 3, 50)
    assert isinstance(default, SearchPlayer) and default.options == Options()
    assert default.name == "search"


@pytest.mark.parametrize("policy", ["search", "search-v1", "search-material"])
def test_the_same_seed_gives_the_same_moves(policy: str) -> None:
    game = _positions("base", 1, 10, 30)[0]
    one, two = make_policy(policy, 7, 300), make_policy(policy, 7, 300)
    assert one.choose(game) == two.choose(game)


@pytest.mark.parametrize("name", GAME_SETS)
def test_the_search_plays_every_game_set_to_the_end(name: str) -> None:
    rules = load_rules(TILESET, name)
    game = Game(rules, seed=4, ply_limit=40)
    players = [make_policy("search", 1, 60), make_policy("search-v1", 2, 60)]
    while game.result is None:
        action = players[game.to_move].choose(game)
        assert action is not None and game.is_legal(action)
        game.apply(action)
    assert game.result is not None


@pytest.mark.parametrize(
    "policy", ["search@1ms", "search-v1@1ms", "search-material@1ms", "mcts@1ms"]
)
def test_a_policy_on_cpu_time_plays_legal_games(policy: str) -> None:
    rules = load_rules(TILESET, "base")
    game = Game(rules, seed=3, ply_limit=30)
    players = [make_policy(policy, 1, 1), make_policy("greedy", 2, 1)]
    while game.result is None:
        action = players[game.to_move].choose(game)
        assert action is not None and game.is_legal(action)
        game.apply(action)


# === the recorded corpus (tests/balance/strong_corpus.py) ===

STRONG: dict[str, Any] = strong_corpus.read()


def test_the_search_corpus_covers_every_packaged_game_set() -> None:
    assert {p["set"] for p in STRONG["positions"]} == set(GAME_SETS)
    assert len(STRONG["positions"]) > 50


@pytest.mark.parametrize("name", GAME_SETS)
def test_the_search_plays_as_recorded(name: str) -> None:
    """The same values, choices, node counts, depths and fixed-depth results as recorded."""
    stored = [p for p in STRONG["positions"] if p["set"] == name]
    again = strong_corpus.recorded(name)
    for mine, theirs in zip(again, stored, strict=True):
        assert mine == theirs, (name, theirs["position"])
