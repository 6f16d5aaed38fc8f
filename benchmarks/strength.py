"""Strength and speed of the search policies: paired matches with Elo, and nodes per second.

    python benchmarks/strength.py                       # the tables of docs/policies.md (hours)
    python benchmarks/strength.py --speed               # nodes per second only
    python benchmarks/strength.py --match search@3ms:search-v1@3ms --pairs 200
    python benchmarks/strength.py --match search+pvs=1@3ms:search@3ms --pairs 200
    python benchmarks/strength.py --verdicts            # the designer's two verdicts, timed
    python benchmarks/strength.py --unseen              # search against search-v1 on the
                                                        # tile sets no evaluation was fitted on
    python benchmarks/strength.py --set my-tiles/ --match search:search-v1
    python benchmarks/strength.py --set tiles/expansions/musketeers.duke --game musketeers \
        --match search:search-v1

Matches: each seed is played twice with the seats swapped and the same draws (a pair, as
``dukec balance --paired`` plays them), on the base game of the shipped tile set or of the
tile set ``--set`` names, or on its game set ``--game``. ``--unseen`` plays ``search`` against
``search-v1``, each at its default budget, on every game no evaluation was fitted on: the
default game of each tile set of ``benchmarks/unseen/`` (made by
``benchmarks/make_unseen_sets.py`` from the base tiles by removing, editing and renaming them)
and every game set the expansion packs under ``tiles/expansions/`` declare (their own games,
their tiles in the armies); each must come out at least +150 Elo. A pair scores 0, 1/2, ..., 2
for the first player; the score, its 95% interval and the Elo come from the pentanomial counts
of the pairs (:class:`dukec.stats.pairs.Pentanomial`, the balance statistics). Players are policy
specs (``search``, ``search@3ms``: CPU milliseconds per move, ``search@600``: nodes per move),
and for the search, variants of its options: ``search+pvs=1,aspiration=0.5@3ms`` (see
:class:`dukec.players.alphabeta.Options`). By default: the new ``search`` against ``search-v1``,
``greedy`` and ``mcts`` at equal CPU time per move (3 ms and 10 ms) and each at its default
budget. CPU-time budgets are not reproducible: the same seed gives other games on another
machine or under another load; node budgets are. Each line gives the CPU milliseconds each side
spent per move, and what the first seat scored over the match's games whoever held it: in a game
whose seats are far from even, most pairs are one win each whoever plays better, so a skill
difference shows as a smaller edge than on an even game.

Speed: nodes per second of ``search`` and ``search-v1`` choosing moves in the same positions
(positions of seeded greedy games, every fifth ply) at the same node budget, in the CPU time of
this process, on the base set and on game sets with features: after a pass that is not timed,
the two take turns position by position for ``--rounds`` passes, so that both meet the same
load (pin it to one core, ``taskset -c 1``, for steadier figures); and games per second of each
at its default budget in self-play.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from dukec.balance.game import game_seed
from dukec.commands.common import ReportError, load_tileset
from dukec.engine import Game, Phase, Player, Rules, RulesError, load_rules
from dukec.players.alphabeta import Options
from dukec.players.ordering import Heuristics
from dukec.players.policies import make_policy, player_seed
from dukec.players.search import DEFAULT_BUDGET, SearchPlayer
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import elo, elo_interval

HERE = Path(__file__).resolve().parent
TILES = HERE.parent / "tests" / "balance" / "tiles"
TIMES = (3, 10)
OPPONENTS = ("search-v1", "greedy", "mcts")
SPEED_SETS = ("base", "mountain", "enhanced", "terrain", "dragon", "counting-coup")
PLY_LIMIT = 300


def positions(rules: Rules, count: int) -> list[Game]:
    """Positions of play from seeded greedy games, every fifth ply."""
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
        players = [make_policy("greedy", seed * 2 + s, 1) for s in (0, 1)]
        while game.result is None and len(found) < count:
            action = players[game.to_move].choose(game)
            if action is None:
                break
            game.apply(action)
            if game.phase is Phase.PLAY and game.ply % 5 == 0 and game.result is None:
                copy = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
                for done, *_ in game.history:
                    copy.apply(done)
                found.append(copy)
    return found


def player(spec: str, seed: int) -> Player:
    """A policy by spec, or a variant of the search: ``search+key=value,...[@budget]``."""
    name, at, budget = spec.partition("@")
    if "+" not in name:
        return make_policy(spec, seed, DEFAULT_BUDGET)
    changes: dict[str, Any] = {}
    heuristics: dict[str, bool] = {}
    defaults = Options()
    for item in name.partition("+")[2].split(","):
        key, _, value = item.partition("=")
        if key in ("killers", "counter", "history"):
            heuristics[key] = value == "1"
        elif isinstance(getattr(defaults, key), bool):
            changes[key] = value == "1"
        else:
            changes[key] = type(getattr(defaults, key))(value)
    if heuristics:
        changes["heuristics"] = dataclasses.replace(Heuristics(), **heuristics)
    options = dataclasses.replace(defaults, **changes)
    if budget.endswith("ms"):
        return SearchPlayer(seed, DEFAULT_BUDGET, options, int(budget[:-2]) / 1000)
    return SearchPlayer(seed, int(budget) if at else DEFAULT_BUDGET, options)


_RULES: dict[tuple[str, str | None], Rules] = {}


def rules_of(where: str, game: str | None = None) -> Rules:
    """The game set ``game`` of the tile set at ``where`` ("" for the shipped one), by default
    the one a command plays (``base``, or its only one), loaded once."""
    found = _RULES.get((where, game))
    if found is None:
        tileset = load_tileset(Path(where) if where else None)
        found = _RULES[where, game] = load_rules(tileset, game)
    return found


def play_pair(
    job: tuple[str, str, int, int, str, str | None],
) -> tuple[float, float, list[float], list[int]]:
    """The two games of a pair (``a`` first, then second): ``a``'s points in each, and each
    side's CPU seconds and moves."""
    a, b, seed, _index, where, game_set = job
    rules = rules_of(where, game_set)
    points: list[float] = []
    cpu = [0.0, 0.0]
    moves = [0, 0]
    for a_seat in (0, 1):
        game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
        players = {
            a_seat: player(a, player_seed(seed, a_seat)),
            1 - a_seat: player(b, player_seed(seed, 1 - a_seat)),
        }
        while game.result is None:
            side = 0 if game.to_move == a_seat else 1
            start = time.process_time()
            action = players[game.to_move].choose(game)
            cpu[side] += time.process_time() - start
            moves[side] += 1
            if action is None:
                break
            game.apply(action)
        result = game.result
        winner = result.winner if result is not None else game.to_move ^ 1
        points.append(0.5 if winner is None else float(winner == a_seat))
    return points[0], points[1], cpu, moves


def match(
    a: str, b: str, pairs: int, seed: int, workers: int, where: str = "", game: str | None = None
) -> dict[str, Any]:
    """``a`` against ``b``: pairs of games on the game set ``game`` of the tile set at ``where``
    (by default the game set a command plays: ``base``), and what each side spent."""
    jobs = [(a, b, game_seed(seed, index), index, where, game) for index in range(pairs)]
    counts = Pentanomial()
    cpu = [0.0, 0.0]
    moves = [0, 0]
    seated = 0.0
    start = time.time()
    with ProcessPoolExecutor(workers) as pool:
        for first, second, spent, made in pool.map(play_pair, jobs, chunksize=4):
            counts = counts.add(first, second)
            seated += first + 1.0 - second
            cpu = [x + y for x, y in zip(cpu, spent, strict=True)]
            moves = [x + y for x, y in zip(moves, made, strict=True)]
    return {
        "pairs": counts,
        "ms_per_move": [1000 * c / max(1, m) for c, m in zip(cpu, moves, strict=True)],
        "first_seat": seated / max(1, 2 * pairs),
        "seconds": time.time() - start,
    }


def show_match(a: str, b: str, found: dict[str, Any]) -> None:
    """One line: the score over pairs with its interval, the Elo with its interval, the CPU
    time each side spent a move and the first seat's score."""
    counts: Pentanomial = found["pairs"]
    low, high = counts.interval()
    elo_low, elo_high = elo_interval((low, high))
    mine, theirs = found["ms_per_move"]
    print(
        f"  {a:<22} vs {b:<16} {counts.mean:6.1%} [{low:.1%}, {high:.1%}]  "
        f"Elo {elo(counts.mean):+5.0f} [{elo_low:+.0f}, {elo_high:+.0f}]  "
        f"{2 * counts.pairs} games (LL/LD/DD+WL/WD/WW {'/'.join(map(str, counts.bins))})  "
        f"ms/move {mine:.2f} vs {theirs:.2f}  first seat {found['first_seat']:.0%}  "
        f"({found['seconds']:.0f} s)",
        flush=True,
    )


def node_speed(set_name: str, count: int, budget: int, rounds: int) -> dict[str, float]:
    """Nodes per CPU second of each search in the same positions, after a pass that is not
    timed (tables the rules make when first looked at, caches): the two searches take turns
    position by position, so that both meet the same load (on a shared machine the speed of
    a core moves by tens of percent from one second to the next)."""
    rules = load_rules(load_tileset(None), set_name)
    games = positions(rules, count)
    names = ("search-v1", "search")
    nodes = dict.fromkeys(names, 0)
    seconds = dict.fromkeys(names, 0.0)
    for timed in [False] + [True] * rounds:
        # Each round new players: no table entries of a round before.
        choosers = {policy: make_policy(policy, 1, budget) for policy in names}
        for index, game in enumerate(games):
            for policy in names if index % 2 else names[::-1]:
                chooser = choosers[policy]
                start = time.process_time()
                chooser.choose(game)
                spent = time.process_time() - start
                if timed:
                    seconds[policy] += spent
                    nodes[policy] += int(getattr(chooser, "nodes"))  # noqa: B009 (both count)
    return {policy: nodes[policy] / seconds[policy] for policy in names}


def games_per_second(policy: str, games: int, seed: int) -> float:
    """Self-play games per CPU second of a policy at its default budget (one process)."""
    rules = load_rules(load_tileset(None), "base")
    start = time.process_time()
    for index in range(games):
        game_index = game_seed(seed, index)
        game = Game(rules, seed=game_index, ply_limit=PLY_LIMIT)
        players = [make_policy(policy, player_seed(game_index, s), DEFAULT_BUDGET) for s in (0, 1)]
        while game.result is None:
            action = players[game.to_move].choose(game)
            if action is None:
                break
            game.apply(action)
    return games / (time.process_time() - start)


def verdicts() -> None:
    """Wall time and verdict of the designer's two questions, as the commands a designer types
    (default policy, paired games, ``--stop sprt``, both cores)."""
    for new, path in (
        ("JumpingFootman", TILES / "jumping_footman.duke"),
        ("Footsoldier", TILES / "footsoldier.duke"),
    ):
        command = ["dukec", "balance", "--replace", f"Footman={new}", "--with", str(path)]
        command += ["--policy", "search", "--stop", "sprt", "--no-progress", "--json", "-j", "2"]
        start = time.time()
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        seconds = time.time() - start
        result = json.loads(done.stdout)
        print(
            f"  Footman={new}: {result['verdict']} after {result['games']} games, "
            f"Elo {result['elo']:+.0f} [{result['elo_ci95'][0]:+.0f}, "
            f"{result['elo_ci95'][1]:+.0f}], {seconds:.1f} s wall",
            flush=True,
        )


def main() -> None:
    """Print the figures asked for."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200, help="pairs of games per match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--match", action="append", default=[], metavar="A:B")
    parser.add_argument("--speed", action="store_true", help="nodes and games per second only")
    parser.add_argument("--verdicts", action="store_true", help="the designer's verdicts only")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budget", type=int, default=1000, help="nodes per move for --speed")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rate-games", type=int, default=20, help="games for games/s")
    parser.add_argument("--set", default="", metavar="PATH", help="tile set of the matches")
    parser.add_argument(
        "--game", default=None, metavar="NAME", help="game set of the matches (default: base)"
    )
    parser.add_argument("--unseen", action="store_true", help="the tile sets never fitted on")
    args = parser.parse_args()
    if args.set or args.game:
        # Read here, not first in a worker, so that a mistake is one line, not a traceback.
        try:
            rules_of(args.set, args.game)
        except ReportError as error:
            error.show()
            raise SystemExit(1) from None
        except RulesError as error:
            parser.error(f"--game {args.game}: {error}")
    if args.unseen:
        unseen(args.pairs, args.seed, args.workers)
        return
    if args.verdicts:
        print("the designer's verdicts, default policy, --stop sprt, paired, 2 workers")
        verdicts()
        return
    everything = not args.match
    if args.speed or everything:
        print(f"nodes per second, {args.positions} positions, {args.budget} nodes a move, CPU")
        for set_name in SPEED_SETS:
            rates = node_speed(set_name, args.positions, args.budget, args.rounds)
            print(
                f"  {set_name:<14} search-v1 {rates['search-v1']:>9,.0f}   "
                f"search {rates['search']:>9,.0f}   x{rates['search'] / rates['search-v1']:.2f}",
                flush=True,
            )
        print(f"self-play games per CPU second at the default budget, {args.rate_games} games")
        rates = {
            p: games_per_second(p, args.rate_games, args.seed) for p in ("search-v1", "search")
        }
        for policy, rate in rates.items():
            print(f"  {policy:<10} {rate:.2f} games/s")
        print(f"  search / search-v1: x{rates['search'] / rates['search-v1']:.2f}", flush=True)
        if args.speed:
            return
    pairs = [tuple(m.split(":", 1)) for m in args.match]
    if everything:
        pairs = [
            (f"search@{t}ms", o if o == "greedy" else f"{o}@{t}ms")
            for t in TIMES
            for o in OPPONENTS
        ]
        pairs += [("search", o) for o in OPPONENTS]
    where = f" of {args.set}" if args.set else ""
    print(
        f"paired matches on the {args.game or 'base'} game{where}, {args.pairs} pairs each, "
        f"seed {args.seed}"
    )
    for a, b in pairs:
        show_match(a, b, match(a, b, args.pairs, args.seed, args.workers, args.set, args.game))


#: The least Elo the search must come out above search-v1 on a tile set it was not fitted on.
UNSEEN_TARGET = 150.0


def unseen_sets() -> list[tuple[Path, str | None]]:
    """The games no evaluation was fitted on, as (tile set, game set) in name order: the
    default game of each tile set of benchmarks/unseen/, then every game set an expansion pack
    under tiles/expansions/ (a folder or a .duke file) declares that the shipped tile set does
    not (a pack's default game set is the base game, whose army has none of its tiles)."""
    found: list[tuple[Path, str | None]] = [
        (path, None) for path in sorted(p for p in (HERE / "unseen").iterdir() if p.is_dir())
    ]
    packs = HERE.parent / "tiles" / "expansions"
    if packs.is_dir():
        shipped = {str(s["name"]) for s in load_tileset(None)["sets"]}
        for path in sorted(p for p in packs.iterdir() if p.is_dir() or p.suffix == ".duke"):
            declared = {str(s["name"]) for s in load_tileset(path)["sets"]} - shipped
            found += [(path, game) for game in sorted(declared)]
    return found


def unseen(pairs: int, seed: int, workers: int) -> None:
    """``search`` against ``search-v1`` at their default budgets on each unseen tile set: the
    score over pairs, the Elo with its 95% interval, and whether it reaches the target."""
    from dukec.players.learned import entry_for

    print(
        f"search against search-v1 at {DEFAULT_BUDGET} nodes a move each, {pairs} pairs a tile "
        f"set, seed {seed}, on tile sets no evaluation was fitted on "
        f"(target: at least +{UNSEEN_TARGET:.0f} Elo)"
    )
    met = True
    for path, game in unseen_sets():
        rules = rules_of(str(path), game)
        found = entry_for(rules)
        origin = "no evaluation" if found is None else f"the evaluation of {found[1]['game']!r}"
        where = str(path.relative_to(HERE.parent)) + (f", game set {game}" if game else "")
        print(f"{where}: {len(rules.types)} tile types, {origin}")
        result = match("search", "search-v1", pairs, seed, workers, str(path), game)
        show_match("search", "search-v1", result)
        counts: Pentanomial = result["pairs"]
        estimate, low = elo(counts.mean), elo_interval(counts.interval())[0]
        met = met and estimate >= UNSEEN_TARGET
        bound = "above" if low >= UNSEEN_TARGET else "not above"
        print(
            f"  {'meets' if estimate >= UNSEEN_TARGET else 'MISSES'} the target "
            f"({estimate:+.0f} Elo; the interval's low end {low:+.0f} is {bound} it)",
            flush=True,
        )
    print("every set meets the target" if met else "some set MISSES the target")


if __name__ == "__main__":
    main()
