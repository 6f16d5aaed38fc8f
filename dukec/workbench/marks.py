"""Marks of an action on a board picture: the squares it touched, from a game or from notation."""

from __future__ import annotations

import re
from dataclasses import dataclass

from dukec.engine import Game, Rules
from dukec.engine.actions import (
    COMMAND,
    DIVINE,
    ESCAPE,
    FLAG_PASS,
    FLAG_PLACE,
    MOVE,
    PLACE,
    RANSOM,
    STRIKE,
    SUMMON,
    ActionTuple,
)


@dataclass(frozen=True, slots=True)
class Marks:
    """The squares an action touched: from, to, a third square (a commander, a sacrifice)."""

    frm: int = -1
    to: int = -1
    by: int = -1
    strike: bool = False


def action_marks(action: ActionTuple) -> Marks:
    """The squares to mark for an action (none for a draw, a choice or a draft)."""
    kind, frm, to, by, _tile = action
    if kind in (MOVE, FLAG_PASS, SUMMON):
        return Marks(frm, to)
    if kind == STRIKE:
        return Marks(frm, to, strike=True)
    if kind == COMMAND:
        return Marks(frm, to, by)
    if kind == ESCAPE:
        return Marks(frm, to, by if by >= 0 else -1)
    if kind == FLAG_PLACE:
        return Marks(frm if 0 <= frm != to else -1, to)
    if kind in (PLACE, RANSOM):
        return Marks(to=to)
    if kind == DIVINE:
        return Marks(frm=frm)
    return Marks()


def last_marks(game: Game) -> Marks:
    """The marks of the action the game was last changed by (none for a fresh position)."""
    return action_marks(game.history[-1][0]) if game.history else Marks()


_SQUARE = r"([a-z][0-9]+)"
_LAST = re.compile(
    rf"^(?:{_SQUARE}:)?{_SQUARE}([-x!]){_SQUARE}$|^(?:[a-z][a-z ]*)?@{_SQUARE}$", re.IGNORECASE
)


def parse_marks(rules: Rules, text: str) -> Marks:
    """Marks from action notation (``c2-c3``, ``c2xc3``, ``c1!c3``, ``e1:d1-d2``, ``Name@b6``).

    Raises ValueError with a one-line reason.
    """
    found = _LAST.match(text.strip().rstrip("+"))
    if found is None:
        raise ValueError(
            f"{text!r} is not an action to mark (c2-c3, c2xc3, c1!c3, e1:d1-d2 or Name@b6)"
        )
    by, frm, sep, to, placed = found.groups()
    squares = {}
    for name in (by, frm, to, placed):
        if name is None:
            continue
        square = rules.geometry.parse(name.lower())
        if square is None:
            raise ValueError(f"{name} is not a square of the board")
        squares[name] = square
    if placed is not None:
        return Marks(to=squares[placed])
    return Marks(squares[frm], squares[to], squares[by] if by else -1, strike=sep == "!")
