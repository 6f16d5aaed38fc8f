"""The registry of rule features: which a game set uses, in the turn's order, and who owns each
phase and action kind beyond the base game's."""

from __future__ import annotations

from typing import Any

from dukec.engine import load_rules
from dukec.engine.actions import AREA, DIVINE, DRAW, ESCAPE, FLAG_PASS, GRANT, RANSOM, SUMMON, Phase
from dukec.engine.dragon import Roaming
from dukec.engine.dread import Freezing
from dukec.engine.features import registry_of
from dukec.engine.flags import Planting, Scoring
from dukec.engine.objectives import Drafting, Settling, Winning
from dukec.engine.rules import set_names
from dukec.engine.swaps import Swapping
from dukec.engine.terrain import Laying
from dukec.engine.terrain_faces import Turning


def _expanded_sets(tileset: dict[str, Any]) -> list[str]:
    return [n for n in set_names(tileset) if load_rules(tileset, n).expanded is not None]


def test_every_feature_phase_and_kind_has_one_owner(tileset: dict[str, Any]) -> None:
    names = _expanded_sets(tileset)
    assert names
    for name in names:
        registry = registry_of(load_rules(tileset, name))
        assert set(registry.by_phase) == {
            Phase.DRAFT,
            Phase.FLAGS,
            Phase.CHOOSE,
            Phase.RELOCATE,
            Phase.SWAP,
        }
        assert set(registry.by_kind) == {FLAG_PASS, SUMMON, ESCAPE, RANSOM, AREA, GRANT}
        assert set(registry.by_draw) == {DIVINE}
        assert [k for k, draws in enumerate(registry.draws) if draws] == [DRAW, DIVINE]
        for kind, owner in registry.by_draw.items():
            assert kind in owner.draws() and kind not in owner.kinds()
        for phase, owner in registry.by_phase.items():
            assert phase in owner.phases()
        for kind, owner in registry.by_kind.items():
            assert kind in owner.kinds()


def test_the_turn_order_is_the_rules_order(tileset: dict[str, Any]) -> None:
    # Dread first (it freezes what the others then look at), the objectives after every other
    # part of what follows an action, terrain that acts last.
    for name in _expanded_sets(tileset):
        rules = load_rules(tileset, name)
        ordered = registry_of(rules).ordered
        kinds = [type(f) for f in ordered]
        assert kinds[0] is Freezing
        traits = rules.traits
        assert (Settling in kinds) == traits.edge_freezes
        assert (Winning in kinds) == traits.wins_to_check
        assert (Scoring in kinds) == rules.extras.objective.score_beside_flag  # type: ignore[union-attr]
        if Winning in kinds:
            after = kinds[kinds.index(Winning) + 1 :]
            assert set(after) <= {Roaming}, name
        if Roaming in kinds:
            assert kinds[-1] is Roaming


def test_a_game_shares_its_rules_features(tileset: dict[str, Any]) -> None:
    from dukec.engine import Game

    rules = load_rules(tileset, "dragon")
    game = Game(rules, seed=3)
    assert game.plugins is registry_of(rules).ordered
    assert game.copy().plugins is game.plugins


def test_the_opening_order_is_the_set_ups_order(tileset: dict[str, Any]) -> None:
    """The drafts (of tile types, then of pack tiles) come before set-up, the banners after it;
    as play begins, random terrain goes down (and its faces are found) before the Dragon (which
    takes a bare square), and Dread takes hold of the board as both leave it. Every set with
    features has the whole sequence (each part does nothing where the set lacks it)."""
    order = [Drafting, Swapping, Planting, Laying, Turning, Roaming, Freezing]
    for name in _expanded_sets(tileset):
        opening = registry_of(load_rules(tileset, name)).opening
        assert [type(feature) for feature in opening] == order, name
