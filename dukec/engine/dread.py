"""The Dread icon: tiles under it are frozen until it no longer covers them.

Rulebook, "Dread": "After any movement or placement of a new tile is complete, any tile
(friendly or enemy) in a square covered by a Dread icon is frozen in place. The tile cannot be
moved, captured, shifted by the Command ability, or use any ability, until the Dread icon is
removed (i.e. at the start of the controlling player's turn, the Dread icon is no longer covering
the previously frozen tile). The fort (and Camelot) Tile protects against the Dread icon; a tile
in the fort (and Camelot) cannot be frozen in place, while a tile with a Dread icon inside the
fort (and Camelot) cannot freeze any tile in place outside. Additionally, any tile acting as the
Duke, as well as any tile with a Dread icon, is immune to the Dread icon."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine.feature import Feature, square_names
from dukec.engine.keyparts import squares_key
from dukec.icons import Effect

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules


#: What a square may shelter a tile from (``shelters_from_dread``).
_DREAD: Final = Effect.DREAD.value


def spread(g: Kernel, immune: tuple[bool, ...]) -> None:
    """After an action: every tile under a Dread icon now is frozen (and marked covered);
    ``immune``: per tile type, whether it has a Dread icon."""
    board = g.board
    size = g.size
    dread = g.reach.covers[Effect.DREAD]
    is_duke = g.rules.tables.is_duke
    shelters = g.masks.shelters
    covered: set[int] = set()
    for owner in (0, 1):
        for s in g.pieces[owner]:
            squares = dread[board[s] * size + s]
            if not squares or _DREAD in shelters[s]:
                continue
            for q in squares:
                v = board[q]
                if v < 0 or is_duke[v] or immune[v >> 2]:
                    continue
                if _DREAD in shelters[q]:
                    continue
                covered.add(q)
    g.trail.set_game_attr(g, "covered", covered)
    if not covered <= g.frozen:
        g.trail.set_game_attr(g, "frozen", g.frozen | covered)


def release(g: Kernel, owner: int) -> None:
    """At the start of ``owner``'s turn, that player's tiles no longer under Dread thaw."""
    if not g.frozen:
        return
    board = g.board
    thawed = {q for q in g.frozen if board[q] >= 0 and (board[q] & 1 != owner or q in g.covered)}
    if thawed != g.frozen:
        g.trail.set_game_attr(g, "frozen", thawed)


class Freezing(Feature):
    """Dread's part in the turn: after every action, and after what acts between the turns, the
    tiles under a Dread icon freeze; as a player's turn begins, that player's tiles no longer
    under one thaw (in every game set with features: a position may hold frozen tiles without
    Dread)."""

    def __init__(self, rules: Rules | None = None) -> None:
        #: Per tile type of ``rules``, whether it has a Dread icon (and is immune to Dread).
        self.immune: tuple[bool, ...] = ()
        if rules is not None:
            self.immune = tuple(
                any(i.icon.effect is Effect.DREAD for side in kind.sides for i in side)
                for kind in rules.types
            )
        #: Whether any tile type of the rules has a Dread icon.
        self.spreads = any(self.immune)

    def play_begins(self, g: Kernel) -> None:
        """Dread takes hold of the board as set up; the first player's tiles it does not cover
        thaw."""
        if self.spreads:
            spread(g, self.immune)
        release(g, g.to_move)

    def follows_actions(self) -> bool:
        """Dread spreads after every action, where a tile type has it."""
        return self.spreads

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """Dread spreads; the opponent's tiles it no longer covers thaw."""
        if self.spreads:
            spread(g, self.immune)
        if g.frozen:
            release(g, me ^ 1)

    def after_between(self, g: Kernel, me: int) -> None:
        """Dread spreads over where what acted between the turns left the tiles."""
        if self.spreads:
            spread(g, self.immune)

    def turn_begins(self, g: Kernel, player: int) -> None:
        """The player's tiles no longer under Dread thaw."""
        if g.frozen:
            release(g, player)

    def fields(self) -> tuple[str, ...]:
        """The frozen tiles."""
        return ("frozen",)

    def read(self, g: Kernel, reading: Reading) -> None:
        """The frozen tiles' squares, each one a tile stands on."""
        reading.tile_squares("frozen", g.frozen)

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The frozen tiles' squares, in order."""
        if g.frozen:
            data["frozen"] = square_names(g, g.frozen)

    def position_read(self, g: Kernel) -> None:
        """Tiles under Dread now are frozen, as after the last action."""
        if self.spreads:
            spread(g, self.immune)

    def key_numbers(self, rules: Rules) -> int:
        """Per square, one number for a frozen tile and one for Dread covering it."""
        return 2 * rules.geometry.size

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The frozen tiles, and the squares under Dread."""
        return squares_key(g.frozen, numbers, 0) ^ squares_key(g.covered, numbers, g.size)
