"""Board geometry: square names, indices, orientation and the squares a straight line crosses."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Geometry:
    """A rectangular board; square index = rank * files + file, rank 0 the first player's edge."""

    files: int
    ranks: int

    @property
    def size(self) -> int:
        """Number of squares."""
        return self.files * self.ranks

    def name(self, square: int) -> str:
        """The square's name as the first player sees the board, e.g. ``c1``."""
        rank, file = divmod(square, self.files)
        return f"{FILE_LETTERS[file]}{rank + 1}"

    def parse(self, text: str) -> int | None:
        """The index of a square name, or None if it is not a square of this board."""
        text = text.strip().lower()
        digits = text[1:]
        # ASCII digits only: "²".isdigit() holds, and int("²") fails.
        if (
            len(text) < 2
            or text[0] not in FILE_LETTERS
            or not (digits.isascii() and digits.isdigit())
        ):
            return None
        file = FILE_LETTERS.index(text[0])
        rank = int(text[1:]) - 1
        if not (0 <= file < self.files and 0 <= rank < self.ranks) or text[1] == "0":
            return None
        return rank * self.files + file

    def coords(self, square: int) -> tuple[int, int]:
        """(file, rank) of a square."""
        rank, file = divmod(square, self.files)
        return file, rank

    def at(self, file: int, rank: int) -> int | None:
        """The square at (file, rank), or None if off the board."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return rank * self.files + file
        return None

    def rotate(self, square: int) -> int:
        """The square seen from the other side of the board (a 180-degree turn)."""
        return self.size - 1 - square

    def on_edge(self, square: int) -> bool:
        """Whether a square lies on any edge of the board."""
        file, rank = self.coords(square)
        return file in (0, self.files - 1) or rank in (0, self.ranks - 1)

    def home_rank(self, owner: int) -> int:
        """The rank of a player's home edge (0 for the first player)."""
        return 0 if owner == 0 else self.ranks - 1

    def shift(self, square: int, dx: int, dy: int) -> int | None:
        """The square ``(dx, dy)`` away from ``square``, or None if off the board."""
        rank, file = divmod(square, self.files)
        return self.at(file + dx, rank + dy)

    def delta(self, frm: int, to: int) -> tuple[int, int]:
        """The offset (files, ranks) from one square to another."""
        r0, f0 = divmod(frm, self.files)
        r1, f1 = divmod(to, self.files)
        return f1 - f0, r1 - r0

    def neighbours(self, square: int) -> tuple[int, ...]:
        """Squares sharing a side with ``square``, in index order."""
        file, rank = self.coords(square)
        found = [self.at(file + dx, rank + dy) for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))]
        return tuple(s for s in found if s is not None)


def orient(offset: tuple[int, int], owner: int) -> tuple[int, int]:
    """An owner-relative offset as a board offset (the second player's grid is turned around)."""
    dx, dy = offset
    return (dx, dy) if owner == 0 else (-dx, -dy)


@cache
def middle_squares(files: int, ranks: int) -> tuple[int, ...]:
    """The middle four squares of a board (two or one on a side of odd length)."""
    columns = sorted({(files - 1) // 2, files // 2})
    rows = sorted({(ranks - 1) // 2, ranks // 2})
    return tuple(r * files + f for r in rows for f in columns)


@cache
def middle_rows(files: int, ranks: int) -> frozenset[int]:
    """The squares of a board's middle rows (two, or one where the ranks are odd)."""
    rows = {(ranks - 1) // 2, ranks // 2}
    return frozenset(r * files + f for r in rows for f in range(files))


@cache
def all_squares(size: int) -> tuple[int, ...]:
    """Every square of a board of ``size`` squares, in index order (one tuple per size)."""
    return tuple(range(size))


@cache
def crossed_cells(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Cells strictly between (0, 0) and (dx, dy) whose interior a straight segment crosses.

    On a rank, file or diagonal these are the squares in between; for any other offset they are
    the squares the line between the two centres passes through (touching only a corner does not
    count, so a kitty-corner square never blocks). Kept per offset: the tables of every tile,
    square and facing ask for the same few offsets.
    """
    steps = max(abs(dx), abs(dy))
    if steps <= 1:
        return ()
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        ux = (dx > 0) - (dx < 0)
        uy = (dy > 0) - (dy < 0)
        return tuple((ux * k, uy * k) for k in range(1, steps))
    cells: list[tuple[int, int]] = []
    # Sample the segment at the midpoints between every crossing of a cell border; each midpoint
    # lies strictly inside one cell, so the cells found are exactly those the segment crosses.
    crossings = {Fraction(0), Fraction(1)}
    for d in (dx, dy):
        for k in range(1, 2 * abs(d) + 1, 2):
            crossings.add(Fraction(k, 2 * abs(d)))
    ordered = sorted(crossings)
    for lo, hi in pairwise(ordered):
        t = (lo + hi) / 2
        cell = (round(t * dx), round(t * dy))
        if cell not in ((0, 0), (dx, dy)) and cell not in cells:
            cells.append(cell)
    return tuple(cells)


def grid_reach(
    geometry: Geometry,
    offsets: tuple[tuple[int, int], ...],
    square: int,
    fx: int,
    fy: int,
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Where icons at ``offsets`` of a grid (+dy forward) reach from ``square`` facing (fx,
    fy), each with the squares the straight line there crosses (the grid of a piece that turns
    as it faces, as one that acts between the turns may)."""
    files, ranks = geometry.files, geometry.ranks
    rank, file = divmod(square, files)
    found = []
    rx, ry = fy, -fx  # its right hand
    # Facing a side, the grid is turned a quarter turn at a time, which takes the cells a line
    # crosses to the cells the turned line crosses, in their order: the grid's own offsets'
    # cells, turned, serve every facing (each worked out once, not once per facing). The
    # squares are worked out here, not with Geometry.shift: this runs for every icon, square
    # and facing a turning piece meets.
    turned = fx * fx + fy * fy == 1
    for dx, dy in offsets:
        bx, by = dx * rx + dy * fx, dx * ry + dy * fy
        tf, tr = file + bx, rank + by
        if not (0 <= tf < files and 0 <= tr < ranks):
            continue
        cells = []
        if turned:
            for cx, cy in crossed_cells(dx, dy):
                cf, cr = file + cx * rx + cy * fx, rank + cx * ry + cy * fy
                if 0 <= cf < files and 0 <= cr < ranks:
                    cells.append(cr * files + cf)
        else:
            for cx, cy in crossed_cells(bx, by):
                cf, cr = file + cx, rank + cy
                if 0 <= cf < files and 0 <= cr < ranks:
                    cells.append(cr * files + cf)
        found.append((tr * files + tf, tuple(cells)))
    return tuple(found)
