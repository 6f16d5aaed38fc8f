"""An interrupted balance run (SIGTERM, or Ctrl-C's SIGINT) ends its workers, writes no report
and says so in one line, with the conventional exit status."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.signals import default_interrupt


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_run_leaves_no_workers_and_no_report(
    tmp_path: Path, signum: int, status: int
) -> None:
    command = [sys.executable, "-m", "dukec", "balance", "--games", "500000", "--workers", "2"]
    process = subprocess.Popen(
        [*command, "--report", str(tmp_path / "report")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_interrupt,
    )
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(process.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(1.0)  # let them play
    os.kill(process.pid, signum)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == status
    assert err.endswith("balance: interrupted; no report written\n")
    assert "Traceback" not in err
    assert not (tmp_path / "report").exists()
    deadline = time.monotonic() + 60  # a wait for them to go, not a time limit
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
