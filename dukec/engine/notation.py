"""A readable action notation, written and read against a game state.

c2-d3        a tile moves (Move, Jump, Slide or Jump Slide; the icon does not change the result)
c2xd3        the same, capturing the enemy tile on d3
c2!d4        a Strike from c2 captures on d4 (the striker stays and flips)
e1:d1-d2     the tile on e1 commands the tile on d1 to d2 (``x`` for a capture)
draw         draw a tile from the bag (the game's random source picks it)
Name@b6      place the tile that is due (drawn, or a set-up tile) on b6, by its name
...+         suffix: the action puts the opponent's Duke in Guard
"""

from __future__ import annotations

from dukec.engine.game import COMMAND, DRAW, MOVE, PLACE, STRIKE, Action, ActionTuple, Game


class NotationError(ValueError):
    """Text that names no legal action."""


def format_action(game: Game, action: ActionTuple) -> str:
    """The notation of ``action`` in the current state of ``game`` (before it is applied)."""
    kind, frm, to, by, tile = action
    name = game.rules.geometry.name
    if kind in (MOVE, COMMAND):
        sep = "x" if game.board[to] >= 0 else "-"
        text = f"{name(frm)}{sep}{name(to)}"
        return f"{name(by)}:{text}" if kind == COMMAND else text
    if kind == STRIKE:
        return f"{name(frm)}!{name(to)}"
    if kind == DRAW:
        return "draw" if tile < 0 else f"draw({game.rules.types[tile].name})"
    if kind == PLACE:
        placed = tile if tile >= 0 else game.placement_tile()
        return f"{game.rules.types[placed].name}@{name(to)}"
    raise ValueError(f"unknown action kind {kind}")


def _normal(text: str) -> str:
    return text.strip().rstrip("+").replace("x", "-").replace(" ", "").lower()


def parse_action(game: Game, text: str) -> Action:
    """The legal action that ``text`` names; NotationError saying why if none does."""
    wanted = _normal(text)
    if not wanted:
        raise NotationError("empty action")
    legal = game.legal_actions()
    for action in legal:
        written = _normal(format_action(game, action))
        if wanted == written:
            return action
        if action.kind == PLACE and wanted.lstrip("@") == written.split("@")[1]:
            return action
    if game.result is not None:
        raise NotationError("the game is over")
    shown = ", ".join(format_action(game, a) for a in legal[:12])
    more = ", ..." if len(legal) > 12 else ""
    raise NotationError(f"{text.strip()!r} is not a legal action here (legal: {shown}{more})")
