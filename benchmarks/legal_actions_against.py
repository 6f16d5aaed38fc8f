"""The cost of ``Game.legal_actions()`` on this checkout's engine against another checkout's.

    git archive REV | tar -x -C /tmp/engine-REV   (then build it as this one is built)
    taskset -c 1 python benchmarks/legal_actions_against.py /tmp/engine-REV [--rounds 5]

``legal_actions()`` is what the search asks at its root and MCTS at each node it expands;
since its actions print in notation, each keeps a copy of what its notation reads. Each round
times the same positions (those of seeded random games of each game set) once with each engine,
in turn, each in a fresh process importing ``dukec`` from its checkout, in that process's CPU
time. Prints each round's calls per second and ratio (this checkout over the other), then the
median ratio, for each game set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_TIMED = """
import copy, random, time
import dukec
from dukec.compiler import load_tileset
from dukec.engine import Game, load_rules
from dukec.kernel import kernel
rules = load_rules(load_tileset(None), {set_name!r})
positions = []
for seed in range({games}):
    game = Game(rules, seed=seed, ply_limit=150)
    rng = random.Random(seed)
    while game.result is None:
        positions.append(copy.deepcopy(game))
        game.play_random(rng)
start = time.process_time()
for _ in range({repeats}):
    for game in positions:
        game.legal_actions()
print(len(positions) * {repeats} / (time.process_time() - start))
print(kernel().replace(" ", "_"))
print(dukec.__file__)
"""


def _calls_per_second(checkout: Path, set_name: str, games: int, repeats: int) -> tuple[float, str]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = _TIMED.format(set_name=set_name, games=games, repeats=repeats)
    # Run in the checkout: ``python -c`` puts its working directory first on the path.
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"error: timing {checkout} failed:\n{done.stderr}")
    figure, engine, imported = done.stdout.split()
    if not Path(imported).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"error: {checkout} timed the dukec in {imported}, not its own")
    return float(figure), engine.replace("_", " ")


def main() -> None:
    """Print each round's figures and the median ratio of this checkout to the other."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a checkout (or install) of the other engine")
    parser.add_argument("--sets", nargs="+", default=["base", "dragon"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    there = args.other.resolve()
    for set_name in args.sets:
        ratios = []
        for number in range(1, args.rounds + 1):
            this, ours = _calls_per_second(here, set_name, args.games, args.repeats)
            other, theirs = _calls_per_second(there, set_name, args.games, args.repeats)
            if number == 1:
                print(f"{set_name}: this engine {ours}, the other {theirs}")
                print(f"{'round':<6} {'this':>10} {'other':>10} {'ratio':>6}")
            ratios.append(this / other)
            print(f"{number:<6} {this:>10,.0f} {other:>10,.0f} {ratios[-1]:>6.2f}")
        median = statistics.median(ratios)
        print(f"{set_name}: median ratio {median:.2f} (range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
