"""Workbench commands: `dukec show`, `render`, `fmt`, `lint` and `describe`."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from dukec.commands.common import (
    FiniteRange,
    ReportError,
    load_tileset,
    set_name_option,
    set_option,
)
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.workbench import FORMATS
from dukec.workbench.print_and_play import PAPERS, TILE_MM

if TYPE_CHECKING:
    from dukec.workbench.render import Stamp
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
    help="A file (FILE.svg, FILE.png or FILE.pdf: the suffix picks the format) or a directory "
    "(one that exists, or a name ending in / or without such a suffix; created if missing; "
    "default: the current directory).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Picture format into a directory (default: svg); a file takes the suffix of -o.",
)
@click.option(
    "--sheet",
    is_flag=True,
    help="Printable sheets instead of cards: as PDF, print-and-play pages (fronts, then backs "
    "behind them for double-sided printing, with cut lines and registration marks); as SVG "
    "or PNG, A4 sticker sheets (sheet-1.svg, ...).",
)
@click.option(
    "--pdf",
    "as_pdf",
    is_flag=True,
    help="The same as --format pdf: one PDF file at the printed size.",
)
@click.option(
    "--tile-size",
    default=TILE_MM,
    show_default=True,
    type=FiniteRange(10, 200),
    metavar="MM",
    help="A PDF's tile side in millimetres (the printed tiles' size by default).",
)
@click.option(
    "--paper",
    type=click.Choice(sorted(PAPERS)),
    default="a4",
    show_default=True,
    help="Paper of the print-and-play sheets.",
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
    as_pdf: bool,
    tile_size: float,
    paper: str,
    position: str | None,
    set_name: str | None,
    last: str | None,
    stats_path: Path | None,
) -> None:
    """Draw a tile card (both sides, in the printed style) for each TILE, or a board position.

    \b
    Examples:
      dukec render Paladin --set paladin.duke -o card.png     # one file
      dukec render Knight Paladin --set my/ -o cards/         # cards/knight.svg, ...
      dukec render Knight Paladin --set my/ --sheet -o play.pdf   # print and play

    -o FILE writes that one file, its suffix the format; into a directory each card is
    DIR/<tile name>.<format> (a PDF: DIR/cards.pdf, or DIR/sheets.pdf with --sheet). A PDF
    is at the printed size: each side --tile-size millimetres wide. With --position the board
    is drawn to the file -o names (.svg, .png or .pdf): each tile a small card of its current
    side in its owner's colour (the second player's turned round), terrain, Flags, the Dragon,
    frozen tiles, a Duke in Guard and, with --last, the last action. Files are written through
    a temporary file and a rename.

    Exit status: 0 written, 1 errors in the tile set, a position that cannot be read or a
    file that cannot be written, 2 bad usage (such as an unknown tile name).
    """
    if as_pdf:
        if fmt not in (None, "pdf"):
            raise click.UsageError(f"--pdf and --format {fmt} say two formats: choose one")
        fmt = "pdf"
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
    from dukec.workbench.print_and_play import Layout
    from dukec.workbench.render import render_file, render_files

    try:
        layout = Layout.of(paper, tile_size)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--tile-size") from None
    target = Path(".") if output is None else output
    suffix = target.suffix.lower().lstrip(".")
    one_file = (
        output is not None
        and suffix in FORMATS
        and not str(output).endswith(("/", "\\"))
        and not target.is_dir()
    )
    if one_file:
        if fmt is not None and fmt != suffix:
            raise click.UsageError(f"--format {fmt} does not match output '{target}'")
        check_output_file(target)
    else:
        if target.is_file():  # no picture's suffix: a directory was meant
            raise click.BadParameter(
                f"Directory '{target}' is a file.", param_hint="'-o' / '--output'"
            )
        check_output_dir(target)
    views = _tiles(tiles, tileset_path)
    stamps = None
    if stats_path is not None:
        stamps = _stamps(stats_path, [view.name for view in views], sheet)
    try:
        if one_file:
            written = [render_file(views, target, sheet, stamps, layout)]
        else:
            written = render_files(views, target, fmt or "svg", sheet, stamps, layout)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    except OSError as error:
        raise os_error(target, error) from None
    for path in written:
        click.echo(str(path))


def _stamps(path: Path, names: list[str], sheet: bool) -> dict[str, Stamp]:
    """The worths to stamp on the cards of ``names``, each of which must have one, as each
    card's stamp."""
    from dukec.insight.stamp import StatsError, read_stats, stamped

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
    return {name: functools.partial(stamped, stat=stat) for name, stat in stats.items()}


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
        raise click.UsageError("--position needs -o OUT.svg, -o OUT.png or -o OUT.pdf")
    suffix = output.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise click.UsageError(f"output '{output}' must end in .svg, .png or .pdf")
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
