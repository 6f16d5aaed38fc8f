"""Alternate objectives: ways to win besides capturing the Duke, frozen edges, and drafts.

Rulebook, Counting Coup and Trophy Hunters: "If a player has all of his pieces captured, he
automatically loses" (the features' own ways to win are theirs: :meth:`Feature.wins`). Dark
Rider: "The pikeman player immediately wins by
capturing the knight, or by moving three of his pikeman Tiles into squares on his opponent's
edge [...] Once a pikeman Tile reaches the opponent's edge, it is frozen and cannot be moved or
captured for the rest of the game. The knight player immediately wins by capturing three or more
pikeman Tiles." Dynastic Dispute: "The first player selects a single Troop Tile(s) type and
places it in his bag. The second player takes all his Troop Tile(s) of that type and places them
back in the box [...] This alternates back and forth until all Troop Tiles are either in bags or
in the box."

Expansion packs (``../shared/rulebook/expansions.md``): Arthurian Legends, "The Arthur player
must capture Morgana, and also Mordred if Mordred is on the board before Morgana falls"; Robin
Hood, "the Robin Hood player must capture Prince John, the Sheriff and Sir Guy, those of them
that are in play"; the Musketeers, "the other player wins by capturing every musketeer on the
board". Each is an army's ``capture every``: none of those tiles left on the opponent's side of
the board, one of them lost at least (a tile still in the bag is not in play; once the Duke has
fallen, none can be placed).

All of it is the game set's data: ``lose_without_tiles``, an army's ``win``
(``capture`` or ``reach`` N tiles of a type), ``capture_every`` and ``freeze_at_edge``, and the
``draft`` list.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from dukec.engine import opening
from dukec.engine.actions import DRAFT, IS_BEFORE_PLAY, ActionTuple, Phase, Reason, Result
from dukec.engine.feature import Feature, square_names
from dukec.engine.keyparts import squares_key

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules


def draft(g: Kernel, tile: int) -> None:
    """The player to move takes every tile of a type into their bag; the opponent boxes theirs."""
    me = g.to_move
    trail = g.trail
    count = g.rules.types[tile].count
    trail.setitem(g.bags, me, sorted(g.bags[me] + [tile] * count))
    trail.setitem(g.boxed, me ^ 1, g.boxed[me ^ 1] + [tile] * count)
    trail.set_game_attr(g, "pool", [t for t in g.pool if t != tile])
    trail.set_game_attr(g, "to_move", me ^ 1)


def settle(g: Kernel) -> None:
    """Tiles of a ``freeze_at_edge`` type on the opponent's home edge are frozen for good."""
    freeze = g.extras.freeze_at_edge
    if not (freeze[0] or freeze[1]):
        return
    geometry = g.rules.geometry
    for owner in (0, 1):
        if not freeze[owner]:
            continue
        far = geometry.home_rank(owner ^ 1)
        for s in g.pieces[owner]:
            if s // geometry.files == far and g.board[s] >> 2 in freeze[owner]:
                g.trail.add(g.settled, s)


def check_wins(g: Kernel, me: int) -> None:
    """After ``me``'s action (and after a feature acted between the turns): has either player
    met an objective?"""
    if g.over is not None:
        return
    if not g.wins_beyond_tiles and g.pieces[0] and g.pieces[1]:
        return  # only having no tiles left could end the game here, and both players have some
    if IS_BEFORE_PLAY[g.phase]:
        return
    objective = g.objective
    geometry = g.rules.geometry
    winners = g.registry.winners
    for player in (me, me ^ 1):
        other = player ^ 1
        found: Reason | None = None
        if objective.lose_without_tiles and not g.pieces[other]:
            found = Reason.NO_TILES
        else:
            for feature in winners:
                found = feature.wins(g, player)
                if found is not None:
                    break
        if found is None:
            for win in g.extras.win[player]:
                if win.by == "capture" and g.taken[player].count(win.tile) >= win.count:
                    found = Reason.CAPTURED_TILES
                    break
                if win.by == "reach":
                    far = geometry.home_rank(other)
                    there = sum(
                        1
                        for s in g.pieces[player]
                        if s // geometry.files == far and g.board[s] >> 2 == win.tile
                    )
                    if there >= win.count:
                        found = Reason.REACHED_EDGE
                        break
        if found is None:
            for types in g.extras.capture_every[player]:
                if none_left(g, other, types):
                    found = Reason.CAPTURED_TILES
                    break
        if found is not None:
            g.trail.set_game_attr(g, "over", Result(player, found))
            return


def none_left(g: Kernel, owner: int, types: frozenset[int]) -> bool:
    """Whether ``owner`` has no tile of ``types`` on the board, having lost one at least
    (``capture every``: "those of them that are in play")."""
    board = g.board
    for s in g.pieces[owner]:
        if board[s] >> 2 in types:
            return False
    return any(tile in types for tile in g.captured[owner])


class Settling(Feature):
    """Tiles that freeze for good on the opponent's home edge (``freeze ... at edge``) settle
    after every action and after a feature acts between the turns."""

    def follows_actions(self) -> bool:
        """Tiles may settle after any action."""
        return True

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """Tiles on the far edge settle."""
        settle(g)

    def after_between(self, g: Kernel, me: int) -> None:
        """Tiles on the far edge settle."""
        settle(g)

    def fields(self) -> tuple[str, ...]:
        """The settled tiles."""
        return ("settled",)

    def read(self, g: Kernel, reading: Reading) -> None:
        """The settled tiles' squares, each one a tile stands on."""
        reading.tile_squares("settled", g.settled)

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The settled tiles' squares, in order."""
        if g.settled:
            data["settled"] = square_names(g, g.settled)

    def key_numbers(self, rules: Rules) -> int:
        """One number per square."""
        return rules.geometry.size

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The settled tiles."""
        return squares_key(g.settled, numbers, 0)


class Winning(Feature):
    """The objectives beyond capturing the Duke, checked after every action and after a feature
    acts between the turns (last: they look at what the other features did)."""

    def follows_actions(self) -> bool:
        """An objective may be met by any action."""
        return True

    def after_action(self, g: Kernel, me: int, moved: int) -> None:
        """Has either player met an objective?"""
        check_wins(g, me)

    def after_between(self, g: Kernel, me: int) -> None:
        """Has either player met an objective?"""
        check_wins(g, me)


class Drafting(Feature):
    """Dynastic Dispute's draft before set-up (``DRAFT (tile=type)``): the players take turns
    choosing a tile type for their bags until none is left; then set-up begins."""

    def game_begins(self, g: Kernel) -> bool:
        """The draft, if the set has one (rulebook, Dynastic Dispute: "The first player selects
        a single Troop Tile(s) type and places it in his bag [...] This alternates back and
        forth until all Troop Tiles are either in bags or in the box.")."""
        if not g.objective.draft:
            return False
        g.pool = list(g.objective.draft)
        g.phase = Phase.DRAFT
        g.to_move = 0
        return True

    def phases(self) -> tuple[Phase, ...]:
        """The draft."""
        return (Phase.DRAFT,)

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """A tile type left to select, each once."""
        return [(DRAFT, -1, -1, -1, t) for t in sorted(set(g.pool))]

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """The type is taken; once none is left, set-up (or what follows it) begins."""
        draft(g, action[4])
        if not g.pool:
            if g.rules.setup:
                g.trail.set_game_attr(g, "phase", Phase.SETUP)
                g.trail.set_game_attr(g, "to_move", g.rules.setup[0].owner)
            else:
                opening.after_setup(g)

    def writes(self) -> tuple[int, ...]:
        """The draft."""
        return (DRAFT,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``draft Name``: every tile of that type goes into the player's bag."""
        return f"draft {scene.rules.types[action[4]].name}"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The type taken."""
        return action[4], -1

    def phase_field(self, phase: Phase) -> str:
        """The tile types left to select."""
        return "pool"

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """The tile types left to select, each once; set-up follows the draft."""
        if phase is not Phase.DRAFT:
            return
        listed = reading.data["pool"]
        pool = reading.tiles(listed, "pool", "pool")
        problems = reading.problems
        if not pool and isinstance(listed, list) and not listed:
            problems.add("pool", "$.pool: the draft needs a tile type left to select")
        for tile, count in Counter(pool).items():
            if count > 1:
                problems.add("pool", f"pool: {g.rules.types[tile].name} is listed {count} times")
        g.pool = pool
        g.setup_index = 0

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """The tile types left to select, during the draft."""
        if g.phase is Phase.DRAFT:
            data["pool"] = [g.rules.types[t].name for t in g.pool]
