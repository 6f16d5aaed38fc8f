"""Random play: a uniformly random legal action, found without listing every legal action.

Sampling a pseudo-legal action and rejecting it if illegal, then resampling among the rest, is
exactly uniform over the legal actions and rarely tests them all. The base game's loop also
skips the test where it cannot fail, as the legal actions do (:func:`tablemoves.stays_safe`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from dukec.engine import tablemoves, turn
from dukec.engine.actions import DRAW, PLACE, ActionTuple, Phase
from dukec.engine.facade import Action

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def random_action(g: Kernel, rng: random.Random) -> Action | None:
    """The base game's uniformly random legal action (None if there is none); not applied."""
    if g.over is not None:
        return None
    if g.phase is not Phase.PLAY:
        square = _placement_square(g, rng)
        return None if square < 0 else Action(PLACE, -1, square, -1, g.placement_tile())
    return sample_legal(g, tablemoves.pseudo(g), rng)


def _placement_square(g: Kernel, rng: random.Random) -> int:
    """A uniformly random square for the placement that is due (-1: there is none)."""
    squares = tablemoves.placements(g)
    return squares[int(rng.random() * len(squares))] if squares else -1


def sample_legal(g: Kernel, actions: list[ActionTuple], rng: random.Random) -> Action | None:
    """One of ``actions`` that passes the Duke-danger test, uniformly; None if none does.

    Sampling a pseudo-legal action and rejecting it if illegal, then resampling among the
    rest, is exactly uniform over the legal actions and rarely tests them all. (The test is the
    game's: the turn's where the rules use features, else the base game's.)
    """
    features = g.features
    while actions:
        i = int(rng.random() * len(actions))
        action = actions[i]
        if turn.check(g, action) if features else tablemoves.check(g, action):
            return Action(*action)
        actions[i] = actions[-1]
        actions.pop()
    return None


def play_random(g: Kernel, rng: random.Random) -> bool:
    """The base game's random play: apply a uniformly random legal action; False (nothing
    applied) if there is none."""
    if g.over is not None:
        return False
    if g.phase is not Phase.PLAY:
        square = _placement_square(g, rng)
        if square < 0:
            return False
        g._base_apply((PLACE, -1, square, -1, g.placement_tile()))
        return True
    me = g.to_move
    actions = tablemoves.pseudo(g)
    duke = g.duke[me]
    # The squares on the enemy's lines to a safe Duke (None: the Duke is in danger now).
    lines = set() if duke < 0 else tablemoves.lines_to(g, duke, me ^ 1)
    while actions:
        i = int(rng.random() * len(actions))
        action = actions[i]
        if lines is not None and tablemoves.stays_safe(action, duke, lines):
            g._base_apply(action)
            return True
        if action[0] == DRAW:
            if tablemoves.placements_after_draw(g):
                g._base_apply(action)
                return True
        else:
            g._base_apply(action)
            if tablemoves.safe(g, me):
                return True
            g._base_undo()
        actions[i] = actions[-1]
        actions.pop()
    return False
