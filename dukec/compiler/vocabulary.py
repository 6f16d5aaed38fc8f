"""The closed vocabularies of the tile language: sides, abilities, kinds of tile, square names.

The icons are not among them: a tile set declares its own (:mod:`dukec.icons`,
:mod:`dukec.compiler.check_icons`).
"""

from __future__ import annotations

import enum
import re

__all__ = ["EMPTY", "OWN_SQUARE", "Ability", "Kind", "Side"]

OWN_SQUARE = "@"
EMPTY = "."


class Side(enum.StrEnum):
    """A tile side: front is the starting side, back the non-starting side."""

    FRONT = "front"
    BACK = "back"


class Ability(enum.StrEnum):
    """An enhanced ability; an enhanced tile shows its Roman numeral."""

    SUMMON = "summon"
    DIVINATION = "divination"
    ESCAPE = "escape"
    RANSOM = "ransom"

    @property
    def numeral(self) -> str:
        """The Roman numeral printed on a tile with this ability."""
        return _NUMERALS[self]


_NUMERALS: dict[Ability, str] = {
    Ability.SUMMON: "I",
    Ability.DIVINATION: "II",
    Ability.ESCAPE: "III",
    Ability.RANSOM: "IV",
}

ABILITY_BY_NUMERAL: dict[str, Ability] = {numeral: ab for ab, numeral in _NUMERALS.items()}


class Kind(enum.StrEnum):
    """A troop tile or a terrain tile."""

    TROOP = "troop"
    TERRAIN = "terrain"


_SQUARE = re.compile(r"^([a-z])([1-9][0-9]?)$")


def parse_square(name: str) -> tuple[int, int] | None:
    """A square's file index (a is 0) and rank (from 1), from its name (c12); None if not one."""
    match = _SQUARE.match(name)
    if match is None:
        return None
    return ord(match.group(1)) - ord("a"), int(match.group(2))


def is_numeral(word: str) -> bool:
    """True for a word written in Roman numeral letters (I, V, X, ...)."""
    return bool(word) and all(ch in "IVXLCDM" for ch in word)
