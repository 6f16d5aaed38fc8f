"""A tile's two sides as the drawing code reads them: the sides' names, an icon placed on a
side's grid, and :class:`CardTile`, what a card is drawn from.

The grid (``grid``), the icons (``icon_shapes``) and the card (``card``) read a tile through
:class:`CardTile` alone, so that they sit below :mod:`dukec.workbench.tiles`, whose
``TileView`` (which is one) shows itself as its card in a notebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from dukec.icons import Icon

SIDES = ("front", "back")


@dataclass(frozen=True, slots=True)
class PlacedIcon:
    """One icon on one square of a grid, at (dx, dy) from the tile's square (+dy forward)."""

    icon: Icon
    dx: int
    dy: int

    @property
    def at(self) -> tuple[int, int]:
        """The icon's square as an offset."""
        return (self.dx, self.dy)

    @property
    def direction(self) -> tuple[int, int]:
        """The unit step along the icon's line (for a directed icon: one along a line)."""
        return (_sign(self.dx), _sign(self.dy))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


class CardTile(Protocol):
    """What a card is drawn from (a :class:`~dukec.workbench.tiles.TileView`): the tile's
    name, both sides' icons, what the card says above the grids, and its enhanced abilities'
    marks."""

    @property
    def name(self) -> str:
        """The tile's name."""
        ...

    @property
    def front(self) -> tuple[PlacedIcon, ...]:
        """The icons of the front (starting) side."""
        ...

    @property
    def back(self) -> tuple[PlacedIcon, ...]:
        """The icons of the back side."""
        ...

    @property
    def caption(self) -> str:
        """What the card says above the grids besides them (empty: nothing)."""
        ...

    @property
    def numerals(self) -> tuple[str, ...]:
        """The Roman numerals an enhanced tile shows in its corner."""
        ...

    @property
    def enhanced(self) -> bool:
        """Whether the tile has an enhanced ability (double border, numeral)."""
        ...

    def side(self, side: str) -> tuple[PlacedIcon, ...]:
        """The icons of ``front`` or ``back``."""
        ...
