"""Random-playout speed of the base set on this checkout's engine against another checkout's.

    git archive REV | tar -x -C /tmp/engine-REV
    taskset -c 1 python benchmarks/base_against.py /tmp/engine-REV [--games 200] [--rounds 5]

Each round times the same seeded base-set games once with each engine, in turn, each in a
fresh process importing ``dukec`` from its checkout, in that process's CPU time. Prints each
round's plies per second and ratio (this checkout over the other), then the median ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_TIMED = """
import time
import dukec
from dukec.commands.common import load_tileset
from dukec.engine import bench, load_rules
rules = load_rules(load_tileset(None), "base")
start = time.process_time()
result = bench(rules, games={games}, seed={seed})
print(result.plies / (time.process_time() - start))
print(dukec.__file__)
"""


def _plies_per_second(checkout: Path, games: int, seed: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = _TIMED.format(games=games, seed=seed)
    # Run in the checkout: ``python -c`` puts its working directory first on the path, so run
    # from elsewhere (this checkout) it would import that directory's dukec, not the checkout's.
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    figure, imported = done.stdout.split()
    if not Path(imported).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"error: {checkout} timed the dukec in {imported}, not its own")
    return float(figure)


def main() -> None:
    """Print each round's figures and the median ratio of this checkout to the other."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a checkout (or export) of the other engine")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    ratios = []
    print(f"{'round':<6} {'this':>10} {'other':>10} {'ratio':>6}")
    for number in range(1, args.rounds + 1):
        this = _plies_per_second(here, args.games, args.seed)
        other = _plies_per_second(args.other.resolve(), args.games, args.seed)
        ratios.append(this / other)
        print(f"{number:<6} {this:>10,.0f} {other:>10,.0f} {ratios[-1]:>6.2f}")
    median = statistics.median(ratios)
    print(f"median ratio {median:.2f} (range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
