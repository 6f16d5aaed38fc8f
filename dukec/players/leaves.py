"""How the search scores the positions where it stops: a static value in logit units.

A leaf's value is the log-odds that the player it is scored for wins, as the game set's learned
evaluation gives it (:class:`LearnedLeaves`, :mod:`dukec.players.evaluation`), else as its
fitted tile values do (:mod:`dukec.players.values`: each tile on the board and in the bag, in
log-odds of winning per tile more than the opponent), or the engine's material values where no
values were fitted. The search asks three things of it: a position's value for one
player, what a draw is worth on average to the player drawing (a tile from the bag onto the
board), and a tile type's worth on the board (``board``), by which captures are ordered.
"""

from __future__ import annotations

from typing import Final

from dukec.engine import Game
from dukec.players.evaluation import Evaluator
from dukec.players.values import Evaluation

#: Units of a tile value in the integer sums (a sum of integers is the same in any order: a
#: position reached by two paths lists its tiles in two orders).
UNITS: Final = 10_000


class Leaves:
    """The static values of a search's leaves."""

    def __init__(self, values: Evaluation) -> None:
        self.values = values
        #: By tile type, in units: on the board, and in the bag.
        self.board = [round(v * UNITS) for v in values.board]
        self.bag = [round(v * UNITS) for v in values.bag]

    def score(self, game: Game, me: int) -> float:
        """The value of the position for player ``me`` (positive: good for ``me``)."""
        worth = self.board
        waiting = self.bag
        # Player 0's material less player 1's (a board code's lowest bit is its owner).
        score = 0
        for code in game.board:
            if code >= 0:
                score += -worth[code >> 2] if code & 1 else worth[code >> 2]
        for tile in game.bags[0]:
            score += waiting[tile]
        for tile in game.bags[1]:
            score -= waiting[tile]
        if game.drawn >= 0:
            score += -worth[game.drawn] if game.to_move else worth[game.drawn]
        return (score if me == 0 else -score) / UNITS

    def draw_gain(self, game: Game) -> float:
        """What a draw is worth on average to the player to move: a tile from the bag onto
        the board."""
        bag = game.bags[game.to_move]
        worth = self.board
        waiting = self.bag
        gain = 0
        for tile in bag:
            gain += worth[tile] - waiting[tile]
        return gain / (len(bag) * UNITS)

    def cornered(self, game: Game, base: bool) -> bool:
        """Whether the player to move may have no legal action, asked just after
        :meth:`score` of the position (``base``: whether its Duke-danger test is the base
        game's, :func:`dukec.players.moves.base_like`): its Duke is in Guard (the engine's
        test here; a player whose Duke is not nearly always has one)."""
        return game.in_guard()

    def may_take(self, game: Game, base: bool) -> bool:
        """Whether the player to move may have an action that takes a tile, asked just after
        :meth:`score` of the position (``base``: as for :meth:`cornered`; here: always, it
        may)."""
        return True


class LearnedLeaves(Leaves):
    """The static values of a game set's learned evaluation (:mod:`dukec.players.evaluation`):
    features of the position weighed in log-odds; tile values still order the captures."""

    def __init__(self, values: Evaluation, evaluator: Evaluator) -> None:
        super().__init__(values)
        self.evaluator = evaluator

    def score(self, game: Game, me: int) -> float:
        return self.evaluator.score(game, me)

    def draw_gain(self, game: Game) -> float:
        return self.evaluator.draw_gain(game)

    def cornered(self, game: Game, base: bool) -> bool:
        """The evaluation's own answer where its attacks are the engine's (where the
        Duke-danger test is the base game's, ``base``): the Duke's square is
        among those the enemy attacks, and the Duke cannot plainly step out of every attack
        (:meth:`Evaluator.escapes`); elsewhere the engine's test."""
        if not base:
            return game.in_guard()
        me = game.to_move
        evaluator = self.evaluator
        return evaluator.guarded(me) and not evaluator.escapes(game, me)

    def may_take(self, game: Game, base: bool) -> bool:
        """Where the evaluation's attacks are the engine's (see :meth:`cornered`): whether the
        squares the player to move attacks hold an enemy tile (every action that takes one
        ends on such a square); elsewhere, it may."""
        if not base:
            return True
        return self.evaluator.attacks_a_tile(game.to_move)
