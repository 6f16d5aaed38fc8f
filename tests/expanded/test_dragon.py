"""The Dragon (rulebook pp. 9-10), an acting terrain tile: its grids are data in tiles/dragon.duke
(front: Move (0,1) (0,2) (1,0) (-1,0); enraged: Move (1,0) (-1,0), Strikes ahead), +dy the way it
faces. Every random choice uses the game's seeded source."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.engine import Game, Rules, dragon, load_rules
from dukec.engine.game import Phase
from tests.expanded.conftest import build, notations, play


@pytest.fixture(scope="module")
def rules(tileset: dict[str, Any]) -> Rules:
    return load_rules(tileset, "dragon")


def _dragon(game: Game) -> tuple[str, tuple[int, int], int]:
    d = game.dragon
    return game.rules.geometry.name(d.square), (d.fx, d.fy), int(d.enraged)


def test_set_up_in_the_middle_facing_left_or_right_threatening_nothing(rules: Rules) -> None:
    """ "randomly place the Dragon in one of the middle four squares of the gameboard, with its
    orientation facing either to the right or to the left"; "The final set-up cannot allow a
    player to lose a tile to the Dragon before his first turn even starts\""""
    seen = set()
    for seed in range(16):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAY:
            game.play_random(rng)
        at, facing, enraged = _dragon(game)
        assert at in ("c3", "d3", "c4", "d4") and facing in ((1, 0), (-1, 0)) and not enraged
        assert dragon.targets(game) == []
        seen.add((at, facing))
    assert len(seen) > 3


def test_between_turns_it_captures_with_its_move_icons(rules: Rules) -> None:
    """ "if there is a tile that may be captured by the Dragon, the Dragon automatically moves to
    capture the tile"; "The Dragon tile does not flip over ... and it keeps its same
    orientation\""""
    game = build(
        rules,
        ["a1 Duke 0", "f6 Duke 1", "e3 Footman 1", "a5 Footman 0"],
        dragon={"at": "c3", "facing": "right"},
    )
    play(game, "a5-a6")
    assert _dragon(game) == ("e3", (1, 0), 0)
    assert game.captured[1] == [rules.type_named("Footman")]


def test_at_the_edge_it_turns_round_and_captures_nothing_that_turn(rules: Rules) -> None:
    """ "If a move places the Dragon at the edge of the game board, during the next in between
    turn, the Dragon will re-orient to the opposite direction only; it will not move to capture a
    new tile on the turn it re-orients, even if it could.\""""
    game = build(
        rules,
        ["a1 Duke 0", "a6 Duke 1", "f3 Footman 1", "a4 Footman 0", "e2 Footman 0"],
        dragon={"at": "d3", "facing": "right"},
    )
    play(game, "a4-a5")
    assert _dragon(game) == ("f3", (1, 0), 0)  # at the edge it faces
    play(game, "a6-c6")
    assert _dragon(game) == ("f3", (-1, 0), 0)  # turned round; the Footman on e2 is spared
    assert game.captured[0] == []


def test_a_slide_enrages_it_and_the_enraging_player_orients_it(rules: Rules) -> None:
    """ "if the player can capture the Dragon tile using either the Slide or Jump Slide icon (and
    ONLY those two icons), the player can choose to take their entire turn to enrage the Dragon.
    ... pushing it one square in the direction of the move. Once the Dragon is in the new
    square, it flips over to its "enraged" side, and the player that enraged it may choose
    either to re-orient the Dragon towards either his opponent or himself"; "The enraging ...
    takes the Dragon's next in between turn action\""""
    position = ["a3 Duke 0", "f6 Duke 1", "a6 Footman 1", "d5 Footman 1"]
    game = build(rules, position, dragon={"at": "c3", "facing": "left"})
    legal = notations(game)
    assert {"a3-c3 enrage away", "a3-c3 enrage home"} <= set(legal)
    play(game, "a3-c3 enrage away")
    assert _dragon(game) == ("d3", (0, 1), 1)
    assert game.board[rules.geometry.parse("c3") or 0] >= 0  # the Duke took its square
    # Its next in-between action was the enraging: the Footman on d5, under its Strike, is
    # still there; after the opponent's turn the Dragon strikes it and calms.
    assert game.captured[1] == []
    play(game, "a6-b6")
    assert game.captured[1] == [rules.type_named("Footman")]
    assert _dragon(game)[0] == "d3" and _dragon(game)[2] == 0


def test_a_jump_or_move_cannot_enrage(rules: Rules) -> None:
    """ "(and ONLY those two icons)\""""
    game = build(
        rules, ["c1 Champion 0", "f1 Duke 0", "f6 Duke 1"], dragon={"at": "c3", "facing": "left"}
    )
    assert not [n for n in notations(game) if "c3" in n]


def test_a_push_into_a_tile_captures_it_and_does_not_enrage(rules: Rules) -> None:
    """ "If there is a non-Terrain Tile in the square where the Dragon is pushed, that tile is
    immediately captured and the Dragon does not enrage; in this instance, the player should
    randomly re-orient the Dragon either right or left\""""
    game = build(
        rules,
        ["a3 Duke 0", "d3 Footman 1", "f6 Duke 1"],
        dragon={"at": "c3", "facing": "left"},
    )
    assert [n for n in notations(game) if n.startswith("a3-c3")] == ["a3-c3 push"]
    play(game, "a3-c3 push")
    at, facing, enraged = _dragon(game)
    assert (at, enraged) == ("d3", 0) and facing in ((1, 0), (-1, 0))
    assert game.captured[1] == [rules.type_named("Footman")]
    assert game.over is None


def test_enraged_strikes_up_to_two_then_calms(rules: Rules) -> None:
    """ "During the next in between turn after the Dragon was enraged, the Dragon will capture up
    to two tiles at once using only its Strike icons. If there are more than two tiles, randomly
    determine which tiles are captured"; "When it captures a tile(s), immediately flip the
    Dragon back to its starting side and randomly re-orient it either right or left.\""""
    game = build(
        rules,
        ["a1 Duke 0", "f6 Duke 1", "c4 Footman 0", "c5 Footman 1", "b5 Footman 1", "e2 Footman 0"],
        dragon={"at": "c3", "facing": "up", "side": "back"},
    )
    play(game, "e2-e3")
    at, facing, enraged = _dragon(game)
    assert at == "c3" and enraged == 0 and facing in ((1, 0), (-1, 0))
    assert len(game.captured[0]) + len(game.captured[1]) == 2


def test_enraged_with_nothing_to_strike_moves_and_turns(rules: Rules) -> None:
    """ "If there are no tiles it can use its Strike icons against, then randomly determine where
    it moves using its Move icons; if there is a tile in the square where it moves, capture that
    tile. After it has moved into its new square, rotate the Dragon 90 degrees in the direction
    of the move\""""
    # Facing up on the a-file: its only Move is to its right, b2; it then faces right.
    game = build(
        rules,
        ["f6 Duke 0", "f1 Duke 1", "e5 Footman 0"],
        dragon={"at": "a2", "facing": "up", "side": "back"},
    )
    play(game, "e5-e4")
    assert _dragon(game) == ("b2", (1, 0), 1)
    # Onto a tile: it captures it, calms, and does not move that turn.
    game = build(
        rules,
        ["f6 Duke 0", "f1 Duke 1", "e5 Footman 0", "b2 Footman 1"],
        dragon={"at": "a2", "facing": "up", "side": "back"},
    )
    play(game, "e5-e4")
    at, _facing, enraged = _dragon(game)
    assert (at, enraged) == ("b2", 0) and game.captured[1] == [rules.type_named("Footman")]


def test_mountain_and_fort(rules: Rules, custom: dict[str, Any]) -> None:
    """ "The Dragon will move into the Fort ... using its Move icons, while on its Starting side,
    to capture a tile"; "while moving randomly on its enraged side, the Dragon can enter both the
    Fort (Camelot) and the Mountain Tiles"; "The Mountain and Fort Tiles block the Dragon's
    Strike icons per the standard rules\""""
    study = load_rules(custom, "study")
    fort = build(
        study,
        ["a1 Duke 0", "f6 Duke 1", "e3 Footman 1", "a5 Footman 0"],
        terrain=[{"tile": "Keep", "at": "e3"}],
        dragon={"at": "c3", "facing": "right"},
    )
    play(fort, "a5-a6")
    assert _dragon(fort)[0] == "e3"
    mountain = build(
        study,
        ["f6 Duke 0", "f1 Duke 1", "e5 Footman 0"],
        terrain=[{"tile": "Mountain", "at": "b2"}],
        dragon={"at": "a2", "facing": "up", "side": "back"},
    )
    play(mountain, "e5-e4")
    assert _dragon(mountain)[0] == "b2"
    blocked = build(
        study,
        ["f6 Duke 0", "f1 Duke 1", "e5 Footman 0", "c5 Footman 1"],
        terrain=[{"tile": "Mountain", "at": "c4"}],
        dragon={"at": "c3", "facing": "up", "side": "back"},
    )
    play(blocked, "e5-e4")
    assert blocked.captured[1] == []  # the strike at c5 crosses the Mountain on c4


def test_immune_to_dread(rules: Rules, custom: dict[str, Any]) -> None:
    """ "Dread: The Dragon is immune to the Dread icon.\""""
    study = load_rules(custom, "study")
    game = build(
        study,
        ["a1 Duke 0", "f6 Duke 1", "e3 Footman 1", "c2 Wraith 0", "a5 Footman 0"],
        dragon={"at": "c3", "facing": "right"},
    )
    play(game, "a5-a6")
    assert _dragon(game)[0] == "e3"


def test_the_same_seed_gives_the_same_dragon(rules: Rules) -> None:
    """Every random choice uses the game's seeded source: two games of one seed agree."""

    def run(seed: int) -> list[Any]:
        game = Game(rules, seed=seed, ply_limit=80)
        rng = random.Random(seed)
        trace = []
        while game.play_random(rng):
            trace.append(repr(game.dragon))
        return trace

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_a_jump_slide_enrages_it_too(rules: Rules) -> None:
    """ "using either the Slide or Jump Slide icon": the Assassin's Jump Slide skips c2 and meets
    the Dragon on c3, pushing it to c4."""
    game = build(
        rules, ["c1 Assassin 0", "f1 Duke 0", "f6 Duke 1"], dragon={"at": "c3", "facing": "right"}
    )
    assert {"c1-c3 enrage away", "c1-c3 enrage home"} <= set(notations(game))
    play(game, "c1-c3 enrage home")
    assert _dragon(game) == ("c4", (0, -1), 1)


def test_the_duke_may_be_left_where_the_dragon_takes_it(rules: Rules) -> None:
    """ "Putting the Duke Tile in Danger: A player cannot move a Troop Tile if it would allow the
    opponent to capture his Duke Tile (or any tile acting as the Duke) in the next turn"; "Any
    tile(s) captured by a Terrain Tile are not considered to have been "captured by an
    opponent."": the Dragon is no opponent, so the test ignores it.

    Decision: the Duke may end on a square the Dragon's Move icons reach; taken between the
    turns, it wins nobody the game and its player plays on without a Duke (no more draws)."""
    # The Dragon on c3 facing right reaches d3, e3, c2 (its right hand) and c4.
    game = build(
        rules,
        ["a2 Duke 0", "f6 Duke 1", "e1 Footman 1", "a6 Footman 0"],
        bags=(["Footman"], []),
        dragon={"at": "c3", "facing": "right"},
    )
    legal = notations(game)
    assert "a2-c2" in legal  # the Dragon's square to take
    assert "a2-e2" not in legal  # the opponent's: the Footman on e1 could take it
    play(game, "a2-c2")
    assert game.last_events == ["Dragon c3-c2", "Dragon captures Duke on c2"]
    assert game.duke[0] == -1 and game.result is None
    play(game, "f6-e6")
    assert game.result is None
    assert notations(game) == ["a6-a5", "a6-b6"]  # no Duke: no draw, yet play goes on


def test_the_duke_danger_test_sees_the_board_before_the_dragon_acts(rules: Rules) -> None:
    """ "In between each player's turn the dragon may act of its own accord; i.e. after one
    player has fully finished his turn and before the other player starts": the Duke-danger
    test judges the board the player's action leaves, before the Dragon acts.

    Decision: what the Dragon then does is not foreseen, either way. A move that leaves the Duke
    to an enemy tile is refused even where the Dragon would take that tile; a move that leaves
    the Duke safe is allowed even where the Dragon, moving off a line, opens it to the
    opponent, who then wins by taking the Duke. A push of the Dragon onto the Duke is the
    opponent's own action: the Duke may not be left where he could make it."""
    # The Footman on e3 is the Dragon's only target, yet the Duke may not go where it reaches.
    attacker_taken = build(
        rules,
        ["a2 Duke 0", "f6 Duke 1", "e3 Footman 1", "a6 Footman 0"],
        dragon={"at": "c3", "facing": "right"},
    )
    assert dragon.targets(attacker_taken) == [rules.geometry.parse("e3")]
    assert "a2-e2" not in notations(attacker_taken)
    assert "a2-d2" in notations(attacker_taken)
    # The Dragon on c2 stands between the Dukes; the Footman moved to c3 draws it off rank 2.
    line_opened = build(
        rules,
        ["a2 Duke 0", "f2 Duke 1", "b3 Footman 0"],
        dragon={"at": "c2", "facing": "right"},
    )
    assert not line_opened.in_guard()
    # The Duke may not stop on b2: the opponent's Duke could push the Dragon onto it.
    assert [n for n in notations(line_opened) if n.startswith("a2")] == [
        "a2-c2 enrage away",
        "a2-c2 enrage home",
    ]
    play(line_opened, "b3-c3")
    assert line_opened.last_events == ["Dragon c2-c3", "Dragon captures Footman on c3"]
    assert line_opened.in_guard()
    play(line_opened, "f2xa2")
    assert line_opened.result is not None and line_opened.result.winner == 1
