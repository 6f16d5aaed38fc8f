"""What a game hands out: the typed :class:`Tile` on a square, the live :class:`LegalMoves`
view of what may be played, and the :class:`Outcome` of a game that is over; and how the
engine's codes read as them (:func:`tile_on`, :func:`names`, :func:`drawn_tile`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from dukec.engine.actions import Reason
    from dukec.engine.facade import Action
    from dukec.engine.game import Game as EngineGame
    from dukec.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile on the board: its ``name``, its ``owner`` (0 the first player, 1 the second) and
    the ``side`` it shows (``"front"``, its starting side, or ``"back"``).

    >>> import dukec
    >>> game = dukec.Game()
    >>> game.push_notation("Duke@c1")
    Action('Duke@c1')
    >>> game.piece_at("c1")
    Tile(name='Duke', owner=0, side='front')
    >>> str(game.piece_at("c1"))
    "player 0's Duke (front)"
    """

    name: str
    """The tile's name, as its tile set writes it (``"Duke"``)."""
    owner: int
    """The player it belongs to: 0 the first player, 1 the second."""
    side: str
    """The side it shows: ``"front"`` (its starting side) or ``"back"``."""

    def __str__(self) -> str:
        """``player 0's Duke (front)``."""
        return f"player {self.owner}'s {self.name} ({self.side})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the ``winner`` (0, 1, or None when the game ends without one, a
    *drawn game*: the ply limit) and the ``reason`` (:class:`~dukec.engine.Reason`).

    A drawn game is not the action ``draw``, which takes a tile from the bag.

    >>> import dukec
    >>> game = dukec.Game(ply_limit=1)
    >>> while not game.is_game_over():
    ...     _ = game.push(game.legal_actions()[0])
    >>> outcome = game.outcome()
    >>> outcome
    Outcome(winner=None, reason=<Reason.PLY_LIMIT: 'ply limit'>)
    >>> str(outcome), outcome.result()
    ('drawn game: ply limit', '1/2-1/2')
    """

    winner: int | None
    """The player who won, 0 or 1; None for a drawn game."""
    reason: Reason
    """Why the game ended (:class:`~dukec.engine.Reason`: the Duke captured, no legal action,
    the ply limit, ...)."""

    def result(self) -> str:
        """``1-0`` (the first player won), ``0-1`` or ``1/2-1/2`` (a drawn game), as a chess
        result reads."""
        return {0: "1-0", 1: "0-1", None: "1/2-1/2"}[self.winner]

    def __str__(self) -> str:
        """``player 0 wins: duke captured`` or ``drawn game: ply limit``."""
        if self.winner is None:
            return f"drawn game: {self.reason}"
        return f"player {self.winner} wins: {self.reason}"


class Playing(Protocol):
    """What :class:`LegalMoves` asks of its game (a :class:`~dukec.library.game.Game`)."""

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be played now."""
        ...

    def legal_actions(self) -> list[Action]:
        """The legal actions now, in the engine's fixed order."""
        ...


class LegalMoves:
    """The legal actions of a game as it stands now (``game.legal_moves``): it follows the
    game as actions are pushed and popped, and answers ``in`` for an action or its notation.

    >>> import dukec
    >>> game = dukec.Game()
    >>> moves = game.legal_moves
    >>> moves
    <LegalMoves (Duke@c1, Duke@d1)>
    >>> "Duke@c1" in moves, "Duke@a1" in moves, len(moves)
    (True, False, 2)
    >>> _ = game.push_notation("Duke@c1")
    >>> list(moves)
    [Action('Footman@b1'), Action('Footman@d1'), Action('Footman@c2')]
    """

    __slots__ = ("_game",)

    def __init__(self, game: Playing) -> None:
        self._game = game

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (an :class:`~dukec.engine.Action`, its 5-tuple, or its notation
        such as ``"c2-c3"``) is legal now."""
        return self._game.is_legal(action)

    def __iter__(self) -> Iterator[Action]:
        """The legal actions, in the engine's fixed order."""
        return iter(self._game.legal_actions())

    def __len__(self) -> int:
        """How many actions are legal."""
        return len(self._game.legal_actions())

    def __bool__(self) -> bool:
        """Whether any action is legal."""
        return bool(self._game.legal_actions())

    def count(self) -> int:
        """How many actions are legal (python-chess's ``legal_moves.count()``)."""
        return len(self)

    def __repr__(self) -> str:
        """``<LegalMoves (b1-a1, b1-b2, ...)>``, each action in notation."""
        return f"<LegalMoves ({', '.join(str(a) for a in self._game.legal_actions())})>"


def tile_on(game: EngineGame, square: int) -> Tile | None:
    """The tile on ``square`` (an index of the board) of the engine's ``game``, or None."""
    found = game.tile_at(square)
    if found is None:
        return None
    tile, side, owner = found
    return Tile(game.rules.types[tile].name, owner, ("front", "back")[side])


def names(rules: Rules, tiles: list[int]) -> tuple[str, ...]:
    """The names of tile types (indices of ``rules.types``), sorted."""
    types = rules.types
    return tuple(sorted(types[tile].name for tile in tiles))


def drawn_tile(game: EngineGame) -> str | None:
    """The name of the tile the player to act in ``game`` drew and must now place, or None."""
    from dukec.engine.actions import Phase

    if game.phase is not Phase.PLACING:
        return None
    return game.rules.types[game.drawn].name
