"""One check harness for every game set, as OpenSpiel's random-simulation test: seeded random
games in which, at every ply, each legal action is distinct, accepted, and undone exactly; the
position round-trips through JSON; and the game's record replays to the same result."""

from __future__ import annotations

import random

import pytest

from dukec.engine import (
    Game,
    RandomPlayer,
    play_game,
    position_from_json,
    position_to_json,
    replay,
    tablemoves,
)
from dukec.engine.game import Phase, Reason, Result
from dukec.engine.trail import Trail
from tests.engine.corpus_games import CUSTOM_SETS, PACKAGED_SETS, corpus_rules

SETS = (*PACKAGED_SETS, *CUSTOM_SETS)
GAMES = 2
PLY_LIMIT = 80


@pytest.mark.parametrize("set_name", SETS)
def test_every_action_is_distinct_accepted_and_undone_exactly(set_name: str) -> None:
    rules = corpus_rules(set_name)
    for seed in range(GAMES):
        game = Game(rules, seed=seed, ply_limit=PLY_LIMIT)
        rng = random.Random(seed)
        while True:
            legal = game.legal_actions()
            assert len(set(legal)) == len(legal), (set_name, seed, game.ply)
            before = game.state_key()
            for action in legal:
                assert game.is_legal(action), (set_name, seed, action)
                game.apply(action)
                assert game.undo() == tuple(action)
                assert game.state_key() == before, (set_name, seed, action)
            if game.phase in (Phase.PLAY, Phase.PLACING):
                data = position_to_json(game)
                again = position_from_json(rules, data, seed=seed)
                assert position_to_json(again) == data, (set_name, seed, game.ply)
            if not legal:
                break
            game.apply(legal[int(rng.random() * len(legal))])
        assert game.result is not None


@pytest.mark.parametrize("set_name", SETS)
def test_random_play_ends_where_no_action_is_legal_with_that_result(set_name: str) -> None:
    """Random play stops only where the game is over or no action is legal, and the result it
    leaves known is the one looked for afresh."""
    rules = corpus_rules(set_name)
    for seed in range(8):
        game = Game(rules, seed=seed, ply_limit=300)
        rng = random.Random(seed)
        while game.play_random(rng):
            pass
        result = game.result
        assert result is not None
        assert game.legal_actions() == []
        if game.over is None:
            game._cached = (-1, None)  # forget it: the result is looked for again
            assert game.result == result == Result(game.to_move ^ 1, Reason.NO_LEGAL_ACTION)


@pytest.mark.parametrize("set_name", SETS)
def test_records_replay_to_the_same_game(set_name: str) -> None:
    rules = corpus_rules(set_name)
    for seed in range(GAMES):
        record = play_game(rules, RandomPlayer(seed), RandomPlayer(seed + 7), seed=seed)
        game = replay(rules, record)
        assert game.result == record.result
        assert game.ply == record.plies


def test_the_icons_generic_actions_agree_with_the_base_tables() -> None:
    """On a board with no feature on it, the generic generator of game sets with features
    (icon by icon, square by square) lists exactly the base tables' actions."""
    from dukec.engine import movement
    from dukec.engine.actions import DRAW

    rules = corpus_rules("base").with_expanded()
    checked = 0
    for seed in range(6):
        game = Game(rules, seed=seed, ply_limit=120)
        rng = random.Random(seed)
        while game.result is None:
            if game.phase is Phase.PLAY:
                me = game.to_move
                generic: list[tuple[int, int, int, int, int]] = []
                for square in sorted(game.pieces[me]):
                    movement.tile_actions(game, me, square, generic)
                base = [a for a in tablemoves.pseudo(game) if a[0] != DRAW]
                assert sorted(set(generic)) == sorted(set(base)), (seed, game.ply)
                checked += 1
            game.play_random(rng)
    assert checked > 300


@pytest.mark.parametrize("set_name", SETS)
def test_random_play_plays_the_random_choice_with_its_turn(set_name: str) -> None:
    """play_random (each sampled action applied, kept if legal) plays the same games as
    random_action (each sampled action tried) followed by apply, undo included."""
    rules = corpus_rules(set_name)
    for seed in range(3):
        playing = Game(rules, seed=seed, ply_limit=300)
        choosing = Game(rules, seed=seed, ply_limit=300)
        rng_play, rng_choose = random.Random(seed), random.Random(seed)
        while True:
            choice = choosing.random_action(rng_choose)
            assert playing.play_random(rng_play) == (choice is not None)
            if choice is None:
                break
            choosing.apply(choice)
            assert playing.history[-1][0] == tuple(choice), (set_name, seed, choosing.ply)
            assert playing.state_key() == choosing.state_key(), (set_name, seed, choosing.ply)
        assert playing.result == choosing.result is not None
        while playing.history:
            playing.undo()
        assert playing.state_key() == Game(rules, seed=seed, ply_limit=300).state_key()


@pytest.mark.parametrize("set_name", SETS)
def test_a_dropped_game_is_freed_without_the_garbage_collector(set_name: str) -> None:
    """A game and its undo records form no reference cycle: dropping the last reference frees
    it at once (many short games would otherwise wait for the collector)."""
    import gc

    rules = corpus_rules(set_name)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        game = Game(rules, seed=4, ply_limit=120)
        rng = random.Random(4)
        while game.play_random(rng):
            pass
        for _ in range(3):
            game.undo()
        del game
        # What the collector would find now is only what reference counting left behind.
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = [item for item in gc.garbage if isinstance(item, Game | Trail)]
        assert left == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()


@pytest.mark.parametrize("set_name", SETS)
def test_a_copied_game_plays_and_undoes_on_its_own(set_name: str) -> None:
    """copy.deepcopy gives a game that undoes exactly, apart from the original: undoing in the
    copy never changes the original."""
    import copy

    rules = corpus_rules(set_name)
    game = Game(rules, seed=6, ply_limit=120)
    rng = random.Random(6)
    for _ in range(30):
        if not game.play_random(rng):
            break
    key = game.state_key()
    twin = copy.deepcopy(game)
    assert type(twin) is type(game)
    assert twin.state_key() == key
    while twin.history:
        twin.undo()
    assert twin.state_key() == Game(rules, seed=6, ply_limit=120).state_key()
    assert game.state_key() == key
