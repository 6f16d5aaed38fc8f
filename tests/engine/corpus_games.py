"""The engine's recorded behaviour: seeded random games of every game set, with the legal actions
of every position on the way, the position as JSON, the events and the result.

``tests/engine/corpus/`` holds what the engine gave when the corpus was recorded
(``python tests/engine/regenerate_corpus.py``); ``tests/engine/test_corpus.py`` plays the same
games again and demands the same legal actions, positions, events and results. Rewrite it only
for a deliberate change of the rules, and read the diff of the figures the script prints.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dukec.compiler import load, load_tileset
from dukec.engine import Game, GameRecord, Rules, load_rules, position_to_json
from dukec.engine.actions import ActionTuple, Phase
from dukec.engine.facade import Action

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
REPO = Path(__file__).resolve().parents[2]

#: Game sets of the packaged tile set, and of the custom test tile set (every icon, ability
#: and terrain tile in one game).
PACKAGED_SETS = (
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
CUSTOM_SETS = ("everything",)
#: Games are recorded, seed 0 upwards, until a set has this many positions.
POSITIONS = 3000
PLY_LIMIT = 200
RECORD_GAMES = 8


def custom_sources() -> list[Path]:
    """The base tiles (not the Fort, nor the packaged sets) and the custom expanded test tiles."""
    base = [
        p
        for p in sorted((REPO / "tiles").glob("*.duke"))
        if p.name != "fort.duke" and "\nset " not in "\n" + p.read_text()
    ]
    return [*base, REPO / "tests" / "expanded" / "tiles"]


def corpus_rules(set_name: str) -> Rules:
    """The rules a corpus game set is played under."""
    tileset = load(custom_sources()) if set_name in CUSTOM_SETS else load_tileset()
    return load_rules(tileset, set_name)


#: The fields of a position that the corpus's digests cover: those positions had when it was
#: recorded. Fields added since (the phase and where it stands, the tiles taken and boxed, the
#: result, the random sources' counters) are checked by reading every phase's positions back
#: (tests/engine/test_position_phases.py).
RECORDED_FIELDS = frozenset(
    {
        "to_move",
        "board",
        "bags",
        "terrain",
        "drawn",
        "ply",
        "flags",
        "frozen",
        "settled",
        "dragon",
        "scores",
        "captured",
    }
)


def position_digest(game: Game) -> str | None:
    """A short digest of the position as JSON, its :data:`RECORDED_FIELDS` (None where the
    position is not in play or placing: the corpus was recorded before positions held the other
    phases)."""
    if game.phase not in (Phase.PLAY, Phase.PLACING):
        return None
    data = {key: value for key, value in position_to_json(game).items() if key in RECORDED_FIELDS}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a recorded game: the legal actions, which was taken, and around it."""

    legal: tuple[ActionTuple, ...]
    chosen: int
    position: str | None
    events: tuple[str, ...]


def play_steps(rules: Rules, seed: int) -> tuple[list[Step], Game]:
    """A uniformly random game (seeded) recording every decision; the game at its end."""
    game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
    rng = random.Random(seed)
    steps: list[Step] = []
    while True:
        legal: tuple[ActionTuple, ...] = tuple(sorted(game.legal_actions()))
        position = position_digest(game)
        if not legal:
            steps.append(Step((), -1, position, ()))
            return steps, game
        chosen = int(rng.random() * len(legal))
        game.apply(legal[chosen])
        events = tuple(getattr(game, "last_events", ()))
        steps.append(Step(legal, chosen, position, events))


def game_json(rules: Rules, seed: int) -> dict[str, Any]:
    """One recorded game as JSON data."""
    steps, game = play_steps(rules, seed)
    result = game.result
    return {
        "seed": seed,
        "steps": [
            [[list(a) for a in step.legal], step.chosen, step.position, list(step.events)]
            for step in steps
        ],
        "result": None if result is None else [result.winner, str(result.reason)],
        "plies": game.ply,
    }


def corpus_path(set_name: str) -> Path:
    """Where a game set's recorded games are kept."""
    return CORPUS_DIR / f"{set_name}.json.gz"


def records_path(set_name: str) -> Path:
    """Where a game set's recorded game records (JSON Lines, one game after another) are kept."""
    return CORPUS_DIR / f"{set_name}.records.jsonl.gz"


def read_corpus(set_name: str) -> dict[str, Any]:
    """A game set's recorded games."""
    with gzip.open(corpus_path(set_name), "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def stored_steps(game: dict[str, Any]) -> Iterator[Step]:
    """The steps of one stored game."""
    for legal, chosen, position, events in game["steps"]:
        yield Step(tuple(Action(*a) for a in legal), chosen, position, tuple(events))


def record_seeds(set_name: str) -> range:
    """Seeds of the game records kept for a game set."""
    return range(1000, 1000 + RECORD_GAMES)


def split_records(text: str) -> list[str]:
    """The stored records, one JSON Lines text each (a header line starts each)."""
    records: list[list[str]] = []
    for line in text.splitlines():
        if '"format"' in line and line.startswith('{"format"'):
            records.append([])
        records[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in records]


def record_text(record: GameRecord) -> str:
    """A record as the text ``write_record`` writes."""
    from dukec.engine.record import record_lines

    return "".join(line + "\n" for line in record_lines(record))
