"""The reports of ``dukec value``: one tile's worth, or every tile of an army ranked, as JSON.

A report names everything that decides its numbers (tile set hash, game set, policy, budget,
ply limit, games, seed, the tile whose place is taken and where it stands), so the same report
comes from the same inputs on any machine. The games are played by a ``Measure`` the caller
gives (the command line wraps a progress bar around :func:`dukec.insight.value.measure`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from dukec.balance.plans import DEFAULT_REFERENCE, Kind, army_of, slot_of
from dukec.balance.report import decision_json
from dukec.balance.run import Settings
from dukec.insight.rank import against_reference, rank
from dukec.insight.value import Valuation, article, measure, signed
from dukec.stats.decision import Criteria, Decision, Outcome
from dukec.tileset import find_set, tile_name, tileset_digest

FORMAT = "dukec-value/2"

BAG_MEANING = (
    "every copy of the tile against the same army without it: the tile's strength mixed with "
    "how much it dilutes the bag, for all copies together"
)
"""What a bag worth is, as reports say it."""


def shown_elo(value: float | None) -> str:
    """An Elo figure of a report as people read it (null is an infinite one)."""
    return "infinite" if value is None else signed(value)


def shown_interval(values: list[float | None]) -> str:
    """A report's Elo interval as people read it: '+12 to +40'."""
    low, high = values
    shown_low = "-infinite" if low is None else shown_elo(low)
    shown_high = "+infinite" if high is None else shown_elo(high)
    return f"{shown_low} to {shown_high}"


def answer(
    outcome: Outcome | None, reference: str, criteria: Criteria, edge: Outcome | None
) -> str:
    """A worth's answer in words: 'worth more than a Footman', 'worth a Footman within ±30 Elo',
    'inconclusive against a Footman: play more games'; for the reference itself, what it is."""
    one = article(reference)
    if outcome is None:
        return "the tile whose place the others take: worth +0 a copy by definition"
    if outcome is Outcome.STRONGER:
        return f"worth more than {one}"
    if outcome is Outcome.WEAKER:
        return f"worth less than {one}"
    if outcome is Outcome.FAIR:
        if edge is None:
            return f"worth {one} within {criteria.about()}"
        lean = "more" if edge is Outcome.STRONGER else "less"
        return f"worth {one} within {criteria.about()} (a little {lean})"
    return f"inconclusive against {one}: play more games"


def decision_answer(decision: Decision | None, reference: str, criteria: Criteria) -> str:
    """:func:`answer` for a run's decision (None: the reference, no game played)."""
    if decision is None:
        return answer(None, reference, criteria, None)
    return answer(decision.outcome, reference, criteria, decision.edge)


def worth_line(document: dict[str, Any]) -> str:
    """What a report says one copy of a tile is worth, the answer last: 'One Paladin in place of
    one Knight (start) is worth +31 Elo (95%: +2 to +60): worth more than a Knight'."""
    worth = document["worth"]
    if document["decision"] is None:
        return f"{document['tile']} is {document['answer']}"
    return (
        f"One {document['tile']} in place of one {document['in_place_of']} "
        f"({document['slot']}) is worth {shown_elo(worth['elo'])} Elo "
        f"(95%: {shown_interval(worth['elo_ci95'])}): {document['answer']}"
    )


Measure = Callable[[dict[str, Any], str | None, str, Settings, str, Kind], Valuation]
"""Plays the games that value a tile: tile set, game set, tile, settings, the tile whose place
it takes, and what is measured."""


def plain_measure(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    in_place_of: str,
    kind: Kind,
) -> Valuation:
    """:func:`dukec.insight.value.measure`, with no progress reported."""
    return measure(tileset, game, tile, settings, in_place_of=in_place_of, kind=kind)


def header(
    tileset: dict[str, Any], game: str | None, settings: Settings, in_place_of: str
) -> dict[str, Any]:
    """What every report starts with: what was measured, and how."""
    game_set = find_set(tileset, game)
    reference = tile_name(tileset, in_place_of)
    return {
        "format": FORMAT,
        "game": game_set["name"],
        "tileset_hash": tileset_digest(tileset),
        "policy": settings.policy,
        "budget": settings.budget,
        "ply_limit": settings.ply_limit,
        "games": settings.games,
        "seed": settings.seed,
        "paired": True,
        "in_place_of": reference,
        "slot": slot_of(game_set["armies"][0], reference).value,
        "criteria": {
            "margin": settings.criteria.margin,
            "alpha": settings.criteria.alpha,
            "elo_model": settings.criteria.model.value,
            "unit": settings.criteria.model.unit,
        },
    }


def bag_json(valuation: Valuation) -> dict[str, Any]:
    """A bag worth for a report, with what it means."""
    return {**valuation.to_json(), "meaning": BAG_MEANING}


def worth_document(
    tileset: dict[str, Any],
    game: str | None,
    settings: Settings,
    in_place_of: str,
    valuation: Valuation,
) -> dict[str, Any]:
    """A report of one tile's worth per copy: the header, the worth, the decision and the
    answer against the tile whose place it took."""
    document = header(tileset, game, settings, in_place_of)
    decision = None if valuation.result is None else valuation.result.decision
    return document | {
        "tile": valuation.worth.tile,
        "worth": valuation.to_json(),
        "decision": None if decision is None else decision_json(decision),
        "answer": decision_answer(decision, document["in_place_of"], settings.criteria),
    }


def value_report(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    *,
    in_place_of: str = DEFAULT_REFERENCE,
    bag: bool = False,
    sides: bool = False,
    evidence: tuple[Path, int] | None = None,
    measure_with: Measure = plain_measure,
) -> tuple[dict[str, Any], Valuation]:
    """One tile's report: its worth per copy and the answer against the reference; its bag
    worth, its sides and its evidence games (written into the directory given, at most as
    many as given) when asked."""
    valuation = measure_with(tileset, game, tile, settings, in_place_of, Kind.COPY)
    document = worth_document(tileset, game, settings, in_place_of, valuation)
    reference = document["in_place_of"]
    if bag:
        found = measure_with(tileset, game, valuation.worth.tile, settings, reference, Kind.BAG)
        document["bag_worth"] = bag_json(found)
    if sides:
        from dukec.insight.sides import measure_sides

        name = valuation.worth.tile
        both = measure_sides(tileset, game, name, settings, valuation, in_place_of=reference)
        document["sides"] = both.to_json()
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


RANKING_METHOD = (
    "paired by seed; Holm over every pair of tiles: tiles not told apart share a range of ranks"
)


def ranking(
    tileset: dict[str, Any],
    game: str | None,
    settings: Settings,
    *,
    in_place_of: str = DEFAULT_REFERENCE,
    bag: bool = False,
    measure_with: Measure = plain_measure,
) -> tuple[dict[str, Any], list[Valuation]]:
    """Every tile of the set's army but the Duke, one copy each in the reference's place,
    ranked: worth first, each with its range of ranks and its answer against the reference."""
    document = header(tileset, game, settings, in_place_of)
    reference = document["in_place_of"]
    names = army_of(tileset, game)
    if reference not in names:
        names.append(reference)
    found = [measure_with(tileset, game, name, settings, reference, Kind.COPY) for name in names]
    found.sort(key=lambda valuation: (-valuation.worth.elo, valuation.worth.tile))
    pairs = settings.games // 2
    scores = [valuation.pair_scores(pairs) for valuation in found]
    table = rank([valuation.worth.tile for valuation in found], scores, settings.criteria.alpha)
    at = next(index for index, valuation in enumerate(found) if valuation.reference)
    outcomes = against_reference(table, scores, at, settings.criteria)
    rows = []
    for index, (valuation, found_answer) in enumerate(zip(found, outcomes, strict=True)):
        outcome, edge = (None, None) if found_answer is None else found_answer
        row = {
            **valuation.worth.to_json(),
            "rank": list(table.ranks[index]),
            "reference": valuation.reference,
            "outcome": None if outcome is None else outcome.value,
            "edge": None if edge is None else edge.value,
            "answer": answer(outcome, reference, settings.criteria, edge),
        }
        if bag:
            name = valuation.worth.tile
            row["bag_worth"] = bag_json(
                measure_with(tileset, game, name, settings, reference, Kind.BAG)
            )
        rows.append(row)
    document |= {
        "ranking": {
            "method": RANKING_METHOD,
            "alpha": settings.criteria.alpha,
            "comparisons": table.comparisons,
        },
        "tiles": rows,
    }
    return document, found


def skill_report(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    *,
    in_place_of: str = DEFAULT_REFERENCE,
    levels: tuple[str, ...] | None = None,
    rated: dict[str, Any] | None = None,
    measure_with: Measure = plain_measure,
) -> tuple[dict[str, Any], list[Valuation]]:
    """One tile's worth per copy at each level of skill (:mod:`dukec.insight.skill`): a row per
    level with the level's stored rating (looked up on ``rated``, the tile set as given, where
    one is stored), its worth and its answer against the reference; then what changes across
    the levels, in words."""
    from dukec.insight.skill import (
        LEVELS,
        Level,
        change,
        difference_json,
        level_ratings,
        measure_levels,
        sentence,
    )

    chosen = levels if levels is not None else LEVELS
    document = header(tileset, game, settings, in_place_of)
    reference = document["in_place_of"]
    valuations = measure_levels(tileset, game, tile, settings, reference, chosen, measure_with)
    found = [Level.of(policy, v) for policy, v in zip(chosen, valuations, strict=True)]
    ratings = level_ratings(rated or tileset, document["game"], settings.budget, chosen)
    rows = []
    for level, valuation in zip(found, valuations, strict=True):
        decision = None if valuation.result is None else valuation.result.decision
        rows.append(
            {
                "level": level.policy,
                "rating": ratings.get(level.policy),
                **valuation.to_json(),
                "decision": None if decision is None else decision_json(decision),
                "answer": decision_answer(decision, reference, settings.criteria),
            }
        )
    criteria = settings.criteria
    shown = change(found, criteria.margin, criteria.alpha)
    document |= {
        "policy": ",".join(chosen),
        "tile": valuations[0].worth.tile if valuations else tile,
        "levels": rows,
        "change": {
            "sign": shown.changes_sign,
            "above": [found[i].policy for i in shown.above],
            "below": [found[i].policy for i in shown.below],
            "apart": [difference_json(found, i, j) for i, j in shown.apart],
            "method": SKILL_METHOD,
        },
        "sentence": sentence(
            found, shown, criteria.margin, criteria.model.unit, criteria.alpha, reference
        ),
    }
    return document, valuations


SKILL_METHOD = (
    "each level's worth above or below 0 by its two-sided test, Holm over the levels; two "
    "levels apart where a one-sided test puts their difference beyond the margin, Holm over "
    "every pair of levels; the levels' runs taken as independent"
)
