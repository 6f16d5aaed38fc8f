"""Actions, phases and results: the vocabulary every part of the engine shares.

An action is a 5-tuple ``(kind, frm, to, by, tile)`` of ints; :class:`Action` is the same tuple
with names, which prints in notation (it lives in the plain-Python :mod:`dukec.engine.facade`).
``frm``/``to`` are square indices, ``by`` the commanding tile's square of a command, ``tile``
the tile type of a forced draw (-1: drawn with the game's random source).
The kinds of game sets with features use the fields as :mod:`dukec.engine.turn` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from dukec.engine.facade import Action as Action  # given out here: the vocabulary's name

_MASK64 = (1 << 64) - 1

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


#: Each kind's name in records and notation's vocabulary, by kind.
KIND_NAMES = tuple(kind.name.lower() for kind in ActionKind)

# The kinds as plain numbers (Final: the compiled engine writes them in as constants); each
# is its ActionKind's value (tests/engine/test_actions.py holds them to it).
MOVE: Final = 0
STRIKE: Final = 1
COMMAND: Final = 2
DRAW: Final = 3
PLACE: Final = 4
# Game sets with features: abilities, banners, drafting.
FLAG_PASS: Final = 5
FLAG_PLACE: Final = 6
SUMMON: Final = 7
DIVINE: Final = 8
CHOOSE: Final = 9
ESCAPE: Final = 10
RANSOM: Final = 11
DRAFT: Final = 12


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
    seed and how many draws came before, so undoing a draw needs no saved generator state.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (draw_number + 1) * 0xD1B54A32D192ED03) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return z % bag_size
