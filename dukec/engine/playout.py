"""Random play: a uniformly random legal action, found without listing every legal action.

Sampling a pseudo-legal action and rejecting it if illegal, then resampling among the rest, is
exactly uniform over the legal actions and rarely tests them all. The base game's loop also
skips the test where it cannot fail (a draw while the Duke is safe, a Strike on a tile that
shields it from no enemy line).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dukec.engine.actions import DRAW, PLACE, STRIKE, Action, ActionTuple, Phase, Result


class RandomPlay:
    """Random play of :class:`dukec.engine.game.Game` (a base of it)."""

    over: Result | None
    phase: Phase
    to_move: int
    duke: list[int]
    _check: Callable[[ActionTuple], bool]
    _random_action: Callable[[random.Random], Action | None]
    _play_random: Callable[[random.Random], bool]

    # The game's own methods this uses.
    _placements: Callable[[], list[int]]
    placement_tile: Callable[[], int]
    _pseudo: Callable[[], list[ActionTuple]]
    _placements_after_draw: Callable[[], list[int]]
    _base_apply: Callable[[ActionTuple], None]
    _base_undo: Callable[[], ActionTuple]
    _lines_to: Callable[[int, int], set[int] | None]
    _safe: Callable[[int], bool]

    def random_action(self, rng: random.Random) -> Action | None:
        """A legal action chosen uniformly at random (None if there is none); not applied."""
        return self._random_action(rng)

    def play_random(self, rng: random.Random) -> bool:
        """Apply a uniformly random legal action; False (nothing applied) if there is none."""
        return self._play_random(rng)

    def _base_random_action(self, rng: random.Random) -> Action | None:
        if self.over is not None:
            return None
        if self.phase is not Phase.PLAY:
            squares = self._placements()
            if not squares:
                return None
            return Action(
                PLACE, -1, squares[int(rng.random() * len(squares))], -1, self.placement_tile()
            )
        return self._sample_legal(self._pseudo(), rng)

    def _sample_legal(self, actions: list[ActionTuple], rng: random.Random) -> Action | None:
        """One of ``actions`` that passes the Duke-danger test, uniformly; None if none does.

        Sampling a pseudo-legal action and rejecting it if illegal, then resampling among the
        rest, is exactly uniform over the legal actions and rarely tests them all.
        """
        rand = rng.random
        while actions:
            i = int(rand() * len(actions))
            action = actions[i]
            if self._check(action):
                return Action(*action)
            actions[i] = actions[-1]
            actions.pop()
        return None

    def _base_play_random(self, rng: random.Random) -> bool:
        if self.over is not None:
            return False
        if self.phase is not Phase.PLAY:
            squares = self._placements()
            if not squares:
                return False
            square = squares[int(rng.random() * len(squares))]
            self._base_apply((PLACE, -1, square, -1, self.placement_tile()))
            return True
        me = self.to_move
        actions = self._pseudo()
        rand = rng.random
        duke = self.duke[me]
        # The squares on the enemy's lines to a safe Duke (None: the Duke is in danger now).
        lines = set() if duke < 0 else self._lines_to(duke, me ^ 1)
        while actions:
            i = int(rand() * len(actions))
            action = actions[i]
            kind = action[0]
            if kind == DRAW:
                if lines is not None or self._placements_after_draw():
                    self._base_apply(action)
                    return True
            elif kind == STRIKE and lines is not None and action[2] not in lines:
                # A Strike on a tile that shields the Duke from none of those lines keeps it safe.
                self._base_apply(action)
                return True
            else:
                self._base_apply(action)
                if self._safe(me):
                    return True
                self._base_undo()
            actions[i] = actions[-1]
            actions.pop()
        return False
