"""The ``dukec`` command line: one group; each area of the toolchain adds its commands.

A command is registered by one line in COMMANDS: its name, the module whose ``COMMANDS`` list
holds it, and the first sentence of its help (what ``dukec --help`` lists; a test checks it
against the command). The module is imported only when the command runs or its ``--help`` is
asked for, so that ``dukec --help`` and ``dukec fmt`` start without the rest of the toolchain.
"""

from typing import Any

import click

from dukec.commands.common import ReportError
from dukec.commands.lazy import Entry, LazyGroup
from dukec.textfile import os_reason
from dukec.version import __version__

_C = "dukec.commands."
#: The heading of the engine's own tools, listed after the designer's commands.
ENGINE = "Engine tools"

#: Every command: name -> (module, summary).
COMMANDS: dict[str, Entry] = {
    "build": Entry(
        _C + "compile_cmds",
        "Compile .duke files and directories (default: tiles/) into one JSON tile set.",
    ),
    "check": Entry(
        _C + "compile_cmds", "Check .duke sources or a compiled JSON tile set, writing nothing."
    ),
    "decompile": Entry(
        _C + "compile_cmds", "Turn a compiled JSON tile set back into .duke source text."
    ),
    "moves": Entry(
        _C + "engine_cmds",
        "List the legal actions in POSITION (a position JSON file, '-' for stdin; default: the "
        "start of set-up).",
        ENGINE,
    ),
    "replay": Entry(
        _C + "engine_cmds",
        "Re-play a game RECORD (JSON Lines), check every action is legal, print the result.",
    ),
    "play": Entry(
        _C + "play_cmds",
        "Play a game in the terminal: a person types actions against a bot, or bots play.",
    ),
    "perft": Entry(
        _C + "engine_cmds",
        "Count turn sequences of length DEPTH from POSITION (default: the start of set-up); a "
        "draw branches on each kind of tile the bag could give and each square it may go on.",
        ENGINE,
    ),
    "bench": Entry(
        _C + "engine_cmds",
        "Play uniformly random complete games (full legality) and time them in the CPU time of "
        "this process (pin it to one core: taskset -c 0 dukec bench).",
        ENGINE,
    ),
    "balance": Entry(
        _C + "balance_cmds",
        "Play seeded games: is one army stronger, weaker or fair?",
    ),
    "matrix": Entry(
        _C + "matrix_cmds",
        "A swap matrix: each tile in turn takes the place of the first one the army holds, and "
        "every such army plays every other (paired games, --games per cell).",
    ),
    "recheck": Entry(
        _C + "manifests",
        "Play the experiments of a balance manifest again from fresh seeds; exit 1 with one "
        "line per experiment whose score moved by more than chance allows.",
    ),
    "ladder": Entry(
        _C + "ladder_cmds",
        "Rate policies: each pair of them plays paired games (the set's own armies, seats "
        "swapped within each pair), and a Bradley-Terry fit by maximum likelihood over all "
        "games gives each policy's Elo relative to random with a 95% interval, or a one-sided "
        'bound ("at least +X") for a policy that won (or lost) every game against the rated ones.',
    ),
    "value": Entry(
        _C + "value_cmds",
        "Say what one copy of TILE is worth in Elo, with a 95% interval: the army with one TILE "
        "in place of one OLD (--in-place-of, the Footman by default) against the army as it is, "
        "seats alternating, paired games; and whether it is worth more than OLD, less, the same "
        "within ±--elo-margin, or not yet told apart.",
    ),
    "fit-values": Entry(
        _C + "values_cmds",
        "Fit each tile's value on the board and in the bag from seeded self-play games.",
        ENGINE,
    ),
    "fit-evaluation": Entry(
        _C + "values_cmds",
        "Fit the search's evaluation from seeded self-play games.",
        ENGINE,
    ),
    "tune": Entry(
        _C + "tune_cmds",
        "Find the fewest small edits of NEW that make it fair against OLD (or reach --target).",
    ),
    "show": Entry(
        _C + "workbench_cmds",
        "Draw TILE's two grids side by side in the terminal, with a legend.",
    ),
    "render": Entry(
        _C + "workbench_cmds",
        "Draw a tile card (both sides, in the printed style) for each TILE, or a board position.",
    ),
    "fmt": Entry(
        _C + "workbench_cmds",
        "Rewrite .duke files (and directories of them) in the canonical layout.",
    ),
    "lint": Entry(
        _C + "workbench_cmds", "Warn about tile designs that compile but are probably mistakes."
    ),
    "describe": Entry(
        _C + "workbench_cmds",
        "Figures that describe TILE without playing, ranked among the base set's troop tiles.",
    ),
    "cache": Entry(
        _C + "cache_cmds",
        "Say where dukec's cache lives, whether it is used and what it holds; --clear empties it.",
    ),
    "lsp": Entry(
        _C + "editor_cmds",
        "Run the language server for .duke files over stdin and stdout (for editors).",
    ),
    "export": Entry(
        _C + "export_cmds", "Write a tile set for other tools: Tabletop Simulator (tts)."
    ),
    "studio": Entry(
        _C + "studio_cmds",
        "A local web page to draw a tile, see its card, lint and figures, balance it and play it.",
    ),
}


class _Main(LazyGroup):
    """The group: an OS error no command foresaw is still one line, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as error:
            where = error.filename or "dukec"
            reason = os_reason(error)
            raise ReportError(f"{where}: error: {reason}") from None


@click.group(cls=_Main, table=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dukec")
def main() -> None:
    """Compile, check and play tiles of The Duke written as data."""
