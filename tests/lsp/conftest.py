"""The language server's test fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.lsp.client import LspClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[LspClient]:
    """A `dukec lsp` subprocess in ``tmp_path``, closed after the test."""
    started = LspClient(tmp_path)
    try:
        yield started
    finally:
        started.close()
