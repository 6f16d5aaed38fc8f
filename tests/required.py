"""What a test needs from the machine: skipped, saying why, where it is missing, or failed where
CI requires it (``DUKEC_REQUIRE_BROWSER=1``, ``DUKEC_REQUIRE_COMPILED=1``)."""

from __future__ import annotations

import os

import pytest


def skip_or_fail(reason: str | None, variable: str) -> None:
    """Nothing where ``reason`` is None (all is there); else skip with it, or fail when the
    environment variable ``variable`` is 1."""
    if reason is None:
        return
    if os.environ.get(variable) == "1":
        pytest.fail(f"{variable}=1 but {reason}")
    pytest.skip(reason)
