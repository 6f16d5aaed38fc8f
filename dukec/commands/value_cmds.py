"""``dukec value``: what one copy of a tile is worth in Elo, or every tile of an army ranked."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from dukec.balance.stats import chance
from dukec.commands.common import (
    SEED,
    WORKERS,
    failure,
    games_type,
    load_tiles,
    load_tileset,
    policy_option,
    set_option,
)
from dukec.commands.manifests import read_manifest, record_runs
from dukec.commands.options import (
    criteria_options,
    interruptible,
    make_criteria,
    players_options,
    policy_names,
)
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.commands.progress import progress_bar
from dukec.insight.value import DEFAULT_REFERENCE, Kind
from dukec.limits import MAX_EVIDENCE_GAMES

if TYPE_CHECKING:
    from dukec.balance.decision import Criteria
    from dukec.balance.run import Settings
    from dukec.insight.value import Valuation


def _settings(
    policy: str,
    games: int,
    seed: int,
    budget: int,
    ply_limit: int,
    workers: int | None,
    criteria: Criteria,
) -> Settings:
    from dukec.api import settings

    return settings(
        games, seed, policy, budget=budget, ply_limit=ply_limit, workers=workers, criteria=criteria
    )


def _sources(tileset_path: Path | None, with_path: Path | None) -> dict[str, Any]:
    from dukec.insight.value import merge_sources

    tileset = load_tileset(tileset_path)
    return merge_sources(tileset, load_tiles(with_path) if with_path is not None else None)


def _measure(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    in_place_of: str,
    kind: Kind,
    progress: bool,
) -> Valuation:
    from dukec.insight.value import is_reference, measure, tile_name

    if kind is Kind.COPY and is_reference(tileset, tile, in_place_of):
        return measure(tileset, game, tile, settings, in_place_of=in_place_of)
    shown = "bag worth" if kind is Kind.BAG else "a copy"
    label = f"{settings.policy}: {tile_name(tileset, tile)} ({shown})"
    with progress_bar(settings.games, label, progress) as bar:
        return measure(
            tileset, game, tile, settings, in_place_of=in_place_of, kind=kind, progress=bar
        )


def _elo(value: float | None) -> str:
    from dukec.insight.report import shown_elo

    return shown_elo(value)


def _interval(values: list[float | None]) -> str:
    from dukec.insight.report import shown_interval

    return shown_interval(values)


@click.command("value")
@click.argument("tile", required=False)
@set_option
@click.option(
    "--game", "game", metavar="NAME", help="Game set to play (default: base, or the only one)."
)
@click.option(
    "--with",
    "with_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="More tiles (a .duke file, a directory of them, or a compiled set) added to the set.",
)
@click.option(
    "--in-place-of",
    "--reference",
    "in_place_of",
    default=DEFAULT_REFERENCE,
    show_default=True,
    metavar="OLD",
    help="The tile whose place one copy of TILE takes (its first copy in the set-up if it "
    "starts there, else one in the bag): worth +0 a copy by definition.",
)
@click.option(
    "--all", "all_tiles", is_flag=True, help="Value every tile of the set's army and rank them."
)
@click.option(
    "--bag",
    is_flag=True,
    help="Also measure the bag worth: every copy of the tile against the same army without it "
    "(its strength mixed with how much it dilutes the bag).",
)
@policy_option()
@click.option(
    "--games",
    "-n",
    default=1000,
    show_default=True,
    type=games_type(2),
    help="Games per tile (even: each seed is played twice, seats swapped).",
)
@click.option("--seed", default=1, show_default=True, type=SEED, help="Master seed of every run.")
@players_options
@criteria_options
@click.option(
    "--workers",
    "-j",
    type=WORKERS,
    default=None,
    help="Local worker processes (default: all cores); the numbers do not depend on it.",
)
@click.option("--sides", is_flag=True, help="Also value the tile's front alone and its back alone.")
@click.option(
    "--evidence",
    "evidence_dir",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Write the games where the tile mattered most (records and replay pages) into DIR.",
)
@click.option(
    "--evidence-games",
    default=3,
    show_default=True,
    type=click.IntRange(1, MAX_EVIDENCE_GAMES),
    help="How many evidence games at most.",
)
@click.option(
    "--manifest",
    "manifest_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Record the experiment (one TILE in place of one OLD) and its estimate in a balance "
    "manifest (added, or replacing the same experiment's entry) for dukec balance --check.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="With --all: write the ranking as a page with a bar chart.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Also write the JSON report to FILE.",
)
@click.option(
    "--progress/--no-progress", default=True, show_default=True, help="Progress bar on a terminal."
)
@interruptible
def value(
    tile: str | None,
    tileset_path: Path | None,
    game: str | None,
    with_path: Path | None,
    in_place_of: str,
    all_tiles: bool,
    bag: bool,
    policy: str,
    games: int,
    seed: int,
    budget: int,
    ply_limit: int,
    elo_margin: float,
    alpha: float,
    beta: float,
    elo_model: str,
    workers: int | None,
    sides: bool,
    evidence_dir: Path | None,
    evidence_games: int,
    manifest_path: Path | None,
    html_path: Path | None,
    as_json: bool,
    out_path: Path | None,
    progress: bool,
) -> None:
    """Say what one copy of TILE is worth in Elo, with a 95% interval: the army with one TILE
    in place of one OLD (--in-place-of, the Footman by default) against the army as it is,
    seats alternating, paired games; and whether it is worth more than OLD, less, the same
    within ±--elo-margin, or not yet told apart.

    \b
    One overpowered Footman in place of one Footman:
      dukec value JumpingFootman --with tests/balance/tiles/jumping_footman.duke
    Every tile of the army, ranked (tiles not told apart share a range of ranks):
      dukec value --all --html worth.html
    Also the bag worth (every copy against the army without it):
      dukec value Pikeman --bag
    Keep the experiment as a regression test (dukec balance --check balance.toml):
      dukec value Wizard --games 2000 --manifest balance.toml

    Each tile takes the same place (a starting Footman, in the base game), so worths compare
    between tiles, and it is the worth of one copy, whatever the tile's count. OLD itself is
    worth +0 by definition. A tile acting as the Duke has no worth to measure.

    Exit status: 0 measured, 1 a tile set, tile or experiment that cannot be used or a file
    that cannot be written, 2 bad usage, 130 or 143 interrupted.
    """
    from dukec.balance.experiments import ExperimentError
    from dukec.balance.runner import RunnerError
    from dukec.insight.report import ranking, value_report

    policy = policy_names(policy, "--policy")[0]
    if games % 2:
        raise click.UsageError(f"games are played in pairs: give an even --games (not {games})")
    if all_tiles == (tile is not None):
        raise click.UsageError("give a TILE to value, or --all (not both)")
    if all_tiles:
        for name, given in (("--sides", sides or None), ("--evidence", evidence_dir)):
            if given is not None:
                raise click.UsageError(f"{name} values one TILE; it does not go with --all")
    elif html_path is not None:
        raise click.UsageError("--html draws the ranking of --all")
    inputs = [p for p in (tileset_path, with_path) if p is not None]
    for output in (out_path, html_path, manifest_path):
        if output is not None:
            check_output_file(output, inputs)
    if evidence_dir is not None:
        check_output_dir(evidence_dir)
    if manifest_path is not None:
        read_manifest(manifest_path)  # a manifest that cannot be read fails before any game
    criteria = make_criteria(elo_margin, alpha, beta, elo_model)
    settings = _settings(policy, games, seed, budget, ply_limit, workers, criteria)
    tileset = _sources(tileset_path, with_path)

    def measure_with(
        tileset: dict[str, Any],
        game: str | None,
        tile: str,
        settings: Settings,
        old: str,
        kind: Kind,
    ) -> Valuation:
        return _measure(tileset, game, tile, settings, old, kind, progress)

    try:
        if all_tiles:
            document, valuations = ranking(
                tileset, game, settings, in_place_of=in_place_of, bag=bag, measure_with=measure_with
            )
        else:
            assert tile is not None
            evidence = None if evidence_dir is None else (evidence_dir, evidence_games)
            document, valuation = value_report(
                tileset,
                game,
                tile,
                settings,
                in_place_of=in_place_of,
                bag=bag,
                sides=sides,
                evidence=evidence,
                measure_with=measure_with,
            )
            valuations = [valuation]
    except OSError as error:
        # The evidence directory is the one output written while measuring.
        raise os_error(evidence_dir or Path(error.filename or "dukec"), error) from None
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        if out_path is not None:
            from dukec.atomic import write_text_atomic

            write_text_atomic(out_path, text)
        if html_path is not None:
            from dukec.insight.chart import write_page

            write_page(html_path, document)
        if manifest_path is not None:
            # The reference's own worth played no game: it has no experiment to record.
            played = [v.result for v in valuations if v.result is not None]
            sources = (tileset_path, with_path)
            record_runs(manifest_path, played, "copy", sources, game, document["tileset_hash"])
    except OSError as error:
        raise os_error(Path(error.filename or "dukec"), error) from None
    if as_json:
        click.echo(text, nl=False)
        return
    console = Console(width=None if sys.stdout.isatty() else 120)
    if all_tiles:
        _show_ranking(document, console)
    else:
        _show_one(document, console)


def _show_one(document: dict[str, Any], console: Console) -> None:
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


def _show_ranking(document: dict[str, Any], console: Console) -> None:
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


def _hide(command: click.Command, name: str) -> None:
    """Leave option ``name`` out of the command's help (it has nothing to set there)."""
    for param in command.params:
        if isinstance(param, click.Option) and param.name == name:
            param.hidden = True


_hide(value, "beta")  # a worth is a fixed-length run: the sequential test's --beta sets nothing

COMMANDS: list[click.Command] = [value]
