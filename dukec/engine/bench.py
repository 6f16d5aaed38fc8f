"""The speed benchmark: uniformly random complete games, with full legality.

Games are timed in the CPU time of this process, so other work on a shared machine does not
count. Rounds play the same games again: the best round leaves out what a game set makes on
first use (the tables of a terrain layout met for the first time) and most of the noise. Two
game sets compared in one run alternate round by round, so both meet the same machine.
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


def bench_against(
    rules: Rules,
    other: Rules,
    games: int = 200,
    seed: int = 0,
    ply_limit: int | None = DEFAULT_PLY_LIMIT,
    rounds: int = 3,
) -> tuple[BenchResult, BenchResult]:
    """:func:`bench` of ``rules`` and of ``other``, their rounds in turn, so that both are timed
    on the same machine at the same time: the ratio of their speeds is what to compare."""
    mine = theirs = None
    for _ in range(rounds):
        measured = _round(rules, games, seed, ply_limit)
        mine = measured if mine is None else _faster(mine, measured)
        measured = _round(other, games, seed, ply_limit)
        theirs = measured if theirs is None else _faster(theirs, measured)
    assert mine is not None and theirs is not None
    return _counted(mine, rounds), _counted(theirs, rounds)


def _round(rules: Rules, games: int, seed: int, ply_limit: int | None) -> BenchResult:
    plies = 0
    wins = [0, 0]
    draws = 0
    start = time.process_time()
    for i in range(games):
        game = play_one(rules, seed + i, ply_limit)
        plies += game.ply
        result = game.result
        if result is None or result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
    seconds = time.process_time() - start
    return BenchResult(games, plies, seconds, seed, (wins[0], wins[1]), draws)


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
