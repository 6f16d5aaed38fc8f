"""The turn of a game set with features: its phases, the Duke-danger rule, and what happens
between turns. :class:`dukec.engine.game.Game` plays through these functions when its rules use
a rule feature (``rules.expanded``); base sets never come here.

A turn: the action (:mod:`dukec.engine.movement` lists them), then what follows it, what acts
between the turns and what follows that, and the next turn beginning: each is every feature's
part in the game set's order (:mod:`dukec.engine.feature`, the seam;
:mod:`dukec.engine.features`, the registry), as are the phases and action kinds a feature owns.
Before play (:mod:`dukec.engine.opening`): set-up, and what each feature lays down or starts.
Every change goes through the game's
:class:`~dukec.engine.trail.Trail`, so undo takes back exactly one action. Random play samples
and applies through these functions (:mod:`dukec.engine.featureplay`).

The action is the same 5-tuple ``(kind, frm, to, by, tile)`` in every kind; what the fields of a
feature's kinds mean is said by the feature that owns them, and so is what a move whose
``tile`` is set (no base game's move is) does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dukec.engine import movement, occupancy, opening, tablemoves
from dukec.engine.actions import (
    COMMAND,
    DRAW,
    MOVE,
    PLACE,
    STRIKE,
    ActionTuple,
    Phase,
    Reason,
    Result,
)
from dukec.engine.rules import EMPTY, FRONT

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


# ------------------------------------------------------------------ legal actions


def legal(g: Kernel) -> list[ActionTuple]:
    """Every legal action of the player to move."""
    if g.over is not None:
        return []
    phase = g.phase
    me = g.to_move
    if phase is Phase.PLAY:
        return [a for a in movement.pseudo(g, me) if check(g, a)]
    if phase is Phase.PLACING:
        out = [(PLACE, -1, s, -1, g.drawn) for s in placements(g)]
        for feature in g.registry.placers:  # tiles that may take the drawn tile's place
            for tile in feature.placing_tiles(g):
                out += [(PLACE, -1, s, -1, tile) for s in placements(g, tile)]
        return out
    if phase is Phase.SETUP:
        tile = g.setup_tiles[g.setup_index]
        if tile < 0:  # a tile of the step's choices from the bag
            choices = g.rules.setup[g.setup_index].choices
            tiles = sorted({t for t in g.bags[me] if t in choices})
            squares = tablemoves.setup_squares(g)
            return [(PLACE, -1, s, -1, t) for s in squares for t in tiles]
        return [(PLACE, -1, s, -1, tile) for s in tablemoves.setup_squares(g)]
    return g.registry.by_phase[phase].phase_actions(g)  # a feature's phase


def has_legal(g: Kernel) -> bool:
    """Whether the player to move has a legal action (in play, testing the pseudo-legal ones
    only until one passes)."""
    if g.over is None and g.phase is Phase.PLAY:
        return any(check(g, action) for action in movement.pseudo(g, g.to_move))
    return bool(legal(g))


def placements(g: Kernel, tile: int = -1) -> list[int]:
    """Squares for the drawn tile (or ``tile`` in its place): open, beside the Duke (or the
    tiles the army places beside), keeping the Duke safe if any do."""
    me = g.to_move
    duke = g.duke[me]
    if g.any_leaders:
        squares = occupancy.drop_squares(g, me)
    elif duke < 0:
        return []
    else:
        squares = occupancy.placeable(g, g.neighbours[duke])
    if not g.objective.duke_capture_wins or (g.nothing_after_action and not _duke_in_danger(g, me)):
        # The Duke may be left in danger; or a placement only blocks lines and it is safe now.
        return squares
    placed = g.drawn if tile < 0 else tile
    safe = [n for n in squares if _placement_safe(g, me, n, placed)]
    # A drawn tile must be placed, even where the Duke stays in danger.
    return safe or squares


def check(g: Kernel, action: ActionTuple) -> bool:
    """Whether a pseudo-legal action obeys the Duke-danger rule (tried, then taken back)."""
    me = g.to_move
    kind = action[0]
    if kind == DRAW:
        return _draw_ok(g, me)
    if not g.objective.duke_capture_wins and not g.registry.draws[kind]:
        return True  # the Duke may be left in danger (see _duke_safe): every action is legal
    if kind <= COMMAND and g.nothing_after_action and not g.carried and action[4] < 0:
        # A move, strike or command that carries no piece and is no feature's (``tile`` unset),
        # where nothing follows an action but the Duke-danger test: the base game's apply and
        # undo change the board exactly as the trail would, and the test is the features' own.
        g._base_apply(action)
        over = g.over
        duke = g.duke[me]
        ok = (
            (over is not None and over.reason is Reason.DUKE_CAPTURED)
            or duke < 0
            or not movement.attacked(g, duke, me ^ 1)
        )
        g._base_undo()
        return ok
    mark = g.trail.mark()
    drawer = g.registry.by_draw.get(kind)
    if drawer is not None:
        drawer.before_draw(g, action)
        ok = _draw_ok(g, me)
    else:
        moved = act(g, action)
        after_action(g, me, moved)
        over = g.over
        ok = (over is not None and over.winner == me) or _duke_safe(g, me)
    g.trail.undo_to(g, mark)
    return ok


def _duke_safe(g: Kernel, me: int) -> bool:
    if not g.objective.duke_capture_wins:
        # Where taking the Duke wins nothing, it may be left in danger (the rulebook then says
        # what follows its capture: no more placements).
        return True
    duke = g.duke[me]
    return duke < 0 or not movement.attacked(g, duke, me ^ 1)


def _duke_in_danger(g: Kernel, me: int) -> bool:
    """Whether ``me``'s Duke could be captured now, where that matters."""
    return not _duke_safe(g, me)


def _draw_ok(g: Kernel, me: int) -> bool:
    """A draw (or a kind that draws as one does) is legal when some tile of the bag could go
    somewhere safe."""
    duke = g.duke[me]
    if g.any_leaders:
        squares = occupancy.drop_squares(g, me)
    else:
        squares = occupancy.placeable(g, g.neighbours[duke])
    if not squares:
        return False
    if not g.objective.duke_capture_wins or (g.nothing_after_action and not _duke_in_danger(g, me)):
        return True
    mark = g.trail.mark()
    for feature in g.plugins:  # as the opponent's next turn begins (frozen tiles thaw)
        feature.turn_begins(g, me ^ 1)
    safe = _duke_safe(g, me)
    g.trail.undo_to(g, mark)
    if safe:
        return True
    tiles = sorted(set(g.bags[me]))
    if g.nothing_after_action and not g.any_defense:
        # A placed tile only blocks lines (no icon in play acts on other tiles), so one tile that
        # is not a Duke answers for every such tile; a tile acting as the Duke moves the Duke
        # and is tried itself.
        is_duke = g.rules.tables.is_duke
        tiles = [t for t in tiles if is_duke[g.rules.code(t, FRONT, me)]] + [
            t for t in tiles if not is_duke[g.rules.code(t, FRONT, me)]
        ][:1]
    return any(_placement_safe(g, me, n, tile) for tile in tiles for n in squares)


def _placement_safe(g: Kernel, me: int, square: int, tile: int) -> bool:
    code = g.rules.code(tile, FRONT, me)
    if g.nothing_after_action and not g.frozen and not g.rules.tables.is_duke[code]:
        # Nothing follows a placement but the Duke-danger test: the tile is put down and
        # taken back directly (its square and its owner's tiles are all it changes).
        board = g.board
        pieces = g.pieces[me]
        board[square] = code
        pieces.add(square)
        ok = _duke_safe(g, me)
        board[square] = EMPTY
        pieces.discard(square)
        return ok
    mark = g.trail.mark()
    g.put(square, g.rules.code(tile, FRONT, me))
    after_action(g, me, square)
    ok = _duke_safe(g, me)
    g.trail.undo_to(g, mark)
    return ok


# -------------------------------------------------------------------- applying


#: The middle of an undo record that the trail keeps (a base game's record holds a code there).
TRAILED: Final = -9


def apply(g: Kernel, action: ActionTuple) -> None:
    """Apply an action (assumed legal) and record how to undo it."""
    kind = action[0]
    phase = g.phase
    if (phase is Phase.PLAY or phase is Phase.PLACING) and base_action(g, action):
        apply_base(g, action)
    elif (
        # A draw: it changes only the bag and the phase.
        (kind == DRAW and phase is Phase.PLAY)
        # A set-up placement other than the last (which starts what follows set-up), of the
        # rules' own tile (which the base game places).
        or (
            phase is Phase.SETUP
            and g.setup_index + 1 < len(g.rules.setup)
            and action[4] == g.rules.setup[g.setup_index].tile
        )
    ):
        g._base_apply(action)  # the base game's apply, and its compact undo record
    else:
        apply_trailed(g, action)


def apply_base(g: Kernel, action: ActionTuple) -> None:
    """Apply a :func:`base_action` (assumed legal): the base game's apply and its compact undo
    record where nothing that acts between the turns then has anything to do, else through
    the trail."""
    g._base_apply(action)
    if action[0] != DRAW and not idle(g):
        follows(g, action)


def idle(g: Kernel) -> bool:
    """Whether nothing that acts between the turns would change anything now."""
    for feature in g.registry.between:  # noqa: SIM110 (a plain loop: this runs every turn)
        if not feature.idle(g):
            return False
    return True


def follows(g: Kernel, action: ActionTuple) -> None:
    """The base game's apply has just made ``action``'s turn, and a feature acts between the
    turns after it: the turn is made over on the trail, as :func:`apply_trailed` makes it, and
    the feature acts."""
    if action[0] > COMMAND:
        g._base_undo()
        apply_trailed(g, action)
        return
    # A move, strike or command: the tiles' change is kept, and its base record goes onto the
    # trail as the one entry that takes it back (as apply_trailed's act puts it there); only
    # the turn's passing is taken back, to pass on the trail with what acts between the turns.
    record = g.history.pop()
    g.ply -= 1
    me = g.to_move = g.to_move ^ 1
    over = g.over
    if over is not None and over.reason is Reason.PLY_LIMIT:
        g.over = None  # the base game's end of turn decided it; between_turns decides again
    open_record(g, action)
    g.trail.call(type(g)._unmove_tiles, record)
    between_turns(g, me)


def open_record(g: Kernel, action: ActionTuple) -> int:
    """Start ``action``'s undo record on the trail (its history entry holds the trail's mark
    before the action, which undo goes back to); the mark."""
    mark = g.trail.mark()
    g.history.append((action, mark, TRAILED, None))
    g._version += 1
    return mark


def apply_trailed(g: Kernel, action: ActionTuple) -> None:
    """Apply an action (assumed legal) through the trail, which records how to undo it."""
    kind = action[0]
    phase = g.phase
    trail = g.trail
    open_record(g, action)
    me = g.to_move
    if phase is Phase.PLAY and not g.registry.draws[kind]:
        _finish_turn(g, me, act(g, action))
    elif phase is Phase.SETUP:
        tile = action[4] if action[4] >= 0 else g.setup_tiles[g.setup_index]
        if g.rules.setup[g.setup_index].choices:
            trail.remove(g.bags[me], tile)  # the chosen tile comes from the bag
        g.put(action[2], g.rules.code(tile, FRONT, me))
        trail.set_game_attr(g, "setup_index", g.setup_index + 1)
        if g.setup_index >= len(g.rules.setup):
            opening.after_setup(g)
        else:
            trail.set_game_attr(g, "to_move", g.rules.setup[g.setup_index].owner)
    elif phase in g.registry.by_phase:
        g.registry.by_phase[phase].phase_apply(g, action)
    elif kind == DRAW:
        bag = g.bags[me]
        tile = action[4]
        index = bag.index(tile) if tile >= 0 else g.draw_position(len(bag))
        trail.set_game_attr(g, "drawn", trail.pop(bag, index))
        trail.set_game_attr(g, "draws", g.draws + 1)
        trail.set_game_attr(g, "phase", Phase.PLACING)
    elif kind in g.registry.by_draw:
        g.registry.by_draw[kind].draw(g, action)
    elif kind == PLACE:
        tile = action[4]
        if tile >= 0 and tile != g.drawn:
            for feature in g.registry.placers:
                if tile in feature.placing_tiles(g):
                    feature.place(g, action)
                    break
        else:
            g.put(action[2], g.rules.code(g.drawn, FRONT, me))
        trail.set_game_attr(g, "drawn", -1)
        trail.set_game_attr(g, "phase", Phase.PLAY)
        _finish_turn(g, me, action[2])


def base_board(g: Kernel, is_plain: bool | None = None) -> bool:
    """Whether, in play or placing, the board plays as the base game's with nothing after an
    action but the Duke-danger test and what acts between the turns: then a
    :func:`base_action` changes only what the base game's apply would (``is_plain``:
    :func:`dukec.engine.movement.plain`, if the caller knows it)."""
    return g.base_turns and not g.carried and (movement.plain(g) if is_plain is None else is_plain)


def base_action(g: Kernel, action: ActionTuple) -> bool:
    """Whether an action, in play or placing, is a turn of the base game (a move, strike or
    command whose ``tile`` is unset, a draw or a placement) on a :func:`base_board`: then the
    base game's apply, and its compact undo record, do exactly what the trail would, unless a
    feature acts between the turns after it (:func:`apply_base`)."""
    kind = action[0]
    if kind == PLACE and action[4] != g.drawn and action[4] >= 0:
        return False  # a tile placed in the drawn tile's place: a feature's
    return kind <= PLACE and (kind > COMMAND or action[4] < 0) and base_board(g)


def undo(g: Kernel) -> ActionTuple:
    """Take back the last action and return it."""
    if g.history[-1][2] != TRAILED:
        return g._base_undo()
    action, mark, _b, _over = g.history.pop()
    g.trail.undo_to(g, mark)
    g._version += 1
    return action


def act(g: Kernel, action: ActionTuple) -> int:
    """Carry out a turn's action; the square of a tile that ended a move there, or -1."""
    kind, frm, to, by, tile = action
    me = g.to_move
    if kind <= COMMAND and tile < 0 and _tiles_only(g, frm, to):
        # The base game's change of the tiles, kept on the trail as one entry that its own
        # undo record takes back (instead of one entry per square and list it touches).
        g.trail.call(type(g)._unmove_tiles, g._move_tiles(action))
        return -1 if kind == STRIKE else to
    if kind == MOVE:
        if tile >= 0:
            # A move whose tile field is set is the feature's that writes it (a push).
            return g.registry.writers[MOVE].act(g, action)
        g.relocate_tile(me, frm, to, flip=True, capture_by=me)
        return to
    if kind == COMMAND:
        g.relocate_tile(me, frm, to, flip=False, capture_by=me)
        g.trail.setitem(g.board, by, g.board[by] ^ 2)
        return to
    if kind == STRIKE:
        g.trail.setitem(g.board, frm, g.board[frm] ^ 2)
        g.remove(to, me)
        return -1
    feature = g.registry.by_kind.get(kind)
    if feature is None:
        raise ValueError(f"not a play action: {action}")
    return feature.act(g, action)


def _tiles_only(g: Kernel, frm: int, to: int) -> bool:
    """Whether a move, strike or command (no feature's: ``tile`` unset) from ``frm`` to ``to``
    changes only what the base game's would: no carried piece travels with it, no frozen tile is
    there to thaw, and the Duke it may capture ends the game exactly where capturing the Duke
    wins."""
    if g.frozen or (g.carried and g.carried_at(frm) >= 0):
        return False
    captured = g.board[to]
    return captured < 0 or g.duke_wins[g.to_move] or not g.rules.tables.is_duke[captured]


def after_action(g: Kernel, me: int, moved: int) -> None:
    """What follows any action before the opponent's turn: each feature's part, in order."""
    for feature in g.plugins:
        feature.after_action(g, me, moved)


def _finish_turn(g: Kernel, me: int, moved: int) -> None:
    if not g.nothing_after_action or g.frozen:
        after_action(g, me, moved)
    between_turns(g, me)


def between_turns(g: Kernel, me: int) -> None:
    """The turn passes (on the trail): a feature may act between the turns, and what follows
    it; the next player's turn begins (each feature's part); the ply limit."""
    trail = g.trail
    g.to_move = me ^ 1
    g.ply += 1
    trail.call(_pass_back, None)
    plugins = g.plugins
    if g.over is None:
        for feature in plugins:
            if feature.acts_between_turns(g):
                for follower in plugins:
                    follower.after_between(g, me)
    for feature in plugins:
        feature.turn_begins(g, g.to_move)
    if g.over is None and g.ply_limit is not None and g.ply >= g.ply_limit:
        trail.set_game_attr(g, "over", Result(None, Reason.PLY_LIMIT))


def _pass_back(g: Kernel, _record: None) -> None:
    """Undo of the turn passing (one trail entry for the player to move and the ply)."""
    g.to_move ^= 1
    g.ply -= 1
