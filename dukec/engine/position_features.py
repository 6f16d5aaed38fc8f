"""Reading the features' part of a position: terrain, banners, the roaming tile, frozen and
settled tiles, scores (see :mod:`dukec.engine.position`)."""

from __future__ import annotations

from typing import Any

from dukec.engine.dragon import Roamer
from dukec.engine.dragon import aim as aim_dragon
from dukec.engine.flags import Banner
from dukec.engine.game import Game
from dukec.engine.position_problems import Problems, listed, square_of
from dukec.engine.rules import SIDE_NAMES
from dukec.engine.terrain import lay as lay_terrain
from dukec.limits import MAX_WIN_SCORE

FACINGS = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


def _square(game: Game, text: Any, where: str, field: str, problems: Problems) -> int | None:
    return square_of(game.rules.geometry, text, where, field, problems)


def read_features(
    game: Game, data: dict[str, Any], seen: dict[int, str], problems: Problems
) -> None:
    """Terrain, banners, the roaming tile, frozen tiles and scores of a position."""
    holds: dict[int, str] = {}
    _read_terrain(game, listed(data, "terrain"), seen, holds, problems)
    _read_flags(game, listed(data, "flags"), holds, problems)
    dragon = data.get("dragon")
    if dragon:
        _read_dragon(game, dragon, seen, problems)
    for key, target in (("frozen", game.frozen), ("settled", game.settled)):
        for index, text in enumerate(listed(data, key)):
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


def _read_terrain(
    game: Game,
    terrain: list[Any],
    seen: dict[int, str],
    holds: dict[int, str],
    problems: Problems,
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


def _read_flags(game: Game, flags: list[Any], holds: dict[int, str], problems: Problems) -> None:
    """The flags on the board, each on a square that holds no other flag and no terrain tile but
    one that tiles may stand on."""
    flag_type = next((t.index for t in game.extras.terrain_types if t.carried), -1)
    # A tile carrying a flag may stand on terrain that tiles stand on, and leave it there.
    bears = {t.name for t in game.extras.terrain_types if t.occupants >= 1 and not t.carried}
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
        if square is not None and square in holds and holds[square] not in bears:
            problems.add("flags", f"{where}: square {entry['at']} already holds {holds[square]}")
            square = None
        owner = entry.get("owner")
        if owner not in (0, 1, None):
            problems.add("flags", f"{where}: owner must be 0, 1 or null")
        if square is not None:
            holds[square] = "a flag"
            if len(problems) == before:
                game.flags.append(Banner(square, -1 if owner is None else int(owner), flag_type))


def _read_dragon(game: Game, dragon: Any, seen: dict[int, str], problems: Problems) -> None:
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
