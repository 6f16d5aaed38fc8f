"""What the engine plays, written out to compare the compiled engine with the pure-Python one.

``tests/engine/test_compiled.py`` runs ``main()`` in two processes, one under ``DUKEC_PURE=1``,
and demands byte-identical output. The first line names the engine that ran; then, for every
game set and seed (the expansion packs' sets too), one line each: a uniformly random game with
the sorted legal actions, position and events of every ply (``corpus_games.game_json``); a game
record of a random against a greedy player; ``bench``'s random playouts (plies, wins, draws); a
random game through the front door (each action pushed as it prints, the game as text, the
actions popped); and on the base set, a game set with features, the set of declared icons and a
pack's, a game record of the search policy against a random player. Besides the corpus's game
sets it plays the benchmark's ``declared`` set (``benchmarks/tiles/``: declared icons of every
kind of modifier).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from dukec.compiler.overlay import load_layered
from dukec.engine import Game, GreedyPlayer, RandomPlayer, Rules, bench, load_rules, play_game
from dukec.kernel import kernel
from dukec.players.policies import make_policy
from tests.engine.corpus_games import (
    CUSTOM_SETS,
    PACKAGED_SETS,
    REPO,
    corpus_rules,
    game_json,
    record_text,
)

SEEDS = (0, 1, 2)
PLY_LIMIT = 200
BENCH_GAMES = 10
#: The search policy's node budget per move, and the plies of its games.
SEARCH_BUDGET = 60
SEARCH_PLIES = 30
#: The game sets whose search games are written out: the base game's, one with features, and
#: one of declared icons and an expansion pack's (Camelot's granted Commands, several targets to
#: win).
SEARCH_SETS = ("base", "dragon", "declared", "arthurian-legends")
#: The game sets of declared icons (benchmarks/tiles/, read on top of the base set).
DECLARED_SETS = ("declared",)


def declared_rules(set_name: str) -> Rules:
    """The rules of a game set of declared icons."""
    return load_rules(load_layered([REPO / "benchmarks" / "tiles"]).data, set_name)


#: The plies of a game played through the front door.
FRONT_DOOR_PLIES = 40


def front_door(rules: Rules, seed: int) -> dict[str, Any]:
    """A random game pushed action by action, as the actions print; the game as text and in
    one line; the outcome; then every action popped, as it prints."""
    game = Game(rules, seed=seed, ply_limit=FRONT_DOOR_PLIES)
    rng = random.Random(seed)
    pushed = []
    while not game.is_game_over():
        legal = game.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        game.push(action)
        pushed.append(repr(action))
    text, line, outcome = str(game), repr(game), str(game.outcome())
    popped = [repr(game.pop()) for _ in pushed]
    return {"pushed": pushed, "text": text, "repr": line, "outcome": outcome, "popped": popped}


def lines() -> list[str]:
    """Everything this engine plays, one line per game set, seed and kind of play."""
    out = [f"engine {kernel()}"]
    packs = pack_rules()
    for set_name in (*PACKAGED_SETS, *CUSTOM_SETS, *DECLARED_SETS, *packs):
        if set_name in packs:
            rules = packs[set_name]
        elif set_name in DECLARED_SETS:
            rules = declared_rules(set_name)
        else:
            rules = corpus_rules(set_name)
        for seed in SEEDS:
            game = json.dumps(game_json(rules, seed), separators=(",", ":"))
            out.append(f"{set_name} {seed} random-game {game}")
            record = play_game(
                rules, RandomPlayer(seed), GreedyPlayer(seed + 1), seed=seed, ply_limit=PLY_LIMIT
            )
            out.append(f"{set_name} {seed} greedy-record {json.dumps(record_text(record))}")
            result = bench(rules, games=BENCH_GAMES, seed=seed, ply_limit=PLY_LIMIT)
            figures = [result.plies, *result.wins, result.draws]
            out.append(f"{set_name} {seed} bench {figures}")
            out.append(f"{set_name} {seed} front-door {json.dumps(front_door(rules, seed))}")
            if set_name in SEARCH_SETS:
                search = make_policy("search", seed, SEARCH_BUDGET)
                record = play_game(
                    rules, search, RandomPlayer(seed), seed=seed, ply_limit=SEARCH_PLIES
                )
                out.append(f"{set_name} {seed} search-record {json.dumps(record_text(record))}")
    return out


def pack_rules() -> dict[str, Rules]:
    """The rules of every game set of the expansion packs (tiles/expansions/), by name."""
    from dukec.compiler import load_tileset
    from dukec.compiler.driver import shipped_packs
    from dukec.engine.rules import set_names

    found: dict[str, Rules] = {}
    for path in shipped_packs().values():
        tileset = load_tileset(path)
        for name in set_names(tileset):
            if name not in PACKAGED_SETS:
                found[name] = load_rules(tileset, name)
    return found


def main() -> None:
    """Write the lines to standard output."""
    sys.stdout.write("".join(line + "\n" for line in lines()))


if __name__ == "__main__":
    main()
