"""The packs' state in keys, positions and perft: the Zobrist key kept through apply and undo
equals the key from scratch on every pack set, every position of random games of the packs
reads back from its JSON to the same state, and perft counts what the packs add by hand."""

from __future__ import annotations

import random

import pytest

from dukec.engine import Game, load_rules, position_from_json, position_to_json
from dukec.engine.game import Phase
from dukec.engine.perft import perft
from dukec.engine.zobrist import zobrist_for
from tests.engine.test_zobrist import _walk
from tests.expanded.conftest import build, pack
from tests.expanded.test_pack_games import PACK_SETS


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_incremental_key_equals_key_from_scratch(name: str, game_set: str) -> None:
    rules = load_rules(pack(name), game_set)
    for seed in range(3):
        game = Game(rules, seed=seed, ply_limit=200)
        assert _walk(game, random.Random(seed), 250) > 100


#: What a position holds of a game: the base game's state and the packs' parts.
_FIELDS = (
    "board",
    "bags",
    "to_move",
    "phase",
    "setup_index",
    "drawn",
    "terrain",
    "turned",
    "spares",
    "setup_tiles",
    "pool",
)


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_every_position_of_random_games_reads_back(name: str, game_set: str) -> None:
    """Each position, in every phase (the swaps before play, set-up, play, a placement), is
    written to JSON and read back to the same state, legal actions and key."""
    rules = load_rules(pack(name), game_set)
    numbers = zobrist_for(rules)
    phases = set()
    for seed in range(3):
        game = Game(rules, seed=seed, ply_limit=120)
        rng = random.Random(seed)
        while game.result is None:
            phases.add(game.phase)
            data = position_to_json(game)
            again = position_from_json(rules, data, seed=seed)
            for field in _FIELDS:
                assert getattr(again, field) == getattr(game, field), field
            for field in ("captured", "boxed", "swapped"):  # as a position lists them
                assert [sorted(t) for t in getattr(again, field)] == [
                    sorted(t) for t in getattr(game, field)
                ], field
            assert again.legal_actions() == game.legal_actions()
            assert numbers.key(again) == numbers.key(game)
            if not game.play_random(rng):
                break
    assert {Phase.SETUP, Phase.PLAY, Phase.PLACING} <= phases


def test_a_swap_on_draw_doubles_the_placements_perft_counts() -> None:
    """Perft at depth 1 of a placement of a drawn Champion with Conan beside the board: the
    three squares beside the Duke, each for the Champion and for Conan (counted by hand)."""
    rules = load_rules(pack("robert-e-howard"), "robert-e-howard-draw")
    game = build(rules, ["c1 Duke 0", "d6 Duke 1"], drawn="Champion")
    assert perft(game, 1) == 6
    game = build(rules, ["c1 Duke 0", "d6 Duke 1"], drawn="Champion", spares=[])
    assert perft(game, 1) == 3


def test_camelot_adds_its_commands_to_perft() -> None:
    """Lancelot alone on Camelot with a Footman on b3: his own actions, and the Footman's, and
    the seven granted Commands of the Footman to the empty ring squares and onto the enemy."""
    rules = load_rules(pack("arthurian-legends"), "arthurian-legends")
    tiles = ["c1 Arthur 0", "d6 Morgana 1", "c3 Lancelot 0", "b3 Footman 0", "d4 Footman 1"]
    with_camelot = build(rules, tiles, terrain=[{"tile": "Camelot", "at": "c3"}])
    with_fort = build(rules, tiles, terrain=[{"tile": "Fort", "at": "c3"}])
    assert perft(with_camelot, 1) == perft(with_fort, 1) + 7
