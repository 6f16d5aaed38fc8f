"""The tests' players: the games the command-line tests were written for.

Every experiment command plays the search by default; a test about something else plays the
quick policy it was written with, so that it stays fast and its games stay the same.
"""

from __future__ import annotations

from collections.abc import Sequence

_OWN = ("--policy", "--policies", "--check", "--help", "-h")
#: The policy each command's tests were written with.
QUICK = {"balance": "random", "tune": "random", "value": "greedy", "matrix": "random"}


def quick(command: str, args: Sequence[str]) -> list[str]:
    """``--policy`` of the command's tests, unless the arguments name a policy of their own."""
    if command not in QUICK or any(arg.startswith(_OWN) for arg in args):
        return []
    return ["--policy", QUICK[command]]
