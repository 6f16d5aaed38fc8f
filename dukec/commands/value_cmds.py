"""``dukec value``: what a tile is worth in Elo; and the manifest check ``balance --check`` runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from dukec.commands.balance_cmds import interruptible, players_options, policy_names
from dukec.commands.common import SEED, ReportError, load_tileset, set_option
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.commands.progress import progress_bar

if TYPE_CHECKING:
    from dukec.balance.run import Settings
    from dukec.insight.value import Valuation


def _settings(
    policy: str, games: int, seed: int, budget: int, ply_limit: int, workers: int | None
) -> Settings:
    from dukec.balance.run import Settings
    from dukec.balance.runner import default_workers

    return Settings(
        games=games,
        seed=seed,
        policy=policy,
        ply_limit=ply_limit,
        budget=budget,
        workers=workers or default_workers(),
        paired=True,
    )


def _sources(tileset_path: Path | None, with_path: Path | None) -> dict[str, Any]:
    from dukec.insight.value import merge_sources

    tileset = load_tileset(tileset_path)
    return merge_sources(tileset, load_tileset(with_path) if with_path is not None else None)


def _measure(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    in_place_of: str | None,
    progress: bool,
) -> Valuation:
    from dukec.insight.value import measure, tile_name

    label = f"{settings.policy}: {tile_name(tileset, tile)}"
    with progress_bar(settings.games, label, progress) as bar:
        return measure(tileset, game, tile, settings, in_place_of=in_place_of, progress=bar)


def _elo(value: float | None) -> str:
    from dukec.insight.report import shown_elo

    return shown_elo(value)


def _interval(values: list[float | None]) -> str:
    from dukec.insight.report import shown_interval

    return shown_interval(values)


def _units(ratio: dict[str, Any] | None, reference: str) -> str:
    if ratio is None:
        return f"no measurable {reference} unit"
    low, high = ratio["ci95"]
    return f"{ratio['value']:.2f} in {reference} units (95%: {low:.2f} to {high:.2f})"


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
    metavar="OLD",
    help="TILE takes the place of every OLD in the army (else a tile the army lacks is added "
    "to its bag); the army without it lacks both.",
)
@click.option(
    "--all", "all_tiles", is_flag=True, help="Value every tile of the set's army and rank them."
)
@click.option(
    "--reference",
    default="Footman",
    show_default=True,
    metavar="NAME",
    help="The tile worth 1: worths are also given in its units.",
)
@click.option(
    "--policy",
    default="greedy",
    show_default=True,
    metavar="NAME",
    help="Player for both armies: random, greedy, mcts, search-material, search-v1 or "
    "search (a search or mcts perhaps with its own budget: search@1000).",
)
@click.option(
    "--games",
    "-n",
    default=400,
    show_default=True,
    type=click.IntRange(2),
    help="Games per tile (even: each seed is played twice, seats swapped).",
)
@click.option("--seed", default=1, show_default=True, type=SEED, help="Master seed of every run.")
@players_options
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(1),
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
    type=click.IntRange(1, 50),
    help="How many evidence games at most.",
)
@click.option(
    "--manifest",
    "manifest_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Record the measured worth in a balance manifest (added, or replacing the same "
    "experiment's entry) for dukec balance --check.",
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
    in_place_of: str | None,
    all_tiles: bool,
    reference: str,
    policy: str,
    games: int,
    seed: int,
    budget: int,
    ply_limit: int,
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
    """Say what TILE is worth in Elo, with a 95% interval: an army that has it against the
    same army without it (out of the set-up and the bag), seats alternating, paired games.

    \b
    The worth of the Footman, and of a new tile in its place:
      dukec value Footman
      dukec value Halberdier --with halberdier.duke --in-place-of Footman
    Every tile of the army, ranked, with a bar chart:
      dukec value --all --html worth.html
    Keep the worth as a test (dukec balance --check balance.toml):
      dukec value Footman --manifest balance.toml

    The worth is also given in units of --reference (the Footman = 1): the ratio of the two
    worths, its interval by the delta method. A tile acting as the Duke has no worth to
    measure (no game is played without a Duke).

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
        for name, given in (
            ("--in-place-of", in_place_of),
            ("--sides", sides or None),
            ("--evidence", evidence_dir),
        ):
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
        _read_manifest(manifest_path)  # a manifest that cannot be read fails before any game
    settings = _settings(policy, games, seed, budget, ply_limit, workers)
    tileset = _sources(tileset_path, with_path)

    def measure_with(
        tileset: dict[str, Any], game: str | None, tile: str, settings: Settings, old: str | None
    ) -> Valuation:
        return _measure(tileset, game, tile, settings, old, progress)

    try:
        if all_tiles:
            document, valuations = ranking(
                tileset, game, settings, reference=reference, measure_with=measure_with
            )
        else:
            assert tile is not None
            evidence = None if evidence_dir is None else (evidence_dir, evidence_games)
            document, valuation = value_report(
                tileset,
                game,
                tile,
                settings,
                replaced=in_place_of,
                reference=reference,
                sides=sides,
                evidence=evidence,
                measure_with=measure_with,
            )
            valuations = [valuation]
    except OSError as error:
        # The evidence directory is the one output written while measuring.
        raise os_error(evidence_dir or Path(error.filename or "dukec"), error) from None
    except (ExperimentError, RunnerError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        if out_path is not None:
            from dukec.atomic import write_text_atomic

            write_text_atomic(out_path, text)
        if html_path is not None:
            from dukec.insight.chart import write_page

            write_page(html_path, document)
        if manifest_path is not None:
            _record(manifest_path, valuations, tileset_path, with_path, game, settings, document)
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


def _record(
    path: Path,
    valuations: list[Valuation],
    tileset_path: Path | None,
    with_path: Path | None,
    game: str | None,
    settings: Settings,
    document: dict[str, Any],
) -> None:
    from dukec.insight import manifest
    from dukec.insight.value import in_place_of

    for valuation in valuations:
        worth = valuation.worth
        entry = manifest.Entry(
            tile=worth.tile,
            policy=settings.policy,
            games=settings.games,
            seed=settings.seed,
            budget=settings.budget,
            ply_limit=settings.ply_limit,
            tileset_hash=document["tileset_hash"],
            elo=worth.elo,
            elo_ci95=worth.elo_ci95,
            set=manifest.relative(tileset_path, path),
            with_=manifest.relative(with_path, path),
            game=game,
            in_place_of=in_place_of(valuation),
        )
        try:
            manifest.record(path, entry)
        except manifest.ManifestError as error:
            raise ReportError(str(error)) from None


def _show_one(document: dict[str, Any], console: Console) -> None:
    from dukec.insight.report import worth_line

    reference = document["reference"]["tile"]
    console.print(
        f"{worth_line(document)}: {_units(document['in_reference_units'], reference)}",
        highlight=False,
    )
    console.print(
        f"{reference}: {_elo(document['reference']['elo'])} Elo "
        f"(95%: {_interval(document['reference']['elo_ci95'])}); {document['policy']}, "
        f"{document['games']} games a tile (paired), seed {document['seed']}, "
        f"tile set {document['tileset_hash']}",
        highlight=False,
    )
    sides = document.get("sides")
    if sides is not None:
        table = Table("variant", "Elo", "95% interval", "share of the worth", box=None)
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


def _show_ranking(document: dict[str, Any], console: Console) -> None:
    from dukec.insight.chart import text_bars

    rows = document["tiles"]
    reference = document["reference"]
    table = Table("#", "tile", "Elo", "95% interval", f"{reference} units", "worth", box=None)
    for rank, (row, bar) in enumerate(zip(rows, text_bars(rows), strict=True), 1):
        units = row["in_reference_units"]
        table.add_row(
            str(rank),
            row["tile"],
            _elo(row["elo"]),
            _interval(row["elo_ci95"]),
            "-" if units is None else f"{units['value']:.2f}",
            bar,
        )
    console.print(table)
    console.print(
        f"{document['policy']}, {document['games']} games a tile (paired), seed "
        f"{document['seed']}, tile set {document['tileset_hash']}; bars: █ worth from 0 (│), "
        f"├─┤ 95% interval",
        highlight=False,
    )


def _read_manifest(path: Path) -> list[Any]:
    from dukec.insight import manifest

    try:
        return manifest.read(path)
    except manifest.ManifestError as error:
        raise ReportError(str(error)) from None


_CHECK_OPTIONS = ("check_path", "workers", "progress")
"""What ``balance --check`` takes: the manifest holds the rest of each experiment."""


def check_manifest(
    path: Path, workers: int | None, progress: bool, ctx: click.Context | None = None
) -> None:
    """Play every experiment of a manifest again; exit 1 if any worth drifted.

    ``ctx``, the calling command's context, must not have been given options that the
    manifest's experiments settle themselves.
    """
    from click.core import ParameterSource

    for param in ctx.command.params if ctx is not None else ():
        assert ctx is not None and param.name is not None
        given = ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
        if given and param.name not in _CHECK_OPTIONS:
            raise click.UsageError(
                f"--check plays the manifest's own experiments; it takes no {param.opts[0]}"
            )
    from dukec.balance.experiments import ExperimentError
    from dukec.balance.runner import RunnerError
    from dukec.insight import manifest
    from dukec.insight.value import digest

    entries = _read_manifest(path)
    if not entries:
        raise ReportError(f"{path}:1:1: error: no [[value]] entry to check")
    base = path.resolve().parent
    drifted = []
    for entry in entries:
        tileset_source, with_source = entry.paths(base)
        for source in (tileset_source, with_source):
            if source is not None and not source.exists():
                raise ReportError(f"{path}:{entry.line}:1: error: no such file: {source}")
        tileset = _sources(tileset_source, with_source)
        settings = _settings(
            entry.policy, entry.games, entry.seed, entry.budget, entry.ply_limit, workers
        )
        try:
            valuation = _measure(
                tileset, entry.game, entry.tile, settings, entry.in_place_of, progress
            )
        except (ExperimentError, RunnerError, ValueError) as error:
            raise ReportError(f"{path}:{entry.line}:1: error: {error}") from None
        checked = manifest.Checked(entry, valuation.worth.elo, digest(tileset))
        line = checked.line(path)
        if checked.drifted:
            drifted.append(line)
        click.echo(line, err=checked.drifted)
    if drifted:
        raise click.exceptions.Exit(1)


COMMANDS: list[click.Command] = [value]
