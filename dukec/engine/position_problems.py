"""The problems of a position being read: the error that lists them, the checks that the
readers of its parts share (owners, squares, tile names), and what a feature reading its part is
given (:class:`Reading`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dukec.engine.board import Geometry
from dukec.engine.rules import Rules, RulesError


class PositionError(ValueError):
    """A position that cannot be: the message names the offending entry, one problem a line."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class Problems:
    """The problems of one position, each filed under the top-level field it is about."""

    def __init__(self, data: dict[str, Any]) -> None:
        # Fields in the order the document gives them; "$" (the whole position) comes first.
        self._order = {key: index for index, key in enumerate(data)}
        self._found: list[tuple[str, str]] = []

    def add(self, field: str, message: str) -> None:
        self._found.append((field, message))

    def __len__(self) -> int:
        return len(self._found)

    def error(self) -> PositionError:
        """One error listing every problem in document order."""
        ordered = sorted(self._found, key=lambda found: self._order.get(found[0], -1))
        return PositionError(*(message for _field, message in ordered))

    def check(self) -> None:
        """Raise the problems found so far, if any."""
        if self._found:
            raise self.error()


def is_owner(value: Any) -> bool:
    """Whether ``value`` names a player: 0 or 1 (not a boolean)."""
    return value in (0, 1) and not isinstance(value, bool)


def listed(data: dict[str, Any], key: str) -> list[Any]:
    """The list under ``key`` (empty if absent or not a list: that is reported apart)."""
    value = data.get(key, [])
    return value if isinstance(value, list) else []


def square_of(
    geometry: Geometry, text: Any, where: str, field: str, problems: Problems
) -> int | None:
    """The square named ``text``, or None (reported) if it is not a square of the board."""
    square = geometry.parse(text) if isinstance(text, str) else None
    if square is None:
        problems.add(field, f"{where}: {text!r} is not a square of the board")
    elif not as_written(geometry, square, text, where, problems, field):
        return None
    return square


def as_written(
    geometry: Geometry,
    square: int | None,
    text: str,
    where: str,
    problems: Problems,
    field: str = "board",
) -> bool:
    """Whether ``text`` names ``square`` as notation writes it (``c2``: no capital, no space);
    if not, the problem is filed. A position is data a program writes, read as exactly."""
    if square is None or geometry.name(square) == text:
        return True
    problems.add(
        field, f"{where}: write the square {text!r} as notation does: {geometry.name(square)!r}"
    )
    return False


def tile_list(
    rules: Rules,
    value: Any,
    where: str,
    field: str,
    problems: Problems,
    never_the_duke: str | None = None,
) -> list[int]:
    """The tile types a list of tile names names (each bad entry reported, and left out); with
    ``never_the_duke``, a tile acting as the Duke is a bad entry too, for that reason."""
    if not isinstance(value, list):
        problems.add(field, f"{where}: must be a list of tile names")
        return []
    tiles = []
    for index, name in enumerate(value):
        if not isinstance(name, str):
            problems.add(field, f"{where}[{index}]: must be a tile name")
            continue
        try:
            tile = rules.type_named(name)
        except RulesError as problem:
            problems.add(field, f"{where}[{index}]: {problem}")
            continue
        if never_the_duke is not None and rules.types[tile].acts_as_duke:
            problems.add(
                field, f"{where}[{index}]: {name} acts as the Duke: it is {never_the_duke}"
            )
            continue
        tiles.append(tile)
    return tiles


def tile_pair(rules: Rules, data: dict[str, Any], key: str, problems: Problems) -> list[list[int]]:
    """The two lists of tile names under ``key``, one a player (both empty if absent)."""
    value = data.get(key, [[], []])
    if not isinstance(value, list):
        return [[], []]  # reported with the other fields that must be lists
    if not (len(value) == 2 and all(isinstance(v, list) for v in value)):
        problems.add(key, f"$.{key}: must be two lists of tile names")
        return [[], []]
    return [tile_list(rules, value[owner], f"{key}[{owner}]", key, problems) for owner in (0, 1)]


@dataclass(slots=True)
class Reading:
    """A position being read, as a feature reading its part of it sees it
    (:meth:`dukec.engine.feature.Feature.read`, :meth:`~dukec.engine.feature.Feature.read_phase`):
    the position's data, its problems so far, the rules, the squares its board's tiles stand on,
    and what lies on which squares, as each part read so far says."""

    data: dict[str, Any]
    problems: Problems
    rules: Rules
    #: Per square a tile stands on, that tile ("Duke of player 0").
    seen: dict[int, str] = field(default_factory=dict)
    #: Per square something other than a tile lies on, what, as a problem names it ("Keep").
    holds: dict[int, str] = field(default_factory=dict)

    def listed(self, key: str) -> list[Any]:
        """The list under ``key`` (empty if absent or not a list: that is reported apart)."""
        return listed(self.data, key)

    def square(self, text: Any, where: str, key: str) -> int | None:
        """The square named ``text``, or None (reported under ``key``)."""
        return square_of(self.rules.geometry, text, where, key, self.problems)

    def tiles(self, value: Any, where: str, key: str) -> list[int]:
        """The tile types a list of tile names names (see :func:`tile_list`)."""
        return tile_list(self.rules, value, where, key, self.problems)

    def tile_squares(self, key: str, into: set[int]) -> None:
        """Add to ``into`` the squares listed under ``key``, each one a tile stands on."""
        for index, text in enumerate(self.listed(key)):
            where = f"{key}[{index}]"
            square = self.square(text, where, key)
            if square is None:
                continue
            if square not in self.seen:
                self.problems.add(key, f"{where}: no tile stands on {text}")
            into.add(square)
