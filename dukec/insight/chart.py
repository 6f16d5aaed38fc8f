"""Charts of tile worths: bars with their 95% intervals, as terminal text and as an SVG page;
a tile's worth across the levels of skill as a plot.

The SVG page follows the balance report's style (:mod:`dukec.balance.html`): inline CSS and
SVG, no script, nothing fetched.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.html import COLOURS, STYLE, WIDTH, nice_ticks
from dukec.insight.value import signed
from dukec.stats.stats import chance


def _span(rows: list[dict[str, Any]]) -> tuple[float, float]:
    values = [0.0]
    for row in rows:
        values += [x for x in (row["elo"], *row["elo_ci95"]) if x is not None and math.isfinite(x)]
    low, high = min(values), max(values)
    return (low, high) if high > low else (low - 1.0, high + 1.0)


def text_bar(row: dict[str, Any], span: tuple[float, float], width: int = 40) -> str:
    """One tile's bar: '│' at zero, '█' from there to its worth, '├─┤' its 95% interval (the
    interval's ends drawn over the bar)."""
    low, high = span

    def at(value: float | None, default: float) -> int:
        value = default if value is None or not math.isfinite(value) else value
        return max(0, min(width - 1, round((value - low) / (high - low) * (width - 1))))

    cells = [" "] * width
    left = at(row["elo_ci95"][0], low)
    right = at(row["elo_ci95"][1], high)
    for index in range(left, right + 1):
        cells[index] = "─"
    zero = at(0.0, 0.0)
    point = at(row["elo"], 0.0)
    bar = range(zero + 1, point + 1) if point > zero else range(point, zero)
    for index in bar:
        cells[index] = "█"
    cells[left], cells[right] = "├", "┤"
    cells[zero] = "│"
    return "".join(cells)


def text_bars(rows: list[dict[str, Any]], width: int = 40) -> list[str]:
    """The bars of every row on one scale."""
    span = _span(rows)
    return [text_bar(row, span, width) for row in rows]


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def worth_svg(rows: list[dict[str, Any]], title: str) -> str:
    """Horizontal bars of worth in Elo with interval whiskers, one row per tile."""
    band = 24
    top, bottom = 20, 44
    height = top + bottom + band * len(rows)
    left = 70 + 7 * max((len(row["tile"]) for row in rows), default=4)
    right = WIDTH - 30
    low, high = _span(rows)

    def px(value: float | None, default: float) -> float:
        value = default if value is None or not math.isfinite(value) else value
        return left + (value - low) / (high - low) * (right - left)

    parts = []
    for tick in nice_ticks(low, high, 8):
        if low <= tick <= high:
            x = px(tick, 0.0)
            parts.append(
                f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - bottom}" class="grid"/>'
                f'<text x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle">{tick:g}</text>'
            )
    zero = px(0.0, 0.0)
    for index, row in enumerate(rows):
        y = top + index * band
        point = px(row["elo"], 0.0)
        a, b = px(row["elo_ci95"][0], low), px(row["elo_ci95"][1], high)
        colour = COLOURS[0] if (row["elo"] or 0.0) >= 0 else COLOURS[1]
        bar = max(abs(point - zero), 0.5)
        parts.append(
            f'<text x="{left - 6}" y="{y + 16}" text-anchor="end">{_e(row["tile"])}</text>'
            f'<rect x="{min(zero, point):.1f}" y="{y + 5}" width="{bar:.1f}"'
            f' height="14" fill="{colour}"><title>{_e(row["tile"])}: '
            f"{_e(_number(row['elo']))} Elo</title></rect>"
            f'<line x1="{a:.1f}" y1="{y + 12}" x2="{b:.1f}" y2="{y + 12}" class="axis"/>'
            f'<line x1="{a:.1f}" y1="{y + 7}" x2="{a:.1f}" y2="{y + 17}" class="axis"/>'
            f'<line x1="{b:.1f}" y1="{y + 7}" x2="{b:.1f}" y2="{y + 17}" class="axis"/>'
        )
    parts.append(
        f'<line x1="{zero:.1f}" y1="{top}" x2="{zero:.1f}" y2="{height - bottom}" class="axis"/>'
        f'<text x="{(left + right) / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        f'class="label">worth a copy in Elo (bar), 95% interval (whiskers)</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{_e(title)}">{"".join(parts)}</svg>'
    )


def _number(value: float | None) -> str:
    return "infinite" if value is None else signed(value)


def worth_page(document: dict[str, Any]) -> str:
    """The page of a ranking (``dukec value --all --json``): the chart and the table."""
    rows = document["tiles"]
    reference = document["in_place_of"]
    title = f"What one copy of each tile of {document['game']!r} is worth"
    table = "".join(
        f"<tr><td>{_rank(row['rank'])}</td><td class=name>{_e(row['tile'])}</td>"
        f"<td>{_number(row['elo'])}</td>"
        f"<td>{_number(row['elo_ci95'][0])} to {_number(row['elo_ci95'][1])}</td>"
        f"<td>{_e(row['answer'])}</td></tr>"
        for row in rows
    )
    method = document["ranking"]
    return (
        f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>{_e(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{_e(title)}</h1>"
        f"<p>Each tile: one copy in place of one {_e(reference)} ({_e(document['slot'])}), "
        f"against the army as it is. Policy {_e(document['policy'])}, {document['games']} "
        f"games a tile (paired), seed {document['seed']}, tile set "
        f"{_e(document['tileset_hash'])}. Tiles the games cannot tell apart share a range of "
        f"ranks (paired by seed, Holm over {method['comparisons']} pairs of tiles: "
        f"{chance(method['alpha'])} chance of any false order).</p>"
        f"{worth_svg(rows, title)}"
        f"<table><tr><th>rank</th><th>tile</th><th>Elo a copy</th><th>95% interval</th>"
        f"<th>against the {_e(reference)}</th></tr>{table}</table></body></html>\n"
    )


def _rank(bounds: list[int]) -> str:
    best, worst = bounds
    return str(best) if best == worst else f"{best}-{worst}"


def skill_svg(rows: list[dict[str, Any]], title: str) -> str:
    """A tile's worth at each level of skill, weakest first from left to right: a point per
    level with its 95% interval as a whisker, joined by a line, and the worth of 0 dashed."""
    width, height = WIDTH, 260
    left, right, top, bottom = 60, WIDTH - 20, 16, 56
    low, high = _span(rows)
    step = (right - left) / max(1, len(rows))

    def x(index: int) -> float:
        return left + step * (index + 0.5)

    def y(value: float | None, default: float) -> float:
        value = default if value is None or not math.isfinite(value) else value
        return top + (high - value) / (high - low) * (height - top - bottom)

    parts = []
    for tick in nice_ticks(low, high, 6):
        if low <= tick <= high:
            at = y(tick, 0.0)
            parts.append(
                f'<line x1="{left}" y1="{at:.1f}" x2="{right}" y2="{at:.1f}" class="grid"/>'
                f'<text x="{left - 6}" y="{at + 4:.1f}" text-anchor="end">{tick:g}</text>'
            )
    zero = y(0.0, 0.0)
    parts.append(
        f'<line x1="{left}" y1="{zero:.1f}" x2="{right}" y2="{zero:.1f}" class="axis" '
        f'stroke-dasharray="4 3"/>'
    )
    points = []
    for index, row in enumerate(rows):
        at, point = x(index), y(row["elo"], 0.0)
        a, b = y(row["elo_ci95"][0], low), y(row["elo_ci95"][1], high)
        points.append(f"{at:.1f},{point:.1f}")
        parts.append(
            f'<line x1="{at:.1f}" y1="{a:.1f}" x2="{at:.1f}" y2="{b:.1f}" class="axis"/>'
            f'<line x1="{at - 5:.1f}" y1="{a:.1f}" x2="{at + 5:.1f}" y2="{a:.1f}" class="axis"/>'
            f'<line x1="{at - 5:.1f}" y1="{b:.1f}" x2="{at + 5:.1f}" y2="{b:.1f}" class="axis"/>'
            f'<circle cx="{at:.1f}" cy="{point:.1f}" r="4" fill="{COLOURS[0]}"><title>'
            f"{_e(row['level'])}: {_e(_number(row['elo']))} Elo</title></circle>"
            f'<text x="{at:.1f}" y="{height - bottom + 18}" text-anchor="middle">'
            f"{_e(row['level'])}</text>"
        )
        rating = row.get("rating")
        if rating is not None and rating.get("elo") is not None:
            parts.append(
                f'<text x="{at:.1f}" y="{height - bottom + 32}" text-anchor="middle" '
                f'class="label">{_e(signed(rating["elo"]))} Elo</text>'
            )
    parts.append(
        f'<polyline points="{" ".join(points)}" fill="none" stroke="{COLOURS[0]}" '
        f'stroke-width="1.5"/>'
        f'<text x="{(left + right) / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        f'class="label">worth a copy in Elo (point) and its 95% interval, at each level of skill '
        f"(the level's own Elo beneath it)</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{_e(title)}">{"".join(parts)}</svg>'
    )


def skill_page(document: dict[str, Any]) -> str:
    """The page of a worth across skill (``dukec value TILE --across-skill --json``): the plot,
    the table and what changes across the levels."""
    rows = document["levels"]
    reference = document["in_place_of"]
    tile = document["tile"]
    title = f"What one {tile} is worth at each level of skill"
    table = "".join(
        f"<tr><td class=name>{_e(row['level'])}</td>"
        f"<td>{'-' if row['rating'] is None else _number(row['rating'].get('elo'))}</td>"
        f"<td>{_number(row['elo'])}</td>"
        f"<td>{_number(row['elo_ci95'][0])} to {_number(row['elo_ci95'][1])}</td>"
        f"<td>{_e(row['answer'])}</td></tr>"
        for row in rows
    )
    return (
        f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>{_e(title)}</title>"
        f"<style>{STYLE}</style></head><body><h1>{_e(title)}</h1>"
        f"<p>One {_e(tile)} in place of one {_e(reference)} ({_e(document['slot'])}), against "
        f"the army as it is, each level playing both armies: {document['games']} games a "
        f"level (paired), seed {document['seed']}, tile set {_e(document['tileset_hash'])}. "
        f"A level's Elo is its stored rating relative to random (<code>dukec ladder</code>), "
        f"- where none is stored.</p>"
        f"{skill_svg(rows, title)}<p>{_e(document['sentence'])}</p>"
        f"<table><tr><th>level</th><th>level's Elo</th><th>Elo a copy</th>"
        f"<th>95% interval</th><th>against the {_e(reference)}</th></tr>{table}</table>"
        f"</body></html>\n"
    )


def write_page(path: Path, document: dict[str, Any]) -> None:
    """Write the page of a ranking or of a worth across skill to ``path`` (through a temporary
    file and a rename)."""
    page = skill_page(document) if "levels" in document else worth_page(document)
    write_text_atomic(path, page)
