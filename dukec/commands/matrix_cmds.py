"""``dukec matrix``: the swap matrix in the terminal, as JSON and as an HTML heatmap."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dukec.balance.run import Settings
from dukec.commands.common import (
    failure,
    game_option,
    games_option,
    games_type,
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
    rungs_of,
)
from dukec.commands.outputs import check_output_file, os_error
from dukec.commands.progress import progress_bar
from dukec.stats.stats import chance, percent

_STYLES = {
    "stronger": "bold red",
    "weaker": "bold blue",
    "fair": "",
    "inconclusive": "dim",
    "exact": "",
}


@dataclass(frozen=True, slots=True)
class MatrixRequest:
    """What ``dukec matrix`` was asked for, beyond the run settings."""

    tiles: str
    tileset_path: Path | None
    game: str | None
    with_path: Path | None
    html_path: Path | None
    as_json: bool
    progress: bool


def tile_names(value: str) -> list[str]:
    """The comma list of --matrix, each name stripped (a UsageError if fewer than two)."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    if len(names) < 2:
        raise click.BadParameter("name at least two tiles: A,B[,C...]", param_hint="--matrix")
    return names


def check_usage(
    matrix: str | None,
    swap: tuple[str, str] | None,
    against: Path | None,
    report: Path | None,
    paired: bool,
    rungs: list[tuple[str, str]],
    games: int,
) -> None:
    """Refuse options that do not go with --matrix (UsageError, exit 2)."""
    if matrix is None:
        raise click.UsageError("--html writes the heatmap of --matrix; add --matrix A,B,...")
    clashes = [
        (swap is not None, "--replace"),
        (against is not None, "--against"),
        (report is not None, "--report (use --html FILE)"),
        (not paired, "--unpaired (a matrix is paired games)"),
        (len(rungs) > 1, "more than one policy or pairing"),
    ]
    for clash, option in clashes:
        if clash:
            raise click.UsageError(f"--matrix does not take {option}")
    if games % 2:
        raise click.UsageError(f"paired games come two by two: give an even --games (not {games})")


@click.command("matrix")
@click.argument("tiles", metavar="A,B[,C...]")
@set_option
@game_option()
@with_option(help="Where tiles of the list are defined: a .duke file, a directory, a JSON set.")
@games_option(default=200, type=games_type(2), help="Games per cell (even: paired games).")
@seed_option()
@click.option(
    "--policy",
    default=None,
    metavar="NAME",
    help="Player for both armies (default: search; search@1000 with its own budget).",
)
@click.option("--policies", metavar="A:B", help="The row army's policy and the column army's.")
@players_options
@workers_option()
@click.option(
    "--stop",
    "stop_rule",
    type=click.Choice(["sprt", "width"]),
    default=None,
    help="Stop each cell early once its answer is clear.",
)
@criteria_options
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Also write the matrix as an HTML heatmap to FILE.",
)
@json_option(help="Print the matrix as JSON.")
@progress_option()
@interruptible
def matrix(
    tiles: str,
    tileset_path: Path | None,
    game: str | None,
    with_path: Path | None,
    games: int,
    seed: int,
    policy: str | None,
    policies: str | None,
    budget: int,
    ply_limit: int,
    workers: int | None,
    stop_rule: str | None,
    elo_margin: float,
    alpha: float,
    beta: float,
    elo_model: str,
    html_path: Path | None,
    as_json: bool,
    progress: bool,
) -> None:
    """A swap matrix: each tile in turn takes the place of the first one the army holds, and
    every such army plays every other (paired games, --games per cell).

    \b
    Examples:
      dukec matrix Footman,Pikeman,Paladin --set my/
      dukec matrix Footman,Pikeman --html matrix.html

    Then one rating per tile (Elo, the first tile = 0, with its 95% interval), a test of
    whether one rating each explains the cells, and the dominated tiles (Holm's correction
    at --alpha).

    Exit status: 0 done, 1 a tile set or experiment that cannot be used or a page that
    cannot be written, 2 bad usage, 130 or 143 interrupted.
    """
    from dukec.api import settings

    rungs = rungs_of(policy, policies)
    check_usage(tiles, None, None, None, True, rungs, games)
    request = MatrixRequest(tiles, tileset_path, game, with_path, html_path, as_json, progress)
    how = settings(
        games,
        seed,
        rungs[0][0],
        rungs[0][1],
        budget=budget,
        ply_limit=ply_limit,
        workers=workers,
        criteria=make_criteria(elo_margin, alpha, beta, elo_model),
        stop=stop_rule,
    )
    run_matrix(request, how)


def run_matrix(request: MatrixRequest, settings: Settings) -> None:
    """Play the matrix, print it (a table or JSON), and write the heatmap if asked."""
    from dukec.balance.plans import plan
    from dukec.balance.runner import RunnerError
    from dukec.insight.heatmap import write_page
    from dukec.insight.matrix import cells_to_play, play_matrix
    from dukec.tileset import ExperimentError

    names = tile_names(request.tiles)
    inputs = [path for path in (request.tileset_path, request.with_path) if path is not None]
    if request.html_path is not None:
        check_output_file(request.html_path, inputs, "--html")
    tileset = load_tileset(request.tileset_path)
    source = load_tiles(request.with_path) if request.with_path is not None else None
    try:
        swap_plan = plan(tileset, request.game, names, source)
        mine, theirs = settings.policies
        total = cells_to_play(len(names), mine == theirs) * settings.games
        label = f"{mine if mine == theirs else f'{mine}:{theirs}'}: swap matrix"
        with progress_bar(total, label, request.progress) as bar:
            matrix = play_matrix(swap_plan, settings, bar)
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    document = matrix.to_json()
    if request.html_path is not None:
        try:
            write_page(request.html_path, document)
        except OSError as error:
            raise os_error(request.html_path, error) from None
        click.echo(f"heatmap: {request.html_path}", err=True)
    if request.as_json:
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    console = Console(width=None if sys.stdout.isatty() else 120)
    render_matrix(document, console)


def render_matrix(document: dict[str, Any], console: Console) -> None:
    """The matrix as a table (row army's score, 95% interval, the cell's verdict), the tiles'
    ratings, whether one strength per tile explains the cells, and the dominated tiles."""
    names: list[str] = document["tiles"]
    cells = {(cell["row"], cell["column"]): cell for cell in document["cells"]}
    policies = document["policies"]
    who = (
        policies["row"]
        if policies["row"] == policies["column"]
        else "{row}:{column}".format(**policies)
    )
    table = Table(
        title=f"Swap matrix: each tile in the {document['slot']}'s place "
        f"(policy {who}, seed {document['seed']})",
        caption=f"row army's score against the column army, 95% interval; verdict "
        f"({document['cell_test']})",
    )
    table.add_column("row vs column")
    for name in names:
        table.add_column(name, justify="right")
    for row in names:
        shown: list[Text | str] = [row]
        for column in names:
            cell = cells[(row, column)]
            low, high = cell["score_ci95"]
            spread = "exact" if cell["source"] == "diagonal" else f"{percent(low)}..{percent(high)}"
            text = f"{percent(cell['score'])} {spread}\n{cell['verdict']}"
            shown.append(Text(text, _STYLES[cell["verdict"]]))
        table.add_row(*shown)
    console.print(table)
    played = [cell for cell in document["cells"] if cell["source"] == "played"]
    games = sum(cell["games"] for cell in played)
    line = (
        f"games         {games} in {_cells(len(played))} (up to {document['games_per_cell']} each)"
    )
    if policies["row"] == policies["column"]:
        line += "; the diagonal is exact, each cell below it mirrors the one above"
    console.print(line, highlight=False, soft_wrap=True)
    render_ratings(document, console)
    render_dominated(document, console)


def _cells(count: int) -> str:
    return f"{count} cell{'' if count == 1 else 's'}"


def render_ratings(document: dict[str, Any], console: Console) -> None:
    """The tiles' ratings and the test of one strength per tile."""
    from dukec.stats.bradley_terry import Rating

    ratings = document["ratings"]
    if not ratings["tiles"]:
        console.print(f"ratings       none: {ratings['note']}", highlight=False, soft_wrap=True)
        return
    console.print(f"Ratings: one strength per tile (Elo, the {ratings['anchor']} = 0)")
    table = Table()
    for header in ("tile", "Elo", "95%", "games"):
        table.add_column(header, justify="left" if header == "tile" else "right")
    for entry in ratings["tiles"]:
        rating = Rating.from_json(entry["tile"], entry)
        span = "(anchor)" if rating.name == ratings["anchor"] else rating.span()
        table.add_row(rating.name, rating.shown(), span, str(rating.games))
    console.print(table)
    edge = ratings["row_policy_edge"]
    if edge is not None:
        rating = Rating.from_json("edge", edge)
        console.print(
            f"row policy    {rating.shown()} Elo over the column's (95% {rating.span()})",
            highlight=False,
            soft_wrap=True,
        )
    console.print(
        f"transitivity  {document['transitivity']['words']}", highlight=False, soft_wrap=True
    )


def render_dominated(document: dict[str, Any], console: Console) -> None:
    """The dominated tiles, after the familywise correction."""
    dominance = document["dominance"]
    rule = "Holm" if dominance["method"] == "holm" else "each cell's test at alpha / cells"
    console.print(
        f"dominated     ({rule} over {_cells(dominance['tested_cells'])}: at most "
        f"{chance(dominance['familywise_alpha'])} chance of any false 'dominated' in this matrix)",
        highlight=False,
        soft_wrap=True,
    )
    dominated: dict[str, list[str]] = document["dominated"]
    if not dominated:
        console.print("dominated     none", highlight=False, soft_wrap=True)
    for tile, by in dominated.items():
        console.print(
            f"dominated     {tile}, beaten by {', '.join(by)}", highlight=False, soft_wrap=True
        )


COMMANDS: list[click.Command] = [matrix]
