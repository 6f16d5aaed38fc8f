"""Cards that carry their measured worth: value ± interval and the tile-set hash, in a strip.

The worths come from a ``dukec value --json`` report (one tile, or a ranking with ``--all``)
or from a balance manifest (``balance.toml``: its ``copy`` entries, each a worth per copy; a
``replace`` entry is a head-to-head, not a tile's worth).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dukec.insight import manifest
from dukec.insight.value import signed
from dukec.jsontext import JsonTextError, parse_json
from dukec.textfile import NotReadable, read_file
from dukec.workbench.palette import INK, PAPER
from dukec.workbench.shapes import Drawing, Rect, Text


class StatsError(Exception):
    """A stats file that cannot be read: the message is ``path:line:col: error: ...``."""


@dataclass(frozen=True, slots=True)
class Stat:
    """One tile's stored worth."""

    elo: float
    elo_ci95: tuple[float, float]
    tileset_hash: str

    def text(self) -> str:
        """'+51 ± 36 Elo · set 2f1c…': the worth, the interval's half width, the tile set."""
        low, high = self.elo_ci95
        if not all(math.isfinite(x) for x in (self.elo, low, high)):
            return f"worth beyond measure · set {self.tileset_hash}"
        return f"{signed(self.elo)} ± {(high - low) / 2:.0f} Elo · set {self.tileset_hash}"


def _number(value: Any) -> float:
    return math.inf if value is None else float(value)


def _from_report(document: Any, path: Path) -> dict[str, Stat]:
    if not isinstance(document, dict) or not str(document.get("format", "")).startswith(
        "dukec-value"
    ):
        raise StatsError(f"{path}:1:1: error: not a `dukec value --json` report")
    if "levels" in document:
        raise StatsError(
            f"{path}:1:1: error: a worth across skill has a worth per level: stamp cards from "
            f"`dukec value TILE --json` or `dukec value --all --json`"
        )
    rows = document["tiles"] if "tiles" in document else [document["worth"]]
    found = {}
    for row in rows:
        low, high = row["elo_ci95"]
        low = -math.inf if low is None else float(low)
        found[row["tile"]] = Stat(
            _number(row["elo"]), (low, _number(high)), document["tileset_hash"]
        )
    return found


def read_stats(path: Path) -> dict[str, Stat]:
    """Each tile's worth from a value report (.json) or a balance manifest (.toml)."""
    if path.suffix.lower() == ".toml":
        try:
            entries = manifest.read(path)
        except manifest.ManifestError as error:
            raise StatsError(str(error)) from None
        return {
            entry.tile: Stat(entry.elo, entry.elo_ci95, entry.tileset_hash)
            for entry in entries
            if entry.kind == "copy"
        }
    try:
        text = read_file(path).decode("utf-8")
        document = parse_json(text)
    except NotReadable as error:
        raise StatsError(f"{path}: error: {error}") from None
    except UnicodeDecodeError:
        raise StatsError(f"{path}:1:1: error: not UTF-8 text") from None
    except JsonTextError as error:
        raise StatsError(
            f"{path}:{error.line}:{error.column}: error: not JSON: {error.message}"
        ) from None
    try:
        return _from_report(document, path)
    except (KeyError, TypeError, ValueError):
        raise StatsError(f"{path}:1:1: error: not a `dukec value --json` report") from None


STRIP = 0.12
"""The strip's height, as a share of the card's width."""


def stamped(drawing: Drawing, stat: Stat) -> Drawing:
    """``drawing`` with a strip below it giving the worth and the tile-set hash."""
    strip = round(drawing.width * STRIP, 3)
    text = stat.text()
    # A glyph is about 0.6 em wide: keep the line within nine tenths of the card.
    size = round(min(strip * 0.5, drawing.width * 0.9 / (0.6 * len(text))), 3)
    shapes = (
        *drawing.shapes,
        Rect(0, drawing.height, drawing.width, strip, PAPER),
        Text(
            round(drawing.width / 2, 3),
            round(drawing.height + strip * 0.62, 3),
            stat.text(),
            size,
            INK,
        ),
    )
    return Drawing(
        drawing.width, round(drawing.height + strip, 3), shapes, drawing.title, drawing.unit
    )
