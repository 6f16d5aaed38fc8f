"""Synthetic tournaments of known strength: paired games drawn from the Elo model.

The fit of ratings, its intervals, bounds and the tests read from them are checked against
planted truths: tournaments whose every pairing is drawn from a known Elo difference. A game
scores p = 1 / (1 + 10^(-d / 400)) on average, with a draw (half a point) taking ``draw`` of the
room below the nearer of 0 and 1 (a draw rate of 2 * draw * min(p, 1 - p)); a pair's second game
repeats its first with chance ``copy`` (as games that share a seed and its bag draws tend to go
the same way) and is drawn afresh otherwise, so each game keeps the mean p while the pair's two
games are correlated, as real pairs are.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping

from dukec.stats.bradley_terry import Pairing, logistic
from dukec.stats.pairs import Pentanomial


def game(rng: random.Random, difference: float, draw: float) -> float:
    """One game's points for the side ``difference`` Elo above the other."""
    p = logistic(difference)
    drawn = draw * 2.0 * min(p, 1.0 - p)
    roll = rng.random()
    if roll < p - drawn / 2.0:
        return 1.0
    if roll < p + drawn / 2.0:
        return 0.5
    return 0.0


def play(
    rng: random.Random,
    first: str,
    second: str,
    difference: float,
    pairs: int,
    draw: float = 0.3,
    copy: float = 0.3,
) -> Pairing:
    """``pairs`` pairs of games of ``first`` against ``second``, ``difference`` Elo apart."""
    counts = Pentanomial()
    for _ in range(pairs):
        one = game(rng, difference, draw)
        two = one if rng.random() < copy else game(rng, difference, draw)
        counts = counts.add(one, two)
    return Pairing(first, second, counts)


def round_robin(
    rng: random.Random,
    truth: Mapping[str, float],
    pairs: int,
    draw: float = 0.3,
    copy: float = 0.3,
    twists: Mapping[tuple[str, str], float] | None = None,
) -> list[Pairing]:
    """Every pair of players of ``truth`` (their Elo) plays ``pairs`` pairs; ``twists`` adds
    Elo to a pairing's difference beyond the players' (an intransitive planted truth)."""
    twists = twists or {}
    return [
        play(rng, a, b, truth[a] - truth[b] + twists.get((a, b), 0.0), pairs, draw, copy)
        for a, b in itertools.combinations(truth, 2)
    ]
