"""A readable action notation, written and read against a game state.

c2-d3        a tile moves (Move, Jump, Slide or Jump Slide; the icon does not change the result)
c2xd3        the same, capturing the enemy tile on d3
c2!d4        a Strike from c2 captures on d4 (the striker stays and flips)
e1:d1-d2     the tile on e1 commands the tile on d1 to d2 (``x`` for a capture)
draw         draw a tile from the bag (the game's random source picks it)
Name@b6      place the tile that is due (drawn, or a set-up tile) on b6, by its name
...+         suffix: the action puts the opponent's Duke in Guard

The actions of game sets with features are written by the feature that owns them
(:meth:`dukec.engine.feature.Feature.notation`; docs/engine.md, "Notation", lists them), each
against a :class:`~dukec.engine.feature.Scene` of the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.actions import PLACE, ActionTuple
from dukec.engine.facade import Action
from dukec.engine.facade import NotationError as NotationError
from dukec.engine.facade import legal_summary as legal_summary
from dukec.engine.feature import Scene as Scene

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def format_action(game: Kernel, action: ActionTuple) -> str:
    """The notation of ``action`` in the current state of ``game`` (before it is applied)."""
    return Scene(game).write(action)


def _normal(text: str) -> str:
    return text.strip().lower().rstrip("+").replace("x", "-").replace(" ", "")


def parse_action(game: Kernel, text: str) -> Action:
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
