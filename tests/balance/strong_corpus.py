"""The recorded play of the ``search`` policy, so that a change meant only to make it faster is
shown to change nothing it does.

``tests/balance/corpus/search.json.gz`` holds, for positions of seeded random games in every
packaged game set (``search_corpus.positions``): the evaluation's value of the position for each
seat, the action the search chooses at two node budgets with the nodes it counted and the depth
it finished, and its value and best actions to a fixed depth. ``tests/balance/test_search.py``
plays them again and demands the same. Record it again
(``python tests/balance/regenerate_search_corpus.py search``) only when the search is meant to
play differently, and read the diff of what the test says changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dukec.players.learned import learned
from dukec.players.search import SearchPlayer
from tests.balance import search_corpus
from tests.balance.search_corpus import GAME_SETS, positions, rules_of

CORPUS = Path(__file__).resolve().parent / "corpus" / "search.json.gz"
#: Node budgets of the choices recorded.
BUDGETS = (300, 1500)
#: The depth of the fixed-depth searches recorded.
DEPTH = 2


def recorded(set_name: str) -> list[dict[str, Any]]:
    """What the search does in each position of one game set, now."""
    rules = rules_of(set_name)
    evaluator = learned(rules)
    out = []
    for index, game in enumerate(positions(rules, games=2, every=11)):
        entry: dict[str, Any] = {"set": set_name, "position": index, "plies": game.ply}
        if evaluator is not None:
            entry["values"] = [evaluator.score(game, seat) for seat in (0, 1)]
        chosen = []
        for budget in BUDGETS:
            player = SearchPlayer(seed=index, budget=budget)
            action = player.choose(game)
            chosen.append(
                {
                    "budget": budget,
                    "action": None if action is None else list(action),
                    "nodes": player.nodes,
                    "depth": player.depth,
                }
            )
        entry["choices"] = chosen
        score, best = SearchPlayer(seed=index).search(game, DEPTH)
        entry["fixed"] = {"score": score, "best": [list(a) for a in best]}
        out.append(entry)
    return out


def record() -> dict[str, Any]:
    """Everything the corpus holds, searched now."""
    return {
        "budgets": list(BUDGETS),
        "depth": DEPTH,
        "positions": [entry for name in GAME_SETS for entry in recorded(name)],
    }


def write(data: dict[str, Any]) -> None:
    """Store the corpus."""
    search_corpus.write(data, CORPUS)


def read() -> dict[str, Any]:
    """The stored corpus."""
    return search_corpus.read(CORPUS)
