"""Workbench commands: `dukec show`, `render`, `fmt`, `lint` and `describe`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from dukec.commands.common import ReportError, load_tileset, set_name_option, set_option
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.workbench import FORMATS

if TYPE_CHECKING:
    from dukec.insight.stamp import Stat
    from dukec.workbench.tiles import TileView


def _tiles(names: tuple[str, ...], tileset_path: Path | None) -> list[TileView]:
    from dukec.workbench.tiles import WorkbenchError, find_tile

    tileset = load_tileset(tileset_path)
    found = []
    for name in dict.fromkeys(names):
        try:
            tile = find_tile(tileset, name)
        except WorkbenchError as error:
            raise click.UsageError(str(error)) from None
        if tile not in found:
            found.append(tile)
    return found


@click.command()
@click.argument("tile")
@set_option
def show(tile: str, tileset_path: Path | None) -> None:
    """Draw TILE's two grids side by side in the terminal, with a legend.

    Icons are coloured when the output is a terminal and plain text otherwise. Exit status:
    0 drawn, 1 errors in the tile set, 2 bad usage (such as an unknown tile name).
    """
    from rich.console import Console

    from dukec.workbench.terminal import card_lines

    (view,) = _tiles((tile,), tileset_path)
    console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
    for line in card_lines(view):
        console.print(line)


@click.command()
@click.argument("tiles", nargs=-1)
@set_option
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="Cards: the directory they are written to (created if missing; default: the current "
    "directory). --position: the picture file, OUT.svg or OUT.png.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Picture format of the cards (default: svg); a board takes the suffix of -o.",
)
@click.option(
    "--sheet",
    is_flag=True,
    help="Lay the tiles out on printable A4 sticker sheets (sheet-1.svg, ...) instead of cards.",
)
@click.option(
    "--stats",
    "stats_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="FILE",
    default=None,
    help="Stamp each card with the tile's measured worth a copy (Elo ± interval) and the "
    "tile-set hash, from a `dukec value --json` report or a balance manifest (.toml).",
)
@click.option(
    "--position",
    metavar="POSITION",
    default=None,
    help="Draw the board of a position JSON file ('-' for stdin) instead of cards.",
)
@set_name_option
@click.option(
    "--last",
    metavar="ACTION",
    default=None,
    help="With --position: mark ACTION as the last one played "
    "(c2-c3, c2xc3, c1!c3, e1:d1-d2 or Name@b6).",
)
def render(
    tiles: tuple[str, ...],
    tileset_path: Path | None,
    output: Path | None,
    fmt: str | None,
    sheet: bool,
    position: str | None,
    set_name: str | None,
    last: str | None,
    stats_path: Path | None,
) -> None:
    """Draw a tile card (both sides, in the printed style) for each TILE, or a board position.

    Each card is written to OUTPUT/<tile name>.<format>. With --position the board is drawn
    to the file -o names (.svg or .png): each tile a small card of its current side in its
    owner's colour (the second player's turned round), terrain, Flags, the Dragon, frozen
    tiles, a Duke in Guard and, with --last, the last action. Files are written through a
    temporary file and a rename.

    Exit status: 0 written, 1 errors in the tile set, a position that cannot be read or a
    file that cannot be written, 2 bad usage (such as an unknown tile name).
    """
    if position is not None:
        if stats_path is not None:
            raise click.UsageError("--stats stamps tile cards; it does not go with --position")
        _render_position(position, tiles, tileset_path, output, fmt, sheet, set_name, last)
        return
    if not tiles:
        raise click.UsageError("give the TILES to draw, or --position POSITION")
    for name, value in (("--game", set_name), ("--last", last)):
        if value is not None:
            raise click.UsageError(f"{name} goes with --position")
    from dukec.workbench.render import render_files

    out_dir = Path(".") if output is None else output
    if out_dir.is_file():  # cards go into a directory (a board picture is a file)
        raise click.BadParameter(
            f"Directory '{out_dir}' is a file.", param_hint="'-o' / '--output'"
        )
    check_output_dir(out_dir)
    views = _tiles(tiles, tileset_path)
    stats = None
    if stats_path is not None:
        stats = _stats(stats_path, [view.name for view in views], sheet)
    try:
        written = render_files(views, out_dir, fmt or "svg", sheet, stats)
    except OSError as error:
        raise os_error(out_dir, error) from None
    for path in written:
        click.echo(str(path))


def _stats(path: Path, names: list[str], sheet: bool) -> dict[str, Stat]:
    """The worths to stamp on the cards of ``names``, each of which must have one."""
    from dukec.insight.stamp import StatsError, read_stats

    if sheet:
        raise click.UsageError("--stats stamps tile cards; it does not go with --sheet")
    try:
        stats = read_stats(path)
    except StatsError as error:
        raise ReportError(str(error)) from None
    for name in names:
        if name not in stats:
            known = ", ".join(sorted(stats)) or "none"
            raise ReportError(f"{path}: error: no worth of tile {name!r} (it has: {known})")
    return stats


def _render_position(
    position: str,
    tiles: tuple[str, ...],
    tileset_path: Path | None,
    output: Path | None,
    fmt: str | None,
    sheet: bool,
    set_name: str | None,
    last: str | None,
) -> None:
    """``render --position``: one board picture."""
    from dukec.commands.engine_cmds import read_position, read_rules
    from dukec.workbench.marks import parse_marks
    from dukec.workbench.render import write_board

    if tiles:
        raise click.UsageError("give TILES or --position, not both")
    if sheet:
        raise click.UsageError("--sheet lays out cards; it does not go with --position")
    if output is None:
        raise click.UsageError("--position needs -o OUT.svg or -o OUT.png")
    suffix = output.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise click.UsageError(f"output '{output}' must end in .svg or .png")
    if fmt is not None and fmt != suffix:
        raise click.UsageError(f"--format {fmt} does not match output '{output}'")
    check_output_file(output, [] if position == "-" else [Path(position)])
    rules = read_rules(tileset_path, set_name)
    game = read_position(rules, position)
    try:
        marks = None if last is None else parse_marks(game.rules, last)
    except ValueError as error:
        raise click.UsageError(f"--last: {error}") from None
    try:
        write_board(game, output, marks)
    except OSError as error:
        raise os_error(output, error) from None
    click.echo(str(output))


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--check", is_flag=True, help="Write nothing; list the files fmt would change.")
def fmt(paths: tuple[Path, ...], check: bool) -> None:
    """Rewrite .duke files (and directories of them) in the canonical layout.

    Grids are aligned, statements put in canonical order, comments kept; the compiled tile set
    stays the same. With --check nothing is written and each file that would change is listed
    on stdout. Exit status: 0 nothing to change (or all rewritten), 1 files would change
    (--check) or errors in the sources, 2 bad usage.
    """
    from dukec.workbench.fmt import FormatError, format_paths

    try:
        results, error = format_paths(list(paths))
    except FormatError as failure:
        raise click.ClickException(str(failure)) from None
    changed = [result for result in results if result.changed]
    for result in changed:
        if not check:
            from dukec.atomic import write_text_atomic  # (tempfile): --check writes nothing

            try:
                write_text_atomic(result.path, result.after)
            except OSError as failure:
                raise os_error(result.path, failure) from None
        click.echo(result.shown)
    verb = "would be reformatted" if check else "reformatted"
    summary = f"{len(changed)} file{'s' if len(changed) != 1 else ''} {verb}, "
    summary += f"{len(results) - len(changed)} unchanged"
    click.echo(summary, err=True)
    if error is not None:
        raise ReportError(error.render())
    if check and changed:
        raise SystemExit(1)


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Exit 1 when there is any warning.")
def lint(paths: tuple[Path, ...], strict: bool) -> None:
    """Warn about tile designs that compile but are probably mistakes.

    Each warning reads path:line:col: warning: reason [code], with the source line and a
    caret. Codes: unusable-icon (off a 6x6 board from every square), same-sides,
    duplicate-icon (an icon another icon on that side already gives), lone-command,
    no-capture, no-backward, redundant-jump (a Jump next to the tile). A tile silences codes
    with a comment inside it or just above it: "# lint: allow no-capture, same-sides"
    ("allow all" for every code).

    Exit status: 0 when there are no warnings or only warnings, 1 with --strict and any
    warning, or on errors in the sources; 2 bad usage.
    """
    from dukec.compiler.diagnostics import CompileError
    from dukec.workbench.lint import lint_paths

    report = lint_paths(paths)
    if report.warnings:
        click.echo(report.render_warnings())
    count = len(report.warnings)
    click.echo(f"{count} warning{'s' if count != 1 else ''}", err=True)
    if report.errors:
        raise ReportError(CompileError(report.errors, report.texts).render())
    if strict and count:
        raise SystemExit(1)


@click.command()
@click.argument("tile")
@set_option
def describe(tile: str, tileset_path: Path | None) -> None:
    """Figures that describe TILE without playing, ranked among the base set's troop tiles.

    With the tile on each square of an empty 6x6 board: the squares it can move to and the
    squares it attacks (Move, Jump, Slide, Jump Slide and Strike), as a mean and a range, for
    each side; and how different its two sides are (the share of icons on one side only).
    Each figure's percentile is among the troop tiles of the base set that ships with dukec.
    Exit status: 0 described, 1 errors in the tile set, 2 bad usage (such as an unknown tile).
    """
    from dukec.workbench.describe import base_troops, report

    (view,) = _tiles((tile,), tileset_path)
    base = base_troops(load_tileset(None))
    click.echo(report(view, base), nl=False)


COMMANDS: list[click.Command] = [show, render, fmt, lint, describe]
