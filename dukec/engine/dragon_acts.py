"""The dragon's state, and what it does between the players' turns (:mod:`dukec.engine.dragon`
quotes the rules and makes it a feature).

Its state is a :class:`~dukec.engine.parts.Roamer`, changed on the game's trail as one entry
(:func:`save`); after a change :func:`aim` works out what it does next and puts its square in
``g.obstacle``, where the kernel sees a piece that blocks every line
(:mod:`dukec.engine.occupancy`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine import defense, occupancy
from dukec.engine.board import grid_reach, middle_squares
from dukec.icons import Effect, Geometry, Icon

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def aim(g: Kernel) -> None:
    """Work out what the dragon's fields say it does next (:class:`Roamer`'s last two), and
    where it blocks (``g.obstacle``), after they change."""
    d = g.dragon
    g.obstacle = d.square
    d.busy = d.rest or d.enraged or d.reorient
    if d.square < 0:
        d.calm = ()
        return
    key = _reach_key(g, _CALM_MOVES)
    calm = g.rules.turned_calm.get(key)
    if calm is None:
        calm = g.rules.turned_calm[key] = tuple(t for t, _ in _grid_reach(g, _CALM_MOVES))
    d.calm = calm


#: A dragon's fields, all of them (see save).
_Kept = tuple[int, int, int, int, bool, bool, bool, bool, tuple[int, ...]]


def save(g: Kernel) -> None:
    """Keep the dragon as it is on the trail (one entry), before its fields are changed."""
    d = g.dragon
    kept = (d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient, d.busy, d.calm)
    g.trail.call(_restore, kept)


def _restore(g: Kernel, kept: _Kept) -> None:
    d = g.dragon
    d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient, d.busy, d.calm = kept
    g.obstacle = d.square


def name(g: Kernel) -> str:
    """The dragon's tile name, for event texts."""
    kind = g.dragon.kind
    return g.terrain_types[kind].name if kind >= 0 else "?"


def place(g: Kernel, index: int) -> None:
    """Set-up: in one of the middle four squares facing left or right, where it threatens no
    tile ("randomly adjust the set-up until that situation cannot occur")."""
    geometry = g.rules.geometry
    bare = occupancy.bare(g, middle_squares(geometry.files, geometry.ranks))
    # Each square facing left, then right, as one number: square * 2 + (0 left, 1 right).
    options: list[int] = []
    for square in bare:
        options.append(square * 2)
        options.append(square * 2 + 1)
    d = g.dragon
    save(g)
    d.kind, d.fy, d.enraged, d.rest, d.reorient = index, 0, False, False, False
    while options:
        option = options.pop(g.event_random(len(options)))
        d.square, d.fx = option >> 1, (option & 1) * 2 - 1
        if not targets(g):
            break
    # Where every square threatens a tile, the last one tried stays.
    aim(g)


def _offset(g: Kernel, dx: int, dy: int) -> tuple[int, int]:
    """An offset of the dragon's grids (+dy the way it faces) as a board offset."""
    fx, fy = g.dragon.fx, g.dragon.fy
    rx, ry = fy, -fx  # its right hand
    return dx * rx + dy * fx, dx * ry + dy * fy


#: The dragon's grids it acts with: the Move icons of its calm side, the Strike icons of its
#: enraged side.
_CALM_MOVES, _ENRAGED_STRIKES = 0, 1


def _moves(icon: Icon) -> bool:
    """Whether an icon of the dragon's is a Move icon (a step that moves it)."""
    return icon.effect is Effect.MOVE and icon.geometry is Geometry.STEP


def _acting(g: Kernel, grid: int) -> tuple[tuple[int, int], ...]:
    """The offsets of the icons the dragon acts with on ``grid``: its calm side's Move icons,
    its enraged side's Strike icons."""
    side = g.terrain_types[g.dragon.kind].sides[grid]
    if grid == _CALM_MOVES:
        return tuple((dx, dy) for icon, dx, dy in side if _moves(icon))
    return tuple((dx, dy) for icon, dx, dy in side if icon.effect is Effect.STRIKE)


def _reach_key(g: Kernel, grid: int) -> int:
    """One number for the dragon's kind, grid, square and facing: the key of the rules' caches
    (a grid is slow to hash, a tuple slower to make and hash than a number)."""
    d = g.dragon
    return (((d.kind * 2 + grid) * g.size + d.square) * 3 + d.fx + 1) * 3 + d.fy + 1


def _grid_reach(g: Kernel, grid: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    d = g.dragon
    key = _reach_key(g, grid)
    found = g.rules.turned_reach.get(key)
    if found is None:
        found = g.rules.turned_reach[key] = grid_reach(
            g.rules.geometry, _acting(g, grid), d.square, d.fx, d.fy
        )
    return found


def _capturable(g: Kernel, square: int) -> bool:
    return g.board[square] >= 0 and square not in g.frozen and square not in g.settled


def targets(g: Kernel) -> list[int]:
    """Tiles the calm dragon could capture with its Move icons."""
    d = g.dragon.square
    board = g.board
    masks = g.masks
    blocks_slide = masks.blocks_slide
    standing = masks.standing
    stuck = g.frozen or g.settled
    found = []
    for t, cells in _grid_reach(g, _CALM_MOVES):
        if board[t] < 0 or (stuck and not _capturable(g, t)):  # most of its squares are empty
            continue
        if not standing[t]:
            continue
        for q in cells:
            if board[q] >= 0 or blocks_slide[q]:
                break
        else:
            if not g.any_defense or defense.allows(g, d, t, True):
                found.append(t)
    return found


def _strikes(g: Kernel) -> list[int]:
    d = g.dragon.square
    found = []
    for t, line in _grid_reach(g, _ENRAGED_STRIKES):
        if not _capturable(g, t) or g.masks.shelters_from_strike[t]:
            continue
        if not occupancy.line_clear(g, line):
            continue
        if not g.any_defense or defense.allows(g, d, t, False):
            found.append(t)
    return found


# The dragon's events, written out only when asked for (Game.last_events).


def _move_text(g: Kernel, frm: int, to: int) -> str:
    return f"{name(g)} {g.rules.geometry.name(frm)}-{g.rules.geometry.name(to)}"


def _capture_text(g: Kernel, tile: int, square: int) -> str:
    return f"{name(g)} captures {g.rules.types[tile].name} on {g.rules.geometry.name(square)}"


def pushed_text(g: Kernel, square: int) -> str:
    return f"{name(g)} pushed to {g.rules.geometry.name(square)}"


def enraged_text(g: Kernel, square: int) -> str:
    return f"{name(g)} enraged on {g.rules.geometry.name(square)}"


def _turn_text(g: Kernel) -> str:
    return f"{name(g)} turns round"


def _calm_text(g: Kernel) -> str:
    return f"{name(g)} calms"


def _capture(g: Kernel, square: int) -> None:
    g.event(_capture_text, g.board[square] >> 2, square)
    g.remove(square, -1)


def _calm(g: Kernel) -> None:
    d = g.dragon
    fx = -1 if g.event_random(2) == 0 else 1
    save(g)
    d.enraged, d.fx, d.fy = False, fx, 0
    g.event(_calm_text)


def act(g: Kernel) -> None:
    """The dragon's action between two turns."""
    _act(g)
    aim(g)


def _act(g: Kernel) -> None:
    d = g.dragon
    geometry = g.rules.geometry
    if d.rest:
        save(g)
        d.rest = False
        return
    if not d.enraged:
        if d.reorient:
            save(g)
            d.fx, d.fy, d.reorient = -d.fx, -d.fy, False
            g.event(_turn_text)
            return
        found = targets(g)
        if not found:
            return  # as on most turns: nothing to capture
        t = found[g.event_random(len(found))]
        g.event(_move_text, d.square, t)
        _capture(g, t)
        save(g)
        d.square = t  # onto the tile it took, from another square
        if geometry.shift(t, d.fx, d.fy) is None:
            d.reorient = True
        return
    if _strike_round(g):
        return
    moves = []
    for icon, rdx, rdy in g.terrain_types[d.kind].sides[1]:
        if not _moves(icon):
            continue
        dx, dy = _offset(g, rdx, rdy)
        step = geometry.shift(d.square, dx, dy)
        if step is not None and (g.board[step] < 0 or _capturable(g, step)):
            moves.append((step, rdx))
    if not moves:
        return
    t, rdx = moves[g.event_random(len(moves))]
    g.event(_move_text, d.square, t)
    save(g)
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


def _strike_round(g: Kernel) -> bool:
    targets = _strikes(g)
    if not targets:
        return False
    chosen = [targets.pop(g.event_random(len(targets))) for _ in range(min(2, len(targets)))]
    for t in chosen:
        _capture(g, t)
    _calm(g)
    return True
