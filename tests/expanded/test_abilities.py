"""Enhanced abilities (rulebook pp. 7-8): actions in the same list as moves, under the same
Duke-danger rule."""

from __future__ import annotations

from typing import Any

from dukec.engine import Rules
from dukec.engine.game import Phase
from tests.expanded.conftest import build, notations, phase_of, play

RICHLIEU = ["c1 Richlieu 0", "d1 Footman 0", "b3 Dragoon 1 back", "c4 Champion 1", "f6 Duke 1"]


def test_escape_example_richlieu(study: Rules) -> None:
    """ "the Richlieu Tile, acting as the Duke, is under Guard from the Dragoon, so it must move
    or the player loses the game. ... can't use Richlieu's Jump icons ... nor can he use its
    Command ability ... can't use the front Move icon as it would mean its capture by Porthos;
    can't use the right Move icon as a friendly Footman is there; can't use the left Move icon
    ... can't pull a tile and place it in an attempt to block a move as the Dragoon's Jump icon
    will move past any such tiles." "... the controlling player can still sacrifice the Footman
    tile ... and Richlieu takes the place of the Footman tile. Since Richlieu is already on its
    starting side, the controlling player does not need to flip the tile.\""""
    game = build(study, RICHLIEU, bags=(["Footman"], []))
    assert game.in_guard()
    assert notations(game) == ["escape c1-d1 sacrificing d1"]
    play(game, "escape c1-d1 sacrificing d1")
    d1 = game.rules.geometry.parse("d1")
    assert d1 is not None
    richlieu = game.tile_at(d1)
    assert richlieu is not None and richlieu[1] == 0  # starting side
    assert game.captured[0] == [game.rules.type_named("Footman")]
    assert game.result is None
    assert not game.in_guard(0)


def test_without_escape_the_same_position_is_lost(study: Rules) -> None:
    """The control: a Duke in Richlieu's place has no legal action."""
    game = build(study, ["c1 Duke 0", *RICHLIEU[1:]], bags=(["Footman"], []))
    assert notations(game) == []
    assert game.result is not None and game.result.winner == 1


def test_escape_reverts_and_captures_an_enemy_on_the_duke_square(study: Rules) -> None:
    """ "the tile automatically reverts to its starting side. If one of the squares is occupied
    by an opponent's tile, the escaping tile may automatically capture that tile\""""
    game = build(study, ["b4 Rogue 0 back", "b3 Footman 0", "d1 Footman 1", "f1 Duke 0"])
    legal = [n for n in notations(game) if n.startswith("escape")]
    assert legal == ["escape b4-c1 sacrificing b3", "escape b4xd1 sacrificing b3"]
    play(game, "escape b4xd1 sacrificing b3")
    tile = game.tile_at(game.rules.geometry.parse("d1") or 0)
    assert tile == (game.rules.type_named("Rogue"), 0, 0)
    assert game.captured == [[game.rules.type_named("Footman")], [game.rules.type_named("Footman")]]


def test_escape_onto_friendly_tiles_sacrifices_one(study: Rules) -> None:
    """ "if both tiles are occupied by a friendly tile, the escaping tile sacrifices a tile of the
    player's choosing (i.e. it's captured and removed from the game).\""""
    game = build(study, ["b4 Rogue 0", "b3 Footman 0", "c1 Pikeman 0", "d1 Knight 0", "f1 Duke 0"])
    legal = [n for n in notations(game) if n.startswith("escape")]
    assert legal == ["escape b4-c1 sacrificing b3", "escape b4-d1 sacrificing b3"]
    play(game, "escape b4-d1 sacrificing b3")
    assert sorted(game.captured[0]) == sorted(
        [game.rules.type_named("Footman"), game.rules.type_named("Knight")]
    )


def test_summon(study: Rules) -> None:
    """ "The player flips the Duke Tile ... and he may move the tile from where ever it is located
    on the board and place it fully adjacent to the Duke; the called tile remains with its current
    side up. This move is NOT a Command move and so cannot be used to capture a tile\""""
    game = build(study, ["c1 Duke 0", "f5 Duchess 0 back", "c2 Pikeman 1", "f6 Duke 1"])
    assert [n for n in notations(game) if n.startswith("summon")] == [
        "summon f5-b1",
        "summon f5-d1",
    ]
    play(game, "summon f5-d1")
    name = game.rules.geometry.parse
    assert game.tile_at(name("c1") or 0) == (game.rules.type_named("Duke"), 1, 0)
    assert game.tile_at(name("d1") or 0) == (game.rules.type_named("Duchess"), 1, 0)


def test_divination(study: Rules) -> None:
    """ "If a tile with the Divination ability is in play and has its non-starting side up, the
    player may choose to "move" the tile by flipping it back to its starting side ...
    Immediately the player must select three random tiles from the bag, choosing which one he
    wants to place on the board and puts the other two tiles either back in the bag, or ...
    "destroy" one or both ...; the chosen tile is placed normally.\""""
    bag = ["Knight", "Seer", "Wizard", "Priest"]
    front = build(study, ["c1 Duke 0", "e3 Oracle 0", "f6 Duke 1"], bags=(bag, []))
    assert not [n for n in notations(front) if n.startswith("divine")]
    game = build(study, ["c1 Duke 0", "e3 Oracle 0 back", "f6 Duke 1"], bags=(bag, []), seed=3)
    play(game, "divine e3")
    assert phase_of(game) is Phase.CHOOSE
    assert game.tile_at(game.rules.geometry.parse("e3") or 0)[1] == 0  # type: ignore[index]
    drawn = list(game.pending)
    assert len(drawn) == 3 and len(game.bags[0]) == 1
    choices = notations(game)
    assert len(choices) == 3 * 4  # keep one of three; each other one back or destroyed
    kept, gone, back = drawn[0], drawn[1], drawn[2]
    names = game.rules.types
    play(game, f"keep {names[kept].name}, destroy {names[gone].name}")
    assert phase_of(game) is Phase.PLACING and game.drawn == kept
    assert game.captured[0] == [gone]
    assert back in game.bags[0] and len(game.bags[0]) == 2
    play(game, "b1")
    assert game.ply == 1 and game.to_move == 1


def test_ransom_in_place_of_the_escape_sacrifice(study: Rules) -> None:
    """ "In place of sacrificing a tile during an Escape (see above), the player ransoms back a
    previously captured tile with the Ransom ability to the opponent"; "the opponent receiving
    the tile with the Ransom ability places it back in his bag.\""""
    game = build(study, ["b4 Rogue 0", "f1 Duke 0", "f6 Duke 1"], captured=[[], ["Hostage"]])
    legal = [n for n in notations(game) if n.startswith("escape")]
    assert legal == ["escape b4-c1 ransoming Hostage", "escape b4-d1 ransoming Hostage"]
    play(game, "escape b4-c1 ransoming Hostage")
    assert game.bags[1] == [game.rules.type_named("Hostage")]
    assert game.captured == [[], []]


def test_ransom_trade_for_a_captured_escape_tile(study: Rules) -> None:
    """ "The player may trade a captured tile with the Ransom ability for any previously captured
    tile by the opponent with the Escape ability. Any retrieved tile in this fashion is placed in
    a starting square as though it just used the Escape ability\""""
    game = build(
        study,
        ["c1 Footman 0", "f1 Duke 0", "d1 Footman 1", "f6 Duke 1"],
        captured=[["Rogue"], ["Hostage"]],
    )
    legal = [n for n in notations(game) if n.startswith("ransom")]
    assert legal == ["ransom Hostage for Rogue@d1"]  # the enemy on d1 is captured
    play(game, "ransom Hostage for Rogue@d1")
    rules = game.rules
    assert game.tile_at(rules.geometry.parse("d1") or 0) == (rules.type_named("Rogue"), 0, 0)
    assert game.bags[1] == [rules.type_named("Hostage")]
    assert game.captured == [[], [rules.type_named("Footman")]]


def test_abilities_obey_the_duke_danger_rule(study: Rules) -> None:
    """Abilities are actions "in place of moving a tile": none may leave the Duke capturable."""
    # The Duchess on b1 stands between the Duke on c1 and a Marshall (front: Slide sideways).
    game = build(study, ["c1 Duke 0", "b1 Duchess 0", "a1 Marshall 1", "f6 Duke 1"])
    assert not [n for n in notations(game) if n.startswith("summon")]
    free = build(study, ["c1 Duke 0", "b1 Duchess 0", "a1 Footman 1", "f6 Duke 1"])
    assert [n for n in notations(free) if n.startswith("summon")] == [
        "summon b1-c2",
        "summon b1-d1",
    ]


def test_perft_counts_a_divination_as_one_turn(study: Rules) -> None:
    """By hand: the Duke's 5 Slides; a draw of 4 kinds of tile onto b1, d1 or c2 (12); a
    Divination: keep one of the three drawn, each other one back or destroyed (12 choices), placed
    on one of 3 squares (36)."""
    from dukec.engine import perft

    bag = ["Knight", "Seer", "Wizard", "Priest"]
    game = build(study, ["c1 Duke 0", "e3 Oracle 0 back", "f6 Duke 1"], bags=(bag, []))
    assert perft(game, 1) == 5 + 12 + 36


def test_a_ransomed_tile_acting_as_the_duke_is_the_duke_again(study: Rules) -> None:
    """ "Any retrieved tile in this fashion is placed in a starting square as though it just
    used the Escape ability": Richlieu, acting as the Duke, comes back as its player's Duke, so
    the player may draw beside it again and must keep it out of danger."""
    game = build(
        study,
        ["f1 Footman 0", "a6 Footman 1", "f6 Duke 1"],
        bags=(["Footman"], []),
        captured=[["Richlieu"], ["Hostage"]],
    )
    assert "draw" not in notations(game)  # no Duke to place beside
    play(game, "ransom Hostage for Richlieu@c1")
    c1 = game.rules.geometry.parse("c1")
    assert game.duke[0] == c1
    play(game, "a6-a5")
    assert "draw" in notations(game)


def test_a_position_brings_abilities_no_army_of_its_set_has(tileset: dict[str, Any]) -> None:
    # The mountain set's armies have no Duchess, so a game from its set-up never looks for
    # abilities; a position may still hold one, on the board or in a bag, and then it summons.
    from dukec.engine import load_rules
    from dukec.engine.actions import DRAW, MOVE, PLACE, SUMMON

    rules = load_rules(tileset, "mountain")
    on_board = build(rules, ["c1 Duke 0", "a1 Duchess 0", "d6 Duke 1"])
    assert {a.to for a in on_board.legal_actions() if a.kind == SUMMON} == {
        rules.geometry.parse("b1"),
        rules.geometry.parse("c2"),
        rules.geometry.parse("d1"),
    }
    in_bag = build(rules, ["c1 Duke 0", "d6 Duke 1"], bags=(["Duchess", "Footman"], []))
    duchess = rules.type_named("Duchess")
    c2, d6, e6 = (rules.geometry.parse(name) for name in ("c2", "d6", "e6"))
    assert c2 is not None and d6 is not None and e6 is not None
    in_bag.apply((DRAW, -1, -1, -1, duchess))
    in_bag.apply((PLACE, -1, c2, -1, duchess))
    in_bag.apply((MOVE, d6, e6, -1, -1))
    assert any(a.kind == SUMMON for a in in_bag.legal_actions())
