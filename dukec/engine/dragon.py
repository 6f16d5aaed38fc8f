"""The dragon: a terrain tile that acts between the players' turns with its own two grids.

Rulebook, "dragon Tile": "randomly place the dragon in one of the middle four squares of the
gameboard, with its orientation facing either to the right or to the left [...] The final set-up
cannot allow a player to lose a tile to the dragon before his first turn even starts [...] In
between each player's turn [...] if there is a tile that may be captured by the dragon, the
dragon automatically moves to capture the tile; if there is more than one tile it may capture,
randomly determine which tile it captures. [...] If a move places the dragon at the edge of the
game board, during the next in between turn, the dragon will re-orient to the opposite direction
only". Enraging: "if the player can capture the dragon tile using either the Slide or Jump Slide
icon [...] the player moves an appropriate tile [...] into the square the dragon occupies,
pushing it one square in the direction of the move. [...] it flips over to its "enraged" side,
and the player that enraged it may choose either to re-orient the dragon towards either his
opponent or himself. If there is a non-Terrain Tile in the square where the dragon is pushed,
that tile is immediately captured and the dragon does not enrage". Enraged: "the dragon will
capture up to two tiles at once using only its Strike icons. [...] If there are no tiles it can
use its Strike icons against, then randomly determine where it moves using its Move icons [...]
rotate the dragon 90 degrees in the direction of the move [...] When it captures a tile(s),
immediately flip the dragon back to its starting side and randomly re-orient it".

The dragon is any terrain tile that ``acts``; its grids face the way it faces (+dy forward).
A push is a ``MOVE`` whose ``tile`` field says what follows: :data:`ENRAGE_AWAY` (enraged, facing
the opponent), :data:`ENRAGE_HOME` (facing the mover's own side) or :data:`PUSH_CAPTURE`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from dukec.engine import defense, terrain
from dukec.engine.actions import MOVE, ActionTuple
from dukec.engine.board import grid_reach, middle_squares
from dukec.engine.feature import Feature
from dukec.engine.rules import SIDE_NAMES

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.game import Game
    from dukec.engine.notation import Scene
    from dukec.engine.position_problems import Reading
    from dukec.engine.zobrist import Zobrist

ENRAGE_AWAY, ENRAGE_HOME, PUSH_CAPTURE = 0, 1, 2
#: The first of the seven small fields of the key (:meth:`dukec.engine.zobrist.Zobrist.field`)
#: the dragon's state takes.
_KEY_FIELD: Final = 0
#: The ways the dragon may face, as a position names them.
FACINGS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
#: A push's notation after its squares, by its ``tile`` field.
_PUSHES: Final = (" enrage away", " enrage home", " push")
#: The ways the dragon may face, as the board as text shows them.
_ARROWS = {(1, 0): ">", (-1, 0): "<", (0, 1): "^", (0, -1): "v"}


@dataclass(slots=True)
class Roamer:
    """Where the dragon is (square -1: no dragon in the game) and what it will do next."""

    kind: int = -1
    square: int = -1
    #: The way it faces, as a board offset: (1, 0) right, (-1, 0) left, (0, 1) up, (0, -1) down.
    fx: int = 0
    fy: int = 0
    enraged: bool = False
    #: Enraging it took its next action between turns.
    rest: bool = False
    #: It reached the edge: next between turns it turns round, and only that.
    reorient: bool = False
    # Worked out from the fields above by aim(), for idle(), which runs after every action:
    #: It rests, is enraged or turns round next between turns.
    busy: bool = field(default=False, compare=False)
    #: The squares its calm side's Move icons reach from where it stands.
    calm: tuple[int, ...] = field(default=(), compare=False)


def aim(g: Game) -> None:
    """Work out what the dragon's fields say it does next (:class:`Roamer`'s last two), after
    they change."""
    d = g.dragon
    d.busy = d.rest or d.enraged or d.reorient
    if d.square < 0:
        d.calm = ()
        return
    key = _reach_key(g, _CALM_MOVES)
    calm = g.rules.dragon_calm.get(key)
    if calm is None:
        calm = g.rules.dragon_calm[key] = tuple(t for t, _ in _grid_reach(g, _CALM_MOVES))
    d.calm = calm


#: A dragon's fields, all of them (see _save).
_Kept = tuple[int, int, int, int, bool, bool, bool, bool, tuple[int, ...]]


def _save(g: Game) -> None:
    """Keep the dragon as it is on the trail (one entry), before its fields are changed."""
    d = g.dragon
    kept = (d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient, d.busy, d.calm)
    g.trail.call(_restore, kept)


def _restore(g: Game, kept: _Kept) -> None:
    d = g.dragon
    d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient, d.busy, d.calm = kept


def name(g: Game) -> str:
    """The dragon's tile name, for event texts."""
    kind = g.dragon.kind
    return g.terrain_types[kind].name if kind >= 0 else "?"


def place(g: Game, index: int) -> None:
    """Set-up: in one of the middle four squares facing left or right, where it threatens no
    tile ("randomly adjust the set-up until that situation cannot occur")."""
    geometry = g.rules.geometry
    bare = terrain.bare_squares(g, middle_squares(geometry.files, geometry.ranks))
    options = [(square, facing) for square in bare for facing in (-1, 1)]
    d = g.dragon
    _save(g)
    d.kind, d.fy, d.enraged, d.rest, d.reorient = index, 0, False, False, False
    while options:
        d.square, d.fx = options.pop(g.event_random(len(options)))
        if not targets(g):
            break
    # Where every square threatens a tile, the last one tried stays.
    aim(g)


def _offset(g: Game, dx: int, dy: int) -> tuple[int, int]:
    """An offset of the dragon's grids (+dy the way it faces) as a board offset."""
    fx, fy = g.dragon.fx, g.dragon.fy
    rx, ry = fy, -fx  # its right hand
    return dx * rx + dy * fx, dx * ry + dy * fy


#: The dragon's grids it acts with: the Move icons of its calm side, the Strike icons of its
#: enraged side (side, icon).
_CALM_MOVES, _ENRAGED_STRIKES = 0, 1
_GRIDS = ((0, "move"), (1, "strike"))


def _reach_key(g: Game, grid: int) -> int:
    """One number for the dragon's kind, grid, square and facing: the key of the rules' caches
    (a grid is slow to hash, a tuple slower to make and hash than a number)."""
    d = g.dragon
    return (((d.kind * 2 + grid) * g.size + d.square) * 3 + d.fx + 1) * 3 + d.fy + 1


def _grid_reach(g: Game, grid: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    d = g.dragon
    key = _reach_key(g, grid)
    found = g.rules.dragon_reach.get(key)
    if found is None:
        side, icon = _GRIDS[grid]
        found = g.rules.dragon_reach[key] = grid_reach(
            g.rules.geometry, g.terrain_types[d.kind].sides[side], icon, d.square, d.fx, d.fy
        )
    return found


def _capturable(g: Game, square: int) -> bool:
    return g.board[square] >= 0 and square not in g.frozen and square not in g.settled


def targets(g: Game) -> list[int]:
    """Tiles the calm dragon could capture with its Move icons."""
    d = g.dragon.square
    board = g.board
    blocks_slide = g.masks.blocks_slide
    stuck = g.frozen or g.settled
    laid = g.terrain
    found = []
    for t, cells in _grid_reach(g, _CALM_MOVES):
        if board[t] < 0 or (stuck and not _capturable(g, t)):  # most of its squares are empty
            continue
        if laid[t] >= 0 and g.terrain_types[laid[t]].occupants < 1:
            continue
        for q in cells:
            if board[q] >= 0 or blocks_slide[q]:
                break
        else:
            if not g.any_defense or defense.allows(g, d, t, "move"):
                found.append(t)
    return found


def _strikes(g: Game) -> list[int]:
    d = g.dragon.square
    found = []
    for t, line in _grid_reach(g, _ENRAGED_STRIKES):
        if not _capturable(g, t) or g.masks.shelters_from_strike[t]:
            continue
        if not terrain.line_clear(g, line):
            continue
        if not g.any_defense or defense.allows(g, d, t, "strike"):
            found.append(t)
    return found


def push_actions(
    g: Game, me: int, s: int, behind: int, may_enter: bool, out: list[ActionTuple]
) -> None:
    """A Slide or Jump Slide from ``s`` into the dragon pushes it on to ``behind`` (-1: off the
    board, no push), if the mover ``may_enter`` the dragon's square."""
    at = g.dragon.square
    if g.dragon.enraged:
        return  # an enraged dragon cannot be enraged again
    if behind < 0 or not may_enter:
        return
    if g.board[behind] >= 0:
        if behind not in g.frozen and behind not in g.settled:
            out.append((MOVE, s, at, -1, PUSH_CAPTURE))
        return
    out.append((MOVE, s, at, -1, ENRAGE_AWAY))
    out.append((MOVE, s, at, -1, ENRAGE_HOME))


def push(g: Game, me: int, frm: int, at: int, how: int) -> int:
    """The push itself: the mover ends on the dragon's square, the dragon one square on."""
    geometry = g.rules.geometry
    dx, dy = geometry.delta(frm, at)
    step = max(abs(dx), abs(dy))
    behind = geometry.shift(at, dx // step, dy // step)
    assert behind is not None
    g.relocate_tile(me, frm, at, flip=True, capture_by=me)
    d = g.dragon
    _save(g)
    d.square = behind
    if how == PUSH_CAPTURE:
        g.event(_pushed_text, behind)
        g.remove(behind, -1)
        # Decision: a push that captures also takes the next action between turns.
        d.fx, d.fy, d.rest, d.reorient = -1 if g.event_random(2) == 0 else 1, 0, True, False
    else:
        toward = 1 if me == 0 else -1
        if how == ENRAGE_HOME:
            toward = -toward
        d.fx, d.fy, d.enraged, d.rest, d.reorient = 0, toward, True, True, False
        g.event(_enraged_text, behind)
    aim(g)
    return at


# The dragon's events, written out only when asked for (Game.last_events).


def _move_text(g: Game, frm: int, to: int) -> str:
    return f"{name(g)} {g.rules.geometry.name(frm)}-{g.rules.geometry.name(to)}"


def _capture_text(g: Game, tile: int, square: int) -> str:
    return f"{name(g)} captures {g.rules.types[tile].name} on {g.rules.geometry.name(square)}"


def _pushed_text(g: Game, square: int) -> str:
    return f"{name(g)} pushed to {g.rules.geometry.name(square)}"


def _enraged_text(g: Game, square: int) -> str:
    return f"{name(g)} enraged on {g.rules.geometry.name(square)}"


def _turn_text(g: Game) -> str:
    return f"{name(g)} turns round"


def _calm_text(g: Game) -> str:
    return f"{name(g)} calms"


def _capture(g: Game, square: int) -> None:
    g.event(_capture_text, g.board[square] >> 2, square)
    g.remove(square, -1)


def _calm(g: Game) -> None:
    d = g.dragon
    fx = -1 if g.event_random(2) == 0 else 1
    _save(g)
    d.enraged, d.fx, d.fy = False, fx, 0
    g.event(_calm_text)


def act(g: Game) -> None:
    """The dragon's action between two turns."""
    _act(g)
    aim(g)


def _act(g: Game) -> None:
    d = g.dragon
    geometry = g.rules.geometry
    if d.rest:
        _save(g)
        d.rest = False
        return
    if not d.enraged:
        if d.reorient:
            _save(g)
            d.fx, d.fy, d.reorient = -d.fx, -d.fy, False
            g.event(_turn_text)
            return
        found = targets(g)
        if not found:
            return  # as on most turns: nothing to capture
        t = found[g.event_random(len(found))]
        g.event(_move_text, d.square, t)
        _capture(g, t)
        _save(g)
        d.square = t  # onto the tile it took, from another square
        if geometry.shift(t, d.fx, d.fy) is None:
            d.reorient = True
        return
    if _strike_round(g):
        return
    moves = []
    for kind, rdx, rdy in g.terrain_types[d.kind].sides[1]:
        if kind != "move":
            continue
        dx, dy = _offset(g, rdx, rdy)
        step = geometry.shift(d.square, dx, dy)
        if step is not None and (
            g.board[step] < 0 or (step not in g.frozen and step not in g.settled)
        ):
            moves.append((step, rdx))
    if not moves:
        return
    t, rdx = moves[g.event_random(len(moves))]
    g.event(_move_text, d.square, t)
    _save(g)
    d.square = t
    # Turn 90 degrees the way it moved: its right hand (or its left) becomes its front.
    rx, ry = d.fy, -d.fx
    if rdx > 0:
        d.fx, d.fy = rx, ry
    elif rdx < 0:
        d.fx, d.fy = -rx, -ry
    if g.board[t] >= 0:
        _capture(g, t)
        _calm(g)
        return
    _strike_round(g)


def _strike_round(g: Game) -> bool:
    targets = _strikes(g)
    if not targets:
        return False
    chosen = [targets.pop(g.event_random(len(targets))) for _ in range(min(2, len(targets)))]
    for t in chosen:
        _capture(g, t)
    _calm(g)
    return True


class Roaming(Feature):
    """The dragon acts of its own accord between the turns, when it is on the board."""

    def play_begins(self, g: Game) -> None:
        """The dragon goes down, if the set has one (the first terrain tile that acts)."""
        for index, _count in g.extras.set_terrain:
            if g.terrain_types[index].acts:
                place(g, index)
                return

    def idle(self, g: Game) -> bool:
        """Whether the dragon's action between turns would change nothing now: there is none,
        or it is calm, neither resting nor turning round, with no tile where its Move icons
        reach."""
        d = g.dragon
        if d.busy:
            return False
        board = g.board
        for t in d.calm:  # noqa: SIM110 (a plain loop: this runs after every action)
            if board[t] >= 0:
                return False
        return True

    def act(self, g: Game, action: ActionTuple) -> int:
        """A push (a move into the dragon's square whose ``tile`` says what follows); the
        square the pushing tile ended on."""
        return push(g, g.to_move, action[1], action[2], action[4])

    def acts_between_turns(self, g: Game) -> bool:
        """The dragon's action, if it is on the board; whether it was."""
        if g.dragon.square < 0:
            return False
        act(g)
        return True

    def fields(self) -> tuple[str, ...]:
        """The dragon: where it is, which way it faces, its side and what it does next."""
        return ("dragon",)

    def lists(self) -> tuple[str, ...]:
        """None: the dragon is one object."""
        return ()

    def read(self, g: Game, reading: Reading) -> None:
        """The terrain tile that acts between turns, if the position has it."""
        dragon = reading.data.get("dragon")
        if not dragon:
            return
        where = "dragon"
        problems = reading.problems
        acting = [t for t in g.extras.terrain_types if t.acts]
        if not acting:
            problems.add(where, f"{where}: the tile set has no tile that acts between turns")
            return
        if not isinstance(dragon, dict) or "at" not in dragon:
            problems.add(where, f"{where}: needs 'at' (and 'facing', 'side')")
            return
        before = len(problems)
        square = reading.square(dragon["at"], where, where)
        if square is not None and square in reading.seen:
            problems.add(
                where, f"{where}: square {dragon['at']} already holds {reading.seen[square]}"
            )
        facing = dragon.get("facing", "right")
        if not isinstance(facing, str) or facing not in FACINGS:
            problems.add(where, f"{where}: facing is one of {', '.join(FACINGS)}")
        side = dragon.get("side", "front")
        if side not in SIDE_NAMES:
            problems.add(where, f"{where}: side is front or back")
        if square is None or len(problems) != before:
            return
        fx, fy = FACINGS[facing]
        g.dragon = Roamer(
            kind=acting[0].index,
            square=square,
            fx=fx,
            fy=fy,
            enraged=side == "back",
            rest=bool(dragon.get("rest", False)),
            reorient=bool(dragon.get("reorient", False)),
        )
        aim(g)

    def write(self, g: Game, data: dict[str, Any]) -> None:
        """The dragon, if it is on the board."""
        d = g.dragon
        if d.square >= 0:
            facing = next(k for k, v in FACINGS.items() if v == (d.fx, d.fy))
            data["dragon"] = {
                "at": g.rules.geometry.name(d.square),
                "facing": facing,
                "side": SIDE_NAMES[int(d.enraged)],
                "rest": d.rest,
                "reorient": d.reorient,
            }

    def writes(self) -> tuple[int, ...]:
        """A push: a move whose ``tile`` says what follows."""
        return (MOVE,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``c2-c4 enrage away``, ``enrage home`` or ``push``."""
        name = scene.rules.geometry.name
        _kind, frm, to, _by, tile = action
        sep = "x" if scene.board[to] >= 0 else "-"
        return f"{name(frm)}{sep}{name(to)}{_PUSHES[tile]}"

    def mark(self, g: Game, square: int, short: dict[str, str]) -> str:
        """The dragon on its square: its short name, an arrow for its facing, ``!`` if it is
        enraged."""
        d = g.dragon
        if d.square != square:
            return ""
        arrow = _ARROWS.get((d.fx, d.fy), "?")
        return short[g.terrain_types[d.kind].name] + arrow + ("!" if d.enraged else "")

    def key(self, g: Game, z: Zobrist, numbers: list[i64]) -> i64:
        """The dragon: where it is, which way it faces and what it does next."""
        d = g.dragon
        if d.square < 0 and d.kind < 0:
            return 0
        return (
            z.field(_KEY_FIELD, d.kind)
            ^ z.field(_KEY_FIELD + 1, d.square)
            ^ z.field(_KEY_FIELD + 2, d.fx)
            ^ z.field(_KEY_FIELD + 3, d.fy)
            ^ z.field(_KEY_FIELD + 4, int(d.enraged))
            ^ z.field(_KEY_FIELD + 5, int(d.rest))
            ^ z.field(_KEY_FIELD + 6, int(d.reorient))
        )
