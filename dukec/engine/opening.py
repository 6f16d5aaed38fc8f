"""Before play in a game set with features: what each feature does as a game begins, when
set-up is done and as play begins, in the registry's ``opening`` order
(:func:`dukec.engine.features.build_features` gives it, with the rulebook's reasons).

The turn (:mod:`dukec.engine.turn`) calls these at the start of a game and when set-up is done;
a feature whose phase comes first calls on when its phase ends. Every change goes through the
game's trail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.actions import Phase

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def begin(g: Kernel) -> None:
    """A new game (not a position): a feature's phase before set-up if one has one, else what
    follows set-up if the game has none."""
    for feature in g.registry.opening:
        if feature.game_begins(g):
            return
    if g.phase is Phase.PLAY:
        after_setup(g)


def after_setup(g: Kernel) -> None:
    """Set-up is done: a feature's phase before play if one has one, else play begins."""
    for feature in g.registry.opening:
        if feature.setup_done(g):
            return
    start_play(g)


def start_play(g: Kernel) -> None:
    """The first player is to move, and each feature lays down or starts what it does."""
    g.trail.set_game_attr(g, "phase", Phase.PLAY)
    g.trail.set_game_attr(g, "to_move", g.rules.first_turn)
    for feature in g.registry.opening:
        feature.play_begins(g)
