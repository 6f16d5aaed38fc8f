"""What one balance game takes and gives back: the job description and its compact summary.

Both are small, frozen and picklable, so a job can be sent to another process or machine and its
summary sent back. A game is played from the tile set alone (see ``dukec.balance.play``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from dukec.tileset import tileset_digest


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index``: a 63-bit slice of SHA-256 over the master seed and the index.

    Hashing (rather than drawing seeds from one generator) makes each game's seed independent of
    how many games run, in which order, and on how many workers.
    """
    digest = hashlib.sha256(f"dukec-balance:{master_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class Matchup:
    """Everything the games of one experiment share.

    ``tileset`` holds two game sets: ``sets[0]`` seats army A first and army B second, and
    ``sets[1]`` the other way round (the same name when both armies are the set's own).
    ``policies`` are army A's and army B's players: a policy belongs to its army, whichever
    seat the army takes. With ``swap`` the armies change seats game by game; with ``paired``
    as well, games 2k and 2k+1 share one seed (the same bag draws) with the seats swapped.
    """

    tileset: dict[str, Any] = field(compare=False, repr=False)
    sets: tuple[str, str]
    labels: tuple[str, str]
    policies: tuple[str, str]
    ply_limit: int
    budget: int
    digest: str
    swap: bool = True
    paired: bool = False

    @staticmethod
    def build(
        tileset: dict[str, Any],
        sets: tuple[str, str],
        labels: tuple[str, str],
        policies: tuple[str, str],
        ply_limit: int,
        budget: int,
        *,
        swap: bool | None = None,
        paired: bool = False,
    ) -> Matchup:
        """A matchup with the tile set's digest filled in; by default the armies swap seats
        when the two game sets differ (self-play keeps them)."""
        swaps = sets[0] != sets[1] if swap is None else swap
        return Matchup(
            tileset,
            sets,
            labels,
            policies,
            ply_limit,
            budget,
            tileset_digest(tileset),
            swaps,
            paired and swaps,
        )

    @property
    def alternates(self) -> bool:
        """Whether the two armies swap seats game by game."""
        return self.swap


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game: which matchup, its index in the run, its seed, and the seat army A takes."""

    matchup: Matchup
    index: int
    seed: int
    a_seat: int

    @property
    def set_name(self) -> str:
        """The game set to play: army A first or army B first."""
        return self.matchup.sets[self.a_seat]

    def policy(self, seat: int) -> str:
        """The policy of the player in ``seat``: that of the army sitting there."""
        return self.matchup.policies[0 if seat == self.a_seat else 1]


def a_seat(matchup: Matchup, index: int) -> int:
    """The seat army A takes in game ``index``: first in even games (always, without swaps)."""
    return index % 2 if matchup.swap else 0


def seed_of(matchup: Matchup, master_seed: int, index: int) -> int:
    """The seed of game ``index``: its own, or its pair's (games 2k and 2k+1) when paired."""
    return game_seed(master_seed, index // 2 if matchup.paired else index)


def jobs_for(matchup: Matchup, master_seed: int, start: int, stop: int) -> list[GameJob]:
    """Jobs for games ``start`` .. ``stop - 1``."""
    return [
        GameJob(matchup, index, seed_of(matchup, master_seed, index), a_seat(matchup, index))
        for index in range(start, stop)
    ]


@dataclass(frozen=True, slots=True)
class TileCounts:
    """What the tiles of one type did for one side in one or more games.

    ``entered`` counts tiles that came onto the board (set up or drawn); ``plies_on_board`` sums,
    over those tiles, the plies each spent on the board until captured or the game ended.
    """

    entered: int = 0
    drawn: int = 0
    moves: int = 0
    captures: int = 0
    captured: int = 0
    plies_on_board: int = 0

    def __add__(self, other: TileCounts) -> TileCounts:
        return TileCounts(
            self.entered + other.entered,
            self.drawn + other.drawn,
            self.moves + other.moves,
            self.captures + other.captures,
            self.captured + other.captured,
            self.plies_on_board + other.plies_on_board,
        )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The outcome of one game, seat by seat (seat 0 set up first; ``first`` took the first turn,
    seat 0 unless the set's rules say otherwise)."""

    index: int
    winner: int | None
    adjudicated: bool
    plies: int
    reason: str
    tiles: tuple[dict[str, TileCounts], dict[str, TileCounts]]
    first: int = 0

    def points(self, seat: int) -> float:
        """What this game scored for ``seat``: 1, 1/2 or 0."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == seat else 0.0
