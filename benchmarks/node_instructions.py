"""Instructions per node of ``search`` and ``search-v1``: a speed figure that does not depend on
the machine's load (CPU time does, on a shared machine, by tens of percent).

Each search chooses moves in the same positions as ``python benchmarks/strength.py --speed``
(seeded greedy games, every fifth ply) at the same node budget, twice, in a child process run
under ``valgrind --tool=cachegrind --cache-sim=no``; the instructions the second pass adds over
the first (the same choices again, made once tables and caches are built) divided by its nodes
are the figure. Instructions are not time (a cache miss costs more than an add), so
``strength.py --speed`` stays the measure of nodes per second; this one shows whether a change
made a node cheaper, in a few minutes, whatever else the machine runs. Needs valgrind.

    python benchmarks/node_instructions.py                       # base and the sets below
    python benchmarks/node_instructions.py --sets base,mountain --positions 20
"""

from __future__ import annotations

import argparse
from pathlib import Path

from instructions import counted

HERE = Path(__file__).resolve().parent
SETS = "base,mountain,enhanced,terrain,dragon,counting-coup"
#: The child: choose a move in each position, ``passes`` times; print the nodes counted.
CHILD = """
import sys
sys.path.insert(0, {here!r})
from strength import positions
from dukec.players.policies import make_policy
from dukec.commands.common import load_tileset
from dukec.engine import load_rules
rules = load_rules(load_tileset(None), {set_name!r})
games = positions(rules, {count})
chooser = make_policy({policy!r}, 1, {budget})
nodes = 0
for _ in range({passes}):
    for game in games:
        chooser.choose(game)
        nodes += chooser.nodes
print("nodes", nodes)
"""


def measured(set_name: str, policy: str, count: int, budget: int, passes: int) -> tuple[int, int]:
    """Instructions and nodes of one child process."""
    code = CHILD.format(
        here=str(HERE), set_name=set_name, policy=policy, count=count, budget=budget, passes=passes
    )
    return counted(code, "nodes")


def per_node(set_name: str, policy: str, count: int, budget: int) -> float:
    """Instructions per node of the second pass."""
    once, nodes_once = measured(set_name, policy, count, budget, 1)
    twice, nodes_twice = measured(set_name, policy, count, budget, 2)
    return (twice - once) / (nodes_twice - nodes_once)


def main() -> None:
    """Print the figure of each search in each game set asked for, and their ratio."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", default=SETS, help=f"game sets, comma-separated ({SETS})")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", type=int, default=1000, help="nodes per move")
    args = parser.parse_args()
    print(f"instructions per node, {args.positions} positions, {args.budget} nodes a move")
    for set_name in args.sets.split(","):
        v1 = per_node(set_name, "search-v1", args.positions, args.budget)
        new = per_node(set_name, "search", args.positions, args.budget)
        print(
            f"  {set_name:<14} search-v1 {v1:>9,.0f}   search {new:>9,.0f}   x{v1 / new:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
