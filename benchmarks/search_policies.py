"""Speed and strength of the competent policies, measured in one run.

    python benchmarks/search_policies.py [--games 100] [--budget 300] [--sprt]

Speed: the search's nodes per second against the earlier search's (``search-material``), both
choosing moves in the same positions (positions of seeded greedy games) within the same node
budget, and the time each takes to search those positions to a fixed depth; timed in the CPU
time of this process. Strength: head-to-head games on the base game (each seed played twice,
seats swapped), scored with a 95% Wilson interval: the search against the earlier search at
equal budget and at each one's default, the search with the engine's material values in place
of the fitted ones (``search/material``), and mcts against the search. With ``--sprt``, also the
wall time and verdict of ``dukec balance --policy search --stop sprt`` for the overpowered
Footman and for an exact renamed copy (tests/balance/tiles), run as the commands a designer
types.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from pathlib import Path

from dukec.balance.play import make_policy
from dukec.balance.search import DEFAULT_BUDGET, Options, SearchPlayer
from dukec.balance.stats import wilson
from dukec.commands.common import load_tileset
from dukec.engine import Game, Phase, Player, Rules, load_rules

HERE = Path(__file__).resolve().parent
TILES = HERE.parent / "tests" / "balance" / "tiles"


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


def node_speed(rules: Rules, count: int, budget: int) -> None:
    """Nodes per second within a budget, and time to a fixed depth, of both searches."""
    games = positions(rules, count)
    print(f"speed over {len(games)} positions of the base game, budget {budget}, CPU time")
    rates: dict[str, float] = {}
    depth_times: dict[str, float] = {}
    for policy in ("search-material", "search"):
        player = make_policy(policy, 1, budget)
        assert isinstance(player, SearchPlayer)
        nodes = 0
        start = time.process_time()
        for game in games:
            player.choose(game)
            nodes += player.nodes
        rates[policy] = nodes / (time.process_time() - start)
        fixed = SearchPlayer(1, options=player.options)
        start = time.process_time()
        for game in games:
            fixed.search(game, 3)
        depth_times[policy] = time.process_time() - start
        print(
            f"  {policy:<16} nodes/s {rates[policy]:>9,.0f}   "
            f"depth 3 in all positions {depth_times[policy]:6.2f} s"
        )
    ratio = rates["search"] / rates["search-material"]
    faster = depth_times["search-material"] / depth_times["search"]
    print(f"  search / search-material: nodes/s x{ratio:.2f}, to depth 3 x{faster:.2f} faster")


def player(name: str, seed: int, budget: int) -> Player:
    """A policy by name, or ``search/material``: the search with the engine's material values
    in place of fitted ones."""
    if name == "search/material":
        return SearchPlayer(seed, budget, Options(fitted=False))
    return make_policy(name, seed, budget)


def match(rules: Rules, a: str, a_budget: int, b: str, b_budget: int, games: int) -> None:
    """``a`` against ``b``: each seed twice, seats swapped; score with its 95% interval."""
    points = 0.0
    cpu = [0.0, 0.0]
    start = time.time()
    for index in range(games):
        seed = 1000 + index // 2
        seat_a = index % 2
        game = Game(rules, seed=seed, ply_limit=300)
        players = {
            seat_a: player(a, 2 * index, a_budget),
            1 - seat_a: player(b, 2 * index + 1, b_budget),
        }
        while game.result is None:
            side = 0 if game.to_move == seat_a else 1
            begun = time.process_time()
            action = players[game.to_move].choose(game)
            cpu[side] += time.process_time() - begun
            if action is None:
                break
            game.apply(action)
        result = game.result
        winner = result.winner if result is not None else 1 - game.to_move
        points += 0.5 if winner is None else float(winner == seat_a)
    low, high = wilson(points / games, games)
    print(
        f"  {a}@{a_budget} vs {b}@{b_budget}: {points:g}/{games} = {points / games:.1%} "
        f"[{low:.1%}, {high:.1%}]  CPU s per game {cpu[0] / games:.2f} vs {cpu[1] / games:.2f}  "
        f"({time.time() - start:.0f} s)"
    )


def balance_games_per_second(games: int, budget: int, baseline_budget: int) -> None:
    """Games per second of ``dukec balance`` self-play, both searches (wall time, 2 workers)."""
    for policy, nodes in (("search-material", baseline_budget), ("search", budget)):
        command = ["dukec", "balance", "--policy", policy, "--budget", str(nodes)]
        command += ["--games", str(games), "--no-progress", "--json", "-j", "2"]
        start = time.time()
        subprocess.run(command, check=True, capture_output=True)
        seconds = time.time() - start
        print(f"  {' '.join(command)}: {games / seconds:.2f} games/s ({seconds:.1f} s wall)")


def sprt(budget: int) -> None:
    """Wall time and verdict of the two designer's questions with --stop sprt."""
    for new, path in (
        ("JumpingFootman", TILES / "jumping_footman.duke"),
        ("Footsoldier", TILES / "footsoldier.duke"),
    ):
        command = ["dukec", "balance", "--replace", f"Footman={new}", "--with", str(path)]
        command += ["--policy", "search", "--budget", str(budget), "--stop", "sprt"]
        command += ["--no-progress", "--json"]
        start = time.time()
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        seconds = time.time() - start
        result = json.loads(done.stdout)
        found = result.get("verdict") or result.get("summary", {}).get("verdict")
        print(f"  Footman={new}: {found} after {seconds:.1f} s wall")


def main() -> None:
    """Print the speed and strength figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (even)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="the search's budget")
    parser.add_argument("--baseline-budget", type=int, default=500)
    parser.add_argument("--mcts-budget", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=40)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--balance-games", type=int, default=40)
    parser.add_argument("--sprt", action="store_true", help="also time the two SPRT verdicts")
    args = parser.parse_args()
    rules = load_rules(load_tileset(None), "base")
    node_speed(rules, args.positions, args.budget)
    print(f"strength on the base game, {args.games} games per match")
    equal = args.baseline_budget
    match(rules, "search", equal, "search-material", equal, args.games)
    if args.budget != equal:
        match(rules, "search", args.budget, "search-material", equal, args.games)
    match(rules, "search/material", args.budget, "search-material", equal, args.games)
    match(rules, "mcts", args.mcts_budget, "search", args.budget, args.mcts_games)
    print("games per second")
    balance_games_per_second(args.balance_games, args.budget, args.baseline_budget)
    if args.sprt:
        print("designer's verdicts with --stop sprt")
        sprt(args.budget)


if __name__ == "__main__":
    main()
