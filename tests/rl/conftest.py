"""Fixtures of the reinforcement-learning adapters' tests: every game set of the shipped tiles."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from dukec.compiler import load_tileset
from dukec.engine import Action, Game, Rules, load_rules
from dukec.engine.rules import set_names


@cache
def shipped() -> dict[str, Any]:
    """The tile set that ships with dukec."""
    return load_tileset()


@cache
def shipped_rules(set_name: str) -> Rules:
    """The rules of one game set of the shipped tiles."""
    return load_rules(shipped(), set_name)


SET_NAMES = set_names(shipped())


def random_positions(
    rules: Rules, games: int, ply_limit: int = 300
) -> Iterator[tuple[Game, list[Action]]]:
    """Every position of ``games`` seeded random games, with its legal actions."""
    for seed in range(games):
        game = Game(rules, seed=seed, ply_limit=ply_limit)
        rng = random.Random(seed)
        while game.result is None:
            legal = game.legal_actions()
            yield game, legal
            game.apply(legal[rng.randrange(len(legal))])
