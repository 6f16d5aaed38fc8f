"""Two-sided terrain whose face turns on an event, and terrain that grants icons to a tile on it.

Expansion packs (``../shared/rulebook/expansions.md``), Camelot: "The other face of the fort
tile [...] While one of the Arthur player's legend tiles [...] stands on Camelot, it grants that
tile Command over the 8 squares around Camelot. Using it: the tile on Camelot does not flip;
Camelot flips to its fort face, and its Command is gone. When the occupant leaves, the tile
turns back to Camelot. Otherwise Camelot follows the fort's rules".

All of it is the terrain tiles' data: a face that says ``flips_to`` (its other face) turns over
on the events of its ``flips_on`` and back on those of its ``flips_back_on`` (``enter``: a tile
ends on the square; ``leave``: the tile that stood there is no longer there, however it left,
captured included; ``use``: it used what the face grants); a face that ``grants_to`` classes
lends a tile of one of them standing on it the icons of its front grid, as the tile's owner
sees them. A granted icon's action is ``GRANT (frm, to, by, how)``: the base game's move,
strike or command (``how``) with the same squares (a command's ``by``, the commander, stands
on the face); the tile that uses it does not flip (the face turns instead, where it says so),
and an action the tile's own icons give is the tile's own, not a use of the grant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine import movement
from dukec.engine.actions import COMMAND, GRANT, STRIKE, ActionTuple
from dukec.engine.feature import Feature
from dukec.engine.reach import build_reach
from dukec.engine.terrain import lay

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.extras import TerrainType
    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.reach import Reach
    from dukec.engine.rules import Rules
    from dukec.icons import Icon

#: The events a face may turn on.
ENTER: Final = "enter"
LEAVE: Final = "leave"
USE: Final = "use"
#: The key of ``Rules.lent_reach`` that holds the granted icons' reach.
_REACH_KEY: Final = 0


def _has_faces(kind: TerrainType) -> bool:
    return kind.flips_to >= 0 or bool(kind.grants_to)


def find_squares(g: Kernel) -> None:
    """The squares of the tiles with faces, and what stands on each (as play begins or a
    position is read)."""
    if not g.turned:
        return  # the tile set has no terrain with faces
    types = g.terrain_types
    found = []
    for s, index in enumerate(g.terrain):
        if index >= 0 and (g.turned[s] >= 0 or _has_faces(types[index])):
            found.append(s)
            g.standing[s] = g.board[s]
    g.face_squares = found


def lent_reach(rules: Rules) -> Reach:
    """The icons the tile set's granting faces lend, as a reach whose piece code is
    ``(terrain index * 2) * 2 + owner`` (the front grid, as the owner sees it)."""
    made: Reach | None = rules.lent_reach.get(_REACH_KEY)
    if made is None:
        extras = rules.expanded if rules.expanded is not None else rules.extras
        assert extras is not None
        sides: list[tuple[tuple[Icon, int, int], ...]] = []
        for kind in extras.terrain_types:
            sides += [kind.sides[0] if kind.grants_to else (), ()]
        made = rules.lent_reach[_REACH_KEY] = build_reach(rules.geometry, sides, rules.icons.areas)
    return made


def _lender(g: Kernel, s: int, me: int) -> int:
    """The terrain index of the face on ``s`` if it lends its icons to ``me``'s tile there now
    (-1: it does not)."""
    index = g.terrain[s]
    code = g.board[s]
    if index < 0 or code < 0 or code & 1 != me or s in g.frozen or s in g.settled:
        return -1
    granted = g.terrain_types[index].grants_to
    if not granted:
        return -1
    for name in g.rules.types[code >> 2].classes:
        if name in granted:
            return index
    return -1


def granted(g: Kernel, me: int, s: int, out: list[ActionTuple], only: int = -1) -> None:
    """The actions the face on ``s`` lends ``me``'s tile there, beyond its own icons' (with
    ``only``: those that could capture on that square)."""
    index = _lender(g, s, me)
    if index < 0:
        return
    found: list[ActionTuple] = []
    key = ((index * 2) * 2 + me) * g.size + s
    movement.icon_actions(g, me, s, lent_reach(g.rules), key, found, only)
    if not found:
        return
    own: list[ActionTuple] = []
    movement.icon_actions(g, me, s, g.reach, g.board[s] * g.size + s, own, only)
    for action in found:
        if action not in own:
            out.append((GRANT, action[1], action[2], action[3], action[0]))


def _turn(g: Kernel, s: int, event: str) -> None:
    """The tile on ``s`` turns over if ``event`` turns the face it shows."""
    types = g.terrain_types
    front = g.turned[s]
    if front < 0:
        kind = types[g.terrain[s]]
        if kind.flips_to >= 0 and event in kind.flips_on:
            g.trail.setitem(g.turned, s, kind.index)
            lay(g, s, kind.flips_to)
            g.event(_turned_text, s)
    elif event in types[front].flips_back_on:
        g.trail.setitem(g.turned, s, -1)
        lay(g, s, front)
        g.event(_turned_text, s)


def _turned_text(g: Kernel, s: int) -> str:
    """The event's words, when asked."""
    return f"{g.rules.geometry.name(s)} turns to {g.terrain_types[g.terrain[s]].name}"


def look(g: Kernel, moved: int) -> None:
    """After an action (``moved``: the square a tile ended a move on, or -1) or what acted
    between the turns: each tile with faces turns on who left its square and who entered."""
    board = g.board
    for s in g.face_squares:
        now = board[s]
        before = g.standing[s]
        if now == before and moved != s:
            continue
        # A tile that only flipped in place (a Strike from there) neither left nor entered.
        changed = moved == s or now | 2 != before | 2
        if before >= 0 and (now < 0 or changed):
            _turn(g, s, LEAVE)
        if now >= 0 and (before < 0 or changed):
            _turn(g, s, ENTER)
        g.trail.setitem(g.standing, s, now)


class Turning(Feature):
    """Terrain tiles with faces: they turn over after an action or what acts between the turns,
    and a granting face lends its icons (``GRANT`` actions, added after the icons')."""

    def play_begins(self, g: Kernel) -> None:
        """The tiles with faces lie where the terrain was laid."""
        find_squares(g)

    def follows_actions(self) -> bool:
        """A face may turn after any action (and a granting face's actions keep the turn off
        the base game's shortcuts)."""
        return True

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """The faces turn on who left and who entered."""
        if g.face_squares:
            look(g, moved)

    def after_between(self, g: Kernel, me: int) -> None:
        """The same after what acted between the turns (it may have taken the occupant)."""
        if g.face_squares:
            look(g, -1)

    def add_actions(self, g: Kernel, me: int, out: list[ActionTuple]) -> None:
        """The actions the granting faces lend ``me``'s tiles on them."""
        for s in g.face_squares:
            granted(g, me, s, out)

    def threatens(self, g: Kernel, target: int, by: int) -> bool:
        """Whether a granted icon of ``by``'s could capture on ``target``."""
        for s in g.face_squares:
            found: list[ActionTuple] = []
            granted(g, by, s, found, target)
            for action in found:
                if action[2] == target:
                    return True
        return False

    def kinds(self) -> tuple[int, ...]:
        """A granted icon's action."""
        return (GRANT,)

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """The granted move, strike or command; the tile that used it does not flip; the face
        it stands on turns where it turns on use."""
        _kind, frm, to, by, how = action
        me = g.to_move
        if how == COMMAND:
            g.relocate_tile(me, frm, to, flip=False, capture_by=me)
            _turn(g, by, USE)
            return to
        _turn(g, frm, USE)
        if how == STRIKE:
            g.remove(to, me)
            return -1
        g.relocate_tile(me, frm, to, flip=False, capture_by=me)
        return to

    def writes(self) -> tuple[int, ...]:
        """A granted icon's action."""
        return (GRANT,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """The base game's notation of the move, strike or command, then ``granted``:
        ``d4:c3-c5 granted``."""
        _kind, frm, to, by, how = action
        return scene.write((how, frm, to, by, -1)) + " granted"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The tile that acts (a command's commander) and the enemy tile it captures."""
        _kind, frm, to, by, how = action
        board = scene.board
        actor = board[by if how == COMMAND else frm]
        target = board[to]
        captured = target >> 2 if target >= 0 and target & 1 != scene.to_move else -1
        return actor >> 2, captured

    def fields(self) -> tuple[str, ...]:
        """The tiles whose other face shows."""
        return ("turned",)

    def read(self, g: Kernel, reading: Reading) -> None:
        """Each turned tile: the square of terrain showing its other face, and the tile's name
        (its face that says ``flips_to``)."""
        types = {t.name: t for t in g.extras.terrain_types}
        problems = reading.problems
        for index, entry in enumerate(reading.listed("turned")):
            where = f"turned[{index}]"
            if not isinstance(entry, dict) or set(entry) != {"tile", "at"}:
                problems.add("turned", f"{where}: needs exactly the fields tile and at")
                continue
            square = reading.square(entry["at"], where, "turned")
            name = entry["tile"]
            kind = types.get(name) if isinstance(name, str) else None
            if kind is None or kind.flips_to < 0:
                sided = sorted(n for n, t in types.items() if t.flips_to >= 0)
                problems.add(
                    "turned",
                    f"{where}: {name!r} is not a terrain tile with two faces "
                    f"(two-sided: {', '.join(sided) or 'none'})",
                )
                continue
            if square is None:
                continue
            showing = g.terrain[square]
            if showing != kind.flips_to:
                other = g.extras.terrain_types[kind.flips_to].name
                lying = g.extras.terrain_types[showing].name if showing >= 0 else "nothing"
                problems.add(
                    "turned",
                    f"{where}: {kind.name} turned over shows {other}, but the terrain on "
                    f"{entry['at']} is {lying}",
                )
                continue
            g.turned[square] = kind.index
        find_squares(g)

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The tiles whose other face shows, square by square."""
        name = g.rules.geometry.name
        turned = [
            {"tile": g.extras.terrain_types[t].name, "at": name(s)}
            for s, t in enumerate(g.turned)
            if t >= 0
        ]
        if turned:
            data["turned"] = turned

    def position_read(self, g: Kernel) -> None:
        """What stands on the tiles with faces now is what stood there."""
        find_squares(g)

    def key_numbers(self, rules: Rules) -> int:
        """One number per square and kind of terrain."""
        extras = rules.expanded
        return rules.geometry.size * (len(extras.terrain_types) if extras is not None else 0)

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The tiles whose other face shows (the face showing is the terrain's key)."""
        key: i64 = 0
        if g.face_squares:
            kinds = len(g.terrain_types)
            for s in g.face_squares:
                front = g.turned[s]
                if front >= 0:
                    key ^= numbers[s * kinds + front]
        return key
