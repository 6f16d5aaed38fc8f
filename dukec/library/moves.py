"""Actions as the library takes them (an :class:`~dukec.engine.Action`, its 5-tuple, or its
notation): whether one may be played now, and playing one so that it prints in notation."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from dukec.engine.actions import ActionTuple
    from dukec.engine.facade import Action
    from dukec.engine.game import Game as EngineGame


def is_legal(game: EngineGame, action: object) -> bool:
    """Whether ``action`` (an action, its 5-tuple of whole numbers, or notation) may be played
    now in ``game``; False for anything else."""
    from dukec.engine.notation import NotationError

    if isinstance(action, str):
        try:
            game.parse_action(action)
        except NotationError:
            return False
        return True
    if not is_action_tuple(action):
        return False
    return game.result is None and game.is_legal(action)


def play(game: EngineGame, action: ActionTuple) -> Action:
    """Play ``action`` in ``game`` and return it, printing in notation;
    :class:`~dukec.engine.IllegalActionError` (nothing played) if it is not legal now."""
    from dukec.engine import facade
    from dukec.engine.notation import Scene

    if isinstance(action, str) or not is_legal(game, action):
        raise facade.illegal(game, action)
    fields: ActionTuple = tuple(action)  # type: ignore[assignment]
    notated = facade.notated([fields], Scene(game, True))[0]
    game.apply(fields)
    return notated


def is_action_tuple(action: object) -> TypeGuard[ActionTuple]:
    """Whether ``action`` is an action's five fields: a tuple of five whole numbers (a bool is
    not one)."""
    return (
        isinstance(action, tuple)
        and len(action) == 5
        and all(isinstance(f, int) and not isinstance(f, bool) for f in action)
    )
