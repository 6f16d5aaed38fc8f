"""Balance manifests at the command line: recording runs as entries, and ``dukec recheck``.

``dukec value --manifest`` and ``dukec balance --replace ... --manifest`` record entries
(:mod:`dukec.insight.manifest`); ``dukec recheck`` (``balance --check``) plays them again
from fresh seeds (:mod:`dukec.insight.regression`) and exits 1 when one has drifted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from dukec.commands.common import (
    SEED,
    ReportError,
    load_tiles,
    load_tileset,
    progress_option,
    workers_option,
)
from dukec.commands.outputs import check_output_file, os_error
from dukec.commands.progress import progress_bar
from dukec.insight import manifest

if TYPE_CHECKING:
    from dukec.balance.run import RunResult
    from dukec.insight.manifest import Entry


def manifest_usage(
    path: Path,
    swap: tuple[str, str] | None,
    rungs: list[tuple[str, str]],
    stop_rule: str | None,
    inputs: list[Path | None],
) -> None:
    """Refuse a ``balance --manifest`` that cannot record one fixed-length head-to-head, and a
    manifest that cannot be read, before any game."""
    if swap is None:
        raise click.UsageError("--manifest records a head-to-head: add --replace OLD=NEW")
    if len(rungs) != 1 or rungs[0][0] != rungs[0][1]:
        raise click.UsageError("--manifest records one experiment: give one --policy")
    if stop_rule is not None:
        raise click.UsageError(
            "--manifest records a fixed number of games (its check plays as many): drop --stop"
        )
    check_output_file(path, [p for p in inputs if p is not None], "--manifest")
    read_manifest(path)


def record_runs(
    path: Path,
    results: list[RunResult],
    kind: str,
    sources: tuple[Path | None, Path | None],
    game: str | None,
    tileset_hash: str,
) -> None:
    """Record each run in the manifest at ``path`` (``sources``: the tile set and the ``--with``
    file given), and say what power its check will have."""
    from dukec.insight.regression import entry_of, recording_note

    named = (manifest.relative(sources[0], path), manifest.relative(sources[1], path))
    for result in results:
        entry = entry_of(result, kind, named, game, tileset_hash)
        try:
            manifest.record(path, entry)
        except manifest.ManifestError as error:
            raise ReportError(str(error)) from None
        except OSError as error:
            raise os_error(path, error) from None
        click.echo(recording_note(entry), err=True)


def read_manifest(path: Path) -> list[Entry]:
    """The entries of a manifest, or the one line saying why it cannot be read (exit 1)."""
    try:
        return manifest.read(path)
    except manifest.ManifestError as error:
        raise ReportError(str(error)) from None


_CHECK_OPTIONS = ("check_path", "seed", "workers", "progress")
"""What ``balance --check`` takes: the manifest holds the rest of each experiment."""


def check_manifest(
    path: Path,
    seed: int | None,
    workers: int | None,
    progress: bool,
    ctx: click.Context | None = None,
) -> None:
    """Play every experiment of a manifest again from a fresh seed (``seed``, else each entry's
    stored seed plus one); exit 1 if any has drifted.

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
    from dukec.balance.run import Counter
    from dukec.balance.runner import RunnerError, default_workers
    from dukec.insight.manifest import check_seed
    from dukec.insight.regression import check
    from dukec.tileset import ExperimentError

    entries = read_manifest(path)
    if not entries:
        raise ReportError(f"{path}:1:1: error: no [[experiment]] to check")
    base = path.resolve().parent
    drifted = False
    for entry in entries:
        tileset_source, with_source = entry.paths(base)
        for source in (tileset_source, with_source):
            if source is not None and not source.exists():
                raise ReportError(f"{path}:{entry.line}:1: error: no such file: {source}")
        tileset = load_tileset(tileset_source)
        extra = None if with_source is None else load_tiles(with_source)
        fresh = check_seed(entry) if seed is None else seed
        label = f"{entry.policy}: {entry.describe()}"
        try:
            with progress_bar(entry.games, label, progress) as bar:
                checked = check(
                    entry, tileset, extra, fresh, workers or default_workers(), Counter(bar)
                )
        except (ExperimentError, RunnerError, ValueError) as error:
            raise ReportError(f"{path}:{entry.line}:1: error: {error}") from None
        drifted = drifted or checked.drifted
        click.echo(checked.line(path), err=checked.drifted)
    if drifted:
        raise click.exceptions.Exit(1)


@click.command("recheck")
@click.argument(
    "path", metavar="MANIFEST", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed of every experiment (default: each stored seed plus one, a fresh one).",
)
@workers_option()
@progress_option()
def recheck(path: Path, seed: int | None, workers: int | None, progress: bool) -> None:
    """Play the experiments of a balance manifest again from fresh seeds; exit 1 with one
    line per experiment whose score moved by more than chance allows.

    \b
    Examples:
      dukec balance --replace Footman=Paladin --set my/ --games 2000 --manifest balance.toml
      dukec value Paladin --set my/ --manifest balance.toml
      dukec recheck balance.toml

    Exit status: 0 no experiment drifted, 1 a drifted experiment or a manifest, tile set or
    experiment that cannot be used, 2 bad usage, 130 or 143 interrupted.
    """
    check_manifest(path, seed, workers, progress)


COMMANDS: list[click.Command] = [recheck]
