"""A readable action notation, written and read against a game state.

c2-d3        a tile moves (Move, Jump, Slide or Jump Slide; the icon does not change the result)
c2xd3        the same, capturing the enemy tile on d3
c2!d4        a Strike from c2 captures on d4 (the striker stays and flips)
e1:d1-d2     the tile on e1 commands the tile on d1 to d2 (``x`` for a capture)
draw         draw a tile from the bag (the game's random source picks it)
Name@b6      place the tile that is due (drawn, or a set-up tile) on b6, by its name
...+         suffix: the action puts the opponent's Duke in Guard

The actions of game sets with features are written by the feature that owns them
(:meth:`dukec.engine.feature.Feature.notation`; docs/engine.md, "Notation", lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.actions import COMMAND, DRAW, MOVE, PLACE, STRIKE, Action, ActionTuple
from dukec.engine.facade import NotationError as NotationError
from dukec.engine.rules import Rules

if TYPE_CHECKING:
    from dukec.engine.feature import Feature
    from dukec.engine.game import Game

#: How many legal actions an error message lists.
_SHOWN = 12


class Scene:
    """What an action's notation reads of the position it is taken in: the rules, the board,
    the player to move, the tile a placement puts down, the drawn tiles to keep one of, and
    the features that write their own actions (by kind).

    ``keep``: copy what changes, so that actions handed out with the scene print as they were
    meant after the game has moved on (see :class:`dukec.engine.facade.Action`).
    """

    def __init__(self, game: Game, keep: bool = False) -> None:
        self.rules: Rules = game.rules
        self.board: list[int] = list(game.board) if keep else game.board
        self.to_move: int = game.to_move
        self.placing: int = game.placement_tile()
        self.pending: list[int] = list(game.pending) if keep else game.pending
        self.writers: dict[int, Feature] = game.registry.writers if game.features else {}

    def write(self, action: ActionTuple) -> str:
        """The notation of ``action`` in this position (before it is applied)."""
        kind, frm, to, by, tile = action
        name = self.rules.geometry.name
        types = self.rules.types
        writer = self.writers.get(kind) if kind > PLACE or (kind == MOVE and tile >= 0) else None
        if writer is not None:
            return writer.notation(self, action)
        if kind in (MOVE, COMMAND):
            sep = "x" if self.board[to] >= 0 else "-"
            text = f"{name(frm)}{sep}{name(to)}"
            return f"{name(by)}:{text}" if kind == COMMAND else text
        if kind == STRIKE:
            return f"{name(frm)}!{name(to)}"
        if kind == DRAW:
            return "draw" if tile < 0 else f"draw({types[tile].name})"
        if kind == PLACE:
            placed = tile if tile >= 0 else self.placing
            return f"{types[placed].name}@{name(to)}"
        raise ValueError(f"unknown action kind {kind}")


def format_action(game: Game, action: ActionTuple) -> str:
    """The notation of ``action`` in the current state of ``game`` (before it is applied)."""
    return Scene(game).write(action)


def _normal(text: str) -> str:
    return text.strip().lower().rstrip("+").replace("x", "-").replace(" ", "")


def parse_action(game: Game, text: str) -> Action:
    """The legal action that ``text`` names; NotationError saying why if none does."""
    wanted = _normal(text)
    if not wanted:
        raise NotationError("empty action")
    legal = game.legal_actions()
    scene = Scene(game)
    for action in legal:
        written = _normal(scene.write(action))
        if wanted == written:
            return action
        if action.kind == PLACE and wanted.lstrip("@") == written.split("@")[1]:
            return action
    if game.result is not None:
        raise NotationError("the game is over")
    raise NotationError(
        f"{text.strip()!r} is not a legal action here (legal: {legal_summary(legal)})"
    )


def legal_summary(legal: list[Action]) -> str:
    """The first few of a game's legal actions (as it hands them out), for an error message."""
    shown = ", ".join(str(action) for action in legal[:_SHOWN])
    return shown + (", ..." if len(legal) > _SHOWN else "")
