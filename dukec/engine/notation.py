"""A readable action notation, written and read against a game state.

c2-d3        a tile moves (Move, Jump, Slide or Jump Slide; the icon does not change the result)
c2xd3        the same, capturing the enemy tile on d3
c2!d4        a Strike from c2 captures on d4 (the striker stays and flips)
e1:d1-d2     the tile on e1 commands the tile on d1 to d2 (``x`` for a capture)
draw         draw a tile from the bag (the game's random source picks it)
Name@b6      place the tile that is due (drawn, or a set-up tile) on b6, by its name
...+         suffix: the action puts the opponent's Duke in Guard

Expanded play:
c2-c4 enrage away / enrage home / push   a Slide or Jump Slide into the roaming tile
flag c2-c3   pass the banner from c2 to the tile on c3
flag@c6      put a banner on c6 (set-up, or moving it after a point; ``flag stays`` keeps it)
summon b4-c2 the tile on b4 is summoned to c2 (the Duke flips)
divine b2    the tile on b2 flips back and three tiles are drawn
keep Name, destroy Other   which drawn tile is kept (the others not named go back)
escape d2-c1 sacrificing d1 / escape d2xc1 ransoming Name
ransom Name for Other@c1    trade a captured Ransom tile for one's own captured Escape tile
draft Name   take every tile of that type into one's bag (the opponent's go in the box)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.actions import (
    CHOOSE,
    COMMAND,
    DIVINE,
    DRAFT,
    DRAW,
    ESCAPE,
    FLAG_PASS,
    FLAG_PLACE,
    MOVE,
    PLACE,
    RANSOM,
    STRIKE,
    SUMMON,
    Action,
    ActionTuple,
)
from dukec.engine.rules import Rules

if TYPE_CHECKING:
    from dukec.engine.game import Game

_PUSHES = (" enrage away", " enrage home", " push")
#: How many legal actions an error message lists.
_SHOWN = 12


class NotationError(ValueError):
    """Text that names no legal action."""


class Scene:
    """What an action's notation reads of the position it is taken in: the rules, the board,
    the player to move, the tile a placement puts down, and the drawn tiles to keep one of.

    ``keep``: copy what changes, so that actions handed out with the scene print as they were
    meant after the game has moved on (see :class:`dukec.engine.facade.Action`).
    """

    def __init__(self, game: Game, keep: bool = False) -> None:
        self.rules: Rules = game.rules
        self.board: list[int] = list(game.board) if keep else game.board
        self.to_move: int = game.to_move
        self.placing: int = game.placement_tile()
        self.pending: list[int] = list(game.pending) if keep else game.pending

    def write(self, action: ActionTuple) -> str:
        """The notation of ``action`` in this position (before it is applied)."""
        kind, frm, to, by, tile = action
        name = self.rules.geometry.name
        types = self.rules.types
        if kind in (MOVE, COMMAND):
            sep = "x" if self.board[to] >= 0 else "-"
            text = f"{name(frm)}{sep}{name(to)}"
            if kind == MOVE and 0 <= tile < len(_PUSHES):
                return text + _PUSHES[tile]
            return f"{name(by)}:{text}" if kind == COMMAND else text
        if kind == FLAG_PASS:
            return f"flag {name(frm)}-{name(to)}"
        if kind == FLAG_PLACE:
            if frm < 0:
                return f"flag@{name(to)}"
            return "flag stays" if frm == to else f"flag {name(frm)}-{name(to)}"
        if kind == SUMMON:
            return f"summon {name(frm)}-{name(to)}"
        if kind == DIVINE:
            return f"divine {name(frm)}"
        if kind == CHOOSE:
            drawn = self.pending
            kept = types[drawn[tile]].name
            gone = [types[t].name for i, t in enumerate(drawn) if by >> i & 1]
            return f"keep {kept}" + (f", destroy {', '.join(sorted(gone))}" if gone else "")
        if kind == ESCAPE:
            sep = "x" if self.board[to] >= 0 and self.board[to] & 1 != self.to_move else "-"
            paid = f"sacrificing {name(by)}" if by >= 0 else f"ransoming {types[tile].name}"
            return f"escape {name(frm)}{sep}{name(to)} {paid}"
        if kind == RANSOM:
            return f"ransom {types[tile].name} for {types[by].name}@{name(to)}"
        if kind == DRAFT:
            return f"draft {types[tile].name}"
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
