"""``dukec balance``: many seeded games between two armies, and how sure we can be of the result."""

from __future__ import annotations

import functools
import json
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from rich.console import Console

from dukec.balance.game import policy_seconds, split_policy
from dukec.balance.search import DEFAULT_BUDGET
from dukec.commands.common import (
    BUDGET,
    PLY_LIMIT,
    SEED,
    WORKERS,
    FiniteRange,
    failure,
    games_type,
    load_tileset,
    set_option,
)
from dukec.commands.outputs import check_output_dir, os_error
from dukec.commands.progress import progress_bar
from dukec.limits import MAX_ELO, MAX_POLICIES

if TYPE_CHECKING:
    from dukec.balance.decision import Criteria
    from dukec.balance.run import RunResult

F = TypeVar("F", bound=Callable[..., Any])


class _Terminated(KeyboardInterrupt):
    """SIGTERM, met as an interruption so that the run winds down the same way."""


def interruptible(command: F) -> F:
    """Ctrl-C and SIGTERM end a run at once: the workers are stopped, nothing is written, one
    line says so, and the exit status is 130 (SIGINT) or 143 (SIGTERM)."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        def terminate(signum: int, frame: Any) -> None:
            raise _Terminated

        previous = signal.signal(signal.SIGTERM, terminate)
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt as stop:
            name = click.get_current_context().info_name
            click.echo(f"{name}: interrupted; no report written", err=True)
            raise SystemExit(143 if isinstance(stop, _Terminated) else 130) from None
        finally:
            signal.signal(signal.SIGTERM, previous)

    return run  # type: ignore[return-value]


def players_options(command: F) -> F:
    """``--budget`` and ``--ply-limit``: how long the players think and how long games last."""
    command = click.option(
        "--ply-limit",
        default=300,
        show_default=True,
        type=PLY_LIMIT,
        help="Plies after which a game is an adjudicated draw.",
    )(command)
    return click.option(
        "--budget",
        default=DEFAULT_BUDGET,
        show_default=True,
        type=BUDGET,
        help="Search and mcts policies: nodes (actions applied) per move.",
    )(command)


def replacement_option(value: str | None) -> tuple[str, str] | None:
    """The value of a ``--replace OLD=NEW`` option, or None; a usage error if malformed."""
    from dukec.balance.experiments import split_replacement

    if value is None:
        return None
    try:
        return split_replacement(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--replace") from None


def policy_names(value: str, hint: str) -> list[str]:
    """A comma list of known policy names, each perhaps with its own budget (``search@1000``)."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    if len(names) > MAX_POLICIES:
        raise click.BadParameter(
            f"{len(names)} policies: name at most {MAX_POLICIES}", param_hint=hint
        )
    for name in names:
        try:
            split_policy(name)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint=hint) from None
    if not names:
        raise click.BadParameter("name at least one policy", param_hint=hint)
    return names


def _rungs(policy: str | None, policies: str | None) -> list[tuple[str, str]]:
    """(army A's policy, army B's) for each run, from --policy or --policies."""
    if policy is not None and policies is not None:
        raise click.UsageError("choose --policy (both armies) or --policies A:B, not both")
    if policies is None:
        return [(name, name) for name in policy_names(policy or "random", "--policy")]
    rungs = []
    pairings = policies.split(",")
    if len(pairings) > MAX_POLICIES:
        raise click.BadParameter(
            f"{len(pairings)} pairings: name at most {MAX_POLICIES}", param_hint="--policies"
        )
    for pairing in pairings:
        mine, sep, theirs = pairing.partition(":")
        if not sep:
            raise click.BadParameter(
                f"expected A:B, for example greedy:search, not {pairing.strip()!r}",
                param_hint="--policies",
            )
        rungs.append((policy_names(mine, "--policies")[0], policy_names(theirs, "--policies")[0]))
    return rungs


def criteria_options(command: F) -> F:
    """``--elo-margin``, ``--alpha``, ``--beta`` and ``--elo-model``: what counts as fair and
    how sure each answer must be (see :mod:`dukec.balance.decision`)."""
    for option in reversed(
        (
            click.option(
                "--elo-margin",
                default=30.0,
                show_default=True,
                type=FiniteRange(0, MAX_ELO, min_open=True),
                help="The largest difference, in Elo, that counts as fair: 'fair within "
                "±margin' needs the games to show the difference is smaller.",
            ),
            click.option(
                "--alpha",
                default=0.05,
                show_default=True,
                type=FiniteRange(0, 0.5, min_open=True, max_open=True),
                help="The chance of calling an even tile stronger or weaker (both ways "
                "together), and of a fixed-length run calling a ±margin tile fair.",
            ),
            click.option(
                "--beta",
                default=0.05,
                show_default=True,
                type=FiniteRange(0, 0.5, min_open=True, max_open=True),
                help="--stop sprt: the chance of missing a difference of ±margin (1 - beta is "
                "the test's power), unless the --games cap cuts the test short.",
            ),
            click.option(
                "--elo-model",
                type=click.Choice(["logistic", "normalized"]),
                default="logistic",
                show_default=True,
                help="Elo as usual (logistic), or normalized Elo (the score's edge over its "
                "per-game standard deviation, as fastchess): the margin is in that unit.",
            ),
        )
    ):
        command = option(command)
    return command


def make_criteria(elo_margin: float, alpha: float, beta: float, elo_model: str) -> Criteria:
    """The decision criteria the options of ``criteria_options`` give."""
    from dukec.balance.decision import Criteria
    from dukec.balance.stats import EloModel

    return Criteria(elo_margin, alpha, beta, model=EloModel(elo_model))


@click.command("balance")
@set_option
@click.option(
    "--game", "game", metavar="NAME", help="Game set to play (default: base, or the only one)."
)
@click.option(
    "--replace",
    "replacement",
    metavar="OLD=NEW",
    help="Compare an army whose every OLD tile is NEW against the standard army.",
)
@click.option(
    "--with",
    "with_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="Where NEW is defined: a .duke file, a directory of them, or a compiled set.",
)
@click.option(
    "--against",
    "against_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="Compare the set's army against the army of another tile set.",
)
@click.option(
    "--against-game", metavar="NAME", help="Game set of --against (default: base, or the only one)."
)
@click.option(
    "--games",
    "-n",
    default=1000,
    show_default=True,
    type=games_type(),
    help="Games to play (at most, with --stop).",
)
@click.option(
    "--seed",
    default=1,
    show_default=True,
    type=SEED,
    help="Master seed; each game's seed derives from it.",
)
@click.option(
    "--policy",
    default=None,
    metavar="NAMES",
    help="Player for both armies: random (the default), greedy, mcts, search-material, "
    "search-v1 or search, a search or mcts perhaps with its own budget (search@1000: nodes per "
    "move; search@10ms: CPU time per move, not reproducible across machines); a comma list "
    "(random,greedy,search) runs a ladder, one run per policy.",
)
@click.option(
    "--policies",
    metavar="A:B",
    help="Mixed players: A plays the army under test (the one with NEW, the --set army, or in "
    "self-play the first seat's), B its opponent; a policy stays with its army when seats "
    "swap. A comma list (random:search,search:random) runs one after another.",
)
@click.option(
    "--paired/--unpaired",
    default=True,
    show_default=True,
    help="Where the armies swap seats, play each seed twice, seats swapped, with the same "
    "draws; statistics and --stop go by pairs.",
)
@click.option(
    "--ratings",
    "ratings_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE",
    help="Policy ratings to quote beside the verdict (default: those shipped with dukec, "
    "measured on the base set; see dukec ladder).",
)
@players_options
@click.option(
    "--workers",
    "-j",
    type=WORKERS,
    default=None,
    help="Local worker processes, or the local Dask cluster's (default: all cores); "
    "an existing Dask scheduler uses all its workers.",
)
@click.option(
    "--backend",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where games run.",
)
@click.option(
    "--scheduler", metavar="ADDR", help="Dask scheduler address (default: a local cluster)."
)
@click.option(
    "--stop",
    "stop_rule",
    type=click.Choice(["sprt", "width"]),
    default=None,
    help="Stop early once the answer is clear: sprt, the sequential test (stronger, weaker, "
    "fair within ±margin, or inconclusive at the --games cap); width, once the 95% interval "
    "is narrow enough.",
)
@criteria_options
@click.option(
    "--width",
    default=0.02,
    show_default=True,
    type=FiniteRange(0, 0.5, min_open=True),
    help="--stop width: stop when the 95% interval is within ± this score.",
)
@click.option(
    "--matrix",
    metavar="A,B[,C...]",
    help="A swap matrix: each tile in turn takes the place of the first one the army holds, "
    "and every such army plays every other (paired games, --games per cell); then one rating "
    "per tile, a test of whether one rating each explains the cells, and the dominated tiles "
    "(Holm's correction at --alpha).",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="--matrix: write the matrix as an HTML heatmap to FILE.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--report",
    "report_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write an HTML report (index.html) and balance.json into DIR.",
)
@click.option(
    "--manifest",
    "manifest_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="With --replace: record the experiment and its estimate in a balance manifest "
    "(added, or replacing the same experiment's entry) for --check.",
)
@click.option(
    "--check",
    "check_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Play the experiments of a balance manifest again from fresh seeds (each stored seed "
    "plus one, or --seed); exit 1 with one line per experiment whose score moved by more "
    "than chance allows. Takes only --seed, --workers and --progress besides.",
)
@click.option(
    "--progress/--no-progress", default=True, show_default=True, help="Progress bar on a terminal."
)
@interruptible
def balance(
    tileset_path: Path | None,
    game: str | None,
    replacement: str | None,
    with_path: Path | None,
    against_path: Path | None,
    against_game: str | None,
    games: int,
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
    """Play many seeded games and say whether one army is stronger, weaker or fair.

    \b
    A new tile in place of an old one, competent players, until the answer is clear:
      dukec balance --replace Knight=Paladin --with paladin.duke --policy search --stop sprt
    Self-play (no --replace, no --against): the first player's advantage.
      dukec balance --games 2000
    Two sets' armies:
      dukec balance --set expansion.json --against build/tileset.json
    Does the tile help a weak player (the army with it) against a strong one?
      dukec balance --replace Knight=Paladin --with paladin.duke --policies greedy:search

    Where the armies swap seats, games are paired: each seed twice, seats swapped, same
    draws; the verdict and --stop go by pairs. A policy belongs to its army, not its seat.

    The answer (the last line) is stronger, weaker, fair within ±--elo-margin Elo, or
    inconclusive (play more games), with its Elo, interval and error rates.

    Keep a head-to-head as a regression test, and check it again later from a fresh seed
    (exit 1 when its score moved by more than chance allows):
      dukec balance --replace Knight=Paladin --with paladin.duke --games 2000 \\
          --manifest balance.toml
      dukec balance --check balance.toml

    A swap matrix: each tile in the Footman's place, every army against every other.
      dukec balance --matrix Footman,Pikeman,JumpingFootman --with jumping_footman.duke

    Exit status: 0 done (whatever the verdict; with --check, no experiment drifted), 1 a
    tile set or experiment that cannot be used, a report that cannot be written or a drifted
    experiment, 2 bad usage, 130 or 143 interrupted (Ctrl-C, SIGTERM: workers stopped,
    nothing written).
    """
    context = click.get_current_context()
    if check_path is not None:
        from click.core import ParameterSource

        from dukec.commands.manifests import check_manifest

        given = context.get_parameter_source("seed") is ParameterSource.COMMANDLINE
        check_manifest(check_path, seed if given else None, workers, progress, context)
        return
    from dukec.balance.experiments import ExperimentError, replace, self_play, sets_against
    from dukec.balance.html import write_ladder_report, write_report
    from dukec.balance.play import check_playable
    from dukec.balance.ratings import stored
    from dukec.balance.report import render, render_ladder, to_json
    from dukec.balance.run import Counter, Settings, run
    from dukec.balance.runner import RunnerError, default_workers

    swap = replacement_option(replacement)
    rungs = _rungs(policy, policies)
    if manifest_path is not None:
        if matrix is not None:
            raise click.UsageError("--manifest records one head-to-head, not a --matrix")
        from dukec.commands.manifests import manifest_usage

        manifest_usage(manifest_path, swap, rungs, stop_rule, [tileset_path, with_path])
    if matrix is not None or html_path is not None:
        from dukec.commands.matrix_cmds import MatrixRequest, check_usage, run_matrix

        check_usage(matrix, swap, against_path, report_dir, paired, rungs, games)
        request = MatrixRequest(
            matrix or "", tileset_path, game, with_path, html_path, as_json, progress
        )
        settings = Settings(
            games=games,
            seed=seed,
            policy=rungs[0][0],
            opponent_policy=rungs[0][1],
            ply_limit=ply_limit,
            budget=budget,
            workers=workers or default_workers(),
            backend=backend,
            scheduler=scheduler,
            stop=stop_rule,
            criteria=make_criteria(elo_margin, alpha, beta, elo_model),
            width=width,
            paired=True,
        )
        run_matrix(request, settings)
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
    tileset = load_tileset(tileset_path)
    criteria = make_criteria(elo_margin, alpha, beta, elo_model)
    source: dict[str, Any] | None = None
    try:
        if swap is not None:
            source = load_tileset(with_path) if with_path is not None else None
            experiment = replace(tileset, game, swap[0], swap[1], source)
        elif against_path is not None:
            experiment = sets_against(tileset, game, load_tileset(against_path), against_game)
        else:
            experiment = self_play(tileset, game)
        check_playable(experiment.tileset, experiment.sets)
        pairs = paired and experiment.sets[0] != experiment.sets[1]
        if pairs and games % 2:
            raise click.UsageError(
                f"paired games come two by two: give an even --games (not {games}), or --unpaired"
            )
        # Stored ratings are of node budgets: a policy on CPU time has none to quote.
        specs = {name for rung in rungs for name in rung if not policy_seconds(name)}
        ratings = stored(ratings_path, tileset, experiment.game, budget, specs)
        results: list[RunResult] = []
        for mine, theirs in rungs:
            settings = Settings(
                games=games,
                seed=seed,
                policy=mine,
                opponent_policy=theirs,
                ply_limit=ply_limit,
                budget=budget,
                workers=workers or default_workers(),
                backend=backend,
                scheduler=scheduler,
                stop=stop_rule,
                criteria=criteria,
                width=width,
                paired=paired,
            )
            shown = mine if mine == theirs else f"{mine}:{theirs}"
            label = f"{shown}: {experiment.describe()}"
            with progress_bar(games, label, progress) as bar:
                results.append(run(experiment, settings, observer=Counter(bar)))
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    if manifest_path is not None:
        from dukec.commands.manifests import record_runs
        from dukec.insight.value import digest, merge_sources

        hashed = digest(merge_sources(tileset, source))
        sources = (tileset_path, with_path)
        record_runs(manifest_path, results[:1], "replace", sources, game, hashed)
    documents: list[dict[str, Any]] = [to_json(result, ratings) for result in results]
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
        render(results[0], console, ratings)
    else:
        render_ladder(results, console, ratings)


COMMANDS: list[click.Command] = [balance]
