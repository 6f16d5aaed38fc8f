"""The games a run has played, kept so that a longer run of the same games starts where it ended.

A game's result depends only on the matchup (the tile set, its two game sets, the players and
their budgets, the ply limit, the seating), the master seed and the game's index: a run of 4000
games plays the 1000 of a run of 1000 first. So a run keeps its games' summaries in
:mod:`dukec.cache` (kind ``games``), under the SHA-256 of all of that and of the source of the
engine and of the players (a changed engine plays other games), and ``--resume`` reads them
back instead of playing them again: the same tallies, the same decision, at no cost. A player
with a CPU-time budget (``search@10ms``) plays other games on another machine or load: its runs
are never kept.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from dukec import cache
from dukec.balance.game import GameSummary, Matchup, TileCounts
from dukec.players.policies import policy_seconds
from dukec.version import __version__

KIND = "games"
_FORMAT = "dukec-games/1"


@functools.cache
def players_fingerprint() -> str:
    """The SHA-256 of the source of the engine and of the players (``dukec/engine``,
    ``dukec/balance``)."""
    package = Path(__file__).resolve().parent.parent
    sources = sorted([*package.glob("engine/*.py"), *package.glob("balance/*.py")])
    sources += sorted(package.glob("balance/*.json"))
    return cache.key(
        [str(path.relative_to(package)).encode() + path.read_bytes() for path in sources]
    )


def keeps(matchup: Matchup) -> bool:
    """Whether the games of ``matchup`` are the same on any machine (known policies, none on a
    CPU-time budget)."""
    try:
        return not any(policy_seconds(policy) for policy in matchup.policies)
    except ValueError:
        return False


def entry(matchup: Matchup, seed: int) -> str:
    """The key of the games of ``matchup`` from master seed ``seed``."""
    described = {
        "digest": matchup.digest,
        "sets": list(matchup.sets),
        "labels": list(matchup.labels),
        "policies": list(matchup.policies),
        "ply_limit": matchup.ply_limit,
        "budget": matchup.budget,
        "swap": matchup.swap,
        "paired": matchup.paired,
        "seed": seed,
    }
    return cache.key(
        [_FORMAT, __version__, players_fingerprint(), json.dumps(described, sort_keys=True)]
    )


def _summary_json(summary: GameSummary) -> list[Any]:
    tiles = [
        {name: list(_counts(counts)) for name, counts in sorted(seat.items())}
        for seat in summary.tiles
    ]
    return [
        summary.index,
        summary.winner,
        summary.adjudicated,
        summary.plies,
        summary.reason,
        tiles,
        summary.first,
    ]


def _counts(counts: TileCounts) -> tuple[int, ...]:
    return (
        counts.entered,
        counts.drawn,
        counts.moves,
        counts.captures,
        counts.captured,
        counts.plies_on_board,
    )


def _summary(row: list[Any]) -> GameSummary:
    index, winner, adjudicated, plies, reason, tiles, first = row
    seats = tuple({name: TileCounts(*values) for name, values in seat.items()} for seat in tiles)
    return GameSummary(index, winner, adjudicated, plies, reason, (seats[0], seats[1]), first)


def load(matchup: Matchup, seed: int) -> list[GameSummary]:
    """The games kept for ``matchup`` and ``seed``, games 0, 1, 2, ... in order (none when
    nothing was kept, or what was kept cannot be read)."""
    if not keeps(matchup):
        return []
    payload = cache.read(KIND, entry(matchup, seed))
    if payload is None:
        return []
    try:
        rows = json.loads(payload)
        games = [_summary(row) for row in rows]
    except (ValueError, TypeError, KeyError):
        return []
    if any(game.index != number for number, game in enumerate(games)):
        return []
    return games


def save(matchup: Matchup, seed: int, games: list[GameSummary]) -> None:
    """Keep games 0 .. n-1 of ``matchup`` and ``seed`` (best effort, as the cache is), unless
    as many are kept already."""
    if not games or not keeps(matchup):
        return
    key = entry(matchup, seed)
    if len(load(matchup, seed)) >= len(games):
        return
    rows = [_summary_json(game) for game in games]
    cache.write(KIND, key, json.dumps(rows, separators=(",", ":")).encode("utf-8"))
