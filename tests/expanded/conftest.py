"""Fixtures of the expanded-play tests: the base tile set with every game set, a custom tile set
with the tiles the rulebook's expanded examples need, and a compact way to build positions."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from dukec.compiler import load, load_tileset
from dukec.engine import Game, Phase, Rules, load_rules
from tests.engine.conftest import build, notations

__all__ = ["build", "notations", "pack", "phase_of", "play"]

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def custom_sources() -> list[Path]:
    """The base tiles (not the base box's Fort, nor its sets) and the custom test tiles."""
    base = [
        p
        for p in sorted((REPO / "tiles").glob("*.duke"))
        if p.name != "fort.duke" and "\nset " not in "\n" + p.read_text()
    ]
    return [*base, HERE / "tiles"]


@pytest.fixture(scope="session")
def tileset() -> dict[str, Any]:
    """The packaged tile set: base tiles and every game set of tiles/."""
    return load_tileset()


@pytest.fixture(scope="session")
def custom() -> dict[str, Any]:
    """The custom test tile set (tests/expanded/tiles with the base tiles)."""
    return load(custom_sources())


@pytest.fixture(scope="session")
def study(custom: dict[str, Any]) -> Rules:
    """Expanded rules (Duke capture wins) for hand-built positions of custom tiles."""
    return load_rules(custom, "study")


PACKS = REPO / "tiles" / "expansions"


@functools.cache
def pack(name: str) -> dict[str, Any]:
    """An expansion pack of tiles/expansions/, read on top of the base set (its file says
    ``extends base``)."""
    return load_tileset(PACKS / f"{name}.duke")


def play(game: Game, text: str) -> None:
    """Apply the legal action written ``text`` (fails the test if it is not legal)."""
    from dukec.engine import parse_action

    game.apply(parse_action(game, text))


def phase_of(game: Game) -> Phase:
    """The game's phase now (read through a call, so the type checker keeps no earlier one)."""
    return game.phase
