"""Balance checking: many seeded games between two armies, with honest statistics.

From Python, call the package: ``dukec.balance("my/", replace="Knight=Paladin", games=40)``
plays the games ``dukec balance --set my/ --replace Knight=Paladin --games 40`` plays and
returns a :class:`dukec.BalanceResult` (``print(result)``: the command's verdict line; its
fields: verdict, Elo and interval, games, seed). :func:`dukec.library.experiments.balance`
says every argument it takes; ``dukec.value(TILE)`` measures one tile's worth.

For the code's readers, one direction, one module per stage:

    experiments (tile-set JSON with the two armies) -> runner (games on processes or Dask,
    each by play, with the search policy in search) -> tally (counts in game order, and in
    pairs) -> stats and pairs (intervals, Elo, stopping rules; pentanomial counts and their
    GSPRT) -> report (verdict, table, JSON) and html.

``run.run(experiment, settings)`` ties them together; ``game`` holds what travels between
processes: the job description and the game's compact summary. ``ladder`` plays policies
against each other, ``bradley_terry`` fits one Elo per player by maximum likelihood (the
ladder's policies, the swap matrix's tiles; ``transitivity`` tests that one Elo each explains
the results, ``holm`` corrects many tests at once) and ``ratings`` stores the ladder's. A run
reports each game to a ``run.Observer`` (a progress bar, a live chart); the command layer draws
the bar.
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
