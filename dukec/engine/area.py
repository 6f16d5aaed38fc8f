"""Area effect: the Strike icons of one area group on a tile's side fire together.

The expansion packs' rules (`expansions.md`, "New movement icons"): "Area-Effect (Siege
Engines): icons joined by a printed line form one group. Using any icon of the group uses all of
them, on all their target squares; the player cannot choose a part of the group. Area-effect
icons capture friendly and enemy tiles alike." And of the Hammer: "In an area-effect group that
includes Hammer icons, the group's other Strike icons still obey Defense."

What the sources leave open is decided as `docs/rules.md` says ("Declared icons"): a group holds
Strike icons only (the compiler refuses another effect); it is used as one action of the tile,
which flips as after a Strike, and may be used where it captures at least one tile; it may never
capture its own player's tile acting as the Duke (a group that would is not usable); each of
its icons captures as a Strike does, so that terrain blocks its line of sight and shelters the
tile on its square, a frozen or settled tile is not captured, and Defense icons protect
against each icon that does not ignore them. The Duke-danger rule applies to it as to any
action, and a group that could capture the Duke puts it in Guard.

An area action is ``(AREA, frm, -1, -1, group)``: the tile on ``frm`` uses its area group
``group`` (the index of its name among the tile set's, ``Vocabulary.areas``); what it captures
follows from the position, and each capture is one of the action's events. It is written
``c3!siege`` (the square, ``!`` as a Strike, the group's name); two groups of one tile that
would capture the same tiles are one action, the first's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine import defense, occupancy
from dukec.engine.actions import AREA, ActionTuple
from dukec.engine.feature import Feature, acting

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.reach import AreaGroup


def hits(g: Kernel, me: int, s: int, group: AreaGroup) -> list[int] | None:
    """The squares ``me``'s tile on ``s`` captures on with ``group``, in board order (empty:
    none); None where it would capture its own player's tile acting as the Duke."""
    board = g.board
    masks = g.masks
    obstacle = g.obstacle
    frozen, settled = g.frozen, g.settled
    is_duke = g.rules.tables.is_duke
    found: list[int] = []
    for i, t in enumerate(group.targets):
        v = board[t]
        if v < 0 or t == obstacle or t in frozen or t in settled:
            continue
        if masks.shelters_from_strike[t] or t in found:
            continue
        cells = group.cells[i]
        if not occupancy.line_clear(g, cells):
            continue
        if group.stopped[i] and any(board[c] >= 0 or c == obstacle for c in cells):
            continue
        shielded = g.any_defense and not group.ignores_defense[i]
        if shielded and not defense.allows(g, s, t, group.stopped[i]):
            continue
        if v & 1 == me and is_duke[v]:
            return None
        found.append(t)
    found.sort()
    return found


def actions(g: Kernel, me: int, s: int, out: list[ActionTuple]) -> None:
    """The area actions of ``me``'s tile on ``s`` (one per distinct set of captures)."""
    k = g.board[s] * g.size + s
    seen: list[list[int]] = []
    for group in g.reach.areas[k]:
        found = hits(g, me, s, group)
        if found and found not in seen:
            seen.append(found)
            out.append((AREA, s, -1, -1, group.group))


def _group(g: Kernel, s: int, index: int) -> AreaGroup:
    for group in g.reach.areas[g.board[s] * g.size + s]:
        if group.group == index:
            return group
    raise ValueError(f"no area group {index} on the tile of square {s}")


def _capture_text(g: Kernel, tile: int, square: int) -> str:
    return f"captures {g.rules.types[tile].name} on {g.rules.geometry.name(square)}"


class Blasting(Feature):
    """The area groups' actions: listed after the icons', carried out on the trail, and looked
    for by the Duke-danger test."""

    def kinds(self) -> tuple[int, ...]:
        """An area group used."""
        return (AREA,)

    def writes(self) -> tuple[int, ...]:
        """An area group used."""
        return (AREA,)

    def add_actions(self, g: Kernel, me: int, out: list[ActionTuple]) -> None:
        """Each of ``me``'s tiles (not frozen or settled) with an area group that captures."""
        areas = g.reach.areas
        board = g.board
        size = g.size
        stuck = g.frozen or g.settled
        for s in sorted(g.pieces[me]):
            if stuck and (s in g.frozen or s in g.settled):
                continue
            if areas[board[s] * size + s]:
                actions(g, me, s, out)

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """Every tile the group captures, then the tile flips (as after a Strike)."""
        _kind, frm, _to, _by, index = action
        me = g.to_move
        found = hits(g, me, frm, _group(g, frm, index)) or []
        for t in found:
            g.event(_capture_text, g.board[t] >> 2, t)
            g.remove(t, me)
        g.trail.setitem(g.board, frm, g.board[frm] ^ 2)
        return -1

    def threatens(self, g: Kernel, target: int, by: int) -> bool:
        """Whether a tile of ``by`` could capture on ``target`` with an area group now."""
        areas = g.reach.areas
        board = g.board
        size = g.size
        stuck = g.frozen or g.settled
        for s in g.pieces[by]:
            if stuck and (s in g.frozen or s in g.settled):
                continue
            for group in areas[board[s] * size + s]:
                if target in group.targets:
                    found = hits(g, by, s, group)
                    if found is not None and target in found:
                        return True
        return False

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``c3!siege``: the tile on c3 uses its area group ``siege``."""
        return f"{scene.rules.geometry.name(action[1])}!{scene.rules.icons.areas[action[4]]}"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The tile that acts (what it captures are the action's events)."""
        return acting(scene, action, captures=False)
