"""Pack tiles that come into a game in place of base tiles (a game set's ``swap``).

Expansion packs (``../shared/rulebook/expansions.md``): swap on draw, "When a player draws from
the bag a base tile that a pack tile replaces, that player may at once put the pack tile in its
place (the base tile leaves the game) or keep the base tile; a tile not swapped when drawn can
never be swapped later. One player may end up with every pack tile (the pack holds one copy of
each, shared by both players)." The draft: "Before play, a random player picks one pack tile,
then the other, alternating until all are taken; each player removes the base tiles their picks
replace and puts the picks in their bag." Mix and match: "Before play each player,
independently, chooses which base tiles to replace by their City Troops counterparts; a player
never has both versions of a tile, and where a tile has several copies all are replaced or
none".

On draw, taking the pack tile is placing it: a placement of the drawn tile's turn names the
pack tile instead (``PLACE (-1, to, -1, pack)``), and the base tile goes to the box. The draft
and the choice are a phase before set-up (``Phase.SWAP``) of ``SWAP (-1, -1, base, pack)``
actions (pack -1: the base tile is kept); the first player picks or chooses first (the seats
stand for the rulebook's random player, as in Dynastic Dispute), and a player's choices come
one pair at a time, in the set's order. A replaced tile that starts on the board is replaced in
the set-up (``g.setup_tiles``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine import opening
from dukec.engine.actions import SWAP, ActionTuple, Phase
from dukec.engine.feature import Feature

if TYPE_CHECKING:
    from mypy_extensions import i64

    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.keyparts import KeyFields
    from dukec.engine.position_problems import Reading
    from dukec.engine.rules import Rules


def replaced(g: Kernel, pack: int) -> int:
    """The base tile type a pack tile replaces."""
    for tile, base in g.extras.swaps.pairs:
        if tile == pack:
            return base
    return -1


def _copies(g: Kernel, owner: int, base: int) -> int:
    """How many ``base`` tiles ``owner``'s army holds before play (bag and set-up)."""
    steps = g.rules.setup
    started = sum(1 for i, t in enumerate(g.setup_tiles) if t == base and steps[i].owner == owner)
    return g.bags[owner].count(base) + started


def _replace(g: Kernel, owner: int, base: int, pack: int, every: bool) -> None:
    """``owner``'s ``base`` tile (every copy with ``every``, else one) becomes ``pack``, in the
    bag or in the set-up, and the base tile goes to the box (on the trail)."""
    trail = g.trail
    bag = g.bags[owner]
    left = len(bag) + len(g.setup_tiles) if every else 1
    kept = []
    boxed = list(g.boxed[owner])
    for tile in bag:
        if tile == base and left:
            kept.append(pack)
            boxed.append(base)
            left -= 1
        else:
            kept.append(tile)
    trail.setitem(g.bags, owner, sorted(kept))
    if left:
        steps = g.rules.setup
        tiles = list(g.setup_tiles)
        for i, tile in enumerate(tiles):
            if left and tile == base and steps[i].owner == owner:
                tiles[i] = pack
                boxed.append(base)
                left -= 1
        trail.set_game_attr(g, "setup_tiles", tuple(tiles))
    added = len(boxed) - len(g.boxed[owner])
    trail.setitem(g.boxed, owner, boxed)
    trail.setitem(g.swapped, owner, g.swapped[owner] + [pack] * added)


def _to_setup(g: Kernel) -> None:
    """The swaps before play are made: set-up (or what follows it) begins."""
    trail = g.trail
    if g.rules.setup:
        trail.set_game_attr(g, "phase", Phase.SETUP)
        trail.set_game_attr(g, "to_move", g.rules.setup[0].owner)
    else:
        opening.after_setup(g)


def _choices(g: Kernel, owner: int) -> list[int]:
    """``owner``'s choices before play: the pairs whose base tile his army holds, in the set's
    order (their pack tiles)."""
    return [tile for tile, base in g.extras.swaps.pairs if _copies(g, owner, base)]


def _picks(g: Kernel, owner: int) -> list[int]:
    """The pack tiles left to draft that ``owner`` can take (his army holds their base tile)."""
    return [t for t in sorted(set(g.pool)) if _copies(g, owner, replaced(g, t))]


class Swapping(Feature):
    """Pack tiles in place of base tiles: on draw (another placement of the drawn tile), and by
    draft or by choice before set-up (``Phase.SWAP``)."""

    def game_begins(self, g: Kernel) -> bool:
        """The draft or the choices before set-up, if the set has them."""
        on = g.extras.swaps.on
        if on == "draft":
            g.pool = list(g.extras.swaps.pool)
            players = [p for p in (0, 1) if _picks(g, p)]
        elif on == "choice":
            players = [p for p in (0, 1) if _choices(g, p)]
            if players:
                g.pool = _choices(g, players[0])
        else:
            return False
        if not players:
            g.pool = []
            return False
        g.to_move = players[0]
        g.phase = Phase.SWAP
        return True

    def phases(self) -> tuple[Phase, ...]:
        """The draft or the choices before set-up."""
        return (Phase.SWAP,)

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """A pack tile to draft; or, by choice, the next pair: swap it in or keep the base."""
        me = g.to_move
        if g.extras.swaps.on == "draft":
            return [(SWAP, -1, -1, replaced(g, t), t) for t in _picks(g, me)]
        if not g.pool:
            return []
        tile = g.pool[0]
        base = replaced(g, tile)
        return [(SWAP, -1, -1, base, tile), (SWAP, -1, -1, base, -1)]

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """The pick or the choice is made; then the next one, or set-up."""
        me = g.to_move
        trail = g.trail
        base, pack = action[3], action[4]
        if g.extras.swaps.on == "draft":
            _replace(g, me, base, pack, every=False)
            pool = list(g.pool)
            pool.remove(pack)
            trail.set_game_attr(g, "pool", pool)
            for player in (me ^ 1, me):  # the other picks next, if he can
                if _picks(g, player):
                    trail.set_game_attr(g, "to_move", player)
                    return
            trail.set_game_attr(g, "pool", [])
            _to_setup(g)
            return
        if pack >= 0:
            _replace(g, me, base, pack, every=True)
        trail.set_game_attr(g, "pool", g.pool[1:])
        if g.pool:
            return
        if me == 0 and _choices(g, 1):
            trail.set_game_attr(g, "pool", _choices(g, 1))
            trail.set_game_attr(g, "to_move", 1)
            return
        _to_setup(g)

    def placing_tiles(self, g: Kernel) -> tuple[int, ...]:
        """On draw: the pack tiles beside the board that may take the drawn tile's place."""
        drawn = g.drawn
        return tuple(
            tile for tile, base in g.extras.swaps.pairs if base == drawn and tile in g.spares
        )

    def place(self, g: Kernel, action: ActionTuple) -> None:
        """The pack tile is placed; the drawn tile leaves the game (to the box)."""
        me = g.to_move
        trail = g.trail
        tile = action[4]
        trail.setitem(g.boxed, me, [*g.boxed[me], g.drawn])
        trail.remove(g.spares, tile)
        trail.setitem(g.swapped, me, [*g.swapped[me], tile])
        g.put(action[2], g.rules.code(tile, 0, me))

    def writes(self) -> tuple[int, ...]:
        """The picks and choices before play."""
        return (SWAP,)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``swap Pack for Base``, or ``keep Base``."""
        types = scene.rules.types
        base, pack = action[3], action[4]
        if pack < 0:
            return f"keep {types[base].name}"
        return f"swap {types[pack].name} for {types[base].name}"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The pack tile taken, or the base tile kept."""
        return (action[4] if action[4] >= 0 else action[3]), -1

    def fields(self) -> tuple[str, ...]:
        """The pack tiles beside the board, and the players' swaps."""
        return ("spares", "swapped")

    def lists(self) -> tuple[str, ...]:
        """Both are lists."""
        return ("spares", "swapped")

    def read(self, g: Kernel, reading: Reading) -> None:
        """The pack tiles beside the board (default: every one the set swaps in on draw) and
        each player's swaps (which replace his tiles of the set-up still to come)."""
        data = reading.data
        problems = reading.problems
        pack = {tile for tile, _base in g.extras.swaps.pairs}
        if "spares" in data:
            spares = reading.tiles(data["spares"], "spares", "spares")
            for tile in spares:
                if tile not in pack:
                    name = g.rules.types[tile].name
                    problems.add("spares", f"spares: {name} is no pack tile of this game set")
            g.spares = sorted(spares)
        if "swapped" not in data:
            return
        listed = data["swapped"]
        if not isinstance(listed, list) or len(listed) != 2:
            problems.add("swapped", "$.swapped: must be two lists of pack tiles, one a player")
            return
        steps = g.rules.setup
        tiles = list(g.setup_tiles)
        for owner in (0, 1):
            taken = reading.tiles(listed[owner], f"swapped[{owner}]", "swapped")
            for tile in taken:
                base = replaced(g, tile)
                if base < 0:
                    name = g.rules.types[tile].name
                    problems.add("swapped", f"swapped[{owner}]: {name} is no pack tile here")
                    continue
                for i, step_tile in enumerate(tiles):
                    if step_tile == base and steps[i].owner == owner:
                        tiles[i] = tile
            g.swapped[owner] = taken
        g.setup_tiles = tuple(tiles)

    def write(self, g: Kernel, data: dict[str, Any]) -> None:
        """The pack tiles beside the board (where a draw may still swap one in) and the players'
        swaps."""
        types = g.rules.types
        if g.extras.swaps.on == "draw":
            data["spares"] = [types[t].name for t in g.spares]
        if g.swapped[0] or g.swapped[1]:
            data["swapped"] = [[types[t].name for t in taken] for taken in g.swapped]

    def phase_field(self, phase: Phase) -> str:
        """The pack tiles left to pick, or to choose about."""
        return "pack"

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """The pack tiles left to pick (a draft) or, by choice, whose pairs the player to move
        has still to decide, in the set's order."""
        if phase is not Phase.SWAP:
            return
        problems = reading.problems
        if not g.extras.swaps.on or g.extras.swaps.on == "draw":
            problems.add("phase", "$.phase: this game set swaps no tiles before play")
            return
        listed = reading.data["pack"]
        pack = reading.tiles(listed, "pack", "pack")
        if isinstance(listed, list) and not listed:
            problems.add("pack", "$.pack: the swaps before play need a pack tile left")
        for tile in pack:
            if replaced(g, tile) < 0:
                name = g.rules.types[tile].name
                problems.add("pack", f"pack: {name} is no pack tile of this game set")
        g.pool = pack if g.extras.swaps.on == "choice" else sorted(pack)
        g.setup_index = 0

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """The pack tiles left, during the swaps before play."""
        if g.phase is Phase.SWAP:
            data["pack"] = [g.rules.types[t].name for t in g.pool]

    def key_numbers(self, rules: Rules) -> int:
        """Per tile type and copy (the first :data:`_COPIES`): one number for a spare, one per
        owner for a swap; and per set-up step and tile type, one for the step's replaced
        tile."""
        types = len(rules.types)
        return types * (3 * _COPIES + len(rules.setup))

    def key(self, g: Kernel, z: KeyFields, numbers: list[i64]) -> i64:
        """The spares, the swaps and the set-up's replaced tiles."""
        types = len(g.rules.types)
        key: i64 = _copies_key(g.spares, numbers, 0)
        key ^= _copies_key(g.swapped[0], numbers, types * _COPIES)
        key ^= _copies_key(g.swapped[1], numbers, 2 * types * _COPIES)
        own = g.rules.setup_tiles
        first = 3 * types * _COPIES
        for i, tile in enumerate(g.setup_tiles):
            if tile != own[i]:
                key ^= numbers[first + i * types + tile]
        return key


#: The copies of a tile that a key tells apart (more copies of one pack tile share a number).
_COPIES: Final = 4


def _copies_key(tiles: list[int], numbers: list[i64], first: int) -> i64:
    """A list of tiles (a multiset) keyed by one number per tile type and copy."""
    key: i64 = 0
    seen: dict[int, int] = {}
    for tile in tiles:
        copy = seen.get(tile, 0)
        seen[tile] = copy + 1
        key ^= numbers[first + tile * _COPIES + min(copy, _COPIES - 1)]
    return key
