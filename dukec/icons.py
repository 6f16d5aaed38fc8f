"""The movement icons as data: the declaration of an icon, and the vocabulary of a tile set.

An icon is declared in the tile language (``icon move { glyph M  geometry step ... }``; the base
box's eight are ``tiles/icons.duke``) and compiled into the tile set's ``icons`` list. Each
declaration is an :class:`Icon`: where it reaches (its :class:`Geometry`), what it does there
(its :class:`Effect`), its modifiers (whether tiles in between stop it, what it may capture, a
path that must be clear, Defense it ignores, the area group it fires with), and how it is drawn
(its card shape and colour, its terminal characters). A tile set's icons, in declaration order
(the order of glyphs in a cell, of the legends and of the studio's click cycle), are its
:class:`Vocabulary`; every consumer (the compiler's checks, the engine's tables, cards, the
studio, the language server, tune, the search, reinforcement learning) reads the properties of
the declarations, never an icon's name.

:func:`dukec.icon_rules.problems` holds the rules of the algebra (which modifiers an effect and a
geometry take), for the compiler and for a JSON tile set alike; :mod:`dukec.icon_pictures` how a
declaration may be drawn (its shape, colour and characters, and their defaults). The base box's
vocabulary, for a tile set of the first format and for the compiler's prelude, is
:data:`BASE_FILE`, a copy of what ``tiles/icons.duke`` compiles to (``tests/test_icons.py`` keeps
them equal).

This module imports nothing of the project: the engine reads it too.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dukec.icon_pictures import (
    EFFECT_COLOURS,
    INK,
    PALETTE,
    SHAPES,
    Shape,
    default_shape,
)

__all__ = [
    "DIRECTIONS",
    "EFFECT_COLOURS",
    "FORMAT",
    "FORMAT_1",
    "INK",
    "MOVEMENTS",
    "PALETTE",
    "SHAPES",
    "Captures",
    "Effect",
    "Geometry",
    "Icon",
    "Placement",
    "Shape",
    "Vocabulary",
    "VocabularyError",
    "base",
    "default_shape",
    "hashed_form",
    "icon_dict",
    "icon_from_dict",
    "merged",
    "vocabulary_of",
]


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

    @property
    def passes(self) -> bool:
        """Whether the tile passes over squares on its way (a step's straight path, a line's
        squares before the one it ends on): what ``blocked`` and ``path clear`` are about. A
        leap and a square pass over none."""
        return self in (Geometry.STEP, Geometry.RAY, Geometry.LEAP_RAY)

    @property
    def movement(self) -> str:
        """How a tile moving by this geometry comes onto a square, as the tile set schema's
        terrain vocabulary (``enter_with``) names it: after the base box's icon of the
        geometry (a square reached alone is jumped to)."""
        return _MOVEMENTS[self]


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
        """Whether an icon of this effect alone may capture a tile (as its ``captures`` says)."""
        return self in (Effect.MOVE, Effect.STRIKE)


class Captures(enum.Enum):
    """What a Move or Strike icon may capture on the square it ends on."""

    #: An enemy tile (the base game's icons).
    ENEMIES = "enemies"
    #: None: the square must be empty (a non-capture icon).
    NOTHING = "nothing"
    #: A friendly tile as well as an enemy one (never its own player's tile acting as the Duke).
    ALL = "all"


#: How a tile comes onto a square, per geometry, in the schema's ``enter_with`` names.
_MOVEMENTS: dict[Geometry, str] = {
    Geometry.STEP: "move",
    Geometry.LEAP: "jump",
    Geometry.RAY: "slide",
    Geometry.LEAP_RAY: "jump_slide",
    Geometry.SQUARE: "jump",
}
#: What a Command comes onto a square by, in the same vocabulary.
COMMAND_MOVEMENT = "command"
#: Every movement terrain may admit (the schema's ``enter_with`` vocabulary), in its order.
MOVEMENTS: tuple[str, ...] = ("move", "jump", "slide", "jump_slide", COMMAND_MOVEMENT)


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
    grid_error="next to '@': it gives the direction of the line, and this one is at {at}",
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

_PLACEMENTS: dict[Geometry, Placement] = {Geometry.RAY: NEXT_TO, Geometry.LEAP_RAY: TWO_OUT}


# === The declaration ===


@dataclass(frozen=True, slots=True)
class Icon:
    """One declared icon: every property spelled out (what ``icons`` holds in the JSON)."""

    #: Its name in the compiled JSON, as declared (unique without regard to case).
    name: str
    #: The letter that stands for it in a grid.
    glyph: str
    #: Its name as the rulebook (or the card) prints it.
    label: str
    geometry: Geometry
    effect: Effect
    #: Whether a tile standing between the tile and a square it reaches stops it there (a
    #: step's; a line always stops at its first tile, a leap and a square never).
    blocked: bool
    #: What it may capture where it ends (a Move or a Strike).
    captures: Captures = Captures.ENEMIES
    #: Every square the tile passes over must be empty too.
    path_clear: bool = False
    #: Defense icons do not protect against it.
    ignores_defense: bool = False
    #: Its area group ("" none): the icons of one group on one side fire together.
    area: str = ""
    #: Its shape on a card: a name of :data:`SHAPES`.
    shape: str = "dot"
    #: Its colour on a card and in the terminal: a name of :data:`PALETTE`.
    colour: str = "ink"
    #: Its character in the terminal; a directed icon may have eight, one per
    #: :data:`DIRECTIONS`.
    characters: str = "●"
    #: Its position in the vocabulary (declaration order); not part of what it is.
    order: int = field(default=0, compare=False)

    @property
    def value(self) -> str:
        """Its name in the compiled JSON, as the icon enum of earlier versions spelled it."""
        return self.name

    @property
    def placement(self) -> Placement:
        """Where its glyph may stand: where a line's direction can be read, for a directed icon."""
        return _PLACEMENTS.get(self.geometry, ANYWHERE)

    @property
    def words(self) -> str:
        """The icon's label inside a sentence: "jump slide"."""
        return self.label.lower()

    @property
    def hex_colour(self) -> str:
        """Its colour as ``#rrggbb``."""
        return PALETTE[self.colour]

    @property
    def movement(self) -> str:
        """How it brings a tile onto a square, in the schema's ``enter_with`` names (a Command
        its own; a Strike, Dread and Defense bring none, and name their geometry's)."""
        return COMMAND_MOVEMENT if self.effect is Effect.COMMAND else self.geometry.movement

    @property
    def captures_any(self) -> bool:
        """Whether it may capture a tile at all (a Move or Strike that captures something)."""
        return self.effect.captures and self.captures is not Captures.NOTHING

    @property
    def stopped(self) -> bool:
        """Whether a tile on a square it passes over stops it (``blocked`` or ``path clear``)."""
        return self.geometry.passes and (self.blocked or self.path_clear)

    @property
    def modified(self) -> bool:
        """Whether the engine plays it apart from the base box's kind of icon (whose tables
        hold a blocked step, a leap, a line or a square that moves and captures an enemy, an
        unblocked step, leap or square that strikes one, a Command): it captures nothing or
        friend and foe, ignores Defense, fires in an area group, is a step that moves and that
        tiles in between do not stop, or a Strike that they stop or that runs along a line."""
        effect = self.effect
        return (
            self.captures is not Captures.ENEMIES
            or self.ignores_defense
            or bool(self.area)
            or (effect is Effect.MOVE and self.geometry is Geometry.STEP and not self.stopped)
            or (effect is Effect.STRIKE and (self.stopped or self.geometry.directed))
        )

    def character(self, direction: tuple[int, int]) -> str:
        """The terminal character of the icon pointing ``direction`` (any, if undirected)."""
        if len(self.characters) == 1:
            return self.characters
        return self.characters[DIRECTIONS.index(direction)]

    def sort_key(self) -> int:
        """Its position among the tile set's icons."""
        return self.order


def icon_dict(icon: Icon) -> dict[str, Any]:
    """One declaration as the tile set's JSON holds it (every property spelled out)."""
    return {
        "name": icon.name,
        "glyph": icon.glyph,
        "label": icon.label,
        "geometry": icon.geometry.value,
        "effect": icon.effect.value,
        "blocked": icon.blocked,
        "captures": icon.captures.value,
        "path_clear": icon.path_clear,
        "ignores_defense": icon.ignores_defense,
        "area": icon.area or None,
        "shape": icon.shape,
        "colour": icon.colour,
        "character": icon.characters,
    }


def icon_from_dict(data: Mapping[str, Any], order: int = 0) -> Icon:
    """A declaration from its JSON (schema-valid: every property there)."""
    return Icon(
        name=str(data["name"]),
        glyph=str(data["glyph"]),
        label=str(data["label"]),
        geometry=Geometry(data["geometry"]),
        effect=Effect(data["effect"]),
        blocked=bool(data["blocked"]),
        captures=Captures(data["captures"]),
        path_clear=bool(data["path_clear"]),
        ignores_defense=bool(data["ignores_defense"]),
        area=str(data["area"] or ""),
        shape=str(data["shape"]),
        colour=str(data["colour"]),
        characters=str(data["character"]),
        order=order,
    )


# === A tile set's icons ===


class VocabularyError(ValueError):
    """Icons that cannot make one vocabulary (a name or glyph twice)."""


class Vocabulary:
    """A tile set's icons in declaration order, by name (without regard to case) and by glyph."""

    def __init__(self, icons: Sequence[Icon]) -> None:
        ordered = tuple(replace(icon, order=index) for index, icon in enumerate(icons))
        self.icons: tuple[Icon, ...] = ordered
        self.by_name: dict[str, Icon] = {}
        self._folded: dict[str, Icon] = {}
        self.by_glyph: dict[str, Icon] = {}
        for icon in ordered:
            if icon.name.casefold() in self._folded:
                raise VocabularyError(f"icon {icon.name!r} is declared twice")
            if icon.glyph in self.by_glyph:
                raise VocabularyError(f"glyph {icon.glyph!r} is declared twice")
            self.by_name[icon.name] = icon
            self._folded[icon.name.casefold()] = icon
            self.by_glyph[icon.glyph] = icon

    def __iter__(self) -> Iterator[Icon]:
        return iter(self.icons)

    def __len__(self) -> int:
        return len(self.icons)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocabulary) and self.icons == other.icons

    def __hash__(self) -> int:
        return hash(self.icons)

    def __repr__(self) -> str:
        return f"Vocabulary({', '.join(icon.name for icon in self.icons)})"

    def named(self, name: str) -> Icon:
        """The icon named ``name`` as the JSON names it (KeyError if none)."""
        return self.by_name[name]

    def lookup(self, name: str) -> Icon | None:
        """The icon named ``name`` without regard to case, or None."""
        return self._folded.get(name.casefold())

    @property
    def glyphs(self) -> tuple[str, ...]:
        """The glyphs in declaration order: the order of glyphs in a cell."""
        return tuple(icon.glyph for icon in self.icons)

    def legend(self) -> str:
        """Every glyph with its icon, for an error: "M move, J jump, ..."."""
        return ", ".join(f"{icon.glyph} {icon.words}" for icon in self.icons)

    def to_json(self) -> list[dict[str, Any]]:
        """The tile set's ``icons`` list."""
        return [icon_dict(icon) for icon in self.icons]

    @property
    def areas(self) -> tuple[str, ...]:
        """The area groups its icons name, in order of first declaration."""
        return tuple(dict.fromkeys(icon.area for icon in self.icons if icon.area))

    @property
    def modified(self) -> bool:
        """Whether any icon has a modifier the base box's have none of."""
        return any(icon.modified for icon in self.icons)


def merged(first: Vocabulary, second: Vocabulary) -> Vocabulary:
    """``first``'s icons, then those of ``second`` it lacks (a tile set given beside another);
    VocabularyError where the two declare one name (or one glyph) otherwise."""
    icons = list(first)
    for icon in second:
        same = first.lookup(icon.name)
        if same is None:
            if icon.glyph in first.by_glyph:
                other = first.by_glyph[icon.glyph].name
                raise VocabularyError(
                    f"icon {icon.name!r} takes glyph {icon.glyph!r}, which is {other!r}'s"
                )
            icons.append(icon)
        elif same != icon or same.name != icon.name:
            raise VocabularyError(f"icon {icon.name!r} is declared otherwise in each tile set")
    return Vocabulary(icons) if len(icons) > len(first) else first


#: The base box's icons as the compiler emits them from ``tiles/icons.duke``.
BASE_FILE = Path(__file__).with_name("base_icons.json")


@functools.cache
def base() -> Vocabulary:
    """The base box's icons: every tile set's of the first format, and the compiler's prelude."""
    data = json.loads(BASE_FILE.read_text(encoding="utf-8"))
    return Vocabulary([icon_from_dict(item, index) for index, item in enumerate(data)])


FORMAT_1 = "duke-tileset/1"
FORMAT = "duke-tileset/2"


def vocabulary_of(tileset: Mapping[str, Any]) -> Vocabulary:
    """A tile set's icons: its ``icons`` list, or the base box's for the first format."""
    listed = tileset.get("icons")
    if listed is None or listed == _base_json():
        return base()
    return _vocabulary(json.dumps(listed, sort_keys=True))


@functools.cache
def _base_json() -> list[dict[str, Any]]:
    return base().to_json()


@functools.lru_cache(maxsize=64)
def _vocabulary(text: str) -> Vocabulary:
    return Vocabulary([icon_from_dict(item, i) for i, item in enumerate(json.loads(text))])


def is_base(tileset: Mapping[str, Any]) -> bool:
    """Whether a tile set's icons are the base box's (of either format)."""
    listed = tileset.get("icons")
    return listed is None or listed == _base_json()


def hashed_form(tileset: Mapping[str, Any]) -> Mapping[str, Any]:
    """What a tile set's hash is taken of: a tile set whose icons are the base box's is hashed
    as its first-format form (the same games, the same hash, whichever format it was written
    in: records of either replay against both)."""
    if tileset.get("format") != FORMAT or not is_base(tileset):
        return tileset
    return {**{k: v for k, v in tileset.items() if k != "icons"}, "format": FORMAT_1}
