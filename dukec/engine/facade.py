"""The engine's front door, in plain Python: actions that print in notation, and the errors a
user meets (an illegal action, text that names none, rules that cannot be played), which keep
their docstrings where the engine is compiled. None of it needs to be fast, so none of it is
compiled (``setup.py`` leaves this module out); :class:`~dukec.engine.game.Game`'s
python-chess-style methods (``push``, ``pop``, ``copy``, ``outcome``, ...) come here for their
words (``str(game)`` to :mod:`dukec.engine.text`).

An action is the kernel's compact 5-tuple ``(kind, frm, to, by, tile)`` with names; one that
the game handed out (:meth:`~dukec.engine.game.Game.legal_actions`,
:meth:`~dukec.engine.game.Game.parse_action`, :meth:`~dukec.engine.game.Game.pop`,
:meth:`~dukec.engine.game.Game.peek`) also keeps what its notation reads of the position it was
legal in (a :class:`~dukec.engine.feature.Scene`), so that it prints in notation even after
the game has moved on. That scene takes no part in equality, hashing, copying or pickling.

>>> import dukec
>>> game = dukec.new_game("base", seed=7)
>>> game.legal_actions()[:2]
[Action('Duke@c1'), Action('Duke@d1')]
>>> game.push_notation("Duke@c1")
Action('Duke@c1')
>>> game.pop()
Action('Duke@c1')
>>> dukec.Action(dukec.ActionKind.MOVE, 35, 29)
Action(kind=MOVE, frm=35, to=29)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

from dukec.engine.actions import ActionKind, ActionTuple, Result

#: How many legal actions an error message lists.
_SHOWN = 12


class Notating(Protocol):
    """What writes the notation of the actions legal in one position: a
    :class:`~dukec.engine.feature.Scene` of it."""

    def write(self, action: ActionTuple) -> str:
        """The notation of ``action`` in the position (before it is applied)."""
        ...


class Playing(Protocol):
    """What :func:`illegal` asks of a game: how it ended, and what is legal in it now."""

    @property
    def result(self) -> Result | None:
        """The result if the game is over."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move."""
        ...


class IllegalActionError(ValueError):
    """An action that is not legal in the position it was played in."""


class NotationError(ValueError):
    """Text that names no legal action."""


class RulesError(ValueError):
    """A tile set or game set the engine cannot play."""


class _Fields(NamedTuple):
    kind: int
    frm: int = -1
    to: int = -1
    by: int = -1
    tile: int = -1


class Action(_Fields):
    """One decision: a move (any movement icon), strike, command, draw, placement, or an
    expanded game's own kind (:class:`~dukec.engine.actions.ActionKind`).

    Equal to, and hashed as, the plain tuple ``(kind, frm, to, by, tile)``: ``frm`` and ``to``
    are squares (a1 = 0, b1 = 1, ..., rank by rank), ``by`` the commanding tile's square,
    ``tile`` a tile type (-1: none). ``str(action)`` is its notation when the game handed it
    out, and ``repr`` shows it as ``Action('b1-b3')``; any other action shows its fields.
    """

    #: What the notation reads of the position the action was legal in (None: not known).
    _scene: Notating | None = None

    def __str__(self) -> str:
        """The action's notation (``b1-b3``), else its fields."""
        scene = self._scene
        return self._fields_text() if scene is None else scene.write(self)

    def __repr__(self) -> str:
        """``Action('b1-b3')``, else ``Action(kind=MOVE, frm=1, to=13)``."""
        scene = self._scene
        return self._fields_text() if scene is None else f"Action({scene.write(self)!r})"

    def _fields_text(self) -> str:
        try:
            kind = ActionKind(self.kind).name
        except ValueError:
            kind = str(self.kind)
        fields = [f"kind={kind}"]
        fields += [
            f"{name}={value}"
            for name, value in zip(self._fields[1:], self[1:], strict=True)
            if value >= 0
        ]
        return f"Action({', '.join(fields)})"

    def __reduce__(self) -> tuple[type[Action], tuple[int, ...]]:
        """Pickled as its five fields (the scene stays behind)."""
        return (Action, tuple(self))

    def __copy__(self) -> Action:
        """The action itself: it never changes."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        """The action itself: it never changes."""
        return self


def notated(actions: Iterable[ActionTuple], scene: Notating) -> list[Action]:
    """``actions`` as :class:`Action` values that print in notation, all legal in ``scene``."""
    made = []
    new = tuple.__new__
    for fields in actions:
        action = new(Action, fields)
        action._scene = scene
        made.append(action)
    return made


def illegal(game: Playing, action: ActionTuple) -> IllegalActionError:
    """The error that pushing ``action`` (not legal now) raises: why, and what is legal."""
    fields: object = action
    if isinstance(fields, str):
        hint = f"; push_notation({fields!r}) plays the action that text names"
        return IllegalActionError(f"{fields!r} is not an action{hint}")
    is_tuple = isinstance(fields, tuple) and len(fields) == 5
    if is_tuple and not isinstance(fields, Action) and all(isinstance(f, int) for f in action):
        fields = Action(*action)
    result = game.result
    if result is not None:
        return IllegalActionError(f"{fields!r} cannot be played: the game is over ({result})")
    legal = game.legal_actions()
    return IllegalActionError(f"{fields!r} is not legal here (legal: {legal_summary(legal)})")


def legal_summary(legal: list[Action]) -> str:
    """The first few of a game's legal actions (as it hands them out), for an error message."""
    shown = ", ".join(str(action) for action in legal[:_SHOWN])
    return shown + (", ..." if len(legal) > _SHOWN else "")
