"""The game as a Python user plays it: :class:`Game`, in python-chess's words, and
:func:`new_game`. What it hands out (a :class:`~dukec.library.views.Tile`, the
:class:`~dukec.library.views.LegalMoves` view, the :class:`~dukec.library.views.Outcome`) is in
:mod:`dukec.library.views`.

A plain-Python front over the engine's game (:mod:`dukec.engine`, compiled where it can be):
every call here does what the engine does, named and checked for a person at a keyboard. The
engine's own game stays what the tools built on it use (``Game.engine``). How a game starts is
:mod:`dukec.library.start`; how an action is taken and played, :mod:`dukec.library.moves`;
a pickled game is made again by :func:`remade`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dukec import arguments
from dukec.arguments import Square
from dukec.library import moves, start
from dukec.library.views import LegalMoves, Outcome, Tile, drawn_tile, names, tile_on

if TYPE_CHECKING:
    from dukec.engine.actions import ActionTuple, Phase
    from dukec.engine.facade import Action
    from dukec.engine.game import Game as EngineGame
    from dukec.engine.rules import Rules

__all__ = ["Game", "LegalMoves", "Outcome", "Tile", "new_game"]


class Game:
    """A game of The Duke: its position, the actions played, and what may be played next.

    ``Game()`` is the base game at its set-up, ``Game(position)`` a game from a position (its
    one-line text, as :meth:`position` writes it and ``dukec replay --ply`` prints it, or its
    JSON dict). ``set_name`` picks another game set (``"dragon"``, ``"terrain"``, ...);
    ``tileset`` plays a tile set of your own: a folder or ``.duke`` file of new tiles (laid on
    the base set, as every command reads ``--set``), a whole tile set, a compiled ``.json``
    file or its dict. ``seed`` decides the draws from the bags and every other chance; at
    ``ply_limit`` turns of play the game ends, a drawn game.

    Play with :meth:`push` (an :class:`~dukec.engine.Action` from :attr:`legal_moves`) or
    :meth:`push_notation` (``"c2-c3"``), take back with :meth:`pop`; ask :meth:`piece_at`,
    :meth:`is_game_over` and :meth:`outcome`. ``str(game)`` is the board as text.

    >>> import dukec
    >>> game = dukec.Game(seed=7)
    >>> game
    <Game 'base' ply 0: player 0 to place Duke>
    >>> for text in ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]:
    ...     _ = game.push_notation(text)
    >>> "c2-c3" in game.legal_moves
    True
    >>> game.push_notation("c2-c3")
    Action('c2-c3')
    >>> game.piece_at("c3"), game.piece_at("c2")
    (Tile(name='Footman', owner=0, side='back'), None)
    >>> game.turn, game.ply(), len(game.move_stack)
    (1, 1, 7)
    >>> print(game)
          a      b      c      d      e      f
      6   .      .      .     duk    foo     .
      5   .      .      .     foo     .      .
      4   .      .      .      .      .      .
      3   .      .     FOO'    .      .      .
      2   .      .      .      .      .      .
      1   .     FOO    DUK     .      .      .
    player 0: 16 in the bag; lost: none
    player 1: 16 in the bag; lost: none
    ply 1: player 1 to move
    """

    def __init__(
        self,
        position: str | Mapping[str, Any] | None = None,
        *,
        set_name: str | None = None,
        tileset: Mapping[str, Any] | arguments.Sources = None,
        seed: int = 0,
        ply_limit: int | None = None,
    ) -> None:
        self._start, self._game = start.begin(position, set_name, tileset, seed, ply_limit)
        self._stack: list[Action] = []

    @classmethod
    def _wrapping(cls, game: EngineGame, begun: start.Start, played: list[Action]) -> Game:
        """A game over an engine game made from ``begun``, with the actions it played."""
        made = cls.__new__(cls)
        made._start = begun
        made._game = game
        made._stack = list(played)
        return made

    # ------------------------------------------------------------------ what it is

    @property
    def engine(self) -> EngineGame:
        """The engine's game under this one (:class:`dukec.engine.Game`), for the tools built
        on the engine (pictures, searches); its other methods are the engine's own.

        >>> import dukec
        >>> from dukec.workbench.board import board_svg
        >>> game = dukec.Game()
        >>> board_svg(game.engine) == board_svg(game)
        True
        """
        return self._game

    @property
    def rules(self) -> Rules:
        """The rules played: the game set of the tile set, as the engine reads them
        (:class:`dukec.engine.Rules`).

        >>> import dukec
        >>> rules = dukec.Game().rules
        >>> rules.set_name, rules.types[rules.type_named("Footman")].count
        ('base', 3)
        """
        return self._game.rules

    @property
    def set_name(self) -> str:
        """The game set played.

        >>> import dukec
        >>> dukec.Game(set_name="dragon").set_name
        'dragon'
        """
        return self._game.rules.set_name

    @property
    def seed(self) -> int:
        """The seed that decides the draws and every other chance of the game.

        >>> import dukec
        >>> dukec.Game(seed=7).seed
        7
        """
        return self._game.seed

    @property
    def ply_limit(self) -> int | None:
        """The turns of play after which the game ends, a drawn game (None: no limit).

        >>> import dukec
        >>> dukec.Game(ply_limit=300).ply_limit, dukec.Game().ply_limit
        (300, None)
        """
        return self._game.ply_limit

    # ------------------------------------------------------------------ the position

    @property
    def turn(self) -> int:
        """The player to act: 0 the first player, 1 the second (python-chess: ``board.turn``).

        >>> import dukec
        >>> dukec.Game().turn
        0
        """
        return self._game.to_move

    @property
    def phase(self) -> Phase:
        """Where the game stands within a turn (:class:`~dukec.engine.Phase`): ``SETUP``,
        ``PLAY``, ``PLACING`` a drawn tile, or a phase of a game set's rule features.

        >>> import dukec
        >>> dukec.Game().phase
        <Phase.SETUP: 0>
        """
        return self._game.phase

    def ply(self) -> int:
        """The turns of play so far. Set-up placements are not turns of play and do not count,
        and a draw with the placement of the drawn tile is one turn; ``len(game.move_stack)``
        counts every action.

        >>> import dukec
        >>> game = dukec.Game(seed=7)
        >>> for text in ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5"]:
        ...     _ = game.push_notation(text)
        >>> _ = game.push_notation("Footman@e6")
        >>> game.ply(), len(game.move_stack)
        (0, 6)
        >>> _ = game.push_notation("draw")
        >>> game.ply()
        0
        >>> _ = game.push_notation(str(game.legal_actions()[0]))
        >>> game.ply(), len(game.move_stack)
        (1, 8)
        """
        return self._game.ply

    def piece_at(self, square: Square) -> Tile | None:
        """The tile on ``square`` (``"c3"`` or its index), or None if the square is empty.
        ValueError for a square that is not on the board.

        >>> import dukec
        >>> game = dukec.Game()
        >>> _ = game.push_notation("Duke@c1")
        >>> game.piece_at("c1"), game.piece_at(2), game.piece_at("c2")
        (Tile(name='Duke', owner=0, side='front'), Tile(name='Duke', owner=0, side='front'), None)
        """
        return tile_on(self._game, arguments.square(self.rules.geometry, square))

    def piece_map(self) -> dict[str, Tile]:
        """Every tile on the board, by square name, from a1 rank by rank.

        >>> import dukec
        >>> game = dukec.Game()
        >>> _ = game.push_notation("Duke@c1")
        >>> game.piece_map()
        {'c1': Tile(name='Duke', owner=0, side='front')}
        """
        name = self.rules.geometry.name
        found = ((name(s), tile_on(self._game, s)) for s in range(self.rules.geometry.size))
        return {square: tile for square, tile in found if tile is not None}

    @property
    def bags(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The tiles in each player's bag, by name, sorted.

        >>> import dukec
        >>> dukec.Game().bags[0][:3]
        ('Assassin', 'Bowman', 'Champion')
        """
        return (names(self.rules, self._game.bags[0]), names(self.rules, self._game.bags[1]))

    @property
    def captured(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The tiles each player has lost, by name, sorted.

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke-Footman.. 0 -")
        >>> _ = game.push_notation("c1xd1")
        >>> game.captured
        ((), ('Footman',))
        """
        captured = self._game.captured
        return (names(self.rules, captured[0]), names(self.rules, captured[1]))

    @property
    def drawn(self) -> str | None:
        """The tile the player to act drew and must now place, or None.

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke... 0 Footman/-")
        >>> game.drawn, game.push_notation("draw"), game.drawn
        (None, Action('draw'), 'Footman')
        """
        return drawn_tile(self._game)

    def in_guard(self, player: int | None = None) -> bool:
        """Whether ``player``'s Duke (default: the player to act's) is in Guard: the opponent
        could capture it now (python-chess: ``is_check()``).

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke-Footman.. 0 -")
        >>> game.in_guard(), game.in_guard(1)
        (True, False)
        """
        return self._game.in_guard(arguments.player(player))

    def position(self) -> str:
        """The position as one line of text (its game set first), which ``Game(text)`` reads
        back; the history is not part of it (see ``docs/engine.md``, Position text).

        >>> import dukec
        >>> game = dukec.Game(seed=7)
        >>> _ = game.push_notation("Duke@c1")
        >>> text = game.position()
        >>> text[:40]
        'base ....../....../....../....../....../'
        >>> again = dukec.Game(text, seed=7)
        >>> again.position() == text, again.piece_at("c1").name
        (True, 'Duke')
        """
        from dukec.engine.position_text import position_to_text

        return position_to_text(self._game)

    def position_json(self) -> dict[str, Any]:
        """The position as JSON data (``schemas/position.schema.json``), which ``Game(data)``
        reads back.

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke... 0 -")
        >>> data = game.position_json()
        >>> data["to_move"], data["board"], data["bags"]
        (0, [{'tile': 'Duke', 'owner': 0, 'side': 'front', 'at': 'c1'}], [[], []])
        """
        from dukec.engine.position import position_to_json

        return position_to_json(self._game)

    # ------------------------------------------------------------------ what may be played

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal actions now, a live view (:class:`LegalMoves`): ``"c2-c3" in
        game.legal_moves``, ``len(game.legal_moves)``, ``for action in game.legal_moves``.

        >>> import dukec
        >>> game = dukec.Game()
        >>> "Duke@c1" in game.legal_moves
        True
        """
        return LegalMoves(self)

    def legal_actions(self) -> list[Action]:
        """The legal actions now, as a list in the engine's fixed order (empty once the game is
        over); each prints in notation.

        >>> import dukec
        >>> dukec.Game().legal_actions()
        [Action('Duke@c1'), Action('Duke@d1')]
        """
        return self._game.legal_actions()

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` (an :class:`~dukec.engine.Action`, its 5-tuple, or its notation)
        may be played now.

        >>> import dukec
        >>> game = dukec.Game()
        >>> game.is_legal("Duke@c1"), game.is_legal("Duke@a1"), game.is_legal("nonsense")
        (True, False, False)
        """
        return moves.is_legal(self._game, action)

    def parse_notation(self, text: str) -> Action:
        """The legal action that ``text`` names, not played (python-chess: ``parse_san``);
        :class:`~dukec.engine.NotationError` saying why if none does.

        >>> import dukec
        >>> dukec.Game().parse_notation("c1")
        Action('Duke@c1')
        """
        return self._game.parse_action(text)

    def notation(self, action: Action | tuple[int, int, int, int, int]) -> str:
        """The notation of ``action`` in this position, before it is played (python-chess:
        ``san``).

        >>> import dukec
        >>> game = dukec.Game()
        >>> game.notation(game.legal_actions()[1])
        'Duke@d1'
        """
        return self._game.notation(tuple(action))  # type: ignore[arg-type]

    # ------------------------------------------------------------------ playing

    def push(self, action: Action | tuple[int, int, int, int, int]) -> Action:
        """Play ``action`` and return it (printing in notation);
        :class:`~dukec.engine.IllegalActionError` (a ``ValueError``), with nothing played, if
        it is not legal now. Text goes to :meth:`push_notation`.

        >>> import dukec
        >>> game = dukec.Game()
        >>> game.push(game.legal_actions()[0])
        Action('Duke@c1')
        """
        played = moves.play(self._game, action)
        self._stack.append(played)
        return played

    def push_notation(self, text: str) -> Action:
        """Play the legal action that ``text`` names (``"c2-c3"``, ``"draw"``, ``"Duke@c1"``)
        and return it; :class:`~dukec.engine.NotationError` (nothing played) if none does
        (python-chess: ``push_san``).

        >>> import dukec
        >>> game = dukec.Game()
        >>> game.push_notation("Duke@c1")
        Action('Duke@c1')
        """
        action = self._game.parse_action(text)
        self._game.apply(action)
        self._stack.append(action)
        return action

    def pop(self) -> Action:
        """Take back the last action and return it; IndexError if none was played.

        >>> import dukec
        >>> game = dukec.Game()
        >>> _ = game.push_notation("Duke@c1")
        >>> game.pop(), game.move_stack
        (Action('Duke@c1'), [])
        """
        if not self._stack:
            raise IndexError("no action to take back")
        self._game.undo()
        return self._stack.pop()

    def peek(self) -> Action:
        """The last action played, the game left as it is; IndexError if none was.

        >>> import dukec
        >>> game = dukec.Game()
        >>> _ = game.push_notation("Duke@d1")
        >>> game.peek()
        Action('Duke@d1')
        """
        if not self._stack:
            raise IndexError("no action played")
        return self._stack[-1]

    @property
    def move_stack(self) -> list[Action]:
        """Every action played, in order (set-up placements, draws and placements included),
        each printing in notation; a copy.

        >>> import dukec
        >>> game = dukec.Game()
        >>> _ = game.push_notation("Duke@c1")
        >>> _ = game.push_notation("Footman@c2")
        >>> game.move_stack
        [Action('Duke@c1'), Action('Footman@c2')]
        """
        return list(self._stack)

    def copy(self) -> Game:
        """A copy that plays and takes back on its own (its history too).

        >>> import dukec
        >>> game = dukec.Game()
        >>> twin = game.copy()
        >>> _ = twin.push_notation("Duke@c1")
        >>> len(game.move_stack), len(twin.move_stack)
        (0, 1)
        """
        return Game._wrapping(self._game.copy(), self._start, self._stack)

    def __copy__(self) -> Game:
        """:meth:`copy`."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """:meth:`copy`."""
        return self.copy()

    # ------------------------------------------------------------------ the end

    def is_game_over(self) -> bool:
        """Whether the game is over (:meth:`outcome` says how).

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke-Duke.. 0 -")
        >>> game.is_game_over(), game.push_notation("c1xd1"), game.is_game_over()
        (False, Action('c1xd1'), True)
        """
        return self._game.result is not None

    def outcome(self) -> Outcome | None:
        """How the game ended (:class:`Outcome`: ``winner`` and ``reason``), or None while it
        goes on.

        >>> import dukec
        >>> game = dukec.Game("base ....../....../....../....../....../..+Duke-Duke.. 0 -")
        >>> game.outcome() is None
        True
        >>> _ = game.push_notation("c1xd1")
        >>> game.outcome()
        Outcome(winner=0, reason=<Reason.DUKE_CAPTURED: 'duke captured'>)
        """
        result = self._game.result
        return None if result is None else Outcome(result.winner, result.reason)

    def result(self) -> str:
        """The result as text, as a chess result reads: ``1-0`` (the first player won),
        ``0-1``, ``1/2-1/2`` (a drawn game), or ``*`` while the game goes on.

        >>> import dukec
        >>> dukec.Game().result()
        '*'
        """
        outcome = self.outcome()
        return "*" if outcome is None else outcome.result()

    # ------------------------------------------------------------------ as text and data

    def __str__(self) -> str:
        """The board as text, rank 1 at the bottom: the first player's tiles in upper case,
        ``'`` for a tile on its back side; each player's bag and losses; a status line."""
        return str(self._game)

    def __repr__(self) -> str:
        """``<Game 'base' ply 12: player 1 to move>``."""
        return repr(self._game)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the tile set, the game set, the start, the seed, the ply limit and the
        actions played: loaded, it plays them again."""
        played = [tuple(action) for action in self._stack]
        begun = self._start
        how = (begun.tileset, self.set_name, begun.position, self.seed, self.ply_limit, played)
        return (remade, how)


def new_game(
    set_name: str | None = None,
    *,
    tileset: Mapping[str, Any] | arguments.Sources = None,
    seed: int = 0,
    ply_limit: int | None = None,
) -> Game:
    """A new game of the game set ``set_name`` (default ``base``) at its set-up:
    ``Game(set_name=set_name, tileset=tileset, seed=seed, ply_limit=ply_limit)``.

    >>> import dukec
    >>> dukec.new_game("dragon", seed=3)
    <Game 'dragon' ply 0: player 0 to place Duke>
    >>> dukec.new_game("terain")
    Traceback (most recent call last):
    dukec.engine.facade.RulesError: no game set named 'terain' (did you mean 'terrain'?)
    >>> dukec.new_game(ply_limit=0)
    Traceback (most recent call last):
    ValueError: ply_limit must be from 1 to 1,000,000, not 0
    """
    return Game(set_name=set_name, tileset=tileset, seed=seed, ply_limit=ply_limit)


def remade(
    tileset: dict[str, Any],
    set_name: str,
    position: dict[str, Any] | None,
    seed: int,
    ply_limit: int | None,
    played: list[ActionTuple],
) -> Game:
    """A pickled game made again: the game at its start, each action played again."""
    game = Game(position, set_name=set_name, tileset=tileset, seed=seed, ply_limit=ply_limit)
    for action in played:
        game.push(action)
    return game
