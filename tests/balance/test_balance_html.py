"""The report's score chart: its axis fits every point of the score and of its interval."""

from __future__ import annotations

import re

import pytest

from dukec.balance.html import HEIGHT, MARGIN, score_plot


def _ys(svg: str, element: str) -> list[float]:
    match = re.search(rf'<{element} points="([^"]+)"', svg)
    assert match is not None
    return [float(pair.split(",")[1]) for pair in match.group(1).split()]


def test_scores_far_from_even_are_drawn_where_they_are() -> None:
    # Early in a run the score and its wide band stray far from even; later they settle.
    points = [
        {"games": 10, "score": 0.32, "low": 0.12, "high": 0.62},
        {"games": 20, "score": 0.38, "low": 0.20, "high": 0.58},
    ] + [
        {"games": 20 * n, "score": 0.70 - n / 1000, "low": 0.63, "high": 0.76} for n in range(2, 20)
    ]
    svg = score_plot(points, "the Paladin")
    top, bottom = MARGIN["top"], HEIGHT - MARGIN["bottom"]

    # The axis runs from 10% (the 5% step below the lowest band point) to 80% (above the highest).
    def y(value: float) -> float:
        return round(bottom - (value - 0.10) / (0.80 - 0.10) * (bottom - top), 1)

    assert _ys(svg, "polyline") == pytest.approx([y(p["score"]) for p in points])
    band = [y(p["high"]) for p in points] + [y(p["low"]) for p in reversed(points)]
    assert _ys(svg, "polygon") == pytest.approx(band)
    assert re.findall(r">(\d+)%<", svg) == ["20", "40", "60", "80"]
