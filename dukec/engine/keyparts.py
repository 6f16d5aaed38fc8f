"""What a feature's part of a game's Zobrist key is made of besides its own numbers: the
numbers of the key's small fields (:class:`KeyFields`), and the part of a set of squares
(:func:`squares_key`).

The keys are :mod:`dukec.engine.zobrist`'s, whose numbers are a :class:`KeyFields`; a feature
keys its state with them in :meth:`dukec.engine.feature.Feature.key`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    # A native 64-bit integer where compiled, an int in pure Python (annotations only).
    from mypy_extensions import i64

#: Numbers per field of the small fields (the features' fields of a few values).
SMALL: Final = 256


class KeyFields:
    """The numbers of a key's small fields: ``SMALL`` per field, one per value (value + 1, so
    that -1 has one), the features saying which fields they take."""

    def __init__(self, small: list[i64]) -> None:
        self.small = small

    def field(self, field: int, value: int) -> i64:
        """The number of a small field's value."""
        return self.small[field * SMALL + ((value + 1) & (SMALL - 1))]


def squares_key(squares: set[int], numbers: list[i64], first: int) -> i64:
    """The part of a key for a set of squares: the XOR of one number per square, square ``s``'s
    at ``numbers[first + s]``."""
    key: i64 = 0
    if squares:  # no iterator made for an empty set (most keys)
        for square in squares:
            key ^= numbers[first + square]
    return key
