"""Record the engine's behaviour again: `python tests/engine/regenerate_corpus.py`.

Run it only after a deliberate change of the rules, then read the figures it prints and the
diff of what the tests say changed before committing tests/engine/corpus/.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dukec.engine import GreedyPlayer, RandomPlayer, play_game
from tests.engine.corpus_games import (
    CORPUS_DIR,
    CUSTOM_SETS,
    PACKAGED_SETS,
    POSITIONS,
    corpus_path,
    corpus_rules,
    game_json,
    record_seeds,
    record_text,
    records_path,
)


def main() -> None:
    """Play and store every corpus game set."""
    CORPUS_DIR.mkdir(exist_ok=True)
    for set_name in (*PACKAGED_SETS, *CUSTOM_SETS):
        rules = corpus_rules(set_name)
        games: list[dict[str, Any]] = []
        while sum(len(g["steps"]) for g in games) < POSITIONS:
            games.append(game_json(rules, len(games)))
        data = {"set": set_name, "tileset_hash": rules.tileset_hash, "games": games}
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
        with gzip.GzipFile(corpus_path(set_name), "wb", mtime=0) as f:
            f.write(text.encode())
        records = "".join(
            record_text(
                play_game(
                    rules, RandomPlayer(seed), GreedyPlayer(seed + 1), seed=seed, ply_limit=300
                )
            )
            for seed in record_seeds(set_name)
        )
        with gzip.GzipFile(records_path(set_name), "wb", mtime=0) as f:
            f.write(records.encode())
        positions = sum(len(g["steps"]) for g in games)
        print(f"{set_name}: {len(games)} games, {positions} positions")


if __name__ == "__main__":
    main()
