"""The rulebook's own words and worked examples (base tiles only), as positions."""

from __future__ import annotations

import pytest

from dukec.engine import Game, Phase, Reason, Rules, format_action, parse_action

from .conftest import build, notations, notations_from


def play(game: Game, *texts: str) -> None:
    for text in texts:
        game.apply(parse_action(game, text))


# --------------------------------------------------------------------- p. 3: movement example


def movement_example(rules: Rules, to_move: int) -> Game:
    # The picture is lost; this is the board its text describes. The Seer (front) has its own
    # Duke on one back diagonal; the Dragoon (back) sits two diagonal squares from the Seer with
    # the enemy Assassin (back) beyond it on the same diagonal, at the board edge.
    return build(
        rules,
        ["c1 Duke 0", "d2 Seer 0", "b4 Dragoon 0 back", "a5 Assassin 1 back"],
        to_move=to_move,
    )


def test_movement_example_seer(rules: Rules) -> None:
    game = movement_example(rules, 0)
    # "move one square diagonally in three directions, or jump two squares forward, left or
    # right. However, it cannot jump off the board or move into the square occupied by its own
    # Duke Tile."
    assert notations_from(game, "d2") == ["d2-b2", "d2-c3", "d2-d4", "d2-e1", "d2-e3", "d2-f2"]


def test_movement_example_dragoon(rules: Rules) -> None:
    game = movement_example(rules, 0)
    # Move icons: the two squares directly above; Jump icons: up-right and up-left (behind the
    # Assassin); Slide icons: one square down-left and one down-right, not into the Seer.
    assert notations_from(game, "b4") == ["b4-a3", "b4-a6", "b4-b5", "b4-b6", "b4-c3", "b4-c6"]


def test_movement_example_assassin_jump_slide(rules: Rules) -> None:
    game = movement_example(rules, 1)
    # "only one movement option": two options lead off the board; the Jump Slide skips past the
    # Dragoon and either captures the Seer or stops between the Seer and the Dragoon.
    assert notations(game) == ["a5-c3", "a5xd2"]
    play(game, "a5-c3")
    # Stopping there "puts the Duke in Guard" (the Assassin's other side reaches c1) ...
    assert game.in_guard()
    # ... "though the Seer would capture it next turn".
    assert "d2xc3" in notations(game)


def test_movement_example_whole_turn(rules: Rules) -> None:
    # Hand count for the first player: Seer 6 + Dragoon 6 + Duke slides along rank 1 (b1, a1,
    # d1, e1, f1) 5 = 17; the bags are empty, so there is no draw.
    assert len(movement_example(rules, 0).legal_actions()) == 17


# --------------------------------------------------------------------- pp. 5-6: stuck tiles


def stuck_example(rules: Rules) -> Game:
    # Tina (light, first player) is trapped on the far edge: her Duke (non-starting side up:
    # slides forward and back) on c6, her Footman on its right, a Pikeman stuck in the corner
    # region; the opponent's Wizard (back) below the Duke, the Marshall beside it, the Champion
    # aiming at the open square kitty-corner to the Duke. She has pulled one of three Pikemen.
    return build(
        rules,
        [
            "c6 Duke 0 back",
            "d6 Footman 0",
            "e6 Pikeman 0",
            "c5 Wizard 1 back",
            "b5 Marshall 1",
            "d3 Champion 1",
            "a1 Duke 1",
        ],
        bags=(["Knight", "Pikeman", "Pikeman"], []),
        seed=0,
    )


def test_stuck_tiles_example(rules: Rules) -> None:
    game = stuck_example(rules)
    # "If she moves her Footman into the open space, it can be captured by her opponent's
    # Champion Tile. She can't move her Duke to capture the Wizard, as the Marshall Tile would
    # then be able to capture the Duke, so that move isn't allowed." The Pikeman is stuck.
    assert notations(game) == ["d6-d5", "draw"]
    play(game, "d6-d5")
    assert "d3xd5" in notations(game)


def test_stuck_tiles_placement_only_beside_duke(rules: Rules) -> None:
    game = stuck_example(rules)
    game.apply(parse_action(game, "draw"))
    assert game.phase is Phase.PLACING
    # "the only place she can put it is on the left of her Duke Tile; she can't place it in the
    # open space kitty corner to her Duke".
    assert [format_action(game, a).split("@")[1] for a in game.legal_actions()] == ["b6"]


def test_forced_pikeman_draw_traps_duke(rules: Rules) -> None:
    game = stuck_example(rules)
    pikeman = rules.type_named("Pikeman")
    game.apply((3, -1, -1, -1, pikeman))
    play(game, "b6", "a1-b1")
    # The Pikeman and the Duke are trapped: her only move is to "sacrifice her Footman ... to
    # open up a new space on the right of the Duke Tile".
    assert notations(game) == ["d6-d5"]


# --------------------------------------------------------------------- Duke in danger


def test_duke_may_not_move_into_danger(rules: Rules) -> None:
    # Duke (front) slides along its rank; the enemy Champion (front) on c3 reaches c1 with its
    # Jump, so the Duke may slide through c1 to b1 or a1 but not stop on it.
    game = build(rules, ["d1 Duke 0", "c3 Champion 1", "f6 Duke 1"])
    assert notations_from(game, "d1") == ["d1-a1", "d1-b1", "d1-e1", "d1-f1"]
    game = build(rules, ["d1 Duke 0", "b3 Champion 1", "f6 Duke 1"])
    # From b3 the Champion reaches b1 (jump) and d3/b2/a3/... ; so only b1 is forbidden.
    assert notations_from(game, "d1") == ["d1-a1", "d1-c1", "d1-e1", "d1-f1"]


def test_pinned_tile_cannot_uncover_the_duke(rules: Rules) -> None:
    # The enemy Duke (front) slides along rank 1 toward ours; our Footman between them is pinned.
    game = build(rules, ["a1 Duke 0", "b1 Footman 0", "f1 Duke 1"])
    # Only a move along the line keeps the Duke covered.
    assert notations_from(game, "b1") == ["b1-c1"]
    game = build(rules, ["a1 Duke 0", "b1 Footman 0", "f2 Duke 1"])
    assert notations_from(game, "b1") == ["b1-b2", "b1-c1"]


def test_in_guard_only_answers_are_legal(rules: Rules) -> None:
    # The enemy Duke on e1 (front) slides to our Duke on a1. Answers: capture it? No: too far for
    # our tiles; move the Duke off rank 1, block with a tile, or place a drawn tile on b1.
    game = build(rules, ["a1 Duke 0 back", "c2 Footman 0", "e1 Duke 1"], bags=(["Knight"], []))
    assert game.in_guard()
    # Duke (back) slides up the a-file; Footman c2 blocks on c1; its other moves do not help;
    # placing the drawn tile on b1 blocks, on a2 does not.
    assert notations(game) == ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "c2-c1", "draw"]
    game.apply(parse_action(game, "draw"))
    assert [format_action(game, a) for a in game.legal_actions()] == ["Knight@b1"]


def test_guard_from_a_jump_cannot_be_blocked_by_placing(rules: Rules) -> None:
    # A Champion (front) two squares above jumps over anything: no placement helps, so drawing
    # is not legal; the Duke (back) can only slide away... up is the Champion's square: capture.
    game = build(rules, ["c1 Duke 0 back", "c3 Champion 1", "f6 Duke 1"], bags=(["Knight"], []))
    assert game.in_guard()
    assert notations(game) == ["c1xc3"]


def test_command_threat_counts_as_danger(rules: Rules) -> None:
    # An enemy General (back) on c4: for the second player its grid is turned around, so its
    # Command squares are b4, d4, b5, c5, d5 and its Move/Jump squares c3, b4, d4, a4, e4, b2,
    # d2 (so d4 and d2 are out). d5 is reached only by Command: with the enemy Footman on b4 to
    # command, our Duke (back, sliding down the d-file) may not stop on d5; without it, it may.
    game = build(rules, ["d6 Duke 0 back", "c4 General 1 back", "b4 Footman 1", "a6 Duke 1"])
    assert notations_from(game, "d6") == ["d6-d1", "d6-d3"]
    game = build(rules, ["d6 Duke 0 back", "c4 General 1 back", "a6 Duke 1"])
    assert notations_from(game, "d6") == ["d6-d1", "d6-d3", "d6-d5"]


def test_capturing_the_duke_wins(rules: Rules) -> None:
    game = build(rules, ["c1 Duke 0", "c3 Champion 1", "c6 Duke 1"], to_move=1)
    play(game, "c3xc1")
    assert game.result is not None
    assert game.result.winner == 1
    assert game.result.reason is Reason.DUKE_CAPTURED
    assert game.legal_actions() == []


def test_no_legal_action_loses(rules: Rules) -> None:
    stuck = build(rules, ["a1 Duke 0", "b1 Pikeman 0", "a3 Champion 1", "f6 Duke 1"])
    # The Champion on a3 jumps onto a1. The Duke (front) cannot slide: its own Pikeman blocks
    # b1; the Pikeman's moves (to a2, c2, d3) cannot block a Jump. Guard with no answer: the
    # rulebook says a player can never pass, so the player with no legal action loses.
    assert stuck.in_guard()
    assert stuck.legal_actions() == []
    assert stuck.result is not None
    assert stuck.result.winner == 1
    assert stuck.result.reason is Reason.NO_LEGAL_ACTION


def test_ply_limit_is_an_adjudicated_draw(rules: Rules) -> None:
    game = build(rules, ["a1 Duke 0", "f6 Duke 1"])
    game.ply_limit = 3
    play(game, "a1-b1", "f6-e6", "b1-b2")
    assert game.result is not None
    assert game.result.winner is None
    assert game.result.reason is Reason.PLY_LIMIT
    game.undo()
    assert game.result is None


# --------------------------------------------------------------------- movement icons


def test_move_needs_a_clear_straight_path(rules: Rules) -> None:
    # Pikeman (front): Move (1,1) (2,2) (-1,1) (-2,2). A tile on c2 blocks the move to d3.
    game = build(rules, ["b1 Pikeman 0", "c2 Footman 1", "f1 Duke 0"])
    assert notations_from(game, "b1") == ["b1-a2", "b1xc2"]
    game = build(rules, ["b1 Pikeman 0", "c2 Footman 0", "f1 Duke 0"])
    assert notations_from(game, "b1") == ["b1-a2"]


def test_jump_ignores_what_it_passes(rules: Rules) -> None:
    # Champion (front) jumps two squares orthogonally over tiles of both sides.
    game = build(rules, ["c3 Champion 0", "c4 Footman 1", "b3 Footman 0", "c5 Footman 1"])
    assert "c3xc5" in notations_from(game, "c3")
    assert "c3-a3" in notations_from(game, "c3")


def test_slide_stops_at_the_first_tile_and_may_capture_it(rules: Rules) -> None:
    # Priest (front) slides diagonally.
    game = build(rules, ["a1 Priest 0", "c3 Footman 1", "d4 Footman 1"])
    assert notations_from(game, "a1") == ["a1-b2", "a1xc3"]
    game = build(rules, ["a1 Priest 0", "c3 Footman 0"])
    assert notations_from(game, "a1") == ["a1-b2"]


def test_jump_slide_skips_the_first_square(rules: Rules) -> None:
    # Assassin (front, first player): Jump Slide (0,2) forward: skips c2, then c3 onward.
    game = build(rules, ["c1 Assassin 0", "c2 Footman 0", "c4 Footman 1"])
    assert notations_from(game, "c1") == ["c1-c3", "c1xc4"]


def test_strike_captures_without_moving_and_flips(rules: Rules) -> None:
    # Dragoon (front): Strike (0,2) (2,2) (-2,2); it has no effect on a friendly tile.
    game = build(rules, ["c1 Dragoon 0", "c3 Footman 1", "e3 Footman 0"])
    assert notations_from(game, "c1") == ["c1!c3", "c1-b1", "c1-d1"]
    play(game, "c1!c3")
    c1 = rules.geometry.parse("c1")
    c3 = rules.geometry.parse("c3")
    assert c1 is not None and c3 is not None
    assert game.tile_at(c3) is None
    assert game.tile_at(c1) == (rules.type_named("Dragoon"), 1, 0)
    assert game.captured[1] == [rules.type_named("Footman")]


def test_command_moves_a_friendly_tile_and_flips_only_the_commander(rules: Rules) -> None:
    # General (back, first player) commands (1,0) (-1,0) (1,-1) (0,-1) (-1,-1).
    game = build(rules, ["c3 General 0 back", "c2 Footman 0", "d3 Footman 1", "f6 Duke 1"])
    commands = [n for n in notations(game) if ":" in n]
    # The Footman on c2 may go to b3, d3 (capture), b2, d2; nothing else stands on a command
    # square of ours.
    assert commands == ["c3:c2-b2", "c3:c2-b3", "c3:c2-d2", "c3:c2xd3"]
    play(game, "c3:c2xd3")
    square = rules.geometry.parse
    assert game.tile_at(square("d3") or 0) == (rules.type_named("Footman"), 0, 0)
    assert game.tile_at(square("c3") or 0) == (rules.type_named("General"), 0, 0)
    assert game.captured[1] == [rules.type_named("Footman")]


def test_tiles_flip_after_a_move(rules: Rules) -> None:
    game = build(rules, ["c1 Footman 0"])
    play(game, "c1-c2")
    assert game.tile_at(rules.geometry.parse("c2") or 0) == (rules.type_named("Footman"), 1, 0)


def test_second_player_grid_is_rotated(rules: Rules) -> None:
    # Footman back: Move (+-1,1) (+-1,-1) (0,2); for the second player (0,2) points down.
    game = build(rules, ["c4 Footman 1 back"], to_move=1)
    assert notations(game) == ["c4-b3", "c4-b5", "c4-c2", "c4-d3", "c4-d5"]


def test_no_action_ends_on_a_friendly_tile(rules: Rules) -> None:
    game = build(
        rules,
        [
            "c3 Wizard 0",
            "b2 Footman 0",
            "b3 Footman 0",
            "b4 Footman 0",
            "c2 Pikeman 0",
            "c4 Pikeman 0",
            "d2 Pikeman 0",
            "d3 Knight 0",
            "d4 Seer 0",
        ],
    )
    assert notations_from(game, "c3") == []


def test_set_up_as_actions(rules: Rules) -> None:
    game = Game(rules, seed=1)
    # "places his Duke Tile in one of the two center squares in his edge row".
    assert notations(game) == ["Duke@c1", "Duke@d1"]
    play(game, "Duke@d1")
    # "then places his two Footman Tiles in any two squares that share a side with the Duke".
    assert notations(game) == ["Footman@c1", "Footman@d2", "Footman@e1"]
    play(game, "Footman@d2", "Footman@c1")
    assert game.to_move == 1
    # The second player's home edge is rank 6; "centre squares" are c6 and d6 for him too.
    assert notations(game) == ["Duke@c6", "Duke@d6"]
    play(game, "Duke@c6", "Footman@b6", "Footman@c5")
    assert game.phase is Phase.PLAY
    assert game.to_move == 0
    assert game.ply == 0


def test_the_last_ply_before_the_limit_obeys_the_danger_rule(rules: Rules) -> None:
    # The turn that reaches the ply limit is still a turn: it may not leave the Duke capturable.
    game = build(rules, ["a5 Duke 1 back", "e2 Ranger 0 back", "a1 Duke 0"], to_move=1)
    assert "a5-a6" not in notations(game)
    game.ply_limit = 1
    assert "a5-a6" not in notations(game)


def test_capturing_the_duke_is_legal_even_from_guard(rules: Rules) -> None:
    # Both Dukes are capturable; the player to move captures first and wins at once.
    game = build(rules, ["c1 Duke 0", "c3 Champion 1", "c4 Duke 1", "c2 Champion 0"])
    assert game.in_guard()
    assert "c2xc4" in notations(game)


def test_guard_is_reported(rules: Rules) -> None:
    # "Whenever a player moves a tile that will allow him to capture his opponent's Duke on his
    # following turn, he must say 'Guard.'"
    from dukec.engine.record import describe

    game = movement_example(rules, 1)
    entry = describe(game, parse_action(game, "a5-c3"))
    assert entry.guard
    assert entry.notation == "a5-c3+"
    game.undo()
    entry = describe(game, parse_action(game, "a5xd2"))
    assert not entry.guard
    assert entry.captured == "Seer"
    assert entry.tile == "Assassin"


@pytest.mark.parametrize(
    ("tiles", "action", "lands"),
    [
        # Move: Pikeman (front) (1,1).
        (["b1 Pikeman 0", "c2 Footman 1"], "b1xc2", "c2"),
        # Jump: Champion (front) (0,2) over a tile.
        (["c3 Champion 0", "c4 Footman 0", "c5 Footman 1"], "c3xc5", "c5"),
        # Slide: Priest (front) along a diagonal.
        (["a1 Priest 0", "d4 Footman 1"], "a1xd4", "d4"),
        # Jump Slide: Assassin (front) (0,2) past a friendly tile, then sliding.
        (["c1 Assassin 0", "c2 Footman 0", "c6 Footman 1"], "c1xc6", "c6"),
        # Strike: Longbowman (back) (0,3); it stays on c1.
        (["c1 Longbowman 0 back", "c4 Footman 1"], "c1!c4", "c1"),
        # Command: Marshall (back) commands its Footman from b4 onto the enemy on d4.
        (["c3 Marshall 0 back", "b4 Footman 0", "d4 Footman 1"], "c3:b4xd4", "d4"),
    ],
    ids=["move", "jump", "slide", "jump_slide", "strike", "command"],
)
def test_capture_by_every_icon(rules: Rules, tiles: list[str], action: str, lands: str) -> None:
    game = build(rules, tiles)
    before = sum(1 for code in game.board if code >= 0 and code & 1 == 1)
    play(game, action)
    assert game.captured[1] == [rules.type_named("Footman")]
    assert sum(1 for code in game.board if code >= 0 and code & 1 == 1) == before - 1
    held = game.tile_at(rules.geometry.parse(lands) or 0)
    assert held is not None and held[2] == 0
