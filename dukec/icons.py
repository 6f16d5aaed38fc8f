"""The movement icons: one vocabulary for the compiled JSON, the tile language and the engine.

Each icon is one entry of :data:`ENTRIES`, which says everything the rest of the toolchain needs
to know about it: where it reaches (its :class:`Geometry`), what it does there (its
:class:`Effect`), whether tiles in between stop it, where its glyph may stand (its
:class:`Placement`), its glyph and rulebook name, its shape and colour on a card and its
character in the terminal. The compiler's checks, the decompiler, the workbench (cards, the
terminal, describe, lint), the studio's editor and tune's edits read the entries rather than
naming icons. The order of the entries is the order of glyphs in a cell, of the legends and of
the studio's click cycle.

This module imports nothing of the project: the engine reads it too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Icon(enum.StrEnum):
    """A movement icon, named as in the compiled JSON (its entry is :data:`ENTRIES`)."""

    MOVE = "move"
    JUMP = "jump"
    SLIDE = "slide"
    JUMP_SLIDE = "jump_slide"
    STRIKE = "strike"
    COMMAND = "command"
    DREAD = "dread"
    DEFENSE = "defense"

    @property
    def entry(self) -> IconEntry:
        """Everything this icon is: geometry, effect, placement, glyph, pictures."""
        return ENTRIES[self]

    @property
    def glyph(self) -> str:
        """The one-letter glyph that stands for this icon in a grid."""
        return ENTRIES[self].glyph

    @property
    def label(self) -> str:
        """The icon's name as the rulebook prints it."""
        return ENTRIES[self].label

    @property
    def words(self) -> str:
        """The icon's name inside a sentence: "jump slide"."""
        return self.value.replace("_", " ")


class Geometry(enum.Enum):
    """Which squares an icon reaches from the tile, for an icon at offset (dx, dy)."""

    #: The square at its offset, along the straight line from the tile (whose squares terrain
    #: and, for a blocked icon, tiles in between may stop).
    STEP = "step"
    #: The square at its offset, jumped to along any shortest path (terrain may block a path).
    LEAP = "leap"
    #: Every square of the line toward its offset, from the next square to the board's edge.
    RAY = "ray"
    #: The same line from the second square on, leaping the first.
    LEAP_RAY = "leap_ray"
    #: The square at its offset alone: nothing between is looked at.
    SQUARE = "square"

    @property
    def directed(self) -> bool:
        """Whether the icon's offset is a direction (a line) rather than a square."""
        return self in (Geometry.RAY, Geometry.LEAP_RAY)

    @property
    def ray_start(self) -> int:
        """The first square of a line, in steps from the tile (1, or 2 after a leap)."""
        return 2 if self is Geometry.LEAP_RAY else 1


class Effect(enum.Enum):
    """What an icon does on the squares it reaches."""

    #: The tile moves there, capturing an enemy tile standing there.
    MOVE = "move"
    #: An enemy tile there is captured; the tile stays in place.
    STRIKE = "strike"
    #: A friendly tile there may be moved to another Command square instead of the tile moving.
    COMMAND = "command"
    #: An enemy tile there is frozen (the Dread icon).
    DREAD = "dread"
    #: A tile there is shielded from capture from some directions (the Defense icon).
    DEFENSE = "defense"

    @property
    def of_feature(self) -> bool:
        """Whether a rule feature plays this effect, not the base game's tables (an icon with
        it makes a game set one with features): it covers squares, it does not move there."""
        return self not in (Effect.MOVE, Effect.STRIKE, Effect.COMMAND)

    @property
    def captures(self) -> bool:
        """Whether the icon alone can capture an enemy tile."""
        return self in (Effect.MOVE, Effect.STRIKE)


#: The eight directions, clockwise from forward: the order of a directed icon's characters.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an icon's glyph may stand, with what each check says when it stands elsewhere.

    ``offsets`` None: anywhere within reach. Otherwise the offsets allowed, and: ``sits``
    (the studio: "a Slide (S) sits next to the tile"), ``grid_error`` (the language, with
    ``{at}``: "a Slide glyph ('S') must be ..."), ``json_error`` (a compiled set: "slide at
    [0, 2] is not ..."), ``draw_error`` (the decompiler: "... cannot be drawn: not ...").
    """

    offsets: frozenset[tuple[int, int]] | None = None
    sits: str = ""
    grid_error: str = ""
    json_error: str = ""
    draw_error: str = ""

    def allows(self, at: tuple[int, int]) -> bool:
        """Whether the glyph may stand at offset ``at`` (the tile's own square aside)."""
        return self.offsets is None or at in self.offsets


#: The eight squares next to the tile.
NEXT_TO_SQUARES: frozenset[tuple[int, int]] = frozenset(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
)

#: The eight squares two out from the tile on a straight or diagonal line.
TWO_OUT_SQUARES: frozenset[tuple[int, int]] = frozenset(
    (dx, dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2) if (dx, dy) != (0, 0)
)

#: Anywhere within reach of the tile.
ANYWHERE = Placement()

#: Next to the tile; where the glyph sits is the direction.
NEXT_TO = Placement(
    NEXT_TO_SQUARES,
    sits="next to the tile",
    grid_error="next to '@': it gives the direction of the slide, and this one is at {at}",
    json_error="next to the tile",
    draw_error="next to the tile",
)

#: Two squares out on a straight or diagonal line; where the glyph sits is the direction.
TWO_OUT = Placement(
    TWO_OUT_SQUARES,
    sits="two squares out in a line",
    grid_error="exactly two squares from '@' on a straight or diagonal line; {at} is not",
    json_error="two squares away in a line",
    draw_error="two squares in a line",
)

INK = "#1b1b1b"


@dataclass(frozen=True, slots=True)
class IconEntry:
    """One icon, declared once."""

    #: The letter that stands for it in a grid.
    glyph: str
    #: Its name as the rulebook prints it.
    label: str
    geometry: Geometry
    effect: Effect
    #: Whether a tile standing between the tile and a square it reaches stops it there.
    blocked: bool
    placement: Placement
    #: Its shape on a card: a name :mod:`dukec.workbench.icon_shapes` draws.
    shape: str
    #: Its colour on a card and in the terminal.
    colour: str
    #: Its character in the terminal; a directed icon has eight, one per :data:`DIRECTIONS`.
    characters: str

    def character(self, direction: tuple[int, int]) -> str:
        """The terminal character of the icon pointing ``direction`` (any, if undirected)."""
        if len(self.characters) == 1:
            return self.characters
        return self.characters[DIRECTIONS.index(direction)]


ENTRIES: dict[Icon, IconEntry] = {
    Icon.MOVE: IconEntry("M", "Move", Geometry.STEP, Effect.MOVE, True, ANYWHERE, "dot", INK, "●"),
    Icon.JUMP: IconEntry(
        "J", "Jump", Geometry.LEAP, Effect.MOVE, False, ANYWHERE, "ring", INK, "○"
    ),
    Icon.SLIDE: IconEntry(
        "S", "Slide", Geometry.RAY, Effect.MOVE, True, NEXT_TO, "arrow", INK, "↑↗→↘↓↙←↖"
    ),
    Icon.JUMP_SLIDE: IconEntry(
        "L",
        "Jump Slide",
        Geometry.LEAP_RAY,
        Effect.MOVE,
        True,
        TWO_OUT,
        "hollow_arrow",
        INK,
        "⇑⇗⇒⇘⇓⇙⇐⇖",
    ),
    Icon.STRIKE: IconEntry(
        "X", "Strike", Geometry.STEP, Effect.STRIKE, False, ANYWHERE, "star", "#b3261e", "✶"
    ),
    Icon.COMMAND: IconEntry(
        "C", "Command", Geometry.SQUARE, Effect.COMMAND, False, ANYWHERE, "crown", "#1d4f9c", "♔"
    ),
    Icon.DREAD: IconEntry(
        "D", "Dread", Geometry.SQUARE, Effect.DREAD, False, ANYWHERE, "spokes", "#6a1b9a", "✻"
    ),
    Icon.DEFENSE: IconEntry(
        "B", "Defense", Geometry.SQUARE, Effect.DEFENSE, False, ANYWHERE, "shield", "#2e7d32", "◆"
    ),
}

ICON_BY_GLYPH: dict[str, Icon] = {entry.glyph: icon for icon, entry in ENTRIES.items()}
