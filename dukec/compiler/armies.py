"""The rules of an army, in one place for the sources and for a compiled JSON tile set.

Whoever checks an army (:mod:`dukec.compiler.check_sets` for ``.duke`` sources,
:mod:`dukec.compiler.consistency` for a JSON file) lists its start and bag entries, each with
where it was written, and this module says what is wrong:

- the tiles started plus those in the bag do not exceed a tile's count; with the two players'
  armies given apart, the two together do not exceed twice its count (rulebook, Dark Rider:
  "he'll need to use Pikeman Tiles from both bags");
- a start entry has as many squares as tiles, and a ``beside`` tile starts before it;
- an army has at most one tile acting as the Duke, and it starts on the board, never in the
  bag (the engine could not tell which tile to protect, nor place a Duke beside itself);
- no square is named by two start entries, of one army or of the two once the second army's
  squares are seen from the first's side: a square holds one tile (rulebook, set-up: "places
  his two Footman Tiles in any two squares"; Fort: "Only a single Troop Tile can be in the
  square"), and a set-up that starts two tiles on one square cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

Where = TypeVar("Where")


@dataclass(frozen=True, slots=True)
class Entry(Generic[Where]):
    """A start or bag entry of an army, with where it was written (and its parts)."""

    started: bool
    tile: str
    count: int
    count_of_tile: int
    acts_as_duke: bool
    where: Where
    squares: int = 0
    squares_where: Where | None = None
    beside: str | None = None
    beside_where: Where | None = None


def check_army(
    entries: Sequence[Entry[Where]],
    report: Callable[[Where, str], None],
    shared: dict[str, int] | None = None,
) -> None:
    """Report what is wrong with one army's entries (in their order)."""
    used: dict[str, int] = {}
    placed: dict[str, int] = {}
    in_bag: dict[str, int] = {}
    started: set[str] = set()
    duke: str | None = None
    for entry in entries:
        if entry.started:
            if entry.squares and entry.count > entry.squares:
                where = entry.squares_where if entry.squares_where is not None else entry.where
                verb = "is" if entry.squares == 1 else "are"
                report(
                    where,
                    f"{entry.count} {entry.tile} need {entry.count} squares to start on, "
                    f"but {entry.squares} {verb} listed",
                )
            if entry.beside is not None and entry.beside not in started:
                where = entry.beside_where if entry.beside_where is not None else entry.where
                report(where, f"'{entry.beside}' does not start on the board before this entry")
        if entry.acts_as_duke:
            if not entry.started:
                report(
                    entry.where,
                    f"'{entry.tile}' acts as the Duke: it starts on the board, never in the bag",
                )
            elif duke is not None:
                report(
                    entry.where,
                    f"'{entry.tile}' acts as the Duke, and so does '{duke}', started before it: "
                    "an army has at most one tile acting as the Duke",
                )
            elif entry.count > 1:
                report(
                    entry.where,
                    f"{entry.count} {entry.tile} would each act as the Duke: an army has at "
                    "most one tile acting as the Duke",
                )
            duke = entry.tile
        if entry.started:
            started.add(entry.tile)
            placed[entry.tile] = placed.get(entry.tile, 0) + entry.count
        else:
            in_bag[entry.tile] = in_bag.get(entry.tile, 0) + entry.count
        _use(entry, used, placed, in_bag, report, shared)


def _use(
    entry: Entry[Where],
    used: dict[str, int],
    placed: dict[str, int],
    in_bag: dict[str, int],
    report: Callable[[Where, str], None],
    shared: dict[str, int] | None,
) -> None:
    name, count, owned = entry.tile, entry.count, entry.count_of_tile
    if shared is not None:
        earlier = shared.get(name, 0)
        shared[name] = earlier + count
        if shared[name] > 2 * owned >= earlier:
            report(
                entry.where,
                f"counts don't add up: the two armies use {shared[name]} {name}, "
                f"but the two players own {2 * owned}",
            )
        return
    before = used.get(name, 0)
    used[name] = before + count
    # Report a tile once, where its total first exceeds its count.
    if used[name] > owned >= before:
        report(
            entry.where,
            f"counts don't add up: {placed.get(name, 0)} {name} start on the board and "
            f"{in_bag.get(name, 0)} are in the bag, but the tile's count is {owned}",
        )


@dataclass(frozen=True, slots=True)
class StartSquare(Generic[Where]):
    """A square a start entry names (as written, from its army's side), with where."""

    entry: int
    tile: str
    square: tuple[int, int]
    where: Where


def _name(square: tuple[int, int]) -> str:
    return f"{chr(ord('a') + square[0])}{square[1]}"


def check_start_squares(
    armies: tuple[Sequence[StartSquare[Where]], Sequence[StartSquare[Where]]],
    files: int,
    ranks: int,
    report: Callable[[Where, str], None],
    one_army: bool = False,
) -> None:
    """Report each square named by a second start entry. ``armies`` are the two players' start
    squares (file index from 0, rank from 1), each written from its own side; ``one_army``
    says both are the same army's, given once for both players."""
    taken: dict[tuple[int, int], tuple[int, StartSquare[Where]]] = {}
    said: set[frozenset[int]] = set()
    for owner, starts in enumerate(armies):
        for start in starts:
            seen = (
                start.square
                if owner == 0
                else (files - 1 - start.square[0], ranks + 1 - start.square[1])
            )
            first = taken.setdefault(seen, (owner, start))
            if first == (owner, start):
                continue
            other_owner, other = first
            if other_owner == owner:
                if other.entry != start.entry:
                    report(
                        start.where,
                        f"square '{_name(start.square)}' is already a start square of "
                        f"'{other.tile}': two tiles cannot start on one square",
                    )
                continue
            pair = frozenset((other.entry, start.entry)) if one_army else frozenset()
            if one_army and pair in said:
                continue
            said.add(pair)
            whose = "each army's" if one_army else "the second army's"
            report(
                start.where,
                f"{whose} square '{_name(start.square)}' is the other army's "
                f"'{_name(seen)}' (the board turned round), where '{other.tile}' starts: "
                "two tiles cannot start on one square",
            )
