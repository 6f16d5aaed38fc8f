"""Compiler commands: `dukec build`, `dukec check`, `dukec decompile`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from dukec.commands.common import ReportError
from dukec.commands.outputs import check_output_file, os_error

DEFAULT_OUTPUT = Path("build") / "tileset.json"


def _default_paths() -> list[Path]:
    from dukec.compiler import default_sources

    local = Path("tiles")
    return [local] if local.is_dir() else [default_sources()]


def _load(paths: list[Path]) -> dict[str, Any]:
    from dukec.compiler import CompileError, load

    try:
        return load(paths)
    except CompileError as error:
        raise ReportError(error.render()) from None


def _summary(data: dict[str, Any]) -> str:
    tiles, sets = len(data["tiles"]), len(data["sets"])
    return f"{tiles} tile{'s' if tiles != 1 else ''}, {sets} set{'s' if sets != 1 else ''}"


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

    Exit status: 0 when written, 1 on errors in the sources (the output is left as it was),
    2 on bad usage.
    """
    from dukec.compiler import dumps, write_atomic

    sources = list(paths) or _default_paths()
    check_output_file(output, sources)
    data = _load(sources)
    try:
        write_atomic(output, dumps(data))
    except OSError as error:
        raise os_error(output, error) from None
    click.echo(f"wrote {output}: {_summary(data)}")


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Check .duke sources or a compiled JSON tile set, writing nothing.

    Exit status: 0 when valid, 1 on errors (all of them are listed), 2 on bad usage.
    """
    data = _load(list(paths))
    click.echo(f"ok: {_summary(data)}")


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
    data = _load([path])
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
