"""The mcts policy: Monte Carlo tree search (UCT) with draws from the bag as chance nodes.

Each iteration walks down the tree by the UCT rule, adds one node, plays a short random playout
from it (a draw in the playout takes a tile the player's own seeded source picks, never the
game's coming draw), and scores the end: a finished game 1, 1/2 or 0, otherwise the win chance
that the game set's tile values give (the fitted values are in log-odds of winning; material
values are scaled to about the same size). A draw is a chance node: its outcomes are visited in
proportion to their probabilities (the least visited for its probability first), so their
average is an expectation over the bag. The budget counts actions applied (in the tree and in
playouts), the unit of the search policy's nodes, so games stay reproducible from their seed;
a budget of CPU seconds per move instead (``mcts@10ms``) iterates until that time is spent, and
is not reproducible.
The most visited action is played.
"""

from __future__ import annotations

import math
import random
import time

from dukec.engine import Action, ActionKind, Game
from dukec.players.alike import Alike
from dukec.players.values import Evaluation, evaluation

#: Plies of random play after the tree before the position is scored.
PLAYOUT_PLIES = 6
#: The UCT exploration constant (rewards lie in [0, 1]).
EXPLORATION = 1.0
#: Material values are about this many times the fitted ones (log-odds per tile).
_MATERIAL_SCALE = 0.15


class _Node:
    """A position in the tree: reached by ``action`` of ``mover``; a chance node if that
    action is a draw."""

    __slots__ = ("action", "children", "mover", "outcomes", "total", "untried", "visits")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.children: list[_Node] = []
        self.untried: list[Action] | None = None
        #: A chance node's outcomes: tile type -> (probability, node after drawing it).
        self.outcomes: dict[int, tuple[float, _Node]] | None = None
        self.visits = 0
        self.total = 0.0


class MctsPlayer:
    """UCT within a budget of applied actions per move; ties broken by a seeded choice."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = 2000, seconds: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        #: CPU seconds per move (above 0: in place of the node budget).
        self.seconds = seconds
        self.nodes = 0
        self.values = Evaluation((), (), "material")
        self._scale = 1.0
        self._rules_key = ""
        self.alike: Alike | None = None
        #: The tree of the last choice (its root), for inspection.
        self.tree: _Node | None = None

    def choose(self, game: Game) -> Action | None:
        """The most visited action after the budget's iterations."""
        rules = game.rules
        key = f"{rules.tileset_hash}/{rules.set_name}"
        if key != self._rules_key:
            self._rules_key = key
            self.values = evaluation(rules)
            self._scale = 1.0 if self.values.source == "fitted" else _MATERIAL_SCALE
            self.alike = Alike(rules)
        actions = self._legal(game)
        if len(actions) <= 1:
            return actions[0] if actions else None
        root = self.tree = _Node(None, game.to_move ^ 1)
        self.nodes = 0
        if self.seconds > 0.0:
            start = time.process_time()
            iterations = 0
            # A look at the clock costs about a tenth of an iteration: one every eighth.
            while iterations % 8 or time.process_time() - start < self.seconds:
                self._iterate(game, root)
                iterations += 1
        else:
            while self.nodes < self.budget:
                self._iterate(game, root)
        most = max(child.visits for child in root.children)
        best = [child.action for child in root.children if child.visits == most]
        choice = best[int(self.rng.random() * len(best))]
        assert choice is not None
        return choice

    def _iterate(self, game: Game, root: _Node) -> None:
        """One iteration: select, expand, play out, back up; the game is left as it was."""
        path = [root]
        node = root
        applied = 0
        while game.result is None:
            if node.outcomes is not None:
                node = self._outcome(game, node)
                applied += 1
                path.append(node)
                continue
            if node.untried is None:
                node.untried = self._legal(game)
                self.rng.shuffle(node.untried)
            if node.untried:
                action = node.untried.pop()
                child = _Node(action, game.to_move)
                node.children.append(child)
                path.append(child)
                if action.kind == ActionKind.DRAW:
                    # The draw itself is the chance node; its outcome is applied below it.
                    child.outcomes = {}
                    path.append(self._outcome(game, child))
                else:
                    self._apply(game, action)
                applied += 1
                break
            if not node.children:
                break
            node = self._select(node)
            path.append(node)
            if node.outcomes is None:
                self._apply(game, node.action)  # type: ignore[arg-type]
                applied += 1
        reward = self._playout(game)
        for _ in range(applied):
            game.undo()
        for visited in path:
            visited.visits += 1
            visited.total += reward if visited.mover == 0 else 1.0 - reward

    def _legal(self, game: Game) -> list[Action]:
        """The legal actions but those that differ from an earlier one only in alike tile
        types (:mod:`dukec.players.alike`): a renamed copy's choices are its original's."""
        actions = game.legal_actions()
        alike = self.alike
        if alike is None or not alike.some:
            return actions
        kept = set(alike.distinct([tuple(a) for a in actions]))  # type: ignore[misc]
        return [a for a in actions if tuple(a) in kept]

    def _apply(self, game: Game, action: Action) -> None:
        self.nodes += 1
        game.apply(action)

    def _select(self, node: _Node) -> _Node:
        """The child with the highest upper confidence bound (the first of equals)."""
        log_n = math.log(node.visits or 1)
        best, top = node.children[0], -1.0
        for child in node.children:
            score = child.total / child.visits + EXPLORATION * math.sqrt(log_n / child.visits)
            if score > top:
                best, top = child, score
        return best

    def _outcome(self, game: Game, chance: _Node) -> _Node:
        """Draw the tile least visited for its probability (applied), and its node."""
        outcomes = chance.outcomes
        assert outcomes is not None
        if not outcomes:
            assert self.alike is not None  # made by choose()
            for tile, probability in self.alike.outcomes(game):
                outcomes[tile] = (probability, _Node(Action(ActionKind.DRAW, tile=tile), -1))
        tile = min(outcomes, key=lambda t: outcomes[t][1].visits / outcomes[t][0])
        node = outcomes[tile][1]
        node.mover = game.to_move
        self._apply(game, Action(ActionKind.DRAW, tile=tile))
        return node

    def _playout(self, game: Game) -> float:
        """Seat 0's reward after a short random playout (undone before it returns)."""
        rng = self.rng
        played = 0
        while played < PLAYOUT_PLIES and game.result is None:
            action = game.random_action(rng)
            if action is None:
                break
            if action.kind == ActionKind.DRAW:
                bag = game.bags[game.to_move]
                action = Action(ActionKind.DRAW, tile=bag[int(rng.random() * len(bag))])
            self._apply(game, action)
            played += 1
        result = game.result
        if result is not None:
            reward = 0.5 if result.winner is None else float(result.winner == 0)
        else:
            reward = 1.0 / (1.0 + math.exp(-self._scale * self._material(game)))
        for _ in range(played):
            game.undo()
        return reward

    def _material(self, game: Game) -> float:
        """Seat 0's tile values less seat 1's (on the board, drawn, in the bag)."""
        board, in_bag = self.values.board, self.values.bag
        cells = game.board
        score = 0.0
        for owner, sign in ((0, 1.0), (1, -1.0)):
            total = sum((board[cells[s] >> 2] for s in game.pieces[owner]), 0.0)
            total += sum((in_bag[t] for t in game.bags[owner]), 0.0)
            if game.drawn >= 0 and game.to_move == owner:
                total += board[game.drawn]
            score += sign * total
        return score
