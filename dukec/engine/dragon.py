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
the opponent), :data:`ENRAGE_HOME` (facing the mover's own side) or :data:`PUSH_CAPTURE`. The
dragon's state and its action between the turns are in :mod:`dukec.engine.dragon_acts`; to the
kernel it is the piece on ``g.obstacle``, whose lines' ends :class:`Roaming` answers for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine.actions import MOVE, ActionTuple
from dukec.engine.dragon_acts import act, aim, enraged_text, pushed_text, save
from dukec.engine.dragon_acts import place as place
from dukec.engine.dragon_acts import targets as targets
from dukec.engine.feature import Feature
from dukec.engine.parts import Roamer
from dukec.engine.rules import SIDE_NAMES

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading

ENRAGE_AWAY: Final = 0
ENRAGE_HOME: Final = 1
PUSH_CAPTURE: Final = 2
#: The first of the seven small fields of the key (:meth:`dukec.engine.keyparts.KeyFields.field`)
#: the dragon's state takes.
_KEY_FIELD: Final = 0
#: The ways the dragon may face, as a position names them.
FACINGS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
#: A push's notation after its squares, by its ``tile`` field.
_PUSHES: Final = (" enrage away", " enrage home", " push")
#: The ways the dragon may face, as the board as text shows them.
_ARROWS = {(1, 0): ">", (-1, 0): "<", (0, 1): "^", (0, -1): "v"}


def push_actions(
    g: Kernel, me: int, s: int, behind: int, may_enter: bool, out: list[ActionTuple]
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


def push(g: Kernel, me: int, frm: int, at: int, how: int) -> int:
    """The push itself: the mover ends on the dragon's square, the dragon one square on."""
    behind = _behind(g, frm, at)
    assert behind >= 0
    g.relocate_tile(me, frm, at, flip=True, capture_by=me)
    d = g.dragon
    save(g)
    d.square = behind
    if how == PUSH_CAPTURE:
        g.event(pushed_text, behind)
        g.remove(behind, -1)
        # Decision: a push that captures also takes the next action between turns.
        d.fx, d.fy, d.rest, d.reorient = -1 if g.event_random(2) == 0 else 1, 0, True, False
    else:
        toward = 1 if me == 0 else -1
        if how == ENRAGE_HOME:
            toward = -toward
        d.fx, d.fy, d.enraged, d.rest, d.reorient = 0, toward, True, True, False
        g.event(enraged_text, behind)
    aim(g)
    return at


def _behind(g: Kernel, frm: int, at: int) -> int:
    """The square one on from ``at`` along the line from ``frm`` (-1: off the board)."""
    geometry = g.rules.geometry
    dx, dy = geometry.delta(frm, at)
    step = max(abs(dx), abs(dy))
    behind = geometry.shift(at, dx // step, dy // step)
    return -1 if behind is None else behind


class Roaming(Feature):
    """The dragon acts of its own accord between the turns, when it is on the board."""

    def play_begins(self, g: Kernel) -> None:
        """The dragon goes down, if the set has one (the first terrain tile that acts)."""
        for index, _count in g.extras.set_terrain:
            if g.terrain_types[index].acts:
                place(g, index)
                return

    def idle(self, g: Kernel) -> bool:
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

    def meets_lines(self, g: Kernel) -> bool:
        """A calm dragon may be pushed (an enraged one cannot be enraged again)."""
        return not g.dragon.enraged

    def line_meets(
        self, g: Kernel, me: int, s: int, behind: int, may_enter: bool, out: list[ActionTuple]
    ) -> None:
        """The pushes of the dragon by the tile on ``s``."""
        push_actions(g, me, s, behind, may_enter, out)

    def captures_beyond(self, g: Kernel, action: ActionTuple) -> int:
        """A push that captures takes the tile behind the dragon, one square on along the
        push."""
        _kind, frm, to, _by, tile = action
        return _behind(g, frm, to) if tile == PUSH_CAPTURE else -1

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """A push (a move into the dragon's square whose ``tile`` says what follows); the
        square the pushing tile ended on."""
        return push(g, g.to_move, action[1], action[2], action[4])

    def acts_between_turns(self, g: Kernel) -> bool:
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

    def read(self, g: Kernel, reading: Reading) -> None:
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

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
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

    def mark(self, g: Kernel, square: int, short: dict[str, str]) -> str:
        """The dragon on its square: its short name, an arrow for its facing, ``!`` if it is
        enraged."""
        d = g.dragon
        if d.square != square:
            return ""
        arrow = _ARROWS.get((d.fx, d.fy), "?")
        return short[g.terrain_types[d.kind].name] + arrow + ("!" if d.enraged else "")

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
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
