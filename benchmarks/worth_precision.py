"""How precise a tile's worth is for the wall time it takes, under the default competent policy.

    python benchmarks/worth_precision.py                 # about 13 minutes on 2 cores
    python benchmarks/worth_precision.py --seconds 60 --workers 2 --levers --copy-seeds 20

For each tile (the renamed copy of the Footman, the overpowered JumpingFootman, and two base
tiles, the Pikeman and the Wizard), one copy in place of one Footman as ``dukec value`` plays it
(paired games, the search at its default budget, ply limit 300), played for ``--seconds`` of
wall time on ``--workers`` worker processes (start-up included, whole pairs only): the games
played, the worker CPU seconds, the worth and its 95% interval's half-width, and whether the
half-width is within ``--target`` Elo (15). The half-width shrinks as the square root of the
games, so the figure of another time is ``half-width * sqrt(seconds / other)``; each line also
gives it at the CPU time the workers had (two cores for 60 s: 120 CPU seconds), which load on
the machine does not shrink.

``--levers`` measures each way of buying precision on the JumpingFootman, each for the same
wall time, beside the default (paired games):

- **unpaired games** (each game its own seed): what the pairing (common random numbers: the
  same seed, so the same draws and set-up, for both armies, the seats swapped) is worth;
- **the draws' luck as a control variate**: each game's score less, at every draw from a bag,
  the win chance the learned evaluation gives army A after the tile drawn less its mean over
  the tiles the bag could have given (AIVAT's correction for chance, unbiased whatever the
  evaluation, since the draw's chances are known): how much of the spread is the bag's luck;
- **other budgets** (100 and 1000 nodes a move): more games a second against another player's
  worth: the worth each budget measures, to see where the verdict stops changing;
- **three copies** (every Footman replaced, as ``dukec balance --replace`` does) with the worth
  divided by three: more signal, but a worth per copy only where copies add up, which the
  comparison with one copy's worth tests.

Then the renamed copy over ``--copy-seeds`` seeds (20): each run's worth with its interval, and
the mean, which must be 0 within its interval (it is exactly 0: the players are blind to names,
so every pair is one game played twice).

Run it on the compiled engine (``pip install .``); it says which engine it timed.
"""

from __future__ import annotations

import argparse
import math
import resource
import statistics
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dukec.balance.experiments import Experiment
from dukec.balance.experiments import replace as replace_every
from dukec.balance.game import GameJob, GameSummary
from dukec.balance.plans import value_experiment
from dukec.balance.play import rules_for
from dukec.balance.run import Observer, Settings, run
from dukec.balance.tally import Tally
from dukec.commands.common import load_tileset
from dukec.compiler import load
from dukec.engine import Game
from dukec.engine.actions import DRAW
from dukec.kernel import kernel
from dukec.players.learned import learned
from dukec.players.policies import make_policy, player_seed
from dukec.stats.stats import Z95, Scored, elo, elo_interval
from dukec.tileset import merge_sources

HERE = Path(__file__).resolve().parent
TILES = [HERE.parent / "tests" / "balance" / "tiles"]
#: The tiles measured: the renamed copy (truth 0), the planted overpowered Footman, two base tiles.
MEASURED = ("Footsoldier", "JumpingFootman", "Pikeman", "Wizard")
PLY_LIMIT = 300
POLICY = "search"


class TimeUp(Exception):
    """The run's wall time is spent (raised between pairs)."""


class Clock(Observer):
    """Keeps the running tally, and ends the run at the first whole pair after ``seconds``."""

    __slots__ = ("deadline", "games", "tally")

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds
        self.tally: Tally | None = None
        self.games: list[tuple[int, GameSummary]] = []

    def game(self, seat: int, summary: GameSummary) -> None:
        self.games.append((seat, summary))

    def standing(self, tally: Tally) -> None:
        self.tally = tally
        if tally.games % 2 == 0 and time.perf_counter() >= self.deadline:
            raise TimeUp


@dataclass(frozen=True, slots=True)
class Timed:
    """What a run played in its time: games, wall and worker CPU seconds, its evidence."""

    games: int
    wall: float
    cpu: float
    evidence: Scored
    summaries: list[tuple[int, GameSummary]]

    def half_width(self, per: int = 1) -> float:
        """The 95% interval's half-width in Elo (of the worth divided by ``per``)."""
        low, high = elo_interval(self.evidence.interval())
        return (high - low) / 2 / per

    def worth(self, per: int = 1) -> float:
        """The worth in Elo (divided by ``per``)."""
        return elo(self.evidence.mean) / per


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(experiment: Experiment, settings: Settings, seconds: float, play: Any = None) -> Timed:
    """Play ``experiment`` for ``seconds`` of wall time (whole pairs): what it played."""
    clock = Clock(seconds)
    cpu = _children_cpu()
    started = time.perf_counter()
    extra = {} if play is None else {"play": play}
    try:
        result = run(experiment, settings, observer=clock, **extra)
        tally = result.tally
    except TimeUp:
        assert clock.tally is not None
        tally = clock.tally
    wall = time.perf_counter() - started
    evidence = tally.evidence
    return Timed(tally.games, wall, _children_cpu() - cpu, evidence, clock.games)


def settings(args: argparse.Namespace, **override: Any) -> Settings:
    """The default competent policy as ``dukec value`` plays it, games capped high."""
    base = Settings(
        games=200_000,
        seed=args.seed,
        policy=POLICY,
        ply_limit=PLY_LIMIT,
        workers=args.workers,
        paired=True,
    )
    return replace(base, **override)


def line(label: str, found: Timed, target: float, cpu_at: float, per: int = 1) -> str:
    """One measured run, as the benchmark prints it."""
    half = found.half_width(per)
    at_cpu = half * math.sqrt(found.cpu / cpu_at) if found.cpu > 0 else math.nan
    verdict = "within" if half <= target else "NOT within"
    return (
        f"  {label:<32} {found.games:>6} games in {found.wall:5.1f} s ({found.cpu:6.1f} CPU s): "
        f"{found.worth(per):+6.1f} Elo ±{half:5.1f} ({verdict} ±{target:g}); "
        f"±{at_cpu:.1f} at {cpu_at:.0f} CPU s"
    )


# --- the draws' luck --------------------------------------------------------------------


def _win_chance(logit: float) -> float:
    return 1.0 / (1.0 + math.exp(-logit))


def play_with_luck(jobs: list[GameJob]) -> list[GameSummary]:
    """Play games as :func:`dukec.balance.play.play_game` does, each summary's ``plies``
    left as it is and its luck kept in ``reason`` after a '|' (the benchmark reads it back):
    at every draw, army A's win chance after the tile drawn less its mean over the bag."""
    from dukec.balance.play import play_out

    found = []
    for job in jobs:
        summary, _game = play_out(job)
        found.append(replace(summary, reason=f"{summary.reason}|{_luck(job)!r}"))
    return found


def _luck(job: GameJob) -> float:
    """The game ``job`` played again, summing army A's luck at its draws."""
    matchup = job.matchup
    rules = rules_for(matchup, job.set_name)
    evaluator = learned(rules)
    assert evaluator is not None
    game = Game(rules, seed=job.seed, ply_limit=matchup.ply_limit)
    players = [
        make_policy(job.policy(seat), player_seed(job.seed, seat), matchup.budget)
        for seat in (0, 1)
    ]
    me = job.a_seat
    luck = 0.0
    while game.result is None:
        action = players[game.to_move].choose(game)
        if action is None:
            break
        if action[0] == DRAW:
            expected = 0.0
            for tile, chance in game.draw_outcomes():
                game.apply((DRAW, -1, -1, -1, tile))
                expected += chance * _win_chance(evaluator.score(game, me))
                game.undo()
            game.apply(action)
            luck += _win_chance(evaluator.score(game, me)) - expected
        else:
            game.apply(action)
    return luck


def luck_adjusted(found: Timed) -> tuple[float, float]:
    """The luck-adjusted worth and its half-width, in Elo: the pairs' mean adjusted score with
    its standard error over pairs."""
    scores = []
    for (seat, one), (other, two) in zip(found.summaries[0::2], found.summaries[1::2], strict=True):
        first = one.points(seat) - float(one.reason.rpartition("|")[2])
        second = two.points(other) - float(two.reason.rpartition("|")[2])
        scores.append((first + second) / 2)
    mean = statistics.fmean(scores)
    se = statistics.stdev(scores) / math.sqrt(len(scores))
    low, high = elo(mean - Z95 * se), elo(mean + Z95 * se)
    return elo(mean), (high - low) / 2


# --- the report --------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="wall time per run")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=float, default=15.0, help="half-width in Elo")
    parser.add_argument("--levers", action="store_true", help="also each way to buy precision")
    parser.add_argument("--copy-seeds", type=int, default=20, help="seeds of the renamed copy")
    args = parser.parse_args()
    tileset = merge_sources(load_tileset(None), load(TILES))
    cpu_at = args.seconds * args.workers
    print(
        f"{kernel()} engine; one copy in place of one Footman, paired, {POLICY} at its default "
        f"budget, {args.seconds:g} s of wall time a run on {args.workers} workers, seed "
        f"{args.seed}; the half-width is the 95% interval's, in Elo"
    )
    for tile in MEASURED:
        experiment = value_experiment(tileset, None, tile)
        print(line(tile, timed(experiment, settings(args), args.seconds), args.target, cpu_at))
    if args.levers:
        levers(args, tileset, cpu_at)
    copies(args, tileset)


def levers(args: argparse.Namespace, tileset: dict[str, Any], cpu_at: float) -> None:
    """Each lever on the JumpingFootman for the same wall time."""
    print(f"levers, JumpingFootman, {args.seconds:g} s each:")
    one = value_experiment(tileset, None, "JumpingFootman")
    target = args.target
    print(line("paired (the default)", timed(one, settings(args), args.seconds), target, cpu_at))
    unpaired = timed(one, settings(args, paired=False), args.seconds)
    print(line("unpaired", unpaired, target, cpu_at))
    lucky = timed(one, settings(args), args.seconds, play=play_with_luck)
    worth, half = luck_adjusted(lucky)
    print(line("paired, the draws' luck kept", lucky, target, cpu_at))
    print(
        f"  {'paired, less the draws luck':<32} the same games: {worth:+6.1f} Elo ±{half:5.1f} "
        f"(a control variate of mean 0: unbiased)"
    )
    for budget in (100, 1000):
        found = timed(one, settings(args, policy=f"search@{budget}"), args.seconds)
        print(line(f"search@{budget}", found, target, cpu_at))
    every = replace_every(tileset, None, "Footman", "JumpingFootman", load(TILES))
    found = timed(every, settings(args), args.seconds)
    print(line("every Footman (3 copies), / 3", found, target, cpu_at, per=3))


def copies(args: argparse.Namespace, tileset: dict[str, Any]) -> None:
    """The renamed copy from many seeds: each worth with its interval, and their mean."""
    experiment = value_experiment(tileset, None, "Footsoldier")
    worths = []
    mirrored = 0
    pairs = 0
    for seed in range(1, args.copy_seeds + 1):
        found = timed(experiment, settings(args, seed=seed, games=40), 1e9)
        worths.append(found.worth())
        summaries = found.summaries
        for (_, one), (_, two) in zip(summaries[0::2], summaries[1::2], strict=True):
            pairs += 1
            mirrored += (one.winner, one.plies, one.reason) == (two.winner, two.plies, two.reason)
    mean = statistics.fmean(worths)
    spread = statistics.stdev(worths) / math.sqrt(len(worths)) if len(worths) > 1 else 0.0
    print(
        f"renamed copy, {args.copy_seeds} seeds of 40 games: mean worth {mean:+.2f} Elo "
        f"(95%: {mean - Z95 * spread:+.2f} to {mean + Z95 * spread:+.2f}), "
        f"{mirrored} of {pairs} pairs one game played twice"
    )


if __name__ == "__main__":
    main()
