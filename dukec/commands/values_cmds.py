"""The ``fit-values`` and ``fit-evaluation`` commands: what the search scores a position by,
fitted from a tile set's games."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from dukec.atomic import write_text_atomic
from dukec.balance.evalfit import EvalFit, evaluations_file, fit_evaluation
from dukec.balance.fit import fit_values, values_file
from dukec.balance.runner import default_workers
from dukec.commands.common import (
    BUDGET,
    PLY_LIMIT,
    SEED,
    WORKERS,
    check_set_name,
    games_type,
    load_tileset,
    set_option,
)
from dukec.commands.outputs import check_output_file, os_error
from dukec.engine import Rules, RulesError, load_rules
from dukec.players.learned import EVALUATION_ENV
from dukec.players.policies import POLICIES
from dukec.players.values import VALUES_ENV, values_key

F = TypeVar("F", bound=Callable[..., Any])


def _fit_options(games: int, budget: int) -> Callable[[F], F]:
    """The options both fits share: which games to play (``games`` of the search at ``budget``
    nodes a move by default), and where to write."""
    options = [
        set_option,
        click.option(
            "--game",
            "set_names",
            multiple=True,
            metavar="NAME",
            help="Game set to fit (repeat for several; default: base).",
        ),
        click.option(
            "--games",
            "-n",
            default=games,
            show_default=True,
            type=games_type(10),
            help="Games to play.",
        ),
        click.option("--seed", default=1, show_default=True, type=SEED, help="Seed of the games."),
        click.option(
            "--policy",
            default="search",
            show_default=True,
            type=click.Choice(POLICIES),
            help="Player of both sides in the games fitted from (search: with the engine's "
            "material values, so a fit never depends on an earlier one).",
        ),
        click.option(
            "--budget",
            default=budget,
            show_default=True,
            type=BUDGET,
            help="Search and mcts policies: nodes per move.",
        ),
        click.option("--ply-limit", default=300, show_default=True, type=PLY_LIMIT),
        click.option(
            "--output",
            "-o",
            required=True,
            type=click.Path(path_type=Path, dir_okay=False),
            help="File to write (JSON).",
        ),
    ]

    def decorate(function: F) -> F:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


def _game_sets(
    tileset_path: Path | None, set_names: tuple[str, ...], output: Path
) -> tuple[dict[str, Any], list[Rules]]:
    """The tile set, and the rules of each game set named (default: base), the output checked
    first."""
    check_output_file(output, [tileset_path] if tileset_path is not None else [])
    tileset = load_tileset(tileset_path)
    names = tuple(dict.fromkeys(set_names)) or ("base",)  # a game set given twice is fitted once
    for name in names:
        check_set_name(tileset, name)
    found = []
    for name in names:
        try:
            found.append(load_rules(tileset, name))
        except RulesError as error:
            raise click.ClickException(str(error)) from None
    return tileset, found


def _write(output: Path, data: dict[str, Any], env: str) -> None:
    text = json.dumps(data, indent=2, sort_keys=False) + "\n"
    try:
        write_text_atomic(output, text)
    except OSError as error:
        raise os_error(output, error) from None
    click.echo(f"wrote {output} (use it with {env}={output})", err=True)


@click.command("fit-values")
@_fit_options(games=2000, budget=100)
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
    entries = {}
    for rules in _game_sets(tileset_path, set_names, output)[1]:
        try:
            fit = fit_values(rules, games, seed, policy, ply_limit, budget=budget)
        except ValueError as error:
            raise click.ClickException(str(error)) from None
        entries[values_key(rules)] = fit.entry(rules, seed, policy, ply_limit, budget)
        click.echo(
            f"{rules.set_name}: {fit.games} games ({fit.drawn_games} drawn), {fit.positions} "
            f"positions, seed {seed}, policy {policy}",
            err=True,
        )
        click.echo(
            "  values in log-odds of winning a game, per tile more than the opponent has "
            "(ridge-penalised point estimates: no interval)",
            err=True,
        )
        for tile, value in sorted(fit.board.items(), key=lambda p: -p[1]):
            click.echo(
                f"  {tile:<16} board {value:+7.3f} log-odds  bag {fit.bag[tile]:+7.3f} log-odds",
                err=True,
            )
    _write(output, values_file(entries), VALUES_ENV)


@click.command("fit-evaluation")
@_fit_options(games=4000, budget=300)
@click.option(
    "--held-out",
    default=0,
    show_default=True,
    type=games_type(0),
    help="Games more (their own seeds) to measure the fit on, against material alone.",
)
@click.option(
    "--workers",
    "-j",
    type=WORKERS,
    default=None,
    help="Worker processes that play the games (default: all cores; the weights are the "
    "same for any number).",
)
def fit_evaluation_command(
    tileset_path: Path | None,
    set_names: tuple[str, ...],
    games: int,
    seed: int,
    policy: str,
    budget: int,
    ply_limit: int,
    output: Path,
    held_out: int,
    workers: int | None,
) -> None:
    """Fit the search's evaluation from seeded self-play games.

    A logistic regression of who won on features of the position read from the tile tables:
    material on the board (by side) and in the bag, mobility, squares attacked, threats and
    defended tiles, Duke safety, tempo and objectives; in log-odds of winning. The search uses
    the evaluation of the tile set and game set it plays from the file shipped with dukec and
    from the file that $DUKEC_EVALUATION names. With --held-out, prints (and writes) the log-loss
    and accuracy of its predictions on games not fitted from, against material alone.

    Exit status: 0 written, 1 a tile set that cannot be read, a game set the engine cannot play
    or no decided game to fit, 2 bad usage.
    """
    entries = {}
    tileset, game_sets = _game_sets(tileset_path, set_names, output)
    for rules in game_sets:
        try:
            fit = fit_evaluation(
                tileset,
                rules.set_name,
                games,
                seed,
                policy,
                ply_limit,
                budget,
                held_out,
                workers or default_workers(),
            )
        except ValueError as error:
            raise click.ClickException(str(error)) from None
        entries[values_key(rules)] = fit.entry(rules, seed, policy, ply_limit, budget)
        _say_fit(rules, fit, seed, policy)
    _write(output, evaluations_file(entries), EVALUATION_ENV)


def _say_fit(rules: Rules, fit: EvalFit, seed: int, policy: str) -> None:
    click.echo(
        f"{rules.set_name}: {fit.games} games ({fit.drawn_games} drawn), {fit.positions} "
        f"positions, seed {seed}, policy {policy}",
        err=True,
    )
    held = fit.held_out
    if held is None:
        return
    click.echo(
        f"  held out: {held.games} games, {held.positions} positions; log-loss (accuracy)",
        err=True,
    )
    for name, figures in (
        ("evaluation", held.evaluation),
        ("material", held.material),
        ("first seat", held.first_seat),
    ):
        click.echo(
            f"    {name:<11} {figures.log_loss:.4f} ({figures.accuracy:.1%})",
            err=True,
        )


COMMANDS: list[click.Command] = [fit_values_command, fit_evaluation_command]
