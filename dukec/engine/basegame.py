"""The base game's change of state: the kernel's apply and undo with no feature.

A move, strike or command changes the tiles (:meth:`BaseGame._move_tiles`, taken back from its
compact record by :meth:`BaseGame._unmove_tiles`); a draw takes a tile from the bag by the
game's seeded stream (:func:`~dukec.engine.actions.draw_index`); a placement puts the drawn or
the set-up tile down. Each leaves one undo record on the history: (action, a, b, result
before), a and b depending on the kind. The game (:class:`~dukec.engine.feature.Kernel`, then
:class:`~dukec.engine.game.Game`) builds on it; a game set with features goes through it where its
turn plays as the base game's (:mod:`dukec.engine.turn`). A search may bind a :class:`Keeper`
to a game, which its apply and undo then go through.
"""

from __future__ import annotations

from dukec.engine.actions import (
    COMMAND,
    DRAW,
    MOVE,
    STRIKE,
    ActionTuple,
    Phase,
    Reason,
    Result,
    draw_index,
)
from dukec.engine.rules import EMPTY, FRONT
from dukec.engine.state import FeatureState

#: An undo record: (action, a, b, result before); a and b depend on the kind of action.
BaseRecord = tuple[ActionTuple, int, int, Result | None]


class Keeper:
    """What a game's apply and undo go through while it is bound to the game (``game.keyed``):
    a search's bookkeeping, such as a key kept up to date."""

    def apply(self, action: ActionTuple) -> None:
        """Apply ``action`` to the game, keeping the books."""
        raise NotImplementedError

    def undo(self) -> ActionTuple:
        """Take back the game's last action, keeping the books."""
        raise NotImplementedError


class BaseGame(FeatureState):
    """The base game's apply and undo (a base of :class:`~dukec.engine.feature.Kernel`)."""

    history: list[BaseRecord]

    def _base_apply(self, action: ActionTuple) -> None:
        kind = action[0]
        if kind <= COMMAND:
            self.history.append(self._move_tiles(action))
            self._end_turn()
            return
        _kind, _frm, to, _by, tile = action
        board = self.board
        me = self.to_move
        tables = self.rules.tables
        over = self.over
        self._version += 1
        if kind == DRAW:
            bag = self.bags[me]
            index = bag.index(tile) if tile >= 0 else draw_index(self.seed, self.draws, len(bag))
            self.drawn = bag.pop(index)
            self.draws += 1
            self.phase = Phase.PLACING
            self.history.append((action, index, -1, over))
        else:  # PLACE
            placed = (
                self.drawn
                if self.phase is Phase.PLACING
                else self.rules.setup[self.setup_index].tile
            )
            code = (placed * 2 + FRONT) * 2 + me
            board[to] = code
            self.pieces[me].add(to)
            if tables.is_duke[code]:
                self.duke[me] = to
            if self.phase is Phase.PLACING:
                self.history.append((action, self.drawn, -1, over))
                self.drawn = -1
                self.phase = Phase.PLAY
                self._end_turn()
            else:
                self.history.append((action, placed, -2, over))
                self.setup_index += 1
                if self.setup_index >= len(self.rules.setup):
                    # The player who set up first begins (rulebook, "How to play").
                    self.phase = Phase.PLAY
                    self.to_move = self.rules.setup[0].owner
                else:
                    self.to_move = self.rules.setup[self.setup_index].owner

    def _move_tiles(self, action: ActionTuple) -> BaseRecord:
        """The tiles' part of a move, strike or command (a capture included) by the player to
        move, without passing the turn; its undo record (see :meth:`_unmove_tiles`)."""
        kind, frm, to, by, _tile = action
        board = self.board
        over = self.over
        self._version += 1
        me = self.to_move
        if kind == STRIKE:
            captured = board[to]
            board[to] = EMPTY
            board[frm] ^= 2
            self._capture(captured, to, me)
            return (action, board[frm], captured, over)
        code = board[frm]
        captured = board[to]
        board[frm] = EMPTY
        pieces = self.pieces[me]
        pieces.discard(frm)
        if captured >= 0:
            # Before the tile takes the square: the tile captured may be the mover's own.
            self._capture(captured, to, me)
        pieces.add(to)
        if kind == MOVE:
            board[to] = code ^ 2
        else:
            board[to] = code
            board[by] ^= 2
        if self.rules.tables.is_duke[code]:
            self.duke[me] = to
        return (action, code, captured, over)

    def _unmove_tiles(self, record: BaseRecord) -> None:
        """Take back :meth:`_move_tiles` from its record (the turn is not passed back)."""
        action, code, captured, over = record
        kind, frm, to, by, _tile = action
        board = self.board
        self.over = over
        self._version += 1
        if kind == STRIKE:
            board[frm] ^= 2
            board[to] = captured
            self._uncapture(captured, to, code & 1)
            return
        me = code & 1
        board[frm] = code
        board[to] = captured
        pieces = self.pieces[me]
        pieces.discard(to)
        pieces.add(frm)
        if kind == COMMAND:
            board[by] ^= 2
        if self.rules.tables.is_duke[code]:
            self.duke[me] = frm
        if captured >= 0:
            self._uncapture(captured, to, me)

    def _capture(self, code: int, square: int, by: int) -> None:
        """The tile ``code`` on ``square`` captured by player ``by``: the opponent's takes it
        (a tile of one's own that an icon capturing friend and foe takes is lost, not taken)."""
        owner = code & 1
        self.pieces[owner].discard(square)
        self.captured[owner].append(code >> 2)
        if by != owner:
            self.taken[by].append(code >> 2)
        if self.rules.tables.is_duke[code] and self.duke[owner] == square:
            self.duke[owner] = -1
            self.over = Result(owner ^ 1, Reason.DUKE_CAPTURED)

    def _end_turn(self) -> None:
        self.to_move ^= 1
        self.ply += 1
        if self.over is None and self.ply_limit is not None and self.ply >= self.ply_limit:
            self.over = Result(None, Reason.PLY_LIMIT)

    def _base_undo(self) -> ActionTuple:
        record = self.history.pop()
        action, a, b, over = record
        kind, _frm, to, _by, _tile = action
        if kind <= COMMAND:
            self.ply -= 1
            self.to_move ^= 1
            self._unmove_tiles(record)
            return action
        self.over = over
        self._version += 1
        if kind == DRAW:
            bag = self.bags[self.to_move]
            bag.insert(a, self.drawn)
            self.drawn = -1
            self.draws -= 1
            self.phase = Phase.PLAY
        elif b == -2:  # set-up placement
            self.setup_index -= 1
            self.phase = Phase.SETUP
            me = self.to_move = self.rules.setup[self.setup_index].owner
            self._unplace(to, me)
        else:  # placement after a draw
            self.ply -= 1
            me = self.to_move = self.to_move ^ 1
            self.drawn = a
            self.phase = Phase.PLACING
            self._unplace(to, me)
        return action

    def _uncapture(self, code: int, square: int, by: int) -> None:
        owner = code & 1
        self.pieces[owner].add(square)
        self.captured[owner].pop()
        if by != owner:
            self.taken[by].pop()
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = square

    def _unplace(self, square: int, owner: int) -> None:
        code = self.board[square]
        self.board[square] = EMPTY
        self.pieces[owner].discard(square)
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = -1
