"""The registry of rule features: which a game set uses, in the order the turn calls them.

The order is the rules' order of what follows an action: Dread freezes and frozen tiles thaw,
tiles settle on an edge, a point is scored beside a banner, and last the objectives are checked
(they look at everything before them). Terrain that acts between the turns comes last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.dragon import Roaming
from dukec.engine.dread import Freezing
from dukec.engine.feature import Feature
from dukec.engine.flags import Scoring
from dukec.engine.objectives import Settling, Winning

if TYPE_CHECKING:
    from dukec.engine.rules import Rules


def build_features(rules: Rules) -> tuple[Feature, ...]:
    """The features of a game set with features, in the turn's order."""
    extras = rules.expanded if rules.expanded is not None else rules.extras
    assert extras is not None
    traits = rules.traits
    # Frozen tiles thaw in every such game (a position may hold frozen tiles without Dread).
    found: list[Feature] = [Freezing()]
    if traits.edge_freezes:
        found.append(Settling())
    if extras.objective.score_beside_flag:
        found.append(Scoring())
    if traits.wins_to_check:
        found.append(Winning())
    if any(kind.acts for kind in extras.terrain_types):
        found.append(Roaming())
    return tuple(found)
