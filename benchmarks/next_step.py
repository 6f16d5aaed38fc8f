"""Does "about N more games should decide" mean what it says? Measured on streams of known Elo.

    python benchmarks/next_step.py [--runs 200] [--first 500] [--json]

Pairs are drawn as ``benchmarks/calibration.py`` draws them (a pentanomial shape tilted to the
true score) and fed to the sequential test at the default criteria (±30 Elo, 5% and 5%). A run
stopped by a first cap of ``--first`` pairs without a decision is an inconclusive verdict: its
next step (:mod:`dukec.balance.next_step`) says about how many more games should decide and the
``--games`` to continue to. The run then goes on, as ``--resume`` does, until the test decides
(or 40,000 pairs). Printed per true Elo: how many runs were inconclusive at the first cap, the
median of the games the decision took over the games said, how often the decision came within
the said range, and how often within the suggested cap. Every run takes its seed from its
index, so the figures are the same on every machine.
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import statistics
from typing import Any

# Run as a script, this folder is on the path: the streams are calibration.py's own.
from calibration import _evidence, _sampler

from dukec.balance.next_step import more_games
from dukec.stats.decision import Criteria
from dukec.stats.sequential import SequentialRun

TRUTHS = (-30.0, -24.0, -15.0, 0.0, 15.0)
LAST = 40_000


def one_run(truth: float, seed: int, first: int, criteria: Criteria) -> dict[str, Any] | None:
    """A run inconclusive after ``first`` pairs, continued: what was said, what it took."""
    rng = random.Random(seed)
    cumulative = _sampler("pairs", truth)
    counts = [0] * len(cumulative)
    test = SequentialRun(criteria)
    evidence = _evidence("pairs", counts)

    def draw() -> bool:
        nonlocal evidence
        counts[min(len(counts) - 1, bisect.bisect(cumulative, rng.random()))] += 1
        evidence = _evidence("pairs", counts)
        return test.update(evidence)

    for _ in range(first):
        if draw():
            return None
    said = more_games(test, evidence, test.decision(evidence), 2 * first)
    assert said is not None
    pairs = first
    while pairs < LAST and not draw():
        pairs += 1
    taken = 2 * (pairs + 1 - first)
    return {
        "said": said.more,
        "low": said.low,
        "high": said.high,
        "cap": said.games - 2 * first,
        "taken": taken,
    }


def row(truth: float, runs: int, first: int) -> dict[str, Any]:
    """The figures of one true Elo."""
    criteria = Criteria()
    ended = [one_run(truth, seed, first, criteria) for seed in range(runs)]
    found = [e for e in ended if e is not None]
    if not found:
        return {"truth": truth, "inconclusive": 0}
    ratios = [e["taken"] / e["said"] for e in found]
    return {
        "truth": truth,
        "inconclusive": len(found),
        "median_taken_over_said": statistics.median(ratios),
        "within_range": sum(e["low"] <= e["taken"] <= e["high"] for e in found) / len(found),
        "within_cap": sum(e["taken"] <= e["cap"] for e in found) / len(found),
        "median_said": statistics.median(e["said"] for e in found),
        "median_taken": statistics.median(e["taken"] for e in found),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--first", type=int, default=500, help="pairs before the first verdict")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [row(truth, args.runs, args.first) for truth in TRUTHS]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{args.runs} runs per true Elo, first verdict after {args.first} pairs")
    print("true Elo | inconclusive | median said | median taken | taken/said | in range | in cap")
    for r in rows:
        if not r["inconclusive"]:
            print(f"{r['truth']:+8.0f} | 0")
            continue
        print(
            f"{r['truth']:+8.0f} | {r['inconclusive']:12d} | {r['median_said']:11.0f} | "
            f"{r['median_taken']:12.0f} | {r['median_taken_over_said']:10.2f} | "
            f"{r['within_range']:8.0%} | {r['within_cap']:6.0%}"
        )


if __name__ == "__main__":
    main()
