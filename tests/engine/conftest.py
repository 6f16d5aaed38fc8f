"""Engine test fixtures: the base tile set, its rules, and a compact way to build positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dukec.compiler import load_tileset
from dukec.engine import Game, Rules, format_action, load_rules, position_from_json

REPO = Path(__file__).resolve().parents[2]


def load_base_tileset() -> dict[str, Any]:
    """The base tile set, compiled from the packaged sources in tiles/."""
    return load_tileset()


@pytest.fixture(scope="session")
def tileset() -> dict[str, Any]:
    """The base tile set as the compiler writes it."""
    return load_base_tileset()


@pytest.fixture(scope="session")
def rules(tileset: dict[str, Any]) -> Rules:
    """Rules of the base game."""
    return load_rules(tileset, "base")


def build(
    rules: Rules,
    tiles: list[str],
    to_move: int = 0,
    bags: tuple[list[str], list[str]] = ([], []),
    seed: int = 0,
    **extra: Any,
) -> Game:
    """A position from lines like ``"c1 Duke 0"`` or ``"b4 Dragoon 0 back"`` (square, tile,
    owner, side: front unless given); ``extra`` gives further position fields (terrain, flags,
    dragon, frozen, scores, captured)."""
    board = []
    for line in tiles:
        at, tile, owner, *side = line.split()
        board.append(
            {"tile": tile, "owner": int(owner), "side": side[0] if side else "front", "at": at}
        )
    data = {"to_move": to_move, "board": board, "bags": [list(bags[0]), list(bags[1])], **extra}
    return position_from_json(rules, data, seed=seed)


def notations(game: Game) -> list[str]:
    """The notation of every legal action, sorted."""
    return sorted(format_action(game, a) for a in game.legal_actions())


def notations_from(game: Game, square: str) -> list[str]:
    """The legal actions whose tile stands on ``square``, sorted."""
    return [n for n in notations(game) if n.split(":")[0][:2] == square]
