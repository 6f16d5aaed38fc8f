"""Random-playout speed of every game set against the base set, measured in one run.

    taskset -c 0 python benchmarks/engine_sets.py [--games 200] [--rounds 3] [--sets a,b]

Each round plays the same seeded games of every set in turn (``dukec.engine.bench``), timed in
the CPU time of this process (a shared machine's other work does not count); a set's figure is
its best round. The last column is the set's plies per second over the base set's, both
measured in this run.
"""

from __future__ import annotations

import argparse

from dukec.compiler import load_tileset
from dukec.engine import bench, load_rules
from dukec.engine.rules import set_names


def main() -> None:
    """Print one row per game set: plies, best plies per second, ratio to the base set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--sets", default=None, help="comma-separated game sets to run (the base set always runs)"
    )
    args = parser.parse_args()
    tileset = load_tileset()
    names = set_names(tileset)
    if args.sets is not None:
        wanted = {name.strip() for name in args.sets.split(",") if name.strip()}
        unknown = sorted(wanted - set(names))
        if unknown:
            parser.error(f"unknown game set(s): {', '.join(unknown)} (known: {', '.join(names)})")
        names = ["base"] + [name for name in names if name in wanted and name != "base"]
    rules = {name: load_rules(tileset, name) for name in names}
    best = dict.fromkeys(names, 0.0)
    plies = dict.fromkeys(names, 0)
    for _ in range(args.rounds):
        for name in names:
            result = bench(rules[name], games=args.games, seed=args.seed)  # in CPU time
            plies[name] = result.plies
            best[name] = max(best[name], result.plies_per_second)
    print(f"{'game set':<18} {'plies':>8} {'plies/s':>10} {'x base':>7}")
    for name in names:
        ratio = best[name] / best["base"]
        print(f"{name:<18} {plies[name]:>8} {best[name]:>10,.0f} {ratio:>7.2f}")


if __name__ == "__main__":
    main()
