"""Signals for the commands the tests start as processes, and the processes below them."""

from __future__ import annotations

import signal
from pathlib import Path


def default_interrupt() -> None:
    """In a child before it runs: Ctrl-C's default action (for ``preexec_fn``).

    Started in the background of a shell, the tests inherit SIGINT ignored, and so would the
    commands they start; run from a terminal, a command starts with the default.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stat(pid: int) -> tuple[int, int, str] | None:
    """A process's parent, start time (clock ticks since boot) and state, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19]), fields[0]


def descendants(pid: int) -> dict[int, int]:
    """Every process below ``pid`` (children, theirs, ...), each with its start time, which
    tells it apart from a later process given the same number."""
    parents: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                parents.setdefault(stat[0], []).append(int(entry.name))
                started[int(entry.name)] = stat[1]
    found: dict[int, int] = {}
    below = list(parents.get(pid, []))
    while below:
        child = below.pop()
        found[child] = started[child]
        below += parents.get(child, [])
    return found


def running(processes: dict[int, int]) -> dict[int, int]:
    """Those of ``processes`` (pid and start time) still running (not gone, not a zombie)."""
    alive = {}
    for pid, started in processes.items():
        stat = _stat(pid)
        if stat is not None and stat[1] == started and stat[2] != "Z":
            alive[pid] = started
    return alive
