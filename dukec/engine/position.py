"""Positions as JSON (``schemas/position.schema.json``): read into a game, written from one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dukec.engine import dread
from dukec.engine.board import Geometry
from dukec.engine.dragon import Roamer
from dukec.engine.dragon import aim as aim_dragon
from dukec.engine.flags import Banner
from dukec.engine.game import Game, Phase
from dukec.engine.rules import SIDE_NAMES, Rules, RulesError
from dukec.engine.terrain import lay as lay_terrain
from dukec.limits import MAX_PLY, MAX_WIN_SCORE


class PositionError(ValueError):
    """A position that cannot be: the message names the offending entry, one problem a line."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


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


class _Problems:
    """The problems of one position, each filed under the top-level field it is about."""

    def __init__(self, data: dict[str, Any]) -> None:
        # Fields in the order the document gives them; "$" (the whole position) comes first.
        self._order = {key: index for index, key in enumerate(data)}
        self._found: list[tuple[str, str]] = []

    def add(self, field: str, message: str) -> None:
        self._found.append((field, message))

    def __len__(self) -> int:
        return len(self._found)

    def error(self) -> PositionError:
        """One error listing every problem in document order."""
        ordered = sorted(self._found, key=lambda found: self._order.get(found[0], -1))
        return PositionError(*(message for _field, message in ordered))

    def check(self) -> None:
        """Raise the problems found so far, if any."""
        if self._found:
            raise self.error()


def _is_owner(value: Any) -> bool:
    return value in (0, 1) and not isinstance(value, bool)


def _check_top(data: dict[str, Any], problems: _Problems) -> None:
    """The top-level checks of ``schemas/position.schema.json``, with messages naming the field."""
    for key in data:
        if key not in _KEYS:
            problems.add(key, f"$.{key}: unknown field (expected one of {sorted(_KEYS)})")
    for key in ("to_move", "board"):
        if key not in data:
            problems.add("$", f"$: missing field {key!r}")
    if "to_move" in data and not _is_owner(data["to_move"]):
        problems.add("to_move", "$.to_move: must be 0 or 1")
    bags = data.get("bags", [[], []])
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        problems.add("bags", "$.bags: must be two lists of tile names")
    for key in ("terrain", "flags", "frozen", "settled", "captured"):
        if not isinstance(data.get(key, []), list):
            problems.add(key, f"$.{key}: must be a list")
    if "drawn" in data and not isinstance(data["drawn"], str):
        problems.add("drawn", "$.drawn: must be a tile name")
    ply = data.get("ply", 0)
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= MAX_PLY:
        problems.add("ply", f"$.ply: must be a whole number from 0 to {MAX_PLY}")


def _list(data: dict[str, Any], key: str) -> list[Any]:
    """The list under ``key`` (empty if absent or not a list: that is reported apart)."""
    value = data.get(key, [])
    return value if isinstance(value, list) else []


def position_from_json(
    rules: Rules, data: Any, seed: int = 0, ply_limit: int | None = None
) -> Game:
    """A game in the position ``data`` describes (play under way, no set-up left).

    Raises one PositionError naming every problem found, one a line, in document order.
    """
    if not isinstance(data, dict):
        raise PositionError("$: a position is a JSON object")
    problems = _Problems(data)
    _check_top(data, problems)
    board = data.get("board", [])
    if not isinstance(board, list):
        problems.add("board", "$.board: must be a list of tiles")
        raise problems.error()
    if any(data.get(key) for key in _EXPANDED_KEYS) or _uses_expanded(rules, board):
        rules = rules.with_expanded()
    game = Game(rules, seed=seed, ply_limit=ply_limit, setup=False)
    seen = _read_board(game, board, problems)
    _read_bags(game, data.get("bags", [[], []]), problems)
    if rules.expanded is not None:
        _read_expanded(game, data, seen, problems)
    drawn = data.get("drawn")
    if isinstance(drawn, str):
        try:
            game.drawn = rules.type_named(drawn)
        except RulesError as problem:
            problems.add("drawn", f"drawn: {problem}")
        else:
            if rules.types[game.drawn].acts_as_duke:
                # Rulebook: a new tile is "a random Troop Tile from the player's bag", which
                # never holds the Duke.
                problems.add("drawn", f"drawn: {drawn} acts as the Duke: it is never drawn")
    if len(problems) == 0 and _is_owner(data.get("to_move")):
        _check_counts(game, int(data["to_move"]), "drawn" in data, problems)
    problems.check()
    game.to_move = int(data["to_move"])
    game.ply = int(data.get("ply", 0))
    if "drawn" in data:
        game.phase = Phase.PLACING
    if rules.expanded is not None:
        # Tiles under Dread now are frozen, as after the last action.
        dread.spread(game)
    return game


def _read_board(game: Game, board: list[Any], problems: _Problems) -> dict[int, str]:
    """Place the board's tiles; the squares they name, each with its first tile's description."""
    rules = game.rules
    geometry = rules.geometry
    seen: dict[int, str] = {}
    dukes: set[int] = set()
    for index, entry in enumerate(board):
        where = f"board[{index}]"
        if not isinstance(entry, dict) or set(entry) != _ENTRY_KEYS:
            problems.add("board", f"{where}: needs exactly the fields tile, owner, side and at")
            continue
        before = len(problems)
        name, at, owner, side = entry["tile"], entry["at"], entry["owner"], entry["side"]
        if not isinstance(name, str) or not isinstance(at, str):
            problems.add("board", f"{where}: tile and at must be strings")
        if not _is_owner(owner):
            problems.add("board", f"{where}: owner must be 0 or 1")
        square = geometry.parse(at) if isinstance(at, str) else None
        if isinstance(at, str) and square is None:
            problems.add(
                "board",
                f"{where}: square {at} is off the {geometry.files}x{geometry.ranks} board",
            )
        elif isinstance(at, str) and not _as_written(geometry, square, at, where, problems):
            square = None
        if square is not None:
            if square in seen:
                problems.add("board", f"{where}: square {at} already holds {seen[square]}")
            elif isinstance(name, str):
                seen[square] = f"{name} of player {owner}"
        tile = None
        if isinstance(name, str):
            try:
                tile = rules.type_named(name)
            except RulesError as problem:
                problems.add("board", f"{where}: {problem}")
        if tile is not None and _is_owner(owner) and rules.types[tile].acts_as_duke:
            if owner in dukes:
                problems.add(
                    "board", f"{where}: player {owner} already has a tile acting as the Duke"
                )
            dukes.add(owner)
        if side not in SIDE_NAMES:
            problems.add("board", f"{where}: unknown side {side!r} (front or back)")
        if len(problems) == before and square is not None and tile is not None:
            game.place_tile(square, tile, SIDE_NAMES.index(side), int(owner))
    return seen


def _read_bags(game: Game, bags: Any, problems: _Problems) -> None:
    """The tiles left in each bag (a bag that is not a list is reported apart)."""
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        return
    for owner, bag in enumerate(bags):
        tiles = []
        for index, name in enumerate(bag):
            if not isinstance(name, str):
                problems.add("bags", f"bags[{owner}][{index}]: must be a tile name")
                continue
            try:
                tile = game.rules.type_named(name)
            except RulesError as problem:
                problems.add("bags", f"bags[{owner}][{index}]: {problem}")
                continue
            if game.rules.types[tile].acts_as_duke:
                # Rulebook, set-up: "Both players set aside the Duke Tile ... and place all of
                # their remaining Troop Tiles into their bags."
                problems.add(
                    "bags", f"bags[{owner}][{index}]: {name} acts as the Duke: it is never in a bag"
                )
                continue
            tiles.append(tile)
        game.bags[owner] = sorted(tiles)


def _check_counts(game: Game, to_move: int, drawn: bool, problems: _Problems) -> None:
    """No player holds more copies of a tile (on the board, in the bag, drawn or captured)
    than the tile's count, or than its army starts with where an army borrows the other
    player's (rulebook, Dark Rider: "he'll need to use [...] Tiles from both bags"); nor do
    the two together hold more than twice the count."""
    rules = game.rules
    held: Counter[tuple[int, int, str]] = Counter()  # (owner, tile, where)
    for code in game.board:
        if code >= 0:
            held[code & 1, code >> 2, "on the board"] += 1
    for owner in (0, 1):
        for tile in game.bags[owner]:
            held[owner, tile, "in the bag"] += 1
        for tile in game.captured[owner]:
            held[owner, tile, "captured"] += 1
    if drawn:
        held[to_move, game.drawn, "drawn"] += 1
    army: Counter[tuple[int, int]] = Counter(
        [(step.owner, step.tile) for step in rules.setup]
        + [(owner, tile) for owner in (0, 1) for tile in rules.bags[owner]]
    )
    for tile in sorted({tile for _, tile, _ in held}):
        kind = rules.types[tile]
        totals = [0, 0]
        for owner in (0, 1):
            places = [(n, where) for (o, t, where), n in held.items() if (o, t) == (owner, tile)]
            totals[owner] = sum(n for n, _ in places)
            most = max(kind.count, army[owner, tile])
            if totals[owner] > most:
                shown = ", ".join(f"{n} {where}" for n, where in places)
                problems.add(
                    "$",
                    f"$: player {owner} has {totals[owner]} {kind.name} ({shown}), but the "
                    f"tile's count is {most}",
                )
        if sum(totals) > 2 * kind.count and len(problems) == 0:
            problems.add(
                "$", f"$: the players have {sum(totals)} {kind.name}, but they own {2 * kind.count}"
            )


def _uses_expanded(rules: Rules, board: list[Any]) -> bool:
    """Whether any tile of the position has a Dread or Defense icon or an ability."""
    extras = rules.extras
    if extras is None:
        return False
    for entry in board:
        name = entry.get("tile") if isinstance(entry, dict) else None
        index = rules.by_name.get(name) if isinstance(name, str) else None
        if index is None:
            continue
        kind = rules.types[index]
        if kind.abilities or any(
            i.icon.value in ("dread", "defense") for side in kind.sides for i in side
        ):
            return True
    return False


def _square(game: Game, text: Any, where: str, field: str, problems: _Problems) -> int | None:
    """The square named ``text``, or None (reported) if it is not a square of the board."""
    geometry = game.rules.geometry
    square = geometry.parse(text) if isinstance(text, str) else None
    if square is None:
        problems.add(field, f"{where}: {text!r} is not a square of the board")
    elif not _as_written(geometry, square, text, where, problems, field):
        return None
    return square


def _as_written(
    geometry: Geometry,
    square: int | None,
    text: str,
    where: str,
    problems: _Problems,
    field: str = "board",
) -> bool:
    """Whether ``text`` names ``square`` as notation writes it (``c2``: no capital, no space);
    if not, the problem is filed. A position is data a program writes, read as exactly."""
    if square is None or geometry.name(square) == text:
        return True
    problems.add(
        field, f"{where}: write the square {text!r} as notation does: {geometry.name(square)!r}"
    )
    return False


def _read_expanded(
    game: Game, data: dict[str, Any], seen: dict[int, str], problems: _Problems
) -> None:
    """Terrain, banners, the roaming tile, frozen tiles, scores and captured tiles of a position."""
    holds: dict[int, str] = {}
    _read_terrain(game, _list(data, "terrain"), seen, holds, problems)
    _read_flags(game, _list(data, "flags"), holds, problems)
    dragon = data.get("dragon")
    if dragon:
        _read_dragon(game, dragon, seen, problems)
    for key, target in (("frozen", game.frozen), ("settled", game.settled)):
        for index, text in enumerate(_list(data, key)):
            where = f"{key}[{index}]"
            square = _square(game, text, where, key, problems)
            if square is None:
                continue
            if square not in seen:
                problems.add(key, f"{where}: no tile stands on {text}")
            target.add(square)
    scores = data.get("scores", [0, 0])
    if not (
        isinstance(scores, list)
        and len(scores) == 2
        and all(isinstance(x, int) and 0 <= x <= MAX_WIN_SCORE for x in scores)
    ):
        problems.add("scores", f"scores: must be two whole numbers from 0 to {MAX_WIN_SCORE}")
    else:
        game.scores = [int(scores[0]), int(scores[1])]
    captured = data.get("captured", [[], []])
    if not isinstance(captured, list):
        return
    if not (len(captured) == 2 and all(isinstance(lost, list) for lost in captured)):
        problems.add("captured", "$.captured: must be two lists of tile names")
        return
    for owner, lost in enumerate(captured):
        for index, name in enumerate(lost):
            where = f"captured[{owner}][{index}]"
            if not isinstance(name, str):
                problems.add("captured", f"{where}: must be a tile name")
                continue
            try:
                tile = game.rules.type_named(name)
            except RulesError as problem:
                problems.add("captured", f"{where}: {problem}")
                continue
            game.captured[owner].append(tile)
            game.taken[owner ^ 1].append(tile)


def _read_terrain(
    game: Game,
    terrain: list[Any],
    seen: dict[int, str],
    holds: dict[int, str],
    problems: _Problems,
) -> None:
    """Terrain tiles lying on squares; ``holds`` gets what each square holds."""
    types = {t.name: t for t in game.extras.terrain_types}
    lying = [n for n, t in types.items() if not t.acts and not t.carried]
    for index, entry in enumerate(terrain):
        where = f"terrain[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"tile", "at"}:
            problems.add("terrain", f"{where}: needs exactly the fields tile and at")
            continue
        before = len(problems)
        name = entry["tile"]
        kind = types.get(name) if isinstance(name, str) else None
        if kind is None or kind.acts or kind.carried:
            problems.add(
                "terrain",
                f"{where}: {name!r} is not a terrain tile that lies on a square "
                f"(terrain: {', '.join(sorted(lying))}; "
                "flags go in 'flags', the tile that acts between turns in 'dragon')",
            )
            kind = None
        square = _square(game, entry["at"], where, "terrain", problems)
        if square is None:
            continue
        if square in holds:
            problems.add("terrain", f"{where}: square {entry['at']} already holds {holds[square]}")
            continue
        if kind is None:
            continue
        if square in seen and kind.occupants < 1:
            problems.add(
                "terrain", f"{where}: no tile may stand on {kind.name}, but {seen[square]} does"
            )
        holds[square] = kind.name
        if len(problems) == before:
            lay_terrain(game, square, kind.index)


def _read_flags(game: Game, flags: list[Any], holds: dict[int, str], problems: _Problems) -> None:
    """The flags on the board, on squares no other terrain tile holds."""
    flag_type = next((t.index for t in game.extras.terrain_types if t.carried), -1)
    for index, entry in enumerate(flags):
        where = f"flags[{index}]"
        if not isinstance(entry, dict) or "at" not in entry:
            problems.add("flags", f"{where}: a flag needs 'at' (and 'owner': 0, 1 or null)")
            continue
        if flag_type < 0:
            # Said once: every other flag has the same problem.
            problems.add(
                "flags", f"{where}: the tile set has no flag (a terrain tile that is carried)"
            )
            return
        before = len(problems)
        square = _square(game, entry["at"], where, "flags", problems)
        if square is not None and square in holds:
            problems.add("flags", f"{where}: square {entry['at']} already holds {holds[square]}")
            square = None
        owner = entry.get("owner")
        if owner not in (0, 1, None):
            problems.add("flags", f"{where}: owner must be 0, 1 or null")
        if square is not None:
            holds[square] = "a flag"
            if len(problems) == before:
                game.flags.append(Banner(square, -1 if owner is None else int(owner), flag_type))


def _read_dragon(game: Game, dragon: Any, seen: dict[int, str], problems: _Problems) -> None:
    """The terrain tile that acts between turns: where it is, which way it faces, its side."""
    where = "dragon"
    acting = [t for t in game.extras.terrain_types if t.acts]
    if not acting:
        problems.add(where, f"{where}: the tile set has no tile that acts between turns")
        return
    if not isinstance(dragon, dict) or "at" not in dragon:
        problems.add(where, f"{where}: needs 'at' (and 'facing', 'side')")
        return
    before = len(problems)
    square = _square(game, dragon["at"], where, where, problems)
    if square is not None and square in seen:
        problems.add(where, f"{where}: square {dragon['at']} already holds {seen[square]}")
    facing = dragon.get("facing", "right")
    if not isinstance(facing, str) or facing not in FACINGS:
        problems.add(where, f"{where}: facing is one of {', '.join(FACINGS)}")
    side = dragon.get("side", "front")
    if side not in SIDE_NAMES:
        problems.add(where, f"{where}: side is front or back")
    if square is None or len(problems) != before:
        return
    fx, fy = FACINGS[facing]
    game.dragon = Roamer(
        kind=acting[0].index,
        square=square,
        fx=fx,
        fy=fy,
        enraged=side == "back",
        rest=bool(dragon.get("rest", False)),
        reorient=bool(dragon.get("reorient", False)),
    )
    aim_dragon(game)


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
    if rules.expanded is not None:
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
                {"at": name(f.square), "owner": None if f.owner < 0 else f.owner}
                for f in game.flags
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
            data["captured"] = [sorted(rules.types[t].name for t in lost) for lost in game.captured]
    return data
