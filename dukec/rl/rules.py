"""The rules the environments play: a game set of a tile set, as :func:`set_rules` reads it for
the PettingZoo environment and the OpenSpiel game alike."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dukec.engine import Rules, load_rules

TileSet = Mapping[str, Any] | str | Path | None


def set_rules(set_name: str = "base", tileset: TileSet = None) -> Rules:
    """The rules of a game set of a tile set (a compiled dict, a path, or None: the shipped one)."""
    from dukec.compiler import load_tileset

    data = tileset if isinstance(tileset, Mapping) else load_tileset(tileset)
    return load_rules(data, set_name)
