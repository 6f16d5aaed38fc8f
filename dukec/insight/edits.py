"""Small edits of a tile: remove, add or move one icon, or flip which side starts.

Every edit of a tile is enumerated, in a fixed order: the flip; each icon removed (sides front
then back, icons in the tile's order); each icon added (side, icon, square); each icon moved
one square in each of the eight directions (side, icon, direction). Icons sit within two
squares of the tile (the printed 5x5 grid); Slides only next to it and Jump Slides only two
squares away in a line, as the grid can draw them. The icons added are the base box's icons that
move or strike and any other icon the tile already carries, in the tile set's order; the
icons are the tile set's declarations (:mod:`dukec.icons`). An edited tile is checked by the
compiler (its text, with the declarations of the icons it shows, compiled through the front
door): what does not compile is no candidate.

A left-right symmetric tile is edited in steps that keep it so: an edit together with its
mirror image (``mirrored_step``), or alone where it is its own mirror image.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dukec.compiler import CompileError, compile_source
from dukec.compiler.decompile import declared_icons, icon_text, tile_text
from dukec.compiler.vocabulary import Side
from dukec.icons import Icon, Vocabulary, base

REACH = 2
"""How far from the tile an icon may sit, in squares (the printed tile's grid is 5x5)."""


def basic_icons() -> tuple[Icon, ...]:
    """The icons an edit may add to any tile: the base box's that move or strike, as their
    declarations say (others only where the tile already carries them)."""
    return tuple(icon for icon in base() if icon.effect.captures)


SQUARES = tuple(
    (dx, dy)
    for dy in range(REACH, -REACH - 1, -1)
    for dx in range(-REACH, REACH + 1)
    if (dx, dy) != (0, 0)
)
"""The squares an icon may sit on, as offsets, top row first, left to right."""

STEPS = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight directions an icon may move one square in."""


class EditKind(StrEnum):
    """What an edit does."""

    FLIP = "flip"
    REMOVE = "remove"
    ADD = "add"
    MOVE = "move"


@dataclass(frozen=True, slots=True)
class Edit:
    """One small change to a tile: which side, which icon, where from and where to."""

    kind: EditKind
    side: Side | None = None
    icon: Icon | None = None
    at: tuple[int, int] | None = None
    to: tuple[int, int] | None = None

    def describe(self) -> str:
        """The edit in words: 'remove jump at [2, 2] from the back'."""
        if self.kind is EditKind.FLIP:
            return "flip the sides: the back becomes the starting side"
        icon = self.icon.value if self.icon is not None else "?"
        if self.kind is EditKind.REMOVE:
            return f"remove {icon} at {_square(self.at)} from the {self.side}"
        if self.kind is EditKind.ADD:
            return f"add {icon} at {_square(self.at)} to the {self.side}"
        return f"move {icon} on the {self.side} from {_square(self.at)} to {_square(self.to)}"

    def to_json(self) -> dict[str, Any]:
        """The edit for JSON."""
        return {
            "kind": self.kind.value,
            "side": self.side.value if self.side is not None else None,
            "icon": self.icon.value if self.icon is not None else None,
            "at": list(self.at) if self.at is not None else None,
            "to": list(self.to) if self.to is not None else None,
            "text": self.describe(),
        }

    def mirror(self) -> Edit:
        """The same edit reflected left to right (a square's x negated)."""
        return Edit(
            self.kind,
            self.side,
            self.icon,
            (-self.at[0], self.at[1]) if self.at is not None else None,
            (-self.to[0], self.to[1]) if self.to is not None else None,
        )

    def apply(self, tile: dict[str, Any]) -> dict[str, Any]:
        """A copy of the compiled tile ``tile`` with this edit made (not yet checked)."""
        result = copy.deepcopy(tile)
        sides = result["sides"]
        if self.kind is EditKind.FLIP:
            sides["front"], sides["back"] = sides["back"], sides["front"]
            flipped = {"front": "back", "back": "front"}
            for ability, on in result.get("ability_sides", {}).items():
                result["ability_sides"][ability] = sorted(flipped[side] for side in on)
            return result
        assert self.side is not None and self.icon is not None and self.at is not None
        icons: list[dict[str, Any]] = sides[self.side.value]["icons"]
        if self.kind in (EditKind.REMOVE, EditKind.MOVE):
            icons.remove({"icon": self.icon.value, "at": list(self.at)})
        if self.kind is EditKind.ADD:
            icons.append({"icon": self.icon.value, "at": list(self.at)})
        if self.kind is EditKind.MOVE:
            assert self.to is not None
            icons.append({"icon": self.icon.value, "at": list(self.to)})
        return result


def describe_step(step: Sequence[Edit]) -> str:
    """A step in words: its edit, and its mirror image when it has one."""
    return step[0].describe() + (" (and its mirror image)" if len(step) > 1 else "")


def symmetric(tile: dict[str, Any]) -> bool:
    """Whether each side of the compiled tile is its own mirror image, left to right."""
    for side in Side:
        placed = Counter(
            (str(item["icon"]), (int(item["at"][0]), int(item["at"][1])))
            for item in tile["sides"][side.value]["icons"]
        )
        if placed != Counter((icon, (-x, y)) for icon, (x, y) in placed.elements()):
            return False
    return True


def mirrored_step(edit: Edit, tile: dict[str, Any]) -> tuple[tuple[Edit, ...], dict[str, Any]]:
    """The step that keeps a symmetric tile symmetric: the edit with its mirror image, or the
    edit alone when it is its own (the flip, an icon on the middle column), and the tile the
    step makes (not yet checked); ValueError when the two clash (both move one icon)."""
    image = edit.mirror()
    if image == edit:
        return (edit,), edit.apply(tile)
    if edit.to is not None and edit.to == image.to:
        raise ValueError("the edit and its mirror image move two icons onto one square")
    return (edit, image), image.apply(edit.apply(tile))


def _square(at: tuple[int, int] | None) -> str:
    return f"[{at[0]}, {at[1]}]" if at is not None else "[?]"


def _placed(
    tile: dict[str, Any], side: Side, icons: Vocabulary | None = None
) -> list[tuple[Icon, tuple[int, int]]]:
    vocabulary = icons if icons is not None else base()
    return [
        (vocabulary.named(item["icon"]), (int(item["at"][0]), int(item["at"][1])))
        for item in tile["sides"][side.value]["icons"]
    ]


def squares_for(icon: Icon) -> tuple[tuple[int, int], ...]:
    """The squares ``icon`` may sit on (within reach, where its declaration's placement
    allows)."""
    placement = icon.placement
    return tuple(square for square in SQUARES if placement.allows(square))


def addable_icons(tile: dict[str, Any], icons: Vocabulary | None = None) -> tuple[Icon, ...]:
    """The basic icons, then any other the tile carries, in the vocabulary's order (``icons``:
    the tile set's, by default the base box's)."""
    vocabulary = icons if icons is not None else base()
    carried = {icon.name for side in Side for icon, _ in _placed(tile, side, vocabulary)}
    basic = {icon.name for icon in basic_icons()}
    return tuple(icon for icon in vocabulary if icon.name in basic or icon.name in carried)


def single_edits(tile: dict[str, Any], icons: Vocabulary | None = None) -> list[Edit]:
    """Every single edit of a compiled tile (its icons of ``icons``, by default the base
    box's), in the fixed order of the module's docstring."""
    return list(_single_edits(tile, icons if icons is not None else base()))


def _single_edits(tile: dict[str, Any], icons: Vocabulary) -> Iterator[Edit]:
    yield Edit(EditKind.FLIP)
    for side in Side:
        for icon, at in _placed(tile, side, icons):
            yield Edit(EditKind.REMOVE, side, icon, at)
    for side in Side:
        present = set(_placed(tile, side, icons))
        for icon in addable_icons(tile, icons):
            for at in squares_for(icon):
                if (icon, at) not in present:
                    yield Edit(EditKind.ADD, side, icon, at)
    for side in Side:
        present = set(_placed(tile, side, icons))
        for icon, at in _placed(tile, side, icons):
            allowed = squares_for(icon)
            for dx, dy in STEPS:
                to = (at[0] + dx, at[1] + dy)
                if to in allowed and (icon, to) not in present:
                    yield Edit(EditKind.MOVE, side, icon, at, to)


def tile_key(tile: dict[str, Any]) -> str:
    """A canonical text of a compiled tile: equal keys, the same tile."""
    return json.dumps(tile, sort_keys=True, separators=(",", ":"))


def checked(
    tile: dict[str, Any], edits: Sequence[Edit], icons: Vocabulary | None = None
) -> dict[str, Any] | None:
    """The compiled tile that ``edits`` made, as the compiler reads it, or None if it does
    not compile (its text, with the declarations of the tile set's icons beyond the base box's
    (``icons``), compiled through the compiler's front door, must pass the schema)."""
    vocabulary = icons if icons is not None else base()
    try:
        declared = "".join(
            icon_text(icon) for icon in declared_icons({"icons": vocabulary.to_json()})
        )
        text = declared + tile_text(tile, vocabulary)
        compiled = compile_source(text, f"<{tile['name']}: {len(edits)} edits>")
    except CompileError:
        return None
    tiles: list[dict[str, Any]] = compiled["tiles"]
    return tiles[0]
