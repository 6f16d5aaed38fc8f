"""``dukec tune``: the fewest small edits that make a new tile fair against the one it replaces."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console

from dukec.balance.stats import percent
from dukec.commands.balance_cmds import (
    interruptible,
    players_options,
    policy_names,
    replacement_option,
)
from dukec.commands.common import SEED, FiniteRange, load_tileset, set_option
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.commands.progress import progress_bar
from dukec.insight.edits import describe_step, steps
from dukec.insight.tune import Stage

if TYPE_CHECKING:
    from dukec.insight.edits import Edit
    from dukec.insight.tune import Progress, Trial, TuneResult

MAX_EDITS = 8
"""The most edits a search may combine (each count multiplies the tiles it may test)."""


class _Watch:
    """The search's progress on stderr: a bar while a tile is tested, a line when it is done."""

    def __init__(self, enabled: bool, games: int, screen_games: int) -> None:
        self.enabled = enabled
        self.screen_games = screen_games
        self.console = Console(
            stderr=True, highlight=False, width=None if sys.stderr.isatty() else 120
        )
        self.games = games
        self.bar: contextlib.ExitStack | None = None

    def started(self, edits: tuple[Edit, ...], stage: Stage) -> Progress | None:
        count = f"{len(edits)} edit{'s' if len(edits) != 1 else ''}"
        self.bar = contextlib.ExitStack()
        label = f"{stage.value}: {count}"
        total = self.screen_games if stage is Stage.SCREEN else self.games
        return self.bar.enter_context(progress_bar(total, label, self.enabled, self.console))

    def finished(self, trial: Trial, stage: Stage) -> None:
        if self.bar is not None:
            self.bar.close()
        if not self.enabled:
            return
        what = "; ".join(edit.describe() for edit in trial.edits) or "the tile as given"
        shown = _numbers(trial, "measured" if stage is Stage.SCREEN else None)
        self.console.print(f"{stage.value:<8}  {shown}  {what}")


def _numbers(trial: Trial, decision: str | None = None) -> str:
    """Score, Elo and decision of a trial, in one short column."""
    document = trial.to_json()
    decision = decision or document["decision"]
    shown_elo = f"{document['elo']:+.0f}" if document["elo"] is not None else "inf"
    return (
        f"{percent(document['score']):>6} {shown_elo:>5} Elo  {decision:<13} "
        f"{document['games']:>5} games"
    )


@click.command("tune")
@set_option
@click.option(
    "--game", "game", metavar="NAME", help="Game set to play (default: base, or the only one)."
)
@click.option(
    "--replace",
    "replacement",
    metavar="OLD=NEW",
    required=True,
    help="The tile NEW to tune, and the tile OLD of the set it replaces.",
)
@click.option(
    "--with",
    "with_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="Where NEW is defined: a .duke file, a directory of them, or a compiled set.",
)
@click.option(
    "--target",
    default=0.0,
    show_default=True,
    type=FiniteRange(-1000, 1000),
    metavar="ELO",
    help="The Elo difference against OLD to reach (0: fair).",
)
@click.option(
    "--margin",
    default=30.0,
    show_default=True,
    type=FiniteRange(0, 1000, min_open=True),
    metavar="ELO",
    help="How close to the target counts as reached (the SPRT's ± Elo).",
)
@click.option(
    "--policy",
    default="random",
    show_default=True,
    metavar="NAME",
    help="Player for both armies (random, greedy, mcts, search-material, search-v1, search; "
    "search@1000).",
)
@click.option("--seed", default=1, show_default=True, type=SEED, help="Master seed of the tests.")
@click.option(
    "--max-edits",
    default=2,
    show_default=True,
    type=click.IntRange(0, MAX_EDITS),
    help="The most edits to combine.",
)
@click.option(
    "--candidates",
    default=12,
    show_default=True,
    type=click.IntRange(1),
    help="Edited tiles tested at each number of edits, likely winners first.",
)
@click.option(
    "--games",
    "-n",
    default=2000,
    show_default=True,
    type=click.IntRange(2),
    help="Games a test plays at most (an even number; the SPRT usually stops sooner).",
)
@click.option(
    "--screen-games",
    default=0,
    show_default=True,
    type=click.IntRange(0),
    help="Measure the single edits over this many games each (an even number) before any "
    "test, rather than testing them one by one: for effects too small for a short test.",
)
@click.option(
    "--beam",
    default=0,
    show_default=True,
    type=click.IntRange(0),
    help="Descend: measure single edits of the BEAM tiles nearest the target at each number "
    "of edits (with --screen-games), rather than combine single edits (0: combine).",
)
@click.option(
    "--mirror",
    is_flag=True,
    help="Descending, make each edit together with its mirror image (left to right), so that "
    "a symmetric tile stays symmetric: one step, two icons changed.",
)
@players_options
@click.option(
    "--workers",
    "-j",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Local worker processes per test (tests are short: workers pay off with slow policies).",
)
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Where to write the tuned tile (.duke), its diff, its card (.svg) and tune.json.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--progress/--no-progress",
    default=True,
    show_default=True,
    help="A bar and a line per tested tile, on stderr.",
)
@interruptible
def tune(
    tileset_path: Path | None,
    game: str | None,
    replacement: str,
    with_path: Path | None,
    target: float,
    margin: float,
    policy: str,
    seed: int,
    max_edits: int,
    candidates: int,
    games: int,
    screen_games: int,
    beam: int,
    mirror: bool,
    budget: int,
    ply_limit: int,
    workers: int,
    out_dir: Path,
    as_json: bool,
    progress: bool,
) -> None:
    """Find the fewest small edits of NEW that make it fair against OLD (or reach --target).

    Edits: remove, add or move one icon (one square), flip which side starts. Each tile
    tested plays paired games in place of OLD until a GSPRT decides whether it is within
    --margin Elo of --target: the tile as given, then its first --candidates single edits
    (likely winners first), then combinations of the edits that helped, two, three, up to
    --max-edits, in order of predicted Elo. With --beam N (and --screen-games), a descent
    instead: at each number of edits, single edits of the N tiles of one edit fewer measured
    nearest the target, every tile measured over --screen-games games from one seed, the N
    nearest tested. The first judged within, confirmed from a fresh seed (--seed + 1), is
    written to DIR as NEW.duke (formatted), NEW.diff (against NEW as given) and NEW.svg (its
    card), with tune.json.

    \b
    For example:
      dukec tune --replace Knight=Paladin --with paladin.duke --policy greedy --out tuned/

    Exit status: 0 a tile found, 1 none found within the bounds (tune.json still written)
    or a tile set or experiment that cannot be used, 2 bad usage, 130 or 143 interrupted.
    """
    from dukec.balance.experiments import ExperimentError
    from dukec.balance.runner import RunnerError
    from dukec.insight.tune import TuneSettings
    from dukec.insight.tune import tune as search
    from dukec.insight.tune_files import names, write_outputs

    swap = replacement_option(replacement)
    assert swap is not None
    spec = policy_names(policy, "--policy")
    if len(spec) != 1:
        raise click.BadParameter("tune plays one policy", param_hint="--policy")
    if with_path is None:
        raise click.UsageError(
            f"--with PATH is required: the file that defines {swap[1]}, the tile tune edits"
        )
    for option, count in (("--games", games), ("--screen-games", screen_games)):
        if count % 2:
            raise click.UsageError(
                f"paired games come two by two: give an even {option} (not {count})"
            )
    if beam and not screen_games:
        raise click.UsageError(
            "--beam measures every tile it keeps: give --screen-games N (games per tile)"
        )
    if mirror and not beam:
        raise click.UsageError("--mirror is a way to descend: give --beam N too")
    check_output_dir(out_dir)
    inputs = [path for path in (tileset_path, with_path) if path is not None]
    for name in names(swap[1]).values():
        check_output_file(out_dir / name, inputs, "--out")
    tileset = load_tileset(tileset_path)
    source = load_tileset(with_path)
    settings = TuneSettings(
        target=target,
        margin=margin,
        policy=spec[0],
        seed=seed,
        max_edits=max_edits,
        candidates=candidates,
        games=games,
        ply_limit=ply_limit,
        budget=budget,
        workers=workers,
        game=game,
        screen_games=screen_games,
        beam=beam,
        mirror=mirror,
    )
    watch = _Watch(progress, games, screen_games)
    try:
        result = search(tileset, swap[0], swap[1], source, settings, watch)
    except (ExperimentError, RunnerError, ValueError) as error:
        raise click.ClickException(str(error)) from None
    try:
        written = write_outputs(result, out_dir)
    except OSError as error:
        raise os_error(out_dir, error) from None
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        console = Console(width=None if sys.stdout.isatty() else 120, highlight=False)
        _summary(result, written, console)
    if result.tuned is None:
        raise click.ClickException(
            f"no tile within {max_edits} edit{'s' if max_edits != 1 else ''} of {result.new} "
            f"was found within {margin:g} Elo of {target:+g} (see {written['report']})"
        )


def _summary(result: TuneResult, written: dict[str, Path], console: Console) -> None:
    """What the search found, in a few lines."""
    s = result.settings
    aim = f"within {s.margin:g} Elo of {s.target:+g} against the {result.old}"
    tested = len(result.trials)
    rejected = f" ({result.rejected} edited tiles did not compile)" if result.rejected else ""
    if result.tuned is not None:
        count = len(result.tuned.edits)
        made = f"{count} edit{'s' if count != 1 else ''}"
        grouped = steps(result.tuned.edits) if s.mirror else [(e,) for e in result.tuned.edits]
        if s.mirror:
            made = f"{len(grouped)} step{'s' if len(grouped) != 1 else ''} ({made}, mirrored)"
        console.print(f"{result.new} tuned in {made}: {aim} ({s.policy}, seed {s.seed})")
        for step in grouped:
            console.print(f"  {describe_step(step)}")
    else:
        console.print(f"{result.new}: no tile found {aim} ({s.policy}, seed {s.seed})")
    console.print(f"as given      {_numbers(result.baseline)}")
    if result.screened:
        console.print(f"measured      {len(result.screened)} tiles, {s.screen_games} games each")
    console.print(f"tested        {tested} tiles, up to {s.games} games each{rejected}")
    if result.tuned is not None and result.verification is not None:
        console.print(f"tuned         {_numbers(result.tuned)}  seed {result.tuned.seed}")
        console.print(f"re-checked    {_numbers(result.verification)}  seed {s.verify_seed}")
    console.print("wrote         " + ", ".join(str(path) for path in written.values()))


COMMANDS: list[click.Command] = [tune]
