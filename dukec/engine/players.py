"""Players: each chooses an action for the game in front of it, through one interface."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from dukec.engine.actions import COMMAND, DRAW, MOVE, STRIKE
from dukec.engine.facade import Action
from dukec.engine.game import Game
from dukec.engine.notation import NotationError, format_action, parse_action

PLAYER_KINDS = ("random", "greedy", "human")
"""The kinds of player :func:`make_player` makes."""


class Player(Protocol):
    """Something that picks a legal action (None: it has none, or gives up)."""

    name: str

    def choose(self, game: Game) -> Action | None:
        """A legal action for the player to move in ``game``."""
        ...


class RandomPlayer:
    """Uniformly random over the legal actions (a draw counts as one action)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action | None:
        """A uniformly random legal action."""
        return game.random_action(self.rng)


class GreedyPlayer:
    """Takes the best immediate capture by tile value, and avoids leaving a tile en prise.

    A tile's value is derived from its grids (mean number of squares it reaches on an empty
    board, both sides); a tile acting as the Duke is worth far more than any other. Each legal
    action scores the value it captures minus the value of the acting or placed tile if the
    opponent could capture it right after; ties are broken at random.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action | None:
        """The best-scoring legal action."""
        actions = game.legal_actions()
        if not actions:
            return None
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            score = self._score(game, action)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[int(self.rng.random() * len(best))]

    @staticmethod
    def _score(game: Game, action: Action) -> float:
        if action.kind == DRAW:
            return 0.0
        value = game.rules.tables.value
        target = game.board[action.to] if action.kind in (MOVE, STRIKE, COMMAND) else -1
        gain = value[target] if target >= 0 else 0.0
        me = game.to_move
        game.apply(action)
        try:
            if game.result is not None and game.result.winner == me:
                return float("inf")
            landed = action.frm if action.kind == STRIKE else action.to
            if landed < 0:
                return gain
            code = game.board[landed]
            risk = value[code] if code >= 0 and game._attacked(landed, me ^ 1) else 0.0
        finally:
            game.undo()
        return gain - risk


class HumanPlayer:
    """A person typing actions in the notation; ``ask`` reads a line, ``tell`` shows one."""

    name = "human"

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None]) -> None:
        self.ask = ask
        self.tell = tell

    def choose(self, game: Game) -> Action | None:
        """Ask until the text names a legal action ("moves" lists them, "quit" gives up)."""
        while True:
            text = self.ask("your action (moves, quit)").strip()
            if text in ("quit", "resign", "q"):
                return None
            if text in ("moves", "?", "help"):
                self.tell(" ".join(format_action(game, a) for a in game.legal_actions()))
                continue
            try:
                return parse_action(game, text)
            except NotationError as error:
                self.tell(str(error))


def make_player(kind: str, seed: int = 0) -> Player:
    """A bot by name: ``random`` or ``greedy`` (``human`` needs :class:`HumanPlayer` itself)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player {kind!r} (choose random or greedy)")
