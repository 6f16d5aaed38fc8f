"""A stand-in game for testing the runner and the tally without the engine.

Army A's policy string sets its's edge: ``"edge=0.1"`` makes army A win 10 points more often.
Everything is drawn from the job's seed, so a game's summary depends on its seed alone.
"""

import random

from dukec.balance.game import GameJob, GameSummary, TileCounts


def fake_game(job: GameJob) -> GameSummary:
    """A seeded coin-toss game: the first seat is a little favoured, army A by ``edge``."""
    rng = random.Random(job.seed)
    edge = float(job.matchup.policies[0].partition("=")[2] or 0.0)
    plies = rng.randint(10, 120)
    roll = rng.random()
    if roll < 0.1:
        winner = None
    else:
        p_a = 0.5 + edge + (0.03 if job.a_seat == 0 else -0.03)
        winner = job.a_seat if rng.random() < p_a else 1 - job.a_seat
    tiles = (
        {"Duke": TileCounts(1, 0, rng.randint(0, 9), 0, int(winner == 1), plies)},
        {"Duke": TileCounts(1, 0, rng.randint(0, 9), 0, int(winner == 0), plies)},
    )
    return GameSummary(job.index, winner, winner is None, plies, "fake", tiles)


def fake_batch(jobs: list[GameJob]) -> list[GameSummary]:
    """Play a batch of fake games."""
    return [fake_game(job) for job in jobs]
