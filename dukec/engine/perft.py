"""Perft: the number of action sequences of a given length, the engine's numeric oracle.

A unit of depth is one turn. A turn that draws from the bag branches on every distinct tile the bag
could give (a chance outcome) and then on every square it may be placed on; each set-up placement is
a turn of its own. Counts are of sequences reaching the full depth; a finished game has none below
it. In expanded play the draws of a kind that draws several tiles come from the game's seeded source
(not enumerated), the choice and placement belong to the same turn, and so does every phase a
feature opens within a turn (:meth:`dukec.engine.feature.Feature.turn_goes_on`).
"""

from __future__ import annotations

from dukec.engine.actions import DRAW, PLACE, ActionTuple, Phase
from dukec.engine.game import Game
from dukec.engine.notation import format_action


def _turns(game: Game) -> list[tuple[ActionTuple, ...]]:
    """Every turn of the player to move as the actions that make it up."""
    turns: list[tuple[ActionTuple, ...]] = []
    _extend(game, (), turns)
    return turns


def _extend(
    game: Game, prefix: tuple[ActionTuple, ...], turns: list[tuple[ActionTuple, ...]]
) -> None:
    for action in game._legal():
        if action[0] == DRAW and game.rules.expanded is None:
            # In the base game, where a drawn tile may be placed does not depend on the tile
            # (a placement only blocks lines): the squares are found once for every tile.
            tiles = sorted(set(game.bags[game.to_move]))
            game._apply((DRAW, -1, -1, -1, tiles[0]))
            squares = [placed[2] for placed in game._legal()]
            game.undo()
            turns.extend(
                (*prefix, (DRAW, -1, -1, -1, tile), (PLACE, -1, square, -1, tile))
                for tile in tiles
                for square in squares
            )
            continue
        if action[0] == DRAW:
            for tile in sorted(set(game.bags[game.to_move])):
                forced = (DRAW, -1, -1, -1, tile)
                game._apply(forced)
                _extend(game, (*prefix, forced), turns)
                game.undo()
            continue
        # A turn goes on after some of the features' actions (Feature.turn_goes_on).
        writer = game.registry.writers.get(action[0]) if game.features else None
        if writer is None or not writer.turn_goes_on(action):
            turns.append((*prefix, action))
            continue
        game._apply(action)
        if game.over is None and game.phase in (Phase.PLAY, Phase.PLACING, Phase.CHOOSE):
            _extend(game, (*prefix, action), turns)
        else:
            turns.append((*prefix, action))
        game.undo()


def perft(game: Game, depth: int) -> int:
    """Count the turn sequences of length ``depth`` from the current state."""
    if depth <= 0:
        return 1
    if game.over is not None:
        return 0
    turns = _turns(game)
    if depth == 1:
        return len(turns)
    total = 0
    for turn in turns:
        for action in turn:
            game._apply(action)
        total += perft(game, depth - 1)
        for _ in turn:
            game.undo()
    return total


def perft_divide(game: Game, depth: int) -> list[tuple[str, int]]:
    """Perft split by the first turn: (notation of the turn, count below it)."""
    found: list[tuple[str, int]] = []
    if depth <= 0 or game.over is not None:
        return found
    for turn in _turns(game):
        names = []
        for action in turn:
            names.append(format_action(game, action))
            game._apply(action)
        found.append((" ".join(names), perft(game, depth - 1)))
        for _ in turn:
            game.undo()
    return found
