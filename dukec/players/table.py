"""The search's transposition table: what it found in each position it searched.

An entry is keyed by the position's Zobrist key (:mod:`dukec.engine.zobrist`) and its ply (a
win's value and the ply limit depend on it), and holds the depth searched, whether the value is
exact or a bound, the value, and the best action. A value is used only at the depth it was
searched to, so the table never changes the result of a search to a fixed depth; entries of
other depths give their best action first.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from dukec.engine.actions import ActionTuple

if TYPE_CHECKING:
    from mypy_extensions import i64

EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2
#: Entries a table keeps before it is emptied (about 150 bytes each).
SIZE: Final = 100_000
#: Plies with numbers of their own (a ply's number wraps round after this many).
_PLIES: Final = 4096
_SEED: Final = 0x6A09E667F3BCC908

Entry = tuple[int, int, float, ActionTuple | None]


def _numbers(count: int) -> list[i64]:
    rng = random.Random(_SEED)
    return [rng.getrandbits(64) - (1 << 63) for _ in range(count)]


#: A number per ply, and one more for a chance node (the position before a draw, apart from
#: the same position's own node).
_PLY_NUMBERS: Final = _numbers(_PLIES + 1)


class Table:
    """Entries by position and ply (a dict: entries of the positions searched most recently
    are kept until it is full, then it starts over)."""

    def __init__(self) -> None:
        self.entries: dict[i64, Entry] = {}

    def key(self, position: i64, ply: int) -> i64:
        """The key of a position at a ply."""
        return position ^ _PLY_NUMBERS[ply % _PLIES]

    def chance_key(self, position: i64, ply: int) -> i64:
        """The key of the chance node of a draw from a position at a ply."""
        return position ^ _PLY_NUMBERS[ply % _PLIES] ^ _PLY_NUMBERS[_PLIES]

    def get(self, key: i64) -> Entry | None:
        """The entry of a key, if any."""
        return self.entries.get(key)

    def put(self, key: i64, depth: int, bound: int, value: float, move: ActionTuple | None) -> None:
        """Store what a search of ``depth`` found."""
        self.entries[key] = (depth, bound, value, move)

    def trim(self) -> None:
        """Start over if full (called between searches)."""
        if len(self.entries) > SIZE:
            self.entries.clear()

    def clear(self) -> None:
        """Forget every entry."""
        self.entries.clear()
