"""Output of a run: the verdict line, the JSON document, and the table a person reads."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from dukec.balance.run import RunResult
from dukec.balance.stats import SprtStop, Verdict, WidthStop, half_width, percent, verdict, wilson
from dukec.balance.tally import summary_numbers, tile_rows, trajectory

_SELF_PLAY_WORDS = {
    Verdict.STRONGER: "a first-player advantage",
    Verdict.NOT_DIFFERENT: "no clear first-player advantage",
    Verdict.WEAKER: "a second-player advantage",
}


_FLIPPED = {
    Verdict.STRONGER: Verdict.WEAKER,
    Verdict.NOT_DIFFERENT: Verdict.NOT_DIFFERENT,
    Verdict.WEAKER: Verdict.STRONGER,
}


def verdict_line(result: RunResult) -> str:
    """'Paladin scores 58.3% ± 1.9% against the Knight it replaces: stronger'."""
    tally = result.tally
    experiment = result.experiment
    score = tally.score_a.mean
    interval = wilson(score, tally.games)
    outcome = verdict(interval)
    words = outcome.value
    if experiment.kind == "self-play" and experiment.alike:
        # Side A is the player in seat 0, who takes the first turn unless the rules say not.
        if experiment.first_seat == 1:
            outcome = _FLIPPED[outcome]
        words = _SELF_PLAY_WORDS[outcome]
    return (
        f"{experiment.subject} scores {percent(score)} ± {percent(half_width(interval))} "
        f"against {experiment.opponent}: {words}"
    )


def _stop_json(result: RunResult) -> dict[str, Any] | None:
    rule = result.settings.stop
    if rule is None:
        return None
    described: dict[str, Any]
    if isinstance(rule, SprtStop):
        described = {
            "rule": "sprt",
            "elo_margin": rule.margin,
            "alpha": rule.alpha,
            "beta": rule.beta,
        }
    else:
        assert isinstance(rule, WidthStop)
        described = {"rule": "width", "width": rule.width}
    described["decision"] = result.decision.value if result.decision else None
    described["stopped_early"] = result.tally.games < result.settings.games
    return described


def to_json(result: RunResult) -> dict[str, Any]:
    """The run as a JSON document (the keys other tools read are stable)."""
    settings = result.settings
    numbers = summary_numbers(result.tally)
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
        "verdict_line": verdict_line(result),
        "seed": settings.seed,
        "policy": settings.policy,
        "budget": settings.budget,
        "ply_limit": settings.ply_limit,
        "max_games": settings.games,
        "stop": _stop_json(result),
        "tileset_digest": result.matchup.digest,
        **numbers,
        "games_per_second": result.games_per_second,
        "seconds": result.seconds,
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
    return "-" if value is None else f"{value:+.0f}"


def render(result: RunResult, console: Console) -> None:
    """Print the verdict, the numbers behind it and the per-tile table."""
    document = to_json(result)
    labels = result.experiment.labels
    console.print(Text(document["verdict_line"], style="bold"))
    summary = Table(show_header=False, box=None, pad_edge=False)
    summary.add_column(style="dim")
    summary.add_column()
    low, high = document["score_ci95"]
    summary.add_row(
        "games", f"{document['games']} (policy {document['policy']}, seed {document['seed']})"
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
    summary.add_row("Elo", f"{_elo(document['elo'])} (95% {_elo(elo_low)} .. {_elo(elo_high)})")
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
    stop = document["stop"]
    if stop is not None and result.settings.stop is not None:
        decided = stop["decision"] or "undecided"
        summary.add_row("stopping", f"{result.settings.stop.describe()}: {decided}")
    summary.add_row(
        "speed", f"{document['games_per_second']:.1f} games/s over {document['seconds']:.1f} s"
    )
    console.print(summary)
    comparison = comparison_line(document)
    if comparison is not None:
        console.print(comparison)
    console.print(tile_table(document["tiles"]))


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


def render_ladder(results: list[RunResult], console: Console) -> None:
    """Each policy's run, then one line per policy."""
    for result in results:
        console.rule(f"policy {result.settings.policy}")
        render(result, console)
    overview = Table(title="Ladder", title_justify="left")
    for header in ("policy", "games", "score", "95%", "Elo", "verdict"):
        overview.add_column(header)
    for result in results:
        document = to_json(result)
        low, high = document["score_ci95"]
        overview.add_row(
            result.settings.policy,
            str(document["games"]),
            percent(document["score"]),
            f"{percent(low)} .. {percent(high)}",
            _elo(document["elo"]),
            document["verdict"],
        )
    console.print(Group(overview))
