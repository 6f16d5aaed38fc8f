"""The search's static evaluation: features of a position from the tile tables, weighed by data.

A position's value for a seat is a logistic model's log-odds of that seat winning: a weighted
sum of features, each seat 0's figure less seat 1's (or signed by who is to move), plus the
first seat's edge. The features come from the rules' tables alone, so a new tile needs no code:

- material: each tile type's count on the board by side (front, back), and in the bag;
- mobility: the squares each side's tiles could move to or strike now;
- control: the squares each side attacks (could capture on, were an enemy there);
- threats: enemy tiles attacked, those of them left undefended (``hanging``, also for the side
  to move alone), and each side's tiles defended;
- Duke safety: the squares around the Duke the enemy attacks, whether the Duke is attacked, the
  squares it could flee to, and the empty squares beside it where a drawn tile could go;
- tempo: the side to move, and how much more the tiles that can move would reach flipped;
- objectives (zero where the game set has none): points scored, progress towards an army's
  ``win`` conditions, a banner carried home or stood beside; tiles advanced up the board.

Attacks are read from the base game's tables (:class:`dukec.engine.rules.Tables`, with a terrain
layout folded in where the game has one): a Command counts as reaching its squares when a
friendly tile stands on one, and the dragon's square blocks lines. The weights (:class:`Weights`)
are fitted from self-play games (:mod:`dukec.balance.evalfit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from dukec.engine import Game, Rules
from dukec.engine.rules import Tables

#: Units of a material weight in the sums (millionths of a logit).
UNITS: Final = 1_000_000
#: The features beyond material, in the order of :attr:`Weights.terms`.
TERMS: Final = (
    "mobility",
    "control",
    "threats",
    "hanging",
    "defended",
    "duke_zone",
    "duke_guard",
    "duke_block",
    "duke_escape",
    "draw_room",
    "flip",
    "advance",
    "to_move",
    "hanging_to_move",
    "flip_to_move",
    "score",
    "objective",
    "banner",
)
#: The terms that are seat 0's count less seat 1's, first in TERMS and in a position's counts.
SEATED: Final = 12
# Indices into TERMS (Final, so that the compiled module reads them as constants).
_MOBILITY: Final = 0
_CONTROL: Final = 1
_THREATS: Final = 2
_HANGING: Final = 3
_DEFENDED: Final = 4
_ZONE: Final = 5
_GUARD: Final = 6
_BLOCK: Final = 7
_ESCAPE: Final = 8
_ROOM: Final = 9
_FLIP: Final = 10
_ADVANCE: Final = 11
_TO_MOVE: Final = 12
_HANGING_TO_MOVE: Final = 13
_FLIP_TO_MOVE: Final = 14
_SCORE: Final = 15
_OBJECTIVE: Final = 16
_BANNER: Final = 17


@dataclass(frozen=True, slots=True)
class Weights:
    """A fitted evaluation, by index: ``board[type * 2 + side]``, ``bag[type]``, ``terms[i]``
    (the feature ``TERMS[i]``) and ``first``, the first seat's edge; all in log-odds."""

    board: tuple[float, ...]
    bag: tuple[float, ...]
    terms: tuple[float, ...]
    first: float


class _Key:
    """What the icons of one tile on one square reach, as bit masks of squares, and what the
    evaluation reads of the tile there (so that one look-up gives it all)."""

    def __init__(self, tables: Tables, k: int, duke: bool, flip: int, advance: int) -> None:
        #: The tile acts as the Duke.
        self.duke = duke
        #: How many more squares its other side reaches (0 if fewer).
        self.flip = flip
        #: How many ranks up the board from its owner's home edge it stands (0 for a Duke).
        self.advance = advance
        if not tables.ready[k]:
            tables.make(k)
        self.steps = _mask(tables.direct[k])
        self.strikes = _mask(tables.strikes[k])
        self.commands = _mask(tables.command[k])
        self.paths = tuple((1 << t, _mask(path)) for t, path in tables.pathed[k])
        #: Each ray's squares as one mask, with the ray (taken square by square when blocked).
        self.lines = tuple((_mask(ray), ray) for ray in tables.rays[k])
        targets = blockers = lines = 0
        for target, path in self.paths:
            targets |= target
            blockers |= path
        for line, _ray in self.lines:
            lines |= line
        #: Where the Move, Jump and Slide icons reach with nothing in the way.
        self.free = self.steps | targets | lines
        #: The squares where a tile would stand in the way of one of them.
        self.crossed = blockers | lines

    def moves(self, blocked: int) -> int:
        """Where the Move, Jump and Slide icons reach with the squares ``blocked`` taken."""
        moves = self.steps
        for target, path in self.paths:
            if not blocked & path:
                moves |= target
        for line, ray in self.lines:
            if not blocked & line:
                moves |= line
                continue
            for t in ray:
                moves |= 1 << t
                if (blocked >> t) & 1:
                    break
        return moves


class _View:
    """The :class:`_Key` of one set of tables (the rules' own or a terrain layout's) per key
    ``code * size + square``, made when first looked at."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.keys: list[_Key | None] = [None] * len(tables.direct)

    def make(self, k: int, duke: bool, flip: int, advance: int) -> _Key:
        """The masks of key ``k`` (and what the evaluation reads of the tile there)."""
        key = self.keys[k] = _Key(self.tables, k, duke, flip, advance)
        return key


def _mask(squares: tuple[int, ...] | list[int]) -> int:
    """The bit mask of some squares."""
    m = 0
    for s in squares:
        m |= 1 << s
    return m


#: The number of squares in each mask of 12 squares (bytes: a look-up makes no object).
_BITS: Final = bytes(bin(m).count("1") for m in range(1 << 12))


def _count(mask: int) -> int:
    """The number of squares in a mask."""
    n = 0
    while mask:
        n += _BITS[mask & 0xFFF]
        mask >>= 12
    return n


class Evaluator:
    """A game set's evaluation: :meth:`score` is the log-odds that a seat wins."""

    def __init__(self, rules: Rules, weights: Weights) -> None:
        types = rules.types
        codes = 4 * len(types)
        if len(weights.board) != 2 * len(types) or len(weights.bag) != len(types):
            raise ValueError("weights for another number of tile types")
        if len(weights.terms) != len(TERMS):
            raise ValueError(f"weights for {len(weights.terms)} terms, not {len(TERMS)}")
        self.rules = rules
        self.weights = weights
        #: The file entry the weights were read from, if any.
        self.entry: dict[str, Any] | None = None
        geometry = rules.geometry
        self.size = geometry.size
        #: Per code: its board weight in units, signed for its owner (seat 1's count against
        #: seat 0). Material is summed in whole units: a sum of integers is the same in any
        #: order, and a position reached by two paths lists its tiles in two orders.
        self.signed_board = [
            round(weights.board[code >> 1] * UNITS) * (1 if code & 1 == 0 else -1)
            for code in range(codes)
        ]
        #: Per type: its bag weight in units.
        self.bag_weight = [round(w * UNITS) for w in weights.bag]
        self.term_weight = list(weights.terms)
        self.is_duke = [rules.tables.is_duke[code] for code in range(codes)]
        #: Per code: how many more squares its other side's icons reach, if more (whole squares).
        reach = _side_reach(rules)
        self.flip_gain = [max(0, reach[(c >> 1) ^ 1] - reach[c >> 1]) for c in range(codes)]
        files, ranks = geometry.files, geometry.ranks
        #: Per owner and square: how many ranks up the board from the owner's home edge.
        self.advance = [[s // files for s in range(self.size)], [0] * self.size]
        self.advance[1] = [ranks - 1 - s // files for s in range(self.size)]
        self.around = [_mask(list(rules.around[s])) for s in range(self.size)]
        self.beside = [_mask(rules.neighbours[s]) for s in range(self.size)]
        self.extras = rules.expanded
        #: Whether an army has ``win`` conditions (the objective term).
        self.wins = self.extras is not None and any(self.extras.win)
        self._view = _View(rules.tables)
        #: The views of the tables met so far, by identity (a game set with terrain has one
        #: per layout).
        self._views: dict[int, _View] = {id(rules.tables): self._view}
        # The counts of the last position scored (see _count_terms), kept to make no list.
        self._counts = [0] * (2 * SEATED)

    def score(self, game: Game, me: int) -> float:
        """The static value of the position for seat ``me``: log-odds of ``me`` winning."""
        counts = self._counts
        units = self._count_terms(game, counts)
        bag = self.bag_weight
        for t in game.bags[0]:
            units += bag[t]
        for t in game.bags[1]:
            units -= bag[t]
        drawn = game.drawn
        if drawn >= 0:
            units += self.signed_board[drawn * 4 + game.to_move]
        total = self.weights.first + units / UNITS
        w = self.term_weight
        for i in range(SEATED):
            total += w[i] * (counts[2 * i] - counts[2 * i + 1])
        mover = game.to_move
        sign = 1.0 if mover == 0 else -1.0
        total += sign * (
            w[_TO_MOVE]
            + w[_HANGING_TO_MOVE] * counts[2 * _HANGING + mover]
            + w[_FLIP_TO_MOVE] * counts[2 * _FLIP + mover]
        )
        if self.extras is not None and self._pursued(game):
            score, objective, banner = self._objectives(game)
            total += w[_SCORE] * score + w[_OBJECTIVE] * objective + w[_BANNER] * banner
        return total if me == 0 else -total

    def features(self, game: Game) -> list[float]:
        """Seat 0's features less seat 1's, in the order of the weights: board counts by
        ``type * 2 + side``, bag counts by type, then the :data:`TERMS`."""
        ntypes = len(self.rules.types)
        x = [0.0] * (3 * ntypes + len(TERMS))
        board = game.board
        for owner in range(2):
            sign = 1.0 if owner == 0 else -1.0
            for s in game.pieces[owner]:
                x[board[s] >> 1] += sign
            for t in game.bags[owner]:
                x[2 * ntypes + t] += sign
        if game.drawn >= 0:
            x[game.drawn * 2] += 1.0 if game.to_move == 0 else -1.0
        counts = [0] * (2 * SEATED)
        self._count_terms(game, counts)
        terms = 3 * ntypes
        for i in range(SEATED):
            x[terms + i] = float(counts[2 * i] - counts[2 * i + 1])
        mover = game.to_move
        sign = 1.0 if mover == 0 else -1.0
        x[terms + _TO_MOVE] = sign
        x[terms + _HANGING_TO_MOVE] = sign * counts[2 * _HANGING + mover]
        x[terms + _FLIP_TO_MOVE] = sign * counts[2 * _FLIP + mover]
        if self.extras is not None:
            score, objective, banner = self._objectives(game)
            x[terms + _SCORE] = score
            x[terms + _OBJECTIVE] = objective
            x[terms + _BANNER] = banner
        return x

    def _count_terms(self, game: Game, counts: list[int]) -> int:
        """Each seat's count of the first :data:`SEATED` terms: ``counts[2 * term + seat]``;
        and the tiles on the board weighed, seat 0's less seat 1's, in units."""
        board = game.board
        size = self.size
        tables = game.tables
        view = self._view
        if view.tables is not tables:
            view = self._switch(tables)
        keys = view.keys
        is_duke, flip_gain = self.is_duke, self.flip_gain
        pieces = game.pieces
        # The board's material comes with the squares taken: one pass over the tiles.
        signed = self.signed_board
        material = 0
        occupied0 = 0
        for s in pieces[0]:
            occupied0 |= 1 << s
            material += signed[board[s]]
        occupied1 = 0
        for s in pieces[1]:
            occupied1 |= 1 << s
            material += signed[board[s]]
        blocked = occupied0 | occupied1
        dragon = game.dragon.square
        if dragon >= 0:
            blocked |= 1 << dragon
        attacks0 = attacks1 = duke_moves0 = duke_moves1 = 0
        for owner in range(2):
            own = occupied0 if owner == 0 else occupied1
            enemy = occupied1 if owner == 0 else occupied0
            free = ~own
            union = mobility = flip = advance = duke_moves = 0
            for s in pieces[owner]:
                code = board[s]
                k = code * size + s
                key = keys[k]
                if key is None:
                    acts = is_duke[code]
                    ahead = 0 if acts else self.advance[owner][s]
                    key = view.make(k, acts, flip_gain[code], ahead)
                moves = key.free
                if blocked & key.crossed:
                    moves = key.moves(blocked)
                commands = key.commands
                if commands & own:
                    moves |= commands
                strikes = key.strikes
                union |= moves | strikes
                reach = _count(moves & free)
                if strikes & enemy:
                    reach += _count(strikes & enemy)
                mobility += reach
                if reach:
                    flip += key.flip
                if key.duke:
                    duke_moves = moves & free
                advance += key.advance
            if owner == 0:
                attacks0 = union
                duke_moves0 = duke_moves
            else:
                attacks1 = union
                duke_moves1 = duke_moves
            counts[2 * _MOBILITY + owner] = mobility
            counts[2 * _CONTROL + owner] = _count(union)
            counts[2 * _FLIP + owner] = flip
            counts[2 * _ADVANCE + owner] = advance
        dukes = game.duke
        for owner in range(2):
            mine = attacks0 if owner == 0 else attacks1
            theirs = attacks1 if owner == 0 else attacks0
            own = occupied0 if owner == 0 else occupied1
            enemy = occupied1 if owner == 0 else occupied0
            duke = dukes[owner]
            if dukes[owner ^ 1] >= 0:
                enemy &= ~(1 << dukes[owner ^ 1])
            threats = mine & enemy
            counts[2 * _THREATS + owner] = _count(threats)
            counts[2 * _HANGING + owner] = _count(threats & ~theirs)
            counts[2 * _DEFENDED + owner] = _count(mine & own)
            if duke >= 0:
                counts[2 * _ZONE + owner] = _count(self.around[duke] & theirs)
                guard = (theirs >> duke) & 1
                counts[2 * _GUARD + owner] = guard
                counts[2 * _BLOCK + owner] = self._blockable(game, owner, blocked) if guard else 0
                escape = (duke_moves0 if owner == 0 else duke_moves1) & ~theirs
                counts[2 * _ESCAPE + owner] = _count(escape)
                room = 0
                if game.bags[owner]:
                    room = _count(self.beside[duke] & ~blocked)
                counts[2 * _ROOM + owner] = room
            else:
                counts[2 * _ZONE + owner] = counts[2 * _GUARD + owner] = 0
                counts[2 * _BLOCK + owner] = 0
                counts[2 * _ESCAPE + owner] = counts[2 * _ROOM + owner] = 0
        return material

    def _blockable(self, game: Game, owner: int, blocked: int) -> int:
        """1 if a tile drawn and placed beside ``owner``'s Duke would block every attack on
        it (as the tables see them), else 0."""
        if not game.bags[owner]:
            return 0
        duke = game.duke[owner]
        room = self.beside[duke] & ~blocked
        board = game.board
        tables = game.tables
        size = self.size
        by = owner ^ 1
        for s in game.pieces[by]:
            code = board[s]
            k = code * size + s
            if not tables.ready[k]:
                tables.make(k)
            alternatives = tables.attack[k][duke]
            if alternatives is not None:
                for blockers in alternatives:
                    line = _mask(blockers)
                    if not line & blocked:
                        room &= line
            if tables.has_command[code] and duke in tables.command[k]:
                for q in tables.command[k]:
                    if q != duke and (board[q] >= 0 and board[q] & 1 == by):
                        return 0
            if not room:
                return 0
        return 1

    def _switch(self, tables: Tables) -> _View:
        """The view of another set of tables, kept for when they come back."""
        view = self._views.get(id(tables))
        if view is None or view.tables is not tables:
            if len(self._views) > 64:
                self._views.clear()
            view = self._views[id(tables)] = _View(tables)
        self._view = view
        return view

    def draw_gain(self, game: Game) -> float:
        """What a draw is worth on average to the player to move, in log-odds: a tile of the
        bag onto the board (its front side), the rest of the position as it is."""
        bag = game.bags[game.to_move]
        if not bag:
            return 0.0
        board = self.signed_board
        waiting = self.bag_weight
        total = 0
        for t in bag:
            total += board[t * 4] - waiting[t]
        return total / (len(bag) * UNITS)

    def _pursued(self, game: Game) -> bool:
        """Whether the objective terms can be other than 0 in ``game``: an army has ``win``
        conditions, a banner is on the board, or a point has been scored."""
        return self.wins or bool(game.flags) or game.scores[0] != 0 or game.scores[1] != 0

    def _objectives(self, game: Game) -> tuple[float, float, float]:
        """Seat 0's points less seat 1's; its progress towards its ``win`` conditions less
        seat 1's; and the banners: a banner carried towards its taker's home edge (where
        carrying it home wins), or the taker's tiles beside it (where that scores)."""
        extras = self.extras
        assert extras is not None
        board = game.board
        files = self.rules.geometry.files
        ranks = self.rules.geometry.ranks
        objective = 0.0
        for owner in range(2):
            sign = 1.0 if owner == 0 else -1.0
            for win in extras.win[owner]:
                if win.by == "capture":
                    done = game.taken[owner].count(win.tile)
                else:
                    far = ranks - 1 if owner == 0 else 0
                    done = 0
                    for s in game.pieces[owner]:
                        if s // files == far and board[s] >> 2 == win.tile:
                            done += 1
                objective += sign * min(done, win.count) / win.count
        banner = 0.0
        rules = extras.objective
        for flag in game.flags:
            if flag.owner < 0:
                continue
            taker = flag.owner ^ 1
            sign = 1.0 if taker == 0 else -1.0
            holder = board[flag.square]
            if rules.win_flag_home:
                if holder >= 0 and holder & 1 == taker:
                    banner += sign * (ranks - self.advance[taker][flag.square])
            elif rules.score_beside_flag:
                near = 0
                for s in game.pieces[taker]:
                    if (self.beside[flag.square] >> s) & 1:
                        near += 1
                banner += sign * near
        return float(game.scores[0] - game.scores[1]), objective, banner


def _side_reach(rules: Rules) -> list[int]:
    """Per ``type * 2 + side``: the squares its icons reach on an empty board, summed over the
    squares and divided by their number (seat 0's tables), rounded."""
    tables = rules.tables
    size = rules.geometry.size
    found = []
    for half in range(2 * len(rules.types)):
        code = half * 2
        total = 0
        for s in range(size):
            k = code * size + s
            reached = set(tables.direct[k]) | set(tables.strikes[k]) | set(tables.command[k])
            reached |= {t for t, _ in tables.pathed[k]}
            for ray in tables.rays[k]:
                reached.update(ray)
            total += len(reached)
        found.append(round(total / size))
    return found
