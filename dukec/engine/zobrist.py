"""Zobrist keys: a 64-bit key of a game's state, kept up to date by apply and undo.

A key is the XOR of fixed random 64-bit numbers, one per part of the state: each square's piece
(tile type, side, owner), the player to move, the phase, the drawn tile, the set-up step, a decided
result, and each bag's tiles. A list of tiles whose order does not matter (a bag) is keyed by the
sum of one random 52-bit number per tile type and owner over its tiles (a sum is the same in any
order, and a list of fewer than 1024 tiles cannot overflow 62 bits). In a game set with features
each feature keys its own state the same way, with numbers of its own and small fields
(:meth:`dukec.engine.feature.Feature.key`); the game keys the tiles captured, taken and boxed by
player, the pending draw and the pool of tiles to choose from by their sums, and its counters of
draws and events.

Two states with the same key are the same for the rules from then on, except for the ply count
(the ply limit) and the stream of random draws, which a search keeps apart itself: it keys its
table by ply too and forces every draw (chance nodes).

Keys are native 64-bit integers in the compiled engine (``i64``: XOR of machine words, no
Python integer made), and cost nothing unless asked for: :class:`Keyed` is bound to a game while
it is open, and the game's apply and undo then go through it. An action of the base game (a
move, strike or command, a draw, a placement) changes the key by the squares it touches, the
player to move and the phase, and on a draw by the one tile that left the bag; any other action
of a game set with features is keyed from its new state, feature by feature. Undo restores the
key the action started from.
"""

from __future__ import annotations

import random
from types import TracebackType
from typing import TYPE_CHECKING, Final

from dukec.engine.actions import COMMAND, DRAW, MOVE, STRIKE, ActionTuple, Phase, Reason, Result
from dukec.engine.basegame import Keeper as Keeper
from dukec.engine.feature import Feature
from dukec.engine.features import registry_of
from dukec.engine.game import Game
from dukec.engine.keyparts import SMALL, KeyFields
from dukec.engine.rules import Rules
from dukec.engine.turn import TRAILED

if TYPE_CHECKING:
    # A native 64-bit integer where compiled, an int in pure Python (annotations only: never
    # looked up at run time, so mypy_extensions is no run-time dependency).
    from mypy_extensions import i64

_SEED: Final = 0x2B992DDFA23249D6
#: Numbers of a counter (draws, events): a counter wraps round at this many.
_COUNTER: Final = 4096
_REASONS: Final = {reason: index for index, reason in enumerate(Reason)}
#: How many small fields there are, each with SMALL numbers (value + 1, so that -1 has one):
#: the features say which of them they take.
_FIELDS: Final = 18


def _numbers(rng: random.Random, count: int) -> list[i64]:
    """``count`` random signed 64-bit numbers."""
    return [rng.getrandbits(64) - (1 << 63) for _ in range(count)]


def _tile_numbers(rng: random.Random, count: int) -> list[i64]:
    """``count`` random 52-bit numbers, to be summed over a list of tiles."""
    return [rng.getrandbits(52) for _ in range(count)]


class Zobrist(KeyFields):
    """The random numbers of one rule set's keys (fixed: the same on every run and machine)."""

    def __init__(self, rules: Rules) -> None:
        rng = random.Random(_SEED)
        size = rules.geometry.size
        types = len(rules.types)
        codes = types * 4
        self.size = size
        self.types = types
        self.codes = codes
        #: square * codes + code -> number (code: tile type, side and owner, as on the board).
        self.square = _numbers(rng, size * codes)
        self.side: i64 = _numbers(rng, 1)[0]
        self.phase = _numbers(rng, 16)
        self.drawn = _numbers(rng, types + 1)
        self.setup = _numbers(rng, len(rules.setup) + 1)
        #: owner * types + tile -> a tile's number in a bag (52 bits: see the module's text).
        self.bag = _tile_numbers(rng, 2 * types)
        self.over = _numbers(rng, 3 * len(_REASONS))
        self.expanded = rules.expanded is not None
        #: The features with a part of the key, and the numbers each drew.
        self.parts: tuple[Feature, ...] = registry_of(rules).parts if self.expanded else ()
        self.part_numbers = [_numbers(rng, part.key_numbers(rules)) for part in self.parts]
        #: Tiles by owner, as the bag's numbers: captured, taken, boxed.
        self.captured = _tile_numbers(rng, 2 * types)
        self.taken = _tile_numbers(rng, 2 * types)
        self.boxed = _tile_numbers(rng, 2 * types)
        #: Tiles in the pending draw (owner 0's numbers) and the pool to choose from (1's).
        self.held = _tile_numbers(rng, 2 * types)
        super().__init__(_numbers(rng, _FIELDS * SMALL))
        self.draws = _numbers(rng, _COUNTER)
        self.events = _numbers(rng, _COUNTER)
        if any(first != tile for tile, first in enumerate(rules.alike)):
            self._alias(rules.alike)

    def _alias(self, alike: tuple[int, ...]) -> None:
        """Give each tile type the numbers of the first type the rules cannot tell from it
        (:attr:`Rules.alike`): two positions that differ only in which of two such types
        stands where have one key, as they are the same position but for the names."""
        types = self.types
        size = self.size
        codes = self.codes
        for tile, first in enumerate(alike):
            if first == tile:
                continue
            for low in range(4):
                code, same = tile * 4 + low, first * 4 + low
                for square in range(size):
                    self.square[square * codes + code] = self.square[square * codes + same]
            self.drawn[tile + 1] = self.drawn[first + 1]
            for numbers in (self.bag, self.captured, self.taken, self.boxed, self.held):
                for owner in (0, 1):
                    numbers[owner * types + tile] = numbers[owner * types + first]

    # ------------------------------------------------------------------ from scratch

    def key(self, game: Game) -> i64:
        """The key of ``game``'s state, computed from scratch."""
        codes = self.codes
        square = self.square
        key: i64 = 0
        for index, code in enumerate(game.board):
            if code >= 0:
                key ^= square[index * codes + code]
        key ^= self.scalars(game) ^ self.result(game.over)
        key ^= self.tiles(self.bag, 0, game.bags[0]) ^ self.tiles(self.bag, 1, game.bags[1])
        if self.expanded:
            key ^= self.features(game)
        return key

    def scalars(self, game: Game) -> i64:
        """The part of the key for the player to move, the phase, the drawn tile and set-up."""
        key: i64 = self.side if game.to_move else 0
        return (
            key ^ self.phase[game.phase] ^ self.drawn[game.drawn + 1] ^ self.setup[game.setup_index]
        )

    def result(self, over: Result | None) -> i64:
        """The part of the key for a decided result (0 while the game goes on)."""
        if over is None:
            return 0
        winner = -1 if over.winner is None else over.winner
        return self.over[(winner + 1) * len(_REASONS) + _REASONS[over.reason]]

    def tiles(self, numbers: list[i64], owner: int, tiles: list[int]) -> i64:
        """The part of the key for one owner's list of tiles (a bag, its captured tiles...)."""
        base = owner * self.types
        total: i64 = 0
        for tile in tiles:
            total += numbers[base + tile]
        return total

    # ------------------------------------------------------------------ features

    def features(self, game: Game) -> i64:
        """The part of the key for the features' state: each feature's part, the tiles out of
        play and held aside, and the game's counters."""
        key = self.lost_key(game) ^ self.counters_key(game)
        numbers = self.part_numbers
        for index, part in enumerate(self.parts):
            key ^= part.key(game, self, numbers[index])
        return key

    def lost_key(self, game: Game) -> i64:
        """Tiles captured, taken and boxed, the pending draw and the pool to choose from."""
        key: i64 = 0
        for owner in (0, 1):
            key ^= self.tiles(self.captured, owner, game.captured[owner])
            key ^= self.tiles(self.taken, owner, game.taken[owner])
            key ^= self.tiles(self.boxed, owner, game.boxed[owner])
        return key ^ self.tiles(self.held, 0, game.pending) ^ self.tiles(self.held, 1, game.pool)

    def counters_key(self, game: Game) -> i64:
        """How many draws and random events the game has had (they choose what comes next)."""
        return self.draws[game.draws % _COUNTER] ^ self.events[game.events % _COUNTER]


_TABLES: dict[tuple[str, str, bool], Zobrist] = {}


def zobrist_for(rules: Rules) -> Zobrist:
    """The key numbers of a rule set, drawn once per process."""
    cache_key = (rules.tileset_hash, rules.set_name, rules.expanded is not None)
    found = _TABLES.get(cache_key)
    if found is None:
        if len(_TABLES) > 32:
            _TABLES.clear()
        found = _TABLES[cache_key] = Zobrist(rules)
    return found


#: The last number :func:`_serial` gave.
_SERIAL: Final = [0]


def _serial() -> int:
    """A number never given before in this process."""
    _SERIAL[0] += 1
    return _SERIAL[0]


class Keyed(Keeper):
    """While open, ``key`` is the game's Zobrist key, updated by every apply and undo. Beside
    it: ``occupied0`` and ``occupied1``, the squares each seat's tiles stand on as bit masks
    (read them after :meth:`refresh_masks`: an action a feature acts on leaves them to be
    counted again); ``bags``, a number that changes whenever a bag does, to no number it had
    before (so that what is worked out from the bags can be kept until they change); and
    ``extras``, such a number for everything a game set's features keep beyond the base
    game's state.

    Use as a context manager around a search: ``with Keyed(game) as keyed: ... keyed.key``.
    Actions applied or undone through the game's apply and undo while it is open keep ``key``
    exact; the game must not be played by other means (it is a search's private view).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.numbers = zobrist_for(game.rules)
        self.key: i64 = 0
        # The key before each action applied while open, for undo.
        self.before: list[i64] = []
        self.occupied0 = 0
        self.occupied1 = 0
        self.bags = 0
        self.extras = 0
        # Each seat's bag's part of the key (kept by the one tile a draw takes out).
        self.bag0: i64 = 0
        self.bag1: i64 = 0
        #: Whether the masks, and the bags' parts, are out of date (after an action a feature
        #: acted on, until :meth:`refresh_masks` and :meth:`refresh`).
        self.stale = True
        self.stale_bags = True
        #: An icon of the rules may capture its own player's tile (the masks kept here do not
        #: follow such a capture: it is keyed afresh).
        self.befriends = game.rules.tables.befriends

    def __enter__(self) -> Keyed:
        self.key = self.numbers.key(self.game)
        self.before = []
        self._anything_changed()
        self.refresh()
        # The game's apply and undo go through this one while the search runs; __exit__ lets
        # go again (leaving no reference cycle).
        self.game.keyed = self
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.game.keyed = None

    def apply(self, action: ActionTuple) -> None:
        """Apply ``action`` to the game, keeping ``key`` exact."""
        game = self.game
        numbers = self.numbers
        self.before.append(self.key)
        kind, frm, to, by, _tile = action
        board = game.board
        codes = numbers.codes
        square = numbers.square
        over = game.over
        # A move, strike or command in play changes, of the scalars, only the player to move
        # (the turn passes); anything else is keyed by its scalars before and after.
        moving = kind <= COMMAND and game.phase is Phase.PLAY
        mover = game.to_move
        key = self.key ^ (numbers.side if moving else numbers.scalars(game))
        victim = -1
        # A base game's action changes only its own squares (from, to, the commander's).
        if frm >= 0 and board[frm] >= 0:
            key ^= square[frm * codes + board[frm]]
        if to >= 0 and board[to] >= 0:
            victim = board[to]
            key ^= square[to * codes + victim]
        if by >= 0 and board[by] >= 0:
            key ^= square[by * codes + board[by]]
        game._apply(action)
        if (game.features and game.history[-1][2] == TRAILED) or (
            self.befriends and victim >= 0 and victim & 1 == mover
        ):
            # Any other action of a game set with features may change anything; so, for the
            # masks kept here, does a capture of one's own tile (an icon of friend and foe).
            self.key = numbers.key(game)
            self._anything_changed()
            return
        if self.stale:
            self.refresh_masks()
        else:
            self._moved(kind, frm, to, mover)
        if frm >= 0 and board[frm] >= 0:
            key ^= square[frm * codes + board[frm]]
        if to >= 0 and board[to] >= 0:
            key ^= square[to * codes + board[to]]
        if by >= 0 and board[by] >= 0:
            key ^= square[by * codes + board[by]]
        if game.over is not over:
            key ^= numbers.result(over) ^ numbers.result(game.over)
        me = game.to_move
        if kind == DRAW:
            # The drawn tile leaves the mover's bag (a draw does not pass the turn).
            step = numbers.bag[me * numbers.types + game.drawn]
            if not self.stale_bags:
                was = self.bag1 if me else self.bag0
                now = was - step
                if me:
                    self.bag1 = now
                else:
                    self.bag0 = now
            else:
                self.refresh()
                now = self.bag1 if me else self.bag0
                was = now + step
            key ^= now ^ was
            self.bags = _serial()
            if game.features:
                key ^= numbers.draws[(game.draws - 1) % _COUNTER]
                key ^= numbers.draws[game.draws % _COUNTER]
        elif victim >= 0 and kind <= COMMAND and game.features:
            # A capture by the base game: a tile more among the captured and the taken.
            owner = victim & 1
            tile = victim >> 2
            now = numbers.tiles(numbers.captured, owner, game.captured[owner])
            key ^= now ^ (now - numbers.captured[owner * numbers.types + tile])
            now = numbers.tiles(numbers.taken, owner ^ 1, game.taken[owner ^ 1])
            key ^= now ^ (now - numbers.taken[(owner ^ 1) * numbers.types + tile])
        self.key = key if moving else key ^ numbers.scalars(game)

    def undo(self) -> ActionTuple:
        """Take back the game's last action, keeping ``key`` exact."""
        game = self.game
        # The last entry is read only where it is needed: taking it apart costs a base-set
        # node more than the rest of this method.
        trailed = game.features and game.history[-1][2] == TRAILED
        if self.befriends and not trailed:
            # A capture of one's own tile (its code's owner the mover's): keyed as a trailed one.
            record = game.history[-1]
            trailed = record[2] >= 0 and record[2] & 1 == record[1] & 1
        drawn = game.drawn  # the tile a draw taken back drew
        action = game._undo()
        before = self.before
        if not before:
            # An action applied before the keys were opened: everything from scratch.
            self.key = self.numbers.key(game)
            self._anything_changed()
            return action
        self.key = before.pop()
        if trailed:
            self._anything_changed()
            return action
        if action[0] == DRAW:
            self.bags = _serial()
            if not self.stale_bags:
                me = game.to_move
                back = self.numbers.bag[me * self.numbers.types + drawn]
                if me:
                    self.bag1 += back
                else:
                    self.bag0 += back
        if self.stale:
            self.refresh_masks()
        else:
            self._moved(action[0], action[1], action[2], game.to_move)
        return action

    def _anything_changed(self) -> None:
        """After an action that may have changed anything (or none known): the masks and the
        bags' parts are to be counted again, and the bags and the features' state have new
        numbers."""
        self.stale = self.stale_bags = True
        self.bags = self.extras = _serial()

    def refresh_masks(self) -> None:
        """Bring the masks up to date, if they are not (from the game's lists of tiles)."""
        if not self.stale:
            return
        self.stale = False
        pieces = self.game.pieces
        # Two loops into native integers (a list of two would box every step).
        occupied = 0
        for s in pieces[0]:
            occupied |= 1 << s
        self.occupied0 = occupied
        occupied = 0
        for s in pieces[1]:
            occupied |= 1 << s
        self.occupied1 = occupied

    def refresh(self) -> None:
        """Bring the masks and the bags' parts up to date, if they are not."""
        self.refresh_masks()
        if not self.stale_bags:
            return
        self.stale_bags = False
        numbers = self.numbers
        bags = self.game.bags
        self.bag0 = numbers.tiles(numbers.bag, 0, bags[0])
        self.bag1 = numbers.tiles(numbers.bag, 1, bags[1])

    def _moved(self, kind: int, frm: int, to: int, mover: int) -> None:
        """Bring the masks up to date after ``mover``'s move, strike, command, draw or
        placement was applied or taken back: the squares of ``mover``'s it names change hands
        (an XOR takes itself back), and the enemy holds ``to`` if the board now says so."""
        if kind == DRAW:
            return
        mine = 0 if kind == STRIKE else 1 << to
        if kind in (MOVE, COMMAND):
            mine |= 1 << frm
        bit = 1 << to
        code = self.game.board[to]
        theirs = bit if code >= 0 and code & 1 != mover else 0
        if mover:
            self.occupied1 ^= mine
            self.occupied0 = (self.occupied0 & ~bit) | theirs
        else:
            self.occupied0 ^= mine
            self.occupied1 = (self.occupied1 & ~bit) | theirs
