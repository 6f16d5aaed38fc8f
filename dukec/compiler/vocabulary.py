"""The closed vocabularies of the tile language: icons and their glyphs, sides, abilities,
square names."""

from __future__ import annotations

import enum
import re

from dukec.icons import ICON_BY_GLYPH, NEXT_TO_SQUARES, TWO_OUT_SQUARES, Icon

__all__ = ["EMPTY", "GLYPH_ORDER", "ICON_BY_GLYPH", "OWN_SQUARE", "Ability", "Icon", "Side"]


#: Glyph order inside one cell, as the decompiler writes it (the order of the icons' entries).
GLYPH_ORDER: tuple[str, ...] = tuple(icon.glyph for icon in Icon)

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


#: Offsets a Jump Slide glyph may sit at: two squares away on a straight or diagonal line.
JUMP_SLIDE_OFFSETS: frozenset[tuple[int, int]] = TWO_OUT_SQUARES

#: Offsets a Slide glyph may sit at: the eight squares next to the tile.
SLIDE_OFFSETS: frozenset[tuple[int, int]] = NEXT_TO_SQUARES
