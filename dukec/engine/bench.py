"""The speed benchmark: uniformly random complete games, with full legality.

Games are timed in the CPU time of this process, so other work on a shared machine does not
count. Rounds play the same games again: the best round leaves out what a game set makes on
first use (the tables of a board layout met for the first time) and most of the noise. Two
game sets compared in one run take turns twenty games at a time, so both meet the same machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from dukec.engine.game import Game
from dukec.engine.rules import Rules

DEFAULT_PLY_LIMIT = 1000
"""The ply limit at which a benchmark's game (and by default a game the tools play) is a draw."""


@dataclass(frozen=True, slots=True)
class BenchResult:
    """What a benchmark run measured (plies are turns of play; set-up placements not counted).

    ``seconds`` is CPU time: of the best round, where there were several."""

    games: int
    plies: int
    seconds: float
    seed: int
    wins: tuple[int, int]
    draws: int
    rounds: int = 1

    @property
    def plies_per_second(self) -> float:
        """Turns of play per second."""
        return self.plies / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        """Complete games per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def bench(
    rules: Rules,
    games: int = 200,
    seed: int = 0,
    ply_limit: int | None = DEFAULT_PLY_LIMIT,
    rounds: int = 1,
) -> BenchResult:
    """Play ``games`` uniformly random games from set-up to the end and time them; with
    ``rounds``, play them that many times and keep the fastest round.

    Game ``i`` uses seed ``seed + i`` for both its draws and its random choices, so a run is
    reproducible from its seed.
    """
    best = _round(rules, games, seed, ply_limit)
    for _ in range(rounds - 1):
        best = _faster(best, _round(rules, games, seed, ply_limit))
    return _counted(best, rounds)


#: Games of one set played in a row before the other set's turn, when two sets are compared:
#: short enough that both meet the machine as it is at the time (on a shared machine its speed
#: moves by tens of percent from one second to the next), long enough that neither plays in
#: caches the other filled.
STRETCH = 20


def bench_against(
    rules: Rules,
    other: Rules,
    games: int = 200,
    seed: int = 0,
    ply_limit: int | None = DEFAULT_PLY_LIMIT,
    rounds: int = 3,
) -> tuple[BenchResult, BenchResult]:
    """:func:`bench` of ``rules`` and of ``other``, their games in turns of :data:`STRETCH`, so
    that both are timed on the same machine at the same time: the ratio of their speeds is what
    to compare. Each result is its set's best round."""
    mine = theirs = None
    for _ in range(rounds):
        tallies = (_Tally(), _Tally())
        for first in range(0, games, STRETCH):
            last = min(first + STRETCH, games)
            tallies[0].play(rules, seed, range(first, last), ply_limit)
            tallies[1].play(other, seed, range(first, last), ply_limit)
        measured = tallies[0].result(games, seed)
        mine = measured if mine is None else _faster(mine, measured)
        measured = tallies[1].result(games, seed)
        theirs = measured if theirs is None else _faster(theirs, measured)
    assert mine is not None and theirs is not None
    return _counted(mine, rounds), _counted(theirs, rounds)


class _Tally:
    """What the games of one set timed so far made: plies, results, CPU seconds."""

    def __init__(self) -> None:
        self.plies = 0
        self.wins = [0, 0]
        self.draws = 0
        self.seconds = 0.0

    def play(self, rules: Rules, seed: int, games: range, ply_limit: int | None) -> None:
        """Play and time the games numbered ``games`` (game ``i`` takes seed ``seed + i``)."""
        start = time.process_time()
        for i in games:
            game = play_one(rules, seed + i, ply_limit)
            self.plies += game.ply
            result = game.result
            if result is None or result.winner is None:
                self.draws += 1
            else:
                self.wins[result.winner] += 1
        self.seconds += time.process_time() - start

    def result(self, games: int, seed: int) -> BenchResult:
        """The tally as a round's result."""
        wins = (self.wins[0], self.wins[1])
        return BenchResult(games, self.plies, self.seconds, seed, wins, self.draws)


def _round(rules: Rules, games: int, seed: int, ply_limit: int | None) -> BenchResult:
    tally = _Tally()
    tally.play(rules, seed, range(games), ply_limit)
    return tally.result(games, seed)


def play_one(rules: Rules, seed: int, ply_limit: int | None = DEFAULT_PLY_LIMIT) -> Game:
    """One benchmark game: uniformly random from set-up to the end, ``seed`` for both its draws
    and its random choices; the finished game."""
    game = Game(rules, seed=seed, ply_limit=ply_limit)
    rng = random.Random(seed)
    play = game.play_random
    while play(rng):
        pass
    return game


def _faster(a: BenchResult, b: BenchResult) -> BenchResult:
    """The faster of two rounds of the same games."""
    return b if b.plies_per_second > a.plies_per_second else a


def _counted(result: BenchResult, rounds: int) -> BenchResult:
    return BenchResult(
        result.games, result.plies, result.seconds, result.seed, result.wins, result.draws, rounds
    )
