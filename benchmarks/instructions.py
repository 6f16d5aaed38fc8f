"""Instructions of a child process under valgrind: for the benchmarks whose figure must not
depend on the machine's load (``engine_sets.py --instructions``, ``node_instructions.py``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

#: What cachegrind's summary gives, each read off by its pattern: the instructions, and with the
#: cache and branch simulations (``simulate``) the first-level instruction and data cache misses
#: and the mispredicted branches.
EVENTS = {
    "instructions": r"I\s+refs",
    "I1 misses": r"I1\s+misses",
    "D1 misses": r"D1\s+misses",
    "mispredicts": r"Mispredicts",
}


def counted(code: str, label: str) -> tuple[int, int]:
    """The instructions ``python -c code`` executes under ``valgrind --tool=cachegrind``, and the
    number it printed on a line ``<label> <number>``."""
    found, number = events(code, label)
    return found["instructions"], number


def events(code: str, label: str, simulate: bool = False) -> tuple[dict[str, int], int]:
    """The instructions of ``python -c code`` under cachegrind, with ``simulate`` every event of
    :data:`EVENTS` (valgrind's models of the caches and a branch predictor, not the machine's
    own), and the number it printed on a line ``<label> <number>``."""
    if not simulate:
        return _cachegrind(
            code, label, {"instructions": EVENTS["instructions"]}, ["--cache-sim=no"]
        )
    return _cachegrind(code, label, EVENTS, ["--cache-sim=yes", "--branch-sim=yes"])


def _cachegrind(
    code: str, label: str, wanted: dict[str, str], options: list[str]
) -> tuple[dict[str, int], int]:
    valgrind = ["valgrind", "--tool=cachegrind", *options]
    valgrind += ["--cachegrind-out-file=/dev/null"]
    done = subprocess.run(
        [*valgrind, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        # One hash seed for every child: string hashes order sets and dicts, and so the work.
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    found = {}
    for name, pattern in wanted.items():
        count = re.search(rf"{pattern}:\s+([\d,]+)", done.stderr)
        if count is None:
            raise SystemExit(f"valgrind printed no count of {name}:\n{done.stderr[-2000:]}")
        found[name] = int(count.group(1).replace(",", ""))
    number = re.search(rf"^{re.escape(label)} (\d+)$", done.stdout, re.M)
    if number is None:
        raise SystemExit(f"the child printed no {label}:\n{done.stdout[-2000:]}")
    return found, int(number.group(1))
