"""The base game's actions from its lookup tables, its Duke-danger test, and its legal actions
(its placements among them).

Every icon of every tile on every square is looked up in :class:`dukec.engine.tables.Tables`
(``code * board_size + square``); the base game's and every board that plays as the base game's
(:mod:`dukec.engine.movement`) are generated here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine.actions import COMMAND, DRAW, PLACE, STRIKE, ActionTuple, Phase, Reason
from dukec.engine.rules import EMPTY
from dukec.engine.tables import MOVE_ALL, QUIET, Special

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel

#: The draw, as every list of actions holds it (Final: compiled, a module's plain global is
#: looked up by name).
_DRAW: Final[ActionTuple] = (DRAW, -1, -1, -1, -1)


def legal(g: Kernel) -> list[ActionTuple]:
    """The base game's legal actions, in a fixed order."""
    if g.over is not None:
        return []
    if g.phase is not Phase.PLAY:
        return [(PLACE, -1, s, -1, g.placement_tile()) for s in placements(g)]
    actions = pseudo(g)
    me = g.to_move
    duke = g.duke[me]
    if duke < 0:
        return actions  # no Duke to keep safe (and no draw: nowhere to place beside it)
    lines = lines_to(g, duke, me ^ 1)
    if lines is None:
        return [a for a in actions if check(g, a)]
    return [a for a in actions if stays_safe(a, duke, lines) or check(g, a)]


def stays_safe(action: ActionTuple, duke: int, lines: set[int]) -> bool:
    """Whether ``action`` keeps a Duke that is safe now safe, seen without trying it (``lines``:
    the squares on the enemy's lines to it; False: try it). A draw does (there is an empty
    square beside the Duke, and a placement only blocks); so does a Strike on a tile off the
    lines, and a move or command of another tile from a square off them: the square emptied
    unblocks none of the lines, a square moved to only blocks."""
    kind = action[0]
    if kind == DRAW:
        return True
    if kind == STRIKE:
        return action[2] not in lines
    return kind <= COMMAND and action[4] < 0 and action[1] != duke and action[1] not in lines


def has_legal(g: Kernel) -> bool:
    """Whether the base game's player to move has a legal action."""
    if g.phase is not Phase.PLAY:
        return bool(placements(g))
    return any(check(g, a) for a in pseudo(g))


def placements(g: Kernel) -> list[int]:
    """Legal squares for the placement that is due (set-up or after a draw)."""
    if g.phase is Phase.SETUP:
        return setup_squares(g)
    board = g.board
    me = g.to_move
    duke = g.duke[me]
    if duke < 0:
        return []
    empty = [n for n in g.neighbours[duke] if board[n] < 0]
    if not empty or not attacked(g, duke, me ^ 1):
        return empty
    safe = []
    for n in empty:
        board[n] = me  # any friendly tile blocks the same lines
        if not attacked(g, duke, me ^ 1):
            safe.append(n)
        board[n] = EMPTY
    return safe


def setup_squares(g: Kernel) -> list[int]:
    """Squares for the set-up placement that is due: its own, or beside a tile."""
    board = g.board
    step = g.rules.setup[g.setup_index]
    if step.squares is not None:
        return [s for s in step.squares if board[s] < 0]
    if step.beside is not None:
        beside = [s for s in g.pieces[g.to_move] if board[s] >> 2 == step.beside]
    else:
        types = step.beside_of
        beside = [s for s in g.pieces[g.to_move] if board[s] >> 2 in types]
    if len(beside) == 1:  # most often: no square found twice, none to drop
        found = [n for n in g.neighbours[beside[0]] if board[n] < 0]
        found.sort()
        return found
    return sorted({n for s in beside for n in g.neighbours[s] if board[n] < 0})


def check(g: Kernel, action: ActionTuple) -> bool:
    """Whether a pseudo-legal action obeys the Duke-danger rule (tries it and undoes it)."""
    kind = action[0]
    me = g.to_move
    if kind == DRAW:
        return bool(placements_after_draw(g))
    g._base_apply(action)
    ok = safe(g, me)
    g._base_undo()
    return ok


def safe(g: Kernel, me: int) -> bool:
    """After ``me`` acted: the Duke is not capturable, or the action captured the enemy's."""
    duke = g.duke[me]
    if duke < 0 or not attacked(g, duke, me ^ 1):
        return True
    over = g.over
    return over is not None and over.reason is Reason.DUKE_CAPTURED


def placements_after_draw(g: Kernel) -> list[int]:
    """The squares a drawn tile could go on, before the draw is made."""
    saved = g.phase
    g.phase = Phase.PLACING
    try:
        return placements(g)
    finally:
        g.phase = saved


def lines_to(g: Kernel, target: int, by: int) -> set[int] | None:
    """Every square that blocks some line of ``by``'s tiles to ``target``, or None if a tile
    of ``by`` could capture on ``target`` now (the test of :func:`attacked`)."""
    lines: set[int] = set()
    return None if _reaches(g, target, by, lines) else lines


def pseudo(g: Kernel, taking: bool = False) -> list[ActionTuple]:
    """Actions allowed by the icons alone, before the Duke-danger rule (``taking``: only the
    moves, strikes and commands that take a tile, for a search beyond its depth)."""
    me = g.to_move
    board = g.board
    tables = g.tables
    direct, pathed, rays = tables.direct, tables.pathed, tables.rays
    strikes, command, overlap = tables.strikes, tables.command, tables.overlap
    mine = tables.mine[me]
    not_mine = tables.not_mine[me]
    # A target to list: any square not the mover's, or with ``taking`` an enemy's only.
    wanted = tables.theirs[me] if taking else not_mine
    size = g.size
    move_actions = g.move_actions
    strike_actions = g.strike_actions
    # The actions are the rules' ready tuples (Any: compiled, they are passed on as they are,
    # not taken apart and made again).
    out: list[Any] = []
    ready = tables.ready
    any_special = tables.any_special
    for frm in sorted(g.pieces[me]):
        k = board[frm] * size + frm
        if ready[k]:
            steps, paths, lines = direct[k], pathed[k], rays[k]
            strike, squares, overlaps = strikes[k], command[k], overlap[k]
        else:
            steps, paths, lines, strike, squares, overlaps, _attack = tables.entry(k)
        moves: tuple[Any, ...] = move_actions[frm]
        start = len(out)
        for t in steps:
            if wanted[board[t]]:
                out.append(moves[t])
        for t, path in paths:
            if wanted[board[t]]:
                for b in path:
                    if board[b] >= 0:
                        break
                else:
                    out.append(moves[t])
        for ray in lines:
            for t in ray:
                v = board[t]
                if v < 0:
                    if not taking:
                        out.append(moves[t])
                else:
                    if not_mine[v]:
                        out.append(moves[t])
                    break
        if overlaps:
            _first_of_each(out, start)
        for t in strike:
            v = board[t]
            if v >= 0 and not_mine[v]:
                # The rules' strike, made the first time a game lists it (Rules.strike_actions).
                i = frm * size + t
                action = strike_actions[i]
                if action is None:
                    action = strike_actions[i] = (STRIKE, frm, t, -1, -1)
                out.append(action)
        if any_special:
            extra = tables.special[k]
            if extra:
                _specials(g, extra, frm, out, start, taking)
        if squares:
            for q in squares:
                if mine[board[q]]:
                    for t in squares:
                        if t != q and wanted[board[t]]:
                            out.append((COMMAND, q, t, frm, -1))
    duke = g.duke[me]
    if not taking and g.bags[me] and duke >= 0:
        for n in g.neighbours[duke]:
            if board[n] < 0:
                out.append(_DRAW)
                break
    return out


def _specials(
    g: Kernel, items: tuple[Special, ...], frm: int, out: list[Any], start: int, taking: bool
) -> None:
    """The actions of the tile on ``frm`` that its :data:`~dukec.engine.tables.Special` reaches
    give, each once among the tile's actions from ``start`` on: onto an empty square (a Move's);
    on the first tile a line or a path meets, what the reach may capture there (an enemy's
    tile; with friend and foe, a friend's too, but never its own player's tile acting as the
    Duke; a non-capture icon none)."""
    board = g.board
    tables = g.tables
    me = g.to_move
    mine = tables.mine[me]
    theirs = tables.theirs[me]
    is_duke = tables.is_duke
    size = g.size
    moves: tuple[Any, ...] = g.move_actions[frm]
    strike_actions = g.strike_actions
    for mode, before, targets in items:
        clear = True
        for b in before:
            if board[b] >= 0:
                clear = False
                break
        if not clear:
            continue
        moving = mode <= MOVE_ALL
        for t in targets:
            v = board[t]
            if v < 0:
                if moving and not taking:
                    action = moves[t]
                    if action not in out[start:]:
                        out.append(action)
                continue
            if mode == QUIET:
                break
            # Friend and foe (the odd modes): a friend's tile, but not one acting as the Duke.
            if theirs[v] or (mode & 1 and mine[v] and not is_duke[v]):
                if moving:
                    action = moves[t]
                else:
                    i = frm * size + t
                    action = strike_actions[i]
                    if action is None:
                        action = strike_actions[i] = (STRIKE, frm, t, -1, -1)
                if action not in out[start:]:
                    out.append(action)
            break


def _first_of_each(out: list[Any], start: int) -> None:
    """Keep only the first of the moves from ``start`` on to each square (several icons of a
    tile may reach the same one), in their order: the moves of one tile are one action per
    target square."""
    seen: set[int] = set()
    kept = []
    for action in out[start:]:
        target: int = action[2]
        if target not in seen:
            seen.add(target)
            kept.append(action)
    out[start:] = kept


def attacked(g: Kernel, target: int, by: int) -> bool:
    """Whether a tile of ``by`` could capture on ``target`` with one action now."""
    return _reaches(g, target, by, None)


def _reaches(g: Kernel, target: int, by: int, lines: set[int] | None) -> bool:
    """Whether a tile of ``by`` could capture on ``target`` now; if not, with ``lines`` given,
    every square that blocks one of its lines to ``target`` is added to it."""
    board = g.board
    tables = g.tables
    attack = tables.attack
    size = g.size
    ready = tables.ready
    for s in g.pieces[by]:
        code = board[s]
        k = code * size + s
        alternatives = attack[k][target] if ready[k] else tables.entry(k)[6][target]
        if alternatives is not None:
            for blockers in alternatives:
                for b in blockers:
                    if board[b] >= 0:
                        break
                else:
                    return True
                if lines is not None:
                    lines.update(blockers)
        if tables.has_command[code]:
            squares = tables.command[k] if ready[k] else tables.entry(k)[4]
            if target in squares:
                mine = tables.mine[by]
                for q in squares:
                    if q != target and mine[board[q]]:
                        return True
    return False
