"""The mutable game: legal actions, apply and undo, results, and the front door to them.

One :class:`Game` plays every game set. Its state is the kernel's
(:class:`~dukec.engine.feature.Kernel`, which the turn and the features take); the base game's
rules are :mod:`dukec.engine.basegame`'s (its apply and undo, table-driven and changed in place
from compact undo records) and :mod:`dukec.engine.tablemoves`' (its legal actions); a game set
that uses any rule feature (``rules.expanded``) plays its turns through :mod:`dukec.engine.turn`,
which hooks in at the points listed on :class:`Game` and keeps its changes on a
:class:`~dukec.engine.trail.Trail`. The action vocabulary is :mod:`dukec.engine.actions`.
"""

from __future__ import annotations

import copy
import random
from typing import Any, cast

from dukec.engine import facade, featureplay, movement, opening, playout, tablemoves, turn
from dukec.engine.actions import (
    DRAW,
    KIND_NAMES,
    ActionKind,
    ActionTuple,
    Phase,
    Reason,
    Result,
    draw_index,
)
from dukec.engine.facade import Action
from dukec.engine.feature import Kernel, Scene
from dukec.engine.features import registry_of, state_key
from dukec.engine.notation import format_action, parse_action
from dukec.engine.position_read import read_game
from dukec.engine.position_write import position_to_json
from dukec.engine.rules import BACK, FRONT, Rules
from dukec.engine.text import game_repr, game_text


class Game(Kernel):
    """A game of The Duke in progress under one set of rules; changed in place by apply/undo.

    Hook points: ``_legal``, ``_has_legal``, ``_check``, ``_apply``, ``_undo``, ``_attacked``,
    ``_random_action`` and ``_play_random`` are the base game's (its apply and undo,
    :mod:`dukec.engine.tablemoves`' generator and :mod:`dukec.engine.playout`'s random play);
    where the rules use features (``features``), they are :mod:`dukec.engine.turn`'s (random
    play: :mod:`dukec.engine.featureplay`'s, icons: :mod:`dukec.engine.movement`'s). (Methods
    that branch, not callables stored on the game: a game that held its own bound methods
    would be a reference cycle, left for the garbage collector instead of freed when the last
    reference to it goes. One class with one base, so that it compiles: see "The compiled
    engine" in docs/internals.md.)
    """

    def __init__(
        self, rules: Rules, seed: int = 0, ply_limit: int | None = None, setup: bool = True
    ) -> None:
        registry = registry_of(rules) if rules.expanded is not None else None
        super().__init__(rules, seed, ply_limit, setup, registry)
        if setup and registry is not None:
            opening.begin(self)

    # ----------------------------------------------------------------- queries

    @property
    def result(self) -> Result | None:
        """The result if the game is over (the player to move with no legal action loses)."""
        if self.over is not None:
            return self.over
        if self._cached[0] == self._version:
            return self._cached[1]
        found = None if self._has_legal() else Result(self.to_move ^ 1, Reason.NO_LEGAL_ACTION)
        self._cached = (self._version, found)
        return found

    def in_guard(self, owner: int | None = None) -> bool:
        """Whether ``owner``'s Duke (default: the player to move's) is in Guard: capturable now."""
        owner = self.to_move if owner is None else owner
        duke = self.duke[owner]
        return duke >= 0 and self._attacked(duke, owner ^ 1)

    def setup_step(self) -> int:
        """Index of the next set-up step (``len(rules.setup)`` once play has begun)."""
        return self.setup_index

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order (none once it is over);
        each prints in notation (``Action('b1-b3')``)."""
        return facade.notated(self._legal(), Scene(self, True))

    def is_legal(self, action: ActionTuple) -> bool:
        """Whether an action is legal now."""
        if action[0] == DRAW and action[4] >= 0:
            return action[4] in self.bags[self.to_move] and (DRAW, -1, -1, -1, -1) in self._legal()
        return tuple(action) in self._legal()

    def draw_outcomes(self) -> list[tuple[int, float]]:
        """(tile type, probability) of each distinct tile a draw could give the player to move."""
        bag = self.bags[self.to_move]
        return [(t, bag.count(t) / len(bag)) for t in sorted(set(bag))]

    def random_action(self, rng: random.Random) -> Action | None:
        """A legal action chosen uniformly at random (None if there is none); not applied."""
        return self._random_action(rng)

    def play_random(self, rng: random.Random) -> bool:
        """Apply a uniformly random legal action; False (nothing applied) if there is none."""
        return self._play_random(rng)

    # ------------------------------------------- the front door (python-chess's names)

    def push(self, action: Action) -> None:
        """Play ``action``; :class:`~dukec.engine.facade.IllegalActionError` (nothing played) if
        it is not legal now. (:meth:`apply` plays without the test, for search.)"""
        # Typed Action, not ActionTuple: the compiled engine keeps the object, and the error
        # shows it as it prints.
        if not self.is_legal(action):
            raise facade.illegal(self, action)
        self.apply(action)

    def push_notation(self, text: str) -> Action:
        """Play the legal action that ``text`` names (``"b1-b3"``) and return it;
        :class:`~dukec.engine.notation.NotationError` (nothing played) if none does."""
        action = parse_action(self, text)
        self.apply(action)
        return action

    def pop(self) -> Action:
        """Take back the last action and return it; IndexError if none was played."""
        if not self.history:
            raise IndexError("no action to take back")
        return facade.notated([self.undo()], Scene(self, True))[0]

    def peek(self) -> Action:
        """The last action played (the game is left as it is); IndexError if none was."""
        action = self.pop()
        self.apply(action)
        return action

    def copy(self) -> Game:
        """A copy that plays and takes back on its own (``copy.deepcopy(game)``)."""
        return copy.deepcopy(self)

    def is_game_over(self) -> bool:
        """Whether the game is over (:meth:`outcome` says how)."""
        return self.result is not None

    def outcome(self) -> Result | None:
        """How the game ended: ``winner`` (0, 1, or None for a draw) and ``reason``; None while
        it goes on."""
        return self.result

    def parse_action(self, text: str) -> Action:
        """The legal action that ``text`` names, not played;
        :class:`~dukec.engine.notation.NotationError` saying why if none does."""
        return parse_action(self, text)

    def notation(self, action: ActionTuple) -> str:
        """The notation of ``action`` here, before it is played (``b1-b3``)."""
        return format_action(self, action)

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for comparing two states exactly (the registry
        knows every feature's part: :func:`dukec.engine.features.state_key`)."""
        return state_key(self)

    def __str__(self) -> str:
        """The board as text, rank 1 at the bottom, with each player's bag and losses and a
        status line (:func:`dukec.engine.text.game_text`)."""
        return game_text(self)

    def __repr__(self) -> str:
        """``<Game 'base' ply 12: player 1 to move>``."""
        return game_repr(self)

    def shared_data(self) -> list[object]:
        """The rules' data the game reads, which never changes during a game: copies of the
        game share it."""
        shared: list[object] = [self.rules, self.rules.tables, self.tables, self.extras, self.masks]
        shared += [self.neighbours, *self.extras.shared()]
        shared += [self.move_actions, self.strike_actions]
        if self.features:
            shared += [self.reach, self.registry, self.plugins]
        return shared

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A copy that plays and undoes on its own (the rules' data shared)."""
        memo.update((id(x), x) for x in self.shared_data())
        twin = Game(self.rules, self.seed, self.ply_limit, setup=False)  # its state comes next
        memo[id(self)] = twin
        # The game's fields (its __dict__ in Python, what the compiled class lists when not).
        state = cast(dict[str, Any], self.__getstate__())
        for name, value in state.items():
            setattr(twin, name, copy.deepcopy(value, memo))
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its rules (by value: the tile set and the game set's name), seed and ply
        limit, the position it began at (JSON) and the actions played since: loaded, it plays
        them again, so that it goes on, and takes back, as this game does."""
        start = self.copy()
        start.keyed = None  # a search's books stay behind
        played: list[ActionTuple] = []
        while start.history:
            played.append(start.undo())
        played.reverse()
        began = position_to_json(start)
        return (remade, (self.rules, self.seed, self.ply_limit, began, played))

    # ------------------------------------------------------------------ apply

    def apply(self, action: ActionTuple) -> None:
        """Apply an action (assumed legal; see :meth:`is_legal`)."""
        action = tuple(action)  # type: ignore[assignment]
        if self.keyed is None:
            self._apply(action)
        else:
            self.keyed.apply(action)

    # ------------------------------------------------------------------- undo

    def undo(self) -> ActionTuple:
        """Take back the last action and return it."""
        return self._undo() if self.keyed is None else self.keyed.undo()

    # The hooks (see the class docstring).

    def _legal(self) -> list[ActionTuple]:
        return turn.legal(self) if self.features else tablemoves.legal(self)

    def _has_legal(self) -> bool:
        return turn.has_legal(self) if self.features else tablemoves.has_legal(self)

    def _check(self, action: ActionTuple) -> bool:
        return turn.check(self, action) if self.features else tablemoves.check(self, action)

    def _apply(self, action: ActionTuple) -> None:
        if self.features:
            turn.apply(self, action)
        else:
            self._base_apply(action)

    def _undo(self) -> ActionTuple:
        return turn.undo(self) if self.features else self._base_undo()

    def _attacked(self, target: int, by: int) -> bool:
        if self.features:
            return movement.attacked(self, target, by)
        return tablemoves.attacked(self, target, by)

    def _random_action(self, rng: random.Random) -> Action | None:
        if self.features:
            return featureplay.random_action(self, rng)
        return playout.random_action(self, rng)

    def _play_random(self, rng: random.Random) -> bool:
        if self.features:
            return featureplay.play_random(self, rng)
        return playout.play_random(self, rng)


def remade(
    rules: Rules,
    seed: int,
    ply_limit: int | None,
    began: dict[str, Any],
    played: list[ActionTuple],
) -> Game:
    """A pickled game made again: the game at the position it began at, each action played
    again."""
    game = read_game(rules, began, lambda rules: Game(rules, seed, ply_limit, setup=False))
    for action in played:
        game.apply(action)
    return game


__all__ = [
    "BACK",
    "FRONT",
    "KIND_NAMES",
    "Action",
    "ActionKind",
    "ActionTuple",
    "Game",
    "Phase",
    "Reason",
    "Result",
    "draw_index",
]
