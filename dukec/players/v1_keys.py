"""The Zobrist keys of the baseline search ``search-v1``, kept as they were when it was the
search (Python integers, a digest of the features' state after every action), so that the
baseline keeps its speed as well as its play; the engine's own keys are
:mod:`dukec.engine.zobrist`'s.

A 64-bit key of a game's state, kept up to date by apply and undo.

A key is the XOR of one fixed random number per part of the state: each square's piece (tile
type, side, owner), the player to move, the phase, the drawn tile, the set-up step, and each
bag's count of each tile type. In a game set with features, the features' state (terrain,
banners, the dragon, frozen, covered and settled tiles, scores, captures and tiles taken by
player, boxed tiles, pending draws, the draft pool, the banner queue, the game's counters of
draws and events, and a decided result) adds one more number: a 64-bit digest of it, taken after
each action, since an action there changes that state in too many ways to follow one by one.

Two states with the same key are the same for the rules from then on, except for the ply count
(the ply limit) and the stream of random draws, which a search keeps apart itself: it keys its
table by ply too and forces every draw (chance nodes).

Keys cost nothing unless asked for: :class:`Keyed` binds key-keeping wrappers around a game's
apply and undo hooks while it is open, and puts the plain hooks back when it closes, so random
playouts and games without search run exactly as before.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from types import TracebackType

from dukec.engine.actions import DRAW, ActionTuple
from dukec.engine.game import Game
from dukec.engine.rules import Rules
from dukec.engine.zobrist import Keeper

_SEED = 0x2B992DDFA23249D6


class Zobrist:
    """The random numbers of one rule set's keys (fixed: the same on every run and machine)."""

    __slots__ = ("bag", "codes", "drawn", "expanded", "phase", "setup", "side", "square", "width")

    def __init__(self, rules: Rules) -> None:
        rng = random.Random(_SEED)
        size = rules.geometry.size
        types = len(rules.types)
        codes = types * 4
        self.codes = codes
        #: square * codes + code -> number (code: tile type, side and owner, as on the board).
        self.square = [rng.getrandbits(64) for _ in range(size * codes)]
        self.side = rng.getrandbits(64)
        self.phase = [rng.getrandbits(64) for _ in range(16)]
        self.drawn = [rng.getrandbits(64) for _ in range(types + 1)]
        self.setup = [rng.getrandbits(64) for _ in range(len(rules.setup) + 1)]
        # Room for every tile of a type in one bag (a tile can come back to a bag).
        self.width = sum(t.count for t in rules.types) + max(map(len, rules.bags)) + 1
        # (owner * types + tile) * width + count -> number; a tile absent from a bag adds 0.
        self.bag = [
            0 if count == 0 else rng.getrandbits(64)
            for _ in range(2 * types)
            for count in range(self.width)
        ]
        self.expanded = rules.expanded is not None

    def key(self, game: Game) -> int:
        """The key of ``game``'s state, computed from scratch."""
        codes = self.codes
        square = self.square
        key = 0
        for index, code in enumerate(game.board):
            if code >= 0:
                key ^= square[index * codes + code]
        key ^= self.scalars(game) ^ self.bag_key(0, game.bags[0]) ^ self.bag_key(1, game.bags[1])
        if self.expanded:
            key ^= features(game)
        return key

    def scalars(self, game: Game) -> int:
        """The part of the key for the player to move, the phase, the drawn tile and set-up."""
        return (
            (self.side if game.to_move else 0)
            ^ self.phase[game.phase]
            ^ self.drawn[game.drawn + 1]
            ^ self.setup[game.setup_index]
        )

    def bag_key(self, owner: int, bag: list[int]) -> int:
        """The part of the key for one player's bag (its count of each tile type)."""
        types = self.codes // 4
        width = self.width
        numbers = self.bag
        key = 0
        for tile in set(bag):
            key ^= numbers[(owner * types + tile) * width + bag.count(tile)]
        return key


def features(game: Game) -> int:
    """A 64-bit digest of the features' state of a game set with features."""
    d = game.dragon
    state = (
        game.terrain,
        [(f.square, f.owner, f.kind) for f in game.carried],
        (d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient),
        sorted(game.frozen),
        sorted(game.covered),
        sorted(game.settled),
        game.scores,
        game.captured,
        game.taken,
        game.boxed,
        game.pending,
        game.pool,
        game.flag_queue,
        game.relocate,
        game.draws,
        game.events,
        None if game.over is None else (game.over.winner, str(game.over.reason)),
    )
    return int.from_bytes(hashlib.blake2b(repr(state).encode(), digest_size=8).digest(), "big")


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


class Keyed(Keeper):
    """While open, ``key`` is the game's Zobrist key, updated by every apply and undo.

    Use as a context manager around a search: ``with Keyed(game) as keyed: ... keyed.key``.
    Actions applied or undone through the game's hooks while it is open keep ``key`` exact;
    the game must not be played by other means (it is a search's private view of the game).
    """

    __slots__ = ("game", "key", "numbers")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.numbers = zobrist_for(game.rules)
        self.key = 0

    def __enter__(self) -> Keyed:
        game = self.game
        self.key = self.numbers.key(game)
        # The game's apply and undo go through this one while the search runs; __exit__ lets
        # go again (leaving no reference cycle).
        game.keyed = self
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
        if self.numbers.expanded:
            self._change_expanded(lambda: game._apply(action))
        else:
            self._rekey_base(action, lambda: game._apply(action))

    def undo(self) -> ActionTuple:
        """Take back the game's last action, keeping ``key`` exact."""
        game = self.game
        action: ActionTuple = game.history[-1][0]
        if self.numbers.expanded:
            self._change_expanded(game._undo)
        else:
            self._rekey_base(action, game._undo)
        return action

    # The base game: an action changes only its own squares (from, to, the commander's), the
    # scalars, and on a draw the mover's bag; apply and undo change the same things.

    def _rekey_base(self, action: ActionTuple, change: Callable[[], object]) -> None:
        """Make ``change`` (applying or undoing ``action``), keeping ``key`` exact."""
        game = self.game
        numbers = self.numbers
        board = game.board
        codes = numbers.codes
        square = numbers.square
        kind, frm, to, by, _tile = action
        key = self.key ^ numbers.scalars(game)
        for s in (frm, to, by):
            if s >= 0 and board[s] >= 0:
                key ^= square[s * codes + board[s]]
        if kind == DRAW:
            owner = game.to_move
            key ^= numbers.bag_key(owner, game.bags[owner])
            change()
            key ^= numbers.bag_key(owner, game.bags[owner])
        else:
            change()
        for s in (frm, to, by):
            if s >= 0 and board[s] >= 0:
                key ^= square[s * codes + board[s]]
        self.key = key ^ numbers.scalars(game)

    # Game sets with features: an action may change any square, either bag, and the features.

    def _change_expanded(self, change: Callable[[], object]) -> None:
        game = self.game
        numbers = self.numbers
        codes = numbers.codes
        square = numbers.square
        board = game.board
        before = board[:]
        bags = (game.bags[0][:], game.bags[1][:])
        key = self.key ^ numbers.scalars(game) ^ features(game)
        change()
        for s, (was, now) in enumerate(zip(before, board, strict=True)):
            if was != now:
                if was >= 0:
                    key ^= square[s * codes + was]
                if now >= 0:
                    key ^= square[s * codes + now]
        for owner in (0, 1):
            if bags[owner] != game.bags[owner]:
                key ^= numbers.bag_key(owner, bags[owner]) ^ numbers.bag_key(
                    owner, game.bags[owner]
                )
        self.key = key ^ numbers.scalars(game) ^ features(game)
