"""Random-playout speed of every game set against the base set, measured in one run.

    taskset -c 0 python benchmarks/engine_sets.py [--games 200] [--rounds 3] [--sets a,b]
    python benchmarks/engine_sets.py --instructions [--games 200] [--sets a,b]

Each set is compared with the base set on fresh rules, as a user's run starts, by
``dukec.engine.bench_against`` (``dukec bench --game NAME --against base``): the benchmark games
of both sets (the same seeds), twenty games of one then twenty of the other, so that both meet
the machine as it is at the time (its speed moves by tens of percent on a shared machine, from
one second to the next), each timed in the CPU time of this process. A set's "one" row is one
round, the figure of a plain ``dukec bench``: what a set makes on first use (a terrain layout's
tables, the Dragon's reach) counts in it. Its "best of N" row has the best round of each set, as
``--rounds N``. The ratio is the set's plies per second over the base set's.

With ``--instructions`` (needs valgrind) each set's one round is counted in instructions
instead, which do not depend on the machine's load: a child process under
``valgrind --tool=cachegrind`` plays the games, another loads the same rules and plays none, and
the difference over the plies is the figure (instructions are not time: a cache miss costs
more than an add; the CPU figures stay the measure).
"""

from __future__ import annotations

import argparse

from instructions import counted

from dukec.compiler import load_tileset
from dukec.engine import bench_against, load_rules
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
    parser.add_argument(
        "--instructions", action="store_true", help="count one round in instructions (valgrind)"
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
    if args.instructions:
        _instructions(names, args.games, args.seed)
        return
    print(f"{'game set':<18} {'plies':>8} {'plies/s':>10} {'x base':>7}   rounds")
    for name in names[1:]:
        # Fresh rules for each figure, as a user's run has: what a set makes on first use
        # counts in its first round.
        for rounds in sorted({1, args.rounds}):
            other, base = load_rules(tileset, name), load_rules(tileset, "base")
            mine, theirs = bench_against(other, base, args.games, args.seed, rounds=rounds)
            speed, base_speed = mine.plies_per_second, theirs.plies_per_second
            print(
                f"{name:<18} {mine.plies:>8} {speed:>10,.0f} {speed / base_speed:>7.2f}   "
                f"{'one' if rounds == 1 else f'best of {rounds}'} (base {base_speed:,.0f})",
                flush=True,
            )


#: The child of ``--instructions``: load the rules, play ``games`` games once, print the plies
#: (and leave without tearing down).
CHILD = """
import os, sys
from dukec.compiler import load_tileset
from dukec.engine import bench, load_rules
rules = load_rules(load_tileset(), {set_name!r})
print("plies", bench(rules, games={games}, seed={seed}).plies if {games} else 0)
sys.stdout.flush()
os._exit(0)  # what the games left (a layout's tables) is not freed: no round pays for it
"""


def _counted(set_name: str, games: int, seed: int) -> tuple[int, int]:
    """Instructions and plies of one child process."""
    return counted(CHILD.format(set_name=set_name, games=games, seed=seed), "plies")


def _instructions(names: list[str], games: int, seed: int) -> None:
    """Print one row per game set: instructions per ply of one round, base's over the set's."""
    print(f"{'game set':<18} {'plies':>8} {'instr/ply':>10} {'x base':>7}  (one round)")
    base = 0.0
    for name in names:
        played, plies = _counted(name, games, seed)
        loaded, _ = _counted(name, 0, seed)
        per_ply = (played - loaded) / plies
        base = base or per_ply
        print(f"{name:<18} {plies:>8} {per_ply:>10,.0f} {base / per_ply:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
