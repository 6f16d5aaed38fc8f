"""The command a verdict names as its next step, written from the options the run was given.

A run's next step (:mod:`dukec.balance.next_step`) is a command a person can paste: the same
``dukec balance`` with ``--resume --games N`` to play on, ``dukec tune`` with the same tiles
and players to find a fair edit, or the same command with ``--manifest`` to keep the answer.
Only the options given on the command line are repeated (those from the environment, such as
``DUKEC_SET``, are still there for the next command).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

if TYPE_CHECKING:
    from dukec.balance.run import RunResult

#: Options of ``balance`` that ``tune`` takes as they are.
_TUNE_OPTIONS = (
    "tileset_path",
    "game",
    "with_path",
    "budget",
    "ply_limit",
    "elo_margin",
    "alpha",
    "beta",
    "elo_model",
)
#: Where the next step's command writes what it makes.
TUNED_DIR = "tuned/"
MANIFEST = "balance.toml"


def _long(option: click.Option, secondary: bool = False) -> str:
    names = option.secondary_opts if secondary else option.opts
    return max(names, key=lambda name: (name.startswith("--"), len(name)))


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, Path):
        return str(value)
    return str(value)


def option_words(ctx: click.Context, names: Iterable[str] | None = None) -> list[str]:
    """The options ``ctx`` was given on the command line (only ``names``, when given), as
    words of a command line."""
    wanted = None if names is None else set(names)
    words: list[str] = []
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.name is None:
            continue
        if wanted is not None and param.name not in wanted:
            continue
        if ctx.get_parameter_source(param.name) is not ParameterSource.COMMANDLINE:
            continue
        value = ctx.params.get(param.name)
        if param.is_flag:
            if param.secondary_opts:
                words.append(_long(param, secondary=not value))
            elif value:
                words.append(_long(param))
        elif value is not None:
            words += [_long(param), _value(value)]
    return words


def command_line(name: str, words: list[str]) -> str:
    """``dukec NAME WORDS...``, quoted for a shell."""
    return shlex.join(["dukec", name, *words])


def without(words: list[str], *options: str) -> list[str]:
    """``words`` without ``options`` and their values."""
    kept: list[str] = []
    skip = False
    for index, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word in options:
            following = words[index + 1] if index + 1 < len(words) else ""
            skip = bool(following) and not following.startswith("-")
            continue
        kept.append(word)
    return kept


def balance_next(ctx: click.Context, result: RunResult, manifest_given: bool) -> str | None:
    """The command of a balance run's next step, or None where there is none to give."""
    step = result.next
    if step is None:
        return None
    given = option_words(ctx)
    if step.kind == "more" and step.more_games is not None:
        games = max(step.more_games.games, result.settings.games)
        rest = without(given, "--games", "-n", "--resume")
        return command_line("balance", [*rest, "--resume", "--games", str(games)])
    replaced = result.experiment.replaced
    if replaced is None:
        return None
    if step.kind == "tune":
        mine, theirs = result.settings.policies
        if mine != theirs:
            return None
        words = ["--replace", f"{replaced[0]}={replaced[1]}"]
        words += option_words(ctx, _TUNE_OPTIONS)
        words += ["--policy", mine, "--out", TUNED_DIR]
        return command_line("tune", words)
    if step.kind == "keep" and not manifest_given:
        return command_line("balance", [*given, "--manifest", MANIFEST])
    return None
