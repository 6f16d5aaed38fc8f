"""Statistics of paired games: pentanomial counts, the pair score's interval, its GSPRT.

A pair is one game seed played twice with the armies swapping seats. What army A scores over the
pair (0, 1/2, 1, 3/2 or 2 points) falls into one of five bins, named as fastchess and fishtest
name them: LL, LD, DD+WL, WD, WW. Pairs are independent where the games inside a pair are not
(they share the seed, hence the bag draws, and seat luck cancels), so statistics are taken over
pairs: the score is the mean pair score over two, its variance that of the pair distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dukec.stats.stats import Scored

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The score per game of each pentanomial bin: LL, LD, DD+WL, WD, WW."""

BINS = ("LL", "LD", "DD+WL", "WD", "WW")
"""The names of the five bins, army A's results first-game-and-second in any order."""


@dataclass(frozen=True, slots=True)
class Pentanomial(Scored):
    """Counts of pairs by what army A scored over the two games (DD and WL kept apart)."""

    SCORES: ClassVar[tuple[float, ...]] = PAIR_SCORES
    GAMES: ClassVar[int] = 2

    ll: int = 0
    ld: int = 0
    dd: int = 0
    wl: int = 0
    wd: int = 0
    ww: int = 0

    def add(self, first: float, second: float) -> Pentanomial:
        """These counts with one more pair, army A scoring ``first`` then ``second`` points."""
        half_points = round(2 * first) + round(2 * second)
        if half_points == 2 and first != 0.5:
            return Pentanomial(self.ll, self.ld, self.dd, self.wl + 1, self.wd, self.ww)
        counts = [self.ll, self.ld, self.dd, self.wl, self.wd, self.ww]
        counts[(0, 1, 2, 4, 5)[half_points]] += 1
        return Pentanomial(*counts)

    @property
    def bins(self) -> tuple[int, ...]:
        """The five counts LL, LD, DD+WL, WD, WW."""
        return (self.ll, self.ld, self.dd + self.wl, self.wd, self.ww)

    @property
    def pairs(self) -> int:
        """How many pairs were counted."""
        return self.count
