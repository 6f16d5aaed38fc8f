"""The speed benchmark: uniformly random complete games, with full legality."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from dukec.engine.game import Game
from dukec.engine.rules import Rules

DEFAULT_PLY_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class BenchResult:
    """What a benchmark run measured (plies are turns of play; set-up placements not counted)."""

    games: int
    plies: int
    seconds: float
    seed: int
    wins: tuple[int, int]
    draws: int

    @property
    def plies_per_second(self) -> float:
        """Turns of play per second."""
        return self.plies / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        """Complete games per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def bench(
    rules: Rules, games: int = 200, seed: int = 0, ply_limit: int | None = DEFAULT_PLY_LIMIT
) -> BenchResult:
    """Play ``games`` uniformly random games from set-up to the end and time them.

    Game ``i`` uses seed ``seed + i`` for both its draws and its random choices, so a run is
    reproducible from its seed.
    """
    plies = 0
    wins = [0, 0]
    draws = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game(rules, seed=seed + i, ply_limit=ply_limit)
        rng = random.Random(seed + i)
        play = game.play_random
        while play(rng):
            pass
        plies += game.ply
        result = game.result
        if result is None or result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
    seconds = time.perf_counter() - start
    return BenchResult(games, plies, seconds, seed, (wins[0], wins[1]), draws)
