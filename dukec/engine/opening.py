"""Before play in a game set with features: the draft, then (after set-up) banners placed by
the players, random terrain and the dragon.

Rulebook, Dynastic Dispute: "The first player selects a single Troop Tile(s) type and places it
in his bag [...] This alternates back and forth until all Troop Tiles are either in bags or in
the box." Counting Coup: the player who finished set-up last places the first banner. The
turn (:mod:`dukec.engine.turn`) calls these at the start of a game and when set-up or the
banners are done; every change goes through the game's trail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine import dragon, dread, terrain
from dukec.engine.actions import Phase

if TYPE_CHECKING:
    from dukec.engine.game import Game


def begin(g: Game) -> None:
    """A new game (not a position): the draft if the set has one, else what follows set-up."""
    if g.objective.draft:
        g.pool = list(g.objective.draft)
        g.phase = Phase.DRAFT
        g.to_move = 0
    elif g.phase is Phase.PLAY:
        after_setup(g)


def after_setup(g: Game) -> None:
    """Banners are placed by the players, then random terrain and the dragon go down."""
    queue = []
    for index, count in g.extras.set_terrain:
        if g.terrain_types[index].placement == "chosen":
            queue.extend([index] * count)
    if queue:
        # The player who finished set-up last places first (rulebook, Counting Coup).
        last = g.rules.setup[-1].owner if g.rules.setup else 0
        g.trail.set_game_attr(g, "flag_queue", queue)
        g.trail.set_game_attr(g, "phase", Phase.FLAGS)
        g.trail.set_game_attr(g, "to_move", last)
        return
    start_play(g)


def start_play(g: Game) -> None:
    """Random terrain and the dragon go down, and the first player begins."""
    terrain.place_random(g)
    for index, _count in g.extras.set_terrain:
        if g.terrain_types[index].acts:
            dragon.place(g, index)
            break
    g.trail.set_game_attr(g, "phase", Phase.PLAY)
    g.trail.set_game_attr(g, "to_move", g.rules.first_turn)
    dread.spread(g)
    dread.release(g, g.to_move)
