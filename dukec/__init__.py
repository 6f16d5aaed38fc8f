"""dukec: a rules-as-data toolchain for The Duke.

The front door: :func:`load_tileset` and :func:`compile_source` give a validated tile set (the
compiler's), :func:`new_game` a game of one of its game sets, and :class:`Game` plays it with
python-chess's words (``legal_actions``, ``push``, ``pop``, ``outcome``); the rest of the engine
is :mod:`dukec.engine`.

>>> import dukec
>>> game = dukec.new_game("base", seed=7)
>>> game
<Game 'base' ply 0: player 0 to place Duke>
>>> for text in ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]:
...     _ = game.push_notation(text)
>>> len(game.legal_actions()), game.legal_actions()[0]
(9, Action('b1-a1'))
>>> action = game.parse_action("c2-c3")
>>> action, str(action), tuple(action)
(Action('c2-c3'), 'c2-c3', (0, 8, 14, -1, -1))
>>> game.push(action)
>>> print(game)
      a      b      c      d      e      f
  6   .      .      .     duk    foo     .
  5   .      .      .     foo     .      .
  4   .      .      .      .      .      .
  3   .      .     FOO'    .      .      .
  2   .      .      .      .      .      .
  1   .     FOO    DUK     .      .      .
player 0: 16 in the bag; lost: none
player 1: 16 in the bag; lost: none
ply 1: player 1 to move
>>> game.pop()
Action('c2-c3')
>>> game.push(dukec.Action(dukec.ActionKind.MOVE, frm=8, to=20))  # doctest: +ELLIPSIS
Traceback (most recent call last):
dukec.engine.facade.IllegalActionError: Action(kind=MOVE, frm=8, to=20) is not legal here ...
>>> import random
>>> rng = random.Random(1)
>>> while not game.is_game_over():
...     game.push(rng.choice(game.legal_actions()))
>>> game.outcome()
Result(winner=1, reason=<Reason.NO_LEGAL_ACTION: 'no legal action'>)
>>> game
<Game 'base' ply 110: player 1 wins: no legal action>

The compiler is imported only when first used, so ``import dukec.engine`` never loads lark.
Before any engine module is imported, ``dukec.kernel.select()`` decides whether a compiled engine
beside the source may run (not under DUKEC_PURE=1, nor when it is stale);
``dukec.kernel.kernel()`` says which runs.
"""

# No `from __future__ import annotations` and only underscored imports: dir(dukec) is the
# public names alone.
import sys as _sys
import typing as _typing
from collections.abc import Mapping as _Mapping
from os import PathLike as _PathLike
from pathlib import Path as _Path

from dukec import kernel as _kernel

__version__ = "0.1.0"
"""The version of dukec."""

# An install puts grammar/, schemas/ and tiles/ inside the package (pyproject's package-dir
# maps them to dukec.grammar, dukec.schemas and dukec.tiles). In a source checkout they sit
# beside it: when this package is the checkout's (whatever is installed, as when the tests run
# from the checkout), it finds its data subpackages there too.
_CHECKOUT = _Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "grammar" / "duke.lark").is_file():
    __path__.append(str(_CHECKOUT))

#: The names of ``__all__`` that each module gives, imported when first asked for.
_LAZY = {
    "dukec.compiler": ("CompileError", "compile_source", "load_tileset"),
    "dukec.engine": (
        "Action",
        "ActionKind",
        "Game",
        "IllegalActionError",
        "NotationError",
        "Result",
        "Rules",
        "RulesError",
        "load_rules",
    ),
}

__all__ = [
    "Action",
    "ActionKind",
    "CompileError",
    "Game",
    "IllegalActionError",
    "NotationError",
    "Result",
    "Rules",
    "RulesError",
    "__version__",
    "compile_source",
    "load_rules",
    "load_tileset",
    "new_game",
]

_kernel.select()

if "IPython" in _sys.modules:
    # In a notebook: the workbench tells IPython's display how to draw a game and a tile type
    # (by class name: neither the engine nor the drawing code is imported until one is shown).
    from dukec.workbench import notebook as _notebook

    _notebook.register()

if _typing.TYPE_CHECKING:
    from dukec.compiler import CompileError, compile_source, load_tileset
    from dukec.engine import (
        Action,
        ActionKind,
        Game,
        IllegalActionError,
        NotationError,
        Result,
        Rules,
        RulesError,
        load_rules,
    )


def new_game(
    set_name: str | None = None,
    *,
    tileset: "_Mapping[str, _typing.Any] | str | _PathLike[str] | None" = None,
    seed: int = 0,
    ply_limit: int | None = None,
) -> "Game":
    """A new game of ``set_name`` (default ``base``), at its set-up.

    ``tileset``: a compiled tile set (a dict), or a path that :func:`load_tileset` reads (a
    ``.json``, a ``.duke`` file or a directory); by default the tiles that ship with dukec.
    ``seed`` decides the draws; at ``ply_limit`` turns of play the game ends in a draw.
    Raises :class:`CompileError` for a tile set with mistakes, :class:`RulesError` for an
    unknown game set (with the names that come close).
    """
    from dukec.engine import Game, load_rules

    if not isinstance(tileset, _Mapping):
        from dukec.compiler import load_tileset

        tileset = load_tileset(tileset)
    return Game(load_rules(tileset, set_name), seed=seed, ply_limit=ply_limit)


def __getattr__(name: str) -> _typing.Any:
    for module, names in _LAZY.items():
        if name in names:
            return getattr(__import__(module, fromlist=[name]), name)
    raise AttributeError(f"module 'dukec' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names (``__all__``)."""
    return list(__all__)
