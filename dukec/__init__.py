"""dukec: a rules-as-data toolchain for The Duke.

The library for a Python user, in python-chess's words: :class:`Game` is a game of The Duke
(``Game()`` the base game at its set-up, ``Game(position)`` a game from a position's one-line
text), played with :meth:`Game.push` or :meth:`Game.push_notation` and taken back with
:meth:`Game.pop`; :func:`load_tileset` reads a designer's tiles as every command reads
``--set``, and :func:`balance` and :func:`value` weigh a tile from Python as ``dukec balance``
and ``dukec value`` do. The engine itself is :mod:`dukec.engine`, the compiler
:mod:`dukec.compiler`.

>>> import dukec
>>> game = dukec.Game(seed=7)
>>> game
<Game 'base' ply 0: player 0 to place Duke>
>>> for text in ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]:
...     _ = game.push_notation(text)
>>> game.legal_moves
<LegalMoves (b1-a1, b1-b2, c1-d1, c1-e1, c1-f1, c2-b2, c2-c3, c2-d2, draw)>
>>> "c2-c3" in game.legal_moves
True
>>> action = game.push_notation("c2-c3")
>>> action, str(action), tuple(action)
(Action('c2-c3'), 'c2-c3', (0, 8, 14, -1, -1))
>>> game.piece_at("c3")
Tile(name='Footman', owner=0, side='back')
>>> game.pop()
Action('c2-c3')
>>> game.push(dukec.Action(dukec.ActionKind.MOVE, frm=8, to=20))  # doctest: +ELLIPSIS
Traceback (most recent call last):
dukec.engine.facade.IllegalActionError: Action(kind=MOVE, frm=8, to=20) is not legal here ...
>>> import random
>>> rng = random.Random(1)
>>> while not game.is_game_over():
...     _ = game.push(rng.choice(game.legal_actions()))
>>> game.outcome()
Outcome(winner=1, reason=<Reason.NO_LEGAL_ACTION: 'no legal action'>)
>>> game.result()
'0-1'
>>> game
<Game 'base' ply 110: player 1 wins: no legal action>

The compiler is imported only when first used, so ``import dukec.engine`` never loads lark.
Before any engine module is imported, ``dukec.kernel.select()`` decides whether a compiled engine
beside the source may run (not under DUKEC_PURE=1, nor when it is stale);
``dukec.kernel.kernel()`` says which runs.
"""

# No `from __future__ import annotations` and only underscored imports (and the version,
# from dukec.version): dir(dukec) is the public names alone.
import sys as _sys
import typing as _typing
from pathlib import Path as _Path

from dukec import kernel as _kernel
from dukec.version import __version__

# An install puts grammar/, schemas/ and tiles/ inside the package (pyproject's package-dir
# maps them to dukec.grammar, dukec.schemas and dukec.tiles). In a source checkout they sit
# beside it: when this package is the checkout's (whatever is installed, as when the tests run
# from the checkout), it finds its data subpackages there too.
_CHECKOUT = _Path(__file__).resolve().parent.parent
if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "grammar" / "duke.lark").is_file():
    __path__.append(str(_CHECKOUT))

#: The names of ``__all__`` that each module gives, imported when first asked for.
_LAZY = {
    "dukec.compiler": ("CompileError", "compile_source"),
    "dukec.engine": (
        "Action",
        "ActionKind",
        "IllegalActionError",
        "NotationError",
        "Phase",
        "PositionError",
        "Reason",
        "RulesError",
    ),
    "dukec.library.game": ("Game", "new_game"),
    "dukec.library.views": ("LegalMoves", "Outcome", "Tile"),
    "dukec.library.tilesets": ("load_rules", "load_tileset"),
    "dukec.library.experiments": ("BalanceResult", "ValueResult", "value"),
    "dukec.tileset": ("ExperimentError",),
}

__all__ = [
    "Action",
    "ActionKind",
    "BalanceResult",
    "CompileError",
    "ExperimentError",
    "Game",
    "IllegalActionError",
    "LegalMoves",
    "NotationError",
    "Outcome",
    "Phase",
    "PositionError",
    "Reason",
    "RulesError",
    "Tile",
    "ValueResult",
    "__version__",
    "balance",
    "compile_source",
    "load_rules",
    "load_tileset",
    "new_game",
    "value",
]

_kernel.select()

if "IPython" in _sys.modules:
    # In a notebook: the workbench tells IPython's display how to draw a game and a tile type
    # (by class name: neither the engine nor the drawing code is imported until one is shown).
    from dukec.workbench import notebook as _notebook

    _notebook.register()

if _typing.TYPE_CHECKING:
    from dukec.compiler import CompileError, compile_source
    from dukec.engine import (
        Action,
        ActionKind,
        IllegalActionError,
        NotationError,
        Phase,
        PositionError,
        Reason,
        RulesError,
    )
    from dukec.library.experiments import BalanceResult, ValueResult, value
    from dukec.library.experiments import balance as balance
    from dukec.library.game import Game, new_game
    from dukec.library.tilesets import load_rules, load_tileset
    from dukec.library.views import LegalMoves, Outcome, Tile
    from dukec.tileset import ExperimentError


def __getattr__(name: str) -> _typing.Any:
    if name == "balance":
        # The package dukec.balance, callable: a function of its name would give way to the
        # package as soon as one of its modules is imported.
        return __import__("dukec.balance", fromlist=["__name__"])
    for module, names in _LAZY.items():
        if name in names:
            return getattr(__import__(module, fromlist=[name]), name)
    raise AttributeError(f"module 'dukec' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names (``__all__``)."""
    return list(__all__)
