"""A run killed outright (SIGKILL: nothing of it runs to clean up) leaves no process behind:
its workers, a local Dask cluster's, and the multiprocessing resource tracker end with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.balance.conftest import TILES
from tests.signals import descendants, running

WORKERS = ("--workers", "2", "--no-progress")
COMMANDS = {
    "balance": ("balance", "--games", "500000", *WORKERS),
    "balance-dask": ("balance", "--games", "500000", "--backend", "dask", *WORKERS),
    "ladder": ("ladder", "--policies", "random,greedy", "--games", "200000", *WORKERS),
    "value": ("value", "Pikeman", "--games", "200000", *WORKERS),
    "tune": (
        "tune",
        "--replace",
        "Footman=JumpingFootman",
        "--with",
        str(TILES / "jumping_footman.duke"),
        "--out",
        "tuned",
        *WORKERS,
    ),
}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_killed_run_leaves_no_process(tmp_path: Path, command: str) -> None:
    if command == "balance-dask":
        pytest.importorskip("distributed", reason="the dask backend needs Dask distributed")
    with (tmp_path / "err").open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "dukec", *COMMANDS[command], "--seed", "1"],
            stdout=subprocess.DEVNULL,
            stderr=err,
            cwd=tmp_path,
        )
    below: dict[int, int] = {}
    try:
        # Two workers and the resource tracker.
        deadline = time.monotonic() + 60
        while len(below) < 3:
            assert process.poll() is None, (tmp_path / "err").read_text()
            assert time.monotonic() < deadline, f"the workers never started: {below}"
            time.sleep(0.1)
            below = descendants(process.pid)
        time.sleep(0.5)  # let them play
        below.update(descendants(process.pid))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        # A wait, not a time limit: the loop ends as soon as they are gone.
        deadline = time.monotonic() + 60
        while running(below) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(below), f"still running after the run was killed: {running(below)}"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in running(below):  # only what this test started
            os.kill(pid, signal.SIGKILL)
