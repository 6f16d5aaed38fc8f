"""Layout: how .duke text is set out, shared by the decompiler and the formatter.

Four spaces per block level; a grid's cells padded to its widest cell; a long list wrapped after
a comma, each further line's item under the first; an icon declaration on one line (its items
two spaces apart) where it was written so and fits, else one item a line.
"""

from __future__ import annotations

from collections.abc import Sequence

INDENT = "    "
WRAP = 80


def aligned_rows(cells: Sequence[Sequence[str]]) -> list[str]:
    """A grid's rows, every cell padded to the widest cell of the grid (the canonical layout)."""
    width = max((len(cell) for row in cells for cell in row), default=1)
    return [" ".join(cell.ljust(width) for cell in row).rstrip() for row in cells]


def wrapped(head: str, items: Sequence[str], indent: str) -> list[str]:
    """`head a, b, c` over as many lines as WRAP allows (with the trailing comma), aligned."""
    lines = [f"{indent}{head} {items[0]}"]
    for item in items[1:]:
        if len(lines[-1]) + len(item) + 3 > WRAP:
            lines[-1] += ","
            lines.append(f"{indent}{' ' * (len(head) + 1)}{item}")
        else:
            lines[-1] += f", {item}"
    return lines


#: The widest line an icon declaration is kept on one line at.
ICON_LINE = 100


def icon_lines(name: str, items: Sequence[tuple[str, str]], one_line: bool) -> list[str]:
    """An icon declaration's lines: ``items`` as (word, value as written), on one line when
    ``one_line`` and it fits in :data:`ICON_LINE`, else one item a line."""
    written = [f"{key} {value}" for key, value in items]
    line = f"icon {name} {{ {'  '.join(written)} }}" if written else f"icon {name} {{ }}"
    if one_line and len(line) <= ICON_LINE:
        return [line]
    return [f"icon {name} {{", *(f"{INDENT}{item}" for item in written), "}"]
