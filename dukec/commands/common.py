"""What commands share: the ``--set`` option and loading the tile set it names."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from dukec.limits import MAX_BUDGET, MAX_GAMES, MAX_PLY, MAX_SEED, MAX_WORKERS

if TYPE_CHECKING:
    from dukec.api import TileSet

F = TypeVar("F", bound=Callable[..., Any])

SET_ENVVAR = "DUKEC_SET"

# The types of the numeric options: every one has both bounds (dukec/limits.py), so that a
# slip of the keyboard is a usage error, not a run that never ends.

#: A seed: any whole number that fits in 64 bits without a sign.
SEED = click.IntRange(0, MAX_SEED)
#: A ply limit: at least one turn.
PLY_LIMIT = click.IntRange(1, MAX_PLY)
#: Nodes per move of the search and mcts policies.
BUDGET = click.IntRange(1, MAX_BUDGET)
#: Worker processes.
WORKERS = click.IntRange(1, MAX_WORKERS)


def games_type(least: int = 1) -> click.IntRange:
    """A number of games: at least ``least``, at most :data:`~dukec.limits.MAX_GAMES`."""
    return click.IntRange(least, MAX_GAMES)


class FiniteRange(click.FloatRange):
    """A FloatRange that also refuses ``nan`` (which no comparison rules out)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


def failure(error: Exception) -> click.ClickException:
    """A library's error as the command's: a tile or game set name the tile set does not have
    is bad usage (exit 2), like an unknown option; anything else exit 1."""
    from dukec.tileset import UnknownName

    if isinstance(error, UnknownName):
        return click.UsageError(str(error))
    return click.ClickException(str(error))


def check_set_name(tileset: dict[str, Any], name: str | None) -> None:
    """A usage error (exit 2) if ``name`` is given and names no game set of ``tileset``."""
    from dukec.tileset import find_set

    if name is not None:
        try:
            find_set(tileset, name)
        except Exception as error:
            raise failure(error) from None


class ReportError(click.ClickException):
    """A report already written as `path:line:col: error: ...` lines: printed as is, exit 1."""

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.format_message(), err=True, file=file)


def option(*decls: str, **attrs: Any) -> Callable[..., Callable[[F], F]]:
    """A shared option: ``decls`` and ``attrs`` as click takes them, any of which a command
    may override (``games_option(default=200)``)."""

    def declare(**override: Any) -> Callable[[F], F]:
        names = override.pop("decls", decls)
        return click.option(*names, **{**attrs, **override})

    return declare


#: ``--games``/``-n``: how many games (``type=games_type(2)`` for paired games only).
games_option = option(
    "--games", "-n", default=1000, show_default=True, type=games_type(), help="Games to play."
)
#: ``--seed``: the master seed.
seed_option = option(
    "--seed",
    default=1,
    show_default=True,
    type=SEED,
    help="Master seed of the games.",
)
#: ``--workers``/``-j``: local worker processes.
workers_option = option(
    "--workers",
    "-j",
    type=WORKERS,
    default=None,
    help="Worker processes (default: all cores; same results).",
)
#: ``--json``: the report as JSON on stdout.
json_option = option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
#: ``--progress/--no-progress``: a progress bar on a terminal (stderr).
progress_option = option(
    "--progress/--no-progress", default=True, help="Progress bar on a terminal."
)
#: ``--game``: the game set played.
game_option = option(
    "--game", "game", metavar="NAME", help="Game set (default: base, or the only one)."
)
#: ``--with``: tiles defined apart, added to the set played.
with_option = option(
    "--with",
    "with_path",
    type=click.Path(exists=True, path_type=Path),
    metavar="PATH",
    help="Where NEW is defined, if not in the set: .duke file, folder or JSON.",
)


def policy_option(**override: Any) -> Callable[[F], F]:
    """``--policy NAME``: the player of both armies, the search by default."""
    from dukec.api import DEFAULT_POLICY

    attrs: dict[str, Any] = {
        "default": DEFAULT_POLICY,
        "show_default": True,
        "metavar": "NAME",
        "help": "Player for both armies: random, greedy, mcts, search-material, search-v1 or "
        "search, a search or mcts perhaps with its own budget (search@1000).",
    }
    return click.option("--policy", **{**attrs, **override})


class SetPath(click.Path):
    """A tile set's path, or the name of an expansion pack that ships with dukec (``--set
    robin-hood``: ``tiles/expansions/robin-hood.duke``, read on top of the base set)."""

    def __init__(self) -> None:
        super().__init__(exists=True, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """An existing path as it is; else a shipped pack's file; else click's error, with the
        packs' names."""
        text = str(value)
        if not Path(text).exists() and "/" not in text and "\\" not in text:
            from dukec.compiler.driver import shipped_packs

            packs = shipped_packs()
            if text in packs:
                return packs[text]
            try:
                return super().convert(value, param, ctx)
            except click.BadParameter as error:
                names = ", ".join(packs) or "none"
                self.fail(f"{error.message} Nor is it a pack that ships with dukec ({names}).")
        return super().convert(value, param, ctx)


def set_option(function: F) -> F:
    """Add ``--set PATH`` (a compiled JSON tile set, a .duke file or a directory of them, or
    the name of a shipped expansion pack)."""
    return click.option(
        "--set",
        "tileset_path",
        type=SetPath(),
        envvar=SET_ENVVAR,
        default=None,
        show_envvar=True,
        help="Tile set: JSON, .duke file or folder, or a shipped pack's name (robin-hood); a "
        "folder of new tiles lies on the base set (default: the base set).",
    )(function)


#: ``--game NAME`` as the engine's commands take it (into ``set_name``).
set_name_option = click.option(
    "--game",
    "set_name",
    default=None,
    metavar="NAME",
    help="Game set of the tile set to play (default: base).",
)


def open_set(path: Path | None) -> TileSet:
    """Load and validate a tile set by the layering rule (a folder of new tiles is read on top
    of the base set; see :mod:`dukec.compiler.overlay`), every user mistake a ClickException."""
    from dukec.api import open_tileset
    from dukec.compiler import CompileError

    try:
        return open_tileset(path)
    except CompileError as error:
        raise ReportError(error.render()) from None


def load_tileset(path: Path | None) -> dict[str, Any]:
    """The data of :func:`open_set`'s tile set."""
    return open_set(path).data


def load_tiles(path: Path) -> dict[str, Any]:
    """The tiles defined at ``path`` alone (``--with``: tiles added to whatever set is
    played), every user mistake a ClickException."""
    from dukec.compiler import CompileError
    from dukec.compiler import load_tileset as load

    try:
        return load(path)
    except CompileError as error:
        raise ReportError(error.render()) from None
