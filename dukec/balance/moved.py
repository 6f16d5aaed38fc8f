"""Module paths of the previous release, kept for this one: each old path imports the module at
its new place, the same module object, and warns that the path goes in the next release.

The players (the search and its evaluation) moved from ``dukec.balance`` to ``dukec.players``,
the statistical methods to ``dukec.stats``. :func:`install` is called by ``dukec.balance``, the
package every old path starts with.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

#: The old module path, and the new one.
MOVED = {
    "dukec.balance.alike": "dukec.players.alike",
    "dukec.balance.alphabeta": "dukec.players.alphabeta",
    "dukec.balance.attacks": "dukec.players.attacks",
    "dukec.balance.bradley_terry": "dukec.stats.bradley_terry",
    "dukec.balance.brownian": "dukec.stats.brownian",
    "dukec.balance.decision": "dukec.stats.decision",
    "dukec.balance.evaluation": "dukec.players.evaluation",
    "dukec.balance.gsprt": "dukec.stats.gsprt",
    "dukec.balance.holm": "dukec.stats.holm",
    "dukec.balance.learned": "dukec.players.learned",
    "dukec.balance.leaves": "dukec.players.leaves",
    "dukec.balance.linalg": "dukec.stats.linalg",
    "dukec.balance.mcts": "dukec.players.mcts",
    "dukec.balance.moves": "dukec.players.moves",
    "dukec.balance.ordering": "dukec.players.ordering",
    "dukec.balance.pairs": "dukec.stats.pairs",
    "dukec.balance.search": "dukec.players.search",
    "dukec.balance.search_v1": "dukec.players.search_v1",
    "dukec.balance.sequential": "dukec.stats.sequential",
    "dukec.balance.stats": "dukec.stats.stats",
    "dukec.balance.table": "dukec.players.table",
    "dukec.balance.terms": "dukec.players.terms",
    "dukec.balance.tilemodel": "dukec.players.tilemodel",
    "dukec.balance.tournament": "dukec.stats.tournament",
    "dukec.balance.transitivity": "dukec.stats.transitivity",
    "dukec.balance.v1_keys": "dukec.players.v1_keys",
    "dukec.balance.v1_ordering": "dukec.players.v1_ordering",
    "dukec.balance.values": "dukec.players.values",
}


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path of :data:`MOVED` and loads it as the module at its new place."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} is now {new}: import it from there (the old path goes in the next "
            f"release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at its new place has run already."""


def install() -> None:
    """Let the old paths of :data:`MOVED` be imported (once per process)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
