"""Positions as JSON (``schemas/position.schema.json``): read into a game, written from one."""

from __future__ import annotations

from typing import Any

from dukec.engine.game import Game, Phase
from dukec.engine.rules import SIDE_NAMES, Rules, RulesError


class PositionError(ValueError):
    """A position that cannot be: the message names the offending entry."""


_KEYS = {"to_move", "board", "bags", "terrain", "drawn", "ply"}
_ENTRY_KEYS = {"tile", "owner", "side", "at"}


def _check_shape(data: Any) -> None:
    """The checks of ``schemas/position.schema.json``, with messages naming the entry."""
    if not isinstance(data, dict):
        raise PositionError("$: a position is a JSON object")
    for key in data:
        if key not in _KEYS:
            raise PositionError(f"$.{key}: unknown field (expected one of {sorted(_KEYS)})")
    for key in ("to_move", "board"):
        if key not in data:
            raise PositionError(f"$: missing field {key!r}")
    if data["to_move"] not in (0, 1) or isinstance(data["to_move"], bool):
        raise PositionError("$.to_move: must be 0 or 1")
    if not isinstance(data["board"], list):
        raise PositionError("$.board: must be a list of tiles")
    for index, entry in enumerate(data["board"]):
        where = f"board[{index}]"
        if not isinstance(entry, dict) or set(entry) != _ENTRY_KEYS:
            raise PositionError(f"{where}: needs exactly the fields tile, owner, side and at")
        if not isinstance(entry["tile"], str) or not isinstance(entry["at"], str):
            raise PositionError(f"{where}: tile and at must be strings")
        if entry["owner"] not in (0, 1) or isinstance(entry["owner"], bool):
            raise PositionError(f"{where}: owner must be 0 or 1")
        if entry["side"] not in SIDE_NAMES:
            raise PositionError(f"{where}: unknown side {entry['side']!r} (front or back)")
    bags = data.get("bags", [[], []])
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        raise PositionError("$.bags: must be two lists of tile names")
    for owner, bag in enumerate(bags):
        for index, name in enumerate(bag):
            if not isinstance(name, str):
                raise PositionError(f"bags[{owner}][{index}]: must be a tile name")
    if not isinstance(data.get("terrain", []), list):
        raise PositionError("$.terrain: must be a list")
    if "drawn" in data and not isinstance(data["drawn"], str):
        raise PositionError("$.drawn: must be a tile name")
    ply = data.get("ply", 0)
    if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
        raise PositionError("$.ply: must be a whole number >= 0")


def position_from_json(
    rules: Rules, data: Any, seed: int = 0, ply_limit: int | None = None
) -> Game:
    """A game in the position ``data`` describes (play under way, no set-up left)."""
    _check_shape(data)
    game = Game(rules, seed=seed, ply_limit=ply_limit, setup=False)
    geometry = rules.geometry
    seen: dict[int, str] = {}
    for index, entry in enumerate(data["board"]):
        where = f"board[{index}]"
        square = geometry.parse(entry["at"])
        if square is None:
            raise PositionError(
                f"{where}: square {entry['at']} is off the {geometry.files}x{geometry.ranks} board"
            )
        if square in seen:
            raise PositionError(f"{where}: square {entry['at']} already holds {seen[square]}")
        try:
            tile = rules.type_named(entry["tile"])
        except RulesError as problem:
            raise PositionError(f"{where}: {problem}") from None
        owner = int(entry["owner"])
        if rules.types[tile].acts_as_duke and game.duke[owner] >= 0:
            raise PositionError(f"{where}: player {owner} already has a tile acting as the Duke")
        game.place_tile(square, tile, SIDE_NAMES.index(entry["side"]), owner)
        seen[square] = f"{entry['tile']} of player {owner}"
    if data.get("terrain"):
        raise PositionError("terrain[0]: terrain tiles are not played by this engine yet")
    for owner, bag in enumerate(data.get("bags", [[], []])):
        tiles = []
        for index, name in enumerate(bag):
            try:
                tiles.append(rules.type_named(name))
            except RulesError as problem:
                raise PositionError(f"bags[{owner}][{index}]: {problem}") from None
        game.bags[owner] = sorted(tiles)
    game.to_move = int(data["to_move"])
    game.ply = int(data.get("ply", 0))
    if "drawn" in data:
        try:
            game.drawn = rules.type_named(data["drawn"])
        except RulesError as problem:
            raise PositionError(f"drawn: {problem}") from None
        game.phase = Phase.PLACING
    return game


def position_to_json(game: Game) -> dict[str, Any]:
    """The position of a game as JSON data (during play; set-up progress is not kept)."""
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
        "bags": [sorted(rules.types[t].name for t in bag) for bag in game.bags],
    }
    if game.phase is Phase.PLACING:
        data["drawn"] = rules.types[game.drawn].name
    if game.ply:
        data["ply"] = game.ply
    return data
