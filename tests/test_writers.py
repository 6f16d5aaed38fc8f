"""Files several writers update at once lose no entry: manifests and ratings are read and written
back under dukec's lock (the studio's saves: tests/studio/test_concurrent_saves.py)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from dukec import atomic
from dukec.insight import manifest
from tests.insight.test_manifest import ENTRY

WRITERS = 6
EACH = 4


def entry(writer: int, number: int) -> manifest.Entry:
    """An entry of its own key: writer ``writer``'s ``number``-th."""
    return replace(ENTRY, tile=f"Tile{writer}x{number}", with_=None)


def test_the_lock_is_held_for_the_whole_read_modify_write(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    inside = threading.Event()
    leave = threading.Event()
    refused: list[BaseException] = []

    def holder() -> None:
        with atomic.locked(path):
            inside.set()
            leave.wait(60)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert inside.wait(60)
        with pytest.raises(atomic.LockTimeout) as caught, atomic.locked(path, seconds=0):
            refused.append(AssertionError("two writers at once"))
        assert str(caught.value) == (
            f"[Errno {caught.value.errno}] another process is writing it (it holds "
            f".balance.toml.lock); try again: '{path}'"
        )
    finally:
        leave.set()
        thread.join()
    assert refused == []
    with atomic.locked(path, seconds=0):
        pass  # free again
    assert list(tmp_path.iterdir()) == []  # the lock file goes with the last writer


def test_a_writer_waiting_on_a_removed_lock_file_locks_the_new_one(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    lock = tmp_path / ".ratings.json.lock"
    # A lock file a finished writer left (killed before it could remove it) is locked anew.
    lock.write_bytes(b"")
    with atomic.locked(path, seconds=0):
        handle = os.open(lock, os.O_RDONLY)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(handle)
    assert not lock.exists()


_RECORD = """
import sys
from dataclasses import replace
from pathlib import Path
from dukec.insight import manifest
from tests.insight.test_manifest import ENTRY
writer, each, path = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
for number in range(each):
    manifest.record(path, replace(ENTRY, tile=f"Tile{writer}x{number}", with_=None))
"""


def test_concurrent_recorders_each_land_every_entry(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    root = Path(__file__).resolve().parents[1]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _RECORD, str(writer), str(EACH), str(path)],
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
        )
        for writer in range(WRITERS)
    ]
    assert [process.wait(300) for process in processes] == [0] * WRITERS
    tiles = sorted(found.tile for found in manifest.read(path))
    assert tiles == sorted(entry(w, n).tile for w in range(WRITERS) for n in range(EACH))


def test_a_manifest_recorded_into_by_threads_keeps_every_entry(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    start = threading.Barrier(WRITERS)

    def recorder(writer: int) -> None:
        start.wait()
        for number in range(EACH):
            manifest.record(path, entry(writer, number))

    threads = [threading.Thread(target=recorder, args=(w,)) for w in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(manifest.read(path)) == WRITERS * EACH


LADDER = [sys.executable, "-m", "dukec", "ladder", "--policies", "random,greedy", "--games", "2"]


def test_concurrent_ladders_keep_each_others_ratings(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    games = ("base", "mountain", "dragon")
    processes = [
        subprocess.Popen(
            [*LADDER, "--game", game, "--out", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for game in games
    ]
    errors = [process.communicate(timeout=600)[1].decode() for process in processes]
    assert [process.returncode for process in processes] == [0] * len(games), errors
    stored = json.loads(out.read_text())["ratings"]
    assert sorted({rating["game"] for rating in stored}) == sorted(games)


@pytest.mark.parametrize("planted", ["link", "fifo", "directory"])
def test_something_planted_at_the_lock_is_refused_not_used(tmp_path: Path, planted: str) -> None:
    path = tmp_path / "balance.toml"
    lock = tmp_path / ".balance.toml.lock"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("the user's own words\n")
    if planted == "link":
        lock.symlink_to(elsewhere)
    elif planted == "fifo":
        os.mkfifo(lock)  # opening it to read would wait for a writer for ever
    else:
        lock.mkdir()
    with pytest.raises(OSError) as caught:
        manifest.record(path, entry(0, 0))
    assert str(caught.value) == (
        f"[Errno 22] its lock file .balance.toml.lock is not a regular file (remove it): '{path}'"
    )
    assert elsewhere.read_text() == "the user's own words\n" and not path.exists()
