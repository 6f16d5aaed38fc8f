"""The order in which the search tries a position's actions: the best first, so that alpha-beta
cuts the rest off.

First the transposition table's move (the best of an earlier, shallower search of the
position), then captures, the most valuable victim first (the least valuable attacker breaking
ties), then the two killer moves of the ply (quiet actions that cut the search off at the same
ply elsewhere), the counter move (the quiet action that last cut the search off in reply to the
opponent's last action), and the rest by the history heuristic (how often and how deep each
quiet action of the player cut the search off). Equal ranks keep the legal order. Actions are
told apart by what they do, with each tile type they name taken for its first alike type
(:mod:`dukec.players.alike`), so that a renamed copy is ordered as its original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dukec.engine import Game
from dukec.engine.actions import COMMAND, ActionKind, ActionTuple
from dukec.players.alike import Alike
from dukec.players.leaves import Leaves

_TABLE_MOVE: Final = 1 << 40
_CAPTURE: Final = 1 << 36
_KILLER: Final = 1 << 34
_COUNTER: Final = 1 << 33
#: History counts stay below the counter move's rank.
_HISTORY_CAP: Final = (1 << 32) - 1
#: Ranks are packed with the action's index below this: ((_TABLE_MOVE - rank) << _BITS) + index,
#: so that an ascending sort (no key, no ``reverse``: the list's own) puts the best first, equal
#: ranks in legal order.
_BITS: Final = 12
_SLOTS: Final = 1 << _BITS
#: Killer moves kept per ply.
KILLERS: Final = 2


@dataclass(frozen=True, slots=True)
class Heuristics:
    """Which quiet-move heuristics order a search's actions."""

    killers: bool = True
    counter: bool = True
    history: bool = True


class Ordering:
    """What a search has learned about good actions, and the order it tries actions in.

    Actions are compared by number (:meth:`ident`): killer and counter moves are kept as
    numbers, so that ranking an action compares integers, not tuples.
    """

    def __init__(self, game: Game, leaves: Leaves, heuristics: Heuristics) -> None:
        self.leaves = leaves
        self.heuristics = heuristics
        self.alike = Alike(game.rules)
        self.side = game.rules.geometry.size + 1
        # Codes by kind and squares: (kind * side + from + 1) * side + to + 1, every kind.
        self.codes = len(ActionKind) * self.side * self.side
        self.history = [0] * (2 * self.codes)
        self.counter = [-1] * (2 * self.codes)
        self.killers: list[list[int]] = []

    def start(self, depth: int) -> None:
        """A new search from the root: killer moves of another position are no use."""
        self.killers = [[] for _ in range(depth + 8)]

    def code(self, action: ActionTuple) -> int:
        """A number for an action by its kind and squares (``by`` and ``tile`` left out)."""
        side = self.side
        return (action[0] * side + action[1] + 1) * side + action[2] + 1

    def ident(self, action: ActionTuple) -> int:
        """A number for an action, all its fields in (-1 for none), each tile type it names
        taken for its first alike type."""
        side = self.side
        alike = self.alike
        if alike.some:
            action = alike.action(action)
        return ((self.code(action) * side + action[3] + 1) << 8) + action[4] + 1

    def order(
        self,
        game: Game,
        actions: list[ActionTuple],
        first: ActionTuple | None,
        ply: int,
    ) -> list[int]:
        """The indices of ``actions`` in the order to try them (``first``: the table's move)."""
        count = len(actions)
        if count <= 1 or count > _SLOTS:
            return list(range(count))
        board = game.board
        worth = self.leaves.board
        heuristics = self.heuristics
        offset = game.to_move * self.codes
        # The killer moves of the ply, -1 for none (two: KILLERS; cutoff() keeps no more).
        killer0 = killer1 = -1
        if heuristics.killers and ply < len(self.killers):
            killers = self.killers[ply]
            if killers:
                killer0 = killers[0]
                if len(killers) > 1:
                    killer1 = killers[1]
        counter = -1
        if heuristics.counter and game.history:
            counter = self.counter[offset + self.code(game.history[-1][0])]
        history = self.history
        use_history = heuristics.history
        table = self.ident(first) if first is not None else -1
        side = self.side
        alike = self.alike
        aliased = alike.some
        packed: list[int] = []
        for index in range(count):
            action = actions[index]
            to = action[2]
            kind = action[0]
            if kind <= COMMAND and to >= 0 and board[to] >= 0:
                actor = board[action[3] if kind == COMMAND else action[1]]
                rank = _CAPTURE + 1024 * worth[board[to] >> 2] - worth[actor >> 2]
                if table >= 0 and self.ident(action) == table:
                    rank = _TABLE_MOVE
            else:
                code = (kind * side + action[1] + 1) * side + to + 1
                if aliased:
                    action = alike.action(action)
                ident = ((code * side + action[3] + 1) << 8) + action[4] + 1
                if ident == table:
                    rank = _TABLE_MOVE
                elif ident == killer0:
                    rank = _KILLER
                elif ident == killer1:
                    rank = _KILLER - 1
                elif ident == counter:
                    rank = _COUNTER
                elif use_history:
                    rank = history[offset + code]
                else:
                    rank = 0
            packed.append(((_TABLE_MOVE - rank) << _BITS) + index)
        packed.sort()
        return [p & (_SLOTS - 1) for p in packed]

    def cutoff(self, game: Game, action: ActionTuple, depth: int, ply: int) -> None:
        """Remember a quiet action that cut the search off: a killer of its ply, the counter
        to the opponent's last action, and its history (``game``: before the action)."""
        to = action[2]
        if action[0] <= COMMAND and to >= 0 and game.board[to] >= 0:
            return
        heuristics = self.heuristics
        offset = game.to_move * self.codes
        ident = self.ident(action)
        if heuristics.killers and ply < len(self.killers):
            killers = self.killers[ply]
            if ident not in killers:
                killers.insert(0, ident)
                del killers[KILLERS:]
        if heuristics.counter and game.history:
            self.counter[offset + self.code(game.history[-1][0])] = ident
        if heuristics.history:
            index = offset + self.code(action)
            self.history[index] = min(self.history[index] + depth * depth, _HISTORY_CAP)
