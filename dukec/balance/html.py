"""The HTML report: one self-contained page (inline CSS and SVG, no script, nothing fetched).

Three kinds of plot (a line with a band, a histogram, grouped bars) are drawn as SVG here: a few
dozen lines of markup each, where a plotting library would add tens of megabytes of dependencies.
"""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.balance.report import comparison_line
from dukec.stats.stats import percent

WIDTH = 720
HEIGHT = 300
MARGIN = {"left": 60, "right": 20, "top": 20, "bottom": 44}
COLOURS = ("#2b6cb0", "#dd6b20")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low`` .. ``high`` (steps of 1, 2 or 5 times a power of ten)."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1.0, 2.0, 5.0, 10.0) if m * power >= raw)
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + 1e-9 * step:
        ticks.append(round(value, 10))
        value += step
    return ticks


class _Frame:
    """Maps data coordinates into the plot area and draws its axes."""

    def __init__(self, x: tuple[float, float], y: tuple[float, float]) -> None:
        self.x0, self.x1 = x
        self.y0, self.y1 = y
        self.left = MARGIN["left"]
        self.right = WIDTH - MARGIN["right"]
        self.top = MARGIN["top"]
        self.bottom = HEIGHT - MARGIN["bottom"]

    def px(self, x: float) -> float:
        span = (self.x1 - self.x0) or 1.0
        return self.left + (x - self.x0) / span * (self.right - self.left)

    def py(self, y: float) -> float:
        span = (self.y1 - self.y0) or 1.0
        return self.bottom - (y - self.y0) / span * (self.bottom - self.top)

    def axes(self, x_label: str, y_label: str, y_format: str = "{:g}") -> str:
        parts = [
            f'<line x1="{self.left}" y1="{self.bottom}" x2="{self.right}" y2="{self.bottom}" '
            'class="axis"/>',
            f'<line x1="{self.left}" y1="{self.top}" x2="{self.left}" y2="{self.bottom}" '
            'class="axis"/>',
        ]
        for tick in nice_ticks(self.y0, self.y1):
            if self.y0 - 1e-9 <= tick <= self.y1 + 1e-9:
                y = self.py(tick)
                parts.append(
                    f'<line x1="{self.left}" y1="{y:.1f}" x2="{self.right}" y2="{y:.1f}" '
                    'class="grid"/>'
                    f'<text x="{self.left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                    f"{_e(y_format.format(tick))}</text>"
                )
        for tick in nice_ticks(self.x0, self.x1, 8):
            if self.x0 - 1e-9 <= tick <= self.x1 + 1e-9:
                x = self.px(tick)
                parts.append(
                    f'<text x="{x:.1f}" y="{self.bottom + 16}" text-anchor="middle">{tick:g}</text>'
                )
        parts.append(
            f'<text x="{(self.left + self.right) / 2:.1f}" y="{HEIGHT - 6}" '
            f'text-anchor="middle" class="label">{_e(x_label)}</text>'
            f'<text transform="translate(14,{(self.top + self.bottom) / 2:.1f}) rotate(-90)" '
            f'text-anchor="middle" class="label">{_e(y_label)}</text>'
        )
        return "".join(parts)


def _svg(body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{_e(title)}">{body}</svg>'
    )


def score_plot(points: list[dict[str, float]], subject: str) -> str:
    """The score after each number of games, its 95% band narrowing, and the 50% line."""
    if not points:
        return "<p>No games.</p>"
    # The axis holds every point of the line and of the band, and 45-55% at least, in 5% steps.
    low = min(0.45, *(p["low"] for p in points), *(p["score"] for p in points))
    high = max(0.55, *(p["high"] for p in points), *(p["score"] for p in points))
    low = max(0.0, math.floor(low * 20) / 20)
    high = min(1.0, math.ceil(high * 20) / 20)
    frame = _Frame((0, points[-1]["games"]), (low, high))
    upper = " ".join(f"{frame.px(p['games']):.1f},{frame.py(p['high']):.1f}" for p in points)
    lower = " ".join(
        f"{frame.px(p['games']):.1f},{frame.py(p['low']):.1f}" for p in reversed(points)
    )
    line = " ".join(f"{frame.px(p['games']):.1f},{frame.py(p['score']):.1f}" for p in points)
    even = frame.py(0.5)
    body = (
        frame.axes("games played", f"score of {subject}", "{:.0%}")
        + f'<polygon points="{upper} {lower}" fill="{COLOURS[0]}" fill-opacity="0.2"/>'
        + f'<line x1="{frame.left}" y1="{even:.1f}" x2="{frame.right}" y2="{even:.1f}" '
        'class="even"/>'
        + f'<polyline points="{line}" fill="none" stroke="{COLOURS[0]}" stroke-width="2"/>'
    )
    return _svg(body, f"score of {subject} over games with its 95% interval")


def length_histogram(histogram: list[dict[str, int]]) -> str:
    """Games by length in plies."""
    if not histogram:
        return "<p>No games.</p>"
    top = max(row["games"] for row in histogram)
    frame = _Frame((histogram[0]["from"], histogram[-1]["to"] + 1), (0, top * 1.05 or 1))
    bars = []
    for row in histogram:
        x0, x1 = frame.px(row["from"]), frame.px(row["to"] + 1)
        y = frame.py(row["games"])
        bars.append(
            f'<rect x="{x0 + 0.5:.1f}" y="{y:.1f}" width="{max(x1 - x0 - 1, 1):.1f}" '
            f'height="{frame.bottom - y:.1f}" fill="{COLOURS[0]}">'
            f"<title>{row['from']}-{row['to']} plies: {row['games']} games</title></rect>"
        )
    return _svg(frame.axes("plies", "games") + "".join(bars), "histogram of game lengths")


def tile_bars(
    rows: list[dict[str, Any]],
    key: str,
    label: str,
    sides: list[str],
    replaced: dict[str, str] | None = None,
) -> str:
    """One bar per tile and side for the per-tile figure ``key``."""
    # A replacing tile shares the row of the tile it replaces, so the two stand side by side.
    rename = {replaced["new"]: replaced["old"]} if replaced else {}
    labels = {replaced["old"]: f"{replaced['old']} / {replaced['new']}"} if replaced else {}
    values = {
        (row["side"], rename.get(row["tile"], row["tile"])): row[key]
        for row in rows
        if row[key] is not None
    }
    tiles = sorted({tile for _, tile in values})
    if not tiles or not values:
        return "<p>No data.</p>"
    top = max(values.values()) or 1.0
    height = MARGIN["top"] + MARGIN["bottom"] + 22 * len(tiles)
    left = 70 + 7 * max(len(labels.get(tile, tile)) for tile in tiles)
    right = WIDTH - 70
    parts = []
    band = 22
    for row_index, tile in enumerate(tiles):
        y = MARGIN["top"] + row_index * band
        name = _e(labels.get(tile, tile))
        parts.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{name}</text>')
        for side_index, side in enumerate(sides):
            value = values.get((side, tile))
            if value is None:
                continue
            width = value / top * (right - left)
            bar_y = y + 2 + side_index * 9
            parts.append(
                f'<rect x="{left}" y="{bar_y}" width="{max(width, 0.5):.1f}" height="8" '
                f'fill="{COLOURS[side_index % 2]}"><title>{_e(side)} {name}: '
                f"{value:.3g}</title></rect>"
                f'<text x="{left + width + 4:.1f}" y="{bar_y + 8}" class="small">'
                f"{_short(value)}</text>"
            )
    legend = "".join(
        f'<rect x="{left + 160 * i}" y="{height - 24}" width="10" height="10" '
        f'fill="{COLOURS[i % 2]}"/><text x="{left + 160 * i + 14}" y="{height - 15}">'
        f"{_e(side)}</text>"
        for i, side in enumerate(sides)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{_e(label)} per tile">{"".join(parts)}{legend}</svg>'
    )


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; color: #1a202c; max-width: 780px; margin: 2em auto;
       padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
.verdict { font-size: 1.25em; font-weight: 600; padding: .6em .8em; border-radius: 6px;
           background: #edf2f7; }
.verdict.stronger { background: #fed7d7; } .verdict.weaker { background: #bee3f8; }
.verdict.fair { background: #c6f6d5; } .verdict.inconclusive { background: #fefcbf; }
table { border-collapse: collapse; font-size: .92em; }
td, th { padding: .2em .7em; border-bottom: 1px solid #e2e8f0; text-align: right; }
td:first-child, th:first-child, td.name { text-align: left; }
svg { width: 100%; height: auto; font: 12px system-ui, sans-serif; }
svg .axis { stroke: #4a5568; } svg .grid { stroke: #e2e8f0; }
svg .even { stroke: #c53030; stroke-dasharray: 5 4; } svg .label { fill: #4a5568; }
svg .small { font-size: 10px; fill: #4a5568; }
"""


def _pair_rows(document: dict[str, Any]) -> list[tuple[str, str]]:
    """The pentanomial counts, and the per-game score beside the pairs' one, in a paired run."""
    pairs = document.get("pairs")
    if not pairs:
        return []
    per_game = document["per_game"]
    counts = ", ".join(f"{name} {count}" for name, count in pairs["pentanomial"].items())
    return [
        ("pairs", f"{pairs['pairs']}: {counts} (the score above is over pairs)"),
        (
            "per game",
            f"{percent(per_game['score'])} (95% {percent(per_game['score_ci95'][0])} to "
            f"{percent(per_game['score_ci95'][1])}, over games as if independent)",
        ),
    ]


def page(document: dict[str, Any]) -> str:
    """The whole report page for a run's JSON document."""
    sides: list[str] = document["sides"]
    low, high = document["score_ci95"]
    numbers = [
        ("games", f"{document['games']} (policy {document['rung']}, seed {document['seed']})"),
        ("score", f"{percent(document['score'])} (95% {percent(low)} to {percent(high)})"),
        *_pair_rows(document),
        ("Elo", _elo_text(document["elo"], document["elo_ci95"])),
        ("wins", ", ".join(f"{side} {count}" for side, count in document["wins"].items())),
        ("draws", f"{document['draws']} ({document['adjudicated_draws']} at the ply limit)"),
        (
            "first player",
            f"{percent(document['first_player_score'])} (95% "
            f"{percent(document['first_player_score_ci95'][0])} to "
            f"{percent(document['first_player_score_ci95'][1])})",
        ),
        (
            "endings",
            ", ".join(f"{name} {count}" for name, count in document["endings"].items()) or "-",
        ),
        ("speed", f"{document['games_per_second']:.1f} games/s"),
    ]
    rows = "".join(f"<tr><th>{_e(k)}</th><td class='name'>{_e(v)}</td></tr>" for k, v in numbers)
    tile_rows = "".join(
        "<tr>"
        + "".join(
            f"<td>{_e(cell)}</td>"
            for cell in (
                row["side"],
                row["tile"],
                f"{row['drawn_per_game']:.2f}",
                f"{row['moves_per_game']:.2f}",
                f"{row['captures_per_game']:.2f}",
                "-" if row["captured_rate"] is None else percent(row["captured_rate"]),
                "-" if row["mean_plies_survived"] is None else f"{row['mean_plies_survived']:.1f}",
            )
        )
        + "</tr>"
        for row in document["tiles"]
    )
    # Self-play's subject is the first side itself; otherwise name the tile or set and its side.
    self_play = document["experiment"] == "self-play"
    subject = sides[0] if self_play else document["subject"]
    who = f"the {subject}" if self_play else f"{subject} ({sides[0]})"
    verdict_class = document["verdict"].replace(" ", "-")
    length = document["game_length"]
    line = comparison_line(document)
    comparison = f"<p><strong>{_e(line)}</strong></p>" if line else ""
    replaced = document.get("replaced")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dukec balance: {_e(document["verdict_line"])}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>Balance: {_e(document["title"])}</h1>
<p class="verdict {verdict_class}">{_e(document["verdict_line"])}</p>
<table>{rows}</table>
<h2>Score over games</h2>
<p>The score of {_e(who)} after each number of games, with its 95%
interval (shaded) narrowing as games accumulate; the dashed line is 50%.</p>
{score_plot(document["score_over_games"], subject)}
<h2>Game length</h2>
<p>Mean {_e(_fmt(length["mean"]))} plies, median {_e(_fmt(length["median"]))}; games that
reach the ply limit ({_e(document["ply_limit"])}) are adjudicated draws.</p>
{length_histogram(length["histogram"])}
<h2>Per tile</h2>
{comparison}
<h3>Captures made per game</h3>
{tile_bars(document["tiles"], "captures_per_game", "captures per game", sides, replaced)}
<h3>Share of tiles captured</h3>
{tile_bars(document["tiles"], "captured_rate", "share captured", sides, replaced)}
<h3>Plies survived on the board</h3>
{tile_bars(document["tiles"], "mean_plies_survived", "plies survived", sides, replaced)}
<table>
<tr><th>side</th><th>tile</th><th>drawn</th><th>moves</th><th>captures</th><th>lost</th>
<th>survives</th></tr>
{tile_rows}
</table>
<p><small>tile set {_e(document["tileset_digest"])}, ply limit {_e(document["ply_limit"])};
reproduce with the same seed and options.</small></p>
</body>
</html>
"""


def _short(value: float) -> str:
    """A bar's label: two significant digits, without an exponent."""
    return f"{value:.0f}" if abs(value) >= 10 else f"{value:.2g}"


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _elo_text(value: float | None, interval: list[float | None]) -> str:
    def one(v: float | None) -> str:
        return "unbounded" if v is None else f"{v:+.0f}"

    return f"{one(value)} (95% {one(interval[0])} to {one(interval[1])})"


def ladder_page(documents: list[dict[str, Any]]) -> str:
    """An overview of a ladder: one line per policy, each linking to that policy's page."""
    rows = "".join(
        f"<tr><td><a href='{_e(d['rung'])}/index.html'>{_e(d['rung'])}</a></td>"
        f"<td>{_e(d['games'])}</td><td>{_e(percent(d['score']))}</td>"
        f"<td>{_e(percent(d['score_ci95'][0]))} to {_e(percent(d['score_ci95'][1]))}</td>"
        f"<td class='name'>{_e(d['verdict_words'])}</td></tr>"
        for d in documents
    )
    title = documents[0]["title"] if documents else "ladder"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dukec balance ladder: {_e(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>Balance ladder: {_e(title)}</h1>
<p>The same experiment played by each policy in turn; weak play can hide what strong play
exposes.</p>
<table>
<tr><th>policy</th><th>games</th><th>score</th><th>95%</th><th>verdict</th></tr>
{rows}
</table>
</body>
</html>
"""


def write_ladder_report(directory: Path, documents: list[dict[str, Any]]) -> Path:
    """A page per rung in ``directory/POLICY/`` (``A-vs-B`` for mixed policies) and an overview
    in ``directory/index.html``."""
    for document in documents:
        write_report(directory / document["rung"], document)
    page_path = directory / "index.html"
    write_text_atomic(page_path, ladder_page(documents))
    return page_path


def write_report(directory: Path, document: dict[str, Any]) -> Path:
    """Write ``index.html`` and ``balance.json`` into ``directory``; return the page's path."""
    page_path = directory / "index.html"
    write_text_atomic(directory / "balance.json", json.dumps(document, indent=2) + "\n")
    write_text_atomic(page_path, page(document))
    return page_path
