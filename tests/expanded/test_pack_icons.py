"""The Siege Engines' and City Troops' icons, declared in their pack files and played by the
engine from the declarations (../shared/rulebook/expansions.md, "New movement icons"), on
hand-checked positions of the packs' own tiles."""

from __future__ import annotations

import pytest

from dukec.engine import Rules, load_rules
from tests.engine.conftest import notations_from
from tests.expanded.conftest import build, notations, pack, play

DUKES = ["a1 Duke 0", "f6 Duke 1"]


@pytest.fixture(scope="module")
def siege() -> Rules:
    return load_rules(pack("siege-engines"), "siege-engines")


@pytest.fixture(scope="module")
def city() -> Rules:
    return load_rules(pack("city-troops"), "city-troops")


def test_a_non_capture_move_or_jump_ends_on_an_empty_square_only(siege: Rules) -> None:
    """ "Non-capture Move / Jump (Siege Engines; read): as Move / Jump, except that the target
    square must be empty: the icon never captures, and cannot end on a friendly tile." The
    Battering Ram's front is all non-capture: a Move ahead, beside and behind, a Jump to the
    far diagonals."""
    game = build(siege, [*DUKES, "c3 Battering_Ram 0", "c4 Footman 1", "a5 Pikeman 1"])
    ram = notations_from(game, "c3")
    assert ram == [
        "c3-a3",
        "c3-b4",
        "c3-c2",
        "c3-d4",
        "c3-e3",
        "c3-e5",
    ]  # not c3xc4 nor c3xa5; c5 lies behind the Footman on c4
    game = build(siege, [*DUKES, "c3 Battering_Ram 0", "d4 Footman 0"])
    assert "c3-d4" not in notations_from(game, "c3")


def test_an_area_group_fires_at_once_on_friend_and_foe(siege: Rules) -> None:
    """ "Using any icon of the group uses all of them, on all their target squares; the player
    cannot choose a part of the group. Area-effect icons capture friendly and enemy tiles
    alike." The Trebuchet's back throws on b5, c5, d5 and c4."""
    tiles = [*DUKES, "c2 Trebuchet 0 back", "b5 Footman 1", "d5 Footman 0", "f1 Pikeman 1"]
    game = build(siege, tiles)
    strikes = [n for n in notations_from(game, "c2") if "!" in n]
    assert strikes == ["c2!siege"]  # one action for the group, no Strike of one square
    play(game, "c2!siege")
    for square in ("b5", "d5"):
        at = siege.geometry.parse(square)
        assert at is not None and game.tile_at(at) is None, square
    c2 = siege.geometry.parse("c2")
    assert c2 is not None and game.tile_at(c2) == (siege.type_named("Trebuchet"), 0, 0)


def test_an_area_group_with_nothing_to_capture_is_not_used(siege: Rules) -> None:
    """The group is used where it captures a tile (docs/rules.md, "Area groups")."""
    game = build(siege, [*DUKES, "c2 Trebuchet 0 back"])
    assert not [n for n in notations(game) if "!" in n]


def test_a_siege_engine_comes_in_when_its_base_tile_is_drawn(siege: Rules) -> None:
    """ "Swap on draw (Robert E. Howard option 2, Siege Engines; read)": the Catapult in the
    General's place."""
    game = build(siege, ["c1 Duke 0", "d6 Duke 1"], bags=(["Knight"], ["Knight"]), drawn="General")
    assert "Catapult@c2" in notations(game) and "General@c2" in notations(game)


def test_city_troops_non_capture_icons_need_their_path_clear(city: Rules) -> None:
    """ "Non-capture Move / Jump / Slide / Jump Slide (City Troops; read): the target square
    and, for the icons that pass over squares (Move, Slide, and the Slide part of Jump Slide),
    every square the tile passes through must be empty; the icon never captures." The Thief's
    front: Jump Slides to the far diagonals that never capture, and a plain one ahead."""
    tiles = [*DUKES, "c2 Thief 0", "b3 Footman 1", "e4 Footman 1", "c5 Footman 1"]
    game = build(city, tiles)
    thief = notations_from(game, "c2")
    # Up-left: the Jump part leaps the tile on b3 (it may) to a4, the board's edge.
    assert "c2-a4" in thief
    # Up-right: d3 leaped, e4 holds a tile: the non-capture line ends before it, and takes none.
    assert not [n for n in thief if n.startswith(("c2-e4", "c2xe4", "c2-f5"))]
    # Ahead, the plain Jump Slide leaps c3 and captures on c5.
    assert "c2-c4" in thief and "c2xc5" in thief


def test_the_militia_takes_only_where_it_may(city: Rules) -> None:
    """The Militia's front steps behind onto an empty square only (a non-capture Move), and
    takes a tile ahead and beside as the Footman does."""
    tiles = [*DUKES, "c3 Militia 0", "c2 Footman 1", "c4 Footman 1", "b3 Footman 1"]
    game = build(city, tiles)
    militia = notations_from(game, "c3")
    assert "c3xc4" in militia and "c3xb3" in militia and "c3-d3" in militia
    assert not [n for n in militia if n.endswith("c2")]
