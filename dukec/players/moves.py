"""The actions a search tries in a position, with the Duke-danger test left until each is tried.

A position's legal actions are its pseudo-legal ones that keep the mover's Duke safe; the test
costs an apply and an undo (and in a game set with features, what follows an action), and an
alpha-beta search cuts most nodes off after their first few actions. So the search takes the
pseudo-legal actions and asks of each, when it comes to try it, whether it needs the test
(:class:`Tests`), and tests it then: the same actions, in the same order, as
``game.legal_actions()``, for the cost of the ones tried. In the base game, and in a game set
with features whose board plays as the base game's, an action that plainly keeps a safe Duke
safe (:func:`dukec.engine.tablemoves.stays_safe`) needs no test.
"""

from __future__ import annotations

from dukec.engine import Game, Phase, movement, tablemoves, turn
from dukec.engine.actions import COMMAND, ActionTuple
from dukec.players.alike import Alike


class Tests:
    """Which of a position's candidates need the Duke-danger test (:meth:`needs`), worked out
    for an action only when it is asked about, in the position the candidates were listed in:
    a search tries few of them."""

    def __init__(self, game: Game, found: list[ActionTuple], every: bool, duke: int) -> None:
        self.game = game
        self.found = found
        #: Every candidate needs the test; else, if the mover has a Duke (on ``duke``), those
        #: that do not plainly keep it safe (:func:`dukec.engine.tablemoves.stays_safe`).
        self.every = every
        self.duke = duke
        self.by = game.to_move ^ 1
        self.lines: set[int] | None = None
        self.ready = False

    def needs(self, index: int) -> bool:
        """Whether candidate ``index`` needs the test."""
        if self.every:
            return True
        duke = self.duke
        if duke < 0:
            return False
        if not self.ready:
            self.ready = True
            self.lines = tablemoves.lines_to(self.game, duke, self.by)
            if self.lines is None:
                self.every = True
                return True
        lines = self.lines
        return lines is None or not tablemoves.stays_safe(self.found[index], duke, lines)


def candidates(
    game: Game, base: bool | None = None, alike: Alike | None = None
) -> tuple[list[ActionTuple], Tests]:
    """The position's pseudo-legal actions in legal order, and which need the Duke-danger
    test (none once the game is over); ``base``: :func:`base_like`, if the caller knows it.
    With ``alike``, actions that differ from an earlier one only in alike tile types (a tile
    drafted, a type ransomed) are left out: they do the same."""
    if game.over is not None:
        return [], Tests(game, [], False, -1)
    if game.phase is not Phase.PLAY:
        # Placements: legal as listed, none needs the test.
        found = game._legal()
        if alike is not None and alike.some:
            found = alike.distinct(found)
        return found, Tests(game, found, False, -1)
    duke = game.duke[game.to_move]
    if game.features:
        found = movement.pseudo(game, game.to_move)
        if alike is not None and alike.some:
            found = alike.distinct(found)
        return found, Tests(game, found, not (base_like(game) if base is None else base), duke)
    found = tablemoves.pseudo(game)
    return found, Tests(game, found, False, duke)


def captures(game: Game, base: bool | None = None) -> tuple[list[ActionTuple], Tests]:
    """The pseudo-legal moves, strikes and commands that take a tile, in legal order, and
    which need the Duke-danger test (``base``: as for :func:`candidates`)."""
    if game.over is not None or game.phase is not Phase.PLAY:
        return [], Tests(game, [], False, -1)
    duke = game.duke[game.to_move]
    if base_like(game) if base is None else base:
        # The base game's captures: those of a board that plays as the base game's too (its
        # features add only actions that take nothing: draws, abilities, pushes of no dragon).
        found = tablemoves.pseudo(game, taking=True)
        return found, Tests(game, found, False, duke)
    board = game.board
    taking: list[ActionTuple] = []
    for action in movement.pseudo(game, game.to_move):
        to = action[2]
        if action[0] <= COMMAND and to >= 0 and board[to] >= 0:
            taking.append(action)
    return taking, Tests(game, taking, True, duke)


def base_like(game: Game) -> bool:
    """Whether the position's Duke-danger test is the base game's: in the base game, and in a
    game set with features on a board that plays as the base game's
    (:func:`dukec.engine.turn.base_board`) with no dragon to block or be pushed, no tile that
    may Escape or Ransom, and no action the tables do not hold that may capture (an area
    group's). It changes only with what the features keep (a search's keys
    number that: ``Keyed.extras``)."""
    return not game.features or (
        turn.base_board(game)
        and game.dragon.square < 0
        and not game.escapes_or_ransoms
        and not game.registry.threats
    )


def has_legal(game: Game, base: bool | None = None) -> bool:
    """Whether the player to move has a legal action (as ``game.result`` asks it), trying the
    Duke's own moves first: where the Duke is in Guard, they are the likeliest answers."""
    if game.over is not None:
        return False
    if game.phase is not Phase.PLAY:
        return bool(game._legal())
    if base is None:
        base = base_like(game)
    found, tests = candidates(game, base)
    duke = game.duke[game.to_move]
    for index in range(len(found)):
        if not tests.needs(index) or (found[index][1] == duke and _check(game, found[index], base)):
            return True
    return any(a[1] != duke and _check(game, a, base) for a in found)


def _check(game: Game, action: ActionTuple, base: bool) -> bool:
    """The engine's Duke-danger test of a pseudo-legal action; where it is the base game's
    (``base``), that of the base game's apply and tables for a move, strike or command."""
    if base and action[0] <= COMMAND:
        return tablemoves.check(game, action)
    return game._check(action)
