"""The movement icons: one vocabulary for the compiled JSON, the tile language and the engine."""

from __future__ import annotations

import enum


class Icon(enum.StrEnum):
    """A movement icon, named as in the compiled JSON."""

    MOVE = "move"
    JUMP = "jump"
    SLIDE = "slide"
    JUMP_SLIDE = "jump_slide"
    STRIKE = "strike"
    COMMAND = "command"
    DREAD = "dread"
    DEFENSE = "defense"

    @property
    def glyph(self) -> str:
        """The one-letter glyph that stands for this icon in a grid."""
        return _GLYPHS[self]

    @property
    def label(self) -> str:
        """The icon's name as the rulebook prints it."""
        return self.value.replace("_", " ").title()


_GLYPHS: dict[Icon, str] = {
    Icon.MOVE: "M",
    Icon.JUMP: "J",
    Icon.SLIDE: "S",
    Icon.JUMP_SLIDE: "L",
    Icon.STRIKE: "X",
    Icon.COMMAND: "C",
    Icon.DREAD: "D",
    Icon.DEFENSE: "B",
}

ICON_BY_GLYPH: dict[str, Icon] = {glyph: icon for icon, glyph in _GLYPHS.items()}
