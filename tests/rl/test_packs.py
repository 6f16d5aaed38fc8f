"""The reinforcement-learning adapters on the expansion packs' game sets: every legal action has
its index (the swaps before play, pack tiles placed on draw, the granted commands), the
observation shows what the packs add, and OpenSpiel's and PettingZoo's own tests pass."""

from __future__ import annotations

import random

import pytest

from dukec.engine import Game, Rules, load_rules
from dukec.rl import ActionLayout
from tests.expanded.conftest import PACKS, pack
from tests.expanded.test_pack_games import PACK_SETS
from tests.rl.test_layout import _check_games


def _rules(name: str, game_set: str) -> Rules:
    return load_rules(pack(name), game_set)


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_every_legal_action_of_a_pack_set_round_trips(name: str, game_set: str) -> None:
    layout = ActionLayout(_rules(name, game_set))
    used = _check_games(layout, games=6)
    assert {"move", "place"} <= set(used)


def test_the_packs_blocks_are_used() -> None:
    """The swaps before play (by draft and by choice) and Camelot's granted commands."""
    used: set[str] = set()
    for name, game_set in (
        ("robert-e-howard", "robert-e-howard-draft"),
        ("city-troops", "city-troops"),
        ("arthurian-legends", "arthurian-legends"),
    ):
        used |= set(_check_games(ActionLayout(_rules(name, game_set)), games=20))
    assert {"swap", "grant_command"} <= used


def test_the_observation_shows_the_packs_state() -> None:
    pytest.importorskip(
        "numpy", reason="the observation needs the rl extra: pip install 'dukec[rl]'"
    )
    from dukec.rl.observation import ObservationLayout, observe

    rules = _rules("arthurian-legends", "arthurian-legends")
    layout = ObservationLayout.of(rules)
    seen_turned = False
    for seed in range(30):
        game = Game(rules, seed=seed, ply_limit=300)
        rng = random.Random(seed)
        while game.play_random(rng):
            if any(t >= 0 for t in game.turned):
                tensor = observe(game, 0, layout).reshape(layout.shape[0], -1)
                at = layout.start("turned")
                assert {s for s in range(36) if tensor[at, s]} == {
                    s for s, t in enumerate(game.turned) if t >= 0
                }
                seen_turned = True
                break
    assert seen_turned
    rules = _rules("robert-e-howard", "robert-e-howard-draw")
    layout = ObservationLayout.of(rules)
    game = Game(rules, seed=1)
    tensor = observe(game, 0, layout).reshape(layout.shape[0], -1)
    at = layout.start("spares")
    assert [int(tensor[at + t, 0]) for t in range(len(rules.types))] == [
        game.spares.count(t) for t in range(len(rules.types))
    ]


@pytest.mark.parametrize(
    "game_set", ["arthurian-legends", "city-troops", "robert-e-howard-draw", "musketeers"]
)
def test_openspiel_random_sim_on_a_pack(game_set: str) -> None:
    pyspiel = pytest.importorskip(
        "pyspiel", reason="the OpenSpiel tests need the rl extra: pip install 'dukec[rl]'"
    )
    import dukec.rl  # noqa: F401  (registers python_duke)

    name = next(n for n, s in PACK_SETS if s == game_set)
    game = pyspiel.load_game(
        "python_duke", {"set": game_set, "tileset": str(PACKS / f"{name}.duke"), "ply_limit": 60}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_pettingzoo_api_on_a_pack() -> None:
    pytest.importorskip(
        "pettingzoo", reason="the PettingZoo tests need the rl extra: pip install 'dukec[rl]'"
    )
    from pettingzoo.test import api_test

    from dukec.rl import pettingzoo_env

    env = pettingzoo_env("city-troops", tileset=pack("city-troops"), ply_limit=60)
    api_test(env, num_cycles=40)
