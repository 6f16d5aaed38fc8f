"""Balance test fixtures: the base tile set, compiled from the sources that ship with dukec."""

from pathlib import Path
from typing import Any

import pytest

TILES = Path(__file__).resolve().parent / "tiles"


@pytest.fixture(scope="session")
def base_tileset() -> dict[str, Any]:
    """The base tile set."""
    from dukec.compiler import load_tileset

    return load_tileset()


@pytest.fixture(scope="session")
def test_tiles() -> dict[str, Any]:
    """The test tiles of tests/balance/tiles (an overpowered Footman, a renamed copy)."""
    from dukec.compiler import load

    return load([TILES])
