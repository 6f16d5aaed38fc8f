"""The packs' armies and win conditions (../shared/rulebook/expansions.md, "New win conditions"
and "Asymmetric armies"): several targets, those in play, a side with no Duke."""

from __future__ import annotations

import random

import pytest

from dukec.engine import Game, Reason, Rules, load_rules
from dukec.engine.game import Phase
from tests.expanded.conftest import build, notations, pack, phase_of, play


@pytest.fixture(scope="module")
def legends() -> Rules:
    return load_rules(pack("arthurian-legends"), "arthurian-legends")


@pytest.fixture(scope="module")
def hood() -> Rules:
    return load_rules(pack("robin-hood"), "robin-hood")


@pytest.fixture(scope="module")
def musketeers() -> Rules:
    return load_rules(pack("musketeers"), "musketeers")


def _reason(game: Game) -> Reason | None:
    result = game.result
    return result.reason if result is not None else None


# === Arthurian Legends ===


def test_morgana_falling_with_mordred_on_the_board_wins_nothing_yet(legends: Rules) -> None:
    """ "The Arthur player must capture Morgana, and also Mordred if Mordred is on the board
    before Morgana falls" """
    tiles = ["a1 Arthur 0", "c3 Champion 0", "c5 Morgana 1", "f6 Mordred 1", "a6 Footman 1"]
    game = build(legends, tiles)
    play(game, "c3xc5")
    assert game.result is None and game.duke[1] < 0
    assert game.legal_actions()  # her player plays on, without a Duke
    # Mordred is taken: nothing of Morgana's and Mordred's is left on the board.
    game = build(
        legends,
        ["a1 Arthur 0", "e4 Champion 0", "e6 Mordred 1", "a6 Footman 1"],
        captured=[[], ["Morgana"]],
    )
    play(game, "e4-e6")
    assert game.result is not None and game.result.winner == 0
    assert _reason(game) is Reason.CAPTURED_TILES


def test_morgana_falling_with_mordred_still_in_the_bag_wins_at_once(legends: Rules) -> None:
    """Mordred in the bag is not on the board "before Morgana falls": capturing her wins (no
    tile can be placed once she is gone)."""
    game = build(legends, ["a1 Arthur 0", "c3 Champion 0", "c5 Morgana 1"], bags=([], ["Mordred"]))
    play(game, "c3xc5")
    assert game.result is not None and game.result.winner == 0
    assert _reason(game) is Reason.CAPTURED_TILES


def test_mordred_taken_first_then_morgana_wins(legends: Rules) -> None:
    game = build(
        legends,
        ["a1 Arthur 0", "c3 Champion 0", "c5 Morgana 1", "f6 Footman 1"],
        captured=[[], ["Mordred"]],
    )
    play(game, "c3xc5")
    assert _reason(game) is Reason.CAPTURED_TILES


def test_the_morgana_player_wins_by_capturing_arthur(legends: Rules) -> None:
    """ "the Morgana player wins by capturing Arthur." """
    game = build(
        legends, ["c3 Arthur 0", "f1 Footman 0", "c5 Champion 1", "f6 Morgana 1"], to_move=1
    )
    play(game, "c5xc3")
    assert game.result is not None and game.result.winner == 1
    assert _reason(game) is Reason.DUKE_CAPTURED


def test_arthur_and_morgana_stand_in_for_the_dukes(legends: Rules) -> None:
    """ "Arthur and Morgana stand in for the Dukes" (Guard and Duke danger apply to them), and
    "Morgana and Mordred have Escape (ability III)\"."""
    game = build(legends, ["c1 Arthur 0", "c3 Champion 1", "f6 Morgana 1"])
    assert game.in_guard(0)
    for action in game.legal_actions():
        game.apply(action)
        assert not game.in_guard(0)
        game.undo()
    assert {legends.types[legends.type_named(n)].abilities for n in ("Morgana", "Mordred")} == {
        ("escape",)
    }


# === Robin Hood ===


def test_robin_hood_must_take_every_one_of_those_in_play(hood: Rules) -> None:
    """ "the Robin Hood player must capture Prince John, the Sheriff and Sir Guy, those of them
    that are in play." """
    tiles = ["a1 Robin_Hood 0", "c3 Champion 0", "c5 Prince_John 1", "f5 Sheriff 1"]
    game = build(hood, tiles, bags=([], ["Sir_Guy"]))
    play(game, "c3xc5")
    assert game.result is None
    game = build(
        hood,
        ["a1 Robin_Hood 0", "f3 Champion 0", "f5 Sheriff 1"],
        bags=([], ["Sir_Guy"]),
        captured=[[], ["Prince_John"]],
    )
    play(game, "f3-f5")
    assert game.result is not None and game.result.winner == 0
    assert _reason(game) is Reason.CAPTURED_TILES


def test_the_prince_john_player_wins_by_capturing_robin_hood(hood: Rules) -> None:
    """ "the Prince John player wins by capturing Robin Hood" """
    game = build(
        hood, ["c3 Robin_Hood 0", "f1 Footman 0", "c5 Champion 1", "f6 Prince_John 1"], to_move=1
    )
    play(game, "c5xc3")
    assert _reason(game) is Reason.DUKE_CAPTURED


# === The Musketeers ===


def test_the_musketeer_player_chooses_three_of_the_four(musketeers: Rules) -> None:
    """ "the musketeer player starts with any three of the four musketeers on the board (one on
    a centre home square, two fully adjacent) and no Duke" (the fourth stays in the bag)."""
    game = Game(musketeers, seed=2)
    assert phase_of(game) is Phase.SETUP
    assert notations(game) == [
        "Aramis@c1",
        "Aramis@d1",
        "Athos@c1",
        "Athos@d1",
        "Dartagnan@c1",
        "Dartagnan@d1",
        "Porthos@c1",
        "Porthos@d1",
    ]
    play(game, "Athos@d1")
    assert notations(game) == [
        "Aramis@c1",
        "Aramis@d2",
        "Aramis@e1",
        "Dartagnan@c1",
        "Dartagnan@d2",
        "Dartagnan@e1",
        "Porthos@c1",
        "Porthos@d2",
        "Porthos@e1",
    ]
    play(game, "Porthos@d2")
    play(game, "Aramis@c1")
    names = {musketeers.types[t].name for t in game.bags[0]}
    assert "Dartagnan" in names and not names & {"Athos", "Porthos", "Aramis"}
    assert game.duke[0] < 0
    rng = random.Random(2)
    while game.phase is not Phase.PLAY:
        assert game.play_random(rng)
    assert game.duke[0] < 0 and game.duke[1] >= 0


def test_with_no_duke_drawn_tiles_go_beside_a_musketeer(musketeers: Rules) -> None:
    """Decided (docs/rules.md): the musketeer player places a drawn tile on a square sharing a
    side with one of his musketeers."""
    tiles = ["c3 Athos 0", "a1 Footman 0", "f6 Richelieu 1"]
    game = build(musketeers, tiles, bags=(["Knight"], []))
    assert "draw" in notations(game)
    game = build(musketeers, tiles, drawn="Knight")
    assert notations(game) == ["Knight@b3", "Knight@c2", "Knight@c4", "Knight@d3"]
    game = build(musketeers, ["a1 Footman 0", "f6 Richelieu 1"], bags=(["Knight"], []))
    assert "draw" not in notations(game)


def test_the_other_player_wins_by_capturing_every_musketeer_on_the_board(
    musketeers: Rules,
) -> None:
    """ "the other player wins by capturing every musketeer on the board" (the fourth, still in
    the bag, is not on the board); "The musketeer player wins by capturing Richelieu" """
    tiles = ["c3 Athos 0", "a1 Footman 0", "c5 Champion 1", "f6 Richelieu 1"]
    game = build(
        musketeers, tiles, to_move=1, bags=(["Dartagnan"], []), captured=[["Porthos", "Aramis"], []]
    )
    play(game, "c5xc3")
    assert game.result is not None and game.result.winner == 1
    assert _reason(game) is Reason.CAPTURED_TILES
    game = build(musketeers, ["c4 Athos 0", "c5 Richelieu 1", "f6 Footman 1"])
    play(game, "c4xc5")
    assert game.result is not None and game.result.winner == 0
    assert _reason(game) is Reason.DUKE_CAPTURED
