"""The library's arguments, checked as the command line checks its options: the same ranges
(:mod:`dukec.limits`), a ``TypeError`` for a value of the wrong type (a bool is not a number),
a ``ValueError`` naming the argument and its range for one outside it; and paths, which every
function takes as ``str`` or ``os.PathLike``."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dukec.limits import MAX_BUDGET, MAX_GAMES, MAX_PLY, MAX_SEED, MAX_WORKERS

if TYPE_CHECKING:
    from dukec.engine.board import Geometry

#: A square as the library takes it: its name (``"c3"``) or its index (a1 = 0, b1 = 1, ...).
Square = str | int
#: What a path argument may be.
PathLike = str | os.PathLike[str]
#: Where a tile set comes from: sources or a compiled file (one path or several), by default
#: the base set.
Sources = PathLike | Sequence[PathLike] | None


def whole(name: str, value: Any, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if not least <= value <= most:
        raise ValueError(f"{name} must be from {least} to {most:,}, not {value:,}")
    return value


def seed(value: Any, name: str = "seed") -> int:
    """A seed: 0 to 2**64 - 1, as ``--seed`` takes."""
    return whole(name, value, 0, MAX_SEED)


def ply_limit(value: Any) -> int | None:
    """A ply limit (None: none), at least one turn, as ``--ply-limit`` takes."""
    return None if value is None else whole("ply_limit", value, 1, MAX_PLY)


def games(value: Any, least: int = 1) -> int:
    """A number of games, as ``--games`` takes."""
    return whole("games", value, least, MAX_GAMES)


def budget(value: Any) -> int:
    """Nodes a move of the search, as ``--budget`` takes."""
    return whole("budget", value, 1, MAX_BUDGET)


def workers(value: Any) -> int | None:
    """Worker processes (None: every core), as ``--workers`` takes."""
    return None if value is None else whole("workers", value, 1, MAX_WORKERS)


def name(value: Any, what: str) -> str | None:
    """A name (of a game set, a tile) or None."""
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{what} must be a name (a str), not {type(value).__name__}")
    return value


def player(value: Any) -> int | None:
    """A player: 0 the first, 1 the second (None: the player to act)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"player must be 0 or 1, not {type(value).__name__}")
    if value not in (0, 1):
        raise ValueError(f"player must be 0 or 1, not {value!r}")
    return value


def square(geometry: Geometry, value: Any) -> int:
    """A square of the board, given by its name (``"c3"``, in any case) or its index (a1 = 0,
    b1 = 1, ...)."""
    if isinstance(value, str):
        index = geometry.parse(value)
        if index is not None and geometry.name(index) == value.strip().lower():
            return index
    elif isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < geometry.size:
            return value
    else:
        raise TypeError(f"a square is a name such as 'c3' or an index, not {value!r}")
    raise ValueError(f"{value!r} is not a square of the {geometry.files}x{geometry.ranks} board")


def path(value: Any, what: str = "path") -> Path:
    """A path given as ``str`` or ``os.PathLike``."""
    if isinstance(value, str | os.PathLike):
        return Path(value)
    raise TypeError(f"{what} must be a str or an os.PathLike, not {type(value).__name__}")


def sources(value: Any, what: str = "tileset") -> list[Path] | None:
    """Where a tile set comes from: None (the base set), one path, or a list of paths."""
    if value is None:
        return None
    if isinstance(value, str | os.PathLike):
        return [Path(value)]
    if isinstance(value, list | tuple) and value:
        return [path(item, what) for item in value]
    if isinstance(value, list | tuple):
        raise ValueError(f"{what}: an empty list names no sources (None is the base set)")
    raise TypeError(
        f"{what} must be a path (str or os.PathLike), a list of paths, or None, "
        f"not {type(value).__name__}"
    )
