"""What a game set's features make its games do, worked out once per rules.

Which after-action effects a turn needs, which abilities a tile type has, whether carried pieces
only bar squares: the turn (:mod:`dukec.engine.turn`) and the icons (:mod:`dukec.engine.movement`)
read these on every action, and a new game copies them from here instead of working them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from dukec.engine.extras import Extras
from dukec.engine.reach import Reach
from dukec.icons import Effect


@dataclass(frozen=True, slots=True)
class Traits:
    """What a game set with features makes its games do (see :class:`dukec.engine.game.Game`)."""

    edge_freezes: bool
    wins_to_check: bool
    #: An objective other than taking every tile of the opponent may end a game
    #: (:attr:`Extras.wins_beyond_tiles`).
    wins_beyond_tiles: bool
    any_defense: bool
    #: Per tile type: whether it may Escape.
    escapes: tuple[bool, ...]
    any_ransom: bool
    escapes_or_ransoms: bool
    #: Carried pieces let every movement end on them: their feature changes only who may end
    #: there.
    open_carried: bool
    #: Per piece code: whether its tile type has an ability (empty if no tile of the set has
    #: one).
    ability_codes: tuple[bool, ...]
    #: The same for the types the set's armies and features bring into play (empty if none of
    #: them has one): a game from set-up looks for abilities on these only.
    abilities_in_play: tuple[bool, ...]
    #: A tile of the set has an icon of an area group (:mod:`dukec.engine.area`).
    any_area: bool = False


def build_traits(extras: Extras, reach: Reach, in_play: frozenset[int]) -> Traits:
    """The traits of a game set with features from its data, its icon tables and the tile
    types in play (in the armies, or brought in by a feature)."""
    edge_freezes = any(extras.freeze_at_edge)
    objective = extras.objective
    wins_to_check = bool(objective.lose_without_tiles or extras.wins_beyond_tiles)
    ability_types = tuple(bool(a) for a in extras.abilities)
    in_play_types = tuple(a and t in in_play for t, a in enumerate(ability_types))
    return Traits(
        edge_freezes=edge_freezes,
        wins_to_check=wins_to_check,
        wins_beyond_tiles=extras.wins_beyond_tiles,
        any_defense=any(reach.covers[Effect.DEFENSE]),
        escapes=tuple("escape" in a for a in extras.abilities),
        any_ransom=any("ransom" in a for a in extras.abilities),
        escapes_or_ransoms=any("escape" in a or "ransom" in a for a in extras.abilities),
        open_carried=extras.open_carried,
        ability_codes=_per_code(ability_types),
        abilities_in_play=_per_code(in_play_types),
        any_area=any(reach.areas),
    )


def _per_code(per_type: tuple[bool, ...]) -> tuple[bool, ...]:
    """A truth per tile type as one per piece code (type, side, owner); empty if none is true."""
    if not any(per_type):
        return ()
    return tuple(per_type[code >> 2] for code in range(4 * len(per_type)))
