"""The baseline searches ``search-v1`` and ``search-material``, kept unchanged as fixed points
to measure other players against (tests/balance/test_search_v1.py holds them to their recorded
play): budgeted alpha-beta over the engine's apply/undo, with draws as chance.

Iterative deepening: depth 1, 2, ... until a fixed number of nodes per move is spent; the move of
the deepest finished depth is played. Counting nodes (not seconds) keeps games reproducible from
their seed on any machine. A draw from the bag is a chance node: the expected value over the
tiles the bag could give, each followed by the best placement.

``search-v1`` keeps a transposition table keyed by Zobrist keys
(:mod:`dukec.players.v1_keys`) and the ply, orders moves by the table's move, then captures by
value (most valuable victim, least valuable attacker), then killer moves and the history
heuristic (:mod:`dukec.players.v1_ordering`), narrows the window at the root and among a draw's
placements, prefers quicker wins, and scores leaves with the game set's fitted tile values
(:mod:`dukec.players.values`), or the engine's material values where it has none.
``search-material`` is the earlier search, kept as a fixed baseline: no table, captures first,
every root action searched with a full window, and leaves scored by material (each tile's value
lost, and half of it for tiles still in the bag).

A table entry is used for its value only at the depth it was searched to, so the table never
changes the result of a search to a fixed depth; entries of other depths give their move first.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from dukec.engine import Action, ActionKind, Game
from dukec.players.v1_keys import Keyed
from dukec.players.v1_ordering import captures, cutoff, gain, order
from dukec.players.values import BAG_WEIGHT, Evaluation, evaluation, material

#: Nodes per move by default: chosen by measurement (docs/policies.md): the search at this
#: budget scores at least half against the earlier search at its default of 500, in less time.
DEFAULT_BUDGET = 300
WIN = 1_000_000.0
#: Scores beyond this are won or lost games (a win is worth WIN less the ply it comes at).
WON = WIN - 100_000.0
MAX_DEPTH = 8
#: Entries a table keeps before it is emptied (about 100 bytes each).
TABLE_SIZE = 400_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
# Keys of chance nodes (the position before a draw) apart from the same position's own node.
_CHANCE = 1 << 80
# How much lower than the best root score another root action is searched from: a tie is
# found exact, anything below it only as a bound.
_TIE = 1e-7

# Nodes between two looks at the clock, under a CPU-time budget.
_CLOCK = 64
#: Units of a tile value in the evaluation's integer sums.
_UNITS = 10_000


@dataclass(frozen=True, slots=True)
class Options:
    """What a search uses beyond plain alpha-beta."""

    #: A transposition table (values and the best move of each position searched).
    table: bool = True
    #: The table in game sets with features too, whose keys digest the features' state after
    #: every action: measured 2-3 times slower to a fixed depth there, for no fewer nodes.
    table_with_features: bool = False
    #: Move ordering by captures' values, killer moves and history; narrowed windows at the
    #: root and among a draw's placements; quicker wins first.
    refined: bool = True
    #: The game set's fitted tile values where there are some (else material).
    fitted: bool = True
    #: Captures searched beyond the depth (a quiescence search), at most this many in a row.
    quiesce: int = 2


#: The earlier search, kept as it was: a fixed point to measure the others against.
BASELINE = Options(table=False, refined=False, fitted=False, quiesce=0)


class _OutOfBudget(Exception):
    """The node budget ran out in the middle of a depth."""


class SearchPlayer:
    """Alpha-beta to the depth a per-move node budget allows; ties broken by a seeded choice."""

    def __init__(
        self,
        seed: int = 0,
        budget: int = DEFAULT_BUDGET,
        options: Options = Options(),
        seconds: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        #: CPU seconds per move (above 0: in place of the node budget, which then only says
        #: when to look at the clock next).
        self.seconds = seconds
        self.start = 0.0
        self.options = options
        self.name = "search-material" if options == BASELINE else "search-v1"
        self.nodes = 0
        self.can_abort = False
        self.me = 0
        self.values = Evaluation((), (), "material")
        self.worth: tuple[int, ...] = ()
        self.waiting: tuple[int, ...] = ()
        self.raw: tuple[float, ...] = ()
        self.table: dict[int, tuple[int, int, float, tuple[int, ...] | None]] = {}
        self.killers: list[list[tuple[int, ...]]] = []
        self.history: dict[tuple[int, ...], int] = {}
        self.keyed: Keyed | None = None
        self._rules_key = ""

    def choose(self, game: Game) -> Action | None:
        """The best action found within the budget."""
        actions = game.legal_actions()
        if len(actions) <= 1:
            return actions[0] if actions else None
        best = self._deepen(game, actions, MAX_DEPTH, abort=True)[1]
        return best[int(self.rng.random() * len(best))]

    def search(self, game: Game, depth: int) -> tuple[float, list[Action]]:
        """The score and the best actions (in legal order) of a search to exactly ``depth``
        (0 and none where the game is over)."""
        actions = game.legal_actions()
        if not actions:
            return 0.0, []
        return self._deepen(game, actions, depth, abort=False)

    # -------------------------------------------------------------- root

    def _prepare(self, game: Game) -> None:
        rules = game.rules
        key = f"{rules.tileset_hash}/{rules.set_name}/{game.to_move}"
        if key != self._rules_key:
            # Values are scored for one player: a table of another game or seat is no use.
            self._rules_key = key
            self.table.clear()
            self.history.clear()
            self.values = evaluation(rules) if self.options.fitted else material(rules)
            # In whole units, so that a sum is the same in any order (a position reached by
            # two paths lists its tiles in two orders).
            self.worth = tuple(round(v * _UNITS) for v in self.values.board)
            self.waiting = tuple(round(v * _UNITS) for v in self.values.bag)
            self.raw = tuple(t.value for t in rules.types)
        if len(self.table) > TABLE_SIZE:
            self.table.clear()
        self.me = game.to_move
        self.nodes = 0
        if self.seconds > 0.0:
            self.start = time.process_time()
            self.budget = _CLOCK
        self.killers = [[] for _ in range(MAX_DEPTH + 2)]

    def _deepen(
        self, game: Game, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        self._prepare(game)
        if not self.options.refined:
            return self._deepen_plain(game, actions, depth_limit, abort)
        options = self.options
        if not options.table or not (game.rules.expanded is None or options.table_with_features):
            return self._deepen_refined(game, actions, depth_limit, abort)
        with Keyed(game) as keyed:
            self.keyed = keyed
            try:
                return self._deepen_refined(game, actions, depth_limit, abort)
            finally:
                self.keyed = None

    def _deepen_plain(
        self, game: Game, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        """The baseline's root: every action searched with a full window."""
        ordered = sorted(actions, key=lambda a: -gain(game, a, self.raw))
        best, top = ordered, 0.0
        for depth in range(1, depth_limit + 1):
            # Depth 1 always finishes, so there is always a move; deeper ones stop at the budget.
            self.can_abort = abort and depth > 1
            try:
                scores = [self._child(game, a, depth - 1, -2 * WIN, 2 * WIN, 1) for a in ordered]
            except _OutOfBudget:
                break
            top = max(scores)
            best = [a for a, s in zip(ordered, scores, strict=True) if s == top]
            ranked = sorted(zip(scores, range(len(ordered)), strict=True), key=lambda p: -p[0])
            ordered = [ordered[i] for _, i in ranked]
            if abs(top) >= WIN or (abort and self._depth_spent()):
                break
        return top, best

    def _deepen_refined(
        self, game: Game, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        """The refined root: later actions searched only as far as to tie the best so far."""
        index = {a: i for i, a in enumerate(actions)}
        ordered = order(
            game, actions, self._table_move(game), 0, self.killers, self.history, self.values.board
        )
        best, top = ordered, 0.0
        for depth in range(1, depth_limit + 1):
            self.can_abort = abort and depth > 1
            scores: list[float] = []
            alpha = -2 * WIN
            try:
                for action in ordered:
                    score = self._child(game, action, depth - 1, alpha, 2 * WIN, 1)
                    scores.append(score)
                    alpha = max(alpha, score - _TIE)
            except _OutOfBudget:
                # The actions this depth finished (the last depth's best is the first) were
                # searched deeper than the rest: the best of them is played.
                if scores:
                    done = ordered[: len(scores)]
                    top = max(scores)
                    best = sorted(
                        (a for a, s in zip(done, scores, strict=False) if s == top),
                        key=index.__getitem__,
                    )
                break
            top = max(scores)
            best = sorted(
                (a for a, s in zip(ordered, scores, strict=True) if s == top), key=index.__getitem__
            )
            ranked = sorted(zip(scores, range(len(ordered)), strict=True), key=lambda p: -p[0])
            ordered = [ordered[i] for _, i in ranked]
            if abs(top) >= WON or (abort and self._depth_spent()):
                break
        return top, best

    def _depth_spent(self) -> bool:
        """Whether the budget is spent, after a finished depth."""
        return self.nodes >= self.budget if self.seconds <= 0.0 else self._spent()

    def _spent(self) -> bool:
        """Whether the budget is spent, once the node count has reached ``budget``: a node
        budget then is; a CPU-time budget is looked at, and if time is left, again
        ``_CLOCK`` nodes later."""
        if self.seconds <= 0.0:
            return True
        if time.process_time() - self.start >= self.seconds:
            return True
        self.budget = self.nodes + _CLOCK
        return False

    # -------------------------------------------------------------- search

    def _child(
        self, game: Game, action: Action, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """Value for the root player of playing ``action`` and searching ``depth`` more plies."""
        if action.kind == ActionKind.DRAW:
            return self._chance(game, depth, ply)
        self.nodes += 1
        if self.can_abort and self.nodes > self.budget and self._spent():
            raise _OutOfBudget
        game.apply(action)
        try:
            return self._value(game, depth, alpha, beta, ply)
        finally:
            game.undo()

    def _chance(self, game: Game, depth: int, ply: int) -> float:
        """Expected value of a draw: each tile the bag could give, placed at its best for the
        player who drew it."""
        drawer_is_me = game.to_move == self.me
        if depth <= 0:
            # At the horizon only material counts, and a draw moves the tile from the bag to the
            # board: worth, on average, the difference.
            self.nodes += 1
            return self._evaluate(game) + (self._draw_gain(game) * (1 if drawer_is_me else -1))
        keyed = self.keyed
        key = 0
        if keyed is not None:
            key = (keyed.key | (game.ply << 64)) ^ _CHANCE
            entry = self.table.get(key)
            if entry is not None and entry[0] == depth:
                return entry[2]
        total = 0.0
        for tile, probability in game.draw_outcomes():
            game.apply(Action(ActionKind.DRAW, tile=tile))
            try:
                total += probability * self._placed(game, depth, ply, drawer_is_me)
            finally:
                game.undo()
        if keyed is not None:
            self.table[key] = (depth, _EXACT, total, None)
        return total

    def _placed(self, game: Game, depth: int, ply: int, drawer_is_me: bool) -> float:
        """The exact value of the best placement of the tile just drawn."""
        places = game.legal_actions()
        if not places:
            return self._evaluate(game)
        if not self.options.refined:
            values = [self._child(game, p, depth, -2 * WIN, 2 * WIN, ply) for p in places]
            return max(values) if drawer_is_me else min(values)
        # A placement that cannot beat the best so far needs only a bound: the best stays exact.
        if drawer_is_me:
            best = -2 * WIN
            for place in places:
                best = max(best, self._child(game, place, depth, best, 2 * WIN, ply))
        else:
            best = 2 * WIN
            for place in places:
                best = min(best, self._child(game, place, depth, -2 * WIN, best, ply))
        return best

    def _value(self, game: Game, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Minimax value for the root player of the position after an action."""
        if not self.options.refined:
            result = game.result
            if result is not None:
                if result.winner is None:
                    return 0.0
                return WIN if result.winner == self.me else -WIN
            if depth <= 0:
                return self._evaluate(game)
            actions = game.legal_actions()
            actions.sort(key=lambda a: -gain(game, a, self.raw))
            return self._minimax(game, actions, depth, alpha, beta, ply)[0]
        over = game.over
        if over is not None:
            return self._final(game, over.winner)
        if depth <= 0:
            # A player with no legal action loses; one whose Duke is not in Guard nearly always
            # has one, so only then is the (costly) test made at the horizon.
            if game.in_guard():
                result = game.result
                if result is not None:
                    return self._final(game, result.winner)
            if self.options.quiesce:
                return self._quiesce(game, alpha, beta, self.options.quiesce)
            return self._evaluate(game)
        keyed = self.keyed
        move = None
        key = 0
        if keyed is not None:
            key = keyed.key | (game.ply << 64)
            entry = self.table.get(key)
            if entry is not None:
                stored, bound, value, move = entry
                if stored == depth and (
                    bound == _EXACT
                    or (bound == _LOWER and value >= beta)
                    or (bound == _UPPER and value <= alpha)
                ):
                    return value
        legal = game.legal_actions()
        if not legal:
            return self._final(game, game.to_move ^ 1)
        actions = order(game, legal, move, ply, self.killers, self.history, self.values.board)
        value, best = self._minimax(game, actions, depth, alpha, beta, ply)
        if keyed is not None:
            bound = _UPPER if value <= alpha else _LOWER if value >= beta else _EXACT
            self.table[key] = (depth, bound, value, None if best is None else tuple(best))
        return value

    def _quiesce(self, game: Game, alpha: float, beta: float, left: int) -> float:
        """The static value, or what captures (only) make of it, ``left`` captures deep.

        The player to move may stand on the static value or capture; this keeps a search
        from stopping in the middle of an exchange.
        """
        stand = self._evaluate(game)
        if left <= 0:
            return stand
        maximising = game.to_move == self.me
        if (stand >= beta) if maximising else (stand <= alpha):
            return stand
        value = stand
        for action in captures(game, self.values.board):
            self.nodes += 1
            if self.can_abort and self.nodes > self.budget and self._spent():
                raise _OutOfBudget
            game.apply(action)
            try:
                over = game.over
                if over is not None:
                    score = self._final(game, over.winner)
                else:
                    score = self._quiesce(game, alpha, beta, left - 1)
            finally:
                game.undo()
            if maximising:
                value = max(value, score)
                alpha = max(alpha, value)
            else:
                value = min(value, score)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _final(self, game: Game, winner: int | None) -> float:
        """The value of a finished game: a quicker win is worth more, a later loss less."""
        if winner is None:
            return 0.0
        won = WIN - game.ply
        return won if winner == self.me else -won

    def _minimax(
        self, game: Game, actions: list[Action], depth: int, alpha: float, beta: float, ply: int
    ) -> tuple[float, Action | None]:
        """Alpha-beta over ``actions``: the value and the action that gave it."""
        maximising = game.to_move == self.me
        value = -2 * WIN if maximising else 2 * WIN
        best: Action | None = None
        for action in actions:
            score = self._child(game, action, depth - 1, alpha, beta, ply + 1)
            if maximising:
                if score > value:
                    value, best = score, action
                alpha = max(alpha, value)
            else:
                if score < value:
                    value, best = score, action
                beta = min(beta, value)
            if alpha >= beta:
                if self.options.refined and best is not None:
                    cutoff(game, best, depth, ply, self.killers, self.history)
                break
        return value, best

    def _table_move(self, game: Game) -> tuple[int, ...] | None:
        keyed = self.keyed
        if keyed is None:
            return None
        entry = self.table.get(keyed.key | (game.ply << 64))
        return entry[3] if entry is not None else None

    # -------------------------------------------------------------- evaluation

    def _draw_gain(self, game: Game) -> float:
        """What a draw is worth on average to the drawer: a tile from the bag onto the board."""
        bag = game.bags[game.to_move]
        if not self.options.fitted:
            return (1.0 - BAG_WEIGHT) * sum(map(self.raw.__getitem__, bag)) / len(bag)
        board, in_bag = self.worth, self.waiting
        return sum(board[t] - in_bag[t] for t in bag) / (len(bag) * _UNITS)

    def _evaluate(self, game: Game) -> float:
        """The root player's material less the opponent's."""
        if not self.options.fitted:
            return self._material(game)
        board = game.board
        worth, waiting = self.worth, self.waiting
        score = 0
        for owner in (0, 1):
            material_ = sum(worth[board[s] >> 2] for s in game.pieces[owner])
            material_ += sum(waiting[t] for t in game.bags[owner])
            if game.drawn >= 0 and game.to_move == owner:
                material_ += worth[game.drawn]
            score += material_ if owner == self.me else -material_
        return score / _UNITS

    def _material(self, game: Game) -> float:
        """The baseline's evaluation.

        Every tile is on the board, in the bag or captured, and each army's total is fixed, so
        material on the board plus half the bag's is, up to a constant, minus what was captured
        and minus half of what is still in the bag.
        """
        value = self.raw.__getitem__
        score = 0.0
        for owner in (0, 1):
            lost = sum(map(value, game.captured[owner]))
            waiting = sum(map(value, game.bags[owner]))
            material_ = -lost - (1.0 - BAG_WEIGHT) * waiting
            score += material_ if owner == self.me else -material_
        return score
