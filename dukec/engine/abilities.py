"""Enhanced abilities: I Summon, II Divination, III Escape, IV Ransom.

Rulebook: Summon, "The player flips the Duke Tile [...] over [...] and he may move the tile from
where ever it is located on the board and place it fully adjacent to the Duke; the called tile
remains with its current side up. This move is NOT a Command move and so cannot be used to
capture a tile". Divination, "the player may choose to "move" the tile by flipping it back to its
starting side [...] Immediately the player must select three random tiles from the bag, choosing
which one he wants to place on the board and puts the other two tiles either back in the bag, or
[...] "destroy" one or both tiles". Escape, "may sacrifice any of his tiles fully adjacent to the
tile [...] Then move the tile with the Escape ability back to one of the two starting squares
where the Duke may set-up [...] the tile automatically reverts to its starting side. If one of
the squares is occupied by an opponent's tile, the escaping tile may automatically capture that
tile; if both tiles are occupied by a friendly tile, the escaping tile sacrifices a tile".
Ransom, "In place of sacrificing a tile during an Escape [...] the player ransoms back a
previously captured tile with the Ransom ability to the opponent. The player may trade a captured
tile with the Ransom ability for any previously captured tile by the opponent with the Escape
ability. [...] the opponent receiving the tile with the Ransom ability places it back in his
bag."

Actions: ``SUMMON (summoner, to, duke)``; ``DIVINE (tile)``; ``CHOOSE (by=destroyed mask,
tile=kept index)``; ``ESCAPE (tile, to, sacrificed square or -1, ransomed type or -1)``;
``RANSOM (-1, to, escape type, ransom type)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dukec.engine import occupancy
from dukec.engine.actions import CHOOSE, DIVINE, ESCAPE, RANSOM, SUMMON, ActionTuple, Phase
from dukec.engine.feature import Feature, acting
from dukec.engine.rules import FRONT

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel, Scene
    from dukec.engine.position_problems import Reading

#: Most tiles Divination draws.
DIVINED: Final = 3


def usable(g: Kernel, code: int, ability: str) -> bool:
    """Whether the tile of piece code ``code`` may use ``ability`` on the side it shows."""
    sides = g.extras.abilities[code >> 2].get(ability)
    return sides is not None and (code >> 1) & 1 in sides


def actions(g: Kernel, me: int, s: int, code: int, out: list[ActionTuple]) -> None:
    """The ability actions of the tile on ``s``."""
    board = g.board
    duke = g.duke[me]
    if usable(g, code, "summon") and duke >= 0 and duke != s:
        for n in occupancy.placeable(g, g.neighbours[duke]):
            if n != s:
                out.append((SUMMON, s, n, duke, -1))
    if usable(g, code, "divination") and g.bags[me] and occupancy.drop_squares(g, me, first=True):
        out.append((DIVINE, s, -1, -1, -1))
    if usable(g, code, "escape"):
        sacrifices: list[tuple[int, int]] = []
        stuck = g.frozen | g.settled
        for n in g.neighbours[s]:
            v = board[n]
            if v >= 0 and v & 1 == me and n not in stuck and n != duke:
                sacrifices.append((n, -1))
        for r in sorted(set(g.taken[me])):
            if "ransom" in g.extras.abilities[r]:
                sacrifices.append((-1, r))
        for sacrificed, ransomed in sacrifices:
            for t in escape_squares(g, me, s, sacrificed):
                out.append((ESCAPE, s, t, sacrificed, ransomed))


def escape_squares(g: Kernel, me: int, frm: int, gone: int) -> list[int]:
    """The Duke's set-up squares an escaping tile may go to (``gone`` is already removed):
    the free or enemy-held ones, else those friendly tiles hold (to be sacrificed)."""
    free: list[int] = []
    friendly: list[int] = []
    for t in g.extras.duke_squares[me]:
        if t == frm or t == g.obstacle or not g.masks.standing[t]:
            continue
        if g.carried and not g.registry.carrier.admits(g, me, frm, t, ""):
            continue
        v = g.board[t]
        if v < 0 or t == gone:
            free.append(t)
        elif t in g.frozen or t in g.settled:
            continue
        elif v & 1 != me:
            free.append(t)
        elif t != g.duke[me]:
            friendly.append(t)
    return free or friendly


def ransom_actions(g: Kernel, me: int, out: list[ActionTuple]) -> None:
    """Trading a captured Ransom tile for one's own captured Escape tile."""
    abilities = g.extras.abilities
    ransoms = [r for r in sorted(set(g.taken[me])) if "ransom" in abilities[r]]
    if not ransoms:
        return
    escapes = [e for e in sorted(set(g.taken[me ^ 1])) if "escape" in abilities[e]]
    for r in ransoms:
        for e in escapes:
            for t in escape_squares(g, me, -1, -1):
                out.append((RANSOM, -1, t, e, r))


def choices(g: Kernel) -> list[ActionTuple]:
    """Divination: keep one of the drawn tiles; return each other one or destroy it."""
    found: dict[tuple[int, tuple[int, ...], tuple[int, ...]], ActionTuple] = {}
    drawn = g.pending
    for keep in range(len(drawn)):
        others = [i for i in range(len(drawn)) if i != keep]
        for mask in range(1 << len(others)):
            destroyed = tuple(sorted(drawn[i] for k, i in enumerate(others) if mask >> k & 1))
            back = tuple(sorted(drawn[i] for k, i in enumerate(others) if not mask >> k & 1))
            bits = sum(1 << i for k, i in enumerate(others) if mask >> k & 1)
            found.setdefault((drawn[keep], destroyed, back), (CHOOSE, -1, -1, bits, keep))
    return list(found.values())


def summon(g: Kernel, me: int, frm: int, to: int, duke: int) -> int:
    """The Duke flips; the summoned tile comes beside it, side unchanged."""
    g.trail.setitem(g.board, duke, g.board[duke] ^ 2)
    g.relocate_tile(me, frm, to, flip=False, capture_by=-1)
    return to


def divine(g: Kernel, me: int) -> None:
    """Divination's draw, the diviner flipped back: three tiles (or what the bag holds) are
    drawn to choose from."""
    trail = g.trail
    bag = g.bags[me]
    drawn = []
    for _ in range(min(DIVINED, len(bag))):
        drawn.append(trail.pop(bag, g.draw_position(len(bag))))
        trail.set_game_attr(g, "draws", g.draws + 1)
    trail.set_game_attr(g, "pending", sorted(drawn))


def choose(g: Kernel, mask: int, keep: int) -> None:
    """Divination's choice: the kept tile is to be placed, the others destroyed or returned."""
    me = g.to_move
    trail = g.trail
    for index, tile in enumerate(g.pending):
        if index == keep:
            trail.set_game_attr(g, "drawn", tile)
        elif mask >> index & 1:
            trail.append(g.captured[me], tile)
        else:
            trail.setitem(g.bags, me, sorted([*g.bags[me], tile]))
    trail.set_game_attr(g, "pending", [])


def escape(g: Kernel, me: int, frm: int, to: int, sacrificed: int, ransomed: int) -> int:
    """A sacrifice (or a ransom back), then the escaping tile goes home, starting side up."""
    if sacrificed >= 0:
        g.event(f"sacrificed {g.tile_name(sacrificed)}")
        g.remove(sacrificed, -1)
    else:
        _ransom_back(g, me, ransomed)
    _clear(g, me, to)
    code = g.board[frm] & ~2
    g.relocate_tile(me, frm, to, flip=False, capture_by=me)
    g.trail.setitem(g.board, to, code)
    return to


def ransom(g: Kernel, me: int, to: int, escaper: int, ransomed: int) -> int:
    """The captured Ransom tile goes back; one's captured Escape tile returns to a Duke square."""
    _ransom_back(g, me, ransomed)
    g.trail.remove(g.taken[me ^ 1], escaper)
    g.trail.remove(g.captured[me], escaper)
    _clear(g, me, to)
    # "placed in a starting square as though it just used the Escape ability": a returned tile
    # that acts as the Duke is its player's Duke again.
    g.put(to, g.rules.code(escaper, FRONT, me))
    return to


def _ransom_back(g: Kernel, me: int, tile: int) -> None:
    """A captured Ransom tile goes back to its owner's bag."""
    g.trail.remove(g.taken[me], tile)
    g.trail.remove(g.captured[me ^ 1], tile)
    g.trail.setitem(g.bags, me ^ 1, sorted([*g.bags[me ^ 1], tile]))
    g.event(f"ransomed {g.rules.types[tile].name}")


def _clear(g: Kernel, me: int, to: int) -> None:
    v = g.board[to]
    if v >= 0:
        if v & 1 == me:
            g.event(f"sacrificed {g.tile_name(to)}")
            g.remove(to, -1)
        else:
            g.remove(to, me)


class Abilities(Feature):
    """The abilities' actions in play (Summon, Escape, Ransom) and Divination's choice (a phase
    of its own)."""

    def phases(self) -> tuple[Phase, ...]:
        """Divination's choice."""
        return (Phase.CHOOSE,)

    def phase_actions(self, g: Kernel) -> list[ActionTuple]:
        """Which drawn tile to keep, and which others to destroy."""
        return choices(g)

    def phase_apply(self, g: Kernel, action: ActionTuple) -> None:
        """The choice made; the kept tile is then placed."""
        choose(g, action[3], action[4])
        g.trail.set_game_attr(g, "phase", Phase.PLACING)

    def writes(self) -> tuple[int, ...]:
        """Summon, Divination and its choice, Escape and Ransom."""
        return (SUMMON, DIVINE, CHOOSE, ESCAPE, RANSOM)

    def notation(self, scene: Scene, action: ActionTuple) -> str:
        """``summon b4-c2``, ``divine b2``, ``keep Name, destroy Other``, ``escape d2-c1
        sacrificing d1`` or ``escape d2xc1 ransoming Name``, ``ransom Name for Other@c1``."""
        kind, frm, to, by, tile = action
        name = scene.rules.geometry.name
        types = scene.rules.types
        if kind == SUMMON:
            return f"summon {name(frm)}-{name(to)}"
        if kind == DIVINE:
            return f"divine {name(frm)}"
        if kind == CHOOSE:
            drawn = scene.pending
            kept = types[drawn[tile]].name
            gone = [types[t].name for i, t in enumerate(drawn) if by >> i & 1]
            return f"keep {kept}" + (f", destroy {', '.join(sorted(gone))}" if gone else "")
        if kind == ESCAPE:
            board = scene.board
            sep = "x" if board[to] >= 0 and board[to] & 1 != scene.to_move else "-"
            paid = f"sacrificing {name(by)}" if by >= 0 else f"ransoming {types[tile].name}"
            return f"escape {name(frm)}{sep}{name(to)} {paid}"
        return f"ransom {types[tile].name} for {types[by].name}@{name(to)}"

    def recorded(self, scene: Scene, action: ActionTuple) -> tuple[int, int]:
        """The tile that acts (a summoned tile captures nothing); the tile kept of those drawn;
        the tile ransomed."""
        kind, _frm, _to, _by, tile = action
        if kind == CHOOSE:
            return scene.pending[tile], -1
        if kind == RANSOM:
            return tile, -1
        return acting(scene, action, captures=kind != SUMMON)

    def turn_goes_on(self, action: ActionTuple) -> bool:
        """Divination's tiles are to be chosen from, and the one kept placed."""
        return action[0] in (DIVINE, CHOOSE)

    def phase_field(self, phase: Phase) -> str:
        """The tiles drawn to choose from."""
        return "divined"

    def read_phase(self, g: Kernel, reading: Reading, phase: Phase) -> None:
        """The tiles drawn to choose from: one to three, none acting as the Duke."""
        if phase is not Phase.CHOOSE:
            return
        listed = reading.data["divined"]
        divined = reading.tiles(listed, "divined", "divined")
        problems = reading.problems
        if isinstance(listed, list) and not 1 <= len(listed) <= DIVINED:
            problems.add("divined", f"$.divined: Divination draws 1 to {DIVINED} tiles")
        for tile in divined:
            if g.rules.types[tile].acts_as_duke:
                name = g.rules.types[tile].name
                problems.add("divined", f"divined: {name} acts as the Duke: it is never drawn")
        g.pending = sorted(divined)

    def write_phase(self, g: Kernel, data: dict[str, Any]) -> None:
        """The tiles drawn to choose from, during the choice."""
        if g.phase is Phase.CHOOSE:
            data["divined"] = sorted(g.rules.types[t].name for t in g.pending)

    def kinds(self) -> tuple[int, ...]:
        """Summon, Escape and Ransom."""
        return (SUMMON, ESCAPE, RANSOM)

    def draws(self) -> tuple[int, ...]:
        """Divination: the diviner flips and three tiles are drawn to choose from."""
        return (DIVINE,)

    def before_draw(self, g: Kernel, action: ActionTuple) -> None:
        """The diviner flips back."""
        g.trail.setitem(g.board, action[1], g.board[action[1]] ^ 2)

    def draw(self, g: Kernel, action: ActionTuple) -> None:
        """The diviner flips back and the tiles are drawn; the choice follows."""
        self.before_draw(g, action)
        divine(g, g.to_move)
        g.trail.set_game_attr(g, "phase", Phase.CHOOSE)

    def act(self, g: Kernel, action: ActionTuple) -> int:
        """The ability's action; the square the tile that acted ended on."""
        kind, frm, to, by, tile = action
        me = g.to_move
        if kind == SUMMON:
            return summon(g, me, frm, to, by)
        if kind == ESCAPE:
            return escape(g, me, frm, to, by, tile)
        return ransom(g, me, to, by, tile)
