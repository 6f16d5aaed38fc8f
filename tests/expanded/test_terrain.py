"""Terrain tiles (rulebook pp. 8-10): Mountain, Fort and Flag, driven by their properties."""

from __future__ import annotations

from typing import Any

from dukec.engine import Game, Rules, load_rules
from tests.expanded.conftest import build, notations, play

MOUNTAIN_C3: dict[str, Any] = {"terrain": [{"tile": "Mountain", "at": "c3"}]}


def test_mountain_example_pikeman(study: Rules) -> None:
    """ "For the Pikeman, a straight line drawn from the center square occupied by it to either
    of the squares it could normally target with its Strike icon passes through the square
    occupied by the Mountain Tile, so it can't use that icon in either square this turn; this
    means the Knight and Footman Tiles occupying those squares are safe for now.\""""
    game = build(
        study, ["c2 Pikeman 0 back", "b4 Knight 1", "d4 Footman 1", "a1 Duke 0"], **MOUNTAIN_C3
    )
    assert not [n for n in notations(game) if "!" in n]
    open_board = build(study, ["c2 Pikeman 0 back", "b4 Knight 1", "d4 Footman 1", "a1 Duke 0"])
    assert {"c2!b4", "c2!d4"} <= set(notations(open_board))


def test_mountain_example_bowman(study: Rules) -> None:
    """ "A line drawn from the center of the Bowman's square to the center of the target square
    on either side of the square occupied by the Mountain Tile passes through the "kitty
    corners." As such, the controlling player can still use the Strike icon in either square to
    eliminate the Marshall or the Priest; obviously the player cannot use the Strike icon in the
    third, front square.\""""
    game = build(
        study,
        ["c2 Bowman 0 back", "b3 Marshall 1", "d3 Priest 1", "c4 Footman 1", "a1 Duke 0"],
        **MOUNTAIN_C3,
    )
    strikes = [n for n in notations(game) if "!" in n]
    assert strikes == ["c2!b3", "c2!d3"]


def test_mountain_no_entry_no_jumping_over_no_command_no_placement(study: Rules) -> None:
    """ "cannot be moved into with the Move, Slide or Jump Slide icons, or jumped over with the
    Jump or Jump Slide icons"; "New Troop Tiles ... cannot be placed in this square"; "The
    Command icon cannot be used to move a Troop Tile into a square occupied by a Mountain"."""
    game = build(
        study,
        ["c1 Duke 0 back", "c4 Champion 0", "e2 General 0 back", "d2 Footman 0"],
        bags=(["Footman"], []),
        terrain=[{"tile": "Mountain", "at": "c2"}],
    )
    legal = notations(game)
    # The Duke's Slide up is stopped at once; the Champion cannot jump c4-c2 onto it.
    assert not [n for n in legal if n.startswith("c1-c")]
    assert "c4-c2" not in legal
    # The General (back: Command on d2, e1, f1... ) cannot command the Footman onto the Mountain.
    assert not [n for n in legal if n.endswith("-c2")]
    play(game, "draw")
    assert "Footman@c2" not in notations(game)


def test_straight_jump_over_the_mountain_is_blocked_a_knights_jump_goes_around(
    study: Rules,
) -> None:
    """ "if there is a "straight jump path" from the moving tile to the target square and the
    Mountain Tile is anywhere along that path, the jump cannot be made. However, if there is no
    straight line move to the target square, then the player can use which ever path can move
    around the Mountain Tile.\""""
    game = build(
        study,
        ["c1 Champion 0", "b1 Knight 0", "f1 Duke 0"],
        terrain=[{"tile": "Mountain", "at": "c2"}],
    )
    legal = notations(game)
    assert "c1-c3" not in legal  # straight over the Mountain
    assert "b1-c3" in legal  # the Knight's (1, 2) Jump goes round through b2


def test_fort_entry_occupant_strike_and_command(study: Rules) -> None:
    """Fort: "can be moved into with the Move, Slide or Jump Slide icons"; "you cannot enter the
    Fort square with these [Jump] icons"; "The Strike icon cannot be used to capture a Troop Tile
    in the same square as a Fort Tile. However, a tile inside the Fort Tile can use its Strike
    icon against any tiles outside"; "The Command icon can be used to move a Troop Tile into (or
    out of)" it."""
    keep: dict[str, Any] = {"terrain": [{"tile": "Keep", "at": "c3"}]}
    game = build(study, ["c2 Footman 0", "c1 Champion 0", "f1 Duke 0"], **keep)
    legal = notations(game)
    assert "c2-c3" in legal  # Move in
    assert "c1-c3" not in legal  # Jump in: not allowed
    struck = build(study, ["c3 Footman 1", "c1 Bowman 0 back", "f1 Duke 0"], **keep)
    assert "c1!c3" not in notations(struck)
    inside = build(study, ["c3 Bowman 0 back", "c5 Footman 1", "f1 Duke 0"], **keep)
    assert "c3!c5" in notations(inside)
    # The General's back commands a2, c2, a1, b1 and c1; the Fort is on c2.
    into = build(
        study,
        ["b2 General 0 back", "c2 Footman 1", "c1 Footman 0", "f1 Duke 0"],
        terrain=[{"tile": "Keep", "at": "c2"}],
    )
    assert "b2:c1xc2" in notations(into)
    out = build(
        study,
        ["b2 General 0 back", "c2 Footman 0", "f1 Duke 0"],
        terrain=[{"tile": "Keep", "at": "c2"}],
    )
    assert "b2:c2-a2" in notations(out)


def test_fort_holds_one_tile_and_is_captured_into(study: Rules) -> None:
    """ "Only a single Troop Tile can be in the square occupied by a Fort Tile at the end of a
    turn; if a friendly Troop Tile is already there, then the move cannot be made"; "If an enemy
    tile already occupies the square, capture it."""
    keep: dict[str, Any] = {"terrain": [{"tile": "Keep", "at": "c3"}]}
    friendly = build(study, ["c2 Footman 0", "c3 Footman 0", "f1 Duke 0"], **keep)
    assert "c2-c3" not in notations(friendly)
    enemy = build(study, ["c2 Footman 0", "c3 Footman 1", "f1 Duke 0"], **keep)
    assert "c2xc3" in notations(enemy)


def test_flag_is_carried_and_passed_sideways(tileset: dict[str, Any]) -> None:
    """ "Flag Tiles can be picked up and carried by Troop Tiles that end their move in a square
    occupied by a Flag Tile"; "the Flag may be moved to another Troop Tile controlled by the
    player if that Troop Tile occupies a square that shares a side with the current Flag Tile
    holder"."""
    rules = load_rules(tileset, "counting-coup")
    game = build(
        rules,
        ["c2 Footman 0", "d3 Footman 0", "b4 Footman 0", "c1 Duke 0", "f6 Duke 1"],
        flags=[{"at": "c3", "owner": 0}, {"at": "a6", "owner": 1}],
    )
    play(game, "c2-c3")
    c3, c4 = game.rules.geometry.parse("c3"), game.rules.geometry.parse("c4")
    assert c4 is not None
    assert game.flags[0].square == c3
    play(game, "f6-e6")
    legal = notations(game)
    assert "flag c3-d3" in legal  # shares a side
    assert "flag c3-b4" not in legal  # a corner only
    play(game, "c3-c5")  # the carrier (back up) moves; the Flag goes along
    assert game.flags[0].square == c4 + 6


def test_terrain_captures_are_not_by_an_opponent(tileset: dict[str, Any]) -> None:
    """ "Any tile(s) captured by a Terrain Tile are not considered to have been "captured by an
    opponent."": the Dragon taking a Duke wins no game.

    Decision: that player plays on without a Duke (no more placements)."""
    rules = load_rules(tileset, "dragon")
    game = build(
        rules,
        ["d1 Duke 0", "a6 Duke 1", "a2 Footman 0"],
        bags=(["Footman"], []),
        dragon={"at": "d2", "facing": "right"},
    )
    play(game, "a2-a3")
    # Between the turns the Dragon (facing right: its right hand is d1) takes the Duke.
    assert game.duke[0] == -1
    assert game.result is None
    play(game, "a6-b6")
    assert game.result is None
    assert "draw" not in notations(game)  # no Duke: no placement
    assert notations(game)


def test_mountain_is_placed_at_random_after_set_up(tileset: dict[str, Any]) -> None:
    """ "Before play begins, randomly determine the placement of the Mountain Tile into any open
    square after set-up is complete": seeded, so the same seed gives the same square."""
    rules = load_rules(tileset, "mountain")
    squares = set()
    for seed in range(12):
        game = Game(rules, seed=seed)
        import random

        rng = random.Random(seed)
        while game.phase.value == 0:
            game.play_random(rng)
        (square,) = [s for s, t in enumerate(game.terrain) if t >= 0]
        assert game.board[square] < 0
        squares.add(square)
        again = Game(rules, seed=seed)
        rng = random.Random(seed)
        while again.phase.value == 0:
            again.play_random(rng)
        assert again.terrain == game.terrain
    assert len(squares) > 3


def test_jump_slide_cannot_pass_the_mountain(study: Rules) -> None:
    """Jump Slide: "(This will not allow a tile to Jump Slide past the Mountain Tile.)\""""
    # The Assassin (front: Jump Slide forward from two squares away) on c1.
    skipped = build(
        study, ["c1 Assassin 0", "f1 Duke 0"], terrain=[{"tile": "Mountain", "at": "c2"}]
    )
    assert not [n for n in notations(skipped) if n.startswith("c1-c")]
    beyond = build(
        study, ["c1 Assassin 0", "f1 Duke 0"], terrain=[{"tile": "Mountain", "at": "c5"}]
    )
    assert [n for n in notations(beyond) if n.startswith("c1-c")] == ["c1-c3", "c1-c4"]


def test_fort_blocks_a_strike_line_like_the_mountain(study: Rules) -> None:
    """Fort: "The Strike icon cannot be used if a straight line between the target square and
    the center of the square occupied by the Troop Tile crosses any part of a square occupied by
    the Fort Tile\""""
    game = build(
        study,
        ["c2 Bowman 0 back", "c4 Footman 1", "f1 Duke 0"],
        terrain=[{"tile": "Keep", "at": "c3"}],
    )
    assert "c2!c4" not in notations(game)
