"""What the library's game costs over the engine's: the same seeded random games played with
``dukec.Game`` (``push`` checks legality and keeps the action's notation) and with the engine's
game (``dukec.engine.Game.push``, the same test without the notation), in turn, in the CPU time
of this process; it prints plies per second of each and their ratio per round.

    python benchmarks/library_push.py --games 200 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import dukec
from dukec.engine import Game as EngineGame


def play(make: Callable[[int], Any], games: int) -> tuple[int, float]:
    """Plies and CPU seconds of ``games`` random games, each from ``make(seed)``."""
    plies = 0
    start = time.process_time()
    for seed in range(games):
        game = make(seed)
        rng = random.Random(seed)
        while not game.is_game_over():
            game.push(rng.choice(game.legal_actions()))
            plies += 1
    return plies, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    rules = dukec.load_rules()
    engine = lambda seed: EngineGame(rules, seed=seed, ply_limit=300)  # noqa: E731
    library = lambda seed: dukec.Game(seed=seed, ply_limit=300)  # noqa: E731
    ratios = []
    for round_number in range(1, options.rounds + 1):
        plies, engine_seconds = play(engine, options.games)
        same, library_seconds = play(library, options.games)
        assert same == plies, "the same games"
        ratios.append(library_seconds / engine_seconds)
        print(
            f"round {round_number}: {plies} plies; engine {plies / engine_seconds:,.0f} plies/s, "
            f"library {plies / library_seconds:,.0f} plies/s: the library takes "
            f"{ratios[-1]:.2f} x the engine's time"
        )
    print(f"median: the library takes {statistics.median(ratios):.2f} x the engine's time")


if __name__ == "__main__":
    main()
