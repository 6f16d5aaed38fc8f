"""Writing a position: a game's state as JSON data (``schemas/position.schema.json``), in every
phase; :func:`dukec.engine.position.position_from_json` reads it back."""

from __future__ import annotations

from typing import Any

from dukec.engine.actions import Phase
from dukec.engine.game import Game
from dukec.engine.position_features import FACINGS
from dukec.engine.position_phases import PHASE_NAMES
from dukec.engine.rules import SIDE_NAMES


def position_to_json(game: Game) -> dict[str, Any]:
    """The position of a game as JSON data, in any phase (set-up, the draft and the Flags' set-up
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


def _names(game: Game, tiles: list[int]) -> list[str]:
    """The names of tiles, sorted."""
    types = game.rules.types
    return sorted(types[t].name for t in tiles)


def _write_features(game: Game, data: dict[str, Any]) -> None:
    """Terrain, banners, the roaming tile, frozen and settled tiles, scores; the tiles lost,
    taken and boxed (which only the features' rules read: Ransom, wins by captures)."""
    name = game.rules.geometry.name
    terrain = [
        {"tile": game.extras.terrain_types[t].name, "at": name(s)}
        for s, t in enumerate(game.terrain)
        if t >= 0
    ]
    if terrain:
        data["terrain"] = terrain
    if game.flags:
        data["flags"] = [
            {"at": name(f.square), "owner": None if f.owner < 0 else f.owner} for f in game.flags
        ]
    d = game.dragon
    if d.square >= 0:
        facing = next(k for k, v in FACINGS.items() if v == (d.fx, d.fy))
        data["dragon"] = {
            "at": name(d.square),
            "facing": facing,
            "side": SIDE_NAMES[int(d.enraged)],
            "rest": d.rest,
            "reorient": d.reorient,
        }
    if game.frozen:
        data["frozen"] = sorted(name(s) for s in game.frozen)
    if game.settled:
        data["settled"] = sorted(name(s) for s in game.settled)
    if game.objective.score_beside_flag or any(game.scores):
        data["scores"] = list(game.scores)
    if any(game.captured):
        data["captured"] = [_names(game, lost) for lost in game.captured]
    # What each player took from the other: what the other lost, unless tiles were lost
    # otherwise (a sacrifice, the dragon, terrain, Divination's destroyed tiles).
    if any(_names(game, game.taken[p]) != _names(game, game.captured[p ^ 1]) for p in (0, 1)):
        data["taken"] = [_names(game, taken) for taken in game.taken]
    if any(game.boxed):
        data["boxed"] = [_names(game, boxed) for boxed in game.boxed]


def _write_phase(game: Game, data: dict[str, Any]) -> None:
    """The phase where it is not play or placing (which ``drawn`` says), what says where it
    stands, the result and the random sources' counters."""
    rules = game.rules
    phase = game.phase
    if phase is not Phase.PLAY and phase is not Phase.PLACING:
        data["phase"] = PHASE_NAMES[phase]
    if phase is Phase.SETUP:
        data["setup"] = game.setup_index
    elif phase is Phase.DRAFT:
        data["pool"] = [rules.types[t].name for t in game.pool]
    elif phase is Phase.FLAGS:
        data["flags_to_place"] = [game.terrain_types[t].name for t in game.flag_queue]
    elif phase is Phase.CHOOSE:
        data["divined"] = _names(game, game.pending)
    if game.relocate >= 0:
        data["relocate"] = rules.geometry.name(game.flags[game.relocate].square)
    if game.over is not None:
        data["result"] = {"winner": game.over.winner, "reason": str(game.over.reason)}
    if game.draws:
        data["draws"] = game.draws
    if game.events:
        data["events"] = game.events
