"""Instructions of a child process under valgrind: for the benchmarks whose figure must not
depend on the machine's load (``engine_sets.py --instructions``, ``node_instructions.py``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

#: What ``simulated`` reads off cachegrind's summary with its cache and branch simulations: the
#: instructions, the first-level instruction and data cache misses, the mispredicted branches.
SIMULATED = {
    "instructions": r"I\s+refs",
    "I1 misses": r"I1\s+misses",
    "D1 misses": r"D1\s+misses",
    "mispredicts": r"Mispredicts",
}


def counted(code: str, label: str) -> tuple[int, int]:
    """The instructions ``python -c code`` executes under ``valgrind --tool=cachegrind``, and the
    number it printed on a line ``<label> <number>``."""
    events = {"instructions": SIMULATED["instructions"]}
    found, number = _cachegrind(code, label, events, ["--cache-sim=no"])
    return found["instructions"], number


def simulated(code: str, label: str) -> tuple[dict[str, int], int]:
    """The events of :data:`SIMULATED` of ``python -c code`` under cachegrind, simulating the
    machine's caches and a branch predictor (valgrind's models, not the machine's own), and the
    number it printed on a line ``<label> <number>``."""
    return _cachegrind(code, label, SIMULATED, ["--cache-sim=yes", "--branch-sim=yes"])


def _cachegrind(
    code: str, label: str, events: dict[str, str], options: list[str]
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
    for name, pattern in events.items():
        count = re.search(rf"{pattern}:\s+([\d,]+)", done.stderr)
        if count is None:
            raise SystemExit(f"valgrind printed no count of {name}:\n{done.stderr[-2000:]}")
        found[name] = int(count.group(1).replace(",", ""))
    number = re.search(rf"^{re.escape(label)} (\d+)$", done.stdout, re.M)
    if number is None:
        raise SystemExit(f"the child printed no {label}:\n{done.stdout[-2000:]}")
    return found, int(number.group(1))
