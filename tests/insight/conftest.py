"""Insight test fixtures: the base tile set with the balance test tiles added."""

from pathlib import Path
from typing import Any

import pytest

TILES = Path(__file__).resolve().parent.parent / "balance" / "tiles"


@pytest.fixture(scope="session")
def tileset() -> dict[str, Any]:
    """The base set plus an overpowered Footman (JumpingFootman) and its renamed copy."""
    from dukec.compiler import load, load_tileset
    from dukec.tileset import merge_sources

    return merge_sources(load_tileset(), load([TILES]))
