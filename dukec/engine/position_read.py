"""Reading a position (``schemas/position.schema.json``) into a new game: the top-level checks,
the board, the bags and the tile counts here; each feature reads its own part
(:meth:`dukec.engine.feature.Feature.read`), and :mod:`dukec.engine.position_phases` the phase
and what goes with it.

The game is made by the caller (:func:`read_game`'s ``make``): a position is read into the
game that :func:`dukec.engine.position.position_from_json` makes, and into the one a pickled game
is made again as (:meth:`dukec.engine.game.Game.__reduce__`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from dukec.engine.actions import BEFORE_PLAY
from dukec.engine.features import phase_fields, position_fields
from dukec.engine.position_phases import FEATURE_PHASES, phase_of, read_outcome, read_phase
from dukec.engine.position_problems import (
    PositionError,
    Problems,
    Reading,
    as_written,
    is_owner,
    tile_list,
    tile_pair,
)
from dukec.engine.rules import SIDE_NAMES, Rules, RulesError
from dukec.limits import MAX_PLY

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel

#: The kind of game a position is read into.
G = TypeVar("G", bound="Kernel")

_FEATURE_KEYS, _FEATURE_LISTS = position_fields()
#: Fields only the features' turn plays (a position that has them is played so).
_EXPANDED_KEYS = _FEATURE_KEYS | set(phase_fields().values()) | {"captured", "boxed", "taken"}
#: Every field a position may have.
_KEYS = _EXPANDED_KEYS | {
    "to_move",
    "board",
    "bags",
    "drawn",
    "ply",
    "phase",
    "setup",
    "result",
    "draws",
    "events",
}
_ENTRY_KEYS = {"tile", "owner", "side", "at"}


def _check_top(data: dict[str, Any], problems: Problems) -> None:
    """The top-level checks of ``schemas/position.schema.json``, with messages naming the field."""
    for key in data:
        if key not in _KEYS:
            problems.add(key, f"$.{key}: unknown field (expected one of {sorted(_KEYS)})")
    for key in ("to_move", "board"):
        if key not in data:
            problems.add("$", f"$: missing field {key!r}")
    if "to_move" in data and not is_owner(data["to_move"]):
        problems.add("to_move", "$.to_move: must be 0 or 1")
    bags = data.get("bags", [[], []])
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        problems.add("bags", "$.bags: must be two lists of tile names")
    for key in (*sorted(_FEATURE_LISTS), "captured", "boxed", "taken"):
        if not isinstance(data.get(key, []), list):
            problems.add(key, f"$.{key}: must be a list")
    if "drawn" in data and not isinstance(data["drawn"], str):
        problems.add("drawn", "$.drawn: must be a tile name")
    ply = data.get("ply", 0)
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= MAX_PLY:
        problems.add("ply", f"$.ply: must be a whole number from 0 to {MAX_PLY}")


def read_game(rules: Rules, data: Any, make: Callable[[Rules], G]) -> G:
    """The game ``make`` makes, before set-up, of ``rules`` (or of them with the features' turn
    forced on, where the position holds what only the features play), in the position ``data``
    describes, in any phase (:func:`dukec.engine.position.position_from_json` says more).

    Raises one PositionError naming every problem found, one a line, in document order.
    """
    if not isinstance(data, dict):
        raise PositionError("$: a position is a JSON object")
    problems = Problems(data)
    _check_top(data, problems)
    board = data.get("board", [])
    if not isinstance(board, list):
        problems.add("board", "$.board: must be a list of tiles")
        raise problems.error()
    phase = phase_of(data, problems, _FEATURE_KEYS)
    if (
        any(data.get(key) for key in _EXPANDED_KEYS)
        or phase in FEATURE_PHASES
        or _uses_expanded(rules, board)
    ):
        rules = rules.with_expanded()
    game = make(rules)
    seen = _read_board(game, board, problems)
    _read_bags(game, data.get("bags", [[], []]), problems)
    if phase in FEATURE_PHASES and rules.expanded is None:
        problems.add("phase", f"$.phase: the tile set has no features to play phase {phase}")
    if rules.expanded is not None:
        reading = Reading(data, problems, rules, seen)
        for part in game.registry.parts:
            part.read(game, reading)
    captured = tile_pair(rules, data, "captured", problems)
    for owner, lost in enumerate(captured):
        game.captured[owner] = lost
        game.taken[owner ^ 1] = list(lost)
    _read_drawn(game, data, problems)
    read_phase(game, data, phase, problems)
    read_outcome(game, data, problems)
    if len(problems) == 0 and is_owner(data.get("to_move")):
        _check_counts(game, int(data["to_move"]), problems)
    problems.check()
    game.to_move = int(data["to_move"])
    game.ply = int(data.get("ply", 0))
    if rules.expanded is not None and game.phase not in BEFORE_PLAY:
        for part in game.registry.parts:
            part.position_read(game)
    return game


def _read_drawn(game: Kernel, data: dict[str, Any], problems: Problems) -> None:
    """The tile the player to move drew and must place."""
    drawn = data.get("drawn")
    if not isinstance(drawn, str):
        return
    rules = game.rules
    try:
        game.drawn = rules.type_named(drawn)
    except RulesError as problem:
        problems.add("drawn", f"drawn: {problem}")
        return
    if rules.types[game.drawn].acts_as_duke:
        # Rulebook: a new tile is "a random Troop Tile from the player's bag", which never
        # holds the Duke.
        problems.add("drawn", f"drawn: {drawn} acts as the Duke: it is never drawn")


def _read_board(game: Kernel, board: list[Any], problems: Problems) -> dict[int, str]:
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
        if not is_owner(owner):
            problems.add("board", f"{where}: owner must be 0 or 1")
        square = geometry.parse(at) if isinstance(at, str) else None
        if isinstance(at, str) and square is None:
            problems.add(
                "board",
                f"{where}: square {at} is off the {geometry.files}x{geometry.ranks} board",
            )
        elif isinstance(at, str) and not as_written(geometry, square, at, where, problems):
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
        if tile is not None and is_owner(owner) and rules.types[tile].acts_as_duke:
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


def _read_bags(game: Kernel, bags: Any, problems: Problems) -> None:
    """The tiles left in each bag (a bag that is not a list is reported apart)."""
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        return
    for owner, bag in enumerate(bags):
        # Rulebook, set-up: "Both players set aside the Duke Tile ... and place all of their
        # remaining Troop Tiles into their bags."
        tiles = tile_list(game.rules, bag, f"bags[{owner}]", "bags", problems, "never in a bag")
        game.bags[owner] = sorted(tiles)


def _check_counts(game: Kernel, to_move: int, problems: Problems) -> None:
    """No player holds more copies of a tile (on the board, in the bag, drawn, drawn to choose
    from, boxed or captured) than the tile's count, or than its army starts with where an army
    borrows the other player's (rulebook, Dark Rider: "he'll need to use [...] Tiles from both
    bags"); nor do the two together hold more than twice the count."""
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
        for tile in game.boxed[owner]:
            held[owner, tile, "boxed"] += 1
    if game.drawn >= 0:
        held[to_move, game.drawn, "drawn"] += 1
    for tile in game.pending:
        held[to_move, tile, "drawn to choose from"] += 1
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
    """Whether any tile of the position has an icon a rule feature plays (an effect beyond the
    base game's, or an area group's) or an ability."""
    extras = rules.extras
    if extras is None:
        return False
    for entry in board:
        name = entry.get("tile") if isinstance(entry, dict) else None
        index = rules.by_name.get(name) if isinstance(name, str) else None
        if index is None:
            continue
        kind = rules.types[index]
        played = (i.icon.effect.of_feature or i.icon.area for side in kind.sides for i in side)
        if kind.abilities or any(played):
            return True
    return False
