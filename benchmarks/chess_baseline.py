"""The yardstick for `dukec bench`: python-chess playing uniformly random chess games.

Not a dependency of dukec: `pip install chess`, then run this on the same core as the bench,
e.g. `taskset -c 0 python benchmarks/chess_baseline.py` beside
`taskset -c 0 dukec bench --games 1000 --seed 0`, and compare plies per second. Timed in the CPU
time of this process, as `dukec bench` is (`benchmarks/kernel_speed.py` runs both in one run).
"""

import random
import sys
import time

import chess


def main(games: int = 100, seed: int = 0) -> None:
    """Play `games` random games; each ply lists the legal moves and picks one uniformly."""
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    seconds = time.process_time() - start
    print(
        f"python-chess {chess.__version__}: games {games}  plies {plies}  "
        f"CPU seconds {seconds:.3f}  plies/s {plies / seconds:,.0f}"
    )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
