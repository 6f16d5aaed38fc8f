"""The swap matrix as a self-contained HTML page: a heatmap in inline SVG, no script.

Each cell is coloured by the row army's score, blue below 50% through white to red above it,
and shows the score and its 95% interval; a cell whose interval excludes 50% has a bold frame.
The page's style is the balance report's.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.html import STYLE
from dukec.balance.stats import percent

CELL = 96
HEADER = 160
TOP = 70


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def colour(score: float) -> str:
    """The fill of a cell: white at 50%, deepening to red at 100% and to blue at 0%."""
    strength = min(1.0, abs(score - 0.5) * 2.0)
    target = (197, 48, 48) if score >= 0.5 else (43, 108, 176)
    red, green, blue = (round(255 + (c - 255) * strength) for c in target)
    return f"#{red:02x}{green:02x}{blue:02x}"


def heatmap_svg(document: dict[str, Any]) -> str:
    """The matrix's heatmap as one SVG element."""
    names: list[str] = document["tiles"]
    cells = {(cell["row"], cell["column"]): cell for cell in document["cells"]}
    size = len(names)
    width = HEADER + CELL * size + 10
    height = TOP + CELL * size + 10
    parts = []
    for j, column in enumerate(names):
        x = HEADER + CELL * j + CELL / 2
        parts.append(f'<text x="{x:.0f}" y="{TOP - 12}" text-anchor="middle">{_e(column)}</text>')
    for i, row in enumerate(names):
        y = TOP + CELL * i
        parts.append(
            f'<text x="{HEADER - 8}" y="{y + CELL / 2 + 4:.0f}" text-anchor="end">{_e(row)}</text>'
        )
        for j, column in enumerate(names):
            cell = cells[(row, column)]
            x = HEADER + CELL * j
            low, high = cell["score_ci95"]
            decided = cell["verdict"] in ("stronger", "weaker")
            frame = ' stroke="#1a202c" stroke-width="3"' if decided else ' stroke="#e2e8f0"'
            title = (
                f"{row} against {column}: {percent(cell['score'])} "
                f"(95% {percent(low)} to {percent(high)}), {cell['verdict']}, {cell['source']}"
            )
            interval = (
                "exact" if cell["source"] == "diagonal" else f"{percent(low)}-{percent(high)}"
            )
            parts.append(
                f'<g><title>{_e(title)}</title><rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
                f'height="{CELL - 4}" fill="{colour(cell["score"])}"{frame}/>'
                f'<text x="{x + CELL / 2:.0f}" y="{y + CELL / 2:.0f}" text-anchor="middle" '
                f'class="score">{_e(percent(cell["score"]))}</text>'
                f'<text x="{x + CELL / 2:.0f}" y="{y + CELL / 2 + 18:.0f}" text-anchor="middle" '
                f'class="small">{_e(interval)}</text></g>'
            )
    parts.append(
        f'<text x="{HEADER + CELL * size / 2:.0f}" y="16" text-anchor="middle" class="label">'
        "column: the army played against</text>"
        f'<text transform="translate(14 {TOP + CELL * size / 2:.0f}) rotate(-90)" '
        'text-anchor="middle" class="label">row: the army whose score is shown</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="swap matrix">{"".join(parts)}</svg>'
    )


def page(document: dict[str, Any]) -> str:
    """The whole page of a swap matrix's JSON document."""
    dominated = document["dominated"]
    if dominated:
        items = "".join(
            f"<li><b>{_e(tile)}</b>, beaten by {_e(', '.join(by))}</li>"
            for tile, by in dominated.items()
        )
        verdict = f"<ul>{items}</ul>"
    else:
        verdict = "<p>No tile is dominated.</p>"
    policies = document["policies"]
    shown = (
        policies["row"]
        if policies["row"] == policies["column"]
        else f"{policies['row']} (row) against {policies['column']} (column)"
    )
    stop = f", {document['stop']}" if document["stop"] else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dukec balance matrix: {_e(", ".join(document["tiles"]))}</title>
<style>{STYLE}
svg .score {{ font-size: 16px; font-weight: 600; }}</style>
</head>
<body>
<h1>Swap matrix: {_e(", ".join(document["tiles"]))}</h1>
<p>Each tile in turn takes the place of the {_e(document["slot"])} in game set
{_e(document["game"])}. A cell is the score of the army with the row's tile against the army
with the column's tile, over paired games, with its 95% interval; a bold frame marks an
interval that excludes 50%. Policy {_e(shown)}, seed {_e(document["seed"])}, up to
{_e(document["games_per_cell"])} games a cell{_e(stop)}.</p>
{heatmap_svg(document)}
<h2>Dominated tiles</h2>
<p>A tile is dominated when another tile in its place beats it, the whole 95% interval above
50%.</p>
{verdict}
</body>
</html>
"""


def write_page(path: Path, document: dict[str, Any]) -> None:
    """Write the page to ``path`` (whole or not at all)."""
    write_text_atomic(path, page(document))
