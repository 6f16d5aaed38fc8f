"""``dukec balance``: many seeded games between two armies, and how sure we can be of the result.

The swap matrix (``dukec matrix``) and the check of a balance manifest (``dukec recheck``) are
commands of their own; ``balance --matrix`` and ``balance --check`` still work, with a notice.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource
from rich.console import Console

from dukec.commands.common import (
    FiniteRange,
    failure,
    game_option,
    games_option,
    json_option,
    load_tiles,
    load_tileset,
    progress_option,
    seed_option,
    set_option,
    with_option,
    workers_option,
)
from dukec.commands.options import (
    criteria_options,
    interruptible,
    make_criteria,
    players_options,
    replacement_option,
    rungs_of,
)
from dukec.commands.outputs import check_output_dir, os_error
from dukec.commands.progress import progress_bar
from dukec.players.policies import policy_seconds
from dukec.tileset import tileset_digest

if TYPE_CHECKING:
    from dukec.balance.run import RunResult


#: The default cap of ``--unpaired --stop sprt``: an exact copy's run is decided within it in
#: more than nine runs of ten (92.5% at 2% drawn games, more with more draws; ``python
#: benchmarks/calibration.py --caps``); at the 1,000 games of paired runs, 43% would end
#: inconclusive.
UNPAIRED_SPRT_CAP = 2000


def moved(old: str, new: str) -> None:
    """One line on stderr: an old spelling that still works, and the new one."""
    click.echo(f"note: dukec balance {old} is now {new}; the old spelling still works", err=True)


@click.command("balance")
@set_option
@game_option()
@click.option(
    "--replace",
    "replacement",
    metavar="OLD=NEW",
    help="Every OLD tile of an army made NEW, against the army as it is.",
)
@with_option()
@click.option(
    "--against",
    "against_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="The set's army against another tile set's.",
)
@click.option("--against-game", metavar="NAME", help="Game set of --against.")
@games_option(
    help="Games to play (at most, with --stop; with --unpaired --stop sprt the default is "
    f"{UNPAIRED_SPRT_CAP})."
)
@click.option(
    "--resume",
    is_flag=True,
    help="Read back the games an earlier run of the same games played (same tiles, players, "
    "seed), and play only the rest.",
)
@seed_option()
@click.option(
    "--policy",
    default=None,
    metavar="NAMES",
    help="Player of both armies (default: search; random, greedy, mcts, search-v1, "
    "search@1000, ...); a comma list runs a ladder.",
)
@click.option(
    "--policies",
    metavar="A:B",
    help="A plays the army under test, B its opponent.",
)
@click.option(
    "--paired/--unpaired",
    default=True,
    show_default=True,
    help="Each seed twice, seats swapped.",
)
@click.option(
    "--ratings",
    "ratings_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE",
    help="Policy ratings quoted beside the verdict.",
)
@players_options
@workers_option(help="Worker processes (default: all cores).")
@click.option(
    "--backend",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where games run.",
)
@click.option("--scheduler", metavar="ADDR", help="Dask scheduler (default: a local one).")
@click.option(
    "--stop",
    "stop_rule",
    type=click.Choice(["sprt", "width"]),
    default=None,
    help="Stop once the answer is clear (sprt) or the interval narrow (width).",
)
@criteria_options
@click.option(
    "--width",
    default=0.02,
    show_default=True,
    type=FiniteRange(0, 0.5, min_open=True),
    help="--stop width: the interval's ± score.",
)
@click.option("--matrix", hidden=True, help="Old spelling of dukec matrix.")
@click.option(
    "--html",
    "html_path",
    hidden=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Old spelling of dukec matrix --html.",
)
@json_option(help="Print the result as JSON.")
@click.option(
    "--report",
    "report_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write index.html and balance.json into DIR.",
)
@click.option(
    "--manifest",
    "manifest_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Record the experiment for dukec recheck.",
)
@click.option(
    "--check",
    "check_path",
    hidden=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Old spelling of dukec recheck.",
)
@progress_option()
@interruptible
def balance(
    tileset_path: Path | None,
    game: str | None,
    replacement: str | None,
    with_path: Path | None,
    against_path: Path | None,
    against_game: str | None,
    games: int,
    resume: bool,
    seed: int,
    policy: str | None,
    policies: str | None,
    paired: bool,
    ratings_path: Path | None,
    budget: int,
    ply_limit: int,
    workers: int | None,
    backend: str,
    scheduler: str | None,
    stop_rule: str | None,
    elo_margin: float,
    alpha: float,
    beta: float,
    elo_model: str,
    width: float,
    matrix: str | None,
    html_path: Path | None,
    as_json: bool,
    report_dir: Path | None,
    manifest_path: Path | None,
    check_path: Path | None,
    progress: bool,
) -> None:
    """Play seeded games: is one army stronger, weaker or fair?

    \b
    Examples:
      dukec balance --set my/ --replace Footman=Paladin      # my/ holds paladin.duke
      dukec balance --set my/ --replace Footman=Paladin --stop sprt
      dukec balance --games 2000                             # the first player's edge
      dukec balance --set expansion/ --against tiles/        # two sets' armies

    The verdict, printed last: stronger, weaker, fair within ±--elo-margin Elo, or
    inconclusive, with Elo and its 95% interval, and the next step: an inconclusive run says
    about how many more games should decide and the command that plays them (--resume: the
    games played already are not played again). See also dukec matrix, dukec recheck.
    Exit status: 0 done, 1 unusable input, 2 bad usage, 130/143 interrupted.
    """
    context = click.get_current_context()
    if check_path is not None:
        from dukec.commands.manifests import check_manifest

        moved("--check FILE", "dukec recheck FILE")
        given = context.get_parameter_source("seed") is ParameterSource.COMMANDLINE
        check_manifest(check_path, seed if given else None, workers, progress, context)
        return
    rungs = rungs_of(policy, policies)
    swap = replacement_option(replacement)
    if not paired and stop_rule == "sprt":
        if context.get_parameter_source("games") is ParameterSource.DEFAULT:
            games = UNPAIRED_SPRT_CAP
        click.echo(
            f"note: unpaired games, --stop sprt, at most {games}: paired games (drop --unpaired) "
            f"decide with fewer games, their pairs sharing each seed's luck",
            err=True,
        )
    if manifest_path is not None:
        if matrix is not None:
            raise click.UsageError("--manifest records one head-to-head, not a --matrix")
        from dukec.commands.manifests import manifest_usage

        manifest_usage(manifest_path, swap, rungs, stop_rule, [tileset_path, with_path])
    if matrix is not None or html_path is not None:
        from dukec.api import settings as run_settings
        from dukec.commands.matrix_cmds import MatrixRequest, check_usage, run_matrix

        moved("--matrix A,B,...", "dukec matrix A,B,...")
        check_usage(matrix, swap, against_path, report_dir, paired, rungs, games)
        request = MatrixRequest(
            matrix or "", tileset_path, game, with_path, html_path, as_json, progress
        )
        how = run_settings(
            games,
            seed,
            rungs[0][0],
            rungs[0][1],
            budget=budget,
            ply_limit=ply_limit,
            workers=workers,
            criteria=make_criteria(elo_margin, alpha, beta, elo_model),
            backend=backend,
            scheduler=scheduler,
            stop=stop_rule,
            width=width,
        )
        run_matrix(request, how)
        return
    if report_dir is not None:
        check_output_dir(report_dir)
    if swap is not None and against_path is not None:
        raise click.UsageError("choose --replace or --against, not both")
    if with_path is not None and swap is None:
        raise click.UsageError(
            "--with names where the tile of --replace is defined; add --replace OLD=NEW"
        )
    if scheduler is not None and backend != "dask":
        raise click.UsageError("--scheduler needs --backend dask")
    from dukec import api
    from dukec.balance.html import write_ladder_report, write_report
    from dukec.balance.ratings import stored
    from dukec.balance.report import render, render_ladder, to_json
    from dukec.balance.run import Counter
    from dukec.balance.runner import RunnerError
    from dukec.tileset import ExperimentError

    tileset = api.TileSet(load_tileset(tileset_path))
    tiles = api.TileSet(load_tiles(with_path)) if with_path is not None else None
    against = api.TileSet(load_tileset(against_path)) if against_path is not None else None
    criteria = make_criteria(elo_margin, alpha, beta, elo_model)
    try:
        made = api.experiment(
            tileset, game, replace=swap, tiles=tiles, against=against, against_game=against_game
        )
        pairs = paired and made.sets[0] != made.sets[1]
        if pairs and games % 2:
            raise click.UsageError(
                f"paired games come two by two: give an even --games (not {games}), or --unpaired"
            )
        # Stored ratings are of node budgets: a policy on CPU time has none to quote.
        specs = {name for rung in rungs for name in rung if not policy_seconds(name)}
        ratings = stored(ratings_path, tileset.data, made.game, budget, specs)
        results: list[RunResult] = []
        for mine, theirs in rungs:
            how = api.settings(
                games,
                seed,
                mine,
                theirs,
                budget=budget,
                ply_limit=ply_limit,
                workers=workers,
                criteria=criteria,
                backend=backend,
                scheduler=scheduler,
                stop=stop_rule,
                width=width,
                paired=paired,
            )
            shown = mine if mine == theirs else f"{mine}:{theirs}"
            with progress_bar(games, f"{shown}: {made.describe()}", progress) as bar:
                results.append(api.play(made, how, Counter(bar), resume=resume))
            if resume and not results[-1].resumed:
                click.echo(f"resume: no games of this run were kept; {shown} played them", err=True)
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    if manifest_path is not None:
        from dukec.commands.manifests import record_runs
        from dukec.tileset import merge_sources

        hashed = tileset_digest(merge_sources(tileset.data, None if tiles is None else tiles.data))
        sources = (tileset_path, with_path)
        record_runs(manifest_path, results[:1], "replace", sources, game, hashed)
    from dukec.commands.again import balance_next

    def commands(result: RunResult) -> str | None:
        return balance_next(context, result, manifest_path is not None)

    documents: list[dict[str, Any]] = [to_json(result, ratings, commands) for result in results]
    if report_dir is not None:
        try:
            if len(documents) == 1:
                page = write_report(report_dir, documents[0])
            else:
                page = write_ladder_report(report_dir, documents)
        except OSError as error:
            raise os_error(report_dir, error) from None
        click.echo(f"report: {page}", err=True)
    if as_json:
        output = documents[0] if len(documents) == 1 else documents
        click.echo(json.dumps(output, indent=2, ensure_ascii=False))
        return
    # Piped output has no terminal width: give the tables room rather than wrapping them at 80.
    console = Console(width=None if sys.stdout.isatty() else 120)
    if len(results) == 1:
        render(results[0], console, ratings, commands)
    else:
        render_ladder(results, console, ratings, commands)


COMMANDS: list[click.Command] = [balance]
