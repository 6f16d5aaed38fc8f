"""The reports of ``dukec value``: one tile's worth, or every tile of an army ranked, as JSON.

A report names everything that decides its numbers (tile set hash, game set, policy, budget,
ply limit, games, seed), so the same report comes from the same inputs on any machine. The
games are played by a ``Measure`` the caller gives (the command line wraps a progress bar
around :func:`dukec.insight.value.measure`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from dukec.balance.experiments import find_set
from dukec.balance.run import Settings
from dukec.insight.value import (
    Valuation,
    army_of,
    digest,
    in_place_of,
    measure,
    ratio,
    signed,
    tile_name,
)

FORMAT = "dukec-value/1"


def shown_elo(value: float | None) -> str:
    """An Elo figure of a report as people read it (null is an infinite one)."""
    return "infinite" if value is None else signed(value)


def shown_interval(values: list[float | None]) -> str:
    """A report's Elo interval as people read it: '+12 to +40'."""
    low, high = values
    shown_low = "-infinite" if low is None else shown_elo(low)
    shown_high = "+infinite" if high is None else shown_elo(high)
    return f"{shown_low} to {shown_high}"


def worth_line(document: dict[str, Any]) -> str:
    """What a report says a tile is worth: 'Paladin in place of Knight is worth +31 Elo
    (95%: +2 to +60)'."""
    worth = document["worth"]
    subject = document["tile"]
    if document["in_place_of"]:
        subject += f" in place of {document['in_place_of']}"
    return (
        f"{subject} is worth {shown_elo(worth['elo'])} Elo "
        f"(95%: {shown_interval(worth['elo_ci95'])})"
    )


Measure = Callable[[dict[str, Any], str | None, str, Settings, str | None], Valuation]
"""Plays the games that value a tile: tile set, game set, tile, settings, the tile it replaces."""


def plain_measure(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    replaced: str | None,
) -> Valuation:
    """:func:`dukec.insight.value.measure`, with no progress reported."""
    return measure(tileset, game, tile, settings, in_place_of=replaced)


def header(tileset: dict[str, Any], game: str, settings: Settings) -> dict[str, Any]:
    """What every report starts with: what was measured, and how."""
    return {
        "format": FORMAT,
        "game": game,
        "tileset_hash": digest(tileset),
        "policy": settings.policy,
        "budget": settings.budget,
        "ply_limit": settings.ply_limit,
        "games": settings.games,
        "seed": settings.seed,
        "paired": True,
    }


def _reference(
    tileset: dict[str, Any],
    game: str | None,
    reference: str,
    settings: Settings,
    known: dict[str, Valuation],
    measure_with: Measure,
) -> Valuation:
    name = tile_name(tileset, reference)
    if name not in known:
        known[name] = measure_with(tileset, game, name, settings, None)
    return known[name]


def value_report(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    *,
    replaced: str | None = None,
    reference: str = "Footman",
    sides: bool = False,
    evidence: tuple[Path, int] | None = None,
    measure_with: Measure = plain_measure,
) -> tuple[dict[str, Any], Valuation]:
    """One tile's report: its worth, the reference's, the ratio; its sides and its evidence
    games (written into the directory given, at most as many as given) when asked."""
    valuation = measure_with(tileset, game, tile, settings, replaced)
    known = {} if replaced is not None else {valuation.worth.tile: valuation}
    unit = _reference(tileset, game, reference, settings, known, measure_with)
    units = ratio(valuation.worth, unit.worth)
    document = {
        **header(tileset, valuation.experiment.game, settings),
        "tile": valuation.worth.tile,
        "in_place_of": in_place_of(valuation),
        "worth": valuation.to_json(),
        "reference": unit.worth.to_json(),
        "in_reference_units": None if units is None else units.to_json(),
    }
    if sides:
        from dukec.insight.sides import measure_sides

        name = valuation.worth.tile
        found = measure_sides(tileset, game, name, settings, valuation, in_place_of=replaced)
        document["sides"] = found.to_json()
    if evidence is not None:
        from dukec.insight.evidence import evidence_json, find_evidence, write_evidence

        directory, count = evidence
        games = find_evidence(valuation, count)
        write_evidence(valuation, games, directory)
        document["evidence"] = {
            "directory": str(directory),
            "games": evidence_json(valuation, games),
        }
    return document, valuation


def ranking(
    tileset: dict[str, Any],
    game: str | None,
    settings: Settings,
    *,
    reference: str = "Footman",
    measure_with: Measure = plain_measure,
) -> tuple[dict[str, Any], list[Valuation]]:
    """Every tile of the set's army but the Duke, valued and ranked, worth first."""
    known: dict[str, Valuation] = {}
    for name in army_of(tileset, game):
        known[name] = measure_with(tileset, game, name, settings, None)
    unit = _reference(tileset, game, reference, settings, known, measure_with)
    ranked = sorted(known.values(), key=lambda found: (-found.worth.elo, found.worth.tile))
    rows = []
    for valuation in ranked:
        units = ratio(valuation.worth, unit.worth)
        rows.append(
            {
                **valuation.worth.to_json(),
                "in_reference_units": None if units is None else units.to_json(),
            }
        )
    document = {
        **header(tileset, find_set(tileset, game)["name"], settings),
        "reference": unit.worth.tile,
        "tiles": rows,
    }
    return document, ranked
