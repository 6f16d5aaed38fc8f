"""Side and tempo: how much of a flipping tile's worth comes from its front, and its back.

A tile flips after each move, so its worth mixes two sides. Two variants take one side away:
"front only", whose back is a copy of its front (flipping changes nothing), and "back only",
whose front is a copy of its back. Each variant is a tile of its own (``Name_front_only``,
``Name_back_only``: the army's own copies of the tile stay whole) valued like the tile itself,
one copy in the reference's place, same seed, same games; the report gives:

- each variant's worth in Elo with its 95% interval;
- each as a share of the whole tile's worth (variant / tile, delta-method interval);
- the flip: the tile's worth less the better variant's, what flipping between the two sides
  adds (or costs, when negative) over keeping the better side for good; its interval takes
  the two runs as independent (the standard errors add in quadrature).
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from enum import Enum
from typing import Any

from dukec.balance.plans import DEFAULT_REFERENCE, InsightError
from dukec.balance.run import Settings
from dukec.balance.tally import finite
from dukec.insight.value import Progress, Ratio, Valuation, measure, ratio
from dukec.stats.stats import Z95
from dukec.tileset import tile_name


class Variant(Enum):
    """A one-sided variant of a tile."""

    FRONT_ONLY = "front only"
    BACK_ONLY = "back only"

    def name_of(self, tile: str) -> str:
        """The variant's own tile name: 'Wizard_front_only'."""
        return f"{tile}_{self.value.replace(' ', '_')}"


def with_variant(tileset: dict[str, Any], tile: str, variant: Variant) -> dict[str, Any]:
    """A copy of ``tileset`` with the one-sided ``variant`` of ``tile`` added as a tile of its
    own (:meth:`Variant.name_of`), the tile itself left whole."""
    result = copy.deepcopy(tileset)
    entry = copy.deepcopy(next(item for item in result["tiles"] if item["name"] == tile))
    entry["name"] = variant.name_of(tile)
    if any(item["name"] == entry["name"] for item in result["tiles"]):
        raise InsightError(f"the tile set already has a tile {entry['name']!r}; rename it")
    _keep_one_side(entry, variant)
    result["tiles"] = sorted([*result["tiles"], entry], key=lambda item: str(item["name"]))
    return result


def _keep_one_side(entry: dict[str, Any], variant: Variant) -> None:
    kept, dropped = ("front", "back") if variant is Variant.FRONT_ONLY else ("back", "front")
    entry["sides"][dropped] = copy.deepcopy(entry["sides"][kept])
    sides_of = entry.get("ability_sides", {})
    for ability, sides in list(sides_of.items()):
        if kept in sides:
            sides_of[ability] = ["front", "back"]
        else:
            # Usable only on the side that is gone: nowhere now.
            entry["abilities"] = [name for name in entry["abilities"] if name != ability]
            del sides_of[ability]
    if "ability_sides" in entry and not sides_of:
        del entry["ability_sides"]


@dataclass(frozen=True, slots=True)
class Sides:
    """The worth of a tile and of its two one-sided variants."""

    whole: Valuation
    front: Valuation
    back: Valuation

    def shares(self) -> tuple[Ratio | None, Ratio | None]:
        """Each variant's worth as a share of the whole tile's (None if the tile's is nil)."""
        return (ratio(self.front.worth, self.whole.worth), ratio(self.back.worth, self.whole.worth))

    def flip(self) -> tuple[float, tuple[float, float]] | None:
        """The tile's worth less the better variant's, with an interval (None if infinite)."""
        better = max(self.front.worth, self.back.worth, key=lambda worth: worth.elo)
        whole = self.whole.worth
        values = (whole.elo, better.elo, whole.standard_error, better.standard_error)
        if not all(math.isfinite(x) for x in values):
            return None
        difference = whole.elo - better.elo
        spread = Z95 * math.hypot(whole.standard_error, better.standard_error)
        return difference, (difference - spread, difference + spread)

    def to_json(self) -> dict[str, Any]:
        """The variants' worths, their shares and the flip."""
        front, back = self.shares()
        flip = self.flip()
        return {
            "method": "one-sided variants, each valued as the tile is (one copy in the "
            "reference's place)",
            "front_only": {
                **self.front.worth.to_json(),
                "share": None if front is None else front.to_json(),
            },
            "back_only": {
                **self.back.worth.to_json(),
                "share": None if back is None else back.to_json(),
            },
            "flip": None
            if flip is None
            else {"elo": finite(flip[0]), "elo_ci95": [finite(flip[1][0]), finite(flip[1][1])]},
        }


def measure_sides(
    tileset: dict[str, Any],
    set_name: str | None,
    tile: str,
    settings: Settings,
    whole: Valuation,
    *,
    in_place_of: str = DEFAULT_REFERENCE,
    progress: Progress | None = None,
) -> Sides:
    """Value the front-only and back-only variants of ``tile`` with the same settings, each
    one copy in the place of one ``in_place_of``."""
    tile = tile_name(tileset, tile)
    sides = next(item for item in tileset["tiles"] if item["name"] == tile)["sides"]
    if sides["front"] == sides["back"]:
        raise InsightError(f"{tile!r} shows the same on both sides; it has no side to tell apart")
    found: list[Valuation] = []
    for variant in Variant:
        found.append(
            measure(
                with_variant(tileset, tile, variant),
                set_name,
                variant.name_of(tile),
                settings,
                in_place_of=in_place_of,
                progress=progress,
            )
        )
    return Sides(whole, found[0], found[1])
