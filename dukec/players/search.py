"""The search policy ``search``: iterative deepening over :mod:`dukec.players.alphabeta`'s tree,
within a budget of nodes (reproducible anywhere) or of CPU time per move.

Depth 1, 2, ... until the budget is spent; the move of the deepest finished depth is played (of
an unfinished depth, the best of the actions it finished, which it searched first: the last
depth's best leads). At the root, the first action is searched with the window, each later one
with a null window just below the best so far, so that an action as good as the best is found
exact and only those worse are left as bounds; equally good actions are broken by a seeded
choice. With aspiration windows (an option) each depth is first searched within a margin of the
last depth's value, and again with the full window if the value falls outside it.

Leaves are scored by the game set's learned evaluation (:mod:`dukec.players.learned`), else by
its tile values (:mod:`dukec.players.leaves`). The baselines ``search-v1`` (the search before
this one, tile-value leaves) and ``search-material`` (the first search) are kept unchanged in
:mod:`dukec.players.search_v1`.
"""

from __future__ import annotations

import gc
import random
from typing import Final

from dukec.engine import Action, Game, Rules
from dukec.engine.actions import ActionTuple
from dukec.engine.zobrist import Keyed
from dukec.players.alike import Alike
from dukec.players.alphabeta import INFINITE, NULL, WON, Budget, Options, OutOfBudget, Tree
from dukec.players.learned import learned
from dukec.players.leaves import LearnedLeaves, Leaves
from dukec.players.values import Evaluation, evaluation, material

#: Nodes per move by default (docs/policies.md).
DEFAULT_BUDGET: Final = 300
MAX_DEPTH: Final = 12
#: How much lower than the best root value another root action is searched from: a tie is found
#: exact, anything below it only as a bound.
_TIE: Final = 1e-7

__all__ = ["DEFAULT_BUDGET", "MAX_DEPTH", "WON", "Options", "SearchPlayer"]


class SearchPlayer:
    """Alpha-beta to the depth a per-move budget allows; ties broken by a seeded choice.

    ``budget`` counts nodes per move; ``seconds`` (above 0) makes the budget CPU time per move
    instead, which no longer gives the same games on another machine or under another load.
    """

    def __init__(
        self,
        seed: int = 0,
        budget: int = DEFAULT_BUDGET,
        options: Options | None = None,
        seconds: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.options = options if options is not None else Options()
        #: Nodes per move, and CPU seconds per move (above 0: in place of the nodes).
        self.budget = budget
        self.seconds = seconds
        self._budget = Budget(budget, seconds)
        self.name = "search"
        self.nodes = 0
        #: The deepest depth the last choice finished.
        self.depth = 0
        self.values = Evaluation((), (), "material")
        self._tree: Tree | None = None
        self._rules_key = ""
        # The root's history length, and the values of the root actions finished at the depth
        # being searched.
        self._root_history = 0
        self._finished: list[float] = []
        self._alike: Alike | None = None
        self._alike_rules: Rules | None = None

    def choose(self, game: Game) -> Action | None:
        """The best action found within the budget."""
        actions = self._distinct(game, game.legal_actions())
        if len(actions) <= 1:
            return actions[0] if actions else None
        best = self._deepen(game, actions, MAX_DEPTH, abort=True)[1]
        return best[int(self.rng.random() * len(best))]

    def search(self, game: Game, depth: int) -> tuple[float, list[Action]]:
        """The value and the best actions (in legal order) of a search to exactly ``depth``
        (0 and none where the game is over)."""
        actions = self._distinct(game, game.legal_actions())
        if not actions:
            return 0.0, []
        return self._deepen(game, actions, depth, abort=False)

    def _distinct(self, game: Game, actions: list[Action]) -> list[Action]:
        """The legal actions but those that differ from an earlier one only in alike tile
        types (:mod:`dukec.players.alike`): a renamed copy's choices are its original's."""
        rules = game.rules
        alike = self._alike
        if alike is None or self._alike_rules is not rules:
            alike = self._alike = Alike(rules)
            self._alike_rules = rules
        if not alike.some:
            return actions
        plain: list[ActionTuple] = [tuple(a) for a in actions]  # type: ignore[misc]
        kept = set(alike.distinct(plain))
        return [a for a, p in zip(actions, plain, strict=True) if p in kept]

    # -------------------------------------------------------------- root

    def _prepare(self, game: Game) -> Tree:
        rules = game.rules
        key = f"{rules.tileset_hash}/{rules.set_name}"
        tree = self._tree
        if tree is None or key != self._rules_key:
            self._rules_key = key
            self.values = evaluation(rules) if self.options.fitted else material(rules)
            found = learned(rules) if self.options.learned else None
            leaves = Leaves(self.values) if found is None else LearnedLeaves(self.values, found)
            tree = Tree(game, leaves, self.options, self._budget)
            self._tree = tree
        tree.game = game
        tree.table.trim()
        tree.nodes = 0
        tree.check_at = 0
        return tree

    def _deepen(
        self, game: Game, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        # The search makes no reference cycles, and the collector's passes over the table's
        # entries cost a few percent of its time: it waits until the search is done.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._deepen_keyed(game, actions, depth_limit, abort)
        finally:
            if collecting:
                gc.enable()

    def _deepen_keyed(
        self, game: Game, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        tree = self._prepare(game)
        tree.ordering.start(depth_limit)
        self._budget.begin()
        if not self.options.table:
            result = self._iterate(tree, actions, depth_limit, abort)
        else:
            with Keyed(game) as keyed:
                tree.keyed = keyed
                try:
                    result = self._iterate(tree, actions, depth_limit, abort)
                finally:
                    tree.keyed = None
        self.nodes = tree.nodes
        return result

    def _iterate(
        self, tree: Tree, actions: list[Action], depth_limit: int, abort: bool
    ) -> tuple[float, list[Action]]:
        """Iterative deepening from the root: the value and the best actions in legal order."""
        game = tree.game
        index = {a: i for i, a in enumerate(actions)}
        plain: list[ActionTuple] = [tuple(a) for a in actions]  # type: ignore[misc]
        table_move = None
        if tree.keyed is not None:
            entry = tree.table.get(tree.table.key(tree.keyed.key, game.ply))
            table_move = entry[3] if entry is not None else None
        ordered = [plain[i] for i in tree.ordering.order(game, plain, table_move, 0)]
        best: list[ActionTuple] = ordered
        top = 0.0
        margin = self.options.aspiration
        budget = self._budget
        self.depth = 0
        for depth in range(1, depth_limit + 1):
            # Depth 1 always finishes, so there is always a move; deeper ones stop at the budget.
            budget.binding = abort and depth > 1
            window = margin > 0.0 and depth > 1 and abs(top) < WON
            low, high = (top - margin, top + margin) if window else (-INFINITE, INFINITE)
            scores: list[float] = []
            try:
                scores = self._root(tree, ordered, depth, low, high)
                if window and not low < max(scores) < high:
                    scores = self._root(tree, ordered, depth, -INFINITE, INFINITE)
            except OutOfBudget:
                while len(game.history) > self._root_history:
                    game.undo()
                # The actions this depth finished (the last depth's best is the first) were
                # searched deeper than the rest: the best of them is played.
                scores = self._finished
                if scores:
                    top = max(scores)
                    best = [a for a, s in zip(ordered, scores, strict=False) if s == top]
                break
            top = max(scores)
            best = [a for a, s in zip(ordered, scores, strict=True) if s == top]
            self.depth = depth
            ranked = sorted(range(len(ordered)), key=lambda i: -scores[i])
            ordered = [ordered[i] for i in ranked]
            if abs(top) >= WON or (abort and budget.spent(tree.nodes)):
                break
        return top, sorted((Action(*a) for a in best), key=index.__getitem__)

    def _root(
        self, tree: Tree, ordered: list[ActionTuple], depth: int, low: float, high: float
    ) -> list[float]:
        """Each root action's value (exact where it is within the tie of the best, else a
        bound below it), searched ``depth`` plies within the window (low, high)."""
        self._root_history = len(tree.game.history)
        scores: list[float] = []
        self._finished = scores
        alpha = low
        for number, action in enumerate(ordered):
            if number == 0 or not self.options.pvs:
                score = tree.child(action, depth - 1, alpha, high, 0)
            else:
                score = tree.child(action, depth - 1, alpha, alpha + NULL, 0)
                if alpha < score < high:
                    score = tree.child(action, depth - 1, alpha, high, 0)
            scores.append(score)
            if score >= high:
                break  # above the window: the depth is searched again with a full one
            alpha = max(alpha, score - _TIE)
        return scores
