"""The undo log of game sets with features: every change is written down as it is made.

A game set with features changes much more than the base game's few squares in one action
(what a tile carries travels with it, pieces act between the turns, tiles freeze and thaw,
points are scored), so its state is changed only through a :class:`Trail`, which records each
change as one small entry (what was changed, and its old value). Undoing an action takes the
entries back to the mark made before it, newest first: a compact undo record, never a copy of
the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

# The kinds of entry (Final: the compiled engine writes them in as constants).
_SETITEM: Final = 0
_SETATTR: Final = 1
_ADD: Final = 2
_DISCARD: Final = 3
_APPEND: Final = 4
_REMOVE: Final = 5
_CALL: Final = 6


class Trail:
    """Changes made to a game's state since it began, to be undone newest first."""

    __slots__ = ("_log",)

    def __init__(self) -> None:
        self._log: list[tuple[int, Any, Any, Any]] = []

    def mark(self) -> int:
        """A point to undo back to."""
        return len(self._log)

    def setitem(self, target: list[Any], index: int, value: Any) -> None:
        """``target[index] = value``."""
        self._log.append((_SETITEM, target, index, target[index]))
        target[index] = value

    def set_game_attr(self, game: object, name: str, value: Any) -> None:
        """``game.name = value``, for the game whose trail this is. The entry holds None in the
        game's place, so that the game and its trail form no reference cycle (the game is freed
        as soon as it is dropped, not left to the garbage collector)."""
        self._log.append((_SETATTR, None, name, getattr(game, name)))
        setattr(game, name, value)

    def setattr(self, target: object, name: str, value: Any) -> None:
        """``target.name = value``, for an object of the game's state (not the game: see
        :meth:`set_game_attr`)."""
        self._log.append((_SETATTR, target, name, getattr(target, name)))
        setattr(target, name, value)

    def add(self, target: set[Any], value: Any) -> None:
        """``target.add(value)``."""
        if value not in target:
            target.add(value)
            self._log.append((_ADD, target, value, None))

    def discard(self, target: set[Any], value: Any) -> None:
        """``target.discard(value)``."""
        if value in target:
            target.discard(value)
            self._log.append((_DISCARD, target, value, None))

    def append(self, target: list[Any], value: Any) -> None:
        """``target.append(value)``."""
        target.append(value)
        self._log.append((_APPEND, target, None, None))

    def remove(self, target: list[Any], value: Any) -> None:
        """``target.remove(value)`` (the first equal item)."""
        index = target.index(value)
        del target[index]
        self._log.append((_REMOVE, target, index, value))

    def pop(self, target: list[Any], index: int) -> Any:
        """``target.pop(index)``."""
        value = target.pop(index)
        self._log.append((_REMOVE, target, index, value))
        return value

    def call(self, undo: Callable[[Any, Any], None], record: Any) -> None:
        """A change of the game made elsewhere, with its own undo record: ``undo(game,
        record)`` takes it back."""
        self._log.append((_CALL, undo, record, None))

    def undo_to(self, game: object, mark: int) -> None:
        """Take back every change made to ``game`` after ``mark``, newest first."""
        log = self._log
        pop = log.pop
        # The commonest entries first: a turn's tiles and its passing are _CALL entries.
        for _ in range(len(log) - mark):
            op, target, key, old = pop()
            if op == _CALL:
                target(game, key)
            elif op == _SETATTR:
                setattr(game if target is None else target, key, old)
            elif op == _SETITEM:
                target[key] = old
            elif op == _ADD:
                target.discard(key)
            elif op == _DISCARD:
                target.add(key)
            elif op == _APPEND:
                target.pop()
            else:
                target.insert(key, old)
