"""The swap matrix as a self-contained HTML page: a heatmap in inline SVG, no script.

Each cell is coloured by the row army's Elo against the column army, blue below 0 through
white to red above it (full colour from ±400 Elo on), with a legend in Elo under the map; it
shows the Elo, the score's 95% interval and the cell's verdict. A bold frame marks a cell
where one tile dominates the other (after Holm's correction over the whole matrix). Under the
map: the tiles' ratings, whether one strength per tile explains the cells, the dominated tiles.
The page's style is the balance report's.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.html import STYLE
from dukec.stats.bradley_terry import Rating
from dukec.stats.stats import chance, percent

CELL = 96
HEADER = 160
TOP = 70
LEGEND = 64
FULL = 400.0
"""The Elo at which a cell's colour is full."""
STEPS = (-400, -300, -200, -100, -50, 0, 50, 100, 200, 300, 400)
"""The legend's swatches."""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def colour(elo: float | None, score: float) -> str:
    """The fill of a cell of ``elo`` (None for a 0% or 100% score): white at 0, deepening to
    red at +400 and beyond, to blue at -400 and beyond."""
    value = elo if elo is not None else (FULL if score > 0.5 else -FULL)
    strength = min(1.0, abs(value) / FULL)
    target = (197, 48, 48) if value >= 0 else (43, 108, 176)
    red, green, blue = (round(255 + (c - 255) * strength) for c in target)
    return f"#{red:02x}{green:02x}{blue:02x}"


def _elo_text(elo: float | None, score: float) -> str:
    if elo is None:
        return "all won" if score > 0.5 else "all lost"
    return f"{round(elo):+d}"


def legend(x: float, y: float) -> str:
    """The colour legend: one swatch per step of ``STEPS``, labelled in Elo."""
    width = 44
    parts = [
        f'<text x="{x}" y="{y - 6}" class="label">row army\'s Elo against the column army '
        f"(full colour from ±{FULL:.0f})</text>"
    ]
    for k, step in enumerate(STEPS):
        left = x + k * width
        parts.append(
            f'<rect x="{left}" y="{y}" width="{width - 2}" height="16" '
            f'fill="{colour(step, 0.5)}" stroke="#e2e8f0"/>'
            f'<text x="{left + width / 2 - 1:.0f}" y="{y + 30}" text-anchor="middle" '
            f'class="small">{step:+d}</text>'
        )
    return "".join(parts)


def heatmap_svg(document: dict[str, Any]) -> str:
    """The matrix's heatmap, with its legend, as one SVG element."""
    names: list[str] = document["tiles"]
    cells = {(cell["row"], cell["column"]): cell for cell in document["cells"]}
    framed = _framed(document)
    size = len(names)
    width = max(HEADER + CELL * size + 10, HEADER + 44 * len(STEPS) + 10)
    height = TOP + CELL * size + 10 + LEGEND
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
            parts.append(_cell(cells[(row, column)], HEADER + CELL * j, y, (row, column) in framed))
    parts.append(
        f'<text x="{HEADER + CELL * size / 2:.0f}" y="16" text-anchor="middle" class="label">'
        "column: the army played against</text>"
        f'<text transform="translate(14 {TOP + CELL * size / 2:.0f}) rotate(-90)" '
        'text-anchor="middle" class="label">row: the army whose result is shown</text>'
    )
    parts.append(legend(HEADER, TOP + CELL * size + 30))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="swap matrix">{"".join(parts)}</svg>'
    )


def _framed(document: dict[str, Any]) -> set[tuple[str, str]]:
    """The cells (both orders) of every dominated tile and a tile dominating it."""
    found = set()
    for loser, winners in document["dominated"].items():
        for winner in winners:
            found.update({(winner, loser), (loser, winner)})
    return found


def _cell(cell: dict[str, Any], x: float, y: float, framed: bool) -> str:
    low, high = cell["score_ci95"]
    frame = ' stroke="#1a202c" stroke-width="3"' if framed else ' stroke="#e2e8f0"'
    title = (
        f"{cell['row']} against {cell['column']}: {percent(cell['score'])} "
        f"(95% {percent(low)} to {percent(high)}), {cell['verdict_words']}, {cell['source']}"
    )
    exact = cell["source"] == "diagonal"
    interval = "50.0%" if exact else f"{percent(low)}-{percent(high)}"
    middle = x + CELL / 2
    return (
        f'<g><title>{_e(title)}</title><rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
        f'height="{CELL - 4}" fill="{colour(cell["elo"], cell["score"])}"{frame}/>'
        f'<text x="{middle:.0f}" y="{y + 36}" text-anchor="middle" class="score">'
        f"{_e(_elo_text(cell['elo'], cell['score']))}</text>"
        f'<text x="{middle:.0f}" y="{y + 54}" text-anchor="middle" class="small">'
        f"{_e(interval)}</text>"
        f'<text x="{middle:.0f}" y="{y + 70}" text-anchor="middle" class="small">'
        f"{_e(cell['verdict'])}</text></g>"
    )


def _count(cells: int) -> str:
    return f"{cells} tested cell{'' if cells == 1 else 's'}"


def ratings_section(document: dict[str, Any]) -> str:
    """The tiles' ratings as a table, and the test of one strength per tile."""
    ratings = document["ratings"]
    if not ratings["tiles"]:
        return f"<p>No ratings: {_e(ratings['note'])}.</p>"
    rows = "".join(
        f"<tr><td>{_e(rating.name)}</td><td>{_e(rating.shown())}</td><td>"
        f"{_e('(anchor)' if rating.name == ratings['anchor'] else rating.span())}</td>"
        f"<td>{rating.games}</td></tr>"
        for rating in (Rating.from_json(entry["tile"], entry) for entry in ratings["tiles"])
    )
    edge = ratings["row_policy_edge"]
    edge_text = ""
    if edge is not None:
        rating = Rating.from_json("edge", edge)
        edge_text = (
            f"<p>The row policy's edge over the column's, fitted beside the tiles: "
            f"{_e(rating.shown())} Elo (95% {_e(rating.span())}).</p>"
        )
    return f"""<p>One strength per tile, fitted to every played cell at once (the cells say how
each pair of tiles fares head to head in this slot; the ratings sum them up, where one strength
per tile explains them): {_e(ratings["method"])}.</p>
<table><tr><th>tile</th><th>Elo</th><th>95%</th><th>games</th></tr>{rows}</table>
{edge_text}<p><b>Transitivity</b>: {_e(document["transitivity"]["words"])}.</p>"""


def page(document: dict[str, Any]) -> str:
    """The whole page of a swap matrix's JSON document."""
    dominated = document["dominated"]
    dominance = document["dominance"]
    if dominated:
        items = "".join(
            f"<li><b>{_e(tile)}</b>, beaten by {_e(', '.join(by))}</li>"
            for tile, by in dominated.items()
        )
        verdict = f"<ul>{items}</ul>"
    else:
        verdict = "<p>No tile is dominated.</p>"
    if dominance["method"] == "holm":
        rule = (
            f"Holm's procedure over the {_count(dominance['tested_cells'])} keeps the "
            f"chance of any false 'dominated' in the whole matrix at most "
            f"{chance(dominance['familywise_alpha'])}"
        )
    else:
        rule = (
            f"the sequential test of each of the {_count(dominance['tested_cells'])} ran at "
            f"{chance(dominance['familywise_alpha'])} / {dominance['tested_cells']}, so the "
            "chance of any false 'dominated' in the whole matrix is at most "
            f"{chance(dominance['familywise_alpha'])}"
        )
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
{_e(document["game"])}. A cell is the result of the army with the row's tile against the army
with the column's tile, over paired games: its Elo, its score's 95% interval and its verdict
({_e(document["cell_test"])}). A bold frame marks a dominated tile and the tile that dominates
it. Policy {_e(shown)}, seed {_e(document["seed"])}, up to {_e(document["games_per_cell"])}
games a cell{_e(stop)}.</p>
{heatmap_svg(document)}
<h2>Ratings</h2>
{ratings_section(document)}
<h2>Dominated tiles</h2>
<p>A tile is dominated when another tile in its place beats it; {_e(rule)}.</p>
{verdict}
</body>
</html>
"""


def write_page(path: Path, document: dict[str, Any]) -> None:
    """Write the page to ``path`` (whole or not at all)."""
    write_text_atomic(path, page(document))
