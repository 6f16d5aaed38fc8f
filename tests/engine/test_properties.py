"""Properties over many seeded random games: conservation, one Duke, exact undo, determinism."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dukec.engine import (
    Game,
    Phase,
    RandomPlayer,
    Reason,
    Rules,
    make_player,
    parse_record,
    play_game,
    replay,
)
from dukec.engine.actions import DRAW, MOVE, STRIKE
from dukec.engine.record import record_lines

from . import reference


def snapshot(game: Game) -> tuple[Any, ...]:
    return (
        list(game.board),
        [sorted(p) for p in game.pieces],
        list(game.duke),
        [list(b) for b in game.bags],
        [list(c) for c in game.captured],
        game.to_move,
        game.phase,
        game.setup_index,
        game.drawn,
        game.ply,
        game.draws,
        len(game.history),
        game.result,
    )


def army_totals(rules: Rules, owner: int) -> Counter[int]:
    total = Counter(rules.bags[owner])
    total.update(step.tile for step in rules.setup if step.owner == owner)
    return total


def holdings(game: Game, owner: int) -> Counter[int]:
    held: Counter[int] = Counter(game.bags[owner])
    held.update(game.captured[owner])
    held.update(code >> 2 for code in game.board if code >= 0 and code & 1 == owner)
    if game.phase is Phase.PLACING and game.to_move == owner:
        held[game.drawn] += 1
    held.update(step.tile for step in game.rules.setup[game.setup_index :] if step.owner == owner)
    return held


def check_invariants(game: Game) -> None:
    rules = game.rules
    for owner in (0, 1):
        assert holdings(game, owner) == army_totals(rules, owner)
        dukes = [
            s
            for s, code in enumerate(game.board)
            if code >= 0 and code & 1 == owner and rules.types[code >> 2].acts_as_duke
        ]
        assert len(dukes) <= 1
        assert game.duke[owner] == (dukes[0] if dukes else -1)
        assert sorted(game.pieces[owner]) == [
            s for s, code in enumerate(game.board) if code >= 0 and code & 1 == owner
        ]


def walk(rules: Rules, seed: int, plies: int = 400) -> Game:
    """A random game checking every invariant and an exact undo of every legal action."""
    game = Game(rules, seed=seed, ply_limit=plies)
    rng = random.Random(seed)
    while game.result is None:
        check_invariants(game)
        before = snapshot(game)
        for action in game.legal_actions():
            game.apply(action)
            check_invariants(game)
            assert game.undo() == tuple(action)
            assert snapshot(game) == before
        choice = game.random_action(rng)
        assert choice is not None
        game.apply(choice)
    return game


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_invariants_and_undo_exactly(rules: Rules, seed: int) -> None:
    game = walk(rules, seed, plies=150)
    # Undo all the way back to the empty board.
    while game.history:
        game.undo()
    assert snapshot(game) == snapshot(Game(rules, seed=seed, ply_limit=150))


def test_sampled_actions_are_exactly_the_legal_ones(rules: Rules) -> None:
    # play_random's shortcuts (a strike or a draw is legal while the Duke is safe) agree with
    # the full legality test: over many draws from one position it finds every legal action.
    for seed in range(20):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(30 + seed):
            if not game.play_random(rng):
                break
        if game.result is not None or game.phase is not Phase.PLAY:
            continue
        legal = {tuple(a) for a in game.legal_actions()}
        seen = set()
        for _ in range(40 * len(legal)):
            game.play_random(rng)
            action = game.history[-1][0]
            game.undo()
            seen.add(action)
        assert seen == legal


def to_reference(game: Game) -> dict[tuple[int, int], tuple[str, str, int]]:
    board = {}
    for square, code in enumerate(game.board):
        if code >= 0:
            board[game.rules.geometry.coords(square)] = (
                game.rules.types[code >> 2].name,
                ("front", "back")[(code >> 1) & 1],
                code & 1,
            )
    return board


def test_engine_agrees_with_a_direct_reading_of_the_rules(
    rules: Rules, tileset: dict[str, Any]
) -> None:
    tiles = {t["name"]: t for t in tileset["tiles"]}
    size = (rules.geometry.files, rules.geometry.ranks)
    coords = rules.geometry.coords
    kinds = {MOVE: "move", STRIKE: "strike", 2: "command"}

    def by(square: int) -> tuple[int, int] | None:
        return coords(square) if square >= 0 else None

    positions = 0
    guarded = 0
    for seed in range(40):
        game = Game(rules, seed=seed, ply_limit=200)
        rng = random.Random(seed)
        while game.result is None:
            if game.phase is Phase.PLAY:
                mine = {
                    (
                        kinds[a.kind],
                        coords(a.frm),
                        coords(a.to),
                        coords(a.by) if a.by >= 0 else None,
                    )
                    for a in game.legal_actions()
                    if a.kind != DRAW
                }
                board = to_reference(game)
                expected = reference.legal_moves(tiles, board, size, game.to_move)
                assert mine == expected, f"seed {seed} ply {game.ply}"
                drawing = any(a.kind == DRAW for a in game.legal_actions())
                bag = len(game.bags[game.to_move])
                assert drawing == reference.may_draw(
                    tiles, board, size, game.to_move, bag, "Footman"
                ), f"seed {seed} ply {game.ply}"
                guarded += game.in_guard()
                positions += 1
            assert game.play_random(rng)
    assert positions > 1000
    assert guarded > 50


def test_same_seed_same_game(rules: Rules) -> None:
    for seed in (1, 2, 3):
        one = play_game(rules, make_player("random", seed), make_player("greedy", seed + 1), seed)
        two = play_game(rules, make_player("random", seed), make_player("greedy", seed + 1), seed)
        assert one == two
        assert list(record_lines(one)) == list(record_lines(two))
    other = play_game(rules, RandomPlayer(1), RandomPlayer(2), seed=4)
    assert other != play_game(rules, RandomPlayer(1), RandomPlayer(2), seed=5)


def test_replaying_a_record_gives_the_same_game(rules: Rules) -> None:
    for seed in range(10):
        record = play_game(rules, RandomPlayer(seed), make_player("greedy", seed), seed=seed)
        text = "\n".join(record_lines(record)) + "\n"
        again = parse_record(text)
        assert again == record
        game = replay(rules, again)
        assert game.result == record.result
        assert game.ply == record.plies


def test_games_end(rules: Rules) -> None:
    reasons: Counter[Reason] = Counter()
    for seed in range(30):
        game = Game(rules, seed=seed, ply_limit=1000)
        rng = random.Random(seed)
        while game.play_random(rng):
            pass
        assert game.result is not None
        reasons[game.result.reason] += 1
    # Under the Duke-danger rule a Duke is never left capturable, so random games end with a
    # player who has no legal action (or at the ply limit), never with a captured Duke.
    assert set(reasons) <= {Reason.NO_LEGAL_ACTION, Reason.PLY_LIMIT}
    assert reasons[Reason.NO_LEGAL_ACTION] > 0


def test_random_play_never_strikes_away_the_tile_that_shields_the_duke(rules: Rules) -> None:
    # The enemy Footman on b3 stands on the enemy Duke's Slide line (b6 back: b5, b4, b3) to
    # our Duke on b1. Our Bowman (back) on a2 could Strike it (one square diagonally forward),
    # which would open the line: that Strike is illegal, though our Duke is safe now.
    from .conftest import build

    game = build(
        rules,
        ["b1 Duke 0", "a2 Bowman 0 back", "b3 Footman 1", "b6 Duke 1 back", "f6 Footman 1"],
    )
    strike = (STRIKE, game.rules.geometry.parse("a2"), game.rules.geometry.parse("b3"), -1, -1)
    legal = {tuple(a) for a in game.legal_actions()}
    assert strike not in legal
    seen = set()
    for seed in range(40 * len(legal)):
        assert game.play_random(random.Random(seed))
        seen.add(game.history[-1][0])
        game.undo()
    assert seen == legal
