"""The rules of the icons' algebra: which modifiers each effect and geometry take, what a glyph,
a shape, a colour and the characters must be. One place for the compiler (which reports each at
the item that wrote it, :mod:`dukec.compiler.check_icons`) and for a JSON tile set
(:mod:`dukec.compiler.consistency`).
"""

from __future__ import annotations

from dukec.icon_pictures import PALETTE, SHAPES
from dukec.icons import DIRECTIONS, Captures, Effect, Geometry, Icon


def problems(icon: Icon) -> list[tuple[str, str]]:
    """What is wrong with a declaration, as (property, message): the modifiers its effect and
    geometry cannot take, a glyph that is no letter, a shape or colour no card has, characters
    of the wrong count. One place for the compiler and for a JSON tile set."""
    found: list[tuple[str, str]] = []
    effect, geometry = icon.effect, icon.geometry
    what = f"a {effect.value} icon"
    if len(icon.glyph) != 1 or not icon.glyph.isalpha():
        found.append(("glyph", f"a glyph is one letter, not {icon.glyph!r}"))
    if effect in (Effect.COMMAND, Effect.DREAD, Effect.DEFENSE) and geometry is not Geometry.SQUARE:
        found.append(
            ("geometry", f"{what} acts on the square it stands on alone: its geometry is square")
        )
    if icon.blocked and not geometry.passes:
        found.append(("blocked", f"a {geometry.value} passes over no square: nothing can block it"))
    if not icon.blocked and geometry.directed:
        found.append(("blocked", "a line always ends at the first tile on it: it is blocked"))
    if icon.captures is not Captures.ENEMIES and not effect.captures:
        found.append(
            ("captures", f"{what} captures nothing itself: only a Move or a Strike has 'captures'")
        )
    if icon.captures is Captures.NOTHING and effect is Effect.STRIKE:
        found.append(("captures", "a Strike that captures nothing does nothing"))
    if icon.path_clear and not (geometry.passes and effect.captures):
        found.append(
            (
                "path_clear",
                f"{what} with geometry {geometry.value} passes over no square: "
                "'path clear' is for a Move or Strike that steps or slides",
            )
        )
    if icon.ignores_defense and not icon.captures_any:
        found.append(
            (
                "ignores_defense",
                f"{what} that captures nothing has no Defense to ignore"
                if effect.captures
                else f"{what} captures nothing: only a Move or a Strike can "
                "ignore Defense (a Command always does)",
            )
        )
    if icon.area and effect is not Effect.STRIKE:
        found.append(("area", f"an area group is of Strike icons; {what} cannot join one"))
    if icon.area and geometry.directed:
        found.append(
            (
                "area",
                "an area group's Strikes hit squares, not lines: its geometry is "
                "step, leap or square",
            )
        )
    if icon.shape not in SHAPES:
        found.append(("shape", f"unknown shape {icon.shape!r}"))
    if icon.colour not in PALETTE:
        found.append(("colour", f"unknown colour {icon.colour!r}"))
    count = len(icon.characters)
    if count != 1 and not (geometry.directed and count == len(DIRECTIONS)):
        found.append(
            (
                "character",
                f"one character, or eight (one per direction, clockwise from forward) "
                f"for an icon along a line; this has {count}",
            )
            if geometry.directed
            else (
                "character",
                f"one character for an icon of geometry {geometry.value}; this has {count}",
            )
        )
    return found
