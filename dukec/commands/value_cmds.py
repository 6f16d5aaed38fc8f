"""``dukec value``: what one copy of a tile is worth in Elo, or every tile of an army ranked."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource
from rich.console import Console

from dukec.balance.plans import DEFAULT_REFERENCE, Kind
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
from dukec.commands.value_show import show_one, show_ranking, show_skill
from dukec.insight.skill import LEVELS
from dukec.limits import MAX_EVIDENCE_GAMES

if TYPE_CHECKING:
    from dukec.balance.run import Settings
    from dukec.insight.value import Valuation
    from dukec.stats.decision import Criteria


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
    from dukec.tileset import merge_sources

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
    from dukec.balance.plans import is_reference
    from dukec.insight.value import measure
    from dukec.tileset import tile_name

    if kind is Kind.COPY and is_reference(tileset, tile, in_place_of):
        return measure(tileset, game, tile, settings, in_place_of=in_place_of)
    shown = "bag worth" if kind is Kind.BAG else "a copy"
    label = f"{settings.policy}: {tile_name(tileset, tile)} ({shown})"
    with progress_bar(settings.games, label, progress) as bar:
        return measure(
            tileset, game, tile, settings, in_place_of=in_place_of, kind=kind, progress=bar
        )


def _is_reference(tileset: dict[str, Any], tile: str, in_place_of: str) -> bool:
    """Whether ``tile`` is the reference (False for a name that is not a tile: the run that
    follows says so)."""
    from dukec.balance.plans import is_reference
    from dukec.tileset import ExperimentError

    try:
        return is_reference(tileset, tile, in_place_of)
    except ExperimentError:
        return False


def tile_name_of(tileset: dict[str, Any], tile: str) -> str:
    """The tile ``tile`` names (any case)."""
    from dukec.tileset import tile_name

    return tile_name(tileset, tile)


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
@click.option(
    "--across-skill",
    is_flag=True,
    help="Value TILE at each level of skill (--levels), each playing both armies: a worth per "
    "level with its interval and the level's own Elo, and what changes across them.",
)
@click.option(
    "--levels",
    default=",".join(LEVELS),
    show_default=True,
    metavar="NAMES",
    help="With --across-skill: the levels, weakest first (policies, each perhaps with its own "
    "budget).",
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
    "manifest (added, or replacing the same experiment's entry) for dukec recheck.",
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
    across_skill: bool,
    levels: str,
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
    Its worth to random, greedy and searching players of three budgets:
      dukec value JumpingFootman --with tests/balance/tiles/jumping_footman.duke --across-skill
    Keep the experiment as a regression test (dukec recheck balance.toml):
      dukec value Wizard --games 2000 --manifest balance.toml

    Each tile takes the same place (a starting Footman, in the base game), so worths compare
    between tiles, and it is the worth of one copy, whatever the tile's count. OLD itself is
    worth +0 by definition. A tile acting as the Duke has no worth to measure.

    Exit status: 0 measured, 1 a tile set, tile or experiment that cannot be used (OLD itself
    with --manifest: it plays no game, so nothing is recorded) or a file that cannot be
    written, 2 bad usage, 130 or 143 interrupted.
    """
    from dukec.balance.runner import RunnerError
    from dukec.insight.report import ranking, value_report
    from dukec.tileset import ExperimentError

    policy = policy_names(policy, "--policy")[0]
    if games % 2:
        raise click.UsageError(f"games are played in pairs: give an even --games (not {games})")
    if all_tiles == (tile is not None):
        raise click.UsageError("give a TILE to value, or --all (not both)")
    if all_tiles:
        for name, given in (
            ("--sides", sides or None),
            ("--evidence", evidence_dir),
            ("--across-skill", across_skill or None),
        ):
            if given is not None:
                raise click.UsageError(f"{name} values one TILE; it does not go with --all")
    elif html_path is not None and not across_skill:
        raise click.UsageError("--html draws the ranking of --all or the levels of --across-skill")
    chosen = _levels(across_skill, levels, bag, sides, evidence_dir, manifest_path)
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
    if manifest_path is not None and tile is not None and _is_reference(tileset, tile, in_place_of):
        # Nothing would be recorded: say so before anything is written (exit 1).
        raise click.ClickException(reference_note(tile_name_of(tileset, tile)))

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
        if chosen is not None:
            from dukec.insight.report import skill_report

            assert tile is not None
            document, valuations = skill_report(
                tileset,
                game,
                tile,
                settings,
                in_place_of=in_place_of,
                levels=chosen,
                rated=load_tileset(tileset_path),
                measure_with=measure_with,
            )
        elif all_tiles:
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
            for unplayed in (v for v in valuations if v.result is None):
                click.echo(f"manifest: {reference_note(unplayed.worth.tile)}", err=True)
    except OSError as error:
        raise os_error(Path(error.filename or "dukec"), error) from None
    if as_json:
        click.echo(text, nl=False)
        return
    console = Console(width=None if sys.stdout.isatty() else 120)
    if chosen is not None:
        show_skill(document, console)
    elif all_tiles:
        show_ranking(document, console)
    else:
        show_one(document, console)


def _levels(
    across_skill: bool,
    levels: str,
    bag: bool,
    sides: bool,
    evidence_dir: Path | None,
    manifest_path: Path | None,
) -> tuple[str, ...] | None:
    """The levels of --across-skill (None without it); UsageError for what does not go with
    it."""
    context = click.get_current_context()
    given = context.get_parameter_source("levels") is not ParameterSource.DEFAULT
    if not across_skill:
        if given:
            raise click.UsageError("--levels names the levels of --across-skill")
        return None
    if context.get_parameter_source("policy") is not ParameterSource.DEFAULT:
        raise click.UsageError(
            "--across-skill plays every level: name them with --levels, not --policy"
        )
    for name, found in (
        ("--bag", bag or None),
        ("--sides", sides or None),
        ("--evidence", evidence_dir),
        ("--manifest", manifest_path),
    ):
        if found is not None:
            raise click.UsageError(f"{name} does not go with --across-skill")
    return tuple(policy_names(levels, "--levels"))


def reference_note(tile: str) -> str:
    """What ``--manifest`` says of the reference, which it does not record."""
    return (
        f"{tile!r} is the tile whose place is taken: it is worth +0 a copy by definition, "
        f"without a game, so there is no experiment for dukec recheck to play again; nothing "
        f"was recorded for it"
    )


def _hide(command: click.Command, name: str) -> None:
    """Leave option ``name`` out of the command's help (it has nothing to set there)."""
    for param in command.params:
        if isinstance(param, click.Option) and param.name == name:
            param.hidden = True


_hide(value, "beta")  # a worth is a fixed-length run: the sequential test's --beta sets nothing

COMMANDS: list[click.Command] = [value]
