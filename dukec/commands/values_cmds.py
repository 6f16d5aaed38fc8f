"""The ``fit-values`` command: tile values of a tile set's game sets, fitted from games."""

from __future__ import annotations

import json
from pathlib import Path

import click

from dukec.atomic import write_text_atomic
from dukec.balance.fit import fit_values, values_file
from dukec.balance.game import POLICIES
from dukec.balance.values import VALUES_ENV, values_key
from dukec.commands.common import (
    BUDGET,
    PLY_LIMIT,
    SEED,
    check_set_name,
    games_type,
    load_tileset,
    set_option,
)
from dukec.commands.outputs import check_output_file, os_error
from dukec.engine import RulesError, load_rules


@click.command("fit-values")
@set_option
@click.option(
    "--game",
    "set_names",
    multiple=True,
    metavar="NAME",
    help="Game set to fit (repeat for several; default: base).",
)
@click.option(
    "--games", "-n", default=2000, show_default=True, type=games_type(10), help="Games to play."
)
@click.option("--seed", default=1, show_default=True, type=SEED, help="Seed of the games.")
@click.option(
    "--policy",
    default="search",
    show_default=True,
    type=click.Choice(POLICIES),
    help="Player of both sides in the games fitted from (search: with the engine's material "
    "values, so a fit never depends on an earlier one).",
)
@click.option(
    "--budget",
    default=100,
    show_default=True,
    type=BUDGET,
    help="Search and mcts policies: nodes per move.",
)
@click.option("--ply-limit", default=300, show_default=True, type=PLY_LIMIT)
@click.option(
    "--output",
    "-o",
    required=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="Values file to write (JSON).",
)
def fit_values_command(
    tileset_path: Path | None,
    set_names: tuple[str, ...],
    games: int,
    seed: int,
    policy: str,
    budget: int,
    ply_limit: int,
    output: Path,
) -> None:
    """Fit each tile's value on the board and in the bag from seeded self-play games.

    A logistic regression of who won on each tile type's count difference, in log-odds of
    winning. The search policy uses the values of the tile set and game set it plays from the
    values shipped with dukec and from the file that $DUKEC_VALUES names; elsewhere it uses the
    engine's material values.

    Exit status: 0 written, 1 a tile set that cannot be read, a game set the engine cannot play
    or no decided game to fit, 2 bad usage.
    """
    check_output_file(output, [tileset_path] if tileset_path is not None else [])
    tileset = load_tileset(tileset_path)
    set_names = tuple(dict.fromkeys(set_names))  # a game set given twice is fitted once
    for name in set_names:
        check_set_name(tileset, name)
    entries = {}
    for name in set_names or ("base",):
        try:
            rules = load_rules(tileset, name)
        except RulesError as error:
            raise click.ClickException(str(error)) from None
        try:
            fit = fit_values(rules, games, seed, policy, ply_limit, budget=budget)
        except ValueError as error:
            raise click.ClickException(str(error)) from None
        entries[values_key(rules)] = fit.entry(rules, seed, policy, ply_limit, budget)
        click.echo(
            f"{name}: {fit.games} games ({fit.drawn_games} drawn), {fit.positions} positions, "
            f"seed {seed}, policy {policy}",
            err=True,
        )
        for tile, value in sorted(fit.board.items(), key=lambda p: -p[1]):
            click.echo(f"  {tile:<16} board {value:7.3f}  bag {fit.bag[tile]:7.3f}", err=True)
    text = json.dumps(values_file(entries), indent=2, sort_keys=False) + "\n"
    try:
        write_text_atomic(output, text)
    except OSError as error:
        raise os_error(output, error) from None
    click.echo(f"wrote {output} (use it with {VALUES_ENV}={output})", err=True)


COMMANDS: list[click.Command] = [fit_values_command]
