"""Shared test configuration."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """dukec's cache (the parser, compiled tile sets) in a directory of this run, removed at
    its end: set before any test module is collected, and inherited by every process a test
    starts, so that no test writes to the user's cache."""
    _CACHE.append(tempfile.mkdtemp(prefix="dukec-test-cache-"))
    os.environ["DUKEC_CACHE_DIR"] = _CACHE[-1]
    os.environ.pop("DUKEC_NO_CACHE", None)
    if "PYTHONPYCACHEPREFIX" not in os.environ:
        _bytecode_of_this_run()


def _bytecode_of_this_run() -> None:
    """Python's bytecode in a directory of this run, removed at its end: every process a test
    starts (and each worker) compiles dukec once and reads it after, whether or not the
    environment forbids writing bytecode, and none writes a __pycache__ into the checkout."""
    _CACHE.append(tempfile.mkdtemp(prefix="dukec-test-pycache-"))
    os.environ["PYTHONPYCACHEPREFIX"] = _CACHE[-1]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = _CACHE[-1]
    sys.dont_write_bytecode = False


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _CACHE:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The test files that hold a test marked slow first, each whole and in its own order, then
    the rest as collected: spread over workers a file at a time (pyproject.toml's addopts), the
    longest files start first, and no worker is left running one of them after the others end."""
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)
