"""The cost of the learned evaluation per call against search-v1's tile-value evaluation.

    taskset -c 0 python benchmarks/evaluation.py [--positions 200] [--repeat 50] [--sets a,b]

For each game set: positions of seeded greedy games (every fifth ply of play), each scored
``--repeat`` times by the shipped evaluation (:func:`dukec.players.learned.learned`) and by
``search-v1``'s evaluation (``SearchPlayer._evaluate`` of :mod:`dukec.players.search_v1`:
fitted tile values on the board and in the bag, or the engine's material values), timed in the
CPU time of this process. The calls are made from Python through a function, so both figures
include the same cost of a call (the last column: a call that does nothing). ``dukec.kernel``
says whether the engine is compiled.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from dukec.compiler import load_tileset
from dukec.engine import Game, load_rules
from dukec.engine.rules import set_names
from dukec.kernel import kernel
from dukec.players.evaluation import Evaluator
from dukec.players.learned import learned
from dukec.players.search_v1 import SearchPlayer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import positions


def per_call(score: Callable[[Game], object], games: list[Game], repeat: int) -> float:
    """Microseconds of CPU time per call of ``score`` over ``games``."""
    start = time.process_time()
    for _ in range(repeat):
        for game in games:
            score(game)
    return (time.process_time() - start) / (repeat * len(games)) * 1e6


def material_of(search: SearchPlayer) -> Callable[[Game], object]:
    """The search's own evaluation, as a function of the position."""

    def score(game: Game) -> object:
        return search._evaluate(game)

    return score


def learned_of(evaluator: Evaluator) -> Callable[[Game], object]:
    """The learned evaluation for seat 0, as a function of the position."""

    def score(game: Game) -> object:
        return evaluator.score(game, 0)

    return score


def nothing(game: Game) -> object:
    """A call that does nothing."""
    return None


def main() -> None:
    """Print one row per game set: microseconds per call of each evaluation."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--sets", default=None, help="comma-separated game sets (default: all)")
    args = parser.parse_args()
    tileset = load_tileset()
    names = set_names(tileset)
    if args.sets is not None:
        wanted = [name.strip() for name in args.sets.split(",") if name.strip()]
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            parser.error(f"unknown game set(s): {', '.join(unknown)} (known: {', '.join(names)})")
        names = wanted
    print(f"engine: {kernel()}; microseconds of CPU time per call")
    print(f"{'game set':<18} {'learned':>8} {'material':>9} {'ratio':>6} {'empty call':>11}")
    for name in names:
        rules = load_rules(tileset, name)
        evaluator = learned(rules)
        if evaluator is None:
            print(f"{name:<18} no shipped evaluation")
            continue
        games = positions(rules, args.positions)
        search = SearchPlayer(1)
        search._prepare(games[0])  # its tile values, in the units it sums
        material = per_call(material_of(search), games, args.repeat)
        found = per_call(learned_of(evaluator), games, args.repeat)
        empty = per_call(nothing, games, args.repeat)
        print(f"{name:<18} {found:>8.2f} {material:>9.2f} {found / material:>6.1f} {empty:>11.2f}")


if __name__ == "__main__":
    main()
