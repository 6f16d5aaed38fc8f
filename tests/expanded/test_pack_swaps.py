"""Pack tiles in place of base tiles (../shared/rulebook/expansions.md, "How the packs come into a
game"): swap on draw, the Robert E. Howard draft, City Troops' mix and match."""

from __future__ import annotations

import random

import pytest

from dukec.engine import Game, Rules, load_rules, position_from_json, position_to_json
from dukec.engine.game import Phase
from tests.expanded.conftest import build, notations, pack, phase_of, play


@pytest.fixture(scope="module")
def draw() -> Rules:
    return load_rules(pack("robert-e-howard"), "robert-e-howard-draw")


@pytest.fixture(scope="module")
def draft() -> Rules:
    return load_rules(pack("robert-e-howard"), "robert-e-howard-draft")


@pytest.fixture(scope="module")
def choice() -> Rules:
    return load_rules(pack("city-troops"), "city-troops")


DUKES = ["c1 Duke 0", "d6 Duke 1"]


def _names(rules: Rules, tiles: list[int]) -> list[str]:
    return sorted(rules.types[t].name for t in tiles)


# === Swap on draw ===


def test_a_drawn_base_tile_may_be_placed_as_its_pack_tile(draw: Rules) -> None:
    """ "When a player draws from the bag a base tile that a pack tile replaces, that player may
    at once put the pack tile in its place (the base tile leaves the game) or keep the base
    tile\""""
    game = build(draw, DUKES, bags=(["Knight"], ["Knight"]), drawn="Champion")
    assert notations(game) == [
        "Champion@b1",
        "Champion@c2",
        "Champion@d1",
        "Conan@b1",
        "Conan@c2",
        "Conan@d1",
    ]
    play(game, "Conan@c2")
    c2 = draw.geometry.parse("c2")
    assert c2 is not None and game.tile_at(c2) == (draw.type_named("Conan"), 0, 0)
    assert _names(draw, game.boxed[0]) == ["Champion"]
    assert _names(draw, game.swapped[0]) == ["Conan"]
    assert _names(draw, game.spares) == ["Agnes", "Kull", "Solomon_Kane"]
    assert phase_of(game) is Phase.PLAY and game.to_move == 1


def test_a_pack_tile_taken_is_no_longer_there_for_the_other_player(draw: Rules) -> None:
    """ "One player may end up with every pack tile (the pack holds one copy of each, shared by
    both players)." """
    game = build(draw, DUKES, drawn="Champion")
    play(game, "Conan@c2")
    again = build(draw, DUKES, to_move=1, drawn="Champion", spares=[])
    assert all(name.startswith("Champion@") for name in notations(again))
    # The position says what is left beside the board: the game just played, as it stands.
    data = position_to_json(game)
    assert data["spares"] == ["Agnes", "Kull", "Solomon_Kane"]
    assert data["swapped"] == [["Conan"], []]
    assert position_from_json(draw, data).state_key() == game.state_key()


def test_a_tile_kept_when_drawn_is_never_swapped_later(draw: Rules) -> None:
    """ "a tile not swapped when drawn can never be swapped later": the base tile placed as it
    is stays a base tile (no action swaps it), and its pack tile stays beside the board for a
    later draw of a tile it replaces."""
    game = build(draw, DUKES, bags=(["Knight"], ["Knight"]), drawn="Champion")
    play(game, "Champion@c2")
    assert _names(draw, game.spares) == ["Agnes", "Conan", "Kull", "Solomon_Kane"]
    assert not any(a.kind > 4 for a in game.legal_actions())
    play(game, "d6-e6")
    assert not any(name.startswith("Conan") for name in notations(game))
    other = build(draw, DUKES, to_move=1, drawn="Champion", spares=["Conan"])
    assert "Conan@d5" in notations(other)


def test_a_tile_no_pack_tile_replaces_is_placed_as_it_is(draw: Rules) -> None:
    """Only a base tile that a pack tile replaces offers the swap."""
    game = build(draw, DUKES, drawn="Knight")
    assert notations(game) == ["Knight@b1", "Knight@c2", "Knight@d1"]


def test_random_games_swap_each_pack_tile_at_most_once(draw: Rules) -> None:
    """Every pack tile comes into play once at most, for whoever drew its base tile first and
    took it; each base tile it replaced is in that player's box."""
    swaps = 0
    for seed in range(12):
        game = Game(draw, seed=seed, ply_limit=400)
        rng = random.Random(seed)
        while game.play_random(rng):
            pass
        taken = game.swapped[0] + game.swapped[1]
        assert len(taken) == len(set(taken)) and not set(taken) & set(game.spares)
        assert sorted(taken + game.spares) == sorted(draw.expanded.swaps.pool)  # type: ignore[union-attr]
        for owner in (0, 1):
            replaced = sorted(dict(draw.expanded.swaps.pairs)[t] for t in game.swapped[owner])  # type: ignore[union-attr]
            assert sorted(game.boxed[owner]) == replaced
        swaps += len(taken)
    assert swaps > 0


# === The draft ===


def test_the_draft_picks_in_turn_the_first_player_first(draft: Rules) -> None:
    """ "Before play, a random player picks one pack tile, then the other, alternating until all
    are taken; each player removes the base tiles their picks replace and puts the picks in
    their bag." (The seats stand for the random player, as in Dynastic Dispute.)"""
    game = Game(draft, seed=3)
    assert phase_of(game) is Phase.SWAP and game.to_move == 0
    assert notations(game) == [
        "swap Agnes for Ranger",
        "swap Conan for Champion",
        "swap Kull for Wizard",
        "swap Solomon_Kane for Priest",
    ]
    play(game, "swap Kull for Wizard")
    assert game.to_move == 1 and "swap Kull for Wizard" not in notations(game)
    play(game, "swap Conan for Champion")
    play(game, "swap Agnes for Ranger")
    assert notations(game) == ["swap Solomon_Kane for Priest"]
    play(game, "swap Solomon_Kane for Priest")
    assert phase_of(game) is Phase.SETUP and game.to_move == 0
    geometry = draft.geometry
    for owner, picks, gone in (
        (0, ["Agnes", "Kull"], ["Ranger", "Wizard"]),
        (1, ["Conan", "Solomon_Kane"], ["Champion", "Priest"]),
    ):
        bag = _names(draft, game.bags[owner])
        assert set(picks) <= set(bag) and not set(gone) & set(bag)
        assert _names(draft, game.boxed[owner]) == gone
    assert geometry.size == 36


def test_a_draft_position_reads_back(draft: Rules) -> None:
    game = Game(draft, seed=3)
    play(game, "swap Kull for Wizard")
    data = position_to_json(game)
    assert data["phase"] == "swap" and data["pack"] == ["Agnes", "Conan", "Solomon_Kane"]
    again = position_from_json(draft, data, seed=3)
    assert again.state_key() == game.state_key()
    assert notations(again) == notations(game)


# === Mix and match ===


def test_a_choice_replaces_every_copy_the_starting_footmen_too(choice: Rules) -> None:
    """ "Before each player, independently, chooses which base tiles to replace by their City
    Troops counterparts; a player never has both versions of a tile, and where a tile has
    several copies all are replaced or none" (the two starting Footmen are copies: they count)."""
    game = Game(choice, seed=5)
    assert phase_of(game) is Phase.SWAP and game.to_move == 0
    assert notations(game) == ["keep Footman", "swap Militia for Footman"]
    play(game, "swap Militia for Footman")
    assert notations(game) == ["keep Assassin", "swap Thief for Assassin"]
    for text in ("keep Assassin", "swap Baron for Champion", "keep Longbowman"):
        play(game, text)
    # The second player chooses for his own army, as he likes.
    assert game.to_move == 1 and notations(game) == ["keep Footman", "swap Militia for Footman"]
    for text in (
        "keep Footman",
        "keep Assassin",
        "keep Champion",
        "swap Watch_Tower for Longbowman",
    ):
        play(game, text)
    assert phase_of(game) is Phase.SETUP
    rng = random.Random(5)
    while game.phase is Phase.SETUP:
        assert game.play_random(rng)
    on_board = {
        owner: sorted(
            choice.types[code >> 2].name for code in game.board if code >= 0 and code & 1 == owner
        )
        for owner in (0, 1)
    }
    assert on_board[0] == ["Duke", "Militia", "Militia"]
    assert on_board[1] == ["Duke", "Footman", "Footman"]
    bag0 = _names(choice, game.bags[0])
    assert "Militia" in bag0 and "Footman" not in bag0 and "Baron" in bag0
    assert "Champion" not in bag0 and "Assassin" in bag0
    assert _names(choice, game.boxed[0]) == ["Champion", "Footman", "Footman", "Footman"]
    bag1 = _names(choice, game.bags[1])
    assert "Watch_Tower" in bag1 and "Longbowman" not in bag1 and "Footman" in bag1


def test_a_choice_position_reads_back_in_set_up(choice: Rules) -> None:
    """Before set-up is done, the swaps made say which tiles the set-up still places."""
    game = Game(choice, seed=5)
    for text in ("swap Militia for Footman", "keep Assassin", "keep Champion", "keep Longbowman"):
        play(game, text)
    for _ in range(4):
        play(game, "keep " + notations(game)[0].split()[1])
    assert phase_of(game) is Phase.SETUP
    play(game, game.notation(game.legal_actions()[0]))  # the Duke
    data = position_to_json(game)
    assert data["swapped"] == [["Militia", "Militia", "Militia"], []]
    again = position_from_json(choice, data)
    assert again.state_key() == game.state_key()
    assert notations(again) == notations(game) and notations(game)[0].startswith("Militia@")
