"""The fixed action space of a game set: every engine action as one index in ``range(size)``.

Reinforcement-learning frameworks want a fixed, finite set of action ids per game. An
:class:`ActionLayout` is built from the rules of one game set and numbers every action the
engine can offer in it, block after block; the blocks a set cannot use have no indices (the
Dragon's pushes only where a Dragon is in play, and so on). ``encode`` and ``decode`` are exact
inverses over the engine's action tuples ``(kind, frm, to, by, tile)``; decoding needs no game.

Blocks, in this order (S squares, T tile types, "dir" one of the four squares sharing a side):

====================  ==================================  =====================================
block                 indices                             engine action
====================  ==================================  =====================================
``move``              frm * S + to                        MOVE (Move, Jump, Slide, Jump Slide)
``push``              (frm * S + to) * 3 + how            MOVE into the Dragon (how: enrage
                                                          away, enrage home, push); Dragon sets
``strike``            frm * S + to                        STRIKE
``command``           (by * K + slot(q)) * K + slot(t)    COMMAND of the tile on q to t by the
                                                          commander on by; slot: one of the K
                                                          Command offsets of the set's tiles
``draw``              0                                   DRAW (the engine's seeded draw)
``place``             tile * S + to                       PLACE (set-up, or the drawn tile)
``flag_place``        to                                  FLAG_PLACE a Flag at set-up; Flag sets
``flag_move``         at * S + to                         FLAG_PLACE moving a Flag (at == to:
                                                          it stays); Flag sets
``flag_pass``         holder * 4 + dir                    FLAG_PASS to the tile beside; Flag sets
``summon``            (tile * S + duke) * 4 + dir         SUMMON beside the Duke; Summon sets
``divine``            tile                                DIVINE; Divination sets
``choose``            keep * 8 + destroyed mask           CHOOSE after Divination
``escape``            (tile * D + slot(to)) * (4 + R)     ESCAPE to one of the D Duke squares,
                      + dir or 4 + ransomed               sacrificing the tile in dir or
                                                          ransoming one of the R Ransom types
``ransom``            (slot(to) * E + escape) * R         RANSOM a captured Ransom type for one
                      + ransom                            of the E Escape types
``draft``             tile                                DRAFT a tile type; draft sets
``area``              frm * G + group                     AREA: an area group used, one of the G
                                                          groups of the tile set; area sets
``swap``              pair * 2 + keep                     SWAP a pack tile for the base tile of
                                                          one of the set's pairs (keep: 1 keeps
                                                          the base tile); sets that swap before
                                                          play
``grant_move``        frm * S + to                        GRANT of a granted move; sets with a
                                                          granting terrain face
``grant_strike``      frm * S + to                        GRANT of a granted strike; the same
``grant_command``     (by * K + slot(q)) * K + slot(t)    GRANT of a granted command by the tile
                                                          on by; slot: one of the K granted
                                                          Command offsets; the same
====================  ==================================  =====================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dukec.engine import Action, ActionKind, Rules
from dukec.icons import Effect

#: The blocks of the base game's kinds, named as the kinds are (in records and notation).
_MOVE = ActionKind.MOVE.name.lower()
_STRIKE = ActionKind.STRIKE.name.lower()
_COMMAND = ActionKind.COMMAND.name.lower()

#: The four squares sharing a side with a square, as (file, rank) offsets: right, left, up, down.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: The ``tile`` field of a push of the Dragon: enrage facing away, enrage facing home, push.
PUSH_KINDS = 3
#: Divination draws at most three tiles: the kept one's index and a mask of the destroyed ones.
CHOICE_KEEPS, CHOICE_MASKS = 3, 8

ActionFields = tuple[int, int, int, int, int]


class LayoutError(ValueError):
    """An action or index that the layout of a game set does not have."""


@dataclass(frozen=True, slots=True)
class Block:
    """A run of indices that numbers one kind of action: its name, first index and length."""

    name: str
    start: int
    size: int


@dataclass(frozen=True, slots=True)
class _Codec:
    """How one block turns an action into its offset in the block and back."""

    block: Block
    encode: Callable[[ActionFields], int | None]
    decode: Callable[[int], ActionFields]


class ActionLayout:
    """The action ids of one game set: ``encode(action) -> int``, ``decode(int) -> Action``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        geometry = rules.geometry
        self.squares = squares = geometry.size
        self.types = types = len(rules.types)
        features = rules.expanded
        extras = rules.extras
        self._neighbour_index = [
            {n: d for d in range(4) if (n := self._shift(s, DIRECTIONS[d])) is not None}
            for s in range(squares)
        ]
        self.command_offsets = _command_offsets(rules)
        self._command_slot = {o: i for i, o in enumerate(self.command_offsets)}
        set_terrain = [] if features is None else [i for i, _ in features.set_terrain]
        terrain = () if extras is None else extras.terrain_types
        dragon = any(terrain[i].acts for i in set_terrain)
        flags = any(terrain[i].carried for i in set_terrain)
        # Abilities count where a tile that has one can come into play.
        in_play = {*rules.bags[0], *rules.bags[1], *(step.tile for step in rules.setup)}
        if features is not None:
            in_play.update(features.objective.draft)
        abilities = [
            set(a) if features is not None and t in in_play else set()
            for t, a in enumerate(features.abilities if features is not None else ())
        ]
        summon = any("summon" in a for a in abilities)
        divine = any("divination" in a for a in abilities)
        self.escapers = tuple(t for t, a in enumerate(abilities) if "escape" in a)
        self.ransomers = tuple(t for t, a in enumerate(abilities) if "ransom" in a)
        escape = bool(self.escapers)
        #: The tile set's area groups (an area set's indices number each on each square).
        self.groups = len(rules.icons.areas)
        area = features is not None and rules.traits.any_area
        self.duke_squares = (
            tuple(sorted(set(features.duke_squares[0]) | set(features.duke_squares[1])))
            if features is not None and (escape or self.ransomers)
            else ()
        )
        self._duke_slot = {s: i for i, s in enumerate(self.duke_squares)}
        draft = features is not None and bool(features.objective.draft)
        swaps = features.swaps if features is not None else None
        self.swap_pairs = (
            swaps.pairs if swaps is not None and swaps.on in ("draft", "choice") else ()
        )
        self._swap_slot = {base: i for i, (_tile, base) in enumerate(self.swap_pairs)}
        lends = features is not None and features.lends
        self.granted_offsets = _granted_offsets(rules) if lends else ()
        self._granted_slot = {o: i for i, o in enumerate(self.granted_offsets)}
        g = len(self.granted_offsets)
        k = len(self.command_offsets)
        d, r, e = len(self.duke_squares), len(self.ransomers), len(self.escapers)
        specs: list[
            tuple[str, int, Callable[[ActionFields], int | None], Callable[[int], ActionFields]]
        ] = [
            (_MOVE, squares * squares, self._enc_move, self._dec_move),
            ("push", squares * squares * PUSH_KINDS * dragon, self._enc_push, self._dec_push),
            (_STRIKE, squares * squares, self._enc_strike, self._dec_strike),
            (_COMMAND, squares * k * k, self._enc_command, self._dec_command),
            ("draw", 1, self._enc_draw, self._dec_draw),
            ("place", types * squares, self._enc_place, self._dec_place),
            ("flag_place", squares * flags, self._enc_flag_place, self._dec_flag_place),
            ("flag_move", squares * squares * flags, self._enc_flag_move, self._dec_flag_move),
            ("flag_pass", squares * 4 * flags, self._enc_flag_pass, self._dec_flag_pass),
            ("summon", squares * squares * 4 * summon, self._enc_summon, self._dec_summon),
            ("divine", squares * divine, self._enc_divine, self._dec_divine),
            ("choose", CHOICE_KEEPS * CHOICE_MASKS * divine, self._enc_choose, self._dec_choose),
            ("escape", squares * d * (4 + r) * escape, self._enc_escape, self._dec_escape),
            ("ransom", d * e * r, self._enc_ransom, self._dec_ransom),
            ("draft", types * draft, self._enc_draft, self._dec_draft),
            ("area", squares * self.groups * area, self._enc_area, self._dec_area),
            ("swap", 2 * len(self.swap_pairs), self._enc_swap, self._dec_swap),
            ("grant_move", squares * squares * lends, self._enc_grant_move, self._dec_grant_move),
            (
                "grant_strike",
                squares * squares * lends,
                self._enc_grant_strike,
                self._dec_grant_strike,
            ),
            ("grant_command", squares * g * g, self._enc_grant_command, self._dec_grant_command),
        ]
        codecs: list[_Codec] = []
        start = 0
        for name, size, enc, dec in specs:
            codecs.append(_Codec(Block(name, start, size), enc, dec))
            start += size
        self.size = start
        self._codecs = tuple(c for c in codecs if c.block.size)
        self._by_kind: dict[int, tuple[_Codec, ...]] = {}
        for kind, names in _KIND_BLOCKS.items():
            self._by_kind[kind] = tuple(c for c in self._codecs if c.block.name in names)
        self._starts = [c.block.start for c in self._codecs]

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The blocks the set uses, in index order."""
        return tuple(c.block for c in self._codecs)

    def encode(self, action: Sequence[int]) -> int:
        """The index of an engine action (LayoutError if the set's layout has none)."""
        fields = _fields(action)
        for codec in self._by_kind.get(fields[0], ()):
            offset = codec.encode(fields)
            if offset is not None and 0 <= offset < codec.block.size:
                return codec.block.start + offset
        raise LayoutError(f"action {fields} has no index in the layout of {self.rules.set_name!r}")

    def decode(self, index: int) -> Action:
        """The engine action of an index (LayoutError if it is out of range)."""
        if not 0 <= index < self.size:
            raise LayoutError(f"action index {index} is not in range(0, {self.size})")
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:  # the last block starting at or before the index
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        codec = self._codecs[lo]
        return Action(*codec.decode(index - codec.block.start))

    # ------------------------------------------------------------------ geometry

    def _shift(self, square: int, offset: tuple[int, int]) -> int | None:
        file, rank = self.rules.geometry.coords(square)
        return self.rules.geometry.at(file + offset[0], rank + offset[1])

    def _offset(self, frm: int, to: int) -> tuple[int, int]:
        (f1, r1), (f2, r2) = self.rules.geometry.coords(frm), self.rules.geometry.coords(to)
        return f2 - f1, r2 - r1

    def _square(self, square: int) -> int | None:
        return square if 0 <= square < self.squares else None

    def _dir(self, frm: int, to: int) -> int | None:
        if self._square(frm) is None:
            return None
        return self._neighbour_index[frm].get(to)

    def _beside(self, square: int, direction: int) -> int:
        found = self._shift(square, DIRECTIONS[direction])
        if found is None:
            raise LayoutError(f"no square {DIRECTIONS[direction]} of square {square}")
        return found

    def _pair(self, frm: int, to: int) -> int | None:
        if self._square(frm) is None or self._square(to) is None:
            return None
        return frm * self.squares + to

    # -------------------------------------------------------------------- blocks

    def _enc_move(self, a: ActionFields) -> int | None:
        return self._pair(a[1], a[2]) if a[3] == -1 and a[4] == -1 else None

    def _dec_move(self, i: int) -> ActionFields:
        return (ActionKind.MOVE, *divmod(i, self.squares), -1, -1)

    def _enc_push(self, a: ActionFields) -> int | None:
        pair = self._pair(a[1], a[2])
        if pair is None or a[3] != -1 or not 0 <= a[4] < PUSH_KINDS:
            return None
        return pair * PUSH_KINDS + a[4]

    def _dec_push(self, i: int) -> ActionFields:
        pair, how = divmod(i, PUSH_KINDS)
        return (ActionKind.MOVE, *divmod(pair, self.squares), -1, how)

    def _enc_strike(self, a: ActionFields) -> int | None:
        return self._pair(a[1], a[2]) if a[3] == -1 and a[4] == -1 else None

    def _dec_strike(self, i: int) -> ActionFields:
        return (ActionKind.STRIKE, *divmod(i, self.squares), -1, -1)

    def _enc_command(self, a: ActionFields) -> int | None:
        _kind, q, t, by, tile = a
        if tile != -1 or None in (self._square(q), self._square(t), self._square(by)):
            return None
        k = len(self.command_offsets)
        sq, st = (
            self._command_slot.get(self._offset(by, q)),
            self._command_slot.get(self._offset(by, t)),
        )
        if sq is None or st is None:
            return None
        return (by * k + sq) * k + st

    def _dec_command(self, i: int) -> ActionFields:
        k = len(self.command_offsets)
        rest, st = divmod(i, k)
        by, sq = divmod(rest, k)
        q = self._shift(by, self.command_offsets[sq])
        t = self._shift(by, self.command_offsets[st])
        if q is None or t is None:
            raise LayoutError(f"action index {i} of the command block is off the board")
        return (ActionKind.COMMAND, q, t, by, -1)

    def _enc_draw(self, a: ActionFields) -> int | None:
        return 0 if a == (ActionKind.DRAW, -1, -1, -1, -1) else None

    def _dec_draw(self, i: int) -> ActionFields:
        return (ActionKind.DRAW, -1, -1, -1, -1)

    def _enc_place(self, a: ActionFields) -> int | None:
        if a[1] != -1 or a[3] != -1 or self._square(a[2]) is None or not 0 <= a[4] < self.types:
            return None
        return a[4] * self.squares + a[2]

    def _dec_place(self, i: int) -> ActionFields:
        tile, to = divmod(i, self.squares)
        return (ActionKind.PLACE, -1, to, -1, tile)

    def _enc_flag_place(self, a: ActionFields) -> int | None:
        return self._square(a[2]) if a[1] == -1 and a[3:] == (-1, -1) else None

    def _dec_flag_place(self, i: int) -> ActionFields:
        return (ActionKind.FLAG_PLACE, -1, i, -1, -1)

    def _enc_flag_move(self, a: ActionFields) -> int | None:
        return self._pair(a[1], a[2]) if a[3:] == (-1, -1) else None

    def _dec_flag_move(self, i: int) -> ActionFields:
        return (ActionKind.FLAG_PLACE, *divmod(i, self.squares), -1, -1)

    def _enc_flag_pass(self, a: ActionFields) -> int | None:
        d = self._dir(a[1], a[2])
        return None if d is None or a[3:] != (-1, -1) else a[1] * 4 + d

    def _dec_flag_pass(self, i: int) -> ActionFields:
        holder, d = divmod(i, 4)
        return (ActionKind.FLAG_PASS, holder, self._beside(holder, d), -1, -1)

    def _enc_summon(self, a: ActionFields) -> int | None:
        _kind, tile, to, duke, rest = a
        d = self._dir(duke, to)
        if d is None or rest != -1 or self._square(tile) is None:
            return None
        return (tile * self.squares + duke) * 4 + d

    def _dec_summon(self, i: int) -> ActionFields:
        rest, d = divmod(i, 4)
        tile, duke = divmod(rest, self.squares)
        return (ActionKind.SUMMON, tile, self._beside(duke, d), duke, -1)

    def _enc_divine(self, a: ActionFields) -> int | None:
        return a[1] if a[2:] == (-1, -1, -1) else None

    def _dec_divine(self, i: int) -> ActionFields:
        return (ActionKind.DIVINE, i, -1, -1, -1)

    def _enc_choose(self, a: ActionFields) -> int | None:
        _kind, frm, to, mask, keep = a
        if (frm, to) != (-1, -1) or not 0 <= keep < CHOICE_KEEPS or not 0 <= mask < CHOICE_MASKS:
            return None
        return keep * CHOICE_MASKS + mask

    def _dec_choose(self, i: int) -> ActionFields:
        keep, mask = divmod(i, CHOICE_MASKS)
        return (ActionKind.CHOOSE, -1, -1, mask, keep)

    def _enc_escape(self, a: ActionFields) -> int | None:
        _kind, tile, to, sacrificed, ransomed = a
        slot = self._duke_slot.get(to)
        if slot is None or self._square(tile) is None:
            return None
        width = 4 + len(self.ransomers)
        if sacrificed >= 0 and ransomed == -1:
            choice = self._dir(tile, sacrificed)
        elif sacrificed == -1 and ransomed in self.ransomers:
            choice = 4 + self.ransomers.index(ransomed)
        else:
            choice = None
        return None if choice is None else (tile * len(self.duke_squares) + slot) * width + choice

    def _dec_escape(self, i: int) -> ActionFields:
        width = 4 + len(self.ransomers)
        rest, choice = divmod(i, width)
        tile, slot = divmod(rest, len(self.duke_squares))
        to = self.duke_squares[slot]
        if choice < 4:
            return (ActionKind.ESCAPE, tile, to, self._beside(tile, choice), -1)
        return (ActionKind.ESCAPE, tile, to, -1, self.ransomers[choice - 4])

    def _enc_ransom(self, a: ActionFields) -> int | None:
        _kind, frm, to, escaper, ransomer = a
        slot = self._duke_slot.get(to)
        if frm != -1 or slot is None or escaper not in self.escapers:
            return None
        if ransomer not in self.ransomers:
            return None
        e, r = len(self.escapers), len(self.ransomers)
        return (slot * e + self.escapers.index(escaper)) * r + self.ransomers.index(ransomer)

    def _dec_ransom(self, i: int) -> ActionFields:
        e, r = len(self.escapers), len(self.ransomers)
        rest, ri = divmod(i, r)
        slot, ei = divmod(rest, e)
        return (
            ActionKind.RANSOM,
            -1,
            self.duke_squares[slot],
            self.escapers[ei],
            self.ransomers[ri],
        )

    def _enc_draft(self, a: ActionFields) -> int | None:
        return a[4] if a[1:4] == (-1, -1, -1) and 0 <= a[4] < self.types else None

    def _dec_draft(self, i: int) -> ActionFields:
        return (ActionKind.DRAFT, -1, -1, -1, i)

    def _enc_area(self, a: ActionFields) -> int | None:
        _kind, frm, to, by, group = a
        if to != -1 or by != -1 or self._square(frm) is None or not 0 <= group < self.groups:
            return None
        return frm * self.groups + group

    def _dec_area(self, i: int) -> ActionFields:
        frm, group = divmod(i, self.groups)
        return (ActionKind.AREA, frm, -1, -1, group)

    def _enc_swap(self, a: ActionFields) -> int | None:
        _kind, frm, to, base, tile = a
        slot = self._swap_slot.get(base)
        if (frm, to) != (-1, -1) or slot is None:
            return None
        if tile == -1:
            return slot * 2 + 1
        return slot * 2 if tile == self.swap_pairs[slot][0] else None

    def _dec_swap(self, i: int) -> ActionFields:
        slot, keep = divmod(i, 2)
        tile, base = self.swap_pairs[slot]
        return (ActionKind.SWAP, -1, -1, base, -1 if keep else tile)

    def _enc_grant_move(self, a: ActionFields) -> int | None:
        return self._pair(a[1], a[2]) if a[3:] == (-1, ActionKind.MOVE) else None

    def _dec_grant_move(self, i: int) -> ActionFields:
        return (ActionKind.GRANT, *divmod(i, self.squares), -1, ActionKind.MOVE)

    def _enc_grant_strike(self, a: ActionFields) -> int | None:
        return self._pair(a[1], a[2]) if a[3:] == (-1, ActionKind.STRIKE) else None

    def _dec_grant_strike(self, i: int) -> ActionFields:
        return (ActionKind.GRANT, *divmod(i, self.squares), -1, ActionKind.STRIKE)

    def _enc_grant_command(self, a: ActionFields) -> int | None:
        _kind, q, t, by, how = a
        if how != ActionKind.COMMAND or None in (
            self._square(q),
            self._square(t),
            self._square(by),
        ):
            return None
        sq = self._granted_slot.get(self._offset(by, q))
        st = self._granted_slot.get(self._offset(by, t))
        if sq is None or st is None:
            return None
        g = len(self.granted_offsets)
        return (by * g + sq) * g + st

    def _dec_grant_command(self, i: int) -> ActionFields:
        g = len(self.granted_offsets)
        rest, st = divmod(i, g)
        by, sq = divmod(rest, g)
        q = self._shift(by, self.granted_offsets[sq])
        t = self._shift(by, self.granted_offsets[st])
        if q is None or t is None:
            raise LayoutError(f"action index {i} of the grant_command block is off the board")
        return (ActionKind.GRANT, q, t, by, ActionKind.COMMAND)


#: Which blocks may hold an action of each engine kind (tried in this order).
_KIND_BLOCKS: dict[int, tuple[str, ...]] = {
    ActionKind.MOVE: (_MOVE, "push"),
    ActionKind.STRIKE: (_STRIKE,),
    ActionKind.COMMAND: (_COMMAND,),
    ActionKind.DRAW: ("draw",),
    ActionKind.PLACE: ("place",),
    ActionKind.FLAG_PLACE: ("flag_place", "flag_move"),
    ActionKind.FLAG_PASS: ("flag_pass",),
    ActionKind.SUMMON: ("summon",),
    ActionKind.DIVINE: ("divine",),
    ActionKind.CHOOSE: ("choose",),
    ActionKind.ESCAPE: ("escape",),
    ActionKind.RANSOM: ("ransom",),
    ActionKind.DRAFT: ("draft",),
    ActionKind.AREA: ("area",),
    ActionKind.SWAP: ("swap",),
    ActionKind.GRANT: ("grant_move", "grant_strike", "grant_command"),
}


def _fields(action: Sequence[int]) -> ActionFields:
    if len(action) != 5:
        raise LayoutError(f"an action has 5 fields, not {len(action)}: {tuple(action)}")
    kind, frm, to, by, tile = (int(v) for v in action)
    return kind, frm, to, by, tile


def _granted_offsets(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every (file, rank) offset from a granting face's square to one of the Command squares it
    grants, as either owner sees them (the second player's turned round)."""
    extras = rules.expanded
    found: set[tuple[int, int]] = set()
    if extras is not None:
        for kind in extras.terrain_types:
            if kind.grants_to:
                for icon, dx, dy in kind.sides[0]:
                    if icon.effect is Effect.COMMAND:
                        found |= {(dx, dy), (-dx, -dy)}
    return tuple(sorted(found))


def _command_offsets(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every (file, rank) offset from a commander to one of its Command squares, any tile of the
    set, either side, either owner, any square (read from the rules' tables)."""
    geometry = rules.geometry
    size = geometry.size
    found: set[tuple[int, int]] = set()
    for k, squares in enumerate(rules.tables.command):
        if squares:
            f0, r0 = geometry.coords(k % size)
            for q in squares:
                f, r = geometry.coords(q)
                found.add((f - f0, r - r0))
    return tuple(sorted(found))
