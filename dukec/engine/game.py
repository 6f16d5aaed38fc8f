"""The mutable game state: legal actions, apply and undo, results, and the game's seeded draws.

One :class:`Game` plays every game set. The base game's rules are here and in
:mod:`dukec.engine.basegame` (its apply and undo), table-driven and changed in place from compact
undo records; a game set that uses any rule feature (``rules.expanded``) plays its turns through
:mod:`dukec.engine.turn`, which hooks in at the points listed on :class:`Game` and keeps its changes
on a :class:`~dukec.engine.trail.Trail`. The action vocabulary is :mod:`dukec.engine.actions`.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, cast

from dukec.engine import facade, featureplay, movement, opening, playout, tablemoves, turn
from dukec.engine.actions import (
    DRAW,
    KIND_NAMES,
    Action,
    ActionKind,
    ActionTuple,
    Phase,
    Reason,
    Result,
    draw_index,
)
from dukec.engine.basegame import BaseGame, BaseRecord
from dukec.engine.feature import Feature
from dukec.engine.features import Registry
from dukec.engine.notation import Scene, format_action, parse_action
from dukec.engine.reach import Reach
from dukec.engine.rules import BACK, EMPTY, FRONT, Rules

if TYPE_CHECKING:
    from dukec.engine.zobrist import Keeper


class Game(BaseGame):
    """A game of The Duke in progress under one set of rules; changed in place by apply/undo.

    Hook points: ``_legal``, ``_has_legal``, ``_check``, ``_apply``, ``_undo``, ``_attacked``,
    ``_random_action`` and ``_play_random`` are the base game's (the ``_base_*`` methods here,
    :mod:`dukec.engine.tablemoves`' generator and :mod:`dukec.engine.playout`'s random play);
    where the rules use features (``features``), they are :mod:`dukec.engine.turn`'s (random
    play: :mod:`dukec.engine.featureplay`'s, icons: :mod:`dukec.engine.movement`'s). (Methods
    that branch, not callables stored on the game: a game that held its own bound methods
    would be a reference cycle, left for the garbage collector instead of freed when the last
    reference to it goes. One class with one base, so that it compiles: see "The compiled
    engine" in docs/architecture.md.)
    """

    def __init__(
        self, rules: Rules, seed: int = 0, ply_limit: int | None = None, setup: bool = True
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.ply_limit = ply_limit
        #: The rules use a rule feature: the turn is turn's.
        self.features = rules.expanded is not None
        geometry = rules.geometry
        self.size = geometry.size
        self.neighbours = rules.neighbours
        self.move_actions = rules.move_actions
        self.strike_actions = rules.strike_actions
        self.board: list[int] = [EMPTY] * geometry.size
        self.pieces: list[set[int]] = [set(), set()]
        self.duke: list[int] = [-1, -1]
        self.bags: list[list[int]] = [list(rules.bags[0]), list(rules.bags[1])]
        self.captured: list[list[int]] = [[], []]
        self.to_move = 0
        self.phase = Phase.SETUP
        self.setup_index = 0
        self.drawn = -1
        self.ply = 0
        self.draws = 0
        # Undo records: (action, a, b, result before); a and b depend on the kind of action
        # (with features: the trail's mark before the action, 0, None).
        self.history: list[BaseRecord] = []
        #: The result an action decided (a capture, an objective, the ply limit), if any.
        self.over: Result | None = None
        self._version = 0
        #: What apply and undo go through while a search keeps its books, such as a Zobrist
        #: key (see :class:`~dukec.engine.zobrist.Keyed`).
        self.keyed: Keeper | None = None
        self._cached: tuple[int, Result | None] = (-1, None)
        if not setup or not rules.setup:
            self.setup_index = len(rules.setup)
            self.phase = Phase.PLAY
        self._init_features(rules)
        if not self.features:
            return
        self.reach: Reach = rules.reach
        #: The rule features, in the order the turn calls them, and by what each owns.
        self.registry: Registry = rules.features
        self.plugins: tuple[Feature, ...] = self.registry.ordered
        traits = rules.traits
        self.edge_freezes = traits.edge_freezes
        self.wins_to_check = traits.wins_to_check
        self.wins_beyond_tiles = traits.wins_beyond_tiles
        #: Nothing follows an action but the Duke-danger test (no feature's after_action
        #: changes anything in this game set).
        self.nothing_after_action = self.registry.nothing_after_action
        #: That, and taking the Duke wins: a turn may be the base game's
        #: (:func:`dukec.engine.turn.base_board`).
        self.base_turns = self.nothing_after_action and self.objective.duke_capture_wins
        self.any_defense = traits.any_defense
        self.escapes = traits.escapes
        self.any_ransom = traits.any_ransom
        self.escapes_or_ransoms = traits.escapes_or_ransoms
        self.open_carried = traits.open_carried
        # Only the types in play can come onto the board in a game from set-up; a game built
        # otherwise (a position) may hold any (see any_tiles).
        self.ability_codes = traits.abilities_in_play if setup else traits.ability_codes
        if setup:
            opening.begin(self)

    # ----------------------------------------------------------------- queries

    def keeps_scores(self) -> bool:
        """Whether the game counts points (``scores``), as some objectives do."""
        return self.features and self.registry.keeps_scores

    def code_at(self, square: int) -> int:
        """The piece code on a square (-1 if empty)."""
        return self.board[square]

    def tile_at(self, square: int) -> tuple[int, int, int] | None:
        """(tile type, side, owner) on a square, or None if empty."""
        code = self.board[square]
        if code < 0:
            return None
        return code >> 2, (code >> 1) & 1, code & 1

    def place_tile(self, square: int, tile: int, side: int, owner: int) -> None:
        """Put a tile on an empty square (to build positions; not an action)."""
        if self.board[square] >= 0:
            raise ValueError(f"square {self.rules.geometry.name(square)} is occupied")
        code = self.rules.code(tile, side, owner)
        if self.rules.expanded is not None:
            self.any_tiles()
        self.board[square] = code
        self.pieces[owner].add(square)
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = square
        self._version += 1

    def any_tiles(self) -> None:
        """Tiles of any type may come into play (a position may hold tiles and bags that no
        army of the set has): every type's abilities are looked for from now on."""
        self.ability_codes = self.rules.traits.ability_codes

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

    def placement_tile(self) -> int:
        """The tile type the next placement puts down (-1 if no placement is due)."""
        if self.phase is Phase.PLACING:
            return self.drawn
        if self.phase is Phase.SETUP:
            return self.setup_tiles[self.setup_index]  # -1: chosen from the bag
        return -1

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

    def __str__(self) -> str:
        """The board as text, rank 1 at the bottom, with each player's bag and losses and a
        status line (:func:`dukec.engine.facade.game_text`)."""
        return facade.game_text(self)

    def __repr__(self) -> str:
        """``<Game 'base' ply 12: player 1 to move>``."""
        return facade.game_repr(self)

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
        from dukec.engine.position import position_to_json

        start = self.copy()
        start.keyed = None  # a search's books stay behind
        played: list[ActionTuple] = []
        while start.history:
            played.append(start.undo())
        played.reverse()
        began = position_to_json(start)
        return (remade, (self.rules, self.seed, self.ply_limit, began, played))

    # ------------------------------------------------------------- generation

    def _placements(self) -> list[int]:
        """Legal squares for the placement that is due (set-up or after a draw)."""
        if self.phase is Phase.SETUP:
            return self._setup_squares()
        board = self.board
        me = self.to_move
        duke = self.duke[me]
        if duke < 0:
            return []
        empty = [n for n in self.neighbours[duke] if board[n] < 0]
        if not empty or not tablemoves.attacked(self, duke, me ^ 1):
            return empty
        safe = []
        for n in empty:
            board[n] = me  # any friendly tile blocks the same lines
            if not tablemoves.attacked(self, duke, me ^ 1):
                safe.append(n)
            board[n] = EMPTY
        return safe

    def _setup_squares(self) -> list[int]:
        """Squares for the set-up placement that is due: its own, or beside a tile."""
        board = self.board
        step = self.rules.setup[self.setup_index]
        if step.squares is not None:
            return [s for s in step.squares if board[s] < 0]
        if step.beside is not None:
            beside = [s for s in self.pieces[self.to_move] if board[s] >> 2 == step.beside]
        else:
            types = step.beside_of
            beside = [s for s in self.pieces[self.to_move] if board[s] >> 2 in types]
        if len(beside) == 1:  # most often: no square found twice, none to drop
            found = [n for n in self.neighbours[beside[0]] if board[n] < 0]
            found.sort()
            return found
        return sorted({n for s in beside for n in self.neighbours[s] if board[n] < 0})

    def _base_check(self, action: ActionTuple) -> bool:
        """Whether a pseudo-legal action obeys the Duke-danger rule (tries it and undoes it)."""
        kind = action[0]
        me = self.to_move
        if kind == DRAW:
            return bool(self._placements_after_draw())
        self._base_apply(action)
        ok = self._safe(me)
        self._base_undo()
        return ok

    def _safe(self, me: int) -> bool:
        """After ``me`` acted: the Duke is not capturable, or the action captured the enemy's."""
        duke = self.duke[me]
        if duke < 0 or not tablemoves.attacked(self, duke, me ^ 1):
            return True
        over = self.over
        return over is not None and over.reason is Reason.DUKE_CAPTURED

    def _placements_after_draw(self) -> list[int]:
        saved = self.phase
        self.phase = Phase.PLACING
        try:
            return self._placements()
        finally:
            self.phase = saved

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
        return turn.check(self, action) if self.features else self._base_check(action)

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
    from dukec.engine.position import position_from_json

    game = position_from_json(rules, began, seed=seed, ply_limit=ply_limit)
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
