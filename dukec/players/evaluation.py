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

Attacks are read from the base game's tables (:class:`dukec.engine.tables.Tables`, with a terrain
layout folded in where the game has one): a Command counts as reaching its squares when a
friendly tile stands on one, and the dragon's square blocks lines. The weights (:class:`Weights`)
are fitted from self-play games (:mod:`dukec.balance.evalfit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from dukec.engine import Game, Rules
from dukec.engine.tables import Tables
from dukec.engine.zobrist import Keyed
from dukec.players.attacks import MaskView, count, mask_of
from dukec.players.terms import (
    BANNER,
    FLIP,
    FLIP_TO_MOVE,
    HANGING,
    HANGING_TO_MOVE,
    OBJECTIVE,
    SCORE,
    SEATED,
    TERMS,
    TO_MOVE,
    Counts,
    TermWeights,
)

#: Units of a material weight in the sums (millionths of a logit).
UNITS: Final = 1_000_000


@dataclass(frozen=True, slots=True)
class Weights:
    """A fitted evaluation, by index: ``board[type * 2 + side]``, ``bag[type]``, ``terms[i]``
    (the feature ``TERMS[i]``) and ``first``, the first seat's edge; all in log-odds."""

    board: tuple[float, ...]
    bag: tuple[float, ...]
    terms: tuple[float, ...]
    first: float


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
        # Each type weighs what the first type the rules cannot tell from it weighs (a renamed
        # copy its original's weights, whatever the weights say of it).
        first = list(rules.alike) if rules.alike else list(range(len(types)))
        self.signed_board = [
            round(weights.board[first[code >> 2] * 2 + ((code >> 1) & 1)] * UNITS)
            * (1 if code & 1 == 0 else -1)
            for code in range(codes)
        ]
        #: Per type: its bag weight in units.
        self.bag_weight = [round(weights.bag[first[t]] * UNITS) for t in range(len(types))]
        self.term_weights = TermWeights(weights.terms)
        self.is_duke = [rules.tables.is_duke[code] for code in range(codes)]
        #: Some tile's icon captures nothing (its squares are reached, not attacked: the masks'
        #: ``quiet``); most sets have none, and their attacks are counted without looking.
        self.quiet_icons = rules.tables.any_special
        #: Per code: how many more squares its other side's icons reach, if more (whole squares).
        reach = _side_reach(rules)
        self.flip_gain = [max(0, reach[(c >> 1) ^ 1] - reach[c >> 1]) for c in range(codes)]
        files, ranks = geometry.files, geometry.ranks
        #: Per owner and square: how many ranks up the board from the owner's home edge.
        self.advance = [[s // files for s in range(self.size)], [0] * self.size]
        self.advance[1] = [ranks - 1 - s // files for s in range(self.size)]
        self.around = [mask_of(list(rules.around[s])) for s in range(self.size)]
        self.beside = [mask_of(rules.neighbours[s]) for s in range(self.size)]
        self.extras = rules.expanded
        #: Whether an army has ``win`` conditions (the objective term).
        self.wins = self.extras is not None and any(self.extras.win)
        self._view = MaskView(rules.tables)
        #: The views of the tables met so far, by identity (a game set with terrain has one
        #: per layout).
        self._views: dict[int, MaskView] = {id(rules.tables): self._view}
        # The counts of the last position scored (see _count_terms), kept to make no object,
        # and its squares taken by each seat and blocked to lines (for escapes).
        self._counts = Counts()
        self._occupied0 = self._occupied1 = self._blocked = 0
        self._attacks0 = self._attacks1 = 0
        # The bags' weight (units) when a search's keys last numbered the bags ``_bags_seen``.
        self._bags_seen = self._bags_units = 0

    def score(self, game: Game, me: int) -> float:
        """The static value of the position for seat ``me``: log-odds of ``me`` winning."""
        c = self._counts
        units = self._count_terms(game, c) + self._bags(game)
        drawn = game.drawn
        if drawn >= 0:
            units += self.signed_board[drawn * 4 + game.to_move]
        total = self.weights.first + units / UNITS
        w = self.term_weights
        # Term by term in the order of TERMS (the order of the sum fixes its last bits).
        total += w.mobility * (c.mobility0 - c.mobility1)
        total += w.control * (c.control0 - c.control1)
        total += w.threats * (c.threats0 - c.threats1)
        total += w.hanging * (c.hanging0 - c.hanging1)
        total += w.defended * (c.defended0 - c.defended1)
        total += w.zone * (c.zone0 - c.zone1)
        total += w.guard * (c.guard0 - c.guard1)
        total += w.block * (c.block0 - c.block1)
        total += w.escape * (c.escape0 - c.escape1)
        total += w.room * (c.room0 - c.room1)
        total += w.flip * (c.flip0 - c.flip1)
        total += w.advance * (c.advance0 - c.advance1)
        mover = game.to_move
        if mover == 0:
            total += w.to_move + w.hanging_to_move * c.hanging0 + w.flip_to_move * c.flip0
        else:
            total -= w.to_move + w.hanging_to_move * c.hanging1 + w.flip_to_move * c.flip1
        if self.extras is not None and self._pursued(game):
            score, objective, banner = self._objectives(game)
            total += w.score * score + w.objective * objective + w.banner * banner
        return total if me == 0 else -total

    def _bags(self, game: Game) -> int:
        """The tiles in the bags weighed, seat 0's less seat 1's, in units (kept while a
        search's keys say the bags are as they were)."""
        keeper = game.keyed
        if isinstance(keeper, Keyed) and keeper.bags == self._bags_seen:
            return self._bags_units
        bag = self.bag_weight
        units = 0
        for t in game.bags[0]:
            units += bag[t]
        for t in game.bags[1]:
            units -= bag[t]
        if isinstance(keeper, Keyed):
            self._bags_seen = keeper.bags
            self._bags_units = units
        return units

    def guarded(self, seat: int) -> bool:
        """Whether ``seat``'s Duke was attacked in the position :meth:`score` counted last (by
        the tables' attacks: see :meth:`_safety`)."""
        c = self._counts
        return (c.guard1 if seat else c.guard0) != 0

    def attacks_a_tile(self, seat: int) -> bool:
        """Whether, in the position :meth:`score` counted last, a square ``seat`` attacks (by
        the tables) holds an enemy tile, the Duke included."""
        if seat:
            return self._attacks1 & self._occupied0 != 0
        return self._attacks0 & self._occupied1 != 0

    def escapes(self, game: Game, seat: int) -> bool:
        """Whether, in the position :meth:`score` counted last, ``seat``'s Duke can move to a
        square the enemy would not attack once it stands there: enough for ``seat`` to have a
        legal action (not needed: it may block or capture instead). The enemy's attacks are
        counted again with the Duke's square empty, so that a line through it reaches on.
        Where a tile the Duke takes stood, its own attacks are still counted: fewer escapes
        are found, never one too many."""
        duke = game.duke[seat]
        if duke < 0:
            return False
        view = self._view
        k = game.board[duke] * self.size + duke
        key = view.keys[k]
        if key is None:
            return False
        own = self._occupied1 if seat else self._occupied0
        enemy = self._occupied0 if seat else self._occupied1
        blocked = self._blocked
        moves = key.free
        if blocked & key.crossed:
            moves = key.moves(blocked)
        moves &= ~own
        if not moves:
            return False
        attacks = self._side(game, view, seat ^ 1, enemy, own, blocked & ~(1 << duke))[1]
        return moves & ~attacks != 0

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
        found = Counts()
        self._count_terms(game, found)
        counts = found.seated()
        terms = 3 * ntypes
        for i in range(SEATED):
            x[terms + i] = float(counts[2 * i] - counts[2 * i + 1])
        mover = game.to_move
        sign = 1.0 if mover == 0 else -1.0
        x[terms + TO_MOVE] = sign
        x[terms + HANGING_TO_MOVE] = sign * counts[2 * HANGING + mover]
        x[terms + FLIP_TO_MOVE] = sign * counts[2 * FLIP + mover]
        if self.extras is not None:
            score, objective, banner = self._objectives(game)
            x[terms + SCORE] = score
            x[terms + OBJECTIVE] = objective
            x[terms + BANNER] = banner
        return x

    def _count_terms(self, game: Game, counts: Counts) -> int:
        """Fill ``counts`` with each seat's figure of the :data:`SEATED` terms; return the
        tiles on the board weighed, seat 0's less seat 1's, in units."""
        tables = game.tables
        view = self._view
        if view.tables is not tables:
            view = self._switch(tables)
        # The squares taken: kept up to date by a search's keys, else from the tiles' lists.
        keeper = game.keyed
        if isinstance(keeper, Keyed):
            keeper.refresh_masks()
            occupied0 = keeper.occupied0
            occupied1 = keeper.occupied1
        else:
            occupied0 = mask_of(list(game.pieces[0]))
            occupied1 = mask_of(list(game.pieces[1]))
        blocked = occupied0 | occupied1
        dragon = game.dragon.square
        if dragon >= 0:
            blocked |= 1 << dragon
        self._occupied0 = occupied0
        self._occupied1 = occupied1
        self._blocked = blocked
        mobility0, union0, flip0, advance0, duke0, material0 = self._side(
            game, view, 0, occupied0, occupied1, blocked
        )
        mobility1, union1, flip1, advance1, duke1, material1 = self._side(
            game, view, 1, occupied1, occupied0, blocked
        )
        self._attacks0 = union0
        self._attacks1 = union1
        counts.mobility0, counts.mobility1 = mobility0, mobility1
        counts.control0, counts.control1 = count(union0), count(union1)
        counts.flip0, counts.flip1 = flip0, flip1
        counts.advance0, counts.advance1 = advance0, advance1
        (
            counts.threats0,
            counts.hanging0,
            counts.defended0,
            counts.zone0,
            counts.guard0,
            counts.block0,
            counts.escape0,
            counts.room0,
        ) = self._safety(game, 0, union0, union1, occupied0, occupied1, duke0, blocked)
        (
            counts.threats1,
            counts.hanging1,
            counts.defended1,
            counts.zone1,
            counts.guard1,
            counts.block1,
            counts.escape1,
            counts.room1,
        ) = self._safety(game, 1, union1, union0, occupied1, occupied0, duke1, blocked)
        return material0 + material1

    def _side(
        self, game: Game, view: MaskView, owner: int, own: int, enemy: int, blocked: int
    ) -> tuple[int, int, int, int, int, int]:
        """One seat's tiles (on the squares ``own``): its mobility, the squares it attacks (a
        mask), its flip and advance figures, where its Duke could move (a mask), and its
        tiles' signed board weights (units)."""
        board = game.board
        size = self.size
        keys = view.keys
        signed = self.signed_board
        free = ~own
        union = mobility = flip = advance = duke_moves = material = 0
        quiet_icons = self.quiet_icons
        # The squares of ``own`` lowest first (bits of a mask cost less to walk than a set).
        rest = own
        while rest:
            low = rest & -rest
            rest ^= low
            s = low.bit_length() - 1
            code = board[s]
            material += signed[code]
            k = code * size + s
            key = keys[k]
            if key is None:
                acts = self.is_duke[code]
                ahead = 0 if acts else self.advance[owner][s]
                key = view.make(k, acts, self.flip_gain[code], ahead)
            moves = key.free
            if blocked & key.crossed:
                moves = key.moves(blocked)
            commands = key.commands
            if commands & own:
                moves |= commands
            strikes = key.strikes
            if quiet_icons:
                union |= (moves & ~key.quiet) | strikes
            else:
                union |= moves | strikes
            reach = count(moves & free)
            if strikes & enemy:
                reach += count(strikes & enemy)
            mobility += reach
            if reach:
                flip += key.flip
            if key.duke:
                duke_moves = moves & free
            advance += key.advance
        return mobility, union, flip, advance, duke_moves, material

    def _safety(
        self,
        game: Game,
        owner: int,
        mine: int,
        theirs: int,
        own: int,
        enemy: int,
        duke_moves: int,
        blocked: int,
    ) -> tuple[int, int, int, int, int, int, int, int]:
        """One seat's threats, hanging and defended tiles, and its Duke's safety (zone, guard,
        block, escape, room), from the squares each side attacks (``mine``, ``theirs``)."""
        dukes = game.duke
        duke = dukes[owner]
        if dukes[owner ^ 1] >= 0:
            enemy &= ~(1 << dukes[owner ^ 1])
        threats = mine & enemy
        attacked = count(threats)
        hanging = count(threats & ~theirs)
        defended = count(mine & own)
        if duke < 0:
            return attacked, hanging, defended, 0, 0, 0, 0, 0
        zone = count(self.around[duke] & theirs)
        guard = (theirs >> duke) & 1
        block = self._blockable(game, owner, blocked) if guard else 0
        escape = count(duke_moves & ~theirs)
        room = count(self.beside[duke] & ~blocked) if game.bags[owner] else 0
        return attacked, hanging, defended, zone, guard, block, escape, room

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
            if tables.ready[k]:
                attack, command = tables.attack[k], tables.command[k]
            else:
                _, _, _, _, command, _, attack = tables.entry(k)
            alternatives = attack[duke]
            if alternatives is not None:
                for blockers in alternatives:
                    line = mask_of(blockers)
                    if not line & blocked:
                        room &= line
            if tables.has_command[code] and duke in command:
                for q in command:
                    if q != duke and (board[q] >= 0 and board[q] & 1 == by):
                        return 0
            if not room:
                return 0
        return 1

    def _switch(self, tables: Tables) -> MaskView:
        """The view of another set of tables, kept for when they come back."""
        view = self._views.get(id(tables))
        if view is None or view.tables is not tables:
            if len(self._views) > 64:
                self._views.clear()
            view = self._views[id(tables)] = MaskView(tables)
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
        return self.wins or bool(game.carried) or game.scores[0] != 0 or game.scores[1] != 0

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
        for flag in game.carried:
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
            if tables.any_special:
                for _mode, _before, targets in tables.special[k]:
                    reached.update(targets)
            total += len(reached)
        found.append(round(total / size))
    return found
