"""The search policy: budgeted alpha-beta over the engine's apply/undo, with draws as chance.

Iterative deepening: depth 1, 2, ... until a fixed number of nodes per move is spent; the move of
the deepest finished depth is played. Counting nodes (not seconds) keeps games reproducible from
their seed on any machine. A draw from the bag is a chance node: the expected value over the
tiles the bag could give, each followed by the best placement. Leaves are scored by material:
the engine's value of each tile on the board (the Duke apart), and half that for tiles still in
the bag.
"""

from __future__ import annotations

import random

from dukec.engine import Action, ActionKind, Game

WIN = 1_000_000.0
BAG_WEIGHT = 0.5


MAX_DEPTH = 8

_VALUES: dict[str, tuple[float, ...]] = {}


def _values(game: Game) -> tuple[float, ...]:
    """The engine's value of each tile type, by type index (looked up once per rule set)."""
    rules = game.rules
    key = f"{rules.tileset_hash}/{rules.set_name}"
    found = _VALUES.get(key)
    if found is None:
        found = _VALUES[key] = tuple(t.value for t in rules.types)
    return found


class _OutOfBudget(Exception):
    """The node budget ran out in the middle of a depth."""


class SearchPlayer:
    """Alpha-beta to the depth a per-move node budget allows; ties broken by a seeded choice."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int = 200) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.nodes = 0
        self.can_abort = False

    def choose(self, game: Game) -> Action | None:
        """The best action found within the budget."""
        actions = game.legal_actions()
        if len(actions) <= 1:
            return actions[0] if actions else None
        me = game.to_move
        ordered = sorted(actions, key=lambda a: -self._gain(game, a))
        best = ordered
        self.nodes = 0
        for depth in range(1, MAX_DEPTH + 1):
            # Depth 1 always finishes, so there is always a move; deeper ones stop at the budget.
            self.can_abort = depth > 1
            try:
                scores = [self._child(game, a, me, depth - 1, -2 * WIN, 2 * WIN) for a in ordered]
            except _OutOfBudget:
                break
            top = max(scores)
            best = [a for a, s in zip(ordered, scores, strict=True) if s == top]
            ranked = sorted(zip(scores, range(len(ordered)), strict=True), key=lambda p: -p[0])
            ordered = [ordered[i] for _, i in ranked]
            if abs(top) >= WIN or self.nodes >= self.budget:
                break
        return best[int(self.rng.random() * len(best))]

    # -------------------------------------------------------------- search

    def _child(
        self, game: Game, action: Action, me: int, depth: int, alpha: float, beta: float
    ) -> float:
        """Value for ``me`` of playing ``action`` and searching ``depth`` more plies."""
        if action.kind == ActionKind.DRAW:
            return self._chance(game, me, depth)
        self.nodes += 1
        if self.can_abort and self.nodes > self.budget:
            raise _OutOfBudget
        game.apply(action)
        try:
            return self._value(game, me, depth, alpha, beta)
        finally:
            game.undo()

    def _chance(self, game: Game, me: int, depth: int) -> float:
        """Expected value for ``me`` of a draw: each tile the bag could give, placed at its best
        for the player who drew it."""
        drawer_is_me = game.to_move == me
        if depth <= 0:
            # At the horizon only material counts, and a draw moves the tile from the bag to the
            # board: worth, on average, the weight of the bag it leaves.
            self.nodes += 1
            bag = game.bags[game.to_move]
            gain = (1.0 - BAG_WEIGHT) * sum(map(_values(game).__getitem__, bag)) / len(bag)
            return self._evaluate(game, me) + (gain if drawer_is_me else -gain)
        total = 0.0
        for tile, probability in game.draw_outcomes():
            game.apply(Action(ActionKind.DRAW, tile=tile))
            try:
                values = [
                    self._child(game, place, me, depth, -2 * WIN, 2 * WIN)
                    for place in game.legal_actions()
                ]
                if not values:
                    outcome = self._evaluate(game, me)
                else:
                    outcome = max(values) if drawer_is_me else min(values)
                total += probability * outcome
            finally:
                game.undo()
        return total

    def _value(self, game: Game, me: int, depth: int, alpha: float, beta: float) -> float:
        """Minimax value for ``me`` of the position after an action (alpha-beta window)."""
        result = game.result
        if result is not None:
            if result.winner is None:
                return 0.0
            return WIN if result.winner == me else -WIN
        if depth <= 0:
            return self._evaluate(game, me)
        actions = game.legal_actions()
        actions.sort(key=lambda a: -self._gain(game, a))
        if game.to_move == me:
            value = -2 * WIN
            for action in actions:
                value = max(value, self._child(game, action, me, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = 2 * WIN
            for action in actions:
                value = min(value, self._child(game, action, me, depth - 1, alpha, beta))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value

    @staticmethod
    def _gain(game: Game, action: Action) -> float:
        """What an action captures (for move ordering): the value of the tile on its target."""
        if action.kind in (ActionKind.DRAW, ActionKind.PLACE):
            return 0.0
        target = game.tile_at(action.to)
        return _values(game)[target[0]] if target is not None else 0.0

    @staticmethod
    def _evaluate(game: Game, me: int) -> float:
        """Material for ``me`` minus material for the opponent.

        Every tile is on the board, in the bag or captured, and each army's total is fixed, so
        material on the board plus half the bag's is, up to a constant, minus what was captured
        and minus half of what is still in the bag.
        """
        value = _values(game).__getitem__
        score = 0.0
        for owner in (0, 1):
            lost = sum(map(value, game.captured[owner]))
            waiting = sum(map(value, game.bags[owner]))
            material = -lost - (1.0 - BAG_WEIGHT) * waiting
            score += material if owner == me else -material
        return score
