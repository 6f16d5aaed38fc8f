"""A PettingZoo AEC environment that plays one game set through the engine.

Agents ``player_0`` (the first player) and ``player_1``; the agent selected is always the
engine's player to move, so one agent may act several times in a row (set-up placements, a draw
and its placement, Divination and its choice). Each action is an index of the set's
:class:`~dukec.rl.layout.ActionLayout` (``Discrete(layout.size)``); an observation is
``{"observation": tensor, "action_mask": int8 mask}`` (:mod:`dukec.rl.observation`), the mask
all zeros for the agent not to move. Rewards are given when the game ends: +1 to the winner, -1
to the loser; a game that reaches the ply limit is a draw, 0 each, and ends by truncation, every
other end by termination.

Chance is the engine's: a draw from the bag (and terrain, the Dragon, Divination) follows the
game's seed. ``reset(seed=s)`` plays the game of seed ``s``; a ``reset()`` without a seed plays
the next seed after the last one (starting from the environment's own ``seed``, default 0), so
a run of episodes is reproducible; ``infos[agent]["seed"]`` reports it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from dukec.engine import DEFAULT_PLY_LIMIT, Game, Rules, format_action
from dukec.engine.text import board_text
from dukec.rl.layout import ActionFields, ActionLayout
from dukec.rl.observation import ObservationLayout, observe

AGENTS = ("player_0", "player_1")
RENDER_MODES = ("human", "ansi")

Observation = dict[str, npt.NDArray[Any]]


class DukeEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The Duke as a two-agent AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "duke_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        ply_limit: int | None = DEFAULT_PLY_LIMIT,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        self.rules = rules
        self.ply_limit = ply_limit
        self.render_mode = render_mode
        self.layout = ActionLayout(rules)
        self.observation_layout = ObservationLayout.of(rules)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._action_space = gymnasium.spaces.Discrete(self.layout.size)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=0.0, high=np.inf, shape=self.observation_layout.shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(
                    low=0, high=1, shape=(self.layout.size,), dtype=np.int8
                ),
            }
        )
        self._next_seed = 0 if seed is None else seed
        self.game_seed = self._next_seed
        self._game: Game | None = None
        self._legal: dict[int, ActionFields] = {}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]

    @property
    def game(self) -> Game:
        """The engine's game of the current episode."""
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same for both agents)."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(layout.size)`` (the same for both agents)."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the game of ``seed`` (default: the seed after the last game's)."""
        if seed is not None:
            self._next_seed = seed
        self.game_seed = self._next_seed
        self._next_seed += 1
        self._game = Game(self.rules, seed=self.game_seed, ply_limit=self.ply_limit)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"seed": self.game_seed} for agent in self.agents}
        self._follow()

    def step(self, action: int | None) -> None:
        """Play the selected agent's action, an index of the layout that its mask allows."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        game = self.game
        fields = self._legal.get(-1 if action is None else int(action))
        if fields is None:
            raise ValueError(
                f"action {action} is not legal for {agent} now; the observation's action_mask "
                "marks the legal ones"
            )
        self._cumulative_rewards[agent] = 0.0
        game.apply(fields)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        result = game.result
        if result is not None:
            if result.winner is None:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.rewards[AGENTS[result.winner]] = 1.0
                self.rewards[AGENTS[result.winner ^ 1]] = -1.0
                self.terminations = dict.fromkeys(self.agents, True)
            for info in self.infos.values():
                info["reason"] = str(result.reason)
        self._accumulate_rewards()
        self._follow()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The observation tensor and action mask of ``agent``."""
        player = AGENTS.index(agent)
        mask = np.zeros(self.layout.size, dtype=np.int8)
        if agent == self.agent_selection and self._legal:
            mask[list(self._legal)] = 1
        return {
            "observation": observe(self.game, player, self.observation_layout),
            "action_mask": mask,
        }

    def legal_actions(self) -> dict[int, ActionFields]:
        """The legal actions of the agent to move: layout index -> engine action."""
        return dict(self._legal)

    def describe(self, action: int) -> str:
        """An action index in the engine's notation (e.g. ``c2-d3``), for the current state."""
        return format_action(self.game, self.layout.decode(action))

    def render(self) -> str | None:
        """The board as text: returned for ``ansi``, printed for ``human``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = board_text(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    def _follow(self) -> None:
        """Select the engine's player to move and list its legal actions."""
        game = self.game
        legal = game.legal_actions() if game.result is None else []
        self._legal = {self.layout.encode(a): a for a in legal}
        self.agent_selection = AGENTS[game.to_move]
