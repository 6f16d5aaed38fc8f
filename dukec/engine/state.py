"""The state that game sets with features add to the base game's, and its changes.

What lies on the squares besides the tiles, frozen and settled tiles, scores, captures by player,
boxed tiles, the pending draw, the pool of tiles to choose from: all of it starts empty and stays so
in the base game. In a game set with features every change goes through the
:class:`~dukec.engine.trail.Trail` with the helpers here, so undo takes it back exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dukec.engine.actions import Phase, Reason, Result, draw_index
from dukec.engine.extras import Extras, Objective
from dukec.engine.masks import Masks
from dukec.engine.masks import clear as clear_masks
from dukec.engine.parts import Carried, Parts
from dukec.engine.rules import EMPTY, Rules
from dukec.engine.tables import Tables
from dukec.engine.trail import Trail

#: Salt of the game's random source for what the features place or do (draws keep their own
#: stream).
_EVENT_SALT = 0x5DEECE66D


#: An event as said: a text, or a function of the game and ``args`` that writes it out.
Said = tuple[str | Callable[..., str], tuple[int, ...]]


class FeatureState(Parts):
    """The state of a game: the base game's, what every feature reads, and each feature's own
    part (:class:`~dukec.engine.parts.Parts`); a base of :class:`dukec.engine.feature.Kernel`."""

    def __init__(self, rules: Rules, seed: int, ply_limit: int | None, setup: bool) -> None:
        """A new game's state: before set-up, or (``setup`` False, or no set-up) in play."""
        self.rules = rules
        self.seed = seed
        self.ply_limit = ply_limit
        self.board: list[int] = [EMPTY] * rules.geometry.size
        self.pieces: list[set[int]] = [set(), set()]
        self.duke: list[int] = [-1, -1]
        self.bags: list[list[int]] = [list(rules.bags[0]), list(rules.bags[1])]
        self.captured: list[list[int]] = [[], []]
        self.to_move = 0
        self.phase = Phase.SETUP
        self.setup_index = 0
        self.drawn = -1
        self.ply = 0
        self.draws = 0
        # Undo records: (action, a, b, result before); a and b depend on the kind of action
        # (with features: the trail's mark before the action, 0, None).
        self.history: list[Any] = []
        #: The result an action decided (a capture, an objective, the ply limit), if any.
        self.over: Result | None = None
        self._version = 0
        if not setup or not rules.setup:
            self.setup_index = len(rules.setup)
            self.phase = Phase.PLAY
        self._init_features(rules)

    def _init_features(self, rules: Rules) -> None:
        extras = rules.expanded if rules.expanded is not None else rules.extras
        assert extras is not None
        self.extras: Extras = extras
        self.objective: Objective = extras.objective
        self.trail = Trail()
        #: The masks are folded into ``tables`` (dukec.engine.baked).
        self.folded = False
        #: The lookup tables the base game's generator reads: the rules' own, or with the
        #: board's terrain folded in.
        self.tables: Tables = rules.tables
        #: What the tiles lying on the squares do there (shared by the games with their layout).
        self.masks: Masks = clear_masks(rules.geometry.size)
        #: The pieces that go along with the tile on their square.
        self.carried: list[Carried] = []
        #: The square of a piece that blocks every line and that no tile may enter (-1: none);
        #: the feature that owns it keeps it (:mod:`dukec.engine.occupancy`).
        self.obstacle = -1
        self.frozen: set[int] = set()
        self.covered: set[int] = set()
        self.settled: set[int] = set()
        self.scores: list[int] = [0, 0]
        self.taken: list[list[int]] = [[], []]
        self.boxed: list[list[int]] = [[], []]
        self.events = 0
        self.pending: list[int] = []
        self.pool: list[int] = []
        self.relocate = -1
        #: Per set-up step, the tile type it places (-1: the player chooses one of its
        #: ``choices`` from the bag): the rules' own, unless a pack tile replaced one.
        self.setup_tiles: tuple[int, ...] = rules.setup_tiles
        #: Per capturer, whether capturing the opponent's Duke wins at once.
        self.duke_wins: tuple[bool, bool] = extras.duke_wins
        #: Per army, the tile types beside which it places drawn tiles (empty: its Duke), and
        #: whether either army has some.
        self.leaders: tuple[frozenset[int], frozenset[int]] = extras.leaders
        self.any_leaders = bool(extras.leaders[0] or extras.leaders[1])
        # What happened besides the last action, with the length of the history when it did:
        # an action that makes no event needs no change here to clear them (last_events).
        self._said: tuple[int, list[Said]] = (-1, [])
        self._init_parts(rules.geometry.size, extras)

    def code_at(self, square: int) -> int:
        """The piece code on a square (-1 if empty)."""
        return self.board[square]

    def tile_at(self, square: int) -> tuple[int, int, int] | None:
        """(tile type, side, owner) on a square, or None if empty."""
        code = self.board[square]
        if code < 0:
            return None
        return code >> 2, (code >> 1) & 1, code & 1

    def placement_tile(self) -> int:
        """The tile type the next placement puts down (-1 if no placement is due)."""
        if self.phase is Phase.PLACING:
            return self.drawn
        if self.phase is Phase.SETUP:
            return self.setup_tiles[self.setup_index]  # -1: chosen from the bag
        return -1

    def put(self, square: int, code: int) -> None:
        """Put a piece on an empty square (on the trail)."""
        trail = self.trail
        trail.setitem(self.board, square, code)
        trail.add(self.pieces[code & 1], square)
        if self.rules.tables.is_duke[code]:
            trail.setitem(self.duke, code & 1, square)

    def remove(self, square: int, by: int) -> None:
        """Take a tile off the board: captured by player ``by``, or (-1) by terrain or a
        sacrifice, which is no capture "by an opponent" (on the trail, as one entry)."""
        code = self.board[square]
        owner = code & 1
        tile = code >> 2
        frozen = square in self.frozen
        taken = by >= 0 and by != owner
        duke = self.rules.tables.is_duke[code] and self.duke[owner] == square
        self.trail.call(_unremove, (square, code, frozen, taken, duke, self.over))
        self.board[square] = EMPTY
        self.pieces[owner].discard(square)
        self.captured[owner].append(tile)
        if frozen:
            self.frozen.discard(square)
        if taken:
            self.taken[by].append(tile)
        if duke:
            self.duke[owner] = -1
            if by == owner ^ 1 and self.duke_wins[by] and self.over is None:
                self.over = Result(by, Reason.DUKE_CAPTURED)

    def relocate_tile(self, me: int, frm: int, to: int, flip: bool, capture_by: int) -> None:
        """Move ``me``'s tile from ``frm`` to ``to`` (flipping it if ``flip``), capturing what
        stands there for ``capture_by``; a piece it carries goes along (on the trail)."""
        trail = self.trail
        board = self.board
        code = board[frm]
        if board[to] >= 0:
            self.remove(to, capture_by)
        trail.setitem(board, frm, EMPTY)
        trail.setitem(board, to, code ^ 2 if flip else code)
        trail.discard(self.pieces[me], frm)
        trail.add(self.pieces[me], to)
        if self.rules.tables.is_duke[code]:
            trail.setitem(self.duke, me, to)
        if self.carried:  # a piece under the tile goes along
            index = self.carried_at(frm)
            if index >= 0:
                trail.setattr(self.carried[index], "square", to)

    @property
    def last_events(self) -> list[str]:
        """What happened besides the last action (what a feature did, a sacrifice, a point), in
        order."""
        at, said = self._said
        if at != len(self.history):
            return []
        return [text if isinstance(text, str) else text(self, *args) for text, args in said]

    def event(self, text: str | Callable[..., str], *args: int) -> None:
        """Say what happened besides the action being applied (on the trail): a text, or a
        function that says it from the game and ``args`` when asked (most events are never
        read, so most are never written out)."""
        now = len(self.history)
        at, said = self._said
        if at == now:
            self.trail.append(said, (text, args))
        else:
            self.trail.set_game_attr(self, "_said", (now, [(text, args)]))

    def event_random(self, n: int) -> int:
        """A number below ``n`` from the game's seeded source for what the features place or
        do."""
        index = draw_index(self.seed ^ _EVENT_SALT, self.events, n)
        self.trail.set_game_attr(self, "events", self.events + 1)
        return index

    def draw_position(self, bag_size: int) -> int:
        """Where in the bag the game's next draw takes its tile."""
        return draw_index(self.seed, self.draws, bag_size)

    def carried_at(self, square: int) -> int:
        """Index of the carried piece on a square in ``carried`` (-1 if none)."""
        for index, piece in enumerate(self.carried):
            if piece.square == square:
                return index
        return -1

    def tile_name(self, square: int) -> str:
        """The name of the tile on a square; ValueError if the square is empty."""
        code = self.board[square]
        if code < 0:
            raise ValueError(f"no tile on {self.rules.geometry.name(square)}")
        return self.rules.types[code >> 2].name


def _unremove(g: FeatureState, record: tuple[int, int, bool, bool, bool, Result | None]) -> None:
    """Undo of :meth:`FeatureState.remove`: the tile back on its square."""
    square, code, frozen, taken, duke, over = record
    owner = code & 1
    g.board[square] = code
    g.pieces[owner].add(square)
    g.captured[owner].pop()
    if frozen:
        g.frozen.add(square)
    if taken:
        g.taken[owner ^ 1].pop()
    if duke:
        g.duke[owner] = square
    g.over = over
