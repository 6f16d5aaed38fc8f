"""A run asked to stop gives up its games between two moves, in its own thread and in its
worker processes, rather than playing each game to its end."""

from __future__ import annotations

import concurrent.futures.process
import threading
import time
from typing import Any, cast

import pytest

from dukec.balance.game import Matchup, jobs_for
from dukec.balance.play import Stopped, play_game, stop_when
from dukec.balance.runner import _Processes, play_batch


def slow(tileset: dict[str, Any]) -> Matchup:
    """Games of a few hundred moves, each a search of 10,000 nodes: seconds a game."""
    return Matchup.build(
        tileset, ("base", "base"), ("A", "B"), ("search@10000", "search@10000"), 300, 10_000
    )


def in_thread(target: Any) -> Any:
    """What ``target()`` returns or raises, called in a new thread."""
    outcome: list[Any] = []

    def call() -> None:
        try:
            outcome.append(target())
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=call)
    thread.start()
    thread.join()
    return outcome[0]


def test_a_game_stops_before_the_next_move(base_tileset: dict[str, Any]) -> None:
    [job] = jobs_for(slow(base_tileset), 1, 0, 1)
    asked: list[int] = []

    def ask() -> bool:
        asked.append(1)
        return len(asked) > 3

    def play() -> Any:
        stop_when(ask)
        return play_game(job)

    assert isinstance(in_thread(play), Stopped)
    # Asked before each move: three moves, then it stopped, the game unfinished.
    assert len(asked) == 4


def test_another_thread_plays_on(base_tileset: dict[str, Any]) -> None:
    matchup = Matchup.build(
        base_tileset, ("base", "base"), ("A", "B"), ("random", "random"), 300, 10
    )
    [job] = jobs_for(matchup, 1, 0, 1)
    stop_when(lambda: True)  # this thread's games stop; a new thread's do not
    try:
        with pytest.raises(Stopped):
            play_game(job)
        summary = in_thread(lambda: play_game(job))
        assert summary.plies > 0
    finally:
        stop_when(None)


def test_workers_give_up_their_games_when_the_pool_closes(base_tileset: dict[str, Any]) -> None:
    pool = _Processes(2)
    # Two batches of ten games each: a game may end in a few dozen moves, ten of them cannot.
    jobs = jobs_for(slow(base_tileset), 1, 0, 20)
    futures = [pool.submit(play_batch, jobs[start : start + 10]) for start in (0, 10)]
    time.sleep(2.0)  # the workers start and play
    assert not any(future.done() for future in futures)
    pool.close()
    # The games were given up, not played out (which takes minutes): each batch says so.
    for future in futures:
        assert isinstance(future.exception(), Stopped)


def test_an_aborted_pool_is_done_with_its_wakeup_before_it_returns(
    base_tileset: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The interpreter's exit wakes every pool's manager thread through a pipe the thread closes,
    # unlocked, once the workers are gone: the pool must be done with it when abort() returns,
    # however slowly the thread gets there (slowed here, as on a loaded machine).
    manager_class = concurrent.futures.process._ExecutorManagerThread
    clean_up = manager_class.join_executor_internals

    def slowly(self: Any) -> None:
        time.sleep(0.5)
        clean_up(self)

    monkeypatch.setattr(manager_class, "join_executor_internals", slowly)
    pool = _Processes(2)
    futures = [pool.submit(play_batch, jobs_for(slow(base_tileset), 1, 0, 10)) for _ in (0, 1)]
    # typeshed gives the thread the wake-up's type
    manager = cast(threading.Thread | None, pool.executor._executor_manager_thread)
    wakeup = pool.executor._executor_manager_thread_wakeup
    time.sleep(1.0)  # the workers start and play
    pool.abort()
    assert manager is not None and not manager.is_alive()
    assert wakeup._closed
    for future in futures:
        assert future.done()
