"""The yardstick for `dukec bench`: python-chess playing uniformly random chess games.

Not a dependency of dukec: `pip install chess`, then run this on the same core as the bench,
e.g. `taskset -c 0 python benchmarks/chess_baseline.py` beside
`taskset -c 0 dukec bench --games 1000 --seed 0`, and compare plies per second.
"""

import random
import sys
import time

import chess


def main(games: int = 100, seed: int = 0) -> None:
    """Play `games` random games; each ply lists the legal moves and picks one uniformly."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    seconds = time.perf_counter() - start
    print(
        f"python-chess {chess.__version__}: games {games}  plies {plies}  "
        f"seconds {seconds:.3f}  plies/s {plies / seconds:,.0f}"
    )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
