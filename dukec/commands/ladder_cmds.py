"""``dukec ladder``: the policies play each other; each gets an Elo rating relative to random."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from dukec.commands.common import SEED, WORKERS, failure, games_type, load_tileset, set_option
from dukec.commands.options import interruptible, players_options, policy_names
from dukec.commands.outputs import check_output_file, os_error
from dukec.commands.progress import progress_bar

if TYPE_CHECKING:
    from dukec.balance.ladder import LadderResult


@click.command("ladder")
@set_option
@click.option(
    "--game",
    "game_names",
    metavar="NAME",
    multiple=True,
    help="Game set to play (default: base, or the only one); repeat it for a ladder on each "
    "of several game sets.",
)
@click.option(
    "--policies",
    default="random,greedy,search",
    show_default=True,
    metavar="NAMES",
    help="The policies to rate, random among them (ratings are relative to it); a search or "
    "mcts may name its own budget: search@1000.",
)
@click.option(
    "--games",
    "-n",
    default=200,
    show_default=True,
    type=games_type(2),
    help="Games per pairing of two policies (an even number: paired games).",
)
@click.option("--seed", default=1, show_default=True, type=SEED, help="Master seed.")
@players_options
@click.option(
    "--workers",
    "-j",
    type=WORKERS,
    default=None,
    help="Local worker processes (default: all cores).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ratings and pairings as JSON.")
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Store the ratings in FILE (a ratings file: entries of other tile sets, game sets, "
    "policies or budgets already in it are kept), for dukec balance --ratings FILE.",
)
@click.option(
    "--progress/--no-progress", default=True, show_default=True, help="Progress bar on a terminal."
)
@interruptible
def ladder(
    tileset_path: Path | None,
    game_names: tuple[str, ...],
    policies: str,
    games: int,
    seed: int,
    budget: int,
    ply_limit: int,
    workers: int | None,
    as_json: bool,
    out_path: Path | None,
    progress: bool,
) -> None:
    """Rate policies: each pair of them plays paired games (the set's own armies, seats swapped
    within each pair), and a Bradley-Terry fit by maximum likelihood over all games gives each
    policy's Elo relative to random with a 95% interval, or a one-sided bound ("at least +X")
    for a policy that won (or lost) every game against the rated ones.

    \b
      dukec ladder --games 200
      dukec ladder --game mountain --game dragon --policies random,greedy --out ratings.json

    Exit status: 0 done, 1 a tile set that cannot be used or ratings that cannot be written,
    2 bad usage, 130 or 143 interrupted.
    """
    from dukec.balance import ratings
    from dukec.balance.ladder import LadderSettings, run_ladder
    from dukec.balance.play import check_playable
    from dukec.balance.runner import RunnerError, default_workers
    from dukec.tileset import ExperimentError, find_set

    names = policy_names(policies, "--policies")
    if ratings.ANCHOR not in names:
        raise click.BadParameter(
            f"name {ratings.ANCHOR!r} among them: ratings are relative to it",
            param_hint="--policies",
        )
    if len(set(names)) != len(names) or len(names) < 2:
        raise click.BadParameter("name at least two different policies", param_hint="--policies")
    if games % 2:
        raise click.BadParameter(
            f"paired games come two by two: give an even number, not {games}", param_hint="--games"
        )
    if out_path is not None:
        check_output_file(out_path, [tileset_path] if tileset_path is not None else [])
    tileset = load_tileset(tileset_path)
    settings = LadderSettings(
        tuple(names), games, seed, budget, ply_limit, workers or default_workers()
    )
    pairings = len(names) * (len(names) - 1) // 2
    try:
        if out_path is not None:
            ratings.load(out_path)  # a file that cannot be read is said before any game
        sets = list(dict.fromkeys(find_set(tileset, g)["name"] for g in game_names or (None,)))
        for name in sets:
            check_playable(tileset, (name, name))
        results: list[LadderResult] = []
        with progress_bar(
            games * pairings * len(sets), f"ladder on {', '.join(sets)}", progress
        ) as bar:
            for name in sets:
                done = games * pairings * len(results)
                shifted = None if bar is None else _after(bar, done)
                results.append(run_ladder(tileset, name, settings, shifted))
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    if out_path is not None:
        write_ratings(out_path, results)
    outputs = [ladder_json(result) for result in results]
    if as_json:
        shown: Any = outputs[0] if len(outputs) == 1 else outputs
        click.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    console = Console(width=None if sys.stdout.isatty() else 120)
    for output in outputs:
        render(output, console)


def _after(bar: Callable[[int], None], done: int) -> Callable[[int], None]:
    """The progress callback of a later ladder: its games counted after ``done``."""
    return lambda games: bar(done + games)


def write_ratings(out_path: Path, results: list[LadderResult]) -> None:
    """Store the ladders' ratings in ``out_path``, keeping its entries under other keys (read
    again under dukec's lock on the file, so that ladders storing into one file at once each
    keep theirs)."""
    from dukec.atomic import locked, write_text_atomic
    from dukec.balance import ratings

    entries = {}
    for result in results:
        settings = result.settings
        for rating in result.ratings:
            # ``search@1000`` is stored as the search at budget 1000, as balance looks it up.
            found = ratings.key_of(result.digest, result.game, rating.name, settings.budget)
            entries[found] = ratings.entry(
                result.digest, result.game, found[2], found[3], settings.seed, rating
            )
    try:
        with locked(out_path):
            document = ratings.document({**ratings.load(out_path), **entries})
            write_text_atomic(out_path, json.dumps(document, indent=2) + "\n")
    except ValueError as error:
        raise failure(error) from None
    except OSError as error:
        raise os_error(out_path, error) from None
    click.echo(f"ratings: {out_path}", err=True)


FIT = (
    "Bradley-Terry maximum likelihood over all games, random = 0, no prior; 95% intervals by "
    "the delta method (the larger of model and pair-clustered variance); a policy that won (or "
    "lost) every game against the rated ones gets a one-sided bound"
)


def ladder_json(result: LadderResult) -> dict[str, Any]:
    """The ladder as JSON: what was played, the ratings, the test of one strength per policy,
    and each pairing's pair counts."""
    from dukec.balance.tally import pair_numbers
    from dukec.stats.transitivity import summary

    settings = result.settings
    return {
        "game": result.game,
        "tileset_digest": result.digest,
        "seed": settings.seed,
        "budget": settings.budget,
        "ply_limit": settings.ply_limit,
        "games_per_pairing": settings.games,
        "fit": FIT,
        "ratings": [{"policy": rating.name, **rating.to_json()} for rating in result.ratings],
        "transitivity": summary(result.fit, 0.05, "policy"),
        "pairings": [
            {"first": run.settings.policies[0], "second": run.settings.policies[1]}
            | pair_numbers(run.tally.pairs)
            for run in result.runs
        ],
        "seconds": result.seconds,
    }


def budgets(document: dict[str, Any]) -> str:
    """The node budgets the ladder's policies played at: each one's own (``search@1000``),
    else the ladder's."""
    from dukec.players.policies import BUDGETED, policy_seconds, split_policy

    shown = []
    for entry in document["ratings"]:
        name, nodes = split_policy(entry["policy"])
        if name in BUDGETED and not policy_seconds(entry["policy"]):
            shown.append(f"{name} {nodes or document['budget']}")
        elif name in BUDGETED:
            shown.append(entry["policy"])
    return "budget " + (", ".join(shown) + " nodes a move" if shown else "unused")


def render(document: dict[str, Any], console: Console) -> None:
    """The ratings table, one line per pairing, then the test of one strength per policy."""
    from dukec.stats.bradley_terry import Rating

    console.print(
        f"Ratings on {document['game']!r} (seed {document['seed']}, {budgets(document)}, "
        f"{document['games_per_pairing']} games per pairing)"
    )
    table = Table()
    for header in ("policy", "Elo", "95%", "games"):
        table.add_column(header, justify="left" if header == "policy" else "right")
    for entry in document["ratings"]:
        rating = Rating.from_json(entry["policy"], entry)
        span = "(reference)" if entry["policy"] == "random" else rating.span()
        table.add_row(rating.name, rating.shown(), span, str(rating.games))
    console.print(table)
    pairs = Table(title="Pairings (score of the first)", title_justify="left")
    for header in ("pairing", "score", "95%", "LL", "LD", "DD+WL", "WD", "WW"):
        pairs.add_column(header, justify="left" if header == "pairing" else "right")
    for pairing in document["pairings"]:
        low, high = pairing["score_ci95"]
        pairs.add_row(
            f"{pairing['first']} vs {pairing['second']}",
            f"{100 * pairing['score']:.1f}%",
            f"{100 * low:.1f}% .. {100 * high:.1f}%",
            *(str(count) for count in pairing["pentanomial"].values()),
        )
    console.print(pairs)
    console.print(
        f"transitivity: {document['transitivity']['words']}", highlight=False, soft_wrap=True
    )
    console.print(
        f"{document['seconds']:.1f} s; fit: {document['fit']}", highlight=False, soft_wrap=True
    )


COMMANDS: list[click.Command] = [ladder]
