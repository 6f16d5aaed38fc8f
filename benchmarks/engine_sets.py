"""Random-playout speed of every game set, the expansion packs' too, against the base set.

    taskset -c 0 python benchmarks/engine_sets.py [--games 1000] [--rounds 3] [--pairs 7]
        [--sets a,b]
    python benchmarks/engine_sets.py --instructions [--simulate] [--games 1000] [--sets a,b]

A set's "one" row is one round the way a user runs it: a fresh process loads the rules and plays
the benchmark games once, as ``dukec bench --game NAME`` does (its 1,000 games by default, as
here), what the set makes on first use (a terrain layout's tables, the Dragon's reach) counted
in it. With fewer games, what is made on first use weighs more.

A process for the set and one for the base set are run in turn, ``--pairs`` times, each timed in
its own CPU time, so that both meet the machine as it is at the time (its speed moves by tens of
percent on a shared machine); the row gives the median of the pairs' ratios and their range.
(Playing both sets' first rounds in one process instead, twenty games of one then twenty of the
other, penalised the feature sets: counting-coup's first round ran at 0.46 to 0.48 of the base
set's that way, and at 0.57 in a process of its own, its later rounds alike both ways.)

A set's "best of N" row compares the sets on fresh rules in one process with
``dukec.engine.bench_against`` (``dukec bench --game NAME --against base --rounds N``): the
same games of both sets, twenty of one then twenty of the other, ``N`` rounds, each set's best
round in the CPU time of this process.

The ratio is the set's plies per second over the base set's.

Besides the base tile set's game sets, the benchmark runs those of ``benchmarks/tiles/`` (read on
top of the base set): ``declared``, whose tiles use declared icons of every kind of modifier
(non-capture, friend and foe, a Hammer, an area group); and those of the shipped expansion packs
(``tiles/expansions/``, each read from its pack on top of the base set).

With ``--instructions`` (needs valgrind) each set's one round is counted in instructions
instead, which do not depend on the machine's load: a child process under
``valgrind --tool=cachegrind`` plays the games, another loads the same rules and plays none, and
the difference over the plies is the figure (instructions are not time: a cache miss costs
more than an add; the CPU figures stay the measure). With ``--simulate`` as well, valgrind also
simulates the caches and a branch predictor (its models, not the machine's), and each row gives
per ply the first-level instruction and data cache misses and the mispredicted branches too,
each with the base set's figure over the set's: where a set runs further behind in CPU time
than in instructions, these say why.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from instructions import events

from dukec.commands.engine_cmds import BENCH_GAMES
from dukec.compiler import load_tileset
from dukec.compiler.driver import shipped_packs
from dukec.compiler.overlay import load_layered
from dukec.engine import bench_against, load_rules
from dukec.engine.rules import set_names

#: The benchmark's own game sets (read on top of the base set).
TILES = Path(__file__).resolve().parent / "tiles"
#: What a child process loads a set's tile set with: the base set, the benchmark's own tiles
#: (layered on it), or a shipped pack (which extends it).
LOAD = """
from pathlib import Path
from dukec.compiler import load_tileset
from dukec.compiler.overlay import load_layered
own, pack = {own!r}, {pack!r}
tileset = load_layered([Path({tiles!r})]).data if own else load_tileset(pack)
"""


def own_sets() -> list[str]:
    """The game sets of ``benchmarks/tiles/``."""
    return [s for s in set_names(load_layered([TILES]).data) if s not in set_names(load_tileset())]


@functools.cache
def pack_sets() -> dict[str, str]:
    """The shipped expansion packs' own game sets, each with its pack's file."""
    base = set(set_names(load_tileset()))
    found: dict[str, str] = {}
    for path in shipped_packs().values():
        for name in set_names(load_tileset(path)):
            if name not in base:
                found.setdefault(name, str(path))
    return found


def tileset_of(name: str) -> dict[str, Any]:
    """The tile set a game set of the benchmark is played from."""
    if name in own_sets():
        return load_layered([TILES]).data
    return load_tileset(pack_sets().get(name))


def _loading(name: str) -> str:
    return LOAD.format(tiles=str(TILES), own=name in own_sets(), pack=pack_sets().get(name))


def main() -> None:
    """Print one row per game set: plies, best plies per second, ratio to the base set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=BENCH_GAMES, help="as dukec bench's")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pairs", type=int, default=7, help="processes of each set for the one-round figure"
    )
    parser.add_argument(
        "--sets", default=None, help="comma-separated game sets to run (the base set always runs)"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count one round in instructions (valgrind)"
    )
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="with --instructions: cache misses and mispredicted branches too (valgrind's models)",
    )
    args = parser.parse_args()
    names = set_names(load_tileset()) + own_sets() + list(pack_sets())
    if args.sets is not None:
        wanted = {name.strip() for name in args.sets.split(",") if name.strip()}
        unknown = sorted(wanted - set(names))
        if unknown:
            parser.error(f"unknown game set(s): {', '.join(unknown)} (known: {', '.join(names)})")
        names = ["base"] + [name for name in names if name in wanted and name != "base"]
    if args.simulate and not args.instructions:
        parser.error("--simulate goes with --instructions")
    if args.instructions:
        _instructions(names, args.games, args.seed, args.simulate)
        return
    print(f"{'game set':<18} {'plies/s':>10} {'x base':>7}   rounds")
    for name in names[1:]:
        ratios, speeds = [], []
        for _ in range(args.pairs):
            speed = _one_round(name, args.games, args.seed)
            base_speed = _one_round("base", args.games, args.seed)
            ratios.append(speed / base_speed)
            speeds.append((speed, base_speed))
        middle = statistics.median(ratios)
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
        typical = statistics.median(s for s, _ in speeds)
        print(
            f"{name:<18} {typical:>10,.0f} {middle:>7.2f}   one: median of {args.pairs} "
            f"process pairs ({spread}; base {min(b for _, b in speeds):,.0f}-"
            f"{max(b for _, b in speeds):,.0f})",
            flush=True,
        )
        # Fresh rules, in this process: the best round of each set.
        other, base = load_rules(tileset_of(name), name), load_rules(load_tileset(), "base")
        mine, theirs = bench_against(other, base, args.games, args.seed, rounds=args.rounds)
        speed, base_speed = mine.plies_per_second, theirs.plies_per_second
        print(
            f"{name:<18} {speed:>10,.0f} {speed / base_speed:>7.2f}   best of {args.rounds} "
            f"(base {base_speed:,.0f})",
            flush=True,
        )


#: A one-round process: load the rules, play the games once, print the plies per second (CPU
#: time of the games, as ``dukec bench`` prints it).
ONE_ROUND = """
from dukec.engine import bench, load_rules
rules = load_rules(tileset, {set_name!r})
print(bench(rules, games={games}, seed={seed}).plies_per_second)
"""


def _one_round(set_name: str, games: int, seed: int) -> float:
    """Plies per second of one round of ``set_name`` in a fresh process."""
    code = _loading(set_name) + ONE_ROUND.format(set_name=set_name, games=games, seed=seed)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: a round of {set_name} failed:\n{done.stderr}")
    return float(done.stdout.split()[-1])


#: The child of ``--instructions``: load the rules, play ``games`` games once, print the plies
#: (and leave without tearing down).
CHILD = """
import os, sys
from dukec.engine import bench, load_rules
rules = load_rules(tileset, {set_name!r})
print("plies", bench(rules, games={games}, seed={seed}).plies if {games} else 0)
sys.stdout.flush()
os._exit(0)  # what the games left (a layout's tables) is not freed: no round pays for it
"""


def _instructions(names: list[str], games: int, seed: int, simulate: bool) -> None:
    """Print one row per game set: per ply of one round, its instructions (with ``simulate``,
    each simulated event), each with the base set's figure over the set's."""
    print(f"{'game set':<18} {'plies':>8}", end="")
    base: dict[str, float] = {}
    for name in names:
        child = _loading(name) + CHILD.format(set_name=name, games=games, seed=seed)
        played, plies = events(child, "plies", simulate)
        idle = _loading(name) + CHILD.format(set_name=name, games=0, seed=seed)
        loaded, _ = events(idle, "plies", simulate)
        per_ply = {event: (played[event] - loaded[event]) / plies for event in played}
        if not base:
            base = per_ply
            for event in per_ply:
                print(f" {event + '/ply':>16} {'x base':>6}", end="")
            print("  (one round)")
        print(f"{name:<18} {plies:>8}", end="")
        for event, value in per_ply.items():
            print(f" {value:>16,.0f} {base[event] / value:>6.2f}", end="")
        print(flush=True)


if __name__ == "__main__":
    main()
