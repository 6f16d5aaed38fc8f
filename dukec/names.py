"""Tile names: unique without regard to case, and looked up that way by every command.

The compiler refuses two tiles whose names differ only in case, so a name typed in any case
names at most one tile; the exact spelling is tried first.
"""

from __future__ import annotations

from collections.abc import Iterable


def lookup(name: str, names: Iterable[str]) -> str | None:
    """The tile name ``name`` stands for, written in any case (None if no tile has it)."""
    known = list(names)
    if name in known:
        return name
    folded = [candidate for candidate in known if candidate.casefold() == name.casefold()]
    return folded[0] if len(folded) == 1 else None
