"""The order in which the baseline searches (:mod:`dukec.players.search_v1`) try a position's
actions, kept unchanged with them.

``search-v1`` tries the transposition table's move first, then captures by the value of the
victim (most valuable first; the least valuable attacker breaking ties), then the ply's two
killer moves (quiet actions that cut the search off at the same ply elsewhere), then the rest by
the history heuristic (how often and how deep each quiet action cut the search off); its
quiescence search tries only the captures, most valuable victim first. ``search-material``
tries captures first, by the engine's value of the tile taken.
"""

from __future__ import annotations

from dukec.engine import Action, ActionKind, Game, Phase, tablemoves
from dukec.engine.actions import COMMAND

_CAPTURE, _KILLER = 1e9, 1e8


def order(
    game: Game,
    actions: list[Action],
    move: tuple[int, ...] | None,
    ply: int,
    killers: list[list[tuple[int, ...]]],
    history: dict[tuple[int, ...], int],
    worth: tuple[float, ...],
) -> list[Action]:
    """The table's move, captures by victim then attacker, killers, then by history
    (``killers``: by ply; ``worth``: the tile values by type, on the board); ``actions`` is
    sorted in place and returned."""
    board = game.board
    ply_killers = killers[ply] if ply < len(killers) else []

    def rank(action: Action) -> float:
        if action == move:
            return -3 * _CAPTURE
        kind = action.kind
        to = action.to
        if kind <= ActionKind.COMMAND and to >= 0 and board[to] >= 0:
            actor = board[action.by if kind == ActionKind.COMMAND else action.frm]
            return -_CAPTURE - 1000.0 * worth[board[to] >> 2] + worth[actor >> 2]
        if action in ply_killers:
            return -_KILLER
        return -history.get(action, 0)

    actions.sort(key=rank)
    return actions


def cutoff(
    game: Game,
    action: Action,
    depth: int,
    ply: int,
    killers: list[list[tuple[int, ...]]],
    history: dict[tuple[int, ...], int],
) -> None:
    """Remember a quiet action that cut the search off: a killer of its ply (``killers``: by
    ply), and its history."""
    to = action.to
    if action.kind <= ActionKind.COMMAND and to >= 0 and game.board[to] >= 0:
        return
    if ply < len(killers):
        ply_killers = killers[ply]
        if action not in ply_killers:
            ply_killers.insert(0, action)
            del ply_killers[2:]
    history[action] = history.get(action, 0) + depth * depth


def gain(game: Game, action: Action, raw: tuple[float, ...]) -> float:
    """What an action captures (the baseline's ordering): the value (``raw``: the engine's, by
    tile type) of the tile on its target."""
    if action.kind in (ActionKind.DRAW, ActionKind.PLACE):
        return 0.0
    target = game.tile_at(action.to)
    return raw[target[0]] if target is not None else 0.0


def captures(game: Game, worth: tuple[float, ...]) -> list[Action]:
    """The legal captures of the player to move, most valuable victim first (``worth``: the
    tile values by type, on the board)."""
    board = game.board
    if game.rules.expanded is None and game.phase is Phase.PLAY:
        # The base game's generator before the Duke-danger test, which then tries only
        # the captures (the hooks the engine's own random play uses).
        found = [
            Action(*a) for a in tablemoves.pseudo(game) if a[0] <= COMMAND and board[a[2]] >= 0
        ]
        found = [a for a in found if game._check(a)]
    else:
        found = [
            a for a in game.legal_actions() if a.kind <= COMMAND and a.to >= 0 and board[a.to] >= 0
        ]
    found.sort(key=lambda a: -worth[board[a.to] >> 2])
    return found
