"""The icons' actions in game sets with features, and the Duke-danger test there.

The same icon rules as the base tables (:mod:`dukec.engine.tables`), read from
:mod:`dukec.engine.reach`, with what the features add: a frozen or settled tile neither acts
nor is captured; terrain admits some movements and blocks some paths
(:mod:`dukec.engine.terrain`); a carried piece may bar its square (its feature says to whom); the
obstacle blocks every line, and a line that meets it may give an action its feature says
(:mod:`dukec.engine.occupancy`); Defense icons shield (:mod:`dukec.engine.defense`); abilities
add actions (:mod:`dukec.engine.abilities`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dukec.engine import abilities, defense, occupancy, tablemoves
from dukec.engine.actions import COMMAND, DRAW, ESCAPE, MOVE, RANSOM, STRIKE, ActionTuple
from dukec.engine.masks import BY_COMMAND, BY_LEAP, BY_STEP
from dukec.engine.reach import ENEMIES, IGNORED, NOTHING, STRAIGHT, Reached
from dukec.engine.rules import EMPTY

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel
    from dukec.engine.reach import Reach


def enter_ok(g: Kernel, me: int, frm: int, to: int, how: str, onto_obstacle: bool = False) -> bool:
    """Whether the tile on ``frm`` may end a ``how`` movement on ``to`` (capturing there).

    ``how`` is the schema's name of the movement (:mod:`dukec.engine.masks`' ``BY_STEP`` ...
    ``BY_COMMAND``); the obstacle's square only where its feature asks
    (``onto_obstacle``: :meth:`dukec.engine.feature.Feature.line_meets`).
    """
    if to == g.obstacle and not onto_obstacle:
        return False
    if not g.masks.admits[how][to]:
        return False
    if g.carried and not g.registry.carrier.admits(g, me, frm, to, how):
        return False
    v = g.board[to]
    if v >= 0:
        if v & 1 == me or to in g.frozen or to in g.settled:
            return False
        if g.any_defense and how != BY_COMMAND and not defense.allows(g, frm, to, how == BY_STEP):
            return False
    return True


def plain(g: Kernel) -> bool:
    """Whether the base tables give every icon's actions now: no Defense icon, frozen or
    settled tile, lying tiles only where their masks are folded into the tables, carried
    pieces that any movement may end on (their feature only bars some tiles from their
    square), and the obstacle, if any, on its square: while the base tables are read, its
    square holds the tables' obstacle, a code that blocks every line and that no tile may
    enter, strike or command (the ends of the lines that meet it are found apart:
    :func:`meetings`)."""
    return not (
        (not g.masks.bare and not g.folded)
        or g.any_defense
        or g.frozen
        or g.settled
        or (g.carried and not g.open_carried)
    )


def lines_to(g: Kernel, target: int, by: int) -> set[int] | None:
    """The base game's squares on ``by``'s lines to ``target`` (None: it is in danger now) on a
    :func:`~dukec.engine.turn.base_board`, the obstacle blocking them; None too where a line
    that meets the obstacle could capture on ``target`` (the lines do not tell when it could)."""
    at = g.obstacle
    if at < 0:
        return tablemoves.lines_to(g, target, by)
    if target in g.rules.around[at] and g.registry.obstacle.meets_lines(g):
        return None
    board = g.board
    board[at] = g.tables.obstacle  # the tables' obstacle (see plain)
    try:
        return tablemoves.lines_to(g, target, by)
    finally:
        board[at] = EMPTY


def meetings(g: Kernel, me: int, s: int, out: list[ActionTuple]) -> None:
    """The actions of the tile on ``s`` whose Slide or Jump Slide line meets the obstacle (the
    same walk as :func:`tile_actions`, which also lists them), as its feature gives them."""
    at = g.obstacle
    masks = g.masks
    board = g.board
    owner = g.registry.obstacle
    k = board[s] * g.size + s
    key = k * g.size + at
    lines = g.rules.meet_lines.get(key)
    if lines is None:
        lines = g.rules.meet_lines[key] = _meet_lines(g.reach.rays[k], at)
    for how, leaped, before, behind in lines:
        if leaped >= 0 and (masks.blocks_jump[leaped] or masks.blocks_slide[leaped]):
            continue
        for cur in before:
            if masks.blocks_slide[cur] or board[cur] >= 0:
                break
        else:
            may_enter = enter_ok(g, me, s, at, how, onto_obstacle=True)
            owner.line_meets(g, me, s, behind, may_enter, out)


def _meet_lines(
    rays: tuple[tuple[str, int, tuple[int, ...]], ...], at: int
) -> tuple[tuple[str, int, tuple[int, ...], int], ...]:
    """Of a tile's rays, those through ``at``: how, the square leaped (-1: none), the squares
    before ``at`` and the one behind it (-1: off the board)."""
    found = []
    for how, leaped, line in rays:
        if at in line:
            i = line.index(at)
            found.append((how, leaped, line[:i], line[i + 1] if i + 1 < len(line) else -1))
    return tuple(found)


def _add_meetings(g: Kernel, me: int, squares: Iterable[int], out: list[ActionTuple]) -> None:
    """The actions of ``me``'s tiles on ``squares`` whose lines meet the obstacle, in the order
    of their squares."""
    board = g.board
    size = g.size
    crossing = g.rules.crossing[g.obstacle]
    # Few tiles' lines cross the obstacle's square: only theirs are put in order.
    found = [s for s in squares if crossing[board[s] * size + s]]
    if len(found) > 1:
        found.sort()
    for s in found:
        meetings(g, me, s, out)


def _crossing_and_gifted(
    g: Kernel, me: int, crossing: bytes, wanted: tuple[bool, ...]
) -> tuple[list[int] | None, list[int] | None]:
    """In one pass over ``me``'s tiles: the squares of those whose lines cross the obstacle's
    square (``crossing``: per table key) and of those with abilities (``wanted``: per piece
    code), each in square order (None: none; most turns find none, and make no list)."""
    board = g.board
    size = g.size
    meeting: list[int] | None = None
    gifted: list[int] | None = None
    for s in g.pieces[me]:
        code = board[s]
        if crossing[code * size + s]:
            if meeting is None:
                meeting = [s]
            else:
                meeting.append(s)
        if wanted[code]:
            if gifted is None:
                gifted = [s]
            else:
                gifted.append(s)
    # Few tiles are found: only theirs are put in order.
    if meeting is not None and len(meeting) > 1:
        meeting.sort()
    if gifted is not None and len(gifted) > 1:
        gifted.sort()
    return meeting, gifted


def pseudo(g: Kernel, me: int, is_plain: bool | None = None) -> list[ActionTuple]:
    """Actions allowed by the icons, terrain and abilities, before the Duke-danger rule
    (``is_plain``: :func:`plain`, if the caller knows it)."""
    if plain(g) if is_plain is None else is_plain:
        # The base game's actions, and the abilities'.
        at = g.obstacle
        if at < 0:
            out = tablemoves.pseudo(g)
        else:
            board = g.board
            board[at] = g.tables.obstacle  # the tables' obstacle (see plain)
            try:
                out = tablemoves.pseudo(g)
            finally:
                board[at] = EMPTY
        if g.any_leaders:
            # The army places beside other tiles than the Duke: a draw is this one's to list.
            if out and out[-1][0] == DRAW:
                out.pop()
            if g.bags[me] and occupancy.drop_squares(g, me, first=True):
                out.append((DRAW, -1, -1, -1, -1))
        elif (g.carried or not g.masks.bare) and out and out[-1][0] == DRAW:
            # A draw (the base generator lists it last) needs an empty square beside the Duke
            # that a tile may be placed on.
            duke = g.duke[me]
            if not occupancy.placeable(g, g.neighbours[duke], first=True):
                out.pop()
        wanted = g.ability_codes
        gifted: list[int] | None = None
        found = False  # gifted found with the meeting (None then: no tile has abilities)
        if at >= 0 and g.registry.obstacle.meets_lines(g):
            if wanted:
                meeting, gifted = _crossing_and_gifted(g, me, g.rules.crossing[at], wanted)
                found = True
                if meeting is not None:
                    for s in meeting:
                        meetings(g, me, s, out)
            else:
                _add_meetings(g, me, g.pieces[me], out)
        if g.carried:
            out = g.registry.carrier.filter_ends(g, me, out)
        for feature in g.registry.adders:
            feature.add_actions(g, me, out)
        if wanted:
            board = g.board
            if not found:
                # Few tiles have abilities: only theirs are put in order.
                gifted = [s for s in g.pieces[me] if wanted[board[s]]]
                if len(gifted) > 1:
                    gifted.sort()
            if gifted is not None:
                for s in gifted:
                    abilities.actions(g, me, s, board[s], out)
        if g.any_ransom:
            abilities.ransom_actions(g, me, out)
        # The base game's actions are distinct, and so are the abilities' among them.
        return out
    out = []
    stuck = g.frozen or g.settled
    for s in sorted(g.pieces[me]):
        if not stuck or (s not in g.frozen and s not in g.settled):
            tile_actions(g, me, s, out)
    for feature in g.registry.adders:
        feature.add_actions(g, me, out)
    if g.any_ransom:
        abilities.ransom_actions(g, me, out)
    if g.bags[me] and (
        occupancy.drop_squares(g, me, first=True)
        if g.any_leaders
        else g.duke[me] >= 0 and occupancy.placeable(g, g.neighbours[g.duke[me]], first=True)
    ):
        out.append((DRAW, -1, -1, -1, -1))
    return list(dict.fromkeys(out))


def tile_actions(
    g: Kernel,
    me: int,
    s: int,
    out: list[ActionTuple],
    only: int = -1,
    lent: Reach | None = None,
    key: int = -1,
) -> None:
    """The icon and ability actions of the (unfrozen) tile on ``s``; with ``only``, just those
    that could capture on that square (for the Duke-danger test). With ``lent``, the icons at
    its ``key`` instead of the tile's own (what a feature lends it), and no ability."""
    code = g.board[s]
    if lent is None:
        reach = g.reach
        k = code * g.size + s
    else:
        reach = lent
        k = key
    board = g.board
    obstacle = g.obstacle
    masks = g.masks
    admits = masks.admits
    slide_block = masks.blocks_slide
    bare = masks.bare
    frozen, settled = g.frozen, g.settled
    # Whether a tile may end on a square is decided inline from the terrain's mask, the
    # obstacle's square and the troop there, unless a carried piece lies there or Defense icons
    # are in play: then enter_ok, which says the same and more, decides.
    shielded = g.any_defense
    carried = occupancy.carried(g) if g.carried else ()
    admitted = admits[BY_STEP]
    for t, cells in reach.moves[k]:
        if only >= 0 and t != only:
            continue
        v = board[t]
        if v >= 0 and v & 1 == me:
            continue
        for c in cells:
            if board[c] >= 0 or slide_block[c] or c == obstacle:
                break
        else:
            if shielded or t in carried:
                if enter_ok(g, me, s, t, BY_STEP):
                    out.append((MOVE, s, t, -1, -1))
            elif (
                t != obstacle and admitted[t] and (v < 0 or (t not in frozen and t not in settled))
            ):
                out.append((MOVE, s, t, -1, -1))
    admitted = admits[BY_LEAP]
    for t, paths in reach.jumps[k]:
        if only >= 0 and t != only:
            continue
        v = board[t]
        if v >= 0 and v & 1 == me:
            continue
        if not bare and not occupancy.jump_ok(g, paths):
            continue
        if shielded or t in carried:
            if enter_ok(g, me, s, t, BY_LEAP):
                out.append((MOVE, s, t, -1, -1))
        elif t != obstacle and admitted[t] and (v < 0 or (t not in frozen and t not in settled)):
            out.append((MOVE, s, t, -1, -1))
    for how, leaped, line in reach.rays[k]:
        if only >= 0 and only not in line:
            continue
        if leaped >= 0 and (masks.blocks_jump[leaped] or slide_block[leaped]):
            continue
        admitted = admits[how]
        for i, cur in enumerate(line):
            if cur == obstacle:
                behind = line[i + 1] if i + 1 < len(line) else -1
                may_enter = enter_ok(g, me, s, cur, how, onto_obstacle=True)
                g.registry.obstacle.line_meets(g, me, s, behind, may_enter, out)
                break
            if slide_block[cur]:
                break
            v = board[cur]
            if shielded or cur in carried:
                if enter_ok(g, me, s, cur, how):
                    out.append((MOVE, s, cur, -1, -1))
            elif admitted[cur] and (
                v < 0 or (v & 1 != me and cur not in frozen and cur not in settled)
            ):
                out.append((MOVE, s, cur, -1, -1))
            if v >= 0:
                break
    for t, line in reach.strikes[k]:
        if only >= 0 and t != only:
            continue
        v = board[t]
        if v < 0 or v & 1 == me or t in g.frozen or t in g.settled:
            continue
        if masks.shelters_from_strike[t] or not occupancy.line_clear(g, line):
            continue
        if not g.any_defense or defense.allows(g, s, t, False):
            out.append((STRIKE, s, t, -1, -1))
    if reach.special:
        items = reach.special[k]
        if items:
            _special_actions(g, me, s, items, out, only)
    squares = reach.commands[k]
    if squares:
        for q in squares:
            v = board[q]
            if v >= 0 and v & 1 == me and q not in g.frozen and q not in g.settled:
                for t in squares:
                    if t != q and (only < 0 or t == only) and enter_ok(g, me, q, t, BY_COMMAND):
                        out.append((COMMAND, q, t, s, -1))
    if lent is None and g.extras.abilities[code >> 2] and (only < 0 or g.escapes[code >> 2]):
        abilities.actions(g, me, s, code, out)


def icon_actions(
    g: Kernel, me: int, s: int, reach: Reach, k: int, out: list[ActionTuple], only: int = -1
) -> None:
    """The actions of the icons at ``reach``'s key ``k`` for the tile of ``me`` on ``s`` (as
    :func:`tile_actions` lists them, abilities aside); with ``only``, just those that could
    capture on that square."""
    tile_actions(g, me, s, out, only, reach, k)


def _special_actions(
    g: Kernel, me: int, s: int, items: tuple[Reached, ...], out: list[ActionTuple], only: int
) -> None:
    """The actions the icons with modifiers of the tile on ``s`` give (``only``: those that
    could capture on that square): each once among the tile's actions. A path and a line stop
    where the plain icons' do (a tile, when ``stopped``; terrain that stops a slide, or blocks a
    Strike's line of sight; the obstacle, which such a line does not push); a move ends where
    terrain admits it, a strike where it does not shelter the tile; a non-capture icon ends on
    empty squares alone; friend and foe are captured alike, but never its own player's tile
    acting as the Duke; a frozen or settled tile is not captured; Defense icons stand against
    each as its declaration says."""
    board = g.board
    masks = g.masks
    slide_block = masks.blocks_slide
    obstacle = g.obstacle
    frozen, settled = g.frozen, g.settled
    is_duke = g.rules.tables.is_duke
    start = len(out)
    for r in items:
        targets = r.targets
        if only >= 0 and only not in targets:
            continue
        leaped = r.leaped
        if leaped >= 0 and (masks.blocks_jump[leaped] or slide_block[leaped]):
            continue
        moves = r.moves
        clear = True
        for c in r.cells:
            if c == obstacle or (r.stopped and board[c] >= 0) or (moves and slide_block[c]):
                clear = False
                break
        if not clear or (not moves and not occupancy.line_clear(g, r.cells)):
            continue
        if r.paths and not masks.bare and not occupancy.jump_ok(g, r.paths):
            continue
        for t in targets:
            if t == obstacle or (moves and r.line and slide_block[t]):
                break
            v = board[t]
            if v >= 0:
                if r.captures == NOTHING or (v & 1 == me and (r.captures == ENEMIES or is_duke[v])):
                    break
                if t in frozen or t in settled:
                    break
            if v >= 0 or moves:
                action = _special_end(g, me, s, t, v, r)
                if action is not None and (only < 0 or t == only) and action not in out[start:]:
                    out.append(action)
            if v >= 0 or not r.line:
                break


def _special_end(g: Kernel, me: int, s: int, t: int, v: int, r: Reached) -> ActionTuple | None:
    """The action of a :class:`~dukec.engine.reach.Reached` ending on ``t`` (holding ``v``),
    if what lies there, a carried piece and Defense let it."""
    if r.moves:
        if not g.masks.admits[r.how][t]:
            return None
        if g.carried and not g.registry.carrier.admits(g, me, s, t, r.how):
            return None
    elif g.masks.shelters_from_strike[t]:
        return None
    shielded = v >= 0 and r.defense != IGNORED and g.any_defense
    if shielded and not defense.allows(g, s, t, r.defense == STRAIGHT):
        return None
    return (MOVE if r.moves else STRIKE, s, t, -1, -1)


def attacked(g: Kernel, target: int, by: int) -> bool:
    """Whether a tile of ``by`` could capture on ``target`` with one action now."""
    if g.board[target] < 0 or target in g.frozen or target in g.settled:
        return False
    if not g.escapes_or_ransoms and plain(g) and (not g.carried or g.carried_at(target) < 0):
        return plain_attacked(g, target, by)
    board = g.board
    size = g.size
    attack = g.rules.tables.attack
    commands = g.reach.commands
    escapes = g.escapes
    found: list[ActionTuple] = []
    stuck = g.frozen or g.settled
    for s in g.pieces[by]:
        if stuck and (s in g.frozen or s in g.settled):
            continue
        code = board[s]
        k = code * size + s
        # Only a tile whose grid reaches the target at all (or that can escape anywhere).
        if attack[k][target] is not None or target in commands[k] or escapes[code >> 2]:
            tile_actions(g, by, s, found, target)
    if g.any_ransom:
        abilities.ransom_actions(g, by, found)
    for a in found:
        kind, _frm, to, _by, tile = a
        if to == target and kind in (MOVE, STRIKE, COMMAND, ESCAPE, RANSOM):
            return True
        if kind == MOVE and tile >= 0 and g.registry.obstacle.captures_beyond(g, a) == target:
            return True
    return _threatened(g, target, by)


def _threatened(g: Kernel, target: int, by: int) -> bool:
    """Whether a feature's action that the icons' tables do not hold (an area group's) could
    capture on ``target`` now."""
    for feature in g.registry.threats:  # noqa: SIM110 (a plain loop: most sets have none)
        if feature.threatens(g, target, by):
            return True
    return False


def plain_attacked(g: Kernel, target: int, by: int) -> bool:
    """:func:`attacked` where the board is :func:`plain`, no tile may Escape or Ransom and no
    carried piece lies on ``target`` (a tile stands there that is neither frozen nor settled)."""
    at = g.obstacle
    if at < 0:
        if tablemoves.attacked(g, target, by):
            return True
        return bool(g.registry.threats) and _threatened(g, target, by)
    board = g.board
    board[at] = g.tables.obstacle  # the tables' obstacle (see plain)
    try:
        hit = tablemoves.attacked(g, target, by)
    finally:
        board[at] = EMPTY
    if hit or (g.registry.threats and _threatened(g, target, by)):
        return True
    owner = g.registry.obstacle
    if target not in g.rules.around[at] or not owner.meets_lines(g):
        return False  # what a line that meets the obstacle captures is beside it
    met: list[ActionTuple] = []
    _add_meetings(g, by, g.pieces[by], met)
    for a in met:  # noqa: SIM110 (the actions are few)
        if a[4] >= 0 and owner.captures_beyond(g, a) == target:
            return True
    return False
