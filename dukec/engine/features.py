"""The registry of rule features: which a game set uses, in the order the turn calls them.

The order is the rules' order of what follows an action: Dread freezes and frozen tiles thaw,
tiles settle on an edge, a point is scored beside a banner, and last the objectives are checked
(they look at everything before them). Terrain that acts between the turns comes last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.abilities import Abilities
from dukec.engine.actions import Phase
from dukec.engine.dragon import Roaming
from dukec.engine.dread import Freezing
from dukec.engine.feature import Feature
from dukec.engine.flags import Passing, Scoring
from dukec.engine.objectives import Settling, Winning

if TYPE_CHECKING:
    from dukec.engine.rules import Rules


class Registry:
    """A game set's features: in the turn's order, and by the phases and action kinds each
    owns."""

    def __init__(self, ordered: tuple[Feature, ...]) -> None:
        self.ordered = ordered
        self.by_phase: dict[Phase, Feature] = {p: f for f in ordered for p in f.phases()}
        self.by_kind: dict[int, Feature] = {k: f for f in ordered for k in f.kinds()}


def build_features(rules: Rules) -> Registry:
    """The features of a game set with features, in the turn's order."""
    extras = rules.expanded if rules.expanded is not None else rules.extras
    assert extras is not None
    traits = rules.traits
    objective = extras.objective
    # Frozen tiles thaw in every such game (a position may hold frozen tiles without Dread).
    found: list[Feature] = [Freezing()]
    if traits.edge_freezes:
        found.append(Settling())
    if objective.score_beside_flag:
        found.append(Scoring())
    if objective.flag_passing:
        found.append(Passing())
    if any(extras.abilities):
        found.append(Abilities())
    if traits.wins_to_check:
        found.append(Winning())
    if any(kind.acts for kind in extras.terrain_types):
        found.append(Roaming())
    return Registry(tuple(found))
