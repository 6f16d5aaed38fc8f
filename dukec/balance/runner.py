"""The runner: plays a run's games on local processes or a Dask cluster, in game-index order.

Games go out in batches and may finish in any order; results come back in game-index order, and
each game's seed depends only on the master seed and its index. So a run gives the same games,
and the same numbers, with one worker, many workers or a cluster.

Local workers are started afresh (``spawn``) and never run the parent's main script again, as
``spawn`` otherwise does: a worker plays dukec's games and needs nothing of the script, and a
script without an ``if __name__ == "__main__":`` guard, run again in every worker, would start
the run again there. So a plain script or a notebook runs on every core as the command does.
:func:`worker_pool` is the one way dukec starts them (the fit of the evaluation's weights uses
it too).

Worker processes (local ones and a local Dask cluster's) cannot outlive the process that started
them, however it ends: on Linux the kernel ends them with it (``PR_SET_PDEATHSIG``), elsewhere a
thread watches the pipe to the parent. A run that closes early (decided, cancelled) tells its
local workers to give up the games they are playing, between two moves.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import importlib
import itertools
import logging
import multiprocessing
import multiprocessing.context
import multiprocessing.spawn
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator
from typing import Any, Protocol

from dukec.balance.game import GameJob, GameSummary, Matchup, jobs_for
from dukec.balance.play import stop_when
from dukec.balance.scheduler import scheduler_problem

PlayBatch = Callable[[list[GameJob]], list[GameSummary]]

BACKENDS = ("local", "dask")


class RunnerError(Exception):
    """A run that cannot start (no such scheduler, no workers)."""


def play_batch(jobs: list[GameJob]) -> list[GameSummary]:
    """Play a batch of games with the engine (runs inside a worker)."""
    from dukec.balance.play import play_game

    return [play_game(job) for job in jobs]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def batch_size(games: int, workers: int) -> int:
    """Games per task: small enough to share work evenly, large enough to keep overhead low."""
    return max(1, min(16, games // (workers * 8) or 1))


class _Pool(Protocol):
    capacity: int
    streams: bool

    def submit(self, play: PlayBatch, jobs: list[GameJob]) -> Any: ...

    def wait(self, pending: set[Any]) -> set[Any]: ...

    def result(self, future: Any) -> list[GameSummary]: ...

    def close(self) -> None: ...

    def abort(self) -> None: ...


class _Played:
    """A batch already played (compared by identity, so it can key a dict)."""

    def __init__(self, results: list[GameSummary]) -> None:
        self.results = results


class _InProcess:
    """One worker: play each batch in this process when it is submitted. It streams: a batch
    is one game and one is submitted at a time, so each game is heard of as soon as it ends
    (a progress bar moves game by game, and nothing is played past a stopping rule's stop)."""

    capacity = 1
    streams = True

    def submit(self, play: PlayBatch, jobs: list[GameJob]) -> Any:
        return _Played(play(jobs))

    def wait(self, pending: set[Any]) -> set[Any]:
        return set(pending)

    def result(self, future: Any) -> list[GameSummary]:
        played: _Played = future
        return played.results

    def close(self) -> None:
        pass

    def abort(self) -> None:
        self.close()


#: prctl's option that asks for a signal when the parent ends (linux/prctl.h).
_PR_SET_PDEATHSIG = 1


def _exit_when_ended(parent: Any) -> None:
    parent.join()
    os._exit(1)


def die_with_parent() -> None:
    """End this process, a spawned worker, as soon as the process that started it ends.

    On Linux the kernel sends SIGKILL when the parent ends (even by SIGKILL, and whatever the
    worker is running); the parent is then looked at once more, in case it ended before the
    call. Elsewhere, or if prctl fails, a thread waits on the pipe from the parent, which
    closes when the parent ends.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            if not parent.is_alive():
                os._exit(1)
            return
    threading.Thread(target=_exit_when_ended, args=(parent,), daemon=True).start()


def dask_setup(_worker: Any) -> None:
    """A local Dask cluster's preload (this module): its workers die with the run's process."""
    die_with_parent()


def _start_worker(stop: Any) -> None:
    """A local worker, before its first task: it dies with its parent, leaves Ctrl-C to the
    parent (which ends it; a terminal sends it to the whole group), and gives up its game
    when ``stop`` (a shared byte; None: never) is set."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if stop is not None:
        stop_when(lambda: stop.value != 0)


#: The name every local worker process's name starts with.
_WORKER_NAME = "dukec-worker"
_numbers = itertools.count(1)
_spawn_preparation = multiprocessing.spawn.get_preparation_data


def _preparation(name: str) -> dict[str, Any]:
    """What a spawned process is told to set up before it starts: all of it, but for a dukec
    worker, which is not told to run the parent's main module (a script) again."""
    data: dict[str, Any] = _spawn_preparation(name)
    if name.startswith(_WORKER_NAME):
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
    return data


class _WorkerProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker process, named as one (see :func:`_preparation`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.name = f"{_WORKER_NAME}-{next(_numbers)}"


class _WorkerContext(multiprocessing.context.SpawnContext):
    """The spawn context, its processes dukec workers."""

    Process = _WorkerProcess


def worker_context() -> multiprocessing.context.SpawnContext:
    """The context local workers start in: spawned, without the parent's main script."""
    # Spawning reads the module's function when each process starts: every process but a
    # dukec worker is prepared as before.
    multiprocessing.spawn.get_preparation_data = _preparation
    return _WorkerContext()


def worker_pool(workers: int, stop: Any = None) -> concurrent.futures.ProcessPoolExecutor:
    """The one way dukec starts local worker processes: ``workers`` of them, spawned afresh
    without the parent's main script (:func:`worker_context`), each dying with its parent and
    leaving Ctrl-C to it; with ``stop`` (a shared byte, ``worker_context().RawValue``), each
    gives up the game it plays, between two moves, once the byte is set."""
    # 'spawn' avoids forking a parent that runs threads (the progress bar).
    return concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=worker_context(), initializer=_start_worker, initargs=(stop,)
    )


class _Processes:
    """A pool of local worker processes."""

    def __init__(self, workers: int) -> None:
        # A byte in shared memory: read between two moves, it costs next to nothing.
        self.stop = worker_context().RawValue(ctypes.c_byte, 0)
        self.executor = worker_pool(workers, self.stop)
        self.capacity = workers
        self.streams = False

    def submit(self, play: PlayBatch, jobs: list[GameJob]) -> Any:
        return self.executor.submit(play, jobs)

    def wait(self, pending: set[Any]) -> set[Any]:
        done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
        return done

    def result(self, future: Any) -> list[GameSummary]:
        results: list[GameSummary] = future.result()
        return results

    def close(self) -> None:
        # Whatever the workers still play is not wanted: they give it up between two moves.
        self.stop.value = 1
        self.executor.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        """Stop now: the workers are ended, not waited for (an interrupted run)."""
        self.stop.value = 1
        # The executor keeps its worker processes and its manager thread in private fields, and
        # shutdown(wait=False) clears them: read both first.
        processes = list((getattr(self.executor, "_processes", None) or {}).values())
        manager = getattr(self.executor, "_executor_manager_thread", None)
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()
        # The manager thread closes the pool's wake-up pipe once it sees the workers gone. Joined
        # here, it is done before the interpreter's exit wakes it: Python 3.11's pool races there
        # (the wake-up is not locked), and the exit then prints "Bad file descriptor".
        if manager is not None:
            manager.join(timeout=30)


class _Dask:
    """A Dask distributed client: an existing scheduler, or a local cluster of processes."""

    def __init__(self, workers: int, scheduler: str | None) -> None:
        try:
            # Dask ships no type hints; keep it behind Any.
            self.distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise RunnerError(
                "the dask backend needs Dask distributed: pip install 'dukec[distributed]'"
            ) from None
        self.cluster: Any = None
        try:
            if scheduler is None:
                self.cluster = self.distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                    preload=[__name__],
                )
                self.client = self.distributed.Client(self.cluster)
            else:
                problem = scheduler_problem(scheduler)
                if problem is not None:
                    raise RunnerError(problem)
                self.client = self.distributed.Client(scheduler, timeout="10s")
        except OSError as error:
            self._shutdown()
            raise RunnerError(f"cannot reach the Dask scheduler {scheduler}: {error}") from None
        # Keep every thread of the cluster busy, however many machines it spans.
        threads = sum(self.client.nthreads().values())
        self.capacity = max(workers if scheduler is None else 1, threads)
        self.streams = False

    def submit(self, play: PlayBatch, jobs: list[GameJob]) -> Any:
        return self.client.submit(play, jobs, pure=False)

    def wait(self, pending: set[Any]) -> set[Any]:
        done, _ = self.distributed.wait(list(pending), return_when="FIRST_COMPLETED")
        return set(done)

    def result(self, future: Any) -> list[GameSummary]:
        results: list[GameSummary] = future.result()
        return results

    def close(self) -> None:
        self._shutdown()

    def abort(self) -> None:
        self._shutdown()

    def _shutdown(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()


def _pool(backend: str, workers: int, scheduler: str | None) -> _Pool:
    if backend == "dask":
        return _Dask(workers, scheduler)
    if backend != "local":
        raise RunnerError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")
    if scheduler is not None:
        raise RunnerError("--scheduler needs --backend dask")
    return _InProcess() if workers == 1 else _Processes(workers)


def run_games(
    matchup: Matchup,
    seed: int,
    games: int,
    *,
    workers: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    play: PlayBatch = play_batch,
    batch: int | None = None,
    start: int = 0,
) -> Generator[GameSummary, None, None]:
    """Yield the summaries of games ``start`` .. games-1 in index order.

    Work is submitted a few batches ahead of what has been consumed, so a caller that stops
    early (a stopping rule) wastes little; closing the iterator cancels what is left. One
    worker in this process plays game by game, each yielded as soon as it ends.
    """
    if workers < 1:
        raise RunnerError("--workers must be at least 1")
    pool = _pool(backend, workers, scheduler)
    interrupted = False
    try:
        if pool.streams:
            size, ahead = batch or 1, 1
        else:
            size, ahead = batch or batch_size(games - start, pool.capacity), pool.capacity * 3
        if matchup.paired and size % 2 and not pool.streams:
            # A pair's two games travel together (results never depend on it: games are
            # gathered in index order whatever the batches).
            size += 1
        pending: dict[Any, int] = {}
        finished: dict[int, list[GameSummary]] = {}
        submitted = start
        consumed = start
        while consumed < games:
            while submitted < games and len(pending) < ahead:
                stop = min(games, submitted + size)
                pending[pool.submit(play, jobs_for(matchup, seed, submitted, stop))] = submitted
                submitted = stop
            while consumed not in finished:
                for future in pool.wait(set(pending)):
                    finished[pending.pop(future)] = pool.result(future)
            for summary in finished.pop(consumed):
                yield summary
                consumed += 1
    except (KeyboardInterrupt, SystemExit):
        # Interrupted (Ctrl-C, or SIGTERM turned into SystemExit): end the workers now.
        interrupted = True
        pool.abort()
        raise
    finally:
        # Done, failed, or closed early by a stopping rule: wind the pool down.
        if not interrupted:
            pool.close()
