"""``dukec tune``: the fewest small edits that make a new tile fair against the one it replaces."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console

from dukec.commands.common import (
    SEED,
    WORKERS,
    FiniteRange,
    failure,
    games_type,
    load_tiles,
    load_tileset,
    policy_option,
    set_option,
)
from dukec.commands.options import (
    criteria_options,
    interruptible,
    make_criteria,
    players_options,
    policy_names,
    replacement_option,
)
from dukec.commands.outputs import check_output_dir, check_output_file, os_error
from dukec.commands.progress import progress_bar
from dukec.insight.edits import describe_step
from dukec.insight.tune import Answer
from dukec.insight.tune_search import Stage
from dukec.limits import MAX_CANDIDATES, MAX_ELO, MAX_STEPS
from dukec.stats.stats import percent

if TYPE_CHECKING:
    from dukec.insight.tune import TuneResult
    from dukec.insight.tune_search import Progress, Step, Trial

EXIT_STATUS = {Answer.FOUND: 0, Answer.NONE: 3, Answer.INCONCLUSIVE: 4}
"""The exit status of each answer (1 and 2 are errors and bad usage, as for every command)."""


class _Watch:
    """The search's progress on stderr: a bar while a tile plays, a line when it is done."""

    def __init__(self, enabled: bool, games: int, screen_games: int) -> None:
        self.enabled = enabled
        self.screen_games = screen_games
        self.console = Console(
            stderr=True,
            highlight=False,
            width=None if sys.stderr.isatty() else 120,
            soft_wrap=True,
        )
        self.games = games
        self.bar: contextlib.ExitStack | None = None

    def started(self, steps: tuple[Step, ...], stage: Stage) -> Progress | None:
        count = f"{len(steps)} step{'s' if len(steps) != 1 else ''}"
        self.bar = contextlib.ExitStack()
        label = f"{stage.value}: {count}"
        total = self.screen_games if stage is Stage.SCREEN else self.games
        return self.bar.enter_context(progress_bar(total, label, self.enabled, self.console))

    def finished(self, trial: Trial) -> None:
        if self.bar is not None:
            self.bar.close()
        if not self.enabled:
            return
        what = "; ".join(describe_step(step) for step in trial.steps) or "the tile as given"
        self.console.print(f"{trial.stage.value:<8}  {_numbers(trial)}  {what}")


def _numbers(trial: Trial) -> str:
    """Score, Elo and decision of a run, in one short column."""
    document = trial.to_json()
    shown_elo = f"{document['elo']:+.0f}" if document["elo"] is not None else "inf"
    return (
        f"{percent(document['score']):>6} {shown_elo:>5} Elo  {document['decision']:<13} "
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
    type=FiniteRange(-MAX_ELO, MAX_ELO),
    metavar="ELO",
    help="The Elo difference against OLD to reach (0: fair); fair means within --elo-margin of it.",
)
@criteria_options
@policy_option()
@click.option(
    "--seed",
    default=1,
    show_default=True,
    type=SEED,
    help="Seed of the screening; the tests play from SEED + 1, confirmations from SEED + 2 on.",
)
@click.option(
    "--max-steps",
    default=2,
    show_default=True,
    type=click.IntRange(0, MAX_STEPS),
    help="The most steps (an edit, or an edit and its mirror image) to take.",
)
@click.option(
    "--candidates",
    default=12,
    show_default=True,
    type=click.IntRange(1, MAX_CANDIDATES),
    help="Tiles screened at each number of steps.",
)
@click.option(
    "--games",
    "-n",
    default=2000,
    show_default=True,
    type=games_type(2),
    help="Games a test or confirmation plays at most (an even number; it usually stops sooner).",
)
@click.option(
    "--screen-games",
    default=1000,
    show_default=True,
    type=games_type(2),
    help="Games every screened tile plays, all from the same seed (an even number).",
)
@click.option(
    "--beam",
    default=2,
    show_default=True,
    type=click.IntRange(1, MAX_CANDIDATES),
    help="Tiles screened nearest the target that are kept and tested at each number of steps.",
)
@click.option(
    "--mirror/--no-mirror",
    default=True,
    show_default=True,
    help="For a left-right symmetric tile, make each edit together with its mirror image, "
    "so that it stays symmetric: one step, two icons changed.",
)
@players_options
@click.option(
    "--workers",
    "-j",
    type=WORKERS,
    default=1,
    show_default=True,
    help="Local worker processes per run (runs are short: workers pay off with slow policies).",
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
    help="A bar and a line per tile played, on stderr.",
)
@interruptible
@click.pass_context
def tune(
    ctx: click.Context,
    tileset_path: Path | None,
    game: str | None,
    replacement: str,
    with_path: Path | None,
    target: float,
    elo_margin: float,
    alpha: float,
    beta: float,
    elo_model: str,
    policy: str,
    seed: int,
    max_steps: int,
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

    Edits: remove, add or move one icon (one square), flip which side starts. For a
    left-right symmetric tile a step is an edit with its mirror image (--no-mirror: one
    edit). The tile as given is tested first: paired games in place of OLD until the
    sequential test says stronger, weaker or fair within --elo-margin of --target. Then, at
    each number of steps up to --max-steps, --candidates tiles one step on from the --beam
    tiles kept at the count before are screened, every one over --screen-games games from
    the same seed (--seed), and the --beam nearest the target are tested (from --seed + 1).
    The first judged fair is confirmed by a test from a seed no run used (--seed + 2, ...);
    the first confirmed is written to DIR as NEW.duke (formatted), NEW.diff (against NEW as
    given) and NEW.svg (its card), with tune.json.

    \b
    For example:
      dukec tune --replace Footman=Paladin --with my/paladin.duke --out tuned/

    \b
    Exit status:
      0    a tile found, fair and confirmed
      1    a tile set or experiment that cannot be used
      2    bad usage
      3    no tile within --max-steps steps: every test decided, none fair and confirmed
      4    inconclusive: no tile found, some test ended undecided at --games; raise --games
      130  interrupted (143 on SIGTERM)
    tune.json is written for 0, 3 and 4.
    """
    from dukec.balance.runner import RunnerError
    from dukec.insight.tune import tune as search
    from dukec.insight.tune_files import names, write_outputs
    from dukec.insight.tune_search import TuneSettings
    from dukec.tileset import ExperimentError

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
    check_output_dir(out_dir)
    inputs = [path for path in (tileset_path, with_path) if path is not None]
    for name in names(swap[1]).values():
        check_output_file(out_dir / name, inputs, "--out")
    tileset = load_tileset(tileset_path)
    source = load_tiles(with_path)
    criteria = dataclasses.replace(make_criteria(elo_margin, alpha, beta, elo_model), centre=target)
    settings = TuneSettings(
        criteria=criteria,
        policy=spec[0],
        seed=seed,
        max_steps=max_steps,
        candidates=candidates,
        games=games,
        screen_games=screen_games,
        beam=beam,
        mirror=mirror,
        ply_limit=ply_limit,
        budget=budget,
        workers=workers,
        game=game,
    )
    watch = _Watch(progress, games, screen_games)
    try:
        result = search(tileset, swap[0], swap[1], source, settings, watch)
    except (ExperimentError, RunnerError, ValueError) as error:
        raise failure(error) from None
    try:
        written = write_outputs(result, out_dir)
    except OSError as error:
        raise os_error(out_dir, error) from None
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        console = Console(
            width=None if sys.stdout.isatty() else 120, highlight=False, soft_wrap=True
        )
        _summary(result, written, console)
    ctx.exit(EXIT_STATUS[result.answer])


def _summary(result: TuneResult, written: dict[str, Path], console: Console) -> None:
    """What the search played and found, the answer last."""
    s = result.settings
    screened, tested = result.of(Stage.SCREEN), result.of(Stage.TEST)
    rejected = f" ({result.rejected} edited tiles did not compile)" if result.rejected else ""
    console.print(f"as given      {_numbers(result.baseline)}  seed {result.baseline.seed}")
    if screened:
        console.print(
            f"screened      {len(screened)} tiles, {s.screen_games} games each, seed {s.seed}"
            f"{rejected}"
        )
    console.print(
        f"tested        {len(tested)} tiles, up to {s.games} games each, seed {s.test_seed}"
    )
    failed = [trial for trial in result.of(Stage.CONFIRM) if not trial.fair]
    if failed:
        console.print(
            f"unconfirmed   {len(failed)} tile{'s' if len(failed) != 1 else ''} tested fair, "
            "not confirmed (see tune.json)"
        )
    if result.tuned is not None and result.confirmation is not None:
        console.print(f"tuned         {_numbers(result.tuned)}  seed {result.tuned.seed}")
        confirmation = result.confirmation
        console.print(f"confirmed     {_numbers(confirmation)}  seed {confirmation.seed}")
    console.print("wrote         " + ", ".join(str(path) for path in written.values()))
    aim = f"fair within {s.criteria.about()} against the {result.old} ({s.policy})"
    steps = f"{s.max_steps} step{'s' if s.max_steps != 1 else ''}"
    if result.tuned is not None:
        count = len(result.tuned.steps)
        made = f"{count} step{'s' if count != 1 else ''}"
        edits = len(result.tuned.edits)
        if edits > count:
            made += f" ({edits} edits, in mirror pairs)"
        console.print(f"{result.new} tuned in {made}: {aim}, confirmed")
        for step in result.tuned.steps:
            console.print(f"  {describe_step(step)}")
    elif result.answer is Answer.INCONCLUSIVE:
        undecided = len(result.undecided)
        console.print(
            f"{result.new}: inconclusive: raise --games ({undecided} "
            f"test{'s' if undecided != 1 else ''} reached {s.games} games undecided); no tile "
            f"within {steps} was shown {aim}"
        )
    else:
        console.print(f"{result.new}: no tile within {steps} is {aim}")


COMMANDS: list[click.Command] = [tune]
