"""Positions as JSON (``schemas/position.schema.json``): read into a game, written from one."""

from __future__ import annotations

from typing import Any

from dukec.engine.expanded import ExpandedGame
from dukec.engine.game import Game, Phase
from dukec.engine.rules import SIDE_NAMES, Rules, RulesError


class PositionError(ValueError):
    """A position that cannot be: the message names the offending entry."""


_KEYS = {
    "to_move",
    "board",
    "bags",
    "terrain",
    "drawn",
    "ply",
    "flags",
    "frozen",
    "settled",
    "dragon",
    "scores",
    "captured",
}
_EXPANDED_KEYS = {"terrain", "flags", "frozen", "settled", "dragon", "scores", "captured"}
FACINGS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
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
    for key in ("terrain", "flags", "frozen", "settled", "captured"):
        if not isinstance(data.get(key, []), list):
            raise PositionError(f"$.{key}: must be a list")
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
    if any(data.get(key) for key in _EXPANDED_KEYS) or _uses_expanded(rules, data):
        rules = rules.with_expanded()
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
    if isinstance(game, ExpandedGame):
        _read_expanded(game, data, seen)
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
    if isinstance(game, ExpandedGame):
        # Tiles under Dread now are frozen, as after the last action.
        game._dread()
    return game


def _uses_expanded(rules: Rules, data: dict[str, Any]) -> bool:
    """Whether any tile of the position has a Dread or Defense icon or an ability."""
    extras = rules.extras
    if extras is None:
        return False
    for entry in data["board"]:
        index = rules.by_name.get(entry["tile"])
        if index is None:
            continue
        kind = rules.types[index]
        if kind.abilities or any(
            i.icon.value in ("dread", "defense") for side in kind.sides for i in side
        ):
            return True
    return False


def _square(game: Game, text: Any, where: str) -> int:
    geometry = game.rules.geometry
    square = geometry.parse(text) if isinstance(text, str) else None
    if square is None:
        raise PositionError(f"{where}: {text!r} is not a square of the board")
    return square


def _read_expanded(game: ExpandedGame, data: dict[str, Any], seen: dict[int, str]) -> None:
    """Terrain, banners, the roaming tile, frozen tiles, scores and captured tiles of a position."""
    rules = game.rules
    types = {t.name: t for t in game.extras.terrain_types}
    holds: dict[int, str] = {}
    for index, entry in enumerate(data.get("terrain", [])):
        where = f"terrain[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"tile", "at"}:
            raise PositionError(f"{where}: needs exactly the fields tile and at")
        kind = types.get(entry["tile"])
        lying = [n for n, t in types.items() if not t.acts and not t.carried]
        if kind is None or kind.acts or kind.carried:
            raise PositionError(
                f"{where}: {entry['tile']!r} is not a terrain tile that lies on a square "
                f"(terrain: {', '.join(sorted(lying))}; "
                "flags go in 'flags', the tile that acts between turns in 'dragon')"
            )
        square = _square(game, entry["at"], where)
        if square in holds:
            raise PositionError(f"{where}: square {entry['at']} already holds {holds[square]}")
        if square in seen and kind.occupants < 1:
            raise PositionError(
                f"{where}: no tile may stand on {kind.name}, but {seen[square]} does"
            )
        game.terrain[square] = kind.index
        holds[square] = kind.name
    flag_type = next((t.index for t in game.extras.terrain_types if t.carried), -1)
    for index, entry in enumerate(data.get("flags", [])):
        where = f"flags[{index}]"
        if not isinstance(entry, dict) or "at" not in entry:
            raise PositionError(f"{where}: a flag needs 'at' (and 'owner': 0, 1 or null)")
        if flag_type < 0:
            raise PositionError(
                f"{where}: the tile set has no flag (a terrain tile that is carried)"
            )
        square = _square(game, entry["at"], where)
        if square in holds:
            raise PositionError(f"{where}: square {entry['at']} already holds {holds[square]}")
        owner = entry.get("owner")
        if owner not in (0, 1, None):
            raise PositionError(f"{where}: owner must be 0, 1 or null")
        game.flags.append([square, -1 if owner is None else int(owner), flag_type])
        holds[square] = "a flag"
    dragon = data.get("dragon")
    if dragon:
        where = "dragon"
        acting = [t for t in game.extras.terrain_types if t.acts]
        if not acting:
            raise PositionError(f"{where}: the tile set has no tile that acts between turns")
        if not isinstance(dragon, dict) or "at" not in dragon:
            raise PositionError(f"{where}: needs 'at' (and 'facing', 'side')")
        square = _square(game, dragon["at"], where)
        if square in seen:
            raise PositionError(f"{where}: square {dragon['at']} already holds {seen[square]}")
        facing = dragon.get("facing", "right")
        if facing not in FACINGS:
            raise PositionError(f"{where}: facing is one of {', '.join(FACINGS)}")
        side = dragon.get("side", "front")
        if side not in SIDE_NAMES:
            raise PositionError(f"{where}: side is front or back")
        fx, fy = FACINGS[facing]
        game.dragon_type = acting[0].index
        game.dragon[:] = [
            square,
            fx,
            fy,
            SIDE_NAMES.index(side),
            int(bool(dragon.get("rest", False))),
            int(bool(dragon.get("reorient", False))),
        ]
    for key, target in (("frozen", game.frozen), ("settled", game.settled)):
        for index, text in enumerate(data.get(key, [])):
            square = _square(game, text, f"{key}[{index}]")
            if square not in seen:
                raise PositionError(f"{key}[{index}]: no tile stands on {text}")
            target.add(square)
    scores = data.get("scores", [0, 0])
    if not (
        isinstance(scores, list) and len(scores) == 2 and all(isinstance(x, int) for x in scores)
    ):
        raise PositionError("scores: must be two whole numbers")
    game.scores = [int(scores[0]), int(scores[1])]
    for owner, lost in enumerate(data.get("captured", [[], []])):
        for index, name in enumerate(lost):
            try:
                tile = rules.type_named(name)
            except RulesError as problem:
                raise PositionError(f"captured[{owner}][{index}]: {problem}") from None
            game.captured[owner].append(tile)
            game.taken[owner ^ 1].append(tile)


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
    if isinstance(game, ExpandedGame):
        name = rules.geometry.name
        terrain = [
            {"tile": game.extras.terrain_types[t].name, "at": name(s)}
            for s, t in enumerate(game.terrain)
            if t >= 0
        ]
        if terrain:
            data["terrain"] = terrain
        if game.flags:
            data["flags"] = [
                {"at": name(s), "owner": None if owner < 0 else owner}
                for s, owner, _t in game.flags
            ]
        if game.dragon[0] >= 0:
            d = game.dragon
            facing = next(k for k, v in FACINGS.items() if v == (d[1], d[2]))
            data["dragon"] = {
                "at": name(d[0]),
                "facing": facing,
                "side": SIDE_NAMES[d[3]],
                "rest": bool(d[4]),
                "reorient": bool(d[5]),
            }
        if game.frozen:
            data["frozen"] = sorted(name(s) for s in game.frozen)
        if game.settled:
            data["settled"] = sorted(name(s) for s in game.settled)
        if game.objective.score_beside_flag or any(game.scores):
            data["scores"] = list(game.scores)
        if any(game.captured):
            data["captured"] = [sorted(rules.types[t].name for t in lost) for lost in game.captured]
    return data
