"""How ``dukec value`` shows a report on a terminal: one tile's worth, a ranking, or a worth
across skill (tables, text bars and the answer last)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from dukec.stats.stats import chance


def _elo(value: float | None) -> str:
    from dukec.insight.report import shown_elo

    return shown_elo(value)


def _interval(values: list[float | None]) -> str:
    from dukec.insight.report import shown_interval

    return shown_interval(values)


def show_skill(document: dict[str, Any], console: Console) -> None:
    """A worth across skill: a row per level with its bar, how it was played, the words."""
    from dukec.insight.chart import text_bars

    rows = document["levels"]
    reference = document["in_place_of"]
    columns = ["level", "level's Elo", "Elo a copy", "95% interval", f"against the {reference}"]
    table = Table(*columns, "worth", box=None)
    for row, bar in zip(rows, text_bars(rows, 32), strict=True):
        rating = row["rating"]
        table.add_row(
            row["level"],
            "-" if rating is None else _rated(rating),
            _elo(row["elo"]),
            "reference" if row["decision"] is None else _interval(row["elo_ci95"]),
            _short_answer(row),
            bar,
        )
    console.print(table)
    console.print(
        f"{document['games']} games a level ({document['games'] // 2} pairs), seed "
        f"{document['seed']}, tile set {document['tileset_hash']}; one {document['tile']} in "
        f"place of one {reference} ({document['slot']}) at each level; level's Elo: stored "
        f"rating relative to random (dukec ladder), - where none is stored; bars: █ worth "
        f"from 0 (│), ├─┤ 95% interval",
        highlight=False,
        soft_wrap=True,
    )
    console.print(document["sentence"], highlight=False, soft_wrap=True)


def _rated(rating: dict[str, Any]) -> str:
    from dukec.balance.ratings import quoted

    if rating.get("elo") is not None:
        return _elo(rating["elo"])
    return quoted(rating).replace(" Elo above random", "").replace(" Elo below random", "")


def _short_answer(row: dict[str, Any]) -> str:
    decision = row["decision"]
    if decision is None:
        return "reference"
    if decision["outcome"] == "fair":
        return f"within ±{decision['margin']:g}"
    return _SHORT[decision["outcome"]]


def show_one(document: dict[str, Any], console: Console) -> None:
    """One tile's report: its sides, evidence and bag worth when asked, the answer last."""
    from dukec.insight.report import worth_line

    sides = document.get("sides")
    if sides is not None:
        table = Table("variant", "Elo a copy", "95% interval", "share of the worth", box=None)
        for key in ("front_only", "back_only"):
            row = sides[key]
            share = row["share"]
            shown = (
                "-"
                if share is None
                else (f"{share['value']:.0%} ({share['ci95'][0]:.0%} to {share['ci95'][1]:.0%})")
            )
            table.add_row(
                key.replace("_", " "), _elo(row["elo"]), _interval(row["elo_ci95"]), shown
            )
        console.print(table)
        if sides["flip"] is not None:
            console.print(
                f"flipping adds {_elo(sides['flip']['elo'])} Elo over the better side alone "
                f"(95%: {_interval(sides['flip']['elo_ci95'])})",
                highlight=False,
            )
    evidence = document.get("evidence")
    if evidence is not None:
        console.print(f"evidence games in {evidence['directory']}:", highlight=False)
        for game in evidence["games"]:
            console.print(
                f"  game {game['game']}: {game['why']}, {game['winner']} wins "
                f"({game['reason']}, {game['plies']} plies): {game['page']}",
                highlight=False,
            )
        if not evidence["games"]:
            console.print("  none: the tile neither decided a game nor was lost first")
    bag = document.get("bag_worth")
    if bag is not None:
        console.print(
            f"bag worth: every {document['tile']} against the same army without it, "
            f"{_elo(bag['elo'])} Elo (95%: {_interval(bag['elo_ci95'])}); the tile's strength "
            f"mixed with how much it dilutes the bag, for all copies together",
            highlight=False,
            soft_wrap=True,
        )
    pairs = f" ({document['games'] // 2} pairs)"
    console.print(_how(document, pairs), highlight=False, soft_wrap=True)
    console.print(worth_line(document), highlight=False, soft_wrap=True)


def _how(document: dict[str, Any], per: str) -> str:
    """How the games were played, and the test's error rates when there is a test."""
    decision = document.get("decision")
    rates = "" if decision is None else f"; {decision['error_rates']}"
    return (
        f"{document['policy']}, {document['games']} games{per}, seed {document['seed']}, "
        f"tile set {document['tileset_hash']}{rates}"
    )


_SHORT = {"stronger": "more", "weaker": "less", "inconclusive": "inconclusive"}


def _against(row: dict[str, Any], criteria: dict[str, Any]) -> str:
    """A row's answer against the reference in a word or three."""
    if row["outcome"] is None:
        return "reference"
    if row["outcome"] != "fair":
        return _SHORT[row["outcome"]]
    within = f"within ±{criteria['margin']:g} {criteria['unit']}"
    return within if row["edge"] is None else f"{within}, a little {_SHORT[row['edge']]}"


def show_ranking(document: dict[str, Any], console: Console) -> None:
    """A ranking: a row per tile with its bar, then how the ranks were found."""
    from dukec.insight.chart import text_bars

    rows = document["tiles"]
    reference = document["in_place_of"]
    columns = ["rank", "tile", "Elo a copy", "95% interval", f"against the {reference}"]
    bag = any("bag_worth" in row for row in rows)
    if bag:
        columns.append("bag worth (95%)")
    table = Table(*columns, "worth", box=None)
    # The bag column takes room from the bars: a table of 120 columns still fits.
    for row, bar in zip(rows, text_bars(rows, 24 if bag else 40), strict=True):
        best, worst = row["rank"]
        cells = [
            str(best) if best == worst else f"{best}-{worst}",
            row["tile"],
            _elo(row["elo"]),
            "reference" if row["reference"] else _interval(row["elo_ci95"]),
            _against(row, document["criteria"]),
        ]
        if bag:
            found = row["bag_worth"]
            cells.append(f"{_elo(found['elo'])} ({_interval(found['elo_ci95'])})")
        table.add_row(*cells, bar)
    console.print(table)
    method = document["ranking"]
    console.print(
        f"{_how(document, ' a tile (paired)')}; each tile one copy in place of one {reference} "
        f"({document['slot']}). Ranks: tiles not told apart share a range (paired by seed, "
        f"Holm over {method['comparisons']} pairs of tiles: {chance(method['alpha'])} chance of "
        f"any false order); bars: █ worth from 0 (│), ├─┤ 95% interval",
        highlight=False,
        soft_wrap=True,
    )
