"""The evaluation's terms beyond material: their names and order, a position's counts of them and
their weights, each as native fields (:mod:`dukec.players.evaluation` computes and weighs them).
"""

from __future__ import annotations

from typing import Final

#: The features beyond material, in the order of :attr:`Weights.terms`.
TERMS: Final = (
    "mobility",
    "control",
    "threats",
    "hanging",
    "defended",
    "duke_zone",
    "duke_guard",
    "duke_block",
    "duke_escape",
    "draw_room",
    "flip",
    "advance",
    "to_move",
    "hanging_to_move",
    "flip_to_move",
    "score",
    "objective",
    "banner",
)
#: The terms that are seat 0's count less seat 1's, first in TERMS and in a position's counts.
SEATED: Final = 12
#: Indices into TERMS (Final, so that compiled modules read them as constants).
MOBILITY: Final = 0
CONTROL: Final = 1
THREATS: Final = 2
HANGING: Final = 3
DEFENDED: Final = 4
ZONE: Final = 5
GUARD: Final = 6
BLOCK: Final = 7
ESCAPE: Final = 8
ROOM: Final = 9
FLIP: Final = 10
ADVANCE: Final = 11
TO_MOVE: Final = 12
HANGING_TO_MOVE: Final = 13
FLIP_TO_MOVE: Final = 14
SCORE: Final = 15
OBJECTIVE: Final = 16
BANNER: Final = 17


class Counts:
    """Each seat's figure of each of the :data:`SEATED` terms in one position (native
    integers: the evaluation writes and reads them without making an object)."""

    def __init__(self) -> None:
        self.mobility0 = self.mobility1 = self.control0 = self.control1 = 0
        self.threats0 = self.threats1 = self.hanging0 = self.hanging1 = 0
        self.defended0 = self.defended1 = self.zone0 = self.zone1 = 0
        self.guard0 = self.guard1 = self.block0 = self.block1 = 0
        self.escape0 = self.escape1 = self.room0 = self.room1 = 0
        self.flip0 = self.flip1 = self.advance0 = self.advance1 = 0

    def seated(self) -> list[int]:
        """``[term 0 of seat 0, term 0 of seat 1, term 1 of seat 0, ...]``, in TERMS order."""
        return [
            self.mobility0, self.mobility1, self.control0, self.control1,
            self.threats0, self.threats1, self.hanging0, self.hanging1,
            self.defended0, self.defended1, self.zone0, self.zone1,
            self.guard0, self.guard1, self.block0, self.block1,
            self.escape0, self.escape1, self.room0, self.room1,
            self.flip0, self.flip1, self.advance0, self.advance1,
        ]  # fmt: skip


class TermWeights:
    """The weight of each term, by name (native floats: the evaluation reads them without
    unboxing an object)."""

    def __init__(self, terms: tuple[float, ...]) -> None:
        if len(terms) != len(TERMS):
            raise ValueError(f"weights for {len(terms)} terms, not {len(TERMS)}")
        self.mobility = terms[MOBILITY]
        self.control = terms[CONTROL]
        self.threats = terms[THREATS]
        self.hanging = terms[HANGING]
        self.defended = terms[DEFENDED]
        self.zone = terms[ZONE]
        self.guard = terms[GUARD]
        self.block = terms[BLOCK]
        self.escape = terms[ESCAPE]
        self.room = terms[ROOM]
        self.flip = terms[FLIP]
        self.advance = terms[ADVANCE]
        self.to_move = terms[TO_MOVE]
        self.hanging_to_move = terms[HANGING_TO_MOVE]
        self.flip_to_move = terms[FLIP_TO_MOVE]
        self.score = terms[SCORE]
        self.objective = terms[OBJECTIVE]
        self.banner = terms[BANNER]
