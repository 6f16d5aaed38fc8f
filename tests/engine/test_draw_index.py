"""The counter-based draws: splitmix64 of the seed and the draw number, as documented."""

from __future__ import annotations

import random

from dukec.engine.actions import draw_index

_M = 1 << 64


def _splitmix(seed: int, draw_number: int, bag_size: int) -> int:
    """The generator as the docstring of draw_index writes it, in Python's big integers."""
    z = (seed * 0x9E3779B97F4A7C15 + (draw_number + 1) * 0xD1B54A32D192ED03) % _M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % _M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % _M
    z ^= z >> 31
    return z % bag_size


def test_draws_are_splitmix64_of_seed_and_draw_number() -> None:
    rng = random.Random(20261127)
    for _ in range(20000):
        seed = rng.choice(
            [rng.randrange(1 << 20), rng.randrange(_M), rng.randrange(-(1 << 70), 1 << 70)]
        )
        draw_number = rng.randrange(1 << rng.choice([4, 12, 33, 64]))
        bag_size = rng.randrange(1, rng.choice([2, 40, 1000, 1 << 40]))
        assert draw_index(seed, draw_number, bag_size) == _splitmix(seed, draw_number, bag_size)


def test_draws_at_the_edges_of_the_halves() -> None:
    for seed in (0, 1, (1 << 32) - 1, 1 << 32, _M - 1, _M, -1, 0x5DEECE66D):
        for draw_number in (0, 1, (1 << 32) - 1, 1 << 32, _M - 2, _M - 1):
            for bag_size in (1, 2, 3, 7, 36, (1 << 31) - 1, 1 << 31, (1 << 32) + 1):
                expected = _splitmix(seed, draw_number, bag_size)
                assert draw_index(seed, draw_number, bag_size) == expected
