"""The PettingZoo environment: PettingZoo's own API and seed tests on every game set, rewards,
seeds, masks and errors."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip(
    "pettingzoo", reason="the PettingZoo tests need the rl extra: pip install 'dukec[rl]'"
)

import numpy as np
from pettingzoo.test import api_test, seed_test

from dukec.engine import Reason
from dukec.rl import pettingzoo_env
from dukec.rl.aec import DukeEnv
from tests.rl.conftest import SET_NAMES, shipped


def _env(set_name: str, **kwargs: object) -> DukeEnv:
    return pettingzoo_env(set_name, tileset=shipped(), **kwargs)  # type: ignore[arg-type]


def _play_out(env: DukeEnv, seed: int) -> list[tuple[str, float, bool, bool]]:
    """A random game through the AEC loop: (agent, reward, terminated, truncated) per step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        seen.append((agent, float(reward), terminated, truncated))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("set_name", SET_NAMES)
def test_api(set_name: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation is no array; its own board games do the same.
        warnings.simplefilter("ignore")
        api_test(_env(set_name), num_cycles=400)


@pytest.mark.parametrize("set_name", SET_NAMES)
def test_seed(set_name: str) -> None:
    seed_test(lambda: _env(set_name), num_cycles=200)


@pytest.mark.parametrize("set_name", ["base", "dragon", "counting-coup"])
def test_rewards_at_the_end(set_name: str) -> None:
    env = _env(set_name)
    for seed in range(3):
        steps = _play_out(env, seed)
        result = env.game.result
        assert result is not None and result.winner is not None
        winner, loser = f"player_{result.winner}", f"player_{result.winner ^ 1}"
        *playing, end_a, end_b = steps
        assert all(reward == 0.0 and not done and not cut for _a, reward, done, cut in playing)
        final = {end_a[0]: end_a, end_b[0]: end_b}
        assert final[winner][1:] == (1.0, True, False)
        assert final[loser][1:] == (-1.0, True, False)
        assert env.agents == []


def test_the_ply_limit_is_a_draw_by_truncation() -> None:
    env = _env("base", ply_limit=3)
    steps = _play_out(env, 0)
    assert env.game.result is not None and env.game.result.reason is Reason.PLY_LIMIT
    assert [s[1:] for s in steps[-2:]] == [(0.0, False, True), (0.0, False, True)]


def test_seeds_reproduce_and_successive_resets_advance() -> None:
    env = _env("dragon")
    first = _play_out(env, 7), env.game.state_key()
    again = _play_out(env, 7), env.game.state_key()
    assert first == again
    env = _env("dragon", seed=7)
    env.reset()
    assert env.infos["player_0"]["seed"] == 7
    env.reset()
    assert env.infos["player_0"]["seed"] == 8
    env.reset(seed=3)
    assert env.game_seed == 3 and env.game.seed == 3


def test_observation_and_mask() -> None:
    env = _env("base")
    env.reset(seed=0)
    agent = env.agent_selection
    other = "player_1" if agent == "player_0" else "player_0"
    observation = env.observe(agent)
    assert observation["observation"].shape == env.observation_layout.shape
    legal = env.legal_actions()
    assert sorted(np.flatnonzero(observation["action_mask"]).tolist()) == sorted(legal)
    assert not env.observe(other)["action_mask"].any()
    assert env.observation_space(agent).contains(observation)
    index = min(legal)
    assert env.describe(index) == "Duke@c1"


def test_illegal_action() -> None:
    env = _env("base")
    env.reset(seed=0)
    with pytest.raises(ValueError) as info:
        env.step(0)
    assert str(info.value) == (
        "action 0 is not legal for player_0 now; the observation's action_mask marks the legal ones"
    )


def test_render() -> None:
    env = _env("base", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "a" in text
    with pytest.raises(ValueError) as info:
        _env("base", render_mode="rgb_array")
    assert str(info.value) == "render_mode must be one of human, ansi or None, not 'rgb_array'"


def test_before_reset() -> None:
    with pytest.raises(RuntimeError) as info:
        _env("base").observe("player_0")
    assert str(info.value) == "call reset() before using the environment"
