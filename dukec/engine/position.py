"""Positions as JSON (``schemas/position.schema.json``): read into a game, written from one.

Reading is :mod:`dukec.engine.position_read`'s (the top-level checks, the board, the bags and the
tile counts; each feature reads its own part, :meth:`dukec.engine.feature.Feature.read`, and
:mod:`dukec.engine.position_phases` the phase and what goes with it), into the game made here.
Writing is :mod:`dukec.engine.position_write`'s.
"""

from __future__ import annotations

from typing import Any

from dukec.engine.game import Game
from dukec.engine.position_problems import PositionError as PositionError
from dukec.engine.position_read import read_game
from dukec.engine.position_write import position_to_json as position_to_json
from dukec.engine.rules import Rules


def position_from_json(
    rules: Rules, data: Any, seed: int = 0, ply_limit: int | None = None
) -> Game:
    """A game in the position ``data`` describes, in any phase (set-up, play, a placement, and
    each phase a feature owns: :mod:`dukec.engine.position_phases`); ``seed`` is the game's
    random source, which the position's ``draws`` and ``events`` count on from.

    Raises one PositionError naming every problem found, one a line, in document order.
    """
    return read_game(
        rules, data, lambda rules: Game(rules, seed=seed, ply_limit=ply_limit, setup=False)
    )
