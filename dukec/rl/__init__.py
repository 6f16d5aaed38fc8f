"""Reinforcement learning: The Duke as a PettingZoo environment and as an OpenSpiel game.

``pettingzoo_env(set_name="base", tileset=None, seed=None, ply_limit=1000, render_mode=None)``
gives a PettingZoo AEC environment (:mod:`dukec.rl.aec`); importing this package registers the
OpenSpiel game ``python_duke`` (:mod:`dukec.rl.openspiel`) when OpenSpiel is installed. Both
number actions with the set's :class:`~dukec.rl.layout.ActionLayout` and observe through
:mod:`dukec.rl.observation`. They need the ``rl`` extra: ``pip install 'dukec[rl]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine import DEFAULT_PLY_LIMIT
from dukec.rl.layout import ActionLayout, Block, LayoutError
from dukec.rl.rules import TileSet as TileSet  # given out here too
from dukec.rl.rules import set_rules

if TYPE_CHECKING:
    from dukec.rl.aec import DukeEnv

EXTRA_NEEDED = "dukec.rl needs the rl extra: pip install 'dukec[rl]'"


def pettingzoo_env(
    set_name: str = "base",
    tileset: TileSet = None,
    seed: int | None = None,
    ply_limit: int | None = DEFAULT_PLY_LIMIT,
    render_mode: str | None = None,
) -> DukeEnv:
    """A PettingZoo AEC environment playing ``set_name`` (see :mod:`dukec.rl.aec`)."""
    try:
        from dukec.rl.aec import DukeEnv
    except ImportError as error:
        raise ImportError(f"{EXTRA_NEEDED} ({error})") from error

    return DukeEnv(set_rules(set_name, tileset), seed, ply_limit, render_mode)


try:
    import pyspiel  # noqa: F401  (only to learn whether OpenSpiel is installed)
except ImportError:  # without OpenSpiel there is nothing to register
    pass
else:
    from dukec.rl import openspiel  # noqa: F401  (registers python_duke)

__all__ = ["ActionLayout", "Block", "LayoutError", "pettingzoo_env", "set_rules"]
