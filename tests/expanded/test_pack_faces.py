"""Two-sided terrain and terrain that grants icons: Camelot, the Fort's other face
(../shared/rulebook/expansions.md, "New terrain behaviour")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dukec.engine import Game, Rules, load_rules, position_from_json, position_to_json
from dukec.engine.actions import GRANT
from tests.expanded.conftest import build, notations, pack, play


@pytest.fixture(scope="module")
def legends() -> Rules:
    return load_rules(pack("arthurian-legends"), "arthurian-legends")


CAMELOT: dict[str, Any] = {"terrain": [{"tile": "Camelot", "at": "c3"}]}
RING = ["c1 Arthur 0", "d6 Morgana 1", "b3 Footman 0", "d4 Footman 1"]


def _granted(game: Game) -> list[str]:
    return [n for n in notations(game) if n.endswith(" granted")]


def _lying(game: Game, square: str) -> str:
    at = game.rules.geometry.parse(square)
    assert at is not None
    kind = game.terrain_type(at)
    return kind.name if kind is not None else ""


def test_a_legend_tile_on_camelot_commands_the_eight_squares_around(legends: Rules) -> None:
    """ "While one of the Arthur player's legend tiles (Arthur, Lancelot, Guinevere, Perceval,
    Merlin) stands on Camelot, it grants that tile Command over the 8 squares around
    Camelot.\""""
    game = build(legends, [*RING, "c3 Lancelot 0"], **CAMELOT)
    assert _granted(game) == [
        "c3:b3-b2 granted",
        "c3:b3-b4 granted",
        "c3:b3-c2 granted",
        "c3:b3-c4 granted",
        "c3:b3-d2 granted",
        "c3:b3-d3 granted",
        "c3:b3xd4 granted",
    ]


@pytest.mark.parametrize("tile", ["Footman 0", "Footman 1", "Champion 1"])
def test_only_a_legend_tile_gets_the_command(legends: Rules, tile: str) -> None:
    """A tile of no legend class standing on Camelot, of either player, is granted nothing."""
    game = build(legends, [*RING, f"c3 {tile}"], to_move=int(tile[-1]), **CAMELOT)
    assert _granted(game) == []


def test_using_it_turns_camelot_to_the_fort_and_the_tile_stays_as_it_is(legends: Rules) -> None:
    """ "Using it: the tile on Camelot does not flip; Camelot flips to its Fort face, and its
    Command is gone.\""""
    game = build(legends, [*RING, "c3 Lancelot 0"], **CAMELOT)
    play(game, "c3:b3xd4 granted")
    c3 = legends.geometry.parse("c3")
    assert c3 is not None
    assert game.tile_at(c3) == (legends.type_named("Lancelot"), 0, 0)  # front still up
    assert _lying(game, "c3") == "Fort"
    assert "c3 turns to Fort" in game.last_events
    play(game, "d6-e6")
    assert _granted(game) == []
    data = position_to_json(game)
    assert data["terrain"] == [{"tile": "Fort", "at": "c3"}]
    assert data["turned"] == [{"tile": "Camelot", "at": "c3"}]
    assert position_from_json(legends, data).state_key() == game.state_key()


def test_when_the_occupant_leaves_the_tile_turns_back_to_camelot(legends: Rules) -> None:
    """ "When the occupant leaves, the tile turns back to Camelot." """
    game = build(legends, [*RING, "c3 Lancelot 0"], **CAMELOT)
    play(game, "c3:b3xd4 granted")
    play(game, "d6-e6")
    play(game, "c3-c2")
    assert _lying(game, "c3") == "Camelot"
    assert "c3 turns to Camelot" in game.last_events
    game.undo()
    assert _lying(game, "c3") == "Fort"


def test_an_occupant_captured_there_has_left_it(legends: Rules) -> None:
    """Decided (docs/rules.md): the occupant captured on the Fort face has left it, so the tile
    turns back to Camelot, and the capturer is its new occupant."""
    tiles = ["c1 Arthur 0", "f6 Morgana 1", "c3 Lancelot 0", "b3 Footman 0", "c4 Footman 1"]
    game = build(legends, tiles, **CAMELOT)
    play(game, "c3:b3-b4 granted")
    assert _lying(game, "c3") == "Fort"
    play(game, "c4xc3")
    assert _lying(game, "c3") == "Camelot"


def test_a_granted_command_puts_the_duke_in_guard(legends: Rules) -> None:
    """Duke danger counts the granted Command ("A Command that could land an enemy tile on the
    Duke's square counts as danger", docs/rules.md): Morgana on the ring is in Guard."""
    tiles = ["a1 Arthur 0", "d4 Morgana 1", "c3 Lancelot 0", "b4 Footman 0"]
    game = build(legends, tiles, to_move=1, terrain=[{"tile": "Camelot", "at": "c3"}])
    assert game.in_guard(1)
    # Every legal action of hers leaves her out of the Command's reach or blocks it.
    for action in game.legal_actions():
        game.apply(action)
        assert not game.in_guard(1) or game.result is not None
        game.undo()


def test_the_tiles_own_command_is_its_own(legends: Rules) -> None:
    """Guinevere's own Command squares are hers: a command she can make without Camelot flips
    her and leaves Camelot as it is; only the others are granted."""
    tiles = ["a1 Arthur 0", "f6 Morgana 1", "c3 Guinevere 0", "b3 Footman 0"]
    game = build(legends, tiles, **CAMELOT)
    legal = notations(game)
    assert "c3:b3-d3" in legal and "c3:b3-d3 granted" not in legal
    assert "c3:b3-b4 granted" in legal
    play(game, "c3:b3-d3")
    assert _lying(game, "c3") == "Camelot"
    c3 = legends.geometry.parse("c3")
    assert c3 is not None and game.tile_at(c3) == (legends.type_named("Guinevere"), 1, 0)


def test_camelot_is_laid_on_the_two_middle_rows(legends: Rules) -> None:
    """ "placed at random on a square of the two middle rows" """
    squares = set()
    for seed in range(30):
        game = Game(legends, seed=seed)
        rng = random.Random(seed)
        while game.ply == 0 and game.play_random(rng):
            pass
        squares |= {s for s, index in enumerate(game.terrain) if index >= 0}
    assert {legends.geometry.coords(s)[1] for s in squares} == {2, 3}
    assert len(squares) > 6


def test_random_games_use_camelot_and_undo_it_exactly(legends: Rules) -> None:
    """In random games the granted Command is used, Camelot turns and turns back, and every
    action taken back restores the state exactly."""
    used = turned_back = 0
    for seed in range(40):
        game = Game(legends, seed=seed, ply_limit=300)
        rng = random.Random(seed)
        while True:
            action = game.random_action(rng)
            if action is None:
                break
            before = game.state_key()
            game.apply(action)
            events = game.last_events
            used += action.kind == GRANT
            turned_back += any(e.endswith("turns to Camelot") for e in events)
            game.undo()
            assert game.state_key() == before
            game.apply(action)
    assert used > 10 and turned_back > 10
