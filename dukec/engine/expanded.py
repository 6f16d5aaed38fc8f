"""Expanded play: Dread, Defense, terrain, enhanced abilities, alternate objectives.

:class:`ExpandedGame` is the :class:`Game` of a game set that uses any of it (``Game(rules)``
gives one when ``rules.expanded`` is set). It keeps the base engine's state and interface and
adds terrain, banners, the roaming tile, frozen tiles, scores and the pre-play phases, all read
from the tile set's data. Clarity over speed here: every action saves a snapshot of the whole
state, and undo restores it exactly; the base game never comes through this module.

Words: a *banner* is a terrain tile that troop tiles carry (the rulebook's flag); the *roaming
tile* is a terrain tile that acts between turns with its own two grids (the rulebook's dragon).

Extra action kinds (the same 5-tuple ``(kind, frm, to, by, tile)``):
``FLAG_PASS (holder, receiver)``; ``FLAG_PLACE (flag square or -1, to)``;
``SUMMON (summoner, to, duke)``; ``DIVINE (tile)``; ``CHOOSE (by=destroyed mask, tile=kept
index)``; ``ESCAPE (tile, to, sacrificed square or -1, ransomed type or -1)``;
``RANSOM (-1, to, escape type, ransom type)``; ``DRAFT (tile=type)``. A Slide or Jump Slide into
the roaming tile pushes it: ``MOVE`` with ``tile`` 0 (enraged, facing the opponent), 1 (facing the
mover's own side) or 2 (the push captures the tile behind it).
"""

from __future__ import annotations

import random
from typing import Any

from dukec.engine.board import crossed_cells, orient
from dukec.engine.extras import Extras, TerrainType, shortest_paths
from dukec.engine.game import (
    CHOOSE,
    COMMAND,
    DIVINE,
    DRAFT,
    DRAW,
    ESCAPE,
    FLAG_PASS,
    FLAG_PLACE,
    MOVE,
    PLACE,
    RANSOM,
    STRIKE,
    SUMMON,
    Action,
    ActionTuple,
    Game,
    Phase,
    Reason,
    Result,
    draw_index,
)
from dukec.engine.rules import EMPTY, FRONT, Rules
from dukec.icons import Icon

#: Salt of the game's random source for terrain and the roaming tile (draws keep their own stream).
_EVENT_SALT = 0x5DEECE66D
#: Pushing the roaming tile: enrage it facing the opponent, facing oneself, or capture behind it.
ENRAGE_AWAY, ENRAGE_HOME, PUSH_CAPTURE = 0, 1, 2

Grid = tuple[tuple[Icon, int, int], ...]


class ExpandedGame(Game):
    """A game with the expanded rules; same interface as :class:`Game`."""

    def __init__(
        self, rules: Rules, seed: int = 0, ply_limit: int | None = None, setup: bool = True
    ) -> None:
        super().__init__(rules, seed=seed, ply_limit=ply_limit, setup=setup)
        extras = rules.expanded if rules.expanded is not None else rules.extras
        assert extras is not None
        self.extras: Extras = extras
        self.objective = extras.objective
        geometry = rules.geometry
        self._files = geometry.files
        self._ranks = geometry.ranks
        ncodes = len(rules.types) * 4
        grids: list[Grid] = []
        dread: list[tuple[tuple[int, int], ...]] = []
        defense: list[tuple[tuple[int, int], ...]] = []
        for code in range(ncodes):
            tile, side, owner = code >> 2, (code >> 1) & 1, code & 1
            icons = rules.types[tile].sides[side]
            oriented = [(i.icon, *orient((i.dx, i.dy), owner)) for i in icons]
            grids.append(tuple((i, dx, dy) for i, dx, dy in oriented))
            dread.append(tuple((dx, dy) for i, dx, dy in oriented if i is Icon.DREAD))
            defense.append(tuple((dx, dy) for i, dx, dy in oriented if i is Icon.DEFENSE))
        self._grids = tuple(grids)
        # Per code, what could ever reach a square: exact offsets (Move, Jump, Strike, and a
        # Command square when there are two), Slide directions with their first step, and
        # whether an ability (Escape) may capture anywhere. The Duke-danger test looks only at
        # tiles that pass this.
        reach: list[tuple[frozenset[tuple[int, int]], tuple[tuple[int, int, int], ...], bool]] = []
        for code, grid in enumerate(grids):
            exact = {(dx, dy) for i, dx, dy in grid if i in (Icon.MOVE, Icon.JUMP, Icon.STRIKE)}
            commands = {(dx, dy) for i, dx, dy in grid if i is Icon.COMMAND}
            if len(commands) > 1:
                exact |= commands
            rays = []
            for i, dx, dy in grid:
                if i is Icon.SLIDE or i is Icon.JUMP_SLIDE:
                    g = max(abs(dx), abs(dy))
                    rays.append((dx // g, dy // g, 1 if i is Icon.SLIDE else 2))
            anywhere = "escape" in extras.abilities[code >> 2]
            reach.append((frozenset(exact), tuple(rays), anywhere))
        self._reach = tuple(reach)
        self._dread_at = tuple(dread)
        self._defense_at = tuple(defense)
        self._any_dread = any(dread)
        self._types: tuple[TerrainType, ...] = extras.terrain_types
        # State beyond the base game's.
        self.terrain: list[int] = [-1] * geometry.size
        self.flags: list[list[int]] = []  # [square, owner (-1: nobody's), terrain index]
        self.dragon: list[int] = [-1, 0, 0, 0, 0, 0]  # square, fx, fy, enraged, rest, reorient
        self.dragon_type = -1
        self.frozen: set[int] = set()
        self.covered: set[int] = set()
        self.settled: set[int] = set()
        self.scores: list[int] = [0, 0]
        self.taken: list[list[int]] = [[], []]
        self.boxed: list[list[int]] = [[], []]
        self.events = 0
        self.pending: list[int] = []
        self.pool: list[int] = []
        self.flag_queue: list[int] = []
        self.relocate = -1
        self.last_events: list[str] = []
        self.history = []
        if setup:
            if self.objective.draft:
                self.pool = list(self.objective.draft)
                self.phase = Phase.DRAFT
                self.to_move = 0
            elif self.phase is Phase.PLAY:
                self._after_setup()

    # ------------------------------------------------------------- snapshots

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            list(self.board),
            [set(p) for p in self.pieces],
            list(self.duke),
            [list(b) for b in self.bags],
            [list(c) for c in self.captured],
            self.to_move,
            self.phase,
            self.setup_index,
            self.drawn,
            self.ply,
            self.draws,
            list(self.terrain),
            [list(f) for f in self.flags],
            list(self.dragon),
            set(self.frozen),
            set(self.covered),
            set(self.settled),
            list(self.scores),
            [list(t) for t in self.taken],
            [list(b) for b in self.boxed],
            self.events,
            list(self.pending),
            list(self.pool),
            list(self.flag_queue),
            self.relocate,
            self._over,
            list(self.last_events),
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.board,
            self.pieces,
            self.duke,
            self.bags,
            self.captured,
            self.to_move,
            self.phase,
            self.setup_index,
            self.drawn,
            self.ply,
            self.draws,
            self.terrain,
            self.flags,
            self.dragon,
            self.frozen,
            self.covered,
            self.settled,
            self.scores,
            self.taken,
            self.boxed,
            self.events,
            self.pending,
            self.pool,
            self.flag_queue,
            self.relocate,
            self._over,
            self.last_events,
        ) = snap
        self._version += 1

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for comparing two states exactly."""
        snap = self._snapshot()
        return tuple(
            tuple(sorted(x)) if isinstance(x, set) else repr(x) if isinstance(x, list) else x
            for x in snap
        )

    # ----------------------------------------------------------------- helpers

    def _shift(self, square: int, dx: int, dy: int) -> int | None:
        rank, file = divmod(square, self._files)
        file += dx
        rank += dy
        if 0 <= file < self._files and 0 <= rank < self._ranks:
            return rank * self._files + file
        return None

    def _delta(self, frm: int, to: int) -> tuple[int, int]:
        r0, f0 = divmod(frm, self._files)
        r1, f1 = divmod(to, self._files)
        return f1 - f0, r1 - r0

    def _home_rank(self, owner: int) -> int:
        return 0 if owner == 0 else self._ranks - 1

    def _random(self, n: int) -> int:
        index = draw_index(self.seed ^ _EVENT_SALT, self.events, n)
        self.events += 1
        return index

    def terrain_type(self, square: int) -> TerrainType | None:
        """The terrain tile on a square (not a banner or the roaming tile), or None."""
        index = self.terrain[square]
        return self._types[index] if index >= 0 else None

    def flag_at(self, square: int) -> int:
        """Index of the banner on a square in ``flags`` (-1 if none)."""
        for index, flag in enumerate(self.flags):
            if flag[0] == square:
                return index
        return -1

    def _blocks(self, square: int, what: str) -> bool:
        t = self.terrain[square]
        if t < 0:
            return False
        kind = self._types[t]
        return bool(getattr(kind, what))

    def _open(self, square: int) -> bool:
        """Empty of troops, banners and the roaming tile, on no terrain that forbids placement."""
        if self.board[square] >= 0 or square == self.dragon[0] or self.flag_at(square) >= 0:
            return False
        t = self.terrain[square]
        return t < 0 or self._types[t].allows_placement

    def _bare(self, square: int) -> bool:
        """No troop, terrain, banner or roaming tile: where set-up terrain may go."""
        return (
            self.board[square] < 0
            and self.terrain[square] < 0
            and self.flag_at(square) < 0
            and square != self.dragon[0]
        )

    def _capturable(self, square: int) -> bool:
        return square not in self.frozen and square not in self.settled

    def _defense_ok(self, frm: int, to: int, how: str) -> bool:
        """The Defense rule: the straight path (or, with none, some path) avoids the target's
        Defense squares, and the attacker does not start on one."""
        code = self.board[to]
        offsets = self._defense_at[code]
        if not offsets:
            return True
        defended = set()
        for dx, dy in offsets:
            q = self._shift(to, dx, dy)
            if q is not None:
                defended.add(q)
        if frm in defended:
            return False
        dx, dy = self._delta(frm, to)
        if how == "move":
            cells = [self._shift(frm, cx, cy) for cx, cy in crossed_cells(dx, dy)]
            return not any(c in defended for c in cells)
        for path in shortest_paths(dx, dy):
            if not any(self._shift(frm, cx, cy) in defended for cx, cy in path):
                return True
        return False

    def _jump_ok(self, frm: int, dx: int, dy: int) -> bool:
        """A jump's straight path, or with none some shortest path, crosses no blocking terrain."""
        for path in shortest_paths(dx, dy):
            blocked = False
            for cx, cy in path:
                q = self._shift(frm, cx, cy)
                if q is not None and self._blocks(q, "blocks_jump"):
                    blocked = True
                    break
            if not blocked:
                return True
        return False

    def _line_clear(self, frm: int, dx: int, dy: int) -> bool:
        """Strike line of sight: no crossed square holds terrain that blocks it."""
        for cx, cy in crossed_cells(dx, dy):
            q = self._shift(frm, cx, cy)
            if q is not None and self._blocks(q, "blocks_strike_line"):
                return False
        return True

    def _enter_ok(self, me: int, frm: int, to: int, how: str, dragon_ok: bool = False) -> bool:
        """Whether the tile on ``frm`` may end a ``how`` movement on ``to`` (capturing there)."""
        if to == self.dragon[0] and not dragon_ok:
            return False
        t = self.terrain[to]
        if t >= 0:
            kind = self._types[t]
            if how not in kind.enter_with or kind.occupants < 1:
                return False
        f = self.flag_at(to)
        if f >= 0 and how not in self._types[self.flags[f][2]].enter_with:
            return False
        if not self._banner_ok(me, frm, to):
            return False
        v = self.board[to]
        if v >= 0:
            if v & 1 == me or not self._capturable(to):
                return False
            if how != "command" and not self._defense_ok(frm, to, how):
                return False
        return True

    def _banner_ok(self, me: int, frm: int, to: int) -> bool:
        """Whether a tile of ``me`` from ``frm`` may end on ``to`` as far as banners go: not on
        a barred one, and not on one while carrying another."""
        f = self.flag_at(to)
        if f < 0:
            return True
        owner = self.flags[f][1]
        barred = self.objective.flag_barred
        if (barred == "own" and owner == me) or (barred == "opponent" and owner == me ^ 1):
            return False
        return frm < 0 or self.flag_at(frm) < 0

    def _path_free(self, frm: int, dx: int, dy: int) -> bool:
        for cx, cy in crossed_cells(dx, dy):
            q = self._shift(frm, cx, cy)
            if q is None:
                continue
            if self.board[q] >= 0 or q == self.dragon[0] or self._blocks(q, "blocks_slide"):
                return False
        return True

    def _ability_ok(self, code: int, ability: str) -> bool:
        sides = self.extras.abilities[code >> 2].get(ability)
        return sides is not None and (code >> 1) & 1 in sides

    # ------------------------------------------------------------- generation

    def _pseudo(self, who: int | None = None) -> list[ActionTuple]:
        """Actions allowed by the icons, terrain and abilities, before the Duke-danger rule."""
        me = self.to_move if who is None else who
        board = self.board
        out: list[ActionTuple] = []
        app = out.append
        for s in sorted(self.pieces[me]):
            if s not in self.frozen and s not in self.settled:
                self._tile_actions(me, s, out)
        if self.objective.flag_passing:
            for q, owner, _t in self.flags:
                v = board[q]
                if v < 0 or v & 1 != me or not self._capturable(q):
                    continue
                if self.objective.flag_barred == "own" and owner == me:
                    continue
                for n in self._neighbours[q]:
                    w = board[n]
                    if w >= 0 and w & 1 == me and self._capturable(n) and self.flag_at(n) < 0:
                        app((FLAG_PASS, q, n, -1, -1))
        self._ransom_actions(me, out)
        duke = self.duke[me]
        if self.bags[me] and duke >= 0 and any(self._open(n) for n in self._neighbours[duke]):
            app((DRAW, -1, -1, -1, -1))
        return list(dict.fromkeys(out))

    def _tile_actions(self, me: int, s: int, out: list[ActionTuple]) -> None:
        """The icon and ability actions of the (unfrozen) tile on ``s``."""
        board = self.board
        app = out.append
        dragon = self.dragon[0]
        code = board[s]
        command: list[int] = []
        for icon, dx, dy in self._grids[code]:
            if icon is Icon.MOVE:
                t = self._shift(s, dx, dy)
                if (
                    t is not None
                    and self._path_free(s, dx, dy)
                    and self._enter_ok(me, s, t, "move")
                ):
                    app((MOVE, s, t, -1, -1))
            elif icon is Icon.JUMP:
                t = self._shift(s, dx, dy)
                if t is not None and self._jump_ok(s, dx, dy) and self._enter_ok(me, s, t, "jump"):
                    app((MOVE, s, t, -1, -1))
            elif icon is Icon.SLIDE or icon is Icon.JUMP_SLIDE:
                how = "slide" if icon is Icon.SLIDE else "jump_slide"
                g = max(abs(dx), abs(dy))
                ux, uy = dx // g, dy // g
                cur = self._shift(s, ux, uy)
                if icon is Icon.JUMP_SLIDE and cur is not None:
                    if self._blocks(cur, "blocks_jump") or self._blocks(cur, "blocks_slide"):
                        continue
                    cur = self._shift(cur, ux, uy)
                while cur is not None:
                    if cur == dragon:
                        self._push_actions(me, s, cur, ux, uy, how, out)
                        break
                    if self._blocks(cur, "blocks_slide"):
                        break
                    if self._enter_ok(me, s, cur, how):
                        app((MOVE, s, cur, -1, -1))
                    if board[cur] >= 0:
                        break
                    cur = self._shift(cur, ux, uy)
            elif icon is Icon.STRIKE:
                t = self._shift(s, dx, dy)
                if t is None:
                    continue
                v = board[t]
                if v < 0 or v & 1 == me or not self._capturable(t):
                    continue
                if self._blocks(t, "shelters_from_strike"):
                    continue
                if self._line_clear(s, dx, dy) and self._defense_ok(s, t, "strike"):
                    app((STRIKE, s, t, -1, -1))
            elif icon is Icon.COMMAND:
                t = self._shift(s, dx, dy)
                if t is not None:
                    command.append(t)
        for q in command:
            v = board[q]
            if v >= 0 and v & 1 == me and self._capturable(q):
                for t in command:
                    if t != q and self._enter_ok(me, q, t, "command"):
                        app((COMMAND, q, t, s, -1))
        if self.extras.abilities[code >> 2]:
            self._ability_actions(me, s, code, out)

    def _push_actions(
        self, me: int, s: int, at: int, ux: int, uy: int, how: str, out: list[ActionTuple]
    ) -> None:
        """A Slide or Jump Slide into the roaming tile pushes it one square on."""
        if self.dragon[3]:
            return  # an enraged roaming tile cannot be enraged again
        behind = self._shift(at, ux, uy)
        if behind is None or not self._enter_ok(me, s, at, how, dragon_ok=True):
            return
        if self.board[behind] >= 0:
            if self._capturable(behind):
                out.append((MOVE, s, at, -1, PUSH_CAPTURE))
            return
        out.append((MOVE, s, at, -1, ENRAGE_AWAY))
        out.append((MOVE, s, at, -1, ENRAGE_HOME))

    def _ability_actions(self, me: int, s: int, code: int, out: list[ActionTuple]) -> None:
        board = self.board
        duke = self.duke[me]
        if self._ability_ok(code, "summon") and duke >= 0 and duke != s:
            for n in self._neighbours[duke]:
                if n != s and self._open(n):
                    out.append((SUMMON, s, n, duke, -1))
        if (
            self._ability_ok(code, "divination")
            and self.bags[me]
            and duke >= 0
            and any(self._open(n) for n in self._neighbours[duke])
        ):
            out.append((DIVINE, s, -1, -1, -1))
        if self._ability_ok(code, "escape"):
            sacrifices: list[tuple[int, int]] = []
            for n in self._neighbours[s]:
                v = board[n]
                if v >= 0 and v & 1 == me and self._capturable(n) and n != duke:
                    sacrifices.append((n, -1))
            for r in sorted(set(self.taken[me])):
                if "ransom" in self.extras.abilities[r]:
                    sacrifices.append((-1, r))
            for sac, ransom in sacrifices:
                for t in self._escape_squares(me, s, sac):
                    out.append((ESCAPE, s, t, sac, ransom))

    def _escape_squares(self, me: int, frm: int, gone: int) -> list[int]:
        """Duke starting squares an escaping tile may go to (``gone`` is already removed)."""
        free: list[int] = []
        friendly: list[int] = []
        for t in self.extras.duke_squares[me]:
            if t == frm or t == self.dragon[0]:
                continue
            kind = self.terrain_type(t)
            if kind is not None and kind.occupants < 1:
                continue
            if not self._banner_ok(me, frm, t):
                continue
            v = self.board[t]
            if v < 0 or t == gone:
                free.append(t)
            elif not self._capturable(t):
                continue
            elif v & 1 != me:
                free.append(t)
            elif t != self.duke[me]:
                friendly.append(t)
        return free or friendly

    def _ransom_actions(self, me: int, out: list[ActionTuple]) -> None:
        abilities = self.extras.abilities
        ransoms = [r for r in sorted(set(self.taken[me])) if "ransom" in abilities[r]]
        if not ransoms:
            return
        escapes = [e for e in sorted(set(self.taken[me ^ 1])) if "escape" in abilities[e]]
        for r in ransoms:
            for e in escapes:
                for t in self._escape_squares(me, -1, -1):
                    out.append((RANSOM, -1, t, e, r))

    def _legal(self) -> list[ActionTuple]:
        if self._over is not None:
            return []
        phase = self.phase
        me = self.to_move
        if phase is Phase.DRAFT:
            return [(DRAFT, -1, -1, -1, t) for t in sorted(set(self.pool))]
        if phase is Phase.SETUP:
            tile = self.rules.setup[self.setup_index].tile
            return [(PLACE, -1, s, -1, tile) for s in Game._placements(self)]
        if phase is Phase.FLAGS:
            return [(FLAG_PLACE, -1, s, -1, -1) for s in self._flag_squares(me)]
        if phase is Phase.RELOCATE:
            at = self.flags[self.relocate][0]
            return [(FLAG_PLACE, at, at, -1, -1)] + [
                (FLAG_PLACE, at, s, -1, -1) for s in self._relocate_squares(me)
            ]
        if phase is Phase.CHOOSE:
            return self._choices()
        if phase is Phase.PLACING:
            return [(PLACE, -1, s, -1, self.drawn) for s in self._placements()]
        return [a for a in self._pseudo() if self._check(a)]

    def _has_legal(self) -> bool:
        return bool(self._legal())

    def _placements(self) -> list[int]:
        """Squares for the drawn tile: open, beside the Duke, keeping the Duke safe if any do."""
        me = self.to_move
        duke = self.duke[me]
        if duke < 0:
            return []
        squares = [n for n in self._neighbours[duke] if self._open(n)]
        safe = [n for n in squares if self._placement_safe(me, n, self.drawn)]
        # A drawn tile must be placed, even where the Duke stays in danger.
        return safe or squares

    def _placement_safe(self, me: int, square: int, tile: int) -> bool:
        snap = self._snapshot()
        code = self.rules.code(tile, FRONT, me)
        self.board[square] = code
        self.pieces[me].add(square)
        self._after_action(me, square)
        ok = self._duke_safe(me)
        self._restore(snap)
        return ok

    def _choices(self) -> list[ActionTuple]:
        """Divination: keep one of the drawn tiles; return each other one or destroy it."""
        found: dict[tuple[int, tuple[int, ...], tuple[int, ...]], ActionTuple] = {}
        drawn = self.pending
        for keep in range(len(drawn)):
            others = [i for i in range(len(drawn)) if i != keep]
            for mask in range(1 << len(others)):
                destroyed = tuple(sorted(drawn[i] for k, i in enumerate(others) if mask >> k & 1))
                back = tuple(sorted(drawn[i] for k, i in enumerate(others) if not mask >> k & 1))
                bits = sum(1 << i for k, i in enumerate(others) if mask >> k & 1)
                found.setdefault((drawn[keep], destroyed, back), (CHOOSE, -1, -1, bits, keep))
        return list(found.values())

    def _flag_squares(self, me: int) -> list[int]:
        where = self.objective.flag_squares
        found = []
        for s in range(self._size):
            if not self._bare(s):
                continue
            file, rank = s % self._files, s // self._files
            if where == "edge" and not (
                file in (0, self._files - 1) or rank in (0, self._ranks - 1)
            ):
                continue
            if where == "opponent_edge" and rank != self._home_rank(me ^ 1):
                continue
            found.append(s)
        return found

    def _relocate_squares(self, me: int) -> list[int]:
        found = {n for s in self.pieces[me] for n in self._neighbours[s] if self._bare(n)}
        return sorted(found)

    # -------------------------------------------------------------- legality

    def _check(self, action: ActionTuple) -> bool:
        """Whether a pseudo-legal action obeys the Duke-danger rule."""
        me = self.to_move
        kind = action[0]
        if kind == DRAW:
            return self._draw_ok(me)
        snap = self._snapshot()
        if kind == DIVINE:
            self.board[action[1]] ^= 2
            ok = self._draw_ok(me)
        else:
            moved = self._act(action)
            self._after_action(me, moved)
            over = self._over
            ok = (over is not None and over.winner == me) or self._duke_safe(me)
        self._restore(snap)
        return ok

    def _draw_ok(self, me: int) -> bool:
        """A draw (or Divination) is legal when some tile of the bag could go somewhere safe."""
        duke = self.duke[me]
        squares = [n for n in self._neighbours[duke] if self._open(n)]
        if not squares:
            return False
        snap = self._snapshot()
        self._release(me ^ 1)  # as at the opponent's next turn
        safe = self._duke_safe(me)
        self._restore(snap)
        if safe:
            return True
        return any(
            self._placement_safe(me, n, tile)
            for tile in sorted(set(self.bags[me]))
            for n in squares
        )

    def _after_action(self, me: int, moved: int) -> None:
        """What follows any action before the opponent's turn: Dread, settling, objectives."""
        self._dread()
        self._settle()
        self._release(me ^ 1)
        self._score(me, moved)
        self._check_wins(me)

    def _duke_safe(self, me: int) -> bool:
        if not self.objective.duke_capture_wins:
            # Where taking the Duke wins nothing, it may be left in danger (the rulebook then
            # says what follows its capture: no more placements).
            return True
        duke = self.duke[me]
        return duke < 0 or not self._attacked(duke, me ^ 1)

    def _could_reach(self, s: int, target: int) -> bool:
        exact, rays, anywhere = self._reach[self.board[s]]
        if anywhere:
            return True
        dx, dy = self._delta(s, target)
        if (dx, dy) in exact:
            return True
        for ux, uy, first in rays:
            k = dx * ux if ux else dy * uy
            if k >= first and dx == k * ux and dy == k * uy:
                return True
        return False

    def _attacked(self, target: int, by: int) -> bool:
        """Whether a tile of ``by`` could capture on ``target`` with one action now."""
        if self.board[target] < 0 or not self._capturable(target):
            return False
        found: list[ActionTuple] = []
        for s in self.pieces[by]:
            if s not in self.frozen and s not in self.settled and self._could_reach(s, target):
                self._tile_actions(by, s, found)
        self._ransom_actions(by, found)
        for action in found:
            kind, frm, to = action[0], action[1], action[2]
            if to == target and kind in (MOVE, STRIKE, COMMAND, ESCAPE, RANSOM):
                return True
            if kind == MOVE and action[4] == PUSH_CAPTURE:
                dx, dy = self._delta(frm, to)
                g = max(abs(dx), abs(dy))
                if self._shift(to, dx // g, dy // g) == target:
                    return True
        return False

    # ------------------------------------------------------------------ apply

    def _apply(self, action: ActionTuple) -> None:
        action = tuple(action)  # type: ignore[assignment]
        self.history.append((action, self._snapshot()))  # type: ignore[arg-type]
        self._version += 1
        self.last_events = []
        kind = action[0]
        me = self.to_move
        phase = self.phase
        if phase is Phase.DRAFT:
            self._draft(action[4])
        elif phase is Phase.SETUP:
            self._setup_place(action[2])
        elif phase is Phase.FLAGS:
            owner = me ^ 1 if self.objective.flag_squares == "opponent_edge" else me
            self.flags.append([action[2], owner, self.flag_queue.pop(0)])
            if self.flag_queue:
                self.to_move ^= 1
            else:
                self._place_terrain()
        elif phase is Phase.RELOCATE:
            flag = self.flags[self.relocate]
            if action[2] != flag[0]:
                self.last_events.append(f"flag {self._name(flag[0])}-{self._name(action[2])}")
            flag[0] = action[2]
            self.relocate = -1
            self.phase = Phase.PLAY
        elif phase is Phase.CHOOSE:
            self._choose(action)
        elif kind == DRAW:
            bag = self.bags[me]
            tile = action[4]
            index = bag.index(tile) if tile >= 0 else draw_index(self.seed, self.draws, len(bag))
            self.drawn = bag.pop(index)
            self.draws += 1
            self.phase = Phase.PLACING
        elif kind == DIVINE:
            self.board[action[1]] ^= 2
            bag = self.bags[me]
            drawn = []
            for _ in range(min(3, len(bag))):
                drawn.append(bag.pop(draw_index(self.seed, self.draws, len(bag))))
                self.draws += 1
            self.pending = sorted(drawn)
            self.phase = Phase.CHOOSE
        elif kind == PLACE:
            code = self.rules.code(self.drawn, FRONT, me)
            self.board[action[2]] = code
            self.pieces[me].add(action[2])
            if self.rules.tables.is_duke[code]:
                self.duke[me] = action[2]
            self.drawn = -1
            self.phase = Phase.PLAY
            self._finish_turn(me, action[2])
        else:
            moved = self._act(action)
            self._finish_turn(me, moved)

    def _name(self, square: int) -> str:
        return self.rules.geometry.name(square)

    def _draft(self, tile: int) -> None:
        me = self.to_move
        count = self.rules.types[tile].count
        self.bags[me] = sorted(self.bags[me] + [tile] * count)
        self.boxed[me ^ 1].extend([tile] * count)
        self.pool = [t for t in self.pool if t != tile]
        self.to_move ^= 1
        if not self.pool:
            if self.rules.setup:
                self.phase = Phase.SETUP
                self.to_move = self.rules.setup[0].owner
            else:
                self._after_setup()

    def _setup_place(self, square: int) -> None:
        me = self.to_move
        placed = self.rules.setup[self.setup_index].tile
        code = self.rules.code(placed, FRONT, me)
        self.board[square] = code
        self.pieces[me].add(square)
        if self.rules.tables.is_duke[code]:
            self.duke[me] = square
        self.setup_index += 1
        if self.setup_index >= len(self.rules.setup):
            self._after_setup()
        else:
            self.to_move = self.rules.setup[self.setup_index].owner

    def _after_setup(self) -> None:
        """Banners are placed by the players, then random terrain and the roaming tile go down."""
        queue = []
        for index, count in self.extras.set_terrain:
            if self._types[index].placement == "chosen":
                queue.extend([index] * count)
        last = self.rules.setup[-1].owner if self.rules.setup else 0
        if queue:
            # The player who finished set-up last places first (rulebook, Counting Coup).
            self.flag_queue = queue
            self.phase = Phase.FLAGS
            self.to_move = last
            return
        self._place_terrain()

    def _place_terrain(self) -> None:
        for index, count in self.extras.set_terrain:
            kind = self._types[index]
            if kind.acts or kind.placement == "chosen":
                continue
            for _ in range(count):
                squares = [s for s in range(self._size) if self._bare(s)]
                if kind.placement == "edge":
                    squares = [s for s in squares if self._on_edge(s)]
                if squares:
                    self.terrain[squares[self._random(len(squares))]] = index
        for index, _count in self.extras.set_terrain:
            if self._types[index].acts:
                self._place_dragon(index)
                break
        self.phase = Phase.PLAY
        self.to_move = self.rules.first_turn
        self._dread()
        self._release(self.to_move)

    def _on_edge(self, s: int) -> bool:
        file, rank = s % self._files, s // self._files
        return file in (0, self._files - 1) or rank in (0, self._ranks - 1)

    def _place_dragon(self, index: int) -> None:
        """In one of the middle four squares facing left or right, where it threatens no tile
        (rulebook: "randomly adjust the set-up until that situation cannot occur")."""
        self.dragon_type = index
        files = sorted({(self._files - 1) // 2, self._files // 2})
        ranks = sorted({(self._ranks - 1) // 2, self._ranks // 2})
        options = [
            (r * self._files + f, facing)
            for r in ranks
            for f in files
            for facing in (-1, 1)
            if self._bare(r * self._files + f)
        ]
        chosen = None
        while options:
            square, facing = options.pop(self._random(len(options)))
            self.dragon[:] = [square, facing, 0, 0, 0, 0]
            chosen = (square, facing)
            if not self._dragon_targets():
                return
        if chosen is None:
            self.dragon[:] = [-1, 0, 0, 0, 0, 0]

    # ----------------------------------------------------------------- actions

    def _act(self, action: ActionTuple) -> int:
        """Carry out a turn's action; the square of a tile that ended a move there, or -1."""
        kind, frm, to, by, tile = action
        me = self.to_move
        board = self.board
        if kind == MOVE:
            if to == self.dragon[0] and tile >= 0:
                return self._push(me, frm, to, tile)
            self._relocate_tile(me, frm, to, flip=True, capture_by=me)
            return to
        if kind == COMMAND:
            self._relocate_tile(me, frm, to, flip=False, capture_by=me)
            board[by] ^= 2
            return to
        if kind == STRIKE:
            board[frm] ^= 2
            self._remove(to, me)
            return -1
        if kind == FLAG_PASS:
            self.flags[self.flag_at(frm)][0] = to
            return -1
        if kind == SUMMON:
            board[by] ^= 2
            self._relocate_tile(me, frm, to, flip=False, capture_by=-1)
            return to
        if kind == ESCAPE:
            if by >= 0:
                self.last_events.append(f"sacrificed {self._tile_name(by)}")
                self._remove(by, -1)
            else:
                self._ransom_back(me, tile)
            self._escape_to(me, frm, to)
            return to
        if kind == RANSOM:
            self._ransom_back(me, tile)
            self.taken[me ^ 1].remove(by)
            self.captured[me].remove(by)
            code = self.rules.code(by, FRONT, me)
            self._clear_destination(me, to)
            board[to] = code
            self.pieces[me].add(to)
            return to
        raise ValueError(f"not a play action: {action}")

    def _roamer(self) -> str:
        return self._types[self.dragon_type].name if self.dragon_type >= 0 else "?"

    def _tile_name(self, square: int) -> str:
        return self.rules.types[self.board[square] >> 2].name

    def _ransom_back(self, me: int, tile: int) -> None:
        """A captured Ransom tile goes back to its owner's bag."""
        self.taken[me].remove(tile)
        self.captured[me ^ 1].remove(tile)
        self.bags[me ^ 1] = sorted([*self.bags[me ^ 1], tile])
        self.last_events.append(f"ransomed {self.rules.types[tile].name}")

    def _clear_destination(self, me: int, to: int) -> None:
        v = self.board[to]
        if v >= 0:
            if v & 1 == me:
                self.last_events.append(f"sacrificed {self._tile_name(to)}")
                self._remove(to, -1)
            else:
                self._remove(to, me)

    def _escape_to(self, me: int, frm: int, to: int) -> None:
        self._clear_destination(me, to)
        code = self.board[frm] & ~2
        self._relocate_tile(me, frm, to, flip=False, capture_by=me)
        self.board[to] = code

    def _relocate_tile(self, me: int, frm: int, to: int, flip: bool, capture_by: int) -> None:
        board = self.board
        code = board[frm]
        if board[to] >= 0:
            self._remove(to, capture_by)
        board[frm] = EMPTY
        board[to] = code ^ 2 if flip else code
        self.pieces[me].discard(frm)
        self.pieces[me].add(to)
        if self.rules.tables.is_duke[code]:
            self.duke[me] = to
        f = self.flag_at(frm)
        if f >= 0:
            self.flags[f][0] = to

    def _remove(self, square: int, by: int) -> None:
        """Take a tile off the board: captured by player ``by``, or (-1) by terrain or a
        sacrifice, which is no capture "by an opponent"."""
        code = self.board[square]
        owner = code & 1
        tile = code >> 2
        self.board[square] = EMPTY
        self.pieces[owner].discard(square)
        self.captured[owner].append(tile)
        self.frozen.discard(square)
        if by >= 0 and by != owner:
            self.taken[by].append(tile)
        if self.rules.tables.is_duke[code] and self.duke[owner] == square:
            self.duke[owner] = -1
            if by == owner ^ 1 and self.objective.duke_capture_wins and self._over is None:
                self._over = Result(by, Reason.DUKE_CAPTURED)

    def _push(self, me: int, frm: int, at: int, how: int) -> int:
        dx, dy = self._delta(frm, at)
        g = max(abs(dx), abs(dy))
        behind = self._shift(at, dx // g, dy // g)
        assert behind is not None
        self._relocate_tile(me, frm, at, flip=True, capture_by=me)
        d = self.dragon
        d[0] = behind
        if how == PUSH_CAPTURE:
            self.last_events.append(f"{self._roamer()} pushed to {self._name(behind)}")
            self._remove(behind, -1)
            d[1], d[2] = (-1, 0) if self._random(2) == 0 else (1, 0)
            # Decision: a push that captures also takes the next action between turns.
            d[4], d[5] = 1, 0
        else:
            toward = 1 if me == 0 else -1
            if how == ENRAGE_HOME:
                toward = -toward
            d[1], d[2], d[3], d[4], d[5] = 0, toward, 1, 1, 0
            self.last_events.append(f"{self._roamer()} enraged on {self._name(behind)}")
        return at

    def _choose(self, action: ActionTuple) -> None:
        me = self.to_move
        mask, keep = action[3], action[4]
        for index, tile in enumerate(self.pending):
            if index == keep:
                self.drawn = tile
            elif mask >> index & 1:
                self.captured[me].append(tile)
            else:
                self.bags[me] = sorted([*self.bags[me], tile])
        self.pending = []
        self.phase = Phase.PLACING

    # --------------------------------------------------------- between turns

    def _finish_turn(self, me: int, moved: int) -> None:
        self._after_action(me, moved)
        self.to_move = me ^ 1
        self.ply += 1
        if self._over is None and self.dragon[0] >= 0:
            self._dragon_turn()
            self._dread()
            self._settle()
            self._check_wins(me)
        self._release(self.to_move)
        if self._over is None and self.relocate >= 0:
            if self._relocate_squares(self.to_move):
                self.phase = Phase.RELOCATE
            else:
                self.relocate = -1
        if self._over is None and self.ply_limit is not None and self.ply >= self.ply_limit:
            self._over = Result(None, Reason.PLY_LIMIT)

    def _dread(self) -> None:
        """Tiles under a Dread icon are frozen (immune: tiles acting as the Duke, tiles with a
        Dread icon, tiles on sheltering terrain; a Dread tile there freezes nothing outside)."""
        if not self._any_dread:
            return
        board = self.board
        covered = set()
        immune_type = self.extras.has_dread_icon
        is_duke = self.rules.tables.is_duke
        for owner in (0, 1):
            for s in self.pieces[owner]:
                offsets = self._dread_at[board[s]]
                if not offsets or self._blocks(s, "shelters_from_dread"):
                    continue
                for dx, dy in offsets:
                    q = self._shift(s, dx, dy)
                    if q is None:
                        continue
                    v = board[q]
                    if v < 0 or is_duke[v] or immune_type[v >> 2]:
                        continue
                    if self._blocks(q, "shelters_from_dread"):
                        continue
                    covered.add(q)
        self.covered = covered
        self.frozen |= covered

    def _release(self, owner: int) -> None:
        """At the start of a player's turn, that player's tiles no longer under Dread thaw."""
        if not self.frozen:
            return
        board = self.board
        self.frozen = {
            q for q in self.frozen if board[q] >= 0 and (board[q] & 1 != owner or q in self.covered)
        }

    def _settle(self) -> None:
        freeze = self.extras.freeze_at_edge
        if not (freeze[0] or freeze[1]):
            return
        for owner in (0, 1):
            if not freeze[owner]:
                continue
            far = self._home_rank(owner ^ 1)
            for s in self.pieces[owner]:
                if s // self._files == far and self.board[s] >> 2 in freeze[owner]:
                    self.settled.add(s)

    def _score(self, me: int, moved: int) -> None:
        """Counting Coup: a tile ending its move beside the opponent's banner scores a point."""
        if not self.objective.score_beside_flag or moved < 0 or self._over is not None:
            return
        for index, (square, owner, _t) in enumerate(self.flags):
            if owner == me ^ 1 and moved in self._neighbours[square]:
                self.scores[me] += 1
                self.relocate = index
                self.last_events.append(f"score {self.scores[0]}-{self.scores[1]}")
                if self.objective.win_score and self.scores[me] >= self.objective.win_score:
                    self._over = Result(me, Reason.SCORE)
                return

    def _check_wins(self, me: int) -> None:
        if self._over is not None or self.phase in (Phase.SETUP, Phase.DRAFT, Phase.FLAGS):
            return
        objective = self.objective
        for player in (me, me ^ 1):
            other = player ^ 1
            if objective.lose_without_tiles and not self.pieces[other]:
                self._over = Result(player, Reason.NO_TILES)
                return
            if objective.win_flag_home:
                home = self._home_rank(player)
                for square, owner, _t in self.flags:
                    if owner == other and square // self._files == home:
                        self._over = Result(player, Reason.FLAG_HOME)
                        return
            for win in self.extras.win[player]:
                if win.by == "capture" and self.taken[player].count(win.tile) >= win.count:
                    self._over = Result(player, Reason.CAPTURED_TILES)
                    return
                if win.by == "reach":
                    far = self._home_rank(other)
                    there = sum(
                        1
                        for s in self.pieces[player]
                        if s // self._files == far and self.board[s] >> 2 == win.tile
                    )
                    if there >= win.count:
                        self._over = Result(player, Reason.REACHED_EDGE)
                        return

    # -------------------------------------------------------------- the roaming tile

    def _dragon_offset(self, dx: int, dy: int) -> tuple[int, int]:
        """An offset of the roaming tile's grids (+dy the way it faces) as a board offset."""
        fx, fy = self.dragon[1], self.dragon[2]
        rx, ry = fy, -fx  # its right hand
        return dx * rx + dy * fx, dx * ry + dy * fy

    def _dragon_grid(self, side: int, icon: str) -> list[tuple[int, int]]:
        if self.dragon_type < 0:
            return []
        return [
            self._dragon_offset(dx, dy)
            for name, dx, dy in self._types[self.dragon_type].sides[side]
            if name == icon
        ]

    def _dragon_targets(self) -> list[int]:
        """Tiles the calm roaming tile could capture with its Move icons."""
        d = self.dragon[0]
        found = []
        for dx, dy in self._dragon_grid(0, "move"):
            t = self._shift(d, dx, dy)
            if t is None or self.board[t] < 0 or not self._capturable(t):
                continue
            kind = self.terrain_type(t)
            if kind is not None and kind.occupants < 1:
                continue
            if self._dragon_path_free(d, dx, dy) and self._defense_ok(d, t, "move"):
                found.append(t)
        return found

    def _dragon_path_free(self, frm: int, dx: int, dy: int) -> bool:
        for cx, cy in crossed_cells(dx, dy):
            q = self._shift(frm, cx, cy)
            if q is not None and (self.board[q] >= 0 or self._blocks(q, "blocks_slide")):
                return False
        return True

    def _dragon_strikes(self) -> list[int]:
        d = self.dragon[0]
        found = []
        for dx, dy in self._dragon_grid(1, "strike"):
            t = self._shift(d, dx, dy)
            if t is None or self.board[t] < 0 or not self._capturable(t):
                continue
            if self._blocks(t, "shelters_from_strike") or not self._line_clear(d, dx, dy):
                continue
            if self._defense_ok(d, t, "strike"):
                found.append(t)
        return found

    def _dragon_capture(self, square: int) -> None:
        self.last_events.append(
            f"{self._roamer()} captures {self._tile_name(square)} on {self._name(square)}"
        )
        self._remove(square, -1)

    def _calm(self) -> None:
        d = self.dragon
        d[3] = 0
        d[1], d[2] = (-1, 0) if self._random(2) == 0 else (1, 0)
        self.last_events.append(f"{self._roamer()} calms")

    def _dragon_turn(self) -> None:
        """The roaming tile's action between two turns (rulebook pp. 9-10)."""
        d = self.dragon
        if d[4]:
            d[4] = 0  # enraging it took this action
            return
        if not d[3]:
            if d[5]:
                d[1], d[2], d[5] = -d[1], -d[2], 0
                self.last_events.append(f"{self._roamer()} turns round")
                return
            targets = self._dragon_targets()
            if not targets:
                return
            t = targets[self._random(len(targets))]
            self.last_events.append(f"{self._roamer()} {self._name(d[0])}-{self._name(t)}")
            self._dragon_capture(t)
            d[0] = t
            if self._shift(t, d[1], d[2]) is None:
                d[5] = 1
            return
        if self._dragon_strike_round():
            return
        moves = []
        for name, rdx, rdy in self._types[self.dragon_type].sides[1]:
            if name != "move":
                continue
            dx, dy = self._dragon_offset(rdx, rdy)
            step = self._shift(d[0], dx, dy)
            if step is not None and (self.board[step] < 0 or self._capturable(step)):
                moves.append((step, rdx))
        if not moves:
            return
        t, rdx = moves[self._random(len(moves))]
        self.last_events.append(f"{self._roamer()} {self._name(d[0])}-{self._name(t)}")
        d[0] = t
        # Turn 90 degrees the way it moved: its right hand (or its left) becomes its front.
        rx, ry = d[2], -d[1]
        if rdx > 0:
            d[1], d[2] = rx, ry
        elif rdx < 0:
            d[1], d[2] = -rx, -ry
        if self.board[t] >= 0:
            self._dragon_capture(t)
            self._calm()
            return
        self._dragon_strike_round()

    def _dragon_strike_round(self) -> bool:
        targets = self._dragon_strikes()
        if not targets:
            return False
        chosen = []
        for _ in range(min(2, len(targets))):
            chosen.append(targets.pop(self._random(len(targets))))
        for t in chosen:
            self._dragon_capture(t)
        self._calm()
        return True

    # ------------------------------------------------------------------- undo

    def undo(self) -> ActionTuple:
        """Take back the last action and return it."""
        action, snap = self.history.pop()  # type: ignore[misc]
        self._restore(snap)
        return action  # type: ignore[no-any-return]

    # ------------------------------------------------------------ random play

    def random_action(self, rng: random.Random) -> Action | None:
        """A legal action chosen uniformly at random (None if there is none); not applied."""
        if self._over is not None:
            return None
        if self.phase is not Phase.PLAY:
            legal = self._legal()
            return Action(*legal[int(rng.random() * len(legal))]) if legal else None
        return self._sample_legal(self._pseudo(), rng)

    def play_random(self, rng: random.Random) -> bool:
        """Apply a uniformly random legal action; False (nothing applied) if there is none."""
        action = self.random_action(rng)
        if action is None:
            return False
        self._apply(action)
        return True


__all__ = ["ENRAGE_AWAY", "ENRAGE_HOME", "PUSH_CAPTURE", "ExpandedGame"]
