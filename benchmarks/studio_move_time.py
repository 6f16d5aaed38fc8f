"""The longest move a studio run or bot may make: CPU seconds at the studio's budget cap.

    python benchmarks/studio_move_time.py [--budget 10000] [--moves 30]
    DUKEC_PURE=1 python benchmarks/studio_move_time.py

A studio run gives up its game between two moves once cancelled, so a cancel takes effect
within the longest move. For every game set of the base tile set and every policy that takes a
budget, one game (seed 1) is played for ``--moves`` moves at ``--budget`` nodes a move
(default: `STUDIO_MAX_BUDGET`); prints each one's longest move in CPU time, then the longest
of all.
"""

from __future__ import annotations

import argparse
import time

from dukec.compiler import load_tileset
from dukec.engine import Game, load_rules
from dukec.limits import STUDIO_MAX_BUDGET
from dukec.players.policies import BUDGETED, make_policy


def longest_move(tileset: dict[str, object], set_name: str, policy: str, moves: int) -> float:
    """The CPU seconds of the longest of a game's first ``moves`` moves."""
    game = Game(load_rules(tileset, set_name), seed=1, ply_limit=300)
    player = make_policy(policy, 1, STUDIO_MAX_BUDGET)
    longest = 0.0
    for _ in range(moves):
        if game.result is not None:
            break
        started = time.process_time()
        action = player.choose(game)
        longest = max(longest, time.process_time() - started)
        if action is None:
            break
        game.apply(action)
    return longest


def main() -> None:
    """Time the moves and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=STUDIO_MAX_BUDGET)
    parser.add_argument("--moves", type=int, default=30)
    options = parser.parse_args()
    tileset = load_tileset()
    worst = 0.0
    for game_set in tileset["sets"]:
        for name in BUDGETED:
            policy = f"{name}@{options.budget}"
            seconds = longest_move(tileset, game_set["name"], policy, options.moves)
            worst = max(worst, seconds)
            print(f"{game_set['name']:18} {policy:22} longest move {seconds:.3f} s CPU")
    print(f"longest move of all: {worst:.3f} s CPU")


if __name__ == "__main__":
    main()
