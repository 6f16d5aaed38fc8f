"""The recorded play of the fixed baseline searches (``search-v1``, ``search-material``).

``tests/balance/corpus/search-v1.json.gz`` holds what these policies played when the corpus was
recorded (``python tests/balance/regenerate_search_corpus.py v1``): whole games of every packaged
game set at the default budget, and the score and best actions of searches to a fixed depth.
``tests/balance/test_search_v1.py`` plays them again and demands the same. A baseline is a fixed
point to measure other players against: rewrite the corpus only if the baseline is meant to
change (never to make a test pass), and read the diff of the figures the script prints.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

from dukec.commands.common import load_tileset
from dukec.engine import Game, Phase, Rules, load_rules
from dukec.players.policies import make_policy
from dukec.players.search_v1 import SearchPlayer

CORPUS = Path(__file__).resolve().parent / "corpus" / "search-v1.json.gz"
#: Every packaged game set, played by search-v1 against itself.
GAME_SETS = (
    "base",
    "enhanced",
    "mountain",
    "dragon",
    "terrain",
    "counting-coup",
    "trophy-hunters",
    "dark-rider",
    "dynastic-dispute",
)
#: The game sets whose positions are searched to a fixed depth.
DEPTH_SETS = ("base", "dragon", "counting-coup", "terrain")
SEEDS = (0, 1)
BUDGET = 300
PLY_LIMIT = 160
DEPTH = 3


def rules_of(set_name: str) -> Rules:
    """The packaged tile set's rules of a game set."""
    return load_rules(load_tileset(None), set_name)


def play(rules: Rules, policies: tuple[str, str], seed: int) -> dict[str, Any]:
    """One game between two policies at the corpus's budget: its actions and result."""
    game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
    players = [make_policy(policies[seat], 2 * seed + seat, BUDGET) for seat in (0, 1)]
    actions: list[list[int]] = []
    while game.result is None:
        action = players[game.to_move].choose(game)
        assert action is not None
        actions.append(list(action))
        game.apply(action)
    result = game.result
    return {
        "set": rules.set_name,
        "policies": list(policies),
        "seed": seed,
        "actions": actions,
        "result": [result.winner, str(result.reason)],
    }


def positions(rules: Rules, games: int = 3, every: int = 9, plies: int = 60) -> list[Game]:
    """Positions of seeded random games (each its own game object, ready to search)."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(rules, seed=seed, ply_limit=300)
        for step in range(plies):
            if game.result is not None or not game.play_random(rng):
                break
            if step % every == every - 1 and game.phase is Phase.PLAY and game.result is None:
                copy = Game(rules, seed=seed, ply_limit=300)
                for action, *_ in game.history:
                    copy.apply(action)
                found.append(copy)
    return found


def searched(rules: Rules) -> list[dict[str, Any]]:
    """search-v1's score and best actions to the corpus's depth in each of a set's positions."""
    out = []
    for index, game in enumerate(positions(rules)):
        score, best = SearchPlayer(1).search(game, DEPTH)
        out.append(
            {
                "set": rules.set_name,
                "position": index,
                "plies": game.ply,
                "score": score,
                "best": [list(a) for a in best],
            }
        )
    return out


def record() -> dict[str, Any]:
    """Everything the corpus holds, played now."""
    games = []
    for set_name in GAME_SETS:
        rules = rules_of(set_name)
        games += [play(rules, ("search-v1", "search-v1"), seed) for seed in SEEDS]
    base = rules_of("base")
    games += [play(base, ("search-material", "search-v1"), seed) for seed in SEEDS]
    depth = [entry for name in DEPTH_SETS for entry in searched(rules_of(name))]
    return {
        "budget": BUDGET,
        "ply_limit": PLY_LIMIT,
        "depth": DEPTH,
        "games": games,
        "searches": depth,
    }


def write(data: dict[str, Any], path: Path = CORPUS) -> None:
    """Store a corpus (gzip with no time stamp: the same play gives the same bytes)."""
    path.parent.mkdir(exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(text.encode())


def read(path: Path = CORPUS) -> dict[str, Any]:
    """A stored corpus."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data
