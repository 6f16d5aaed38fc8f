"""Writing a position: a game's state as JSON data (``schemas/position.schema.json``), in every
phase; :func:`dukec.engine.position.position_from_json` reads it back."""

from __future__ import annotations

from typing import Any

from dukec.engine.actions import Phase
from dukec.engine.feature import Kernel
from dukec.engine.position_phases import PHASE_NAMES
from dukec.engine.rules import SIDE_NAMES


def position_to_json(game: Kernel) -> dict[str, Any]:
    """The position of a game as JSON data, in any phase (set-up and the features' phases
    included). A game's history is not part of it; the counters of its random sources are, so
    that the position read with the game's seed goes on as the game would."""
    rules = game.rules
    board = []
    for square, code in enumerate(game.board):
        if code >= 0:
            board.append(
                {
                    "tile": rules.types[code >> 2].name,
                    "owner": code & 1,
                    "side": SIDE_NAMES[(code >> 1) & 1],
                    "at": rules.geometry.name(square),
                }
            )
    data: dict[str, Any] = {
        "to_move": game.to_move,
        "board": board,
        "bags": [_names(game, bag) for bag in game.bags],
    }
    if game.phase is Phase.PLACING:
        data["drawn"] = rules.types[game.drawn].name
    if game.ply:
        data["ply"] = game.ply
    if rules.expanded is not None:
        _write_features(game, data)
    _write_phase(game, data)
    return data


def _names(game: Kernel, tiles: list[int]) -> list[str]:
    """The names of tiles, sorted."""
    types = game.rules.types
    return sorted(types[t].name for t in tiles)


def _write_features(game: Kernel, data: dict[str, Any]) -> None:
    """Each feature's part; then the tiles lost, taken and boxed (which only the features'
    rules read: Ransom, wins by captures)."""
    for part in game.registry.parts:
        part.write(game, data)
    if any(game.captured):
        data["captured"] = [_names(game, lost) for lost in game.captured]
    # What each player took from the other: what the other lost, unless tiles were lost
    # otherwise (a sacrifice, or to what a feature does).
    if any(_names(game, game.taken[p]) != _names(game, game.captured[p ^ 1]) for p in (0, 1)):
        data["taken"] = [_names(game, taken) for taken in game.taken]
    if any(game.boxed):
        data["boxed"] = [_names(game, boxed) for boxed in game.boxed]


def _write_phase(game: Kernel, data: dict[str, Any]) -> None:
    """The phase where it is not play or placing (which ``drawn`` says), what says where it
    stands, the result and the random sources' counters."""
    phase = game.phase
    if phase is not Phase.PLAY and phase is not Phase.PLACING:
        data["phase"] = PHASE_NAMES[phase]
    if phase is Phase.SETUP:
        data["setup"] = game.setup_index
    if game.rules.expanded is not None:
        for owner in game.registry.owners:
            owner.write_phase(game, data)
    if game.over is not None:
        data["result"] = {"winner": game.over.winner, "reason": str(game.over.reason)}
    if game.draws:
        data["draws"] = game.draws
    if game.events:
        data["events"] = game.events
