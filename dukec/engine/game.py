"""The mutable game state: legal actions, apply and undo, results, and the game's seeded draws.

An action is a 5-tuple ``(kind, frm, to, by, tile)`` of ints; :class:`Action` is the same tuple
with names. ``frm``/``to`` are square indices, ``by`` the commanding tile's square of a
command, ``tile`` the tile type of a forced draw (-1: drawn with the game's random source). The
state is changed in place and every change is undone from an undo record, never by copying.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from dukec.engine.rules import BACK, EMPTY, FRONT, Rules

_MASK64 = (1 << 64) - 1

ActionTuple = tuple[int, int, int, int, int]


class ActionKind(IntEnum):
    """What an action does."""

    MOVE = 0
    STRIKE = 1
    COMMAND = 2
    DRAW = 3
    PLACE = 4
    FLAG_PASS = 5
    FLAG_PLACE = 6
    SUMMON = 7
    DIVINE = 8
    CHOOSE = 9
    ESCAPE = 10
    RANSOM = 11
    DRAFT = 12


KIND_NAMES = (
    "move",
    "strike",
    "command",
    "draw",
    "place",
    "flag_pass",
    "flag_place",
    "summon",
    "divine",
    "choose",
    "escape",
    "ransom",
    "draft",
)

MOVE, STRIKE, COMMAND, DRAW, PLACE = 0, 1, 2, 3, 4
# Expanded play (see dukec.engine.expanded): abilities, banners, drafting.
FLAG_PASS, FLAG_PLACE, SUMMON, DIVINE, CHOOSE, ESCAPE, RANSOM, DRAFT = 5, 6, 7, 8, 9, 10, 11, 12


class Action(NamedTuple):
    """One decision: a move (any movement icon), strike, command, draw, or placement."""

    kind: int
    frm: int = -1
    to: int = -1
    by: int = -1
    tile: int = -1


class Phase(IntEnum):
    """Where the game is within a turn."""

    SETUP = 0
    PLAY = 1
    PLACING = 2
    # Expanded play only.
    DRAFT = 3
    FLAGS = 4
    CHOOSE = 5
    RELOCATE = 6


class Reason(StrEnum):
    """Why a game ended."""

    DUKE_CAPTURED = "duke captured"
    NO_LEGAL_ACTION = "no legal action"
    PLY_LIMIT = "ply limit"
    RESIGNED = "resigned"
    # Alternate objectives.
    SCORE = "score"
    FLAG_HOME = "flag home"
    CAPTURED_TILES = "captured tiles"
    REACHED_EDGE = "reached edge"
    NO_TILES = "no tiles left"


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: the winner (None for the adjudicated ply-limit draw) and why."""

    winner: int | None
    reason: Reason


def draw_index(seed: int, draw_number: int, bag_size: int) -> int:
    """Which of ``bag_size`` tiles (in bag order) the ``draw_number``-th draw of a game takes.

    A counter-based generator (splitmix64 of seed and draw number): a draw depends only on the
    seed and how many draws came before, so undoing a draw needs no saved generator state.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (draw_number + 1) * 0xD1B54A32D192ED03) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return z % bag_size


class Game:
    """A game of The Duke in progress under one set of rules; changed in place by apply/undo.

    Rules that use expanded play (``rules.expanded``) get the expanded engine, a subclass.
    """

    def __new__(cls, rules: Rules, *args: object, **kwargs: object) -> Game:
        if cls is Game and rules.expanded is not None:
            from dukec.engine.expanded import ExpandedGame

            return super().__new__(ExpandedGame)
        return super().__new__(cls)

    def __init__(
        self, rules: Rules, seed: int = 0, ply_limit: int | None = None, setup: bool = True
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.ply_limit = ply_limit
        geometry = rules.geometry
        self._size = geometry.size
        self._neighbours = tuple(geometry.neighbours(s) for s in range(geometry.size))
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
        # Undo records: (action, a, b, result before); a and b depend on the kind of action.
        self.history: list[tuple[ActionTuple, int, int, Result | None]] = []
        self._over: Result | None = None
        self._version = 0
        self._cached: tuple[int, Result | None] = (-1, None)
        if not setup or not rules.setup:
            self.setup_index = len(rules.setup)
            self.phase = Phase.PLAY

    # ----------------------------------------------------------------- queries

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
        self.board[square] = code
        self.pieces[owner].add(square)
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = square
        self._version += 1

    @property
    def result(self) -> Result | None:
        """The result if the game is over (the player to move with no legal action loses)."""
        if self._over is not None:
            return self._over
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
            return self.rules.setup[self.setup_index].tile
        return -1

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order (none once it is over)."""
        return [Action(*a) for a in self._legal()]

    def is_legal(self, action: ActionTuple) -> bool:
        """Whether an action is legal now."""
        if action[0] == DRAW and action[4] >= 0:
            return action[4] in self.bags[self.to_move] and (DRAW, -1, -1, -1, -1) in self._legal()
        return tuple(action) in self._legal()

    def draw_outcomes(self) -> list[tuple[int, float]]:
        """(tile type, probability) of each distinct tile a draw could give the player to move."""
        bag = self.bags[self.to_move]
        return [(t, bag.count(t) / len(bag)) for t in sorted(set(bag))]

    # ------------------------------------------------------------- generation

    def _legal(self) -> list[ActionTuple]:
        if self._over is not None:
            return []
        if self.phase is not Phase.PLAY:
            return [(PLACE, -1, s, -1, self.placement_tile()) for s in self._placements()]
        return [a for a in self._pseudo() if self._check(a)]

    def _has_legal(self) -> bool:
        if self.phase is not Phase.PLAY:
            return bool(self._placements())
        return any(self._check(a) for a in self._pseudo())

    def _placements(self) -> list[int]:
        """Legal squares for the placement that is due (set-up or after a draw)."""
        board = self.board
        me = self.to_move
        if self.phase is Phase.SETUP:
            step = self.rules.setup[self.setup_index]
            if step.squares is not None:
                return [s for s in step.squares if board[s] < 0]
            found = {
                n
                for s in self.pieces[me]
                if board[s] >> 2 == step.beside
                for n in self._neighbours[s]
                if board[n] < 0
            }
            return sorted(found)
        duke = self.duke[me]
        if duke < 0:
            return []
        empty = [n for n in self._neighbours[duke] if board[n] < 0]
        if not empty or not self._attacked(duke, me ^ 1):
            return empty
        safe = []
        for n in empty:
            board[n] = me  # any friendly tile blocks the same lines
            if not self._attacked(duke, me ^ 1):
                safe.append(n)
            board[n] = EMPTY
        return safe

    def _pseudo(self) -> list[ActionTuple]:
        """Actions allowed by the icons alone, before the Duke-danger rule."""
        me = self.to_move
        board = self.board
        tables = self.rules.tables
        direct, pathed, rays = tables.direct, tables.pathed, tables.rays
        strikes, command, overlap = tables.strikes, tables.command, tables.overlap
        mine = tables.mine[me]
        not_mine = tables.not_mine[me]
        size = self._size
        out: list[ActionTuple] = []
        app = out.append
        for frm in sorted(self.pieces[me]):
            k = board[frm] * size + frm
            start = len(out)
            for t in direct[k]:
                if not_mine[board[t]]:
                    app((MOVE, frm, t, -1, -1))
            for t, path in pathed[k]:
                if not_mine[board[t]]:
                    for b in path:
                        if board[b] >= 0:
                            break
                    else:
                        app((MOVE, frm, t, -1, -1))
            for ray in rays[k]:
                for t in ray:
                    v = board[t]
                    if v < 0:
                        app((MOVE, frm, t, -1, -1))
                    else:
                        if not_mine[v]:
                            app((MOVE, frm, t, -1, -1))
                        break
            if overlap[k]:
                out[start:] = list(dict.fromkeys(out[start:]))
            for t in strikes[k]:
                v = board[t]
                if v >= 0 and not_mine[v]:
                    app((STRIKE, frm, t, -1, -1))
            squares = command[k]
            if squares:
                for q in squares:
                    if mine[board[q]]:
                        for t in squares:
                            if t != q and not_mine[board[t]]:
                                app((COMMAND, q, t, frm, -1))
        duke = self.duke[me]
        if self.bags[me] and duke >= 0:
            for n in self._neighbours[duke]:
                if board[n] < 0:
                    app((DRAW, -1, -1, -1, -1))
                    break
        return out

    def _attacked(self, target: int, by: int) -> bool:
        """Whether a tile of ``by`` could capture on ``target`` with one action now."""
        board = self.board
        tables = self.rules.tables
        attack = tables.attack
        size = self._size
        for s in self.pieces[by]:
            code = board[s]
            alternatives = attack[code * size + s].get(target)
            if alternatives is not None:
                for blockers in alternatives:
                    for b in blockers:
                        if board[b] >= 0:
                            break
                    else:
                        return True
            if tables.has_command[code]:
                squares = tables.command[code * size + s]
                if target in squares:
                    for q in squares:
                        if q != target and board[q] >= 0 and board[q] & 1 == by:
                            return True
        return False

    def _check(self, action: ActionTuple) -> bool:
        """Whether a pseudo-legal action obeys the Duke-danger rule (tries it and undoes it)."""
        kind = action[0]
        me = self.to_move
        if kind == DRAW:
            return bool(self._placements_after_draw())
        self._apply(action)
        ok = self._safe(me)
        self.undo()
        return ok

    def _safe(self, me: int) -> bool:
        """After ``me`` acted: the Duke is not capturable, or the action captured the enemy's."""
        duke = self.duke[me]
        if duke < 0 or not self._attacked(duke, me ^ 1):
            return True
        over = self._over
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
        self._apply(tuple(action))  # type: ignore[arg-type]

    def _apply(self, action: ActionTuple) -> None:
        kind, frm, to, by, tile = action
        board = self.board
        me = self.to_move
        tables = self.rules.tables
        over = self._over
        self._version += 1
        if kind in (MOVE, COMMAND):
            code = board[frm]
            captured = board[to]
            board[frm] = EMPTY
            pieces = self.pieces[me]
            pieces.discard(frm)
            pieces.add(to)
            if kind == MOVE:
                board[to] = code ^ 2
            else:
                board[to] = code
                board[by] ^= 2
            if tables.is_duke[code]:
                self.duke[me] = to
            if captured >= 0:
                self._capture(captured, to)
            self.history.append((action, code, captured, over))
            self._end_turn()
        elif kind == STRIKE:
            captured = board[to]
            board[to] = EMPTY
            board[frm] ^= 2
            self._capture(captured, to)
            self.history.append((action, board[frm], captured, over))
            self._end_turn()
        elif kind == DRAW:
            bag = self.bags[me]
            index = bag.index(tile) if tile >= 0 else draw_index(self.seed, self.draws, len(bag))
            self.drawn = bag.pop(index)
            self.draws += 1
            self.phase = Phase.PLACING
            self.history.append((action, index, -1, over))
        else:  # PLACE
            placed = (
                self.drawn
                if self.phase is Phase.PLACING
                else self.rules.setup[self.setup_index].tile
            )
            code = (placed * 2 + FRONT) * 2 + me
            board[to] = code
            self.pieces[me].add(to)
            if tables.is_duke[code]:
                self.duke[me] = to
            if self.phase is Phase.PLACING:
                self.history.append((action, self.drawn, -1, over))
                self.drawn = -1
                self.phase = Phase.PLAY
                self._end_turn()
            else:
                self.history.append((action, placed, -2, over))
                self.setup_index += 1
                if self.setup_index >= len(self.rules.setup):
                    # The player who set up first begins (rulebook, "How to play").
                    self.phase = Phase.PLAY
                    self.to_move = self.rules.setup[0].owner
                else:
                    self.to_move = self.rules.setup[self.setup_index].owner

    def _capture(self, code: int, square: int) -> None:
        owner = code & 1
        self.pieces[owner].discard(square)
        self.captured[owner].append(code >> 2)
        if self.rules.tables.is_duke[code] and self.duke[owner] == square:
            self.duke[owner] = -1
            self._over = Result(owner ^ 1, Reason.DUKE_CAPTURED)

    def _end_turn(self) -> None:
        self.to_move ^= 1
        self.ply += 1
        if self._over is None and self.ply_limit is not None and self.ply >= self.ply_limit:
            self._over = Result(None, Reason.PLY_LIMIT)

    # ------------------------------------------------------------------- undo

    def undo(self) -> ActionTuple:
        """Take back the last action and return it."""
        action, a, b, over = self.history.pop()
        kind, frm, to, by, _tile = action
        board = self.board
        self._over = over
        self._version += 1
        if kind in (MOVE, COMMAND):
            self.ply -= 1
            me = self.to_move = self.to_move ^ 1
            code = a
            captured = b
            board[frm] = code
            board[to] = captured
            pieces = self.pieces[me]
            pieces.discard(to)
            pieces.add(frm)
            if kind == COMMAND:
                board[by] ^= 2
            if self.rules.tables.is_duke[code]:
                self.duke[me] = frm
            if captured >= 0:
                self._uncapture(captured, to)
        elif kind == STRIKE:
            self.ply -= 1
            self.to_move ^= 1
            board[frm] ^= 2
            board[to] = b
            self._uncapture(b, to)
        elif kind == DRAW:
            bag = self.bags[self.to_move]
            bag.insert(a, self.drawn)
            self.drawn = -1
            self.draws -= 1
            self.phase = Phase.PLAY
        elif b == -2:  # set-up placement
            self.setup_index -= 1
            self.phase = Phase.SETUP
            me = self.to_move = self.rules.setup[self.setup_index].owner
            self._unplace(to, me)
        else:  # placement after a draw
            self.ply -= 1
            me = self.to_move = self.to_move ^ 1
            self.drawn = a
            self.phase = Phase.PLACING
            self._unplace(to, me)
        return action

    def _uncapture(self, code: int, square: int) -> None:
        owner = code & 1
        self.pieces[owner].add(square)
        self.captured[owner].pop()
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = square

    def _unplace(self, square: int, owner: int) -> None:
        code = self.board[square]
        self.board[square] = EMPTY
        self.pieces[owner].discard(square)
        if self.rules.tables.is_duke[code]:
            self.duke[owner] = -1

    # ------------------------------------------------------------ random play

    def random_action(self, rng: random.Random) -> Action | None:
        """A legal action chosen uniformly at random (None if there is none); not applied."""
        if self._over is not None:
            return None
        if self.phase is not Phase.PLAY:
            squares = self._placements()
            if not squares:
                return None
            return Action(
                PLACE, -1, squares[int(rng.random() * len(squares))], -1, self.placement_tile()
            )
        return self._sample_legal(self._pseudo(), rng)

    def _sample_legal(self, actions: list[ActionTuple], rng: random.Random) -> Action | None:
        """One of ``actions`` that passes the Duke-danger test, uniformly; None if none does.

        Sampling a pseudo-legal action and rejecting it if illegal, then resampling among the
        rest, is exactly uniform over the legal actions and rarely tests them all.
        """
        rand = rng.random
        while actions:
            i = int(rand() * len(actions))
            action = actions[i]
            if self._check(action):
                return Action(*action)
            actions[i] = actions[-1]
            actions.pop()
        return None

    def play_random(self, rng: random.Random) -> bool:
        """Apply a uniformly random legal action; False (nothing applied) if there is none."""
        if self._over is not None:
            return False
        if self.phase is not Phase.PLAY:
            squares = self._placements()
            if not squares:
                return False
            square = squares[int(rng.random() * len(squares))]
            self._apply((PLACE, -1, square, -1, self.placement_tile()))
            return True
        me = self.to_move
        actions = self._pseudo()
        rand = rng.random
        duke = self.duke[me]
        safe_now = duke < 0 or not self._attacked(duke, me ^ 1)
        while actions:
            i = int(rand() * len(actions))
            action = actions[i]
            kind = action[0]
            if kind == DRAW:
                if safe_now or self._placements_after_draw():
                    self._apply(action)
                    return True
            elif kind == STRIKE and safe_now:
                self._apply(action)
                return True
            else:
                self._apply(action)
                if self._safe(me):
                    return True
                self.undo()
            actions[i] = actions[-1]
            actions.pop()
        return False


__all__ = [
    "BACK",
    "FRONT",
    "KIND_NAMES",
    "Action",
    "ActionKind",
    "Game",
    "Phase",
    "Reason",
    "Result",
    "draw_index",
]
