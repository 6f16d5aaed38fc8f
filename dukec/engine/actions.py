"""Actions, phases and results: the vocabulary every part of the engine shares.

An action is a 5-tuple ``(kind, frm, to, by, tile)`` of ints;
:class:`~dukec.engine.facade.Action` is the same tuple with names, which prints in notation (in
the plain-Python :mod:`dukec.engine.facade`, which builds on this module).
``frm``/``to`` are square indices, ``by`` the commanding tile's square of a command, ``tile``
the tile type of a forced draw (-1: drawn with the game's random source).
The kinds of game sets with features use the fields as :mod:`dukec.engine.turn` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF

ActionTuple = tuple[int, int, int, int, int]


class ActionKind(IntEnum):
    """What an action does."""

    MOVE = 0
    STRIKE = 1
    COMMAND = 2
    DRAW = 3
    PLACE = 4
    FLAG_PASS = 5
    FLAG_PLACE = 6
    SUMMON = 7
    DIVINE = 8
    CHOOSE = 9
    ESCAPE = 10
    RANSOM = 11
    DRAFT = 12
    AREA = 13
    SWAP = 14
    GRANT = 15


#: Each kind's name in records and notation's vocabulary, by kind.
KIND_NAMES = tuple(kind.name.lower() for kind in ActionKind)

# The kinds as plain numbers (Final: the compiled engine writes them in as constants); each
# is its ActionKind's value (tests/engine/test_actions.py holds them to it).
MOVE: Final = 0
STRIKE: Final = 1
COMMAND: Final = 2
DRAW: Final = 3
PLACE: Final = 4
# Game sets with features (each kind's owner: :mod:`dukec.engine.features`).
FLAG_PASS: Final = 5
FLAG_PLACE: Final = 6
SUMMON: Final = 7
DIVINE: Final = 8
CHOOSE: Final = 9
ESCAPE: Final = 10
RANSOM: Final = 11
DRAFT: Final = 12
#: An area group used (declared icons: :mod:`dukec.engine.area`).
AREA: Final = 13
#: A pack tile taken in place of a base tile, or the base tile kept (:mod:`dukec.engine.swaps`).
SWAP: Final = 14
#: An icon a terrain face grants its occupant used (:mod:`dukec.engine.terrain_faces`).
GRANT: Final = 15


class Phase(IntEnum):
    """Where the game is within a turn."""

    SETUP = 0
    PLAY = 1
    PLACING = 2
    # Expanded play only.
    DRAFT = 3
    FLAGS = 4
    CHOOSE = 5
    RELOCATE = 6
    SWAP = 7


#: The phases before play begins (set-up, and the features' before it and after it).
BEFORE_PLAY: Final = (Phase.SETUP, Phase.DRAFT, Phase.SWAP, Phase.FLAGS)
#: Per phase (by its value): whether it comes before play (a look-up, not a search of
#: :data:`BEFORE_PLAY`, for what runs after every action).
IS_BEFORE_PLAY: Final = tuple(phase in BEFORE_PLAY for phase in Phase)


class Reason(StrEnum):
    """Why a game ended."""

    DUKE_CAPTURED = "duke captured"
    NO_LEGAL_ACTION = "no legal action"
    PLY_LIMIT = "ply limit"
    RESIGNED = "resigned"
    # Alternate objectives.
    SCORE = "score"
    FLAG_HOME = "flag home"
    CAPTURED_TILES = "captured tiles"
    REACHED_EDGE = "reached edge"
    NO_TILES = "no tiles left"


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: the winner (None for the adjudicated ply-limit draw) and why."""

    winner: int | None
    reason: Reason

    def __str__(self) -> str:
        """``player 0 wins: duke captured``, or ``draw: ply limit``."""
        if self.winner is None:
            return f"draw: {self.reason}"
        return f"player {self.winner} wins: {self.reason}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Result:
        """The same result: it never changes (a compiled frozen class cannot be rebuilt field
        by field)."""
        return self


def draw_index(seed: int, draw_number: int, bag_size: int) -> int:
    """Which of ``bag_size`` tiles (in bag order) the ``draw_number``-th draw of a game takes.

    A counter-based generator (splitmix64 of seed and draw number): a draw depends only on the
    seed and how many draws came before, so undoing a draw needs no saved generator state. With
    ``M = 2**64``, it is ``z % bag_size`` for::

        z = (seed * 0x9E3779B97F4A7C15 + (draw_number + 1) * 0xD1B54A32D192ED03) % M
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M
        z ^= z >> 31

    worked out in 32-bit halves whose products stay below 2**49, so that the compiled engine
    keeps every number in a machine word (64-bit products would be Python's big integers).
    """
    n = draw_number + 1
    seed_hi: i64 = (seed >> 32) & _M32
    seed_lo: i64 = seed & _M32
    n_hi: i64 = (n >> 32) & _M32
    n_lo: i64 = n & _M32
    ah, al = _times(seed_hi, seed_lo, 0x9E3779B9, 0x7F4A7C15)
    bh, bl = _times(n_hi, n_lo, 0xD1B54A32, 0xD192ED03)
    lo: i64 = al + bl
    hi: i64 = (ah + bh + (lo >> 32)) & _M32
    hi, lo = _xorshift(hi, lo & _M32, 30)
    hi, lo = _times(hi, lo, 0xBF58476D, 0x1CE4E5B9)
    hi, lo = _xorshift(hi, lo, 27)
    hi, lo = _times(hi, lo, 0x94D049BB, 0x133111EB)
    hi, lo = _xorshift(hi, lo, 31)
    if bag_size < 0x80000000:
        size: i64 = bag_size
        return ((hi % size) << 32 | lo) % size
    return (int(hi) << 32 | int(lo)) % bag_size


def _times(hi: i64, lo: i64, ch: i64, cl: i64) -> tuple[i64, i64]:
    """``(hi * 2**32 + lo) * (ch * 2**32 + cl) % 2**64`` as its 32-bit halves."""
    cross: i64 = (_times32(hi, cl) + _times32(lo, ch)) & _M32
    # lo * cl = p * 2**16 + (lo & 0xFFFF) * cl, with p = (lo >> 16) * cl.
    p: i64 = (lo >> 16) * cl
    s: i64 = ((p & _M16) << 16) + (lo & _M16) * cl
    return ((p >> 16) + (s >> 32) + cross) & _M32, s & _M32


def _times32(a: i64, c: i64) -> i64:
    """``a * c % 2**32`` (``a`` and ``c`` below 2**32)."""
    return ((((a * (c >> 16)) & _M16) << 16) + a * (c & _M16)) & _M32


def _xorshift(hi: i64, lo: i64, n: i64) -> tuple[i64, i64]:
    """``z ^ (z >> n)`` of ``z = hi * 2**32 + lo`` as its 32-bit halves (``n`` below 32)."""
    return hi ^ (hi >> n), lo ^ (((hi << (32 - n)) | (lo >> n)) & _M32)
