"""Alternate objectives (rulebook pp. 10-12), each a game set of tiles/ declared as data."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.engine import Game, Rules, load_rules
from dukec.engine.game import Phase
from tests.expanded.conftest import build, notations, phase_of, play


@pytest.fixture(scope="module")
def coup(tileset: dict[str, Any]) -> Rules:
    return load_rules(tileset, "counting-coup")


@pytest.fixture(scope="module")
def trophy(tileset: dict[str, Any]) -> Rules:
    return load_rules(tileset, "trophy-hunters")


def _set_up(game: Game, rng: random.Random) -> None:
    while game.phase in (Phase.SETUP, Phase.DRAFT):
        assert game.play_random(rng)


# === Counting Coup ===


def test_counting_coup_flags_go_on_an_edge_last_set_up_first(coup: Rules) -> None:
    """ "Each player places a Flag Tile, after set-up, in any open square along any edge of the
    gameboard. The player who finished set-up last (see p. 2) places his Flag Tile first\""""
    game = Game(coup, seed=1)
    _set_up(game, random.Random(1))
    assert phase_of(game) is Phase.FLAGS and game.to_move == 1
    squares = {a.to for a in game.legal_actions()}
    geometry = coup.geometry
    assert all(geometry.coords(s)[0] in (0, 5) or geometry.coords(s)[1] in (0, 5) for s in squares)
    edge = {
        s
        for s in range(36)
        if (geometry.coords(s)[0] in (0, 5) or geometry.coords(s)[1] in (0, 5))
        and game.board[s] < 0
    }
    assert squares == edge
    game.apply(game.legal_actions()[0])
    assert game.to_move == 0 and phase_of(game) is Phase.FLAGS
    game.apply(game.legal_actions()[0])
    assert phase_of(game) is Phase.PLAY and game.to_move == 0
    assert sorted(f.owner for f in game.flags) == [0, 1]


COUP = ["c1 Duke 0", "f6 Duke 1", "b3 Footman 0", "c2 Footman 0", "e5 Footman 1"]
COUP_FLAGS: dict[str, Any] = {"flags": [{"at": "c4", "owner": 1}, {"at": "a6", "owner": 0}]}


def test_counting_coup_scores_beside_the_flag_and_the_owner_may_move_it(coup: Rules) -> None:
    """ "Score 1 point for ending a move in a square sharing a side with the square occupied by
    the opponent's Flag Tile ...; "kitty-corners" do not count. After the point is scored, the
    owner of the Flag may immediately move that tile to any square sharing a side with one of the
    Troop Tiles he controls, and then takes his standard turn.\""""
    game = build(coup, COUP, **COUP_FLAGS)
    play(game, "c2-c3")  # beside c4
    assert game.scores == [1, 0]
    assert phase_of(game) is Phase.RELOCATE and game.to_move == 1
    legal = notations(game)
    assert "flag stays" in legal and "flag c4-e4" in legal and "flag c4-f5" in legal
    play(game, "flag c4-e4")
    assert phase_of(game) is Phase.PLAY and game.to_move == 1
    play(game, "e5-e6")
    play(game, "b3-b4")  # beside c4, where the Flag no longer is
    assert game.scores == [1, 0]


def test_counting_coup_no_point_for_a_kitty_corner_or_a_strike(coup: Rules) -> None:
    """ ""kitty-corners" do not count"; "No points are scored for Troop Tiles that begin a turn
    in a square that shares a side with the opponent's Flag Tile square (even if a Troop Tile
    uses the Strike or Command icon and flips at the end of its move).\""""
    corner = build(coup, ["c1 Duke 0", "f6 Duke 1", "a3 Footman 0", "e5 Footman 1"], **COUP_FLAGS)
    play(corner, "a3-b3")  # b3 touches c4 only at a corner
    assert corner.scores == [0, 0]
    strike = build(
        coup,
        ["c1 Duke 0", "f6 Duke 1", "c3 Bowman 0 back", "d4 Footman 1", "e5 Footman 1"],
        **COUP_FLAGS,
    )
    play(strike, "c3!d4")  # the Bowman began the turn beside the Flag
    assert strike.scores == [0, 0]


def test_counting_coup_placement_scores_and_three_points_win(coup: Rules) -> None:
    """ "Placing a new Troop Tile on the board in a square that shares a side with the Flag Tile
    square does score a point"; "A player wins immediately upon scoring 3 points.\""""
    game = build(
        coup,
        ["c3 Duke 0", "f6 Duke 1", "e5 Footman 1"],
        bags=(["Footman"], []),
        scores=[2, 0],
        **COUP_FLAGS,
    )
    play(game, "draw")
    play(game, "b3")  # not beside c4
    assert game.result is None
    game = build(
        coup,
        ["c3 Duke 0", "f6 Duke 1", "e5 Footman 1"],
        bags=(["Footman"], []),
        scores=[2, 0],
        **COUP_FLAGS,
    )
    play(game, "draw")
    play(game, "d3")  # d3 touches c4 only at a corner
    assert game.result is None
    game = build(
        coup,
        ["c2 Duke 0", "f6 Duke 1", "e5 Footman 1"],
        bags=(["Footman"], []),
        scores=[2, 0],
        **COUP_FLAGS,
    )
    play(game, "draw")
    play(game, "c3")  # beside c4
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason.value == "score"


def test_counting_coup_cannot_enter_the_opponents_flag(coup: Rules) -> None:
    """ "A player cannot enter the square occupied by an opponent's Flag Tile.\""""
    game = build(coup, ["c1 Duke 0", "f6 Duke 1", "c3 Footman 0"], **COUP_FLAGS)
    assert "c3-c4" not in notations(game)


def test_where_the_duke_wins_nothing_it_may_be_left_in_danger(coup: Rules, study: Rules) -> None:
    """ "If a player's Duke is captured, that player cannot place any new Troop Tiles on the
    gameboard; players do not win by capturing the Duke, however."

    Decision: a Duke whose capture wins nothing can be captured in play, so the Duke-danger rule
    does not hold in such a set; a move that leaves it capturable is legal."""
    position = ["c1 Duke 0", "a2 Footman 0", "c2 Footman 1", "f6 Duke 1"]
    guarded = build(coup, position)
    assert guarded.in_guard()
    assert "a2-a3" in notations(guarded)
    standard = build(study, position)  # where capturing the Duke wins
    assert standard.in_guard()
    assert "a2-a3" not in notations(standard)


def test_counting_coup_duke_capture_does_not_win_losing_every_tile_does(coup: Rules) -> None:
    """ "If a player's Duke is captured, that player cannot place any new Troop Tiles on the
    gameboard; players do not win by capturing the Duke"; "If a player has all of his pieces
    captured, he automatically loses.\""""
    game = build(
        coup,
        ["c1 Duke 0", "a2 Footman 0", "c2 Duke 1 back", "a5 Footman 1"],
        to_move=1,
        bags=(["Footman"], []),
    )
    play(game, "c2xc1")
    assert game.result is None and game.duke[0] == -1
    assert "draw" not in notations(game)
    last = build(coup, ["c1 Duke 0", "c2 Duke 1 back"], to_move=1)
    play(last, "c2xc1")
    assert last.result is not None and last.result.winner == 1
    assert last.result.reason.value == "no tiles left"


# === Trophy Hunters ===


def test_trophy_hunters_flags_on_the_home_edges(trophy: Rules) -> None:
    """ "Each player places a Flag Tile, after set-up, in any open square on the opponent's home
    edge. The player who finished set-up last (see p. 2) places his Flag Tile first".

    Decision: the Flag placed on a home edge is the Flag of that edge's player, the one he
    defends: the winner carries "his opponent's Flag Tile to any square along his own edge", and
    the example's Flag travels toward the winner's edge, so it cannot start there."""
    game = Game(trophy, seed=2)
    _set_up(game, random.Random(2))
    assert phase_of(game) is Phase.FLAGS and game.to_move == 1
    assert all(trophy.geometry.coords(a.to)[1] == 0 for a in game.legal_actions())
    game.apply(game.legal_actions()[0])
    assert all(trophy.geometry.coords(a.to)[1] == 5 for a in game.legal_actions())
    game.apply(game.legal_actions()[0])
    owners = {trophy.geometry.coords(f.square)[1]: f.owner for f in game.flags}
    assert owners == {0: 0, 5: 1}
    assert game.result is None


def test_trophy_hunters_example(trophy: Rules) -> None:
    """The p. 11 example, Joshua (first player) against Frank, on a board rebuilt from the text.
    "the first thing Joshua does is move his Footman Tile into the square occupied by the Flag
    Tile"; "Frank, to stop Joshua from moving his Knight next to the Footman, wants to eliminate
    the Knight Tile. He could use his Pikeman, but that would put it in danger of capture by
    Joshua's Footman next turn. Instead ... he uses the Strike icon of the Bowman ... and
    captures Joshua's Knight Tile"; "he moves the Wizard adjacent to the Footman"; "Frank's not
    in a position to use a Strike icon against the Footman, nor can he move into the square to
    capture the Footman while the Flag is there, so ... Frank ... moves his Pikeman"; "Joshua
    moves the Flag Tile from underneath the Footman Tile to underneath the Wizard Tile"; "he uses
    the Strike icon from the Pikeman to capture the Wizard ..., leaving his Flag Tile by itself in
    a square"; "he's several turns from being able to move Frank's Flag Tile the one last square
    needed to hit his home edge and win the game.\""""
    game = build(
        trophy,
        [
            "f1 Duke 0",
            "c4 Footman 0",
            "b4 Knight 0",
            "d1 Wizard 0",
            "f6 Duke 1",
            "a5 Bowman 1 back",
            "c5 Pikeman 1",
        ],
        flags=[{"at": "c3", "owner": 1}, {"at": "a1", "owner": 0}],
    )
    square = trophy.geometry.parse
    play(game, "c4-c3")
    assert game.flags[0].square == square("c3")
    # Joshua's Knight could step next to the Footman (b4-c4); Frank's Pikeman could take it ...
    assert "c5xb4" in notations(game)
    game.apply(
        next(a for a in game.legal_actions() if a.frm == square("c5") and a.to == square("b4"))
    )
    assert "c3xb4" in notations(game)  # ... and be taken by the Footman next turn.
    game.undo()
    play(game, "a5!b4")
    assert game.captured[0] == [trophy.type_named("Knight")]
    play(game, "d1-c2")
    frank = notations(game)
    assert not [n for n in frank if n.endswith("c3")]  # no capture of the Footman on the Flag
    play(game, "c5-d4")
    play(game, "flag c3-c2")
    assert game.flags[0].square == square("c2")
    play(game, "d4!c2")
    c2 = square("c2") or 0
    assert game.flags[0].square == c2 and game.board[c2] < 0
    assert game.result is None
    assert trophy.geometry.coords(c2)[1] == 1  # one square from Joshua's home edge


def test_trophy_hunters_win_at_the_home_edge_and_own_flag_barred(trophy: Rules) -> None:
    """ "A player wins immediately by moving his opponent's Flag Tile to any square along his own
    edge"; "A player cannot pick up or move his own Flag Tile\""""
    game = build(
        trophy,
        ["f1 Duke 0", "c2 Footman 0", "a2 Footman 0", "f6 Duke 1"],
        flags=[{"at": "c2", "owner": 1}, {"at": "a1", "owner": 0}],
    )
    legal = notations(game)
    assert "a2-a1" not in legal  # his own Flag
    play(game, "c2-c1")
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason.value == "flag home"


# === Dark Rider ===


def test_dark_rider(tileset: dict[str, Any]) -> None:
    """ "One player selects 4 Pikeman ... and places them in any squares of his edge"; "the
    opponent places a single Knight Tile in any square along his edge of the gameboard and then
    takes the first turn"; "The Pikeman player immediately wins by capturing the Knight, or by
    moving three of his Pikeman Tiles into squares on his opponent's edge"; "Once a Pikeman Tile
    reaches the opponent's edge, it is frozen and cannot be moved or captured"; "The Knight
    player immediately wins by capturing three or more Pikeman Tiles.\""""
    rules = load_rules(tileset, "dark-rider")
    game = Game(rules, seed=0)
    rng = random.Random(0)
    for _ in range(4):
        assert game.to_move == 0
        game.play_random(rng)
    assert game.to_move == 1 and phase_of(game) is Phase.SETUP
    game.play_random(rng)
    assert phase_of(game) is Phase.PLAY and game.to_move == 1  # the Knight moves first
    knight = build(
        rules,
        ["c3 Knight 1", "c4 Pikeman 0", "a1 Pikeman 0"],
        to_move=1,
        captured=[["Pikeman", "Pikeman"], []],
    )
    play(knight, "c3xc4")
    assert knight.result is not None and knight.result.winner == 1
    assert knight.result.reason.value == "captured tiles"
    rider = build(rules, ["c3 Knight 1", "b4 Pikeman 0", "a1 Pikeman 0"])
    play(rider, "a1xc3")
    assert rider.result is not None and rider.result.winner == 0
    edge = build(rules, ["a6 Pikeman 0", "b6 Pikeman 0", "c5 Pikeman 0 back", "f2 Knight 1"])
    play(edge, "c5-c6")
    assert edge.result is not None and edge.result.winner == 0
    assert edge.result.reason.value == "reached edge"
    frozen = build(rules, ["a6 Pikeman 0", "b5 Knight 1 back", "f1 Pikeman 0"], to_move=1)
    frozen.settled.add(rules.geometry.parse("a6") or 0)
    assert not [n for n in notations(frozen) if n.endswith("a6")]


# === Dynastic Dispute ===


def test_dynastic_dispute_selection(tileset: dict[str, Any]) -> None:
    """The example: "Kristian ... chooses the Pikeman; Dawson takes his three Pikeman Tiles and
    places them in the box. Dawson then ... chooses the Wizard; Kristian remembers to place his
    Wizard in the box." ... "They each take one of their Footman Tiles and place it in their bag.
    Then Kristian sets up his Duke and two Footman Tiles first, followed by Dawson, who then
    starts the game by taking the first turn."

    Decision: the first player selects first (who that is was determined at random by taking
    seats)."""
    rules = load_rules(tileset, "dynastic-dispute")
    game = Game(rules, seed=0)
    picks = [
        "Pikeman", "Wizard", "Champion", "Bowman", "Seer", "Priest", "Knight",
        "General", "Marshall", "Longbowman", "Assassin", "Dragoon", "Ranger",
    ]  # fmt: skip
    for number, name in enumerate(picks):
        assert phase_of(game) is Phase.DRAFT and game.to_move == number % 2
        play(game, f"draft {name}")
    names = [[rules.types[t].name for t in bag] for bag in game.bags]
    first = "Footman Pikeman Pikeman Pikeman Champion Seer Knight Marshall Assassin Ranger"
    assert sorted(names[0]) == sorted(first.split())
    assert sorted(names[1]) == sorted(
        ["Footman", "Wizard", "Bowman", "Priest", "General", "Longbowman", "Dragoon"]
    )
    assert phase_of(game) is Phase.SETUP and game.to_move == 0
    _set_up(game, random.Random(0))
    assert phase_of(game) is Phase.PLAY and game.to_move == 1
    total = [len(game.bags[o]) + len(game.boxed[o]) + len(game.pieces[o]) for o in (0, 1)]
    assert total == [19, 19]


def test_dark_rider_a_pikeman_on_the_far_edge_stays(tileset: dict[str, Any]) -> None:
    """ "Once a Pikeman Tile reaches the opponent's edge, it is frozen and cannot be moved or
    captured for the rest of the game.\""""
    rules = load_rules(tileset, "dark-rider")
    game = build(rules, ["c5 Pikeman 0 back", "a1 Pikeman 0", "f2 Knight 1"])
    play(game, "c5-c6")
    c6 = rules.geometry.parse("c6")
    assert c6 in game.settled
    play(game, "f2-e2")
    assert not [n for n in notations(game) if n.startswith("c6")]
    # Without the rule (a plain set) the same Pikeman could move on.
    study = load_rules(tileset, "mountain").with_expanded()
    free = build(study, ["c6 Pikeman 0 back", "a1 Duke 0", "f4 Duke 1"])
    assert [n for n in notations(free) if n.startswith("c6")]
