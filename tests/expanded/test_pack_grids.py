"""The packs' designed grids (../shared/rulebook/expansions.md: "No source gave the packs'
movement grids except where noted; where a grid is missing, a pack file holds a designer's
grid"): each replacement keeps near the tile it replaces, by the engine's static measure of a
tile (``TileType.value``: one plus the squares its icons reach from a square of the board, each
side, on average over the board's squares), and keeps the grids the summary reads."""

from __future__ import annotations

import pytest

from dukec.engine import load_rules
from tests.expanded.conftest import pack

#: Per pack, (pack tile, the base tile it replaces) for every replacement that is not the Duke.
REPLACES = {
    "robert-e-howard": [
        ("Conan", "Champion"),
        ("Kull", "Wizard"),
        ("Agnes", "Ranger"),
        ("Solomon_Kane", "Priest"),
    ],
    "city-troops": [
        ("Militia", "Footman"),
        ("Thief", "Assassin"),
        ("Baron", "Champion"),
        ("Watch_Tower", "Longbowman"),
    ],
    "siege-engines": [
        ("Battering_Ram", "Marshall"),
        ("Trebuchet", "Knight"),
        ("Catapult", "General"),
        ("Ballista", "Priest"),
        ("Engineer", "Oracle"),
    ],
    "arthurian-legends": [
        ("Guinevere", "Duchess"),
        ("Merlin", "Wizard"),
        ("Lancelot", "Champion"),
        ("Perceval", "Assassin"),
        ("Mordred", "Duchess"),
    ],
    "robin-hood": [
        ("Little_John", "Assassin"),
        ("Maid_Marion", "Ranger"),
        ("Friar_Tuck", "Pikeman"),
        ("Sheriff", "Champion"),
        ("Sir_Guy", "Duchess"),
    ],
    "musketeers": [
        ("Athos", "Duchess"),
        ("Porthos", "Assassin"),
        ("Aramis", "Wizard"),
        ("De_Winter", "Duchess"),
        ("Rochefort", "Wizard"),
    ],
    "lords-legacy": [
        ("Arbalist", "Longbowman"),
        ("Countess", "Duchess"),
        ("Light_Horse", "Knight"),
        ("Royal_Assassin", "Assassin"),
        ("Sage", "Oracle"),
    ],
}


@pytest.mark.parametrize(
    ("name", "tile", "base"),
    [(name, tile, base) for name, pairs in REPLACES.items() for tile, base in pairs],
)
def test_a_designed_tile_keeps_near_the_tile_it_replaces(name: str, tile: str, base: str) -> None:
    """Within 0.7 to 1.3 times the replaced tile's measure (Defense icons, which the measure
    does not count, make up for the lower ones: Little John's and Friar Tuck's)."""
    rules = load_rules(pack(name), "base")
    mine, theirs = (rules.types[rules.type_named(n)].value for n in (tile, base))
    assert 0.7 <= mine / theirs <= 1.3, (tile, mine, base, theirs)


def _icons(name: str, tile: str, side: int) -> set[tuple[str, int, int]]:
    rules = load_rules(pack(name), "base")
    kind = rules.types[rules.type_named(tile)]
    return {(i.icon.name, i.dx, i.dy) for i in kind.sides[side]}


def test_the_grids_the_summary_reads_are_kept() -> None:
    """ "Little John's back has Defense at (-2,+2) and (+2,+2); Friar Tuck's back has Defense at
    (-1,+1), (0,+1), (+1,+1); Richelieu's front has Move at (0,+1), (-1,0), (+1,0), Jump at
    (-2,-1), (+2,-1), and Escape." """
    defense = "defense"
    assert {(defense, -2, 2), (defense, 2, 2)} <= _icons("robin-hood", "Little_John", 1)
    assert {(defense, -1, 1), (defense, 0, 1), (defense, 1, 1)} <= _icons(
        "robin-hood", "Friar_Tuck", 1
    )
    move, jump = "move", "jump"
    assert _icons("musketeers", "Richelieu", 0) == {
        (move, 0, 1),
        (move, -1, 0),
        (move, 1, 0),
        (jump, -2, -1),
        (jump, 2, -1),
    }
    rules = load_rules(pack("musketeers"), "base")
    assert rules.types[rules.type_named("Richelieu")].abilities == ("escape",)
