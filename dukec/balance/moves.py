"""The actions a search tries in a position, with the Duke-danger test left until each is tried.

A position's legal actions are its pseudo-legal ones that keep the mover's Duke safe; the test
costs an apply and an undo (and in a game set with features, what follows an action), and an
alpha-beta search cuts most nodes off after their first few actions. So the search takes the
pseudo-legal actions, each marked with whether it still needs the test, and tests an action only
when it comes to try it: the same actions, in the same order, as
``game.legal_actions()``, for the cost of the ones tried. In the base game, and in a game set
with features whose board plays as the base game's, an action that plainly keeps a safe Duke
safe (:func:`dukec.engine.tablemoves.stays_safe`) needs no test.
"""

from __future__ import annotations

from dukec.engine import Game, Phase, movement, tablemoves, turn
from dukec.engine.actions import COMMAND, ActionTuple


def candidates(game: Game) -> tuple[list[ActionTuple], list[bool]]:
    """The position's pseudo-legal actions in legal order, and for each whether it needs the
    Duke-danger test (none once the game is over)."""
    if game.over is not None:
        return [], []
    if game.phase is not Phase.PLAY:
        found = game._legal()
        return found, [False] * len(found)
    if game.features:
        found = movement.pseudo(game, game.to_move)
        if plays_as_base(game):
            return found, _tests(game, found)
        return found, [True] * len(found)
    found = tablemoves.pseudo(game)
    return found, _tests(game, found)


def captures(game: Game) -> tuple[list[ActionTuple], list[bool]]:
    """The pseudo-legal moves, strikes and commands that take a tile, in legal order, each with
    whether it needs the Duke-danger test."""
    if game.over is not None or game.phase is not Phase.PLAY:
        return [], []
    if not game.features or plays_as_base(game):
        # The base game's captures: those of a board that plays as the base game's too (its
        # features add only actions that take nothing: draws, abilities, pushes of no dragon).
        found = tablemoves.pseudo(game, taking=True)
        return found, _tests(game, found) if found else []
    board = game.board
    taking: list[ActionTuple] = []
    for action in movement.pseudo(game, game.to_move):
        to = action[2]
        if action[0] <= COMMAND and to >= 0 and board[to] >= 0:
            taking.append(action)
    return taking, [True] * len(taking)


def plays_as_base(game: Game) -> bool:
    """Whether a game set with features plays this position's Duke-danger test as the base game
    does: a board that plays as the base game's (:func:`dukec.engine.turn.base_board`), no
    dragon to block or be pushed, no tile that may Escape or Ransom."""
    return turn.base_board(game) and game.dragon.square < 0 and not game.escapes_or_ransoms


def _tests(game: Game, found: list[ActionTuple]) -> list[bool]:
    """For each of the base game's pseudo-legal actions, whether it needs the Duke-danger test."""
    me = game.to_move
    duke = game.duke[me]
    if duke < 0:
        return [False] * len(found)
    lines = tablemoves.lines_to(game, duke, me ^ 1)
    if lines is None:
        return [True] * len(found)
    return [not tablemoves.stays_safe(a, duke, lines) for a in found]


def has_legal(game: Game) -> bool:
    """Whether the player to move has a legal action (as ``game.result`` asks it), trying the
    Duke's own moves first: where the Duke is in Guard, they are the likeliest answers."""
    if game.over is not None:
        return False
    if game.phase is not Phase.PLAY:
        return bool(game._legal())
    found, unchecked = candidates(game)
    duke = game.duke[game.to_move]
    for index in range(len(found)):
        if not unchecked[index] or (found[index][1] == duke and game._check(found[index])):
            return True
    return any(a[1] != duke and game._check(a) for a in found)
