"""Banners: terrain tiles that troops carry (the rulebook's Flags), placed, passed and scored.

Rulebook, "flag Tiles": "flag Tiles can be picked up and carried by Troop Tiles that end their
move in a square occupied by a flag Tile [...] instead of making a normal move [...] the flag may
be moved to another Troop Tile controlled by the player if that Troop Tile occupies a square that
shares a side with the current flag Tile holder". Counting Coup: "Each player places a flag Tile,
after set-up, in any open square along any edge of the gameboard. The player who finished set-up
last places his flag Tile first [...] Score 1 point for ending a move in a square sharing a side
with the square occupied by the opponent's flag Tile [...] After the point is scored, the owner
of the flag may immediately move that tile to any square sharing a side with one of the Troop
Tiles he controls". Trophy Hunters: "A player cannot pick up or move his own flag Tile".

Which banners a player may enter, where they go at set-up and whether ending beside one scores
are the game set's rules (``flag_squares``, ``flag_barred``, ``flag_passing``,
``score_beside_flag``, ``win_score``); the banner itself is any terrain tile that is ``carried``.
The points scored beside a banner and a banner brought home are in
:mod:`dukec.engine.flags_scoring`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from dukec.engine import occupancy, opening
from dukec.engine.actions import COMMAND, FLAG_PASS, FLAG_PLACE, STRIKE, ActionTuple, Phase
from dukec.engine.board import Geometry
from dukec.engine.feature import Feature, acting
from dukec.engine.flags_scoring import Homing as Homing
from dukec.engine.flags_scoring import Scoring as Scoring
from dukec.engine.parts import Carried
from dukec.engine.rules import kinds_of

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules

# The small fields of the key (:meth:`dukec.engine.keyparts.KeyFields.field`) the banners' state
# takes (0 to 9 are other features': the points' in :mod:`dukec.engine.flags_scoring`): the
# places of the queue of banners to place.
_QUEUE_FIELD: Final = 10
_QUEUE_FIELDS: Final = 8


#: A banner on the board: its square, its owner (-1: nobody's) and its terrain tile.
Banner = Carried


def admits(g: Kernel, me: int, frm: int, to: int, how: str) -> bool:
    """Whether a tile of ``me`` from ``frm`` (-1: from off the board) may end on ``to`` as far as
    banners go: the banner there (if any) lets ``how`` in ("": no movement), is not one the set
    bars ``me`` from, and the tile carries no other."""
    f = g.carried_at(to)
    if f < 0:
        return True
    held = g.carried[f]
    if how and how not in g.terrain_types[held.kind].enter_with:
        return False
    if barred(g, me, held.owner):
        return False
    return frm < 0 or g.carried_at(frm) < 0


def barred(g: Kernel, me: int, owner: int) -> bool:
    """Whether the set bars ``me`` from ending on a banner of ``owner`` (-1: nobody's)."""
    return owner == barred_owner(g, me)


def barred_owner(g: Kernel, me: int) -> int:
    """Whose banners the set bars ``me`` from ending on: ``me``, the opponent, or -2 (none)."""
    rule = g.objective.flag_barred
    return me if rule == "own" else me ^ 1 if rule == "opponent" else -2


def pass_actions(g: Kernel, me: int, out: list[ActionTuple]) -> None:
    """Passing a banner from its holder to a friendly tile sharing a side with it."""
    held: list[int] | None = None  # the banners' squares, found once a banner may be passed
    board = g.board
    frozen, settled = g.frozen, g.settled
    own_barred = g.objective.flag_barred == "own"
    for flag in g.carried:
        q = flag.square
        v = board[q]
        if v < 0 or v & 1 != me or q in frozen or q in settled:
            continue
        if own_barred and flag.owner == me:
            continue
        if held is None:
            held = occupancy.carried(g)
        for n in g.neighbours[q]:
            w = board[n]
            if w >= 0 and w & 1 == me and n not in frozen and n not in settled and n not in held:
                out.append((FLAG_PASS, q, n, -1, -1))


def setup_squares(g: Kernel, me: int) -> list[int]:
    """Where ``me`` may place a banner before play (the set's ``flag_squares``)."""
    board = g.board
    taken = occupancy.held(g)
    return [
        s
        for s in _named_squares(g.rules.geometry, g.objective.flag_squares, me)
        if board[s] < 0 and s not in taken
    ]


@cache
def _named_squares(geometry: Geometry, where: str, me: int) -> tuple[int, ...]:
    """The squares that ``flag_squares`` names for ``me`` (``any``, ``edge`` or
    ``opponent_edge``), in order, whatever lies there."""
    found = []
    for s in range(geometry.size):
        if where == "edge" and not geometry.on_edge(s):
            continue
        if where == "opponent_edge" and s // geometry.files != geometry.home_rank(me ^ 1):
            continue
        found.append(s)
    return tuple(found)


def place(g: Kernel, square: int) -> None:
    """Set-up: the player to move puts down the next banner of the queue."""
    owner = g.to_move ^ 1 if g.objective.flag_squares == "opponent_edge" else g.to_move
    g.trail.append(g.carried, Carried(square, owner, g.flag_queue[0]))
    g.trail.set_game_attr(g, "flag_queue", g.flag_queue[1:])


class Passing(Feature):
    """A banner passed from its holder to a friendly tile beside it (``FLAG_PASS (holder,
    receiver)``, listed with the base game's actions by :func:`pass_actions`)."""

    def add_actions(self, g: Kernel, me: int, out: list[ActionTuple]) -> None:
        """The passes of the banners ``me``'s tiles hold."""
        pass_actions(g, me, out)

    def kinds(self) -> tuple[int, ...]:
        """The pass."""
        return (FLAG_PASS,)

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """The banner goes to the receiver's square; no tile moves."""
        g.trail.setattr(g.carried[g.carried_at(action[1])], "square", action[2])
        return -1

    def writes(self) -> tuple[int, ...]:
        """The pass."""
        return (FLAG_PASS,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``flag c2-c3``: the banner passes from c2 to the tile on c3."""
        name = scene.rules.geometry.name
        return f"flag {name(action[1])}-{name(action[2])}"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The holder."""
        return acting(scene, action)


class Planting(Feature):
    """The banners the players place after set-up, in turn (``FLAG_PLACE (-1, to)``); then
    play begins."""

    def setup_done(self, g: Kernel) -> bool:
        """The banners the players place, if the set has any: the player who finished set-up
        last places first (rulebook, Counting Coup)."""
        queue = []
        for index, count in g.extras.set_terrain:
            if g.terrain_types[index].placement == "chosen":
                queue.extend([index] * count)
        if not queue:
            return False
        last = g.rules.setup[-1].owner if g.rules.setup else 0
        g.trail.set_game_attr(g, "flag_queue", queue)
        g.trail.set_game_attr(g, "phase", Phase.FLAGS)
        g.trail.set_game_attr(g, "to_move", last)
        return True

    def phases(self) -> tuple[Phase, ...]:
        """The banners' set-up."""
        return (Phase.FLAGS,)

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """Where the next banner may go."""
        return [(FLAG_PLACE, -1, s, -1, -1) for s in setup_squares(g, g.to_move)]

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """The banner is placed; the other player places the next, or play begins."""
        place(g, action[2])
        if g.flag_queue:
            g.trail.set_game_attr(g, "to_move", g.to_move ^ 1)
        else:
            opening.start_play(g)

    def fields(self) -> tuple[str, ...]:
        """The banners on the board."""
        return ("flags",)

    def admits(self, g: Kernel, me: int, frm: int, to: int, how: str) -> bool:
        """A banner lets some movements in, may be barred, and a tile carries one at most."""
        return admits(g, me, frm, to, how)

    def filter_ends(self, g: Kernel, me: int, out: list[ActionTuple]) -> list[ActionTuple]:
        """Of the base game's actions where banners lie, those that end on no banner the mover
        is barred from, or (carrying one) on any."""
        owner = barred_owner(g, me)
        # Per square: a banner lies there (1), one the mover is barred from (2).
        banner = [0] * g.size
        for flag in g.carried:
            banner[flag.square] = 2 if flag.owner == owner else 1
        # Any: compiled, the actions are passed on as they are, not taken apart and made again.
        actions: list[Any] = out
        kept: list[Any] = []
        for a in actions:
            # A Strike leaves its tile where it is; a move or a command ends on its ``to``.
            to: int = a[2]
            if banner[to]:
                kind: int = a[0]
                frm: int = a[1]
                carries = frm >= 0 and banner[frm] > 0
                if not (kind == STRIKE or kind > COMMAND or (not carries and banner[to] < 2)):
                    continue
            kept.append(a)
        return kept

    def writes(self) -> tuple[int, ...]:
        """A banner put down: at set-up, or moved after a point (:class:`Scoring`)."""
        return (FLAG_PLACE,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``flag@c6`` (set-up), ``flag c6-c5`` (moved after a point) or ``flag stays``."""
        _kind, frm, to, _by, _tile = action
        name = scene.rules.geometry.name
        if frm < 0:
            return f"flag@{name(to)}"
        return "flag stays" if frm == to else f"flag {name(frm)}-{name(to)}"

    def turn_goes_on(self, action: ActionTuple) -> bool:
        """A banner moved after a point is moved as its owner's turn begins."""
        return action[1] >= 0

    def phase_field(self, phase: Phase) -> str:
        """The banners still to place."""
        return "flags_to_place"

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """The banners still to be placed before play, in order."""
        if phase is not Phase.FLAGS:
            return
        names = reading.data["flags_to_place"]
        problems = reading.problems
        carried = {t.name: t.index for t in g.extras.terrain_types if t.carried}
        if not isinstance(names, list) or not names:
            problems.add("flags_to_place", "$.flags_to_place: must list at least one flag")
            return
        queue = []
        for index, name in enumerate(names):
            if not isinstance(name, str) or name not in carried:
                problems.add(
                    "flags_to_place",
                    f"flags_to_place[{index}]: {name!r} is not a flag of the tile set "
                    f"(flags: {', '.join(sorted(carried)) or 'none'})",
                )
                continue
            queue.append(carried[name])
        g.flag_queue = queue

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """The banners still to place, during their set-up."""
        if g.phase is Phase.FLAGS:
            data["flags_to_place"] = [g.terrain_types[t].name for t in g.flag_queue]

    def read(self, g: Kernel, reading: Reading) -> None:
        """The banners on the board, each on a square that holds no other banner and no
        terrain but one that tiles may stand on."""
        kinds = g.extras.terrain_types
        flag_type = next((t.index for t in kinds if t.carried), -1)
        # A tile carrying a banner may stand on terrain that tiles stand on, and leave it there.
        bears = {t.name for t in kinds if t.occupants >= 1 and not t.carried}
        problems = reading.problems
        holds = reading.holds
        for index, entry in enumerate(reading.listed("flags")):
            where = f"flags[{index}]"
            if not isinstance(entry, dict) or "at" not in entry:
                problems.add("flags", f"{where}: a flag needs 'at' (and 'owner': 0, 1 or null)")
                continue
            if flag_type < 0:
                # Said once: every other banner has the same problem.
                problems.add(
                    "flags", f"{where}: the tile set has no flag (a terrain tile that is carried)"
                )
                return
            before = len(problems)
            square = reading.square(entry["at"], where, "flags")
            if square is not None and square in holds and holds[square] not in bears:
                problems.add(
                    "flags", f"{where}: square {entry['at']} already holds {holds[square]}"
                )
                square = None
            owner = entry.get("owner")
            if owner not in (0, 1, None):
                problems.add("flags", f"{where}: owner must be 0, 1 or null")
            if square is not None:
                holds[square] = "a flag"
                if len(problems) == before:
                    owned = -1 if owner is None else int(owner)
                    g.carried.append(Carried(square, owned, flag_type))

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The banners on the board, where each lies and whose it is."""
        if g.carried:
            name = g.rules.geometry.name
            data["flags"] = [
                {"at": name(f.square), "owner": None if f.owner < 0 else f.owner} for f in g.carried
            ]

    def mark(self, g: Kernel, square: int, short: dict[str, str]) -> str:
        """``^`` on a tile carrying a banner; ``^``, ``^0`` or ``^1`` for a lone banner and its
        owner."""
        flag = g.carried_at(square)
        if flag < 0:
            return ""
        owner = g.carried[flag].owner
        return "^" if g.board[square] >= 0 or owner < 0 else f"^{owner}"

    def key_numbers(self, rules: Rules) -> int:
        """One number per square, owner (or none) and kind of terrain."""
        return rules.geometry.size * 3 * kinds_of(rules)

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The banners on the board, and the queue of those still to place."""
        key: i64 = 0
        if g.carried:
            kinds = len(numbers) // (3 * g.size)
            for flag in g.carried:
                key ^= numbers[(flag.square * 3 + flag.owner + 1) * kinds + flag.kind]
        if g.flag_queue:
            for index, kind in enumerate(g.flag_queue):
                key ^= z.field(_QUEUE_FIELD + index % _QUEUE_FIELDS, kind)
        return key
