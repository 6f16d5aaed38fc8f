"""Check stage, grids: a side's grid of glyphs to the icons it shows, at (dx, dy) from its '@'.

Rows of equal length, exactly one '@', glyphs the tile set declares (:mod:`check_icons`) once
per cell, icons within reach, and a glyph where its icon's placement allows (an icon along a
line where its direction can be read).
"""

from __future__ import annotations

from dukec.compiler import ast
from dukec.compiler.check_icons import Declared
from dukec.compiler.check_report import Reporter
from dukec.compiler.diagnostics import Position, did_you_mean
from dukec.compiler.model import PlacedIcon
from dukec.compiler.vocabulary import EMPTY, OWN_SQUARE
from dukec.icons import Icon
from dukec.limits import MAX_OFFSET


def _span(first: Position, last: Position) -> Position:
    return Position(first.line, first.column, last.end_line, last.end_column)


def grid_icons(grid: ast.SideGrid, report: Reporter, declared: Declared) -> tuple[PlacedIcon, ...]:
    """The icons a grid shows, at offsets from its '@'; problems go to `report`."""
    side = grid.side.value
    if not grid.rows:
        report.error(grid.pos, f"the {side} grid is empty: it needs an '@' for the tile's square")
        return ()
    width = len(grid.rows[0].cells)
    ragged = False
    for row in grid.rows[1:]:
        if len(row.cells) != width:
            ragged = True
            span = _span(row.cells[0].pos, row.cells[-1].pos)
            report.error(
                span,
                f"ragged grid: this row has {len(row.cells)} cells, the first row of the "
                f"{side} grid has {width}; every row needs the same number of cells "
                f"(use '.' for an empty square)",
            )
    own: list[tuple[int, int, ast.Cell]] = []
    glyphs: list[tuple[int, int, ast.Cell, Icon]] = []
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row.cells):
            if OWN_SQUARE in cell.text:
                own.append((r, c, cell))
            if cell.text not in (OWN_SQUARE, EMPTY):
                glyphs += [(r, c, cell, icon) for icon in _cell_icons(cell, report, declared)]
    if not own:
        report.error(grid.pos, f"the {side} grid has no '@': mark the tile's own square with '@'")
        return ()
    first = own[0][2]
    for _, _, cell in own[1:]:
        report.error(
            cell.pos,
            f"a second '@' in the {side} grid: a grid has exactly one own square",
            report.note(first.pos, "the first '@' is here"),
        )
    if ragged:
        return ()
    r0, c0, _ = own[0]
    icons = []
    for r, c, cell, icon in glyphs:
        at = (c - c0, r0 - r)
        if max(abs(at[0]), abs(at[1])) > MAX_OFFSET:
            report.error(
                _glyph_position(cell, icon.glyph),
                f"this {icon.words} icon is {max(abs(at[0]), abs(at[1]))} "
                f"squares from '@'; an icon lies at most {MAX_OFFSET} squares away",
            )
            continue
        if _placement_ok(icon, at, cell, report):
            icons.append(PlacedIcon(icon, at, cell.pos))
    return tuple(sorted(icons, key=PlacedIcon.sort_key))


def _cell_icons(cell: ast.Cell, report: Reporter, declared: Declared) -> list[Icon]:
    if OWN_SQUARE in cell.text:
        report.error(
            cell.pos,
            f"icon on '@': the tile's own square cannot hold an icon; write '@' alone and "
            f"put '{cell.text.replace(OWN_SQUARE, '')}' on another square",
        )
        return []
    icons: list[Icon] = []
    for index, char in enumerate(cell.text):
        position = Position.point(cell.pos.line, cell.pos.column + index)
        vocabulary = declared.vocabulary
        by_glyph = vocabulary.by_glyph
        icon = by_glyph.get(char)
        if icon is None:
            if char in declared.in_error:
                continue  # its declaration's error says what is wrong
            hint = did_you_mean(char, by_glyph) if char.upper() in by_glyph else ""
            if char == EMPTY:
                report.error(position, "'.' marks an empty square and cannot share a cell")
                continue
            report.error(
                position,
                f"unknown glyph '{char}'{hint}"
                + ("" if hint else f" (glyphs: {vocabulary.legend()})"),
            )
        elif icon in icons:
            report.error(position, f"glyph '{char}' ({icon.label}) twice in one cell")
        else:
            icons.append(icon)
    return icons


def _placement_ok(icon: Icon, at: tuple[int, int], cell: ast.Cell, report: Reporter) -> bool:
    # A directed icon (a Slide, a Jump Slide) takes its direction from where the glyph sits.
    placement = icon.placement
    if placement.allows(at):
        return True
    report.error(
        _glyph_position(cell, icon.glyph),
        f"a {icon.label} glyph ('{icon.glyph}') must be "
        + placement.grid_error.format(at=_offset(at)),
    )
    return False


def _glyph_position(cell: ast.Cell, glyph: str) -> Position:
    return Position.point(cell.pos.line, cell.pos.column + max(cell.text.find(glyph), 0))


def _offset(at: tuple[int, int]) -> str:
    return f"({at[0]}, {at[1]})"
