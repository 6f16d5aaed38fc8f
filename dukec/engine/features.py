"""The registry of rule features: which a game set uses, in the order the turn calls them
(:class:`~dukec.engine.feature.Registry`, built here once per rules).

The order is the rules' order of what follows an action: Dread freezes and frozen tiles thaw,
tiles settle on an edge, a point is scored beside a banner, terrain with faces turns, and last
the objectives are checked (they look at everything before them). Terrain that acts between the
turns comes last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine.abilities import Abilities
from dukec.engine.actions import Phase
from dukec.engine.area import Blasting
from dukec.engine.dragon import Roaming
from dukec.engine.dread import Freezing
from dukec.engine.feature import Feature, Kernel, Registry
from dukec.engine.flags import Banner, Passing, Planting
from dukec.engine.flags_scoring import Homing, Scoring
from dukec.engine.objectives import Drafting, Settling, Winning
from dukec.engine.parts import Roamer
from dukec.engine.rules import AHEAD_OF_PLAY, Rules
from dukec.engine.swaps import Swapping
from dukec.engine.terrain import Laying
from dukec.engine.terrain_faces import Turning

if TYPE_CHECKING:
    from dukec.engine.extras import Extras

#: The features' types that are names of the engine's package (``dukec.engine.Banner``): the
#: state a feature keeps on the game, as the package's API gives it.
PUBLIC: Final[dict[str, type]] = {"Banner": Banner, "Roamer": Roamer}


def state_key(g: Kernel) -> tuple[Any, ...]:
    """Everything that makes up a game's state, the features' parts among the base game's, for
    comparing two states exactly (:meth:`dukec.engine.game.Game.state_key`)."""
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


def registry_of(rules: Rules) -> Registry:
    """The features of a game set with features (:func:`build_features`), built once per rules
    (ahead of play, by :func:`dukec.engine.rules.load_rules`)."""
    return rules.made_ahead(build_features)


# load_rules builds a game set's registry ahead of play (the rules do not import this module).
AHEAD_OF_PLAY.append(build_features)


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
