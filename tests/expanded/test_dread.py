"""Dread (rulebook p. 4): "After any movement or placement of a new tile is complete, any tile
(friendly or enemy) in a square covered by a Dread icon is frozen in place. The tile cannot be
moved, captured, shifted by the Command ability, or use any ability, until the Dread icon is
removed (i.e. at the start of the controlling player's turn, the Dread icon is no longer
covering the previously frozen tile)."

Decision: a frozen tile takes no action at all (no Move, Strike or Command of its own either):
"frozen in place".
"""

from __future__ import annotations

from dukec.engine import Rules
from tests.expanded.conftest import build, notations, play


def test_a_move_freezes_the_tiles_under_dread(study: Rules) -> None:
    """The Wraith moves c2-c3 with its back up and lands front up: Dread ahead and beside it."""
    game = build(study, ["c2 Wraith 0 back", "c5 Footman 1", "d3 Footman 1", "a1 Duke 0"])
    play(game, "c2-c3")
    assert game.tile_at(game.rules.geometry.parse("c3") or 0) == (
        game.rules.type_named("Wraith"),
        0,
        0,
    )
    # d3 (beside) is frozen: the second player's Footman there cannot move.
    legal = notations(game)
    assert not [n for n in legal if n.startswith("d3")]
    assert [n for n in legal if n.startswith("c5")]


def test_a_frozen_tile_cannot_be_captured_nor_commanded(study: Rules) -> None:
    """ "The tile cannot be moved, captured, shifted by the Command ability"."""
    game = build(
        study,
        ["c3 Wraith 0", "c4 Footman 1", "b3 Footman 0", "c5 General 1 back", "a1 Duke 0"],
        to_move=1,
        frozen=["c4", "b3"],
    )
    # The frozen second-player Footman on c4 neither moves nor is commanded by the General.
    assert not [n for n in notations(game) if "c4" in n.split(":")[-1][:2]]
    game = build(study, ["c3 Wraith 0", "c4 Footman 1", "c2 Footman 0", "a1 Duke 0"], frozen=["c4"])
    # Captures of the frozen Footman are not allowed (c2 cannot capture through... any icon).
    assert not [n for n in notations(game) if n.endswith("xc4") or n.endswith("!c4")]


def test_frozen_until_the_controlling_players_turn_begins_uncovered(study: Rules) -> None:
    """ "until the Dread icon is removed (i.e. at the start of the controlling player's turn,
    the Dread icon is no longer covering the previously frozen tile)"."""
    game = build(study, ["c2 Wraith 0 back", "d3 Footman 1", "a1 Duke 0", "f6 Duke 1"])
    play(game, "c2-c3")  # freezes d3
    d3 = game.rules.geometry.parse("d3")
    assert d3 in game.frozen
    play(game, "f6-e6")  # the second player's turn: d3 stays frozen
    play(game, "c3-c2")  # the Wraith moves away (its back up: Dread behind it, on c1)
    # The second player's turn begins with d3 no longer under Dread: it thaws.
    assert d3 not in game.frozen
    assert [n for n in notations(game) if n.startswith("d3")]


def test_immune_duke_dread_tiles_and_tiles_in_a_fort(study: Rules) -> None:
    """ "any tile acting as the Duke, as well as any tile with a Dread icon, is immune"; "a tile
    in the Fort ... cannot be frozen in place, while a tile with a Dread icon inside the Fort
    ... cannot freeze any tile in place outside"."""
    game = build(
        study,
        ["c3 Wraith 0", "c4 Duke 1", "b3 Wraith 1", "d3 Footman 1", "a1 Duke 0"],
        terrain=[{"tile": "Keep", "at": "d3"}],
    )
    assert game.frozen == set()
    inside = build(
        study,
        ["c3 Wraith 0", "c4 Footman 1", "a1 Duke 0"],
        terrain=[{"tile": "Keep", "at": "c3"}],
    )
    assert inside.frozen == set()
    outside = build(study, ["c3 Wraith 0", "c4 Footman 1", "a1 Duke 0"])
    assert outside.frozen == {outside.rules.geometry.parse("c4")}


def test_friendly_tiles_are_frozen_too(study: Rules) -> None:
    """ "any tile (friendly or enemy) in a square covered by a Dread icon is frozen"."""
    game = build(study, ["c3 Wraith 0", "c4 Footman 0", "a1 Duke 0"])
    assert not [n for n in notations(game) if n.startswith("c4")]


def test_placement_freezes_too(study: Rules) -> None:
    """ "After any movement or placement of a new tile is complete"."""
    game = build(study, ["c1 Duke 0", "c3 Footman 1", "f6 Duke 1"], bags=(["Wraith"], []))
    play(game, "draw")
    play(game, "c2")
    assert game.rules.geometry.parse("c3") in game.frozen


def test_a_frozen_tile_uses_no_ability(study: Rules) -> None:
    """ "The tile cannot be moved, captured, shifted by the Command ability, or use any
    ability\""""
    position = ["c1 Duke 0", "e4 Duchess 0", "f6 Duke 1"]
    assert [n for n in notations(build(study, position)) if n.startswith("summon")]
    frozen = build(study, [*position, "e5 Wraith 1"])  # its Dread ahead (as it sees it): e4
    assert not [n for n in notations(frozen) if n.startswith("summon")]
