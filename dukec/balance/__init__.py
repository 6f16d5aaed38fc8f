"""Balance checking: many seeded games between two armies, with honest statistics.

From Python, call the package: ``dukec.balance("my/", replace="Knight=Paladin", games=40)``
plays the games ``dukec balance --set my/ --replace Knight=Paladin --games 40`` plays and
returns a :class:`dukec.BalanceResult` (``print(result)``: the command's verdict line; its
fields: verdict, Elo and interval, games, seed). :func:`dukec.library.experiments.balance`
says every argument it takes; ``dukec.value(TILE)`` measures one tile's worth.

For the code's readers, one direction, one module per stage:

    experiments and plans (tile-set JSON with the two armies) -> run and runner (games on
    processes or Dask, each by play, with a player of dukec.players) -> tally (counts in game
    order, and in pairs) -> report (verdict, table, JSON) and html, reading dukec.stats.

``game`` holds what travels between processes: the job description and the game's compact
summary. ``ladder`` plays policies against each other and ``ratings`` stores the Elo it fits;
``fit`` and ``evalfit`` fit the players' tile values and evaluation weights from games. A run
reports each game to a ``run.Observer`` (a progress bar, a live chart); the command layer draws
the bar. The old paths of the modules that moved to ``dukec.players`` and ``dukec.stats`` still
import, for one more release (``moved``).
"""

import inspect as _inspect
import sys as _sys
import types as _types
from typing import Any as _Any

from dukec.balance import moved as _moved


class _Callable(_types.ModuleType):
    """This package, which ``dukec.balance(...)`` calls (a function of that name could not
    stand beside the package in ``dukec``'s namespace)."""

    def __call__(self, *args: _Any, **kwargs: _Any) -> _Any:
        """:func:`dukec.library.experiments.balance`."""
        from dukec.library.experiments import balance

        return balance(*args, **kwargs)

    @property
    def __signature__(self) -> _inspect.Signature:
        """The signature of :func:`dukec.library.experiments.balance`, for ``help()`` and
        editors."""
        from dukec.library.experiments import balance

        return _inspect.signature(balance)


_sys.modules[__name__].__class__ = _Callable
_moved.install()
