"""Output of a run: the verdict line, the JSON document, and the table a person reads."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from dukec.balance.ratings import ANCHOR, quoted, rating
from dukec.balance.run import RunResult
from dukec.balance.tally import finite, summary_numbers, tile_rows, trajectory
from dukec.stats.decision import Decision, Outcome
from dukec.stats.stats import percent

_SELF_PLAY_WORDS = {
    Outcome.STRONGER: "a first-player advantage",
    Outcome.WEAKER: "a second-player advantage",
}


Ratings = dict[str, dict[str, Any]]
"""Stored ratings of the policies a run used, by policy name (see ``dukec.balance.ratings``)."""

Commands = Callable[[RunResult], str | None]
"""The command that takes a run's next step (the command line's: it knows how it was called)."""


def players(result: RunResult, ratings: Ratings | None) -> str:
    """'policy search (about 560 Elo above random)': who played, and how strong each player is
    where a rating is stored for it (random is the reference, 0; a bound reads 'at least')."""
    ratings = ratings or {}

    def one(name: str) -> str:
        if name == ANCHOR or name not in ratings:
            return name
        return f"{name} ({quoted(ratings[name])})"

    mine, theirs = result.settings.policies
    if mine == theirs:
        return f"policy {one(mine)}"
    return f"policies {one(mine)} vs {one(theirs)}"


def verdict_words(result: RunResult) -> str:
    """The answer in words: 'stronger', 'fair within ±30 Elo', 'a first-player advantage', ..."""
    decision = result.decision
    experiment = result.experiment
    outcome = decision.outcome
    mine, theirs = result.settings.policies
    if experiment.kind == "self-play" and experiment.alike and mine != theirs:
        # Each policy keeps its seat: the score is the first move and the policy together.
        return (
            f"{decision.words} (the first seat's policy and the first move together; "
            f"--against the same tile set swaps the seats)"
        )
    if experiment.kind == "self-play" and experiment.alike:
        # Side A is the player in seat 0, who takes the first turn unless the rules say not.
        if experiment.first_seat == 1:
            outcome = outcome.mirrored()
        if outcome.different:
            return _SELF_PLAY_WORDS[outcome]
        if outcome is Outcome.FAIR:
            return f"the first move is worth less than {decision.criteria.about()}"
        return decision.words
    if decision.edge is not None:
        return f"{decision.words} (a measurable edge inside the margin: {decision.edge.value})"
    return decision.words


def _signed(value: float) -> str:
    return "-" if not math.isfinite(value) else f"{round(value):+d}"


def decision_figures(decision: Decision) -> str:
    """'+45 Elo (95% +20 .. +71)': the decision's Elo and its interval."""
    low, high = decision.elo_interval
    unit = decision.criteria.model.unit
    return f"{_signed(decision.elo)} {unit} (95% {_signed(low)} .. {_signed(high)})"


def verdict_line(
    result: RunResult, ratings: Ratings | None = None, command: str | None = None
) -> str:
    """The answer, what it rests on, how sure it is and what to do next, in one line.

    'Paladin against the Knight it replaces: stronger, +45 Elo (95% +20 .. +71), 372 games (186
    pairs), policy search; sequential test: 5% false alarms at +0 Elo, 95% power at ±30 Elo;
    next: tuning finds the fewest edits that make it fair: dukec tune ...'.
    """
    decision = result.decision
    tally = result.tally
    games = f"{tally.games} games" + (f" ({tally.pairs.pairs} pairs)" if tally.paired else "")
    line = (
        f"{result.experiment.subject} against {result.experiment.opponent}: "
        f"{verdict_words(result)}, {decision_figures(decision)}, {games}, "
        f"{players(result, ratings)}; {decision.error_rates()}"
    )
    step = result.next
    # Without a command, a step worth saying in words still is: play on, or a small difference.
    if step is None or (command is None and step.kind != "more" and not step.small):
        return line
    return f"{line}; next: {step.words}" + (f": {command}" if command else "")


def next_json(result: RunResult, command: str | None = None) -> dict[str, Any] | None:
    """The next step for JSON: its kind, words, the games still needed, the command."""
    step = result.next
    if step is None:
        return None
    more = step.more_games
    return {
        "kind": step.kind,
        "words": step.words,
        "small": step.small,
        "more_games": None
        if more is None
        else {"more": more.more, "range": [more.low, more.high], "games": more.games},
        "command": command,
    }


def decision_json(decision: Decision) -> dict[str, Any]:
    """The decision for JSON: the outcome, the Elo and interval, the test and its error rates."""
    criteria = decision.criteria
    return {
        "outcome": decision.outcome.value,
        "words": decision.words,
        "edge": decision.edge.value if decision.edge is not None else None,
        "method": decision.method,
        "elo": finite(decision.elo),
        "elo_ci95": [finite(decision.elo_interval[0]), finite(decision.elo_interval[1])],
        "elo_model": criteria.model.value,
        "estimate": decision.estimate,
        "margin": criteria.margin,
        "centre": criteria.centre,
        "alpha": criteria.alpha,
        "beta": criteria.beta if decision.method == "sequential" else None,
        "error_rates": decision.error_rates(),
        "samples": decision.samples,
    }


def _stop_json(result: RunResult) -> dict[str, Any] | None:
    rule = result.settings.stop
    if rule is None:
        return None
    described: dict[str, Any] = {"rule": rule}
    if rule == "width":
        described["width"] = result.settings.width
    described["decision"] = result.decision.outcome.value
    described["cap"] = result.settings.games
    described["stopped_early"] = result.tally.games < result.settings.games
    return described


def to_json(
    result: RunResult, ratings: Ratings | None = None, commands: Commands | None = None
) -> dict[str, Any]:
    """The run as a JSON document (the keys other tools read are stable)."""
    command = None if commands is None else commands(result)
    settings = result.settings
    numbers = summary_numbers(result.tally, settings.criteria)
    labels = result.experiment.labels
    policies = settings.policies
    return {
        "experiment": result.experiment.kind,
        "title": result.experiment.describe(),
        "sides": list(result.experiment.labels),
        "subject": result.experiment.subject,
        "replaced": (
            None
            if result.experiment.replaced is None
            else dict(zip(("old", "new"), result.experiment.replaced, strict=True))
        ),
        "verdict": result.decision.outcome.value,
        "verdict_words": verdict_words(result),
        "verdict_line": verdict_line(result, ratings, command),
        "decision": decision_json(result.decision),
        "next": next_json(result, command),
        "seed": settings.seed,
        "policy": settings.policy,
        "policies": {labels[0]: policies[0], labels[1]: policies[1]},
        "rung": policies[0] if policies[0] == policies[1] else f"{policies[0]}-vs-{policies[1]}",
        "ratings": {
            name: {"elo": ratings[name]["elo"], "elo_ci95": ratings[name]["elo_ci95"]}
            for name in dict.fromkeys(policies)
            if ratings and name in ratings
        },
        "budget": settings.budget,
        "ply_limit": settings.ply_limit,
        "max_games": settings.games,
        "stop": _stop_json(result),
        "tileset_digest": result.matchup.digest,
        **numbers,
        "games_per_second": result.games_per_second,
        "seconds": result.seconds,
        "resumed": result.resumed,
        "workers": settings.workers,
        "backend": settings.backend,
        "tiles": tile_rows(result.tally),
        "score_over_games": trajectory(result.tally.half_points),
    }


def comparison_line(document: dict[str, Any]) -> str | None:
    """For a replacement, the new tile's numbers beside the old one's: why it wins or loses."""
    replaced = document.get("replaced")
    if not replaced:
        return None
    sides = document["sides"]
    rows = {(row["side"], row["tile"]): row for row in document["tiles"]}
    new = rows.get((sides[0], replaced["new"]))
    old = rows.get((sides[1], replaced["old"]))
    if new is None or old is None:
        return None

    def pair(key: str, shown: str) -> str:
        a, b = new[key], old[key]
        if a is None or b is None:
            return f"{shown} -"
        if key == "captured_rate":
            return f"{shown} {percent(a)} vs {percent(b)}"
        return (
            f"{shown} {a:.1f} vs {b:.1f}"
            if key == "mean_plies_survived"
            else f"{shown} {a:.2f} vs {b:.2f}"
        )

    return f"{replaced['new']} vs {replaced['old']} per game: " + ", ".join(
        (
            pair("moves_per_game", "moves"),
            pair("captures_per_game", "captures"),
            pair("captured_rate", "lost"),
            pair("mean_plies_survived", "plies survived"),
        )
    )


def _number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _elo(value: float | None) -> str:
    # Rounded first, so that a small negative figure reads +0, not -0.
    return "-" if value is None else f"{round(value):+d}"


def render(
    result: RunResult,
    console: Console,
    ratings: Ratings | None = None,
    commands: Commands | None = None,
) -> None:
    """Print the per-tile table, the numbers behind the answer, then the answer: the last line
    a person sees in the terminal."""
    document = to_json(result, ratings, commands)
    labels = result.experiment.labels
    console.print(tile_table(document["tiles"]))
    summary = Table(show_header=False, box=None, pad_edge=False)
    summary.add_column(style="dim")
    summary.add_column()
    low, high = document["score_ci95"]
    resumed = f"; {result.resumed} read back from the earlier run" if result.resumed else ""
    summary.add_row(
        "games", f"{document['games']} ({_players(document)}, seed {document['seed']}{resumed})"
    )
    summary.add_row(
        "results",
        f"{labels[0]} {document['wins'][labels[0]]} wins, "
        f"{labels[1]} {document['wins'][labels[1]]} wins, "
        f"{document['draws']} draws ({document['adjudicated_draws']} at the ply limit)",
    )
    summary.add_row(
        "score", f"{percent(document['score'])} (95% {percent(low)} .. {percent(high)})"
    )
    elo_low, elo_high = document["elo_ci95"]
    nelo_low, nelo_high = document["nelo_ci95"]
    summary.add_row(
        "Elo",
        f"{_elo(document['elo'])} (95% {_elo(elo_low)} .. {_elo(elo_high)}); normalized "
        f"{_elo(document['nelo'])} nElo (95% {_elo(nelo_low)} .. {_elo(nelo_high)})",
    )
    pairs = document["pairs"]
    if pairs is not None:
        bins = pairs["pentanomial"]
        summary.add_row(
            "pairs",
            f"{pairs['pairs']}: "
            + ", ".join(f"{name} {count}" for name, count in bins.items())
            + f" (DD {pairs['DD']}, WL {pairs['WL']}); the score above is over pairs",
        )
        per_game = document["per_game"]
        game_low, game_high = per_game["score_ci95"]
        summary.add_row(
            "per game",
            f"{percent(per_game['score'])} (95% {percent(game_low)} .. {percent(game_high)}, "
            f"over games as if independent)",
        )
    first_low, first_high = document["first_player_score_ci95"]
    summary.add_row(
        "first player",
        f"{percent(document['first_player_score'])} (95% {percent(first_low)} .. "
        f"{percent(first_high)}); wins by seat {document['wins_by_seat']['first']} / "
        f"{document['wins_by_seat']['second']}",
    )
    length = document["game_length"]
    if length["mean"] is not None:
        summary.add_row(
            "game length",
            f"mean {length['mean']:.1f} plies, median {length['median']:g}, "
            f"10%-90% {length['p10']:g}-{length['p90']:g}, range {length['min']}-{length['max']}",
        )
    endings = ", ".join(f"{name} {count}" for name, count in document["endings"].items())
    summary.add_row("endings", endings or "-")
    summary.add_row(
        "speed",
        f"{document['games_per_second']:.1f} games/s over {document['seconds']:.1f} s"
        + (f" ({result.played} games played)" if result.resumed else ""),
    )
    decision = result.decision
    summary.add_row("decision", _decision_row(result))
    summary.add_row("test", decision.error_rates())
    console.print(summary)
    comparison = comparison_line(document)
    if comparison is not None:
        console.print(comparison, soft_wrap=True)
    # The answer is the line a person reads last, and a script greps: never folded.
    console.print(Text(document["verdict_line"], style="bold"), soft_wrap=True)


def _decision_row(result: RunResult) -> str:
    """What decided, at which Elo, and how that Elo was estimated."""
    decision = result.decision
    settings = result.settings
    if decision.method == "sequential":
        how = "the sequential test " + (
            "decided" if decision.outcome is not Outcome.INCONCLUSIVE else "reached its cap"
        )
        how += f" after {result.tally.games} of at most {settings.games} games"
    elif settings.stop == "width":
        how = f"the interval reached ±{percent(settings.width)} after {result.tally.games} games"
    else:
        how = f"fixed length, {result.tally.games} games"
    estimate = (
        "estimated with the stopping rule accounted for"
        if decision.estimate == "stop-aware"
        else "plain estimate"
    )
    return f"{decision.words}: {decision_figures(decision)}, {estimate}; {how}"


def tile_table(rows: list[dict[str, Any]]) -> Table:
    """The per-tile table: per game means, capture rate and survival."""
    table = Table(title="Per tile (means per game)", title_justify="left")
    for header in ("side", "tile", "drawn", "moves", "captures", "captured", "lost %", "survives"):
        label = header in ("side", "tile")
        table.add_column(header, justify="left" if label else "right", no_wrap=label)
    for row in rows:
        rate = row["captured_rate"]
        table.add_row(
            row["side"],
            row["tile"],
            _number(row["drawn_per_game"]),
            _number(row["moves_per_game"]),
            _number(row["captures_per_game"]),
            _number(row["captured_per_game"]),
            "-" if rate is None else percent(rate),
            _number(row["mean_plies_survived"], 1),
        )
    return table


def _players(document: dict[str, Any]) -> str:
    policies = list(document["policies"].items())
    if policies[0][1] == policies[1][1]:
        return f"policy {policies[0][1]}"
    return "policies " + ", ".join(f"{label}: {policy}" for label, policy in policies)


def _rung(document: dict[str, Any]) -> str:
    policies = list(dict.fromkeys(document["policies"].values()))
    return " vs ".join(policies)


def _rating(document: dict[str, Any]) -> str:
    ratings = document["ratings"]
    names = list(dict.fromkeys(document["policies"].values()))
    if names == [ANCHOR]:
        return "0 (reference)"
    if any(name not in ratings for name in names):
        return "-"
    return " / ".join(
        rating({"policy": name} | ratings[name]).shown() for name in names if name != ANCHOR
    )


def render_ladder(
    results: list[RunResult],
    console: Console,
    ratings: Ratings | None = None,
    commands: Commands | None = None,
) -> None:
    """Each policy's run, then one line per rung with the players' ratings: the verdict's
    robustness across skill."""
    for result in results:
        console.rule(f"policy {_rung(to_json(result))}")
        render(result, console, ratings, commands)
    overview = Table(title="Ladder", title_justify="left")
    for header in ("policy", "rating", "games", "score", "Elo (95%)", "verdict"):
        overview.add_column(header)
    for result in results:
        document = to_json(result, ratings)
        overview.add_row(
            _rung(document),
            _rating(document),
            str(document["games"]),
            percent(document["score"]),
            decision_figures(result.decision),
            document["verdict_words"],
        )
    console.print(Group(overview))
    # The answers last, one a rung, where a person looks (the runs above scroll away).
    for result in results:
        line = to_json(result, ratings, commands)["verdict_line"]
        console.print(Text(line, style="bold"), soft_wrap=True)
