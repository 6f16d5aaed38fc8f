"""Every game set of every expansion pack (tiles/expansions/) plays complete random games and
search games that keep the engine's invariants, as the box's game sets do
(tests/expanded/test_random_games.py): tiles are conserved (a pack tile taken in place of a
base tile puts that tile in the box), each side has at most one tile acting as the Duke, undo
restores the exact state, a record replays to the same game, the same seed gives the same game,
and renaming every tile changes nothing but the names."""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from typing import Any

import pytest

from dukec.engine import Game, RandomPlayer, Rules, load_rules, play_game, replay
from dukec.engine.game import Phase
from dukec.engine.record import record_lines
from dukec.players.policies import make_policy
from tests.engine.test_independence import renamed
from tests.expanded.conftest import PACKS, pack
from tests.expanded.test_random_games import _owned

#: The box's game sets, which every pack read on top of the base set has too.
BOX = {
    "base",
    "enhanced",
    "mountain",
    "dragon",
    "terrain",
    "counting-coup",
    "trophy-hunters",
    "dark-rider",
    "dynastic-dispute",
}
PACK_SETS = [
    (path.stem, game_set["name"])
    for path in sorted(PACKS.glob("*.duke"))
    for game_set in pack(path.stem)["sets"]
    if game_set["name"] not in BOX
]


def test_every_pack_has_its_game_sets() -> None:
    names = {name for _pack, name in PACK_SETS}
    assert {
        "robert-e-howard-draw",
        "robert-e-howard-draft",
        "musketeers",
        "arthurian-legends",
        "robin-hood",
        "city-troops",
        "siege-engines",
        "lords-legacy",
    } <= names


def _initial(rules: Rules, owner: int) -> Counter[int]:
    """The player's army: the tiles it starts (a start entry that takes a tile of a class from
    the bag takes one of the bag's) and its bag."""
    found = Counter(s.tile for s in rules.setup if s.owner == owner and s.tile >= 0)
    found.update(rules.bags[owner])
    return found


def _conserved(game: Game, owner: int, start: Counter[int]) -> None:
    """The player's tiles wherever they are are his army's, each pack tile he took in place of
    a base tile that is now in the box."""
    owned = _owned(game, owner)
    owned.subtract(game.swapped[owner])
    assert +owned == start, owner


def _check_game(rules: Rules, seed: int, plies: int) -> Game:
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
            assert game.state_key() == before, (seed, steps)
            game.apply(action)
        for owner in (0, 1):
            dukes = [c for c in game.board if c >= 0 and c & 1 == owner and rules.tables.is_duke[c]]
            assert len(dukes) <= 1
            if game.phase not in (Phase.SWAP, Phase.SETUP):
                _conserved(game, owner, start[owner])
    assert game.result is not None
    return game


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_random_games_keep_the_invariants_and_replay(name: str, game_set: str) -> None:
    rules = load_rules(pack(name), game_set)
    assert rules.expanded is not None
    for seed in range(4):
        _check_game(rules, seed, 250)
    record = play_game(rules, RandomPlayer(7), RandomPlayer(8), seed=7, ply_limit=150)
    assert record == play_game(rules, RandomPlayer(7), RandomPlayer(8), seed=7, ply_limit=150)
    assert replay(rules, record).result == record.result


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_search_games_keep_the_invariants(name: str, game_set: str) -> None:
    """The search plays both sides to the end (a small budget), every action legal, the tiles
    conserved, and the same seed gives the same game."""
    rules = load_rules(pack(name), game_set)
    games = []
    for _ in range(2):
        game = Game(rules, seed=3, ply_limit=120)
        players = [make_policy("search", 3 + seat, 30) for seat in (0, 1)]
        start = [_initial(rules, 0), _initial(rules, 1)]
        played = []
        while game.result is None:
            action = players[game.to_move].choose(game)
            assert action is not None and game.is_legal(action)
            game.apply(action)
            played.append(tuple(action))
            if game.phase not in (Phase.SWAP, Phase.SETUP):
                for owner in (0, 1):
                    _conserved(game, owner, start[owner])
        games.append((played, game.result))
    assert games[0] == games[1]


@pytest.mark.parametrize(("name", "game_set"), PACK_SETS)
def test_renamed_tiles_play_identical_pack_games(name: str, game_set: str) -> None:
    """No tile name steers a pack's game (the swaps, the classes, the wins and the faces name
    tiles only in the data)."""
    data = pack(name)
    original = load_rules(copy.deepcopy(data), game_set)
    other, mapping = _renamed_with_packs(data)
    renamed_rules = load_rules(other, game_set)
    for seed in range(3):
        one = play_game(original, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
        two = play_game(renamed_rules, RandomPlayer(seed), RandomPlayer(seed + 9), seed=seed)
        expected = []
        for line in list(record_lines(one))[1:]:
            for old, new in mapping.items():
                line = re.sub(rf"\b{old}\b", new, line)
            expected.append(line)
        assert list(record_lines(two))[1:] == expected


def _renamed_with_packs(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Every tile renamed, the lists the packs sort by name (the terrain laid, the swaps'
    pairs keep their written order) sorted again."""
    other, mapping = renamed(data)
    for game_set in other["sets"]:
        game_set.get("terrain", []).sort(key=lambda s: s["tile"])
        for army in game_set["armies"]:
            for found in [*army.get("capture_every", []), army.get("place_beside", {})]:
                if "tiles" in found:
                    found["tiles"].sort()
    return other, mapping
