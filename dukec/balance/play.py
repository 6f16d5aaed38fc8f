"""Playing one balance game with the engine: a job in, a compact summary out."""

from __future__ import annotations

from dukec.balance.game import GameJob, GameSummary


def play_game(job: GameJob) -> GameSummary:
    """Play the game ``job`` describes to its end or its ply limit."""
    raise NotImplementedError("the engine binding is not written yet")
