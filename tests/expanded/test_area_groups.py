"""Area groups with Hammers, Defense and terrain (``../shared/rulebook/expansions.md``, "New
movement icons"): "In an area-effect group that includes Hammer icons, the group's other Strike
icons still obey Defense"; and the readings of ``docs/rules.md`` ("Declared icons"): each icon of
a group captures as a Strike does, so a protected or sheltered tile is not captured by it while
the group captures the others.

The Ballista (owner 0, front) on c2 has an area Strike toward b3 and an area Hammer toward d3; a
Bastion has Defense icons on all eight squares around it, so a tile next to it (the Ballista on
c2, beside b3 and d3) cannot capture it but with an icon that ignores Defense.
"""

from __future__ import annotations

from typing import Any

import pytest

from dukec.compiler.overlay import load_layered
from dukec.engine import Game, Rules, load_rules, position_from_json

SOURCES = """\
icon Blast { glyph Q  like strike  area siege }
icon Smash { glyph W  like strike  area siege  ignores defense }

tile Ballista {
    count 1
    front {
        Q  .  W
        .  @  .
    }
    back {
        .  X  .
        .  @  .
    }
}

tile Bastion {
    count 2
    front {
        B  B  B
        B  @  B
        B  B  B
    }
    back {
        .  M  .
        .  @  .
    }
}

set ballista {
    board 6 x 6
    army {
        start Duke on c1, d1
        start 2 Footman beside Duke
        bag Footman, Ballista, 2 Bastion
    }
}
"""


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    folder = tmp_path_factory.mktemp("area")
    (folder / "ballista.duke").write_text(SOURCES, encoding="utf-8")
    return load_rules(load_layered([folder]).data, "ballista")


def _game(rules: Rules, pieces: list[tuple[str, int, str, str]], **extra: Any) -> Game:
    board = [{"tile": t, "owner": o, "side": s, "at": at} for t, o, s, at in pieces]
    for owner, square in ((0, "f1"), (1, "a6")):
        if not any(t == "Duke" and o == owner for t, o, _, _ in pieces):
            board.append({"tile": "Duke", "owner": owner, "side": "front", "at": square})
    return position_from_json(rules, {"to_move": 0, "board": board, "bags": [[], []], **extra})


def _at(game: Game, square: str) -> int:
    found = game.rules.geometry.parse(square)
    assert found is not None
    return game.board[found]


BALLISTA = ("Ballista", 0, "front", "c2")


def test_the_hammer_of_a_group_ignores_defense_and_its_strike_obeys_it(rules: Rules) -> None:
    game = _game(rules, [BALLISTA, ("Bastion", 1, "front", "b3"), ("Bastion", 1, "front", "d3")])
    assert "c2!siege" in [str(a) for a in game.legal_actions()]
    game.push_notation("c2!siege")
    assert _at(game, "d3") < 0  # the Hammer's square: captured through Defense
    assert _at(game, "b3") >= 0  # the Strike's: the Bastion's Defense holds


def test_a_group_whose_only_tiles_are_protected_cannot_be_used(rules: Rules) -> None:
    # The Bastion on b3 against the Strike; nothing on the Hammer's square.
    game = _game(rules, [BALLISTA, ("Bastion", 1, "front", "b3")])
    assert "c2!siege" not in [str(a) for a in game.legal_actions()]


def test_a_plain_strike_obeys_defense(rules: Rules) -> None:
    game = _game(rules, [("Ballista", 0, "back", "c2"), ("Bastion", 1, "front", "c3")])
    assert "c2!c3" not in [str(a) for a in game.legal_actions()]
    bare = _game(rules, [("Ballista", 0, "back", "c2"), ("Footman", 1, "front", "c3")])
    assert "c2!c3" in [str(a) for a in bare.legal_actions()]


def test_a_fort_shelters_a_tile_from_the_group(rules: Rules) -> None:
    """The Fort shelters its tile from a Strike: the group's Hammer does not take it either."""
    game = _game(
        rules,
        [BALLISTA, ("Footman", 1, "front", "d3"), ("Footman", 1, "front", "b3")],
        terrain=[{"tile": "Fort", "at": "d3"}],
    )
    assert "c2!siege" in [str(a) for a in game.legal_actions()]
    game.push_notation("c2!siege")
    assert _at(game, "b3") < 0 and _at(game, "d3") >= 0


def test_the_group_threatens_a_duke_on_either_of_its_squares(rules: Rules) -> None:
    for square in ("b3", "d3"):
        assert _game(rules, [BALLISTA, ("Duke", 1, "front", square)]).in_guard(1), square
    # Off its squares (on c3, which no icon of its front reaches), it does not.
    assert not _game(rules, [BALLISTA, ("Duke", 1, "front", "c3")]).in_guard(1)
