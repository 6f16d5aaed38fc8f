"""Terminal back-end: a tile card as lines of rich text, both sides side by side with a legend.

It uses the card layout's grid (``grid_bounds``: the same squares for both sides, never smaller
than 5x5 around the tile) and its palette; each icon's character is its declaration's
(``Icon.characters``); rich drops the colour when the output is no terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from dukec.icons import Icon
from dukec.workbench.grid import Bounds, grid_bounds, icons_by_square
from dukec.workbench.tiles import SIDES, PlacedIcon, TileView

OWN_SQUARE = "■"
SIDE_TITLES = {"front": "front (starting side)", "back": "back"}

GAP = "    "


def symbol(icon: PlacedIcon) -> str:
    """The character that stands for one icon on a square (a directed one points its way)."""
    return icon.icon.character(icon.direction)


def _style(icon: Icon) -> str:
    return f"bold {icon.hex_colour}"


def side_lines(tile: TileView, side: str, bounds: Bounds) -> list[Text]:
    """One side's grid drawn with box characters; every line has the same width."""
    squares = icons_by_square(tile.side(side))
    width = max([1, *(len(icons) for icons in squares.values())]) + 2
    rule = "─" * width

    def border(left: str, middle: str, right: str) -> Text:
        return Text(left + middle.join([rule] * bounds.cols) + right)

    lines = [border("┌", "┬", "┐")]
    for row, dy in enumerate(range(bounds.max_dy, bounds.min_dy - 1, -1)):
        if row:
            lines.append(border("├", "┼", "┤"))
        line = Text("│")
        for dx in range(bounds.min_dx, bounds.max_dx + 1):
            cell = Text()
            if (dx, dy) == (0, 0):
                cell.append(OWN_SQUARE, style="bold")
            for icon in squares.get((dx, dy), []):
                cell.append(symbol(icon), style=_style(icon.icon))
            padding = width - len(cell.plain)
            line.append(" " * (padding // 2))
            line.append_text(cell)
            line.append(" " * (padding - padding // 2) + "│")
        lines.append(line)
    lines.append(border("└", "┴", "┘"))
    return lines


def legend_lines(tile: TileView) -> list[Text]:
    """The legend: the tile's own square and every icon the tile shows."""
    used = {icon.icon for side in SIDES for icon in tile.side(side)}
    entries = [Text(f"{OWN_SQUARE} the tile")]
    for icon in sorted(used, key=Icon.sort_key):
        # A directed icon shows itself pointing forward and forward-right.
        characters = icon.characters[:2]
        entry = Text(characters, style=_style(icon))
        entry.append(f" {icon.label}", style="")
        entries.append(entry)
    return [Text("  ").join(entries)]


def header(tile: TileView) -> Text:
    """The tile's name with its kind, count, abilities and numerals."""
    text = Text(tile.name, style="bold")
    facts = [tile.kind, f"count {tile.count}"]
    facts += [
        f"{numeral} {ability}"
        for numeral, ability in zip(tile.numerals, tile.abilities, strict=True)
    ]
    if tile.acts_as_duke:
        facts.append("acts as duke")
    if tile.classes:
        facts.append(f"class {' '.join(tile.classes)}")
    if tile.kind == "terrain" and tile.caption:
        facts.append(tile.caption)
    text.append(f" ({', '.join(facts)})")
    return text


def card_lines(tile: TileView) -> list[Text]:
    """The whole card: header, both sides' grids side by side under their titles, the legend."""
    bounds = grid_bounds(tile)
    grids = [side_lines(tile, side, bounds) for side in SIDES]
    widths = [len(grid[0].plain) for grid in grids]
    titles = Text()
    for index, side in enumerate(SIDES):
        title = SIDE_TITLES[side]
        titles.append(title.ljust(widths[index]) + (GAP if index == 0 else ""))
    lines = [header(tile), Text(str(titles).rstrip())]
    for left, right in zip(*grids, strict=True):
        row = left.copy()
        row.append(GAP)
        row.append_text(right)
        lines.append(row)
    return [*lines, *legend_lines(tile)]


def plain(lines: Sequence[Text]) -> str:
    """The card as plain text (what a pipe or a file receives)."""
    return "\n".join(line.plain for line in lines) + "\n"
