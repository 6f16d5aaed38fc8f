"""How a declared icon may be drawn: the named colours, the card shapes (with the terminal
characters each gives an icon that names none) and the defaults by effect and geometry.

The declarations (:mod:`dukec.icons`) name a shape and a colour of these; the cards draw them
(:mod:`dukec.workbench.icon_shapes`, one drawing per shape). The defaults are keyed by the names
of an icon's geometry and effect (``"step"``, ``"move"``), as the declarations spell them.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The eight directions' count: a shape that points has one character for each.
_POINTS = 8

#: The named colours an icon may be drawn in (``colour NAME``), as the cards print them.
PALETTE: dict[str, str] = {
    "ink": "#1b1b1b",
    "red": "#b3261e",
    "blue": "#1d4f9c",
    "purple": "#6a1b9a",
    "green": "#2e7d32",
    "orange": "#c25e00",
    "teal": "#00796b",
    "brown": "#6d4c41",
    "grey": "#616161",
}
INK = PALETTE["ink"]

#: Each effect's colour, where a declaration names none (by the effect's name).
EFFECT_COLOURS: dict[str, str] = {
    "move": "ink",
    "strike": "red",
    "command": "blue",
    "dread": "purple",
    "defense": "green",
}


@dataclass(frozen=True, slots=True)
class Shape:
    """A card shape an icon may name (``shape NAME``; drawn by
    :mod:`dukec.workbench.icon_shapes`), and its terminal characters where a declaration gives
    none: one, or eight (one per :data:`DIRECTIONS`) for a shape that points."""

    name: str
    characters: str

    @property
    def points(self) -> bool:
        """Whether the shape points along a direction (an arrow)."""
        return len(self.characters) == _POINTS


#: The card shapes, in the order the docs list them.
SHAPES: dict[str, Shape] = {
    shape.name: shape
    for shape in (
        Shape("dot", "●"),
        Shape("ring", "○"),
        Shape("arrow", "↑↗→↘↓↙←↖"),
        Shape("hollow_arrow", "⇑⇗⇒⇘⇓⇙⇐⇖"),
        Shape("star", "✶"),
        Shape("crown", "♔"),
        Shape("spokes", "✻"),
        Shape("shield", "◆"),
        Shape("square", "■"),
        Shape("hollow_square", "□"),
        Shape("diamond", "◇"),
        Shape("hammer", "⚒"),
        Shape("burst", "✹"),
        Shape("cross", "✚"),
    )
}

#: Each effect's shape, where a declaration names none (by the effect's name), and a Move's by
#: its geometry's.
_SHAPE_OF: dict[str, str] = {
    "strike": "star",
    "command": "crown",
    "dread": "spokes",
    "defense": "shield",
}
_MOVE_SHAPE_OF: dict[str, str] = {
    "step": "dot",
    "leap": "ring",
    "ray": "arrow",
    "leap_ray": "hollow_arrow",
    "square": "ring",
}


def default_shape(geometry: str, effect: str) -> str:
    """The shape of an icon that names none (its geometry's and effect's names): its
    geometry's for a Move, its effect's else."""
    if effect == "move":
        return _MOVE_SHAPE_OF[geometry]
    return _SHAPE_OF[effect]
