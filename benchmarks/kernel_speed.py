"""The compiled engine against the pure-Python one, and both against python-chess, in one run.

    taskset -c 0 python benchmarks/kernel_speed.py [--games 1000] [--rounds 3] [--budget 300]

Each round times, in turn and each in a fresh process, the pure-Python engine (``DUKEC_PURE=1``),
the compiled one, and python-chess playing uniformly random games (``chess_baseline.py``; not a
dependency of dukec: ``pip install chess``). Every figure is the best round, in the CPU time of its
process. Rows: random games of every game set (plies/s, as ``dukec bench``), the greedy policy's
games (plies/s), and the search policy's nodes per second in positions of seeded greedy games of the
base set (``strength.positions``). The last line is the compiled base set over python-chess,
the figure docs/engine.md's *Compiled engine* quotes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_TIMED = """
import json, sys, time
sys.path.insert(0, {here!r})
import strength
from dukec.players.policies import make_policy
from dukec.players.search import SearchPlayer
from dukec.commands.common import load_tileset
from dukec.engine import Game, bench, load_rules
from dukec.kernel import kernel
from dukec.engine.rules import set_names

games, seed, budget = {games}, {seed}, {budget}
tileset = load_tileset(None)
figures = {{"engine": kernel()}}
for name in set_names(tileset):
    result = bench(load_rules(tileset, name), games=games, seed=seed)
    figures[name] = result.plies_per_second
rules = load_rules(tileset, "base")
plies = 0
start = time.process_time()
for index in range(games // 10):
    game = Game(rules, seed=seed + index, ply_limit=300)
    players = [make_policy("greedy", seed + 2 * index + side, budget) for side in (0, 1)]
    while game.result is None:
        game.apply(players[game.to_move].choose(game))
    plies += game.ply
figures["greedy"] = plies / (time.process_time() - start)
positions = strength.positions(rules, 30)
player = make_policy("search", 1, budget)
assert isinstance(player, SearchPlayer)
nodes = 0
start = time.process_time()
for game in positions:
    player.choose(game)
    nodes += player.nodes
figures["search"] = nodes / (time.process_time() - start)
print(json.dumps(figures))
"""


def measure(pure: bool, games: int, seed: int, budget: int) -> dict[str, float | str]:
    """One round of the engine's figures in a fresh process, pure or compiled."""
    env = dict(os.environ)
    env.pop("DUKEC_PURE", None)
    if pure:
        env["DUKEC_PURE"] = "1"
    code = _TIMED.format(games=games, seed=seed, budget=budget, here=str(HERE))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    figures: dict[str, float | str] = json.loads(done.stdout.splitlines()[-1])
    return figures


def chess(games: int) -> float:
    """One round of python-chess's random games: plies per second of CPU time."""
    done = subprocess.run(
        [sys.executable, str(HERE / "chess_baseline.py"), str(games), "0"],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split("plies/s")[-1].replace(",", ""))


def best(rounds: list[dict[str, float | str]]) -> dict[str, float | str]:
    """Every figure's best round."""
    merged = dict(rounds[0])
    for other in rounds[1:]:
        for key, value in other.items():
            if isinstance(value, float):
                merged[key] = max(float(merged[key]), value)
    return merged


def main() -> None:
    """Print the table: pure and compiled figures per game set and policy, and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--chess-games", type=int, default=200)
    args = parser.parse_args()
    pure: list[dict[str, float | str]] = []
    compiled: list[dict[str, float | str]] = []
    baseline: list[float] = []
    for _ in range(args.rounds):
        pure.append(measure(True, args.games, args.seed, args.budget))
        compiled.append(measure(False, args.games, args.seed, args.budget))
        baseline.append(chess(args.chess_games))
    slow, fast = best(pure), best(compiled)
    if fast["engine"] == slow["engine"]:
        sys.exit(f"both runs used the {fast['engine']} engine: is the compiled engine installed?")
    print(f"engines: {slow['engine']} / {fast['engine']}; best of {args.rounds} rounds, CPU time")
    print("| game set or policy | pure Python | compiled | x |")
    print("|---|---|---|---|")
    for key, value in slow.items():
        if key == "engine":
            continue
        unit = "nodes/s" if key == "search" else "plies/s"
        label = f"{key} policy" if key in ("greedy", "search") else key
        ratio = float(fast[key]) / float(value)
        print(f"| {label}, {unit} | {float(value):,.0f} | {float(fast[key]):,.0f} | {ratio:.1f} |")
    rate = max(baseline)
    base = float(fast["base"])
    print(f"python-chess random games: {rate:,.0f} plies/s")
    print(
        f"base set random games: compiled {base / rate:.1f} x python-chess, "
        f"pure {float(slow['base']) / rate:.1f} x"
    )


if __name__ == "__main__":
    main()
