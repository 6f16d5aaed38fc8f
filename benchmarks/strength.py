"""Strength and speed of the search policies: paired matches with Elo, and nodes per second.

    python benchmarks/strength.py                       # everything below (hours on 2 cores)
    python benchmarks/strength.py --speed               # nodes per second only
    python benchmarks/strength.py --match search@3ms:search-v1@3ms --games 400

Matches: each seed is played twice with the seats swapped and the same draws (paired games, as
``dukec balance --paired`` plays them), on the base game; a pair scores 0, 1/2, ..., 2 for the
first policy, and the score, its 95% interval and the Elo come from the pentanomial counts of the
pairs (the balance statistics, :mod:`dukec.balance.pairs`). By default: the new ``search``
against ``search-v1``, ``greedy`` and ``mcts`` at equal CPU time per move (3 ms and 10 ms:
``search@3ms``), and each at its default budget. CPU-time budgets are not reproducible: the same
seed gives other games on another machine or under another load; node budgets are.

Speed: nodes per second of ``search`` and ``search-v1`` choosing moves in the same positions
(positions of seeded greedy games, every fifth ply) at the same node budget, in the CPU time of
this process, on the base set and on game sets with features; pin it to one core
(``taskset -c 1``) for steadier figures. And games per second of each at its default budget in
self-play (wall time, ``--workers`` processes), as a designer's run plays them.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any

from dukec.balance.experiments import self_play
from dukec.balance.play import make_policy
from dukec.balance.run import Settings, run
from dukec.balance.search import DEFAULT_BUDGET
from dukec.balance.stats import elo, elo_interval
from dukec.balance.tally import summary_numbers
from dukec.commands.common import load_tileset
from dukec.engine import Game, Phase, Rules, load_rules

#: The matches of a full run: at equal CPU time per move, then each at its default budget.
TIMES = (3, 10)
OPPONENTS = ("search-v1", "greedy", "mcts")
SPEED_SETS = ("base", "dragon", "counting-coup", "terrain", "mountain")


def positions(rules: Rules, count: int) -> list[Game]:
    """Positions of play from seeded greedy games, every fifth ply."""
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game(rules, seed=seed, ply_limit=300)
        players = [make_policy("greedy", seed * 2 + s, 1) for s in (0, 1)]
        while game.result is None and len(found) < count:
            action = players[game.to_move].choose(game)
            if action is None:
                break
            game.apply(action)
            if game.phase is Phase.PLAY and game.ply % 5 == 0 and game.result is None:
                copy = Game(rules, seed=seed, ply_limit=300)
                for done, *_ in game.history:
                    copy.apply(done)
                found.append(copy)
    return found


def node_speed(set_name: str, count: int, budget: int, rounds: int) -> dict[str, float]:
    """Nodes per second of each search in the same positions (best of ``rounds``)."""
    rules = load_rules(load_tileset(None), set_name)
    games = positions(rules, count)
    rates: dict[str, float] = {}
    for policy in ("search-v1", "search"):
        best = 0.0
        for _ in range(rounds):
            player = make_policy(policy, 1, budget)
            nodes = 0
            start = time.process_time()
            for game in games:
                player.choose(game)
                nodes += getattr(player, "nodes")  # noqa: B009 (both searches count nodes)
            best = max(best, nodes / (time.process_time() - start))
        rates[policy] = best
    return rates


def match(a: str, b: str, games: int, seed: int, workers: int, budget: int) -> dict[str, Any]:
    """``a`` against ``b`` on the base game, paired: the balance figures of the run."""
    experiment = dataclasses.replace(self_play(load_tileset(None), "base"), swap=True)
    settings = Settings(
        games=games,
        seed=seed,
        policy=a,
        opponent_policy=b,
        budget=budget,
        ply_limit=300,
        workers=workers,
        paired=True,
    )
    result = run(experiment, settings)
    numbers = summary_numbers(result.tally)
    numbers["seconds"] = result.seconds
    return numbers


def show_match(a: str, b: str, numbers: dict[str, Any]) -> None:
    """One line: the score over pairs with its interval, the Elo with its interval."""
    pairs = numbers["pairs"]
    low, high = pairs["score_ci95"]
    elo_low, elo_high = elo_interval((low, high))
    bins = "/".join(str(n) for n in pairs["pentanomial"].values())
    print(
        f"  {a:<16} vs {b:<16} {pairs['score']:6.1%} [{low:.1%}, {high:.1%}]  "
        f"Elo {elo(pairs['score']):+6.0f} [{elo_low:+.0f}, {elo_high:+.0f}]  "
        f"{numbers['games']} games, pairs {bins}  ({numbers['seconds']:.0f} s)",
        flush=True,
    )


def games_per_second(policy: str, games: int, seed: int, workers: int, budget: int) -> float:
    """Self-play games per wall second of a policy at its default budget."""
    numbers = match(policy, policy, games, seed, workers, budget)
    return float(numbers["games"]) / float(numbers["seconds"])


def main() -> None:
    """Print the figures asked for."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per match (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="the run's budget")
    parser.add_argument("--match", action="append", default=[], metavar="A:B")
    parser.add_argument("--speed", action="store_true", help="nodes per second only")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate-games", type=int, default=100, help="games for games/s")
    args = parser.parse_args()
    if args.speed or not args.match:
        print(f"nodes per second, {args.positions} positions, budget {args.budget}, CPU time")
        for set_name in SPEED_SETS:
            rates = node_speed(set_name, args.positions, args.budget, args.rounds)
            ratio = rates["search"] / rates["search-v1"]
            print(
                f"  {set_name:<14} search-v1 {rates['search-v1']:>9,.0f}   "
                f"search {rates['search']:>9,.0f}   x{ratio:.2f}",
                flush=True,
            )
        if args.speed:
            return
    pairs = [tuple(m.split(":")) for m in args.match]
    if not pairs:
        pairs = [
            (f"search@{t}ms", f"{o}@{t}ms" if o != "greedy" else o)
            for t in TIMES
            for o in OPPONENTS
        ]
        pairs += [("search", o) for o in OPPONENTS]
        print(f"games per second in self-play, {args.rate_games} games, {args.workers} workers")
        for policy in ("search-v1", "search"):
            rate = games_per_second(policy, args.rate_games, args.seed, args.workers, args.budget)
            print(f"  {policy:<10} {rate:.2f} games/s", flush=True)
    print(f"paired matches on the base game, {args.games} games each, seed {args.seed}")
    for a, b in pairs:
        show_match(a, b, match(a, b, args.games, args.seed, args.workers, args.budget))


if __name__ == "__main__":
    main()
