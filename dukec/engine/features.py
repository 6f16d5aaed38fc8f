"""The registry of rule features: which a game set uses, in the order the turn calls them.

The order is the rules' order of what follows an action: Dread freezes and frozen tiles thaw,
tiles settle on an edge, a point is scored beside a banner, terrain with faces turns, and last
the objectives are checked (they look at everything before them). Terrain that acts between the
turns comes last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import trait

from dukec.engine.abilities import Abilities
from dukec.engine.actions import DRAW, ActionKind, Phase
from dukec.engine.area import Blasting
from dukec.engine.dragon import Roaming
from dukec.engine.dragon_acts import DragonPart, Roamer
from dukec.engine.dread import Freezing
from dukec.engine.feature import Feature
from dukec.engine.flags import Banner, FlagPart, Passing, Planting
from dukec.engine.flags_scoring import Homing, Scoring
from dukec.engine.objectives import Drafting, Settling, Winning
from dukec.engine.swaps import SwapPart, Swapping
from dukec.engine.terrain import Laying, TerrainPart
from dukec.engine.terrain_faces import FacePart, Turning

if TYPE_CHECKING:
    from dukec.engine.extras import Extras
    from dukec.engine.rules import Rules
    from dukec.engine.state import FeatureState

#: The features' types that are names of the engine's package (``dukec.engine.Banner``): the
#: state a feature keeps on the game, as the package's API gives it.
PUBLIC: Final[dict[str, type]] = {"Banner": Banner, "Roamer": Roamer}


@trait
class Parts(TerrainPart, DragonPart, FlagPart, SwapPart, FacePart):
    """What the features keep on a game, each its own part (a base of the game's state,
    :class:`dukec.engine.state.FeatureState`, whose attributes they are)."""

    def _init_parts(self, size: int, extras: Extras) -> None:
        """Each feature's part as a new game's (a board of ``size`` squares) starts it."""
        self._init_terrain(size, extras.terrain_types)
        self._init_dragon()
        self._init_flags()
        self._init_swaps(extras)
        self._init_faces(size if extras.faced else 0)


def state_key(g: FeatureState) -> tuple[Any, ...]:
    """Everything that makes up a game's state, the features' parts among the base game's, for
    comparing two states exactly (:meth:`dukec.engine.state.FeatureState.state_key`)."""
    d = g.dragon
    return (
        tuple(g.board),
        tuple(tuple(sorted(p)) for p in g.pieces),
        tuple(g.duke),
        tuple(tuple(b) for b in g.bags),
        tuple(tuple(c) for c in g.captured),
        g.to_move,
        g.phase,
        g.setup_index,
        g.drawn,
        g.ply,
        g.draws,
        g.over,
        tuple(g.terrain),
        tuple((f.square, f.owner, f.kind) for f in g.carried),
        (d.kind, d.square, d.fx, d.fy, d.enraged, d.rest, d.reorient),
        tuple(sorted(g.frozen)),
        tuple(sorted(g.covered)),
        tuple(sorted(g.settled)),
        tuple(g.scores),
        tuple(tuple(t) for t in g.taken),
        tuple(tuple(b) for b in g.boxed),
        g.events,
        tuple(g.pending),
        tuple(g.pool),
        tuple(g.flag_queue),
        g.relocate,
        tuple(g.last_events),
        tuple(g.spares),
        tuple(tuple(s) for s in g.swapped),
        g.setup_tiles,
        tuple(g.turned),
        tuple(g.standing),
    )


class Registry:
    """A game set's features in the turn's order (``ordered``: the ones the set uses), and the
    phases and action kinds each feature owns (every feature's: a position may put any game in a
    feature's phase)."""

    def __init__(
        self,
        ordered: tuple[Feature, ...],
        owners: tuple[Feature, ...],
        opening: tuple[Feature, ...],
        parts: tuple[Feature, ...],
        between: tuple[Feature, ...],
        obstacle: Feature,
        carrier: Feature,
        adders: tuple[Feature, ...],
        winners: tuple[Feature, ...],
        placers: tuple[Feature, ...] = (),
        threats: tuple[Feature, ...] = (),
    ) -> None:
        self.ordered = ordered
        #: The features the game set uses that give tiles to place in a drawn tile's place.
        self.placers = placers
        #: The feature whose piece may stand on ``g.obstacle`` (:mod:`dukec.engine.occupancy`).
        self.obstacle = obstacle
        #: The feature whose rules say who may end on a carried piece (``g.carried``).
        self.carrier = carrier
        #: The features the game set uses that add actions of play after the icons'.
        self.adders = adders
        #: The features the game set uses that add a way to win (:meth:`Feature.wins`), asked
        #: in this order after running out of tiles and before the armies' own objectives.
        self.winners = winners
        #: The features the game set uses whose actions the icons' tables do not hold and that
        #: may capture (an area group's, a terrain face's granted icons): the Duke-danger test
        #: asks each (:meth:`Feature.threatens`).
        self.threats = threats
        #: No feature the game set uses changes a game after an action (its turns need no
        #: trail where nothing else does: :mod:`dukec.engine.turn`).
        self.nothing_after_action = not any(f.follows_actions() for f in ordered)
        #: The game set's games count points.
        self.keeps_scores = any(f.keeps_scores() for f in ordered)
        #: Those of them that act between the turns (whose :meth:`Feature.idle` a turn of the
        #: base game's asks).
        self.between = between
        #: The owners of every feature's phases and action kinds (:data:`_OWNERS`' order).
        self.owners = owners
        #: The features in the order of the game's start (:mod:`dukec.engine.opening`): each
        #: does nothing there unless the game set has what it lays down or starts.
        self.opening = opening
        #: The features with a part of a position, in the order a position is read and written
        #: (:mod:`dukec.engine.position`).
        self.parts = parts
        self.by_phase: dict[Phase, Feature] = {p: f for f in owners for p in f.phases()}
        self.by_kind: dict[int, Feature] = {k: f for f in owners for k in f.kinds()}
        self.by_draw: dict[int, Feature] = {k: f for f in owners for k in f.draws()}
        #: Per action kind a feature writes (:meth:`Feature.writes`), that feature.
        self.writers: dict[int, Feature] = {k: f for f in parts + owners for k in f.writes()}
        #: Per action kind, whether it draws tiles as a draw does (the draw itself included):
        #: the turn asks on every action, so it is one look-up.
        self.draws: tuple[bool, ...] = tuple(
            k == DRAW or k in self.by_draw for k in range(len(ActionKind))
        )


def build_features(rules: Rules) -> Registry:
    """The features of a game set with features: those it uses in the turn's order, and the
    owners of every feature's phases and action kinds."""
    extras = rules.expanded if rules.expanded is not None else rules.extras
    assert extras is not None
    traits = rules.traits
    objective = extras.objective
    freezing, settling, scoring, passing = Freezing(rules), Settling(), Scoring(), Passing()
    abilities, winning, roaming = Abilities(), Winning(), Roaming()
    drafting, planting, laying, swapping = Drafting(), Planting(), Laying(), Swapping()
    turning, blasting = Turning(), Blasting()
    if extras.set_terrain:
        rules.untouched  # noqa: B018 (what a layout's tables start from, made ahead of play)
    # Frozen tiles thaw in every such game (a position may hold frozen tiles without Dread).
    used: list[Feature] = [freezing]
    between: tuple[Feature, ...] = ()
    if traits.edge_freezes:
        used.append(settling)
    if objective.score_beside_flag:
        used.append(scoring)
    if objective.flag_passing:
        used.append(passing)
    if any(extras.abilities):
        used.append(abilities)
    if extras.faces:
        used.append(turning)
    if traits.wins_to_check:
        used.append(winning)
    if any(kind.acts for kind in extras.terrain_types):
        used.append(roaming)
        between = (roaming,)
    # The draft before set-up, the banners after it; as play begins, random terrain, then the
    # dragon (on a bare square), then Dread takes hold of the board as it stands.
    opening = (drafting, swapping, planting, laying, turning, roaming, freezing)
    everyone = (*opening, settling, scoring, passing, abilities, winning, blasting)
    owners = tuple(f for kind in _OWNERS for f in everyone if isinstance(f, kind))
    parts = tuple(f for kind in _PARTS for f in everyone if isinstance(f, kind))
    adders: tuple[Feature, ...] = (passing,) if objective.flag_passing else ()
    threats: tuple[Feature, ...] = ()
    if extras.lends:
        adders += (turning,)
        threats += (turning,)
    if traits.any_area:
        used.append(blasting)
        adders += (blasting,)
        threats += (blasting,)
    winners = (Homing(),) if objective.win_flag_home else ()
    placers = (swapping,) if extras.swaps.on == "draw" else ()
    return Registry(
        tuple(used),
        owners,
        opening,
        parts,
        between,
        roaming,
        planting,
        adders,
        winners,
        placers,
        threats,
    )


#: The features with a part of a position, in the order a position is read and written:
#: terrain before the banners that may lie on it.
_PARTS: tuple[type[Feature], ...] = (
    Laying,
    Turning,
    Planting,
    Roaming,
    Freezing,
    Settling,
    Scoring,
    Swapping,
)


#: The features that own phases and action kinds, in the order they read a position's phase
#: (Scoring first: the banner to relocate is read where nothing else had a problem).
_OWNERS: tuple[type[Feature], ...] = (
    Scoring,
    Drafting,
    Planting,
    Abilities,
    Passing,
    Swapping,
    Turning,
    Blasting,
)


def marked(extras: Extras) -> list[str]:
    """The names of what the features may show on a square of the board as text (besides the
    troop tiles): the tile set's terrain tiles."""
    return [kind.name for kind in extras.terrain_types]


def position_fields() -> tuple[frozenset[str], frozenset[str]]:
    """The fields of a position that the features own (a position that has one is played by
    the features' turn), and those of them that hold a list."""
    parts = [kind() for kind in _PARTS]
    return (
        frozenset(name for part in parts for name in part.fields()),
        frozenset(name for part in parts for name in part.lists()),
    )


def phase_fields() -> dict[Phase, str]:
    """Per phase a feature owns, the field of a position that says where it stands."""
    owners = [kind() for kind in _OWNERS]
    return {p: owner.phase_field(p) for owner in owners for p in owner.phases()}
