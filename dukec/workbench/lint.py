"""Lint: design warnings about tiles that compile but are probably not what was meant.

Each warning has a code; a tile silences codes with a comment inside its definition or
directly above it: ``# lint: allow no-capture, same-sides`` (``allow all`` silences every code).

Codes:
- ``unusable-icon``: an icon so far from the tile that it lands off a 6x6 board from every square.
- ``same-sides``: the back shows exactly the front's icons, so flipping changes nothing.
- ``duplicate-icon``: an icon that another icon on the same side already gives on that square:
  a Move on a square that also holds a Jump, or that a Slide or Jump Slide along the same line
  reaches; a Jump on a Jump Slide's own square. (The same glyph twice in one cell is already a
  compile error.)
- ``lone-command``: a side with a single Command square: Command moves a tile from one Command
  square to another, so one square alone never does anything.
- ``no-capture``: a troop tile that can capture with neither side.
- ``no-backward``: a troop tile that moves itself toward its owner's edge with neither side.
- ``redundant-jump``: a Jump next to the tile: there is nothing to jump over, a Move does the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dukec.compiler import ast
from dukec.compiler.diagnostics import Diagnostic, Position, SourceTexts, render_diagnostic
from dukec.compiler.driver import Analysis, analyze
from dukec.compiler.model import PlacedIcon, Tile
from dukec.compiler.sources import collect
from dukec.compiler.vocabulary import Kind, Side
from dukec.icons import Effect, Geometry, Icon, Vocabulary, base

BOARD = 6

CODES = (
    "unusable-icon",
    "same-sides",
    "duplicate-icon",
    "lone-command",
    "no-capture",
    "no-backward",
    "redundant-jump",
)

_ALLOW = re.compile(r"#\s*lint:\s*allow\s+(?P<codes>[a-z-]+(?:\s*,\s*[a-z-]+)*)\s*$")


@dataclass(frozen=True, slots=True)
class LintReport:
    """Every warning of a run (sorted by position), the compile errors met, the texts read."""

    warnings: tuple[Diagnostic, ...]
    errors: tuple[Diagnostic, ...]
    texts: SourceTexts
    files: int

    def render_warnings(self) -> str:
        """Each warning with its source line and caret."""
        return "\n".join(render_diagnostic(w, self.texts) for w in self.warnings)


def _unit(value: int) -> int:
    return (value > 0) - (value < 0)


def _on_ray(at: tuple[int, int], start: tuple[int, int]) -> int:
    """How many steps of the direction of ``start`` reach ``at``, or 0 if ``at`` is off its line."""
    step = (_unit(start[0]), _unit(start[1]))
    for k in range(1, 2 * BOARD):
        if (step[0] * k, step[1] * k) == at:
            return k
    return 0


def _adjacent(at: tuple[int, int]) -> bool:
    return max(abs(at[0]), abs(at[1])) == 1


def _describe(at: tuple[int, int]) -> str:
    return f"({at[0]}, {at[1]})"


def side_warnings(
    icons: Sequence[PlacedIcon], vocabulary: Vocabulary | None = None
) -> list[tuple[str, PlacedIcon, str]]:
    """(code, icon, reason) for everything wrong with one side's icons (of ``vocabulary``, by
    default the base box's)."""
    vocabulary = vocabulary if vocabulary is not None else base()
    found: list[tuple[str, PlacedIcon, str]] = []
    at_square: dict[tuple[int, int], set[Icon]] = {}
    for icon in icons:
        at_square.setdefault(icon.at, set()).add(icon.icon)
    for icon in icons:
        dx, dy = icon.at
        if not icon.icon.geometry.directed and max(abs(dx), abs(dy)) >= BOARD:
            found.append(
                (
                    "unusable-icon",
                    icon,
                    f"{icon.icon.label} at {_describe(icon.at)} lands off a {BOARD}x{BOARD} "
                    "board from every square",
                )
            )
        found += _duplicates(icon, icons, at_square, vocabulary)
    commands = [icon for icon in icons if icon.icon.effect is Effect.COMMAND]
    if len(commands) == 1:
        found.append(
            (
                "lone-command",
                commands[0],
                "the only Command square on this side: a Command moves a tile from one Command "
                "square to another",
            )
        )
    return found


def _same_kind(icon: Icon, other: Icon) -> bool:
    """Whether two icons do the same on the squares they reach: the same effect, capturing the
    same, as Defense and area groups go."""
    return (
        icon.effect is other.effect
        and icon.captures is other.captures
        and icon.ignores_defense == other.ignores_defense
        and icon.area == other.area
    )


def _kin(icon: Icon, geometry: Geometry, vocabulary: Vocabulary) -> Icon | None:
    """The declared icon of this geometry that does what ``icon`` does (a Move is the stepping
    icon that moves; a blocked one, where the geometry is a step)."""
    return next(
        (
            i
            for i in vocabulary
            if i.geometry is geometry
            and _same_kind(i, icon)
            and (geometry is not Geometry.STEP or i.stopped)
        ),
        None,
    )


def _duplicates(
    icon: PlacedIcon,
    icons: Sequence[PlacedIcon],
    at_square: dict[tuple[int, int], set[Icon]],
    vocabulary: Vocabulary,
) -> list[tuple[str, PlacedIcon, str]]:
    """What an icon that does the same on this side already gives: a leap next to the tile (a
    step does the same), a step where a leap also is, a step on the line of a ray that tiles
    in between stop as they stop the step, a step or leap a leaping ray already reaches."""
    found: list[tuple[str, PlacedIcon, str]] = []
    entry = icon.icon
    step = _kin(entry, Geometry.STEP, vocabulary)
    if entry.geometry is Geometry.LEAP and _adjacent(icon.at) and step is not None:
        also = ""
        if step in at_square[icon.at]:
            also = f" (the {step.label} on this square already does)"
        found.append(
            (
                "redundant-jump",
                icon,
                f"a {icon.icon.label} next to the tile has nothing to jump over: a {step.label} "
                "does the same" + also,
            )
        )
    leap = _kin(entry, Geometry.LEAP, vocabulary)
    if (
        entry.geometry is Geometry.STEP
        and not _adjacent(icon.at)
        and leap is not None
        and leap in at_square[icon.at]
    ):
        found.append(
            (
                "duplicate-icon",
                icon,
                f"the {leap.label} on this square already goes there: the {icon.icon.label} "
                "adds nothing",
            )
        )
    for other in icons:
        ray = other.icon
        if not _same_kind(ray, entry):
            continue
        if (
            ray.geometry is Geometry.RAY
            and entry.geometry is Geometry.STEP
            and ray.stopped == entry.stopped
            and _on_ray(icon.at, other.at) >= 1
        ):
            found.append(
                (
                    "duplicate-icon",
                    icon,
                    f"the {other.icon.label} toward {_describe(other.at)} already reaches this "
                    f"square the same way: the {icon.icon.label} adds nothing",
                )
            )
        if ray.geometry is Geometry.LEAP_RAY and (
            (entry.geometry is Geometry.STEP and _on_ray(icon.at, other.at) >= 2)
            or (entry.geometry is Geometry.LEAP and icon.at == other.at)
        ):
            found.append(
                (
                    "duplicate-icon",
                    icon,
                    f"the {other.icon.label} toward {_describe(other.at)} already reaches this "
                    f"square: the {icon.icon.label} adds nothing",
                )
            )
    return found


def _can_capture(icons: Sequence[PlacedIcon]) -> bool:
    commands = sum(1 for icon in icons if icon.icon.effect is Effect.COMMAND)
    return commands >= 2 or any(icon.icon.captures_any for icon in icons)


def _can_move_backward(icons: Sequence[PlacedIcon]) -> bool:
    return any(icon.icon.effect is Effect.MOVE and icon.at[1] < 0 for icon in icons)


def _glyph_position(icon: PlacedIcon, path: str, texts: SourceTexts) -> Position:
    """The icon's own glyph inside its cell (a cell may hold several glyphs)."""
    line = texts.line(path, icon.pos.line)
    if line is None:
        return icon.pos
    cell = line[icon.pos.column - 1 : icon.pos.end_column - 1]
    index = cell.find(icon.icon.glyph)
    return Position.point(icon.pos.line, icon.pos.column + max(index, 0))


def tile_warnings(
    tile: Tile,
    definition: ast.TileDef | None,
    texts: SourceTexts,
    vocabulary: Vocabulary | None = None,
) -> list[Diagnostic]:
    """Every warning about one tile (its icons of ``vocabulary``), before silencing."""
    found: list[Diagnostic] = []

    def warn(code: str, position: Position | None, reason: str) -> None:
        found.append(Diagnostic(tile.path, position, f"{reason} [{code}]", severity="warning"))

    for side in Side:
        for code, icon, reason in side_warnings(tile.icons(side), vocabulary):
            warn(code, _glyph_position(icon, tile.path, texts), f"{side.value}: {reason}")
    front, back = set(tile.icons(Side.FRONT)), set(tile.icons(Side.BACK))
    if front and front == back:
        grids = [
            item
            for item in (definition.items if definition else ())
            if isinstance(item, ast.SideGrid)
        ]
        where = next((g.pos for g in grids if g.side is Side.BACK), tile.name_pos)
        warn(
            "same-sides",
            Position.point(where.line, where.column, 4),
            "the back shows the same icons as the front: flipping changes nothing",
        )
    if tile.kind is Kind.TROOP:
        every = [*tile.icons(Side.FRONT), *tile.icons(Side.BACK)]
        if not _can_capture(tile.icons(Side.FRONT)) and not _can_capture(tile.icons(Side.BACK)):
            warn("no-capture", tile.name_pos, f"{tile.name} cannot capture with either side")
        if not _can_move_backward(every):
            warn(
                "no-backward",
                tile.name_pos,
                f"{tile.name} never moves backward (toward its owner's edge) with either side",
            )
    return found


def allowed_codes(definition: ast.TileDef, source: ast.SourceFile, texts: SourceTexts) -> set[str]:
    """The codes a tile silences with `# lint: allow ...` inside it or in the comments above it."""
    first, last = definition.pos.line, definition.pos.end_line
    lines = {comment.pos.line: comment for comment in source.comments}
    above = first - 1
    while above in lines and not (texts.line(source.path, above) or "").split("#")[0].strip():
        above -= 1
    codes: set[str] = set()
    for comment in source.comments:
        if above < comment.pos.line <= last:
            match = _ALLOW.match(comment.text.strip())
            if match:
                codes.update(code.strip() for code in match.group("codes").split(","))
    return codes


def lint_paths(paths: Iterable[Path]) -> LintReport:
    """Check the sources and warn about every tile in them (a file that extends the base set is
    checked on it, and only its own tiles are warned about)."""
    paths = list(paths)
    report = lint_analysis(analyze(paths))
    found, _ = collect(paths)
    given = {shown for _path, shown in found}
    mine = tuple(w for w in report.warnings if w.path in given)
    return LintReport(mine, report.errors, report.texts, len(given))


def lint_analysis(analysis: Analysis) -> LintReport:
    """Warn about every tile of sources already analysed (an editor's texts, say)."""
    warnings: list[Diagnostic] = []
    definitions = {
        (source.path, definition.name.text): (definition, source)
        for source in analysis.sources
        for definition in source.tiles()
    }
    for tile in analysis.program.tiles:
        definition, source = definitions.get((tile.path, tile.name), (None, None))
        allowed: set[str] = set()
        if definition is not None and source is not None:
            allowed = allowed_codes(definition, source, analysis.texts)
        for warning in tile_warnings(tile, definition, analysis.texts, analysis.program.icons):
            code = warning.code
            if code not in allowed and "all" not in allowed:
                warnings.append(warning)
    warnings.sort(key=Diagnostic.sort_key)
    return LintReport(tuple(warnings), analysis.diagnostics, analysis.texts, len(analysis.sources))
