"""The OpenSpiel game ``python_duke``: OpenSpiel's random simulation test on every game set,
chance nodes for draws, returns, parameters and serialization."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the OpenSpiel tests need the rl extra: pip install 'dukec[rl]'"
)

import dukec.rl  # noqa: E402  (registers python_duke)
from dukec.engine import Phase  # noqa: E402
from tests.rl.conftest import SET_NAMES, shipped_rules  # noqa: E402


def _load(set_name: str, **params: object) -> object:
    return pyspiel.load_game("python_duke", {"set": set_name, **params})


@pytest.mark.parametrize("set_name", SET_NAMES)
def test_random_sim(set_name: str) -> None:
    """OpenSpiel's own checks, with serialization, over a short game of every set."""
    pyspiel.random_sim_test(
        _load(set_name, ply_limit=60), num_sims=1, serialize=True, verbose=False
    )


@pytest.mark.slow
@pytest.mark.parametrize("set_name", SET_NAMES)
def test_random_sims_of_longer_games(set_name: str) -> None:
    pyspiel.random_sim_test(
        _load(set_name, ply_limit=300), num_sims=2, serialize=True, verbose=False
    )


def _random_game(set_name: str, seed: int, **params: object) -> object:
    game = _load(set_name, **params)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            engine = state.engine
            assert outcomes == engine.draw_outcomes()
            assert abs(sum(p for _t, p in outcomes) - 1.0) < 1e-9
            tile = rng.choice([t for t, _p in outcomes])
            state.apply_action(tile)
            assert engine.phase is Phase.PLACING and engine.drawn == tile
            chance_nodes += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert chance_nodes > 0
    return state


def test_draws_are_chance_nodes_and_returns_are_zero_sum() -> None:
    for seed in range(3):
        state = _random_game("base", seed)
        result = state.engine.result  # type: ignore[attr-defined]
        returns = state.returns()  # type: ignore[attr-defined]
        assert result.winner is not None
        assert returns[result.winner] == 1.0 and returns[result.winner ^ 1] == -1.0


def test_the_ply_limit_is_a_draw() -> None:
    state = _random_game("base", 0, ply_limit=12)
    assert state.returns() == [0.0, 0.0]  # type: ignore[attr-defined]


def test_game_info_follows_the_set() -> None:
    game = _load("dragon", ply_limit=100)
    rules = shipped_rules("dragon")
    assert game.num_distinct_actions() == dukec.rl.ActionLayout(rules).size  # type: ignore[attr-defined]
    assert game.max_chance_outcomes() == len(rules.types)  # type: ignore[attr-defined]
    assert game.observation_tensor_shape() == list(  # type: ignore[attr-defined]
        dukec.rl.observation.ObservationLayout.of(rules).shape
    )
    assert str(game) == "python_duke(ply_limit=100,seed=0,set=dragon,tileset=)"


def test_clones_and_pickles_play_on_alike() -> None:
    game = _load("terrain")
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(1)
    for _ in range(40):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal() and state.engine.ply > 10
    copies = [state.clone(), pickle.loads(pickle.dumps(state))]
    text = pyspiel.serialize_game_and_state(game, state)
    copies.append(pyspiel.deserialize_game_and_state(text)[1])
    for other in copies:
        assert other.engine.state_key() == state.engine.state_key()
        assert other.legal_actions() == state.legal_actions()
    action = state.legal_actions()[-1]
    state.apply_action(action)
    assert copies[0].engine.state_key() != state.engine.state_key()  # a clone is apart


def test_bad_parameters() -> None:
    with pytest.raises(ValueError) as info:
        _load("base", ply_limit=0)
    assert str(info.value) == "ply_limit must be at least 1, not 0"
