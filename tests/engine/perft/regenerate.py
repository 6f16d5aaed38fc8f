"""Regenerate the perft regression files: ``python tests/engine/perft/regenerate.py``.

Run it only when a rules change is meant to change the counts, then read the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from dukec.engine import (  # noqa: E402
    Game,
    load_rules,
    perft,
    position_from_json,
    position_to_json,
)
from tests.engine.conftest import load_base_tileset  # noqa: E402

# (file name, how to reach the position, deepest depth); positions are seeded random games.
SOURCES = [
    ("setup", None, 9),
    ("midgame-a", (11, 12), 4),
    ("midgame-b", (5, 30), 4),
    ("midgame-c", (23, 45), 4),
]


def main() -> None:
    rules = load_rules(load_base_tileset(), "base")
    for name, source, depth in SOURCES:
        lines = [f"id {name}"]
        if source is None:
            game = Game(rules, seed=0)
            lines.append("setup base")
        else:
            seed, plies = source
            game = Game(rules, seed=seed)
            rng = random.Random(seed)
            while game.ply < plies or game.phase != 1:
                assert game.play_random(rng), "game ended before the position was reached"
            position = position_to_json(game)
            lines.append("position " + json.dumps(position, sort_keys=True))
            game = position_from_json(rules, position)
        for d in range(1, depth + 1):
            lines.append(f"perft {d} {perft(game, d)}")
        (HERE / f"{name}.perft").write_text("\n".join(lines) + "\n")
        print(name, lines[-1])


if __name__ == "__main__":
    main()
