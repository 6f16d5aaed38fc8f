"""The observation tensor of a game: planes over the board, as one player sees the game.

The tensor has shape ``(channels, ranks, files)`` (float32); square ``rank * files + file`` is
at ``[:, rank, file]``, rank 0 the first player's edge, the same board for both players. "Mine"
and "theirs" are the observing player's and the opponent's. T is the number of tile types of the
set, U the number of terrain types of the tile set. Channels, in order:

=================  ========  ==============================================================
planes             count     value
=================  ========  ==============================================================
tiles              4T        1 where tile type t shows side s, owned by o: plane
                             ``(t * 2 + s) * 2 + o``, o = 0 mine, 1 theirs (s: 0 front)
terrain            U         1 where terrain type u lies (Mountain, Fort ...; tile set order)
flags              3         a Flag that is mine, theirs, nobody's
dragon             8         its square; and there: enraged, resting, turning round,
                             facing right, left, up, down
frozen, settled    2         1 on frozen tiles; on settled tiles
to move            1         all 1 when the observing player is to move
phase              7         one-hot of the engine's ``Phase`` (set-up, play, placing ...)
ply                1         plies played / ply limit (0 without a limit)
bags               2T        how many tiles of type t are in my bag, their bag
captured           2T        how many tiles of type t I lost, they lost
drawn              T         1 for the drawn tile waiting to be placed
divination         3T        the tiles Divination drew, one-hot per slot (CHOOSE keeps a slot)
draft pool         T         how many tiles of type t are still to be drafted (or, by a
                             set's swap before play, picked or chosen about)
scores             2         my points, theirs (Counting Coup)
spares             T         how many pack tiles of type t lie beside the board (a set that
                             swaps on draw; else no planes)
swapped            2T        how many pack tiles of type t I took, they took (a set that
                             swaps; else no planes)
turned             1         1 where a two-sided terrain tile shows its other face (a set
                             with one; else no plane)
=================  ========  ==============================================================

Everything a rule reads is in it, so the game is fully observable; the bags' order (which the
seed turns into draws) is not.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from dukec.engine import Game, Phase, Rules

Tensor = npt.NDArray[np.float32]

#: Divination draws at most three tiles.
PENDING_SLOTS = 3
#: The Dragon's facing (a board offset) -> its plane after the first four dragon planes.
_FACINGS = {(1, 0): 0, (-1, 0): 1, (0, 1): 2, (0, -1): 3}


@dataclass(frozen=True, slots=True)
class ObservationLayout:
    """Where each group of planes starts, for one game set (see the module docstring)."""

    types: int
    terrain_types: int
    ranks: int
    files: int
    #: The set swaps pack tiles in (``on``: draw, draft or choice; "" none), and has terrain
    #: with two faces.
    swaps: str = ""
    faces: bool = False

    @classmethod
    def of(cls, rules: Rules) -> ObservationLayout:
        """The layout for a game set's rules."""
        extras = rules.extras
        terrain = 0 if extras is None else len(extras.terrain_types)
        swaps = "" if extras is None else extras.swaps.on
        faces = extras is not None and extras.faces
        return cls(
            len(rules.types), terrain, rules.geometry.ranks, rules.geometry.files, swaps, faces
        )

    @property
    def groups(self) -> tuple[tuple[str, int], ...]:
        """(name, number of planes) of each group, in order."""
        t = self.types
        return (
            ("tiles", 4 * t),
            ("terrain", self.terrain_types),
            ("flags", 3),
            ("dragon", 8),
            ("frozen", 1),
            ("settled", 1),
            ("to_move", 1),
            ("phase", len(Phase)),
            ("ply", 1),
            ("bags", 2 * t),
            ("captured", 2 * t),
            ("drawn", t),
            ("divination", PENDING_SLOTS * t),
            ("draft_pool", t),
            ("scores", 2),
            ("spares", t if self.swaps == "draw" else 0),
            ("swapped", 2 * t if self.swaps else 0),
            ("turned", int(self.faces)),
        )

    def start(self, name: str) -> int:
        """The first plane of a group."""
        at = 0
        for group, count in self.groups:
            if group == name:
                return at
            at += count
        raise KeyError(name)

    @property
    def shape(self) -> tuple[int, int, int]:
        """(channels, ranks, files)."""
        return sum(c for _n, c in self.groups), self.ranks, self.files


def observe(game: Game, player: int, layout: ObservationLayout) -> Tensor:
    """The observation tensor of ``game`` as ``player`` (0 or 1) sees it."""
    out = np.zeros(layout.shape, dtype=np.float32)
    flat = out.reshape(out.shape[0], -1)  # a view: [plane, square]
    for square, code in enumerate(game.board):
        if code >= 0:
            flat[code ^ player, square] = 1.0  # code = (type * 2 + side) * 2 + owner
    at = layout.start("terrain")
    for square, kind in enumerate(game.terrain):
        if kind >= 0:
            flat[at + kind, square] = 1.0
    at = layout.start("flags")
    for flag in game.flags:
        which = 2 if flag.owner < 0 else int(flag.owner != player)
        flat[at + which, flag.square] = 1.0
    dragon = game.dragon
    if dragon.square >= 0:
        at = layout.start("dragon")
        facing = _FACINGS.get((dragon.fx, dragon.fy), -1)
        lit = (0, 1 if dragon.enraged else -1, 2 if dragon.rest else -1)
        for plane in (*lit, 3 if dragon.reorient else -1, 4 + facing if facing >= 0 else -1):
            if plane >= 0:
                flat[at + plane, dragon.square] = 1.0
    at = layout.start("frozen")
    for square in game.frozen:
        flat[at, square] = 1.0
    for square in game.settled:
        flat[at + 1, square] = 1.0
    t = layout.types
    opponent = player ^ 1
    values: list[tuple[int, float]] = [
        (layout.start("to_move"), float(game.to_move == player and game.result is None)),
        (layout.start("phase") + int(game.phase), 1.0),
        (layout.start("ply"), game.ply / game.ply_limit if game.ply_limit else 0.0),
        (layout.start("scores"), float(game.scores[player])),
        (layout.start("scores") + 1, float(game.scores[opponent])),
    ]
    counts = (
        ("bags", game.bags[player], game.bags[opponent]),
        ("captured", game.captured[player], game.captured[opponent]),
    )
    for name, mine, theirs in counts:
        at = layout.start(name)
        for tile in mine:
            values.append((at + tile, 1.0))
        for tile in theirs:
            values.append((at + t + tile, 1.0))
    if game.drawn >= 0:
        values.append((layout.start("drawn") + game.drawn, 1.0))
    at = layout.start("divination")
    for slot, tile in enumerate(game.pending[:PENDING_SLOTS]):
        values.append((at + slot * t + tile, 1.0))
    at = layout.start("draft_pool")
    for tile in game.pool:
        values.append((at + tile, 1.0))
    if layout.swaps == "draw":
        at = layout.start("spares")
        values += [(at + tile, 1.0) for tile in game.spares]
    if layout.swaps:
        at = layout.start("swapped")
        values += [(at + tile, 1.0) for tile in game.swapped[player]]
        values += [(at + t + tile, 1.0) for tile in game.swapped[opponent]]
    if layout.faces:
        at = layout.start("turned")
        for square, front in enumerate(game.turned):
            if front >= 0:
                flat[at, square] = 1.0
    for plane, value in values:
        flat[plane] += value  # counts add up; whole planes
    return out
