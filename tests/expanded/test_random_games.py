"""Seeded random games of expanded play keep the base engine's invariants: tiles are conserved,
each side has at most one tile acting as the Duke, undo restores the exact state, a record
replays to the same game, and the same seed gives the same game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from dukec.engine import Game, RandomPlayer, Rules, load_rules, play_game, replay
from dukec.engine.game import Phase

OBJECTIVES = ["counting-coup", "trophy-hunters", "dark-rider", "dynastic-dispute"]
OPTIONS = ["enhanced", "mountain", "dragon", "terrain"]


def _owned(game: Game, owner: int) -> Counter[int]:
    """Every tile of a player wherever it is: board, bag, captured, boxed, drawn."""
    found: Counter[int] = Counter()
    for code in game.board:
        if code >= 0 and code & 1 == owner:
            found[code >> 2] += 1
    found.update(game.bags[owner])
    found.update(game.captured[owner])
    found.update(getattr(game, "boxed", [[], []])[owner])
    if game.to_move == owner:
        if game.phase is Phase.PLACING:
            found[game.drawn] += 1
        found.update(getattr(game, "pending", []))
    return found


def _initial(rules: Rules, owner: int) -> Counter[int]:
    found = Counter(s.tile for s in rules.setup if s.owner == owner)
    found.update(rules.bags[owner])
    extras = rules.expanded
    if extras is not None:
        for tile in extras.objective.draft:
            found[tile] += rules.types[tile].count
    return found


def _check_game(rules: Rules, seed: int, plies: int) -> None:
    game = Game(rules, seed=seed, ply_limit=plies)
    rng = random.Random(seed)
    start = [_initial(rules, 0), _initial(rules, 1)]
    steps = 0
    while True:
        action = game.random_action(rng)
        if action is None:
            break
        before = game.state_key()
        game.apply(action)
        steps += 1
        if steps % 3 == 0:
            game.undo()
            assert game.state_key() == before
            game.apply(action)
        for owner in (0, 1):
            dukes = [c for c in game.board if c >= 0 and c & 1 == owner and rules.tables.is_duke[c]]
            assert len(dukes) <= 1
            if game.phase not in (Phase.DRAFT, Phase.SETUP):
                assert _owned(game, owner) == start[owner], (seed, steps, owner)
    assert game.result is not None


def _replays(rules: Rules, seed: int) -> None:
    record = play_game(rules, RandomPlayer(seed), RandomPlayer(seed + 1), seed=seed, ply_limit=150)
    again = play_game(rules, RandomPlayer(seed), RandomPlayer(seed + 1), seed=seed, ply_limit=150)
    assert record == again
    game = replay(rules, record)
    assert game.result == record.result


@pytest.mark.parametrize("seed", range(12))
def test_custom_set_with_every_icon_ability_and_terrain(custom: dict[str, Any], seed: int) -> None:
    """The custom set uses Dread, Defense, every ability numeral and every terrain tile."""
    rules = load_rules(custom, "everything")
    names = {t.name for t in rules.types}
    icons = {i.icon.value for t in rules.types for side in t.sides for i in side}
    assert icons == {"move", "jump", "slide", "jump_slide", "strike", "command", "dread", "defense"}
    assert {a for t in rules.types for a in t.abilities} == {
        "summon",
        "divination",
        "escape",
        "ransom",
    }
    extras = rules.expanded
    assert extras is not None
    terrain = {extras.terrain_types[i].name for i, _count in extras.set_terrain}
    assert terrain == {"Mountain", "Keep", "Flag", "Dragon"} and names
    for offset in range(5):
        _check_game(rules, seed * 5 + offset, 200)


@pytest.mark.parametrize("name", OBJECTIVES + OPTIONS)
def test_game_sets_of_the_box(tileset: dict[str, Any], name: str) -> None:
    """Every game set of tiles/ plays to the end, keeps the invariants and replays."""
    rules = load_rules(tileset, name)
    assert rules.expanded is not None
    for seed in range(3):
        _check_game(rules, seed, 200)
    _replays(rules, 7)


def test_custom_records_replay(custom: dict[str, Any]) -> None:
    """A record of the custom set replays, events (the Dragon, sacrifices, points) included."""
    rules = load_rules(custom, "everything")
    for seed in range(4):
        _replays(rules, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_many_more_custom_games(custom: dict[str, Any], seed: int) -> None:
    """More of the same, run with the slow tests."""
    _check_game(load_rules(custom, "everything"), 1000 + seed, 400)


@pytest.mark.parametrize("name", ["everything"])
def test_renamed_tiles_play_identical_expanded_games(custom: dict[str, Any], name: str) -> None:
    """No tile name steers expanded play: renaming every tile, terrain included, gives the same
    seeded games apart from the names."""
    import copy
    import re

    from dukec.engine.record import record_lines
    from tests.engine.test_independence import renamed

    original = load_rules(copy.deepcopy(custom), name)
    other, mapping = renamed(custom)
    for game_set in other["sets"]:
        game_set.get("terrain", []).sort(key=lambda s: s["tile"])
    renamed_rules = load_rules(other, name)
    for seed in range(6):
        one = play_game(original, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
        two = play_game(renamed_rules, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
        expected = []
        for line in list(record_lines(one))[1:]:
            for old, new in mapping.items():
                line = re.sub(rf"\b{old}\b", new, line)
            expected.append(line)
        assert list(record_lines(two))[1:] == expected


def test_renamed_objective_sets_play_identical_games(tileset: dict[str, Any]) -> None:
    """The same for the alternate objectives, whose rules name tiles (a draft, a win)."""
    import copy
    import re

    from dukec.engine.record import record_lines
    from tests.engine.test_independence import renamed

    other, mapping = renamed(tileset)
    for name in ("dynastic-dispute", "dark-rider", "counting-coup"):
        original = load_rules(copy.deepcopy(tileset), name)
        renamed_rules = load_rules(other, name)
        for seed in range(3):
            one = play_game(original, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
            two = play_game(renamed_rules, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
            expected = []
            for line in list(record_lines(one))[1:]:
                for old, new in mapping.items():
                    line = re.sub(rf"\b{old}\b", new, line)
                expected.append(line)
            assert list(record_lines(two))[1:] == expected
