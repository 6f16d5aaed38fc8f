"""The actions a search tries in a position, with the Duke-danger test left until each is tried.

A position's legal actions are its pseudo-legal ones that keep the mover's Duke safe; the test
costs an apply and an undo (and in a game set with features, what follows an action), and an
alpha-beta search cuts most nodes off after their first few actions. So the search takes the
pseudo-legal actions, each marked with whether it still needs the test, and tests an action only
when it comes to try it: the same actions, in the same order, as
``game.legal_actions()``, for the cost of the ones tried. In the base game an action that
plainly keeps a safe Duke safe (:func:`dukec.engine.tablemoves.stays_safe`) needs no test.
"""

from __future__ import annotations

from dukec.engine import Game, Phase, movement, tablemoves
from dukec.engine.actions import COMMAND, ActionTuple


def candidates(game: Game) -> tuple[list[ActionTuple], list[bool]]:
    """The position's pseudo-legal actions in legal order, and for each whether it needs the
    Duke-danger test (none once the game is over)."""
    if game.over is not None:
        return [], []
    if game.phase is not Phase.PLAY:
        found = game._legal()
        return found, [False] * len(found)
    me = game.to_move
    if game.features:
        found = movement.pseudo(game, me)
        return found, [True] * len(found)
    found = tablemoves.pseudo(game)
    duke = game.duke[me]
    if duke < 0:
        return found, [False] * len(found)
    lines = tablemoves.lines_to(game, duke, me ^ 1)
    if lines is None:
        return found, [True] * len(found)
    return found, [not tablemoves.stays_safe(a, duke, lines) for a in found]


def captures(game: Game) -> tuple[list[ActionTuple], list[bool]]:
    """The pseudo-legal moves, strikes and commands that take a tile, in legal order, each with
    whether it needs the Duke-danger test."""
    found, unchecked = candidates(game)
    board = game.board
    taking: list[ActionTuple] = []
    tests: list[bool] = []
    for index in range(len(found)):
        action = found[index]
        to = action[2]
        if action[0] <= COMMAND and to >= 0 and board[to] >= 0:
            taking.append(action)
            tests.append(unchecked[index])
    return taking, tests
