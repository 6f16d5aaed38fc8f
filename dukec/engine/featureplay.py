"""Random play of a game set with features: a uniformly random legal action, sampled among
the pseudo-legal ones and rejected if it fails the Duke-danger test (as the base game's random
play in :mod:`dukec.engine.playout`), applied through :mod:`dukec.engine.turn`.

In play, a sampled action is applied at once and kept if it passes the test, instead of being
tried, taken back and applied again; the same actions are sampled as :func:`random_action`
samples them, so both give the same games.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from dukec.engine import movement, turn
from dukec.engine.actions import (
    DIVINE,
    DRAW,
    MOVE,
    PLACE,
    STRIKE,
    Action,
    ActionTuple,
    Phase,
    Reason,
)

if TYPE_CHECKING:
    from dukec.engine.game import Game


def random_action(g: Game, rng: random.Random) -> Action | None:
    """A legal action chosen uniformly at random (None if there is none); not applied."""
    if g.over is not None:
        return None
    if g.phase is not Phase.PLAY:
        found = turn.legal(g)
        return Action(*found[int(rng.random() * len(found))]) if found else None
    return g._sample_legal(movement.pseudo(g, g.to_move), rng)


def play_random(g: Game, rng: random.Random) -> bool:
    """Apply a uniformly random legal action; False (nothing applied) if there is none. In play,
    a sampled action is applied at once and kept if it passes the Duke-danger test (not tried,
    undone and applied again), sampled as :func:`random_action` samples: the same games."""
    if g.over is not None:
        return False
    if g.phase is not Phase.PLAY:
        if g.phase is Phase.SETUP and g.setup_index + 1 < len(g.rules.setup):
            return g._base_play_random(rng)  # the base game's placement, as apply makes it
        found = turn.legal(g)
        if not found:
            return False
        turn.apply(g, found[int(rng.random() * len(found))])
        return True
    me = g.to_move
    actions = movement.pseudo(g, me)
    # As the base game's random play: on a base-game board, with the Duke safe now, a draw or
    # a Strike on a tile off the enemy's lines to the Duke needs no Duke-danger test.
    lines = None
    duke = g.duke[me]
    base = turn.base_turn(g, MOVE)  # the same for every kind of action up to a placement
    if base and duke >= 0 and not g.escapes_or_ransoms:
        lines = g._lines_to(duke, me ^ 1)
    rand = rng.random
    while actions:
        i = int(rand() * len(actions))
        action = actions[i]
        if lines is not None and (
            action[0] == DRAW or (action[0] == STRIKE and action[2] not in lines)
        ):
            g._base_apply(action)
            return True
        if _apply_if_legal(g, action, base and action[0] <= PLACE):
            return True
        actions[i] = actions[-1]
        actions.pop()
    return False


def _apply_if_legal(g: Game, action: ActionTuple, base: bool) -> bool:
    """In play: apply a pseudo-legal action if it obeys the Duke-danger rule (as :func:`check`
    decides it), and say whether it did; else leave the game as it was. ``base``: the action
    is a base-game turn (:func:`dukec.engine.turn.base_turn`)."""
    kind = action[0]
    if kind in (DRAW, DIVINE):
        if not turn.check(g, action):
            return False
        turn.apply(g, action)
        return True
    me = g.to_move
    if base:
        # As in check: the base game's apply, then the features' Duke-danger test.
        g._base_apply(action)
        over = g.over
        duke = g.duke[me]
        if (
            (over is not None and over.reason is Reason.DUKE_CAPTURED)
            or duke < 0
            or not movement.attacked(g, duke, me ^ 1)
        ):
            return True
        g._base_undo()
        return False
    # As apply does it, with check's test between the action and what follows it.
    trail = g.trail
    mark = trail.mark()
    g.history.append((action, mark, turn.TRAILED, None))
    g._version += 1
    if g.last_events:
        trail.setattr(g, "last_events", [])
    moved = turn.act(g, action)
    if not g.nothing_after_action or g.frozen:
        turn.after_action(g, me, moved)
    if g.objective.duke_capture_wins:
        over = g.over
        duke = g.duke[me]
        if not (
            (over is not None and over.winner == me)
            or duke < 0
            or not movement.attacked(g, duke, me ^ 1)
        ):
            trail.undo_to(mark)
            g.history.pop()
            g._version += 1
            return False
    turn.between_turns(g, me)
    return True
