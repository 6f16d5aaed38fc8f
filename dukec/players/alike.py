"""Tile types as a player blind to names sees them: each type taken for the first type the
rules cannot tell from it (:attr:`dukec.engine.Rules.alike`: the same tile under another name,
playing the same part in the game set), so that a renamed copy is played exactly as its
original.

The searches ask three things: an action with each tile type it names taken for its first alike
type (:meth:`Alike.action`, what the move ordering and the transposition table compare); the
actions of a list that differ only in such types, kept once (:meth:`Alike.distinct`); and a
draw's outcomes by alike type (:meth:`Alike.outcomes`). Where every type is its own (every tile
set but those holding a copy under another name), each is the plain answer.
"""

from __future__ import annotations

from typing import Final

from dukec.engine import Game, Rules
from dukec.engine.actions import DRAFT, DRAW, ESCAPE, PLACE, RANSOM, ActionTuple

#: The kinds whose ``tile`` field is a tile type (a draw, a placement, a drafted tile, the type
#: an Escape ransoms); a Ransom names two types, in ``by`` and ``tile``.
_TILE_KINDS: Final = (DRAW, PLACE, DRAFT, ESCAPE, RANSOM)


class Alike:
    """A rule set's tile types, each taken for its first alike type."""

    def __init__(self, rules: Rules) -> None:
        first = list(rules.alike) if rules.alike else list(range(len(rules.types)))
        self.first = first
        #: Whether some type is taken for another (else every answer is the plain one).
        self.some = any(f != t for t, f in enumerate(first))

    def tile(self, tile: int) -> int:
        """The first type alike ``tile`` (-1 stays -1)."""
        return self.first[tile] if tile >= 0 else tile

    def action(self, action: ActionTuple) -> ActionTuple:
        """``action`` with each tile type it names taken for its first alike type."""
        if not self.some:
            return action
        kind, frm, to, by, tile = action
        if kind not in _TILE_KINDS:
            return action
        first = self.first
        if kind == RANSOM and by >= 0:
            by = first[by]
        return (kind, frm, to, by, first[tile] if tile >= 0 else tile)

    def names_tiles(self, action: ActionTuple) -> bool:
        """Whether ``action`` names a tile type (a draw of a chosen tile, a placement...)."""
        return action[0] in _TILE_KINDS and (action[4] >= 0 or action[3] >= 0)

    def distinct(self, actions: list[ActionTuple]) -> list[ActionTuple]:
        """``actions`` without those that differ from an earlier one only in alike types."""
        if not self.some:
            return actions
        seen: set[ActionTuple] = set()
        kept: list[ActionTuple] = []
        for action in actions:
            plain = self.action(action)
            if plain not in seen:
                seen.add(plain)
                kept.append(action)
        return kept

    def outcomes(self, game: Game) -> list[tuple[int, float]]:
        """Each distinct tile a draw could give the player to move, alike types together:
        (the lowest type of the bag among them, the chance of drawing one of them), in the
        order of their first alike types."""
        if not self.some:
            return game.draw_outcomes()
        first = self.first
        bag = game.bags[game.to_move]
        counts: dict[int, int] = {}
        drawn: dict[int, int] = {}
        for tile in bag:
            group = first[tile]
            if group in counts:
                counts[group] += 1
                drawn[group] = min(drawn[group], tile)
            else:
                counts[group] = 1
                drawn[group] = tile
        # As the engine's draw_outcomes: a count over the bag's length (the same figure, to the
        # last bit, for a bag whose alike types are one type).
        return [(drawn[group], counts[group] / len(bag)) for group in sorted(counts)]
