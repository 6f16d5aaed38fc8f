"""Grid edits: a click on a square of a tile's grid, written back into the source text.

The page never writes .duke text itself: it sends the square clicked and gets the new source.
The side's grid is read from the syntax tree, the square changed (cycled through the icons
that may stand there, or set to given glyphs), and the grid's rows are rewritten by the
decompiler's `grid_lines`, so the rest of the text (comments, other statements) stays as
written.
"""

from __future__ import annotations

from collections.abc import Sequence

from dukec.compiler import CompileError, ast, parse_source
from dukec.compiler.decompile import grid_lines
from dukec.compiler.vocabulary import EMPTY, OWN_SQUARE
from dukec.icons import Vocabulary
from dukec.limits import MAX_OFFSET
from dukec.names import lookup
from dukec.studio.request import ApiError

Cells = dict[tuple[int, int], str]


def cycle(at: tuple[int, int], icons: Vocabulary) -> tuple[str, ...]:
    """What a click on the square at ``at`` steps through: empty, then each icon that may
    stand there alone (as its declaration's placement says: a Slide only next to the tile, a
    Jump Slide only two squares out in a line), in the order the tile set declares them."""
    return (EMPTY, *(icon.glyph for icon in icons if icon.placement.allows(at)))


def next_glyphs(current: str, at: tuple[int, int], icons: Vocabulary) -> str:
    """The cell after one click: the next in the cycle; a combination (`MC`) clears."""
    steps = cycle(at, icons)
    if current not in steps:
        return EMPTY
    return steps[(steps.index(current) + 1) % len(steps)]


def checked_glyphs(glyphs: str, at: tuple[int, int], icons: Vocabulary) -> str:
    """Glyphs asked for a square, checked: known letters, each once, allowed where they sit."""
    if glyphs == EMPTY:
        return EMPTY
    for glyph in glyphs:
        icon = icons.by_glyph.get(glyph)
        if icon is None:
            known = "".join(icons.glyphs)
            raise ApiError(400, f"'glyphs': {glyph!r} is not an icon glyph (one of {known})")
        if glyphs.count(glyph) > 1:
            raise ApiError(400, f"'glyphs': {glyph!r} is written twice")
        placement = icon.placement
        if not placement.allows(at):
            raise ApiError(400, f"'glyphs': a {icon.label} ({glyph}) sits {placement.sits}")
    return glyphs


def read_cells(grid: ast.SideGrid, where: str, icons: Vocabulary) -> Cells:
    """The written cells of a grid by offset from the tile (+dy forward), empty ones left out."""
    own = [
        (row_index, column)
        for row_index, row in enumerate(grid.rows)
        for column, cell in enumerate(row.cells)
        if cell.text == OWN_SQUARE
    ]
    if len(own) != 1:
        raise ApiError(422, f"{where}: the grid needs exactly one '@'; fix it in the text")
    own_row, own_column = own[0]
    cells: Cells = {}
    for row_index, row in enumerate(grid.rows):
        for column, cell in enumerate(row.cells):
            if cell.text in (EMPTY, OWN_SQUARE):
                continue
            if any(glyph not in icons.by_glyph for glyph in cell.text):
                raise ApiError(422, f"{where}: the cell {cell.text!r} is not icons; fix it first")
            cells[(column - own_column, own_row - row_index)] = cell.text
    return cells


def _icons(cells: Cells, icons: Vocabulary) -> list[dict[str, object]]:
    return [
        {"icon": icons.by_glyph[glyph].name, "at": [dx, dy]}
        for (dx, dy), text in cells.items()
        for glyph in text
    ]


def edit_grid(
    text: str,
    tile_name: str,
    side: str,
    at: tuple[int, int],
    glyphs: str | None,
    icons: Vocabulary,
) -> tuple[str, str]:
    """The source with one square of a tile's side changed, and the square's new glyphs.

    ``glyphs`` None cycles the square to its next icon (of ``icons``, the source's). ApiError
    for a source that does not parse (422), an unknown tile or side, or a square that cannot
    hold the glyphs (400).
    """
    if at == (0, 0):
        raise ApiError(400, "'at': [0, 0] is the tile's own square; it holds no icon")
    if max(abs(at[0]), abs(at[1])) > MAX_OFFSET:
        raise ApiError(400, f"'at': an icon lies at most {MAX_OFFSET} squares from its tile")
    try:
        source = parse_source(text, "source")
    except CompileError as error:
        raise ApiError(422, f"the source does not parse: {error.summary()}") from None
    tiles = {definition.name.text: definition for definition in source.tiles()}
    found = lookup(tile_name, tiles)
    if found is None:
        raise ApiError(404, f"no tile {tile_name!r} in the source")
    grid = next(
        (
            item
            for item in tiles[found].items
            if isinstance(item, ast.SideGrid) and item.side == side
        ),
        None,
    )
    where = f"{found}, {side}"
    if grid is None:
        raise ApiError(422, f"{where}: the tile has no {side} grid; write `{side} {{ @ }}` first")
    cells = read_cells(grid, where, icons)
    current = cells.get(at, EMPTY)
    new = next_glyphs(current, at, icons) if glyphs is None else checked_glyphs(glyphs, at, icons)
    if new == EMPTY:
        cells.pop(at, None)
    else:
        cells[at] = new
    rows = grid_lines(_icons(cells, icons), where, icons)
    return _splice(text, grid, rows, source.comments, where), new


def _splice(
    text: str, grid: ast.SideGrid, rows: Sequence[str], comments: Sequence[ast.Comment], where: str
) -> str:
    first, last = grid.rows[0].pos.line, grid.rows[-1].pos.line
    if any(first <= comment.pos.line <= last for comment in comments):
        raise ApiError(422, f"{where}: a comment sits among the grid's rows; edit it as text")
    lines = text.split("\n")
    written = lines[first - 1]
    indent = written[: len(written) - len(written.lstrip())]
    lines[first - 1 : last] = [indent + row for row in rows]
    return "\n".join(lines)
