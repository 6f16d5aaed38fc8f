"""The OpenSpiel game ``python_duke``: one game set played through the engine, draws as chance.

Importing :mod:`dukec.rl` registers it, so ``pyspiel.load_game("python_duke", {"set":
"dragon"})`` works. Parameters: ``set`` (the game set, default ``base``), ``tileset`` (a path to
a tile set; empty: the shipped one), ``seed`` (the engine's seed for what is not a draw: random
terrain, the Dragon, Divination's three draws; default 0) and ``ply_limit`` (default 1000; a
game that reaches it is a draw: OpenSpiel needs a finite game).

Player actions are the set's :class:`~dukec.rl.layout.ActionLayout` indices. When a player
draws, the state becomes a chance node whose outcomes are the tile types the bag holds, with the
engine's ``draw_outcomes()`` odds; the outcome is then drawn (a forced draw of the engine). The
game is sequential, zero-sum, of perfect information, with terminal rewards +1/-1 (0 for the
ply-limit draw); observations are :mod:`dukec.rl.observation`'s tensor.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from dukec.engine import ActionKind, Game, Rules, format_action
from dukec.engine.text import board_text
from dukec.engine.trail import Trail
from dukec.rl.layout import ActionFields, ActionLayout
from dukec.rl.observation import ObservationLayout, observe
from dukec.rl.rules import set_rules

SHORT_NAME = "python_duke"
DEFAULT_PARAMETERS: dict[str, Any] = {"set": "base", "tileset": "", "seed": 0, "ply_limit": 1000}
#: Most decisions and chance events in one ply: move a Flag, draw, the draw's outcome, place.
NODES_PER_PLY = 4

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="The Duke (dukec)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMETERS,
)


class _Shared:
    """What every state of one game shares: never copied when a state is cloned, and pickled
    (OpenSpiel serializes a Python state by pickling it) as the game's parameters."""

    def __init__(self, set_name: str, tileset: str, seed: int, ply_limit: int) -> None:
        self.key = (set_name, tileset, seed, ply_limit)
        self.rules, self.layout, self.observation_layout = _set_data(set_name, tileset)
        self.seed = seed
        self.ply_limit = ply_limit

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _Shared, self.key


class _Play:
    """The engine's game of one state and the engine actions that made it; a clone copies its
    mutable parts only, and it is pickled as those actions."""

    def __init__(self, shared: _Shared, actions: list[ActionFields] | None = None) -> None:
        self.shared = shared
        self.game = Game(shared.rules, seed=shared.seed, ply_limit=shared.ply_limit)
        self.actions: list[ActionFields] = []
        for action in actions or ():
            self.apply(action)

    def apply(self, action: ActionFields) -> None:
        """Apply an engine action and remember it."""
        self.game.apply(action)
        self.actions.append(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        g = self.game
        # The undo records serve undo only, which OpenSpiel's Python states do not offer: a
        # clone starts without them, so cloning does not grow with the game's length.
        memo[id(g.history)] = []
        memo[id(g.trail)] = Trail()
        clone = _Play.__new__(_Play)
        clone.shared = self.shared
        clone.game = copy.deepcopy(g, memo)
        clone.actions = list(self.actions)
        return clone

    def __reduce__(self) -> tuple[Any, ...]:
        return _Play, (self.shared, self.actions)


@lru_cache(maxsize=16)
def _set_data(set_name: str, tileset: str) -> tuple[Rules, ActionLayout, ObservationLayout]:
    """A game set's rules and layouts, built once (OpenSpiel makes a game per deserialization)."""
    rules = set_rules(set_name, tileset or None)
    return rules, ActionLayout(rules), ObservationLayout.of(rules)


class DukeGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game of one game set (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULT_PARAMETERS, **(params or {})}
        self.rules, self.layout, self.observation_layout = _set_data(
            str(given["set"]), str(given["tileset"])
        )
        self.seed = int(given["seed"])
        self.ply_limit = int(given["ply_limit"])
        if self.ply_limit < 1:
            raise ValueError(f"ply_limit must be at least 1, not {self.ply_limit}")
        # Before play: the draft, set-up placements and Flags put down, each one action.
        extras = self.rules.extras
        banners = sum(count for _kind, count in extras.set_terrain) if extras is not None else 0
        before_play = len(self.rules.setup) + 2 * sum(t.count for t in self.rules.types) + banners
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.size,
            max_chance_outcomes=len(self.rules.types),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=before_play + NODES_PER_PLY * self.ply_limit,
        )
        super().__init__(GAME_TYPE, info, given)
        self._shared = _Shared(str(given["set"]), str(given["tileset"]), self.seed, self.ply_limit)

    def new_initial_state(self) -> DukeState:
        """A game at its start."""
        return DukeState(self, self._shared)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The observer of :mod:`dukec.rl.observation`'s tensor (the history for perfect
        recall, as OpenSpiel's games of public information do)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return DukeObserver(self.observation_layout)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class DukeState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of ``python_duke``: the engine's game, and whether a draw awaits its outcome."""

    def __init__(self, game: DukeGame, shared: _Shared) -> None:
        super().__init__(game)
        self._shared = shared
        self._play = _Play(shared)
        self._drawing = False

    @property
    def engine(self) -> Game:
        """The engine's game of this state (change it only through OpenSpiel's actions)."""
        return self._play.game

    def current_player(self) -> int:
        """The player to move, CHANCE while a draw awaits its outcome, or TERMINAL."""
        game = self._play.game
        if game.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._drawing:
            return int(pyspiel.PlayerId.CHANCE)
        return game.to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal actions as layout indices, ascending."""
        encode = self._shared.layout.encode
        return sorted(encode(a) for a in self._play.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(tile type, probability) of the draw that awaits its outcome."""
        return self._play.game.draw_outcomes()

    def _apply_action(self, action: int) -> None:
        if self._drawing:
            self._play.apply((ActionKind.DRAW, -1, -1, -1, int(action)))
            self._drawing = False
            return
        fields = self._shared.layout.decode(int(action))
        if fields.kind == ActionKind.DRAW:
            self._drawing = True  # the outcome is the chance node's
            return
        self._play.apply(fields)

    def _action_to_string(self, player: int, action: int) -> str:
        rules = self._shared.rules
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw({rules.types[action].name})"
        fields = self._shared.layout.decode(int(action))
        game = self._play.game
        if game.result is None and not self._drawing and game.is_legal(fields):
            return format_action(game, fields)
        return f"{ActionKind(fields.kind).name.lower()}{tuple(fields[1:])}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._play.game.result is not None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each before the end and for a draw."""
        result = self._play.game.result
        if result is None or result.winner is None:
            return [0.0, 0.0]
        scores = [-1.0, -1.0]
        scores[result.winner] = 1.0
        return scores

    def __str__(self) -> str:
        game = self._play.game
        waiting = " (drawing)" if self._drawing else ""
        return f"{board_text(game)}\nto move: {game.to_move}{waiting}, ply {game.ply}"


class DukeObserver:
    """The observation tensor of a state for one player (OpenSpiel's PyObserver interface)."""

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self.tensor = np.zeros(int(np.prod(layout.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(layout.shape)}

    def set_from(self, state: DukeState, player: int) -> None:
        """Fill the tensor with ``state`` as ``player`` sees it."""
        self.tensor[:] = observe(state.engine, player, self.layout).ravel()

    def string_from(self, state: DukeState, player: int) -> str:
        """The state as text (the game is of perfect information)."""
        return str(state)


def register() -> None:
    """Register ``python_duke`` with OpenSpiel (once)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, DukeGame)


register()
