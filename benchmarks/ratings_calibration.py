"""How often the ratings' intervals, bounds and tests are right, on tournaments of known strength.

    python benchmarks/ratings_calibration.py [--runs 1000] [--seed 1]

Every tournament is drawn from planted Elo ratings (:mod:`dukec.stats.tournament`: paired
games, draws, the two games of a pair correlated) and read by the project's own fit
(:mod:`dukec.stats.bradley_terry`), transitivity test and Holm's procedure. Printed beside
each stated figure:

1. the fit: how often each 95% interval holds the planted rating, and the mean error;
2. a lopsided ladder (random 0, greedy +300, search +900, as the real one): how often the
   search is a bound, how often its interval or bound misses the truth, and its median rating
   at each size (a rating that drifts with the number of games would climb);
3. the bound of a sweep in its worst case (a pair's two games always agree, no draws): how
   often it lies above the truth, against its stated 2.5%;
4. the transitivity test: false alarms at 5% on transitive tournaments, and how often it
   catches a planted twist (one pairing 150 Elo off its players' difference);
5. dominance in an even 5-tile matrix (10 cells): how often any cell is called different,
   uncorrected and after Holm's procedure, against the stated 5%; and how often Holm finds a
   planted +150 Elo tile against each of the four others.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dukec.stats.bradley_terry import TAIL, fit, gap
from dukec.stats.holm import holm, two_sided_p
from dukec.stats.stats import elo
from dukec.stats.tournament import play, round_robin
from dukec.stats.transitivity import consistency

SPREAD = {"a": 0.0, "b": 100.0, "c": 200.0, "d": -150.0, "e": 350.0}
LADDER = {"random": 0.0, "greedy": 300.0, "search": 900.0}


def coverage(runs: int, seed: int) -> None:
    """The fit's intervals on a spread of five players."""
    print("1. fit: 95% intervals holding the planted rating (5 players, -150 to +350 Elo)")
    for pairs, copy in ((10, 0.3), (40, 0.3), (200, 0.3), (40, 0.8)):
        held = total = 0
        errors = []
        for run in range(runs):
            rng = random.Random(seed * 1_000_003 + run)
            fitted = fit(list(SPREAD), round_robin(rng, SPREAD, pairs, copy=copy), "a")
            for rating in fitted.ratings[1:]:
                if rating.elo is None:
                    continue
                total += 1
                held += rating.low <= SPREAD[rating.name] <= rating.high
                errors.append(rating.elo - SPREAD[rating.name])
        print(
            f"   {pairs:>3} pairs a pairing, pair correlation {copy}: {held / total:6.1%} held "
            f"(stated 95%), mean error {statistics.fmean(errors):+5.1f} Elo, {total} intervals"
        )


def lopsided(runs: int, seed: int) -> None:
    """A ladder whose top player wins nearly every game."""
    print("2. lopsided ladder (random 0, greedy +300, search +900): the search's rating")
    for pairs in (10, 30, 100, 300):
        bounds = missed = 0
        finite, lows = [], []
        for run in range(runs):
            rng = random.Random(seed * 1_000_003 + run)
            search = fit(list(LADDER), round_robin(rng, LADDER, pairs), "random").rating("search")
            bounds += search.bound is not None
            missed += not search.low <= LADDER["search"] <= search.high
            lows.append(search.low)
            if search.elo is not None:
                finite.append(search.elo)
        median = f"{statistics.median(finite):+5.0f}" if finite else "    -"
        print(
            f"   {2 * pairs:>3} games a pairing: a bound in {bounds / runs:5.1%} of runs; truth "
            f"outside the interval or bound in {missed / runs:5.1%} (stated 5%); median rating "
            f"{median} where finite, median lower end {statistics.median(lows):+5.0f}"
        )


def sweeps(runs: int, seed: int) -> None:
    """The bound of a sweep where pairs agree whole (its worst case)."""
    print("3. a sweep's bound, worst case (pairs always agree, no draws): above the truth")
    rng = random.Random(seed)
    for pairs in (5, 20, 100):
        for chance in (0.01, 0.02):
            truth = elo(chance ** (1 / pairs))  # every pair won with this chance
            above = 0
            for _ in range(runs):
                rating = fit(["a", "b"], [play(rng, "b", "a", truth, pairs, 0.0, 1.0)], "a")
                found = rating.rating("b")
                above += found.bound == "lower" and found.low > truth
            print(
                f"   {pairs:>3} pairs, truth {truth:+4.0f} Elo (a sweep: {chance:.0%}, bound "
                f"{gap(pairs, TAIL):+4.0f}): bound above the truth in {above / runs:5.1%} of "
                f"runs (stated at most {TAIL:.1%})"
            )


def transitivity(runs: int, seed: int) -> None:
    """False alarms and power of the test of one strength per player."""
    print("4. transitivity test at 5% (5 players, 10 pairings)")
    for pairs in (10, 40, 200):
        alarms = caught = 0
        for run in range(runs):
            rng = random.Random(seed * 1_000_003 + run)
            plain = consistency(fit(list(SPREAD), round_robin(rng, SPREAD, pairs), "a"))
            twisted = round_robin(rng, SPREAD, pairs, twists={("a", "b"): 150.0})
            planted = consistency(fit(list(SPREAD), twisted, "a"))
            alarms += plain.p_value is not None and plain.p_value < 0.05
            caught += planted.p_value is not None and planted.p_value < 0.05
        print(
            f"   {pairs:>3} pairs a pairing: false alarms {alarms / runs:5.1%} (stated at most "
            f"5%), a 150 Elo twist caught {caught / runs:5.1%}"
        )


def dominance(runs: int, seed: int) -> None:
    """Holm's procedure over a matrix's cells."""
    print("5. dominance over 10 cells at a familywise 5% (5 tiles, 40 pairs a cell)")
    tiles = list(SPREAD)
    cells = [(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1 :]]
    uncorrected = corrected = found = 0
    for run in range(runs):
        rng = random.Random(seed * 1_000_003 + run)
        even = [two_sided_p(play(rng, a, b, 0.0, 40).results, 0.5) for a, b in cells]
        uncorrected += any(p < 0.05 for p in even)
        corrected += any(holm(even, 0.05))
        strong = {tile: 150.0 if tile == "a" else 0.0 for tile in tiles}
        planted = [play(rng, a, b, strong[a] - strong[b], 40).results for a, b in cells]
        rejected = holm([two_sided_p(results, 0.5) for results in planted], 0.05)
        found += sum(r for (a, _), r in zip(cells, rejected, strict=True) if a == "a") == 4
    print(
        f"   an even matrix: any cell called different {uncorrected / runs:5.1%} uncorrected, "
        f"{corrected / runs:5.1%} after Holm (stated at most 5%); a +150 tile found dominating "
        f"all four others {found / runs:5.1%}"
    )


def main() -> None:
    """Run every part and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000, help="tournaments per figure")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    print(f"ratings calibration: {args.runs} runs a figure, seed {args.seed}")
    for part in (coverage, lopsided, sweeps, transitivity, dominance):
        part(args.runs, args.seed)
    print(f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
