"""Signals for the commands the tests start as processes."""

from __future__ import annotations

import signal


def default_interrupt() -> None:
    """In a child before it runs: Ctrl-C's default action (for ``preexec_fn``).

    Started in the background of a shell, the tests inherit SIGINT ignored, and so would the
    commands they start; run from a terminal, a command starts with the default.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
