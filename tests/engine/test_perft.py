"""Perft: depth-1 counts checked by hand from the tile cards, deeper counts as regression files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dukec.engine import Game, Rules, perft, perft_divide, position_from_json

from .conftest import build

PERFT_DIR = Path(__file__).parent / "perft"
FAST_LIMIT = 100_000  # counts above this run only with the slow tests


def test_first_turn_after_set_up(rules: Rules) -> None:
    # Duke c1 with Footmen b1 and d1; the bag holds 16 tiles of 14 kinds.
    # Duke (front, slides left/right): b1 and d1 are friendly: 0.
    # Footman b1 (front, Move one square orthogonally): b2, a1 (c1 friendly, b0 off): 2.
    # Footman d1: d2, e1: 2.
    # Draw: the only empty square sharing a side with the Duke is c2; 14 kinds of tile: 14.
    # Total 18 turns (5 actions: four moves and one draw).
    game = build(
        rules,
        ["c1 Duke 0", "b1 Footman 0", "d1 Footman 0", "d6 Duke 1", "c6 Footman 1", "e6 Footman 1"],
        bags=(list(_base_bag(rules)), list(_base_bag(rules))),
    )
    assert perft(game, 1) == 18
    assert len(game.legal_actions()) == 5


def _base_bag(rules: Rules) -> list[str]:
    return [rules.types[t].name for t in rules.bags[0]]


def test_marshall_moves_and_commands(rules: Rules) -> None:
    # Marshall (back) on c3, Duke c1, Footman b4; enemy Pikeman d4 and Duke c5; no bags.
    # Marshall Move: b4 friendly (no), c4, d4 (capture), a3 (path b3 clear), b3, d3, e3 (path d3
    # clear), b2, d2: 8. Command squares b4, c4, d4: the Footman on b4 may go to c4 or capture on
    # d4: 2. Duke (front): b1, a1, d1, e1, f1: 5 (no enemy tile reaches rank 1). Footman b4
    # (front): b5, b3, a4, c4: 4. Total 19.
    game = build(
        rules, ["c3 Marshall 0 back", "c1 Duke 0", "b4 Footman 0", "d4 Pikeman 1", "c5 Duke 1"]
    )
    assert perft(game, 1) == 19


def test_bowman_strikes(rules: Rules) -> None:
    # Bowman (back) c2: Move c3, d1, b1; Strike c4 and d3 (enemy), not b3 (friendly): 5.
    # Footman b3 (front): b4, b2, a3, c3: 4. Duke a1 (front): b1 ... f1: 5. Total 14.
    # The second player has no Duke (a tile study).
    game = build(
        rules,
        ["c2 Bowman 0 back", "c4 Footman 1", "d3 Footman 1", "b3 Footman 0", "a1 Duke 0"],
    )
    assert perft(game, 1) == 14


def test_assassin_and_set_up_counts(rules: Rules) -> None:
    # p. 3 example, the second player: the Assassin's one Jump Slide line gives c3 and d2: 2.
    game = build(
        rules,
        ["c1 Duke 0", "d2 Seer 0", "b4 Dragoon 0 back", "a5 Assassin 1 back"],
        to_move=1,
    )
    assert perft(game, 1) == 2
    # Set-up: the Duke on c1 or d1 (2); then a Footman beside it (3 squares each: 6); then the
    # second Footman (2 squares left each: 12). The second player repeats this: 12 * 12 = 144.
    start = Game(rules)
    assert [perft(start, d) for d in (1, 2, 3, 6)] == [2, 6, 12, 144]


def test_divide_sums_to_perft(rules: Rules) -> None:
    game = build(
        rules,
        ["c1 Duke 0", "b1 Footman 0", "d6 Duke 1"],
        bags=(["Pikeman", "Knight"], ["Seer"]),
    )
    parts = perft_divide(game, 2)
    assert sum(count for _, count in parts) == perft(game, 2)
    assert "draw(Knight) Knight@c2" in [name for name, _ in parts]


def _cases() -> list[tuple[str, str, int, int, bool]]:
    cases = []
    for path in sorted(PERFT_DIR.glob("*.perft")):
        source = ""
        for line in path.read_text().splitlines():
            if line.startswith(("setup ", "position ")):
                source = line
            elif line.startswith("perft "):
                _, depth, count = line.split()
                cases.append((path.stem, source, int(depth), int(count), int(count) > FAST_LIMIT))
    return cases


def _params() -> list[object]:
    return [
        pytest.param(
            source, depth, count, id=f"{name}-{depth}", marks=[pytest.mark.slow] if slow else []
        )
        for name, source, depth, count, slow in _cases()
    ]


@pytest.mark.parametrize(("source", "depth", "count"), _params())
def test_regression_counts(rules: Rules, source: str, depth: int, count: int) -> None:
    if source.startswith("setup "):
        game = Game(rules, seed=0)
    else:
        game = position_from_json(rules, json.loads(source.removeprefix("position ")))
    assert perft(game, depth) == count


def _small_params() -> list[object]:
    return [
        pytest.param(source, depth, count, id=f"{name}-{depth}")
        for name, source, depth, count, _slow in _cases()
        if count <= 20_000
    ]


@pytest.mark.parametrize(("source", "depth", "count"), _small_params())
def test_the_features_turn_counts_base_positions_the_same(
    rules: Rules, source: str, depth: int, count: int
) -> None:
    """The same positions played through the turn of game sets with features (forced by
    ``with_expanded``) give the base game's counts: on a base board the two agree."""
    expanded = rules.with_expanded()
    assert expanded.expanded is not None
    if source.startswith("setup "):
        game = Game(expanded, seed=0)
    else:
        game = position_from_json(expanded, json.loads(source.removeprefix("position ")))
    assert perft(game, depth) == count
