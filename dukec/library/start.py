"""Where a library game starts: a position (its one-line text, its JSON dict, or the set-up) on
the rules of a tile set's game set, and the engine's game made there.

:class:`~dukec.library.game.Game` keeps the :class:`Start` it was made from, so that a copy or a
pickle of it starts where it did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dukec import arguments

if TYPE_CHECKING:
    from dukec.engine.game import Game as EngineGame
    from dukec.engine.rules import Rules

#: A position as the library takes it: its one-line text, its JSON dict, or None (the set-up).
Position = str | Mapping[str, Any] | None


@dataclass(frozen=True, slots=True)
class Start:
    """What a game was made from: the tile set dict (checked), and the JSON position it began
    at (None: the set-up of the game set)."""

    tileset: dict[str, Any]
    position: dict[str, Any] | None


def begin(
    position: Position,
    set_name: str | None,
    tileset: Mapping[str, Any] | arguments.Sources,
    seed: int,
    ply_limit: int | None,
) -> tuple[Start, EngineGame]:
    """The start of a game and the engine's game there, every argument checked as
    :class:`~dukec.library.game.Game` documents them."""
    from dukec.library.tilesets import rules_and_data

    seed = arguments.seed(seed)
    ply_limit = arguments.ply_limit(ply_limit)
    start: dict[str, Any] | None = None
    if isinstance(position, str):
        from dukec.engine.position_text import check_fits, read_position_text

        read = read_position_text(position)
        rules, data = rules_and_data(tileset, set_name or read.set_name)
        check_fits(read, rules)
        start = read.data
    else:
        if isinstance(position, Mapping):
            start = dict(position)
        elif position is not None:
            raise TypeError(
                "position must be a position text (str), a JSON position (dict) or None, "
                f"not {type(position).__name__}"
            )
        rules, data = rules_and_data(tileset, set_name)
    return Start(data, start), engine_game(rules, start, seed, ply_limit)


def engine_game(
    rules: Rules, start: dict[str, Any] | None, seed: int, ply_limit: int | None
) -> EngineGame:
    """The engine's game of ``rules`` at its set-up (``start`` None) or at a JSON position."""
    from dukec.engine.game import Game as EngineGame

    if start is None:
        return EngineGame(rules, seed=seed, ply_limit=ply_limit)
    from dukec.engine.position import position_from_json

    return position_from_json(rules, start, seed=seed, ply_limit=ply_limit)
