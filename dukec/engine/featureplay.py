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

from dukec.engine import movement, playout, tablemoves, turn
from dukec.engine.actions import COMMAND, PLACE, ActionTuple, Phase, Reason, Result
from dukec.engine.facade import Action

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def random_action(g: Kernel, rng: random.Random) -> Action | None:
    """A legal action chosen uniformly at random (None if there is none); not applied."""
    if g.over is not None:
        return None
    if g.phase is not Phase.PLAY:
        found = turn.legal(g)
        return Action(*found[int(rng.random() * len(found))]) if found else None
    return playout.sample_legal(g, movement.pseudo(g, g.to_move), rng)


def play_random(g: Kernel, rng: random.Random) -> bool:
    """Apply a uniformly random legal action; False (nothing applied) if there is none. In play,
    a sampled action is applied at once and kept if it passes the Duke-danger test (not tried,
    undone and applied again), sampled as :func:`random_action` samples: the same games."""
    if g.over is not None:
        return False
    phase = g.phase
    if phase is not Phase.PLAY:
        if phase is Phase.SETUP and g.setup_index + 1 < len(g.rules.setup):
            tile = g.setup_tiles[g.setup_index]
            if tile >= 0 and tile == g.rules.setup[g.setup_index].tile:
                return playout.play_random(g, rng)  # the base game's placement, as apply makes
        if (phase is Phase.SETUP and g.placement_tile() >= 0) or (
            phase is Phase.PLACING and not g.registry.placers
        ):
            # As legal lists them: one placement of the tile due per square.
            squares = tablemoves.setup_squares(g) if phase is Phase.SETUP else turn.placements(g)
            if not squares:
                return _no_legal_action(g)
            square = squares[int(rng.random() * len(squares))]
            turn.apply(g, (PLACE, -1, square, -1, g.placement_tile()))
            return True
        found = turn.legal(g)
        if not found:
            return _no_legal_action(g)
        turn.apply(g, found[int(rng.random() * len(found))])
        return True
    me = g.to_move
    is_plain = movement.plain(g)
    actions = movement.pseudo(g, me, is_plain)
    # As the base game's legal actions: on a base-game board, with the Duke safe now, some
    # actions need no Duke-danger test.
    lines = None
    duke = g.duke[me]
    base = turn.base_board(g, is_plain)
    if base and duke >= 0 and not g.escapes_or_ransoms and not g.registry.threats:
        lines = movement.lines_to(g, duke, me ^ 1)
    while actions:
        i = int(rng.random() * len(actions))
        action = actions[i]
        kind = action[0]
        if lines is not None and tablemoves.stays_safe(action, duke, lines):
            # The Duke is safe now and stays so, as the base game's legal actions decide it.
            turn.apply_base(g, action)
            return True
        if _apply_if_legal(g, action, base and kind <= PLACE and (kind > COMMAND or action[4] < 0)):
            return True
        actions[i] = actions[-1]
        actions.pop()
    return _no_legal_action(g)


def _no_legal_action(g: Kernel) -> bool:
    """False, where the player to move has been found to have no legal action: the game's
    result is known (it is kept, so that asking for it does not look for one again)."""
    g._cached = (g._version, Result(g.to_move ^ 1, Reason.NO_LEGAL_ACTION))
    return False


def _apply_if_legal(g: Kernel, action: ActionTuple, base: bool) -> bool:
    """In play: apply a pseudo-legal action if it obeys the Duke-danger rule (as :func:`check`
    decides it), and say whether it did; else leave the game as it was. ``base``: the action
    is a :func:`dukec.engine.turn.base_action`."""
    kind = action[0]
    if g.registry.draws[kind]:
        if not turn.check(g, action):
            return False
        turn.apply(g, action)
        return True
    me = g.to_move
    if base:
        # As in check: the base game's apply, then the features' Duke-danger test; kept as it
        # is where no feature then acts between the turns (as apply_base decides).
        g._base_apply(action)
        over = g.over
        duke = g.duke[me]
        if (
            (over is not None and over.reason is Reason.DUKE_CAPTURED)
            or duke < 0
            or not (
                movement.attacked(g, duke, me ^ 1)
                if g.escapes_or_ransoms
                else movement.plain_attacked(g, duke, me ^ 1)
            )
        ):
            if not turn.idle(g):
                turn.follows(g, action)
            return True
        g._base_undo()
        return False
    # As apply does it, with check's test between the action and what follows it.
    trail = g.trail
    mark = turn.open_record(g, action)
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
            trail.undo_to(g, mark)
            g.history.pop()
            g._version += 1
            return False
    turn.between_turns(g, me)
    return True
