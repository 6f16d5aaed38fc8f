"""Instructions of a child process under valgrind: for the benchmarks whose figure must not
depend on the machine's load (``engine_sets.py --instructions``, ``node_instructions.py``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys


def counted(code: str, label: str) -> tuple[int, int]:
    """The instructions ``python -c code`` executes under ``valgrind --tool=cachegrind``, and the
    number it printed on a line ``<label> <number>``."""
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
    valgrind += ["--cachegrind-out-file=/dev/null"]
    done = subprocess.run(
        [*valgrind, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        # One hash seed for every child: string hashes order sets and dicts, and so the work.
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    number = re.search(rf"^{re.escape(label)} (\d+)$", done.stdout, re.M)
    if refs is None or number is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(number.group(1))
