"""Are the decisions' error rates what they state? Measured against truths that are known.

    python benchmarks/calibration.py [--runs 2000] [--real-seeds 100] [--workers 2] [--json]
    python benchmarks/calibration.py --caps [--runs 600]   # the sequential test's caps only

1. Simulated streams of results of a known Elo, through the project's own statistics: pairs
   drawn from a pentanomial distribution (and unpaired games from a trinomial one) tilted to
   the true score, each run fed to the sequential test (``--stop sprt``) until it decides or
   reaches its cap. Printed per true Elo: how often each answer came, the mean number of
   results, the mean Elo reported at the stop (with the stopping rule accounted for) beside the
   plain estimate's mean, and how often the reported 95% interval held the truth (stop-aware
   after stronger or weaker, plain after fair); beside them the stated figures: false alarms
   at most alpha at 0, power at least 1 - beta at ±margin. A share over 2000 runs has a
   standard error of at most 1.1 points (0.5 near 5% or 95%).
2. The fixed-length test on the same streams, 400 pairs (or 1000 games) each: how often a true
   0 is called different and a true ±margin fair (both stated at most alpha).
3. Real games: a renamed copy of the Footman (truth 0) against the Footman, random policy,
   unpaired, one ``--stop sprt`` run per seed (``dukec balance --replace Footman=Footsoldier
   --with tests/balance/tiles/footsoldier.duke --policy random --unpaired --stop sprt
   --games 40000 --seed S``): how often it is called different.

4. ``--caps``: how often the sequential test of an exact copy (a true 0) reaches a cap
   undecided, for unpaired games with 2%, 10% and 25% of them drawn and for pairs: what
   ``dukec balance --unpaired --stop sprt``'s default cap of 2,000 games is chosen by (at most
   one run in ten inconclusive).

Every run takes its seed from its index, so the figures are the same on every machine.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dukec.balance.experiments import replace
from dukec.balance.run import Settings, run
from dukec.commands.common import load_tileset
from dukec.stats.decision import Criteria, fixed_decision
from dukec.stats.gsprt import tilt
from dukec.stats.pairs import Pentanomial
from dukec.stats.sequential import SequentialRun
from dukec.stats.stats import Scored, Trinomial, elo, expected_score

HERE = Path(__file__).resolve().parent
COPY = HERE.parent / "tests" / "balance" / "tiles" / "footsoldier.duke"

#: Shapes the simulated results are drawn from (tilted to each true score): pairs where half
#: split one win each, and games with one in ten drawn.
PAIR_SHAPE = (0.1, 0.15, 0.5, 0.15, 0.1)
GAME_SHAPE = (0.45, 0.1, 0.45)
#: A cap far beyond what the test needs, so that the stated rates are the test's own.
CAP = {"pairs": 20_000, "games": 40_000}
FIXED = {"pairs": 400, "games": 1000}
#: The command line's ply limit, so that the real runs are the ones a designer types.
PLY_LIMIT = 300


@dataclass(frozen=True, slots=True)
class Ended:
    """How one simulated run ended."""

    outcome: str
    samples: int
    reported: float
    plain: float
    low: float
    high: float


def _evidence(kind: str, counts: Sequence[int]) -> Scored:
    if kind == "pairs":
        return Pentanomial(counts[0], counts[1], counts[2], 0, counts[3], counts[4])
    return Trinomial(counts[0], counts[1], counts[2])


def _sampler(kind: str, truth: float, shape: Sequence[float] | None = None) -> list[float]:
    if shape is None:
        shape = PAIR_SHAPE if kind == "pairs" else GAME_SHAPE
    scores = Pentanomial.SCORES if kind == "pairs" else Trinomial.SCORES
    return list(itertools.accumulate(tilt(shape, scores, expected_score(truth))))


def sequential_run(
    kind: str, truth: float, seed: int, criteria: Criteria, shape: Sequence[float] | None = None
) -> Ended:
    """One sequential test on a seeded stream of results of true Elo ``truth`` (``shape``: the
    results' shares at a true 0, by default PAIR_SHAPE or GAME_SHAPE)."""
    rng = random.Random(seed)
    cumulative = _sampler(kind, truth, shape)
    counts = [0] * len(cumulative)
    last = len(counts) - 1
    test = SequentialRun(criteria)
    evidence = _evidence(kind, counts)
    for _ in range(CAP[kind]):
        counts[min(last, bisect.bisect(cumulative, rng.random()))] += 1
        evidence = _evidence(kind, counts)
        if test.update(evidence):
            break
    decision = test.decision(evidence)
    low, high = decision.elo_interval
    return Ended(
        decision.outcome.value, evidence.count, decision.elo, elo(evidence.mean), low, high
    )


def fixed_run(kind: str, truth: float, seed: int, criteria: Criteria) -> str:
    """The fixed-length answer on ``FIXED[kind]`` seeded results of true Elo ``truth``."""
    rng = random.Random(seed)
    cumulative = _sampler(kind, truth)
    counts = [0] * len(cumulative)
    for _ in range(FIXED[kind]):
        counts[min(len(counts) - 1, bisect.bisect(cumulative, rng.random()))] += 1
    return fixed_decision(_evidence(kind, counts), criteria).outcome.value


def _share(values: Sequence[str], *wanted: str) -> float:
    return sum(value in wanted for value in values) / len(values)


def stream_rows(kind: str, runs: int, workers: int, criteria: Criteria) -> list[dict[str, Any]]:
    """The sequential test at each true Elo, ``runs`` runs each."""
    margin = criteria.margin
    truths = (0.0, margin, -margin, margin / 2, 60.0)
    rows = []
    with ProcessPoolExecutor(workers) as pool:
        for index, truth in enumerate(truths):
            seeds = range(index * 1_000_000, index * 1_000_000 + runs)
            ended = list(
                pool.map(
                    sequential_run,
                    itertools.repeat(kind),
                    itertools.repeat(truth),
                    seeds,
                    itertools.repeat(criteria),
                    chunksize=50,
                )
            )
            outcomes = [end.outcome for end in ended]
            rows.append(
                {
                    "kind": kind,
                    "truth": truth,
                    "runs": runs,
                    "stronger": _share(outcomes, "stronger"),
                    "weaker": _share(outcomes, "weaker"),
                    "fair": _share(outcomes, "fair"),
                    "inconclusive": _share(outcomes, "inconclusive"),
                    "mean_samples": statistics.fmean(end.samples for end in ended),
                    "mean_reported_elo": statistics.fmean(end.reported for end in ended),
                    "mean_plain_elo": statistics.fmean(end.plain for end in ended),
                    "covered": _share([str(e.low <= truth <= e.high) for e in ended], "True"),
                }
            )
    return rows


def fixed_rows(kind: str, runs: int, criteria: Criteria) -> list[dict[str, Any]]:
    """The fixed-length test at a true 0 and a true ±margin."""
    rows = []
    for index, truth in enumerate((0.0, criteria.margin, -criteria.margin)):
        outcomes = [
            fixed_run(kind, truth, 7_000_000 + index * 1_000_000 + seed, criteria)
            for seed in range(runs)
        ]
        rows.append(
            {
                "kind": kind,
                "truth": truth,
                "results": FIXED[kind],
                "runs": runs,
                "different": _share(outcomes, "stronger", "weaker"),
                "fair": _share(outcomes, "fair"),
                "inconclusive": _share(outcomes, "inconclusive"),
            }
        )
    return rows


def real_copy(seeds: int, workers: int, criteria: Criteria) -> dict[str, Any]:
    """A renamed copy of the Footman against the Footman: random play, unpaired, --stop sprt."""
    tileset = load_tileset(None)
    experiment = replace(tileset, None, "Footman", "Footsoldier", load_tileset(COPY))
    outcomes: list[str] = []
    games: list[int] = []
    started = time.perf_counter()
    for seed in range(1, seeds + 1):
        settings = Settings(
            games=CAP["games"],
            seed=seed,
            policy="random",
            ply_limit=PLY_LIMIT,
            workers=workers,
            stop="sprt",
            criteria=criteria,
            paired=False,
        )
        result = run(experiment, settings)
        outcomes.append(result.decision.outcome.value)
        games.append(result.tally.games)
    first = outcomes[:100]
    return {
        "seeds": seeds,
        "different": _share(outcomes, "stronger", "weaker"),
        "stronger": _share(outcomes, "stronger"),
        "weaker": _share(outcomes, "weaker"),
        "fair": _share(outcomes, "fair"),
        "inconclusive": _share(outcomes, "inconclusive"),
        "different_first_100": _share(first, "stronger", "weaker"),
        "mean_games": statistics.fmean(games),
        "seconds": time.perf_counter() - started,
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:5.1f}%"


def print_report(document: dict[str, Any]) -> None:
    """The figures, each beside what the test states."""
    c = document["criteria"]
    margin, alpha, beta = c["margin"], c["alpha"], c["beta"]
    print(
        f"Sequential test (--stop sprt): margin ±{margin:g} Elo, stated false alarms at 0 Elo "
        f"<= {alpha:.0%}, stated power at ±{margin:g} Elo >= {1 - beta:.0%}"
    )
    print(
        f"{'results':8} {'truth':>6} {'runs':>5} {'stronger':>9} {'weaker':>7} {'fair':>7} "
        f"{'incon.':>7} {'mean n':>7} {'Elo at stop':>11} {'plain':>6} {'covered':>8}"
    )
    for row in document["sequential"]:
        print(
            f"{row['kind']:8} {row['truth']:+6.0f} {row['runs']:5d} {_pct(row['stronger']):>9} "
            f"{_pct(row['weaker']):>7} {_pct(row['fair']):>7} {_pct(row['inconclusive']):>7} "
            f"{row['mean_samples']:7.0f} {row['mean_reported_elo']:+11.1f} "
            f"{row['mean_plain_elo']:+6.1f} {_pct(row['covered']):>8}"
        )
    print()
    print(
        f"Fixed-length test: stated 'different' at 0 Elo <= {alpha:.0%}, stated 'fair' at "
        f"±{margin:g} Elo <= {alpha:.0%}"
    )
    for row in document["fixed"]:
        print(
            f"{row['kind']:8} {row['truth']:+6.0f} {row['results']:5d} results x "
            f"{row['runs']} runs: different {_pct(row['different'])}, fair {_pct(row['fair'])}, "
            f"inconclusive {_pct(row['inconclusive'])}"
        )
    real = document.get("real")
    if real:
        print()
        print(
            f"Real games, renamed Footman, random policy, unpaired, --stop sprt, seeds 1 to "
            f"{real['seeds']}: different {_pct(real['different'])} (stronger "
            f"{_pct(real['stronger'])}, weaker {_pct(real['weaker'])}; stated <= {alpha:.0%}), "
            f"fair {_pct(real['fair'])}, inconclusive {_pct(real['inconclusive'])}, mean "
            f"{real['mean_games']:.0f} games, {real['seconds']:.0f} s"
        )
        if real["seeds"] > 100:
            print(f"  seeds 1 to 100: different {_pct(real['different_first_100'])}")


#: The caps ``--caps`` looks at, in results (games, or pairs).
CAPS = {"games": (1000, 2000, 3000), "pairs": (250, 500, 1000)}


def _length(job: tuple[str, tuple[float, ...], int]) -> int:
    """How many results one sequential test of a true 0 took to decide (shape: the results'
    shares at a true 0), without a cap that binds."""
    kind, shape, seed = job
    return sequential_run(kind, 0.0, seed, Criteria(), shape).samples


def cap_rows(runs: int, workers: int) -> list[dict[str, Any]]:
    """The share of runs of a true 0 still undecided at each cap."""
    shapes: list[tuple[str, str, tuple[float, ...]]] = [
        ("games", f"{draw:.0%} drawn", ((1 - draw) / 2, draw, (1 - draw) / 2))
        for draw in (0.02, 0.10, 0.25)
    ]
    shapes.append(("pairs", "pairs", PAIR_SHAPE))
    rows = []
    with ProcessPoolExecutor(workers) as pool:
        for index, (kind, label, shape) in enumerate(shapes):
            jobs = [(kind, shape, 9_000_000 + index * 1_000_000 + seed) for seed in range(runs)]
            lengths = sorted(pool.map(_length, jobs, chunksize=20))
            rows.append(
                {
                    "kind": kind,
                    "results": label,
                    "runs": runs,
                    "median": lengths[len(lengths) // 2],
                    "p90": lengths[int(0.9 * len(lengths)) - 1],
                    "undecided": {
                        str(cap): sum(n > cap for n in lengths) / runs for cap in CAPS[kind]
                    },
                }
            )
    return rows


def print_caps(rows: list[dict[str, Any]]) -> None:
    """The caps' table."""
    print("sequential test of an exact copy (true 0): results to a decision, runs undecided")
    for row in rows:
        caps = ", ".join(f"{share:.1%} at {cap}" for cap, share in row["undecided"].items())
        print(
            f"  {row['kind']:<5} {row['results']:<10} median {row['median']:>5}, "
            f"90% decided by {row['p90']:>5}; undecided: {caps} ({row['runs']} runs)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000, help="simulated runs per true Elo")
    parser.add_argument("--real-seeds", type=int, default=100, help="real runs (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--caps", action="store_true", help="the caps of the sequential test")
    args = parser.parse_args()
    if args.caps:
        print_caps(cap_rows(args.runs if args.runs != 2000 else 600, args.workers))
        return
    criteria = Criteria()
    document: dict[str, Any] = {
        "criteria": {"margin": criteria.margin, "alpha": criteria.alpha, "beta": criteria.beta},
        "sequential": [
            *stream_rows("pairs", args.runs, args.workers, criteria),
            *stream_rows("games", args.runs, args.workers, criteria),
        ],
        "fixed": [
            *fixed_rows("pairs", args.runs, criteria),
            *fixed_rows("games", args.runs, criteria),
        ],
    }
    if args.real_seeds:
        document["real"] = real_copy(args.real_seeds, args.workers, criteria)
    if args.json:
        print(json.dumps(document, indent=2))
    else:
        print_report(document)


if __name__ == "__main__":
    main()
