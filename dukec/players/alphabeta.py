"""The search's tree: alpha-beta (principal variation search) over the engine's apply and undo,
with a draw from the bag as a chance node, and captures searched on beyond the depth.

Values are negamax: a node's value is for the player to move there (positive: good for that
player), in the leaves' logit units (:mod:`dukec.players.leaves`), and a won game is worth
``WIN`` less the ply it ends at, so that a quicker win counts more. An action that leaves the
same player to move (a draw and its placement, some features' steps) keeps the value's sign.

- **Principal variation search**: a node's first action (the best by :mod:`~.ordering`) is
  searched with the node's window, each later one with a null window that only asks whether it
  is better, and searched again with the window when it is.
- **Chance nodes**: a draw's value is the expected value over the tiles the bag could give, each
  placed at its best for the player who drew it (each placement searched only as far as it can
  beat the best so far, so the best stays exact); a draw and its placement are one ply.
- **Quiescence**: beyond the depth, the player to move may stand on the static value or
  capture, up to ``quiesce`` captures in a row, so that a search does not stop in the middle of
  an exchange.
- **Transposition table** (:mod:`~.table`): a value stored for a position is used only at the
  depth it was searched to, so the table never changes what a search to a fixed depth finds.
- **Late move reductions** (an option): quiet actions late in the order, away from the horizon,
  are first searched one ply less deep, and again at full depth if they turn out better.

Counting: a node is one action applied (a draw's placements, not the draw itself), or a draw's
value taken at the horizon. The budget (:class:`Budget`) is checked as nodes are counted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from dukec.engine import Game, tablemoves, turn
from dukec.engine.actions import COMMAND, DRAW, ActionTuple, Reason
from dukec.engine.zobrist import Keyed
from dukec.players.alike import Alike
from dukec.players.leaves import Leaves
from dukec.players.moves import base_like, candidates, captures, has_legal
from dukec.players.ordering import Heuristics, Ordering
from dukec.players.table import EXACT, LOWER, UPPER, Table

if TYPE_CHECKING:
    from mypy_extensions import i64

WIN: Final = 1_000_000.0
#: Values beyond this are won or lost games.
WON: Final = WIN - 100_000.0
INFINITE: Final = 2 * WIN
#: The width of a null window.
NULL: Final = 1e-9
#: What :meth:`Tree.child` returns for an action it found illegal.
ILLEGAL: Final = -3 * WIN


@dataclass(frozen=True, slots=True)
class Options:
    """What a search uses beyond plain alpha-beta (each measured: docs/policies.md)."""

    #: A transposition table (values and the best action of each position searched).
    table: bool = True
    #: The least depth whose positions the table keeps (nearer the horizon a position's
    #: search costs little more than looking it up).
    table_depth: int = 2
    #: Principal variation search: later actions first searched with a null window.
    pvs: bool = False
    #: Aspiration windows at the root: each depth first searched within this many logits of
    #: the last depth's value (0: with a full window).
    aspiration: float = 0.0
    #: Late move reductions.
    reductions: bool = False
    #: Quiet-move ordering: killer moves, counter moves, history.
    heuristics: Heuristics = field(default_factory=Heuristics)
    #: Captures searched beyond the depth (quiescence), at most this many in a row.
    quiesce: int = 2
    #: The game set's fitted tile values where there are some (else material).
    fitted: bool = True
    #: The game set's learned evaluation where there is one (else the tile values).
    learned: bool = True


class OutOfBudget(Exception):
    """The budget ran out in the middle of a depth."""


class Budget:
    """How long one choice may think: a number of nodes (reproducible anywhere), or seconds
    of CPU time (not reproducible: a faster machine searches more)."""

    def __init__(self, nodes: int, seconds: float = 0.0) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.start = 0.0
        #: Whether running out ends the search now (not while the first depth runs).
        self.binding = False

    def begin(self) -> None:
        """The choice starts now."""
        self.start = time.process_time()
        self.binding = False

    def spent(self, nodes: int) -> bool:
        """Whether the budget is spent after ``nodes`` nodes."""
        if self.seconds > 0.0:
            return time.process_time() - self.start >= self.seconds
        return nodes >= self.nodes

    def next_check(self, nodes: int) -> int:
        """After how many nodes to look at the budget again."""
        if self.seconds > 0.0:
            return nodes + 64  # a look at the clock costs about half a node
        return max(nodes + 1, self.nodes + 1)


class Tree:
    """The search below the root, over one game, with what it keeps between searches."""

    def __init__(self, game: Game, leaves: Leaves, options: Options, budget: Budget) -> None:
        self.leaves = leaves
        self.options = options
        self.budget = budget
        self.ordering = Ordering(game, leaves, options.heuristics)
        self.alike: Alike = self.ordering.alike
        self.table = Table()
        self.game = game
        self.keyed: Keyed | None = None
        self.nodes = 0
        self.check_at = 0
        # What the board is beyond its tiles (see board()), for the keys' ``extras`` number.
        self._seen = 0
        self.base = False
        self.plain = False

    def tick(self) -> None:
        """Count a node, and stop the search if the budget binds and is spent."""
        nodes = self.nodes + 1
        self.nodes = nodes
        if nodes >= self.check_at:
            budget = self.budget
            self.check_at = budget.next_check(nodes)
            if budget.binding and budget.spent(nodes - 1):
                raise OutOfBudget

    def final(self, winner: int | None) -> float:
        """The value of a finished game for the player to move: a quicker win is worth more,
        a later loss less."""
        if winner is None:
            return 0.0
        won = WIN - self.game.ply
        return won if winner == self.game.to_move else -won

    # -------------------------------------------------------------- nodes

    def child(
        self,
        action: ActionTuple,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        test: bool = False,
    ) -> float:
        """The value for the player to move of playing ``action`` and searching ``depth`` more
        plies (a draw: its chance node). With ``test``, the action is a move, strike or command
        that may leave the mover's Duke capturable, not yet tested: ILLEGAL (nothing counted)
        if it does."""
        if action[0] == DRAW:
            return self.chance(depth, ply)
        game = self.game
        mover = game.to_move
        game.apply(action)
        if test and not self.stays_legal(action, mover):
            return ILLEGAL
        self.tick()
        if game.to_move == mover:
            value = self.node(depth, alpha, beta, ply + 1)
        else:
            value = -self.node(depth, -beta, -alpha, ply + 1)
        game.undo()
        return value

    def stays_legal(self, action: ActionTuple, mover: int) -> bool:
        """Whether ``action``, just applied by ``mover``, obeys the Duke-danger rule; if not, it
        is taken back. The test is the engine's, made after the action rather than before it:
        the Duke is not capturable, or the action took the enemy's. Where the action was more
        than the base game's (a game set's features acted after it), it is taken back and
        tested as the engine tests it before an action, then applied again if legal."""
        game = self.game
        if game.features and game.history[-1][2] == turn.TRAILED:
            game.undo()
            if not game._check(action):
                return False
            game.apply(action)
            return True
        duke = game.duke[mover]
        if duke < 0:
            return True
        # Where the test is the base game's, its tables' (the engine's own test there).
        self.board()
        if self.base:
            if not tablemoves.attacked(game, duke, mover ^ 1):
                return True
        elif not game._attacked(duke, mover ^ 1):
            return True
        over = game.over
        if over is not None and over.reason is Reason.DUKE_CAPTURED:
            return True
        game.undo()
        return False

    def board(self) -> None:
        """Bring up to date what the search knows of the position's board beyond its tiles,
        kept while the keys say no feature's state changed: ``base``, whether the Duke-danger
        test is the base game's (:func:`~dukec.players.moves.base_like`), and whether the board
        plays as the base game's (:func:`dukec.engine.turn.base_board`, or no features)."""
        keyed = self.keyed
        if keyed is not None:
            if keyed.extras == self._seen:
                return
            self._seen = keyed.extras
        game = self.game
        self.base = base_like(game)
        self.plain = not game.features or turn.base_board(game)

    def after(self) -> bool:
        """Whether the Duke-danger test of a move, strike or command is best made after
        applying it (:meth:`stays_legal`) in this position: in the base game, and in a game set
        with features where the action will likely be the base game's (a board that plays as
        the base game's, and an idle dragon, if any); elsewhere the engine's test comes first."""
        self.board()
        game = self.game
        return self.plain and (not game.features or turn.idle(game))

    def allowed(self, action: ActionTuple, unchecked: bool, after: bool) -> bool:
        """Whether a candidate may be tried: legal, or left to :meth:`child`'s test after
        applying it (``after``: see :meth:`after`)."""
        if not unchecked or (after and action[0] <= COMMAND):
            return True
        return self.game._check(action)

    def tested(self, action: ActionTuple, unchecked: bool, after: bool) -> bool:
        """Whether :meth:`child` must test an action allowed by :meth:`allowed`."""
        return unchecked and after and action[0] <= COMMAND

    def node(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of the position for the player to move, searched ``depth`` plies."""
        game = self.game
        over = game.over
        if over is not None:
            return self.final(over.winner)
        if depth <= 0:
            # A player with no legal action loses; the (costly) test is made at the horizon
            # only where the leaves say the player may have none. The static value comes
            # first: the leaves may tell it from what they counted.
            stand = self.static(game.to_move)
            self.board()
            if self.leaves.cornered(game, self.base) and not has_legal(game, self.base):
                return self.final(game.to_move ^ 1)
            return self.standing(stand, alpha, beta, self.options.quiesce)
        keyed = self.keyed if depth >= self.options.table_depth else None
        table_move: ActionTuple | None = None
        key: i64 = 0
        if keyed is not None:
            key = self.table.key(keyed.key, game.ply)
            entry = self.table.get(key)
            if entry is not None:
                stored, bound, value, table_move = entry
                if stored == depth and (
                    bound == EXACT
                    or (bound == LOWER and value >= beta)
                    or (bound == UPPER and value <= alpha)
                ):
                    return value
        value, best = self.moves(depth, alpha, beta, ply, table_move)
        if keyed is not None:
            bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
            self.table.put(key, depth, bound, value, best)
        return value

    def moves(
        self, depth: int, alpha: float, beta: float, ply: int, table_move: ActionTuple | None
    ) -> tuple[float, ActionTuple | None]:
        """Alpha-beta over the legal actions: the value and the action that gave it.

        The table's move, if any, is tried before the others are listed: it is legal (the
        position is the one it was found best in), and where it cuts the search off, listing
        and ordering the rest is saved."""
        game = self.game
        ordering = self.ordering
        options = self.options
        pvs = options.pvs
        reduce = options.reductions and depth >= 3
        best = -INFINITE
        best_action: ActionTuple | None = None
        tried = 0
        if table_move is not None and self.alike.some:
            table_move = self.concrete(table_move)
        if table_move is not None and self.plausible(table_move):
            best = self.child(table_move, depth - 1, alpha, beta, ply)
            best_action = table_move
            tried = 1
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    ordering.cutoff(game, table_move, depth, ply)
                    return best, best_action
        self.board()
        actions, tests = candidates(game, self.base, self.alike)
        after = self.after()
        for index in ordering.order(game, actions, None, ply):
            action = actions[index]
            if tried and action == table_move:
                continue
            unchecked = tests.needs(index)
            if not self.allowed(action, unchecked, after):
                continue
            test = self.tested(action, unchecked, after)
            if tried == 0 or not pvs:
                score = self.child(action, depth - 1, alpha, beta, ply, test)
            else:
                reduced = reduce and tried > 3 and self.quiet(action)
                if reduced:
                    score = self.child(action, depth - 2, alpha, alpha + NULL, ply, test)
                    test = False
                if not reduced or (score > alpha and score != ILLEGAL):
                    score = self.child(action, depth - 1, alpha, alpha + NULL, ply, test)
                    if alpha < score < beta:
                        score = self.child(action, depth - 1, alpha, beta, ply)
            if score == ILLEGAL:
                continue
            tried += 1
            if score > best:
                best = score
                best_action = action
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        ordering.cutoff(game, action, depth, ply)
                        break
        if tried == 0:
            return self.final(game.to_move ^ 1), None
        return best, best_action

    def plausible(self, action: ActionTuple) -> bool:
        """A check against a table entry of another position under the same key (a chance of
        about one in 2**64): a move, strike or command is of a tile of the player to move."""
        frm = action[1]
        if action[0] > COMMAND or frm < 0:
            return True
        code = self.game.board[frm]
        return code >= 0 and code & 1 == self.game.to_move

    def concrete(self, action: ActionTuple) -> ActionTuple | None:
        """The table's move as an action of this position: a position whose key it shares may
        differ from the one the move was found in by which of two alike tile types stands
        where (or was drawn), so a move naming a tile type is the candidate that does the same
        with the types here (None if there is none)."""
        alike = self.alike
        plain = alike.action(action)
        if plain == action and not alike.names_tiles(action):
            return action
        for candidate in candidates(self.game, None, alike)[0]:
            if alike.action(candidate) == plain:
                return candidate
        return None

    def quiet(self, action: ActionTuple) -> bool:
        """Whether an action takes no tile and is no draw."""
        kind = action[0]
        to = action[2]
        return kind != DRAW and not (kind <= COMMAND and to >= 0 and self.game.board[to] >= 0)

    def chance(self, depth: int, ply: int) -> float:
        """The expected value of a draw for the player drawing: each tile the bag could give,
        placed at its best."""
        game = self.game
        leaves = self.leaves
        mover = game.to_move
        if depth <= 0:
            # At the horizon only the static value counts, and a draw moves a tile from the
            # bag to the board: worth, on average, the difference.
            self.tick()
            return self.static(mover) + leaves.draw_gain(game)
        keyed = self.keyed if depth >= self.options.table_depth else None
        key: i64 = 0
        if keyed is not None:
            key = self.table.chance_key(keyed.key, game.ply)
            entry = self.table.get(key)
            if entry is not None and entry[0] == depth:
                return entry[2]
        total = 0.0
        for tile, probability in self.alike.outcomes(game):
            game.apply((DRAW, -1, -1, -1, tile))
            total += probability * self.placed(depth, ply)
            game.undo()
        if keyed is not None:
            self.table.put(key, depth, EXACT, total, None)
        return total

    def placed(self, depth: int, ply: int) -> float:
        """The exact value of the best placement of the tile just drawn, for the drawer."""
        game = self.game
        places = game._legal()
        if not places:
            return self.static(game.to_move)
        best = -INFINITE
        # A placement that cannot beat the best so far needs only a bound (a null window
        # tells), one that can is searched again for its exact value: the best stays exact.
        pvs = self.options.pvs
        for number, index in enumerate(self.ordering.order(game, places, None, ply)):
            place = places[index]
            if number == 0 or not pvs:
                score = self.child(place, depth, best, INFINITE, ply)
            else:
                score = self.child(place, depth, best, best + NULL, ply)
                if score > best:
                    score = self.child(place, depth, best, INFINITE, ply)
            if score > best:
                best = score
        return best

    def quiesce(self, alpha: float, beta: float, left: int) -> float:
        """The static value, or what captures (only) make of it, ``left`` captures deep."""
        return self.standing(self.static(self.game.to_move), alpha, beta, left)

    def standing(self, stand: float, alpha: float, beta: float, left: int) -> float:
        """:meth:`quiesce` where the static value ``stand`` of the position is the leaves'
        last score."""
        game = self.game
        if left <= 0 or stand >= beta:
            return stand
        self.board()
        if not self.leaves.may_take(game, self.base):
            return stand
        best = stand
        if stand > alpha:
            alpha = stand
        actions, tests = captures(game, self.base)
        if not actions:
            return stand
        mover = game.to_move
        after = self.after()
        for index in self.ordering.order(game, actions, None, 0):
            action = actions[index]
            unchecked = tests.needs(index)
            if not self.allowed(action, unchecked, after):
                continue
            game.apply(action)
            if self.tested(action, unchecked, after) and not self.stays_legal(action, mover):
                continue
            self.tick()
            over = game.over
            same = game.to_move == mover
            if over is not None:
                score = self.final(over.winner)
                score = score if same else -score
            elif same:
                score = self.quiesce(alpha, beta, left - 1)
            else:
                score = -self.quiesce(-beta, -alpha, left - 1)
            game.undo()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def static(self, me: int) -> float:
        """The leaves' value of the position for ``me``. Values are not kept by position: a
        position is seldom scored twice in one search (about one leaf in ten), and keeping
        them cost more than the evaluations it saved."""
        return self.leaves.score(self.game, me)
