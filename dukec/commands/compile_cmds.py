"""Compiler commands: `dukec build`, `dukec check`, `dukec decompile`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from dukec.commands.common import ReportError
from dukec.commands.outputs import check_output_file, os_error

if TYPE_CHECKING:
    from dukec.compiler.overlay import Loaded

DEFAULT_OUTPUT = Path("build") / "tileset.json"


def _default_paths() -> list[Path]:
    from dukec.compiler import default_sources

    local = Path("tiles")
    return [local] if local.is_dir() else [default_sources()]


def _load(paths: list[Path], layered: bool = True) -> Loaded:
    """The sources' tile set: by the layering rule (as ``--set`` reads them), or exactly the
    sources given (``layered=False``: what ``build`` writes)."""
    from dukec.compiler import CompileError, load
    from dukec.compiler.overlay import COMPILED, Loaded, load_layered

    try:
        return load_layered(paths) if layered else Loaded(load(paths), COMPILED, ())
    except CompileError as error:
        raise ReportError(error.render()) from None


def _summary(loaded: Loaded) -> str:
    return loaded.summary()


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_OUTPUT,
    show_default=True,
    help="Where to write the compiled tile set.",
)
def build(paths: tuple[Path, ...], output: Path) -> None:
    """Compile .duke files and directories (default: tiles/) into one JSON tile set.

    The file holds exactly the tiles and sets of the sources given (a folder of new tiles
    compiles to those tiles, for --with); every --set reads such a folder on top of the base
    set, as `dukec check` does.

    Exit status: 0 when written, 1 on errors in the sources (the output is left as it was),
    2 on bad usage.
    """
    from dukec.compiler import dumps, write_atomic

    sources = list(paths) or _default_paths()
    check_output_file(output, sources)
    loaded = _load(sources, layered=False)
    try:
        write_atomic(output, dumps(loaded.data))
    except OSError as error:
        raise os_error(output, error) from None
    click.echo(f"wrote {output}: {_summary(loaded)}")


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Check .duke sources or a compiled JSON tile set, writing nothing.

    Folders are read as every --set reads them: a whole tile set when they define a game set
    and a tile that acts as the Duke, else on top of the base set (new tiles may not take a
    base tile's name). Files named one by one are checked as given.

    Exit status: 0 when valid, 1 on errors (all of them are listed), 2 on bad usage.
    """
    # Folders are read as a --set reads them; files named one by one are checked as given.
    layered = all(path.is_dir() for path in paths)
    click.echo(f"ok: {_summary(_load(list(paths), layered))}")


@click.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the .duke text here instead of to standard output.",
)
def decompile(path: Path, output: Path | None) -> None:
    """Turn a compiled JSON tile set back into .duke source text.

    Exit status: 0 written, 1 a tile set that cannot be read or a file that cannot be
    written, 2 bad usage (such as an output that is the input).
    """
    from dukec.compiler import CompileError, write_atomic
    from dukec.compiler.decompile import decompile as to_source

    if output is not None:
        check_output_file(output, [path])
    data = _load([path]).data
    try:
        text = to_source(data)
    except CompileError as error:
        raise ReportError(error.render()) from None
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomic(output, text)
    except OSError as error:
        raise os_error(output, error) from None


COMMANDS: list[click.Command] = [build, check, decompile]
