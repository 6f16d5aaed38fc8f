"""Rules data: a compiled tile set and one of its game sets, read once into immutable ``Rules``
(the tile types, the set-up, the bags, the expanded data) with the base game's lookup tables
(compiled by :mod:`dukec.engine.tables`).

Rules pickle by value, as the tile set's canonical JSON and the game set's name, and are made
again from them once per process (:func:`rules_from_json`): tables and caches never travel.

A piece code packs what a square holds: ``code = (type * 2 + side) * 2 + owner`` (side 0 the
starting side, 1 the other), and -1 is an empty square. Flipping a tile is ``code ^ 2``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar, cast

from dukec.engine.actions import MOVE, ActionTuple
from dukec.engine.board import Geometry
from dukec.engine.content import alike_types, canonical_json, content, content_hash, hash_of
from dukec.engine.content import tileset_hash as tileset_hash
from dukec.engine.extras import Extras, build_extras
from dukec.engine.facade import RulesError as RulesError
from dukec.engine.reach import Reach, build_reach
from dukec.engine.tables import IconAt as IconAt
from dukec.engine.tables import Tables, compile_tables
from dukec.engine.traits import Traits, build_traits
from dukec.icons import FORMAT, FORMAT_1, Icon, Vocabulary, vocabulary_of
from dukec.names import lookup

_T = TypeVar("_T")
#: Rules pickled or loaded from a pickle in this process, by tile set hash, game set and whether
#: the features' turn is forced (:meth:`Rules.with_expanded`): a pickle loaded again gives the
#: same rules, made once.
_PICKLED: dict[tuple[str, str, bool], Rules] = {}
_PICKLED_KEPT: Final = 8
#: The slots of ``Rules._made``: what each property built on first use keeps.
_NEIGHBOURS: Final = 0
_AROUND: Final = 1
_REACH: Final = 2
_TRAITS: Final = 3
_UNTOUCHED: Final = 4
_CROSSING: Final = 5
_MOVE_ACTIONS: Final = 6
_STRIKE_ACTIONS: Final = 7
_SETUP_TILES: Final = 8
_SLOTS: Final = 9
#: What :func:`load_rules` makes of the rules of a game set with rule features ahead of play,
#: besides their own tables (:meth:`Rules.made_ahead`): the features' registry, whose module
#: (:mod:`dukec.engine.features`, which the engine's package imports) adds its builder here. The
#: features read the rules, so the rules do not import them.
AHEAD_OF_PLAY: Final[list[Callable[[Rules], object]]] = []

FRONT: Final = 0
BACK: Final = 1
SIDE_NAMES = ("front", "back")
EMPTY: Final = -1


@dataclass(frozen=True, slots=True)
class TileType:
    """A troop tile type: its name, count per player and both grids."""

    index: int
    name: str
    count: int
    acts_as_duke: bool
    abilities: tuple[str, ...]
    sides: tuple[tuple[IconAt, ...], tuple[IconAt, ...]]
    value: float = field(compare=False)
    #: The tile's classes (``class legend``), which terrain, set-up and win rules name.
    classes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One set-up placement: ``tile`` on one of ``squares``, or beside a ``beside`` tile; with
    ``choices`` (``tile`` -1), any of those types from the owner's bag (the player's choice),
    and with ``beside_of`` (``beside`` None), beside a tile of one of those types."""

    owner: int
    tile: int
    squares: tuple[int, ...] | None
    beside: int | None
    choices: tuple[int, ...] = ()
    beside_of: tuple[int, ...] = ()


#: A tile type as read from the tile set: name, count, acts as the Duke, abilities, grids,
#: classes.
_RawType = tuple[
    str,
    int,
    bool,
    tuple[str, ...],
    tuple[tuple[IconAt, ...], tuple[IconAt, ...]],
    tuple[str, ...],
]


@dataclass(frozen=True)
class Rules:
    """Immutable rules data for one game set of one tile set."""

    set_name: str
    geometry: Geometry
    types: tuple[TileType, ...]
    setup: tuple[SetupStep, ...]
    bags: tuple[tuple[int, ...], tuple[int, ...]]
    tileset_hash: str
    tables: Tables = field(repr=False, compare=False)
    by_name: Mapping[str, int] = field(repr=False, compare=False)
    #: The tile set's icons (its declarations; the base box's for the first format).
    icons: Vocabulary = field(repr=False, compare=False, default_factory=lambda: vocabulary_of({}))
    # Expanded play (what the rule features read): None when the game set
    # uses none of it, so base games keep the fast path; ``extras`` is always built.
    extras: Extras | None = field(default=None, repr=False, compare=False)
    expanded: Extras | None = field(default=None, repr=False, compare=False)
    first_turn: int = 0
    #: The game set this one was made from (an experiment's sets: ``derived_from``), else its
    #: own name: what the learned evaluation of a derived tile set is looked up by.
    origin: str = ""
    #: A hash of the tile set that renaming its tiles leaves alone (:func:`content_hash`).
    content_hash: str = field(default="", repr=False, compare=False)
    #: Per tile type, the first type the rules cannot tell from it (itself, unless another
    #: type is the same tile under another name and plays the same part in the game set):
    #: what a player that is blind to names takes each type for (see :func:`alike_types`).
    alike: tuple[int, ...] = field(default=(), repr=False, compare=False)
    # Per terrain layout, its masks and (where it folds in) the tables with it folded in
    # (dukec.engine.terrain.fold_tables, dukec.engine.baked), made on first use.
    layouts: dict[tuple[int, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    # Where a turning piece's grids reach (board.grid_reach), per terrain index, grid, square
    # and facing (as one number), made on first use by the feature that turns it.
    turned_reach: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    # The squares alone that a grid reaches, keyed as ``turned_reach``.
    turned_calm: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    # The lines of a tile's Slides through the obstacle's square, per ``key * size + square``
    # (key: code * size + the tile's square), made on first use (dukec.engine.movement).
    meet_lines: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    # The icons a feature lends tiles (a face of terrain that grants them), made on first use.
    lent_reach: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    #: The tile set as its canonical JSON text (what ``tileset_hash`` hashes), which a pickle
    #: of the rules holds.
    tileset_json: str = field(default="", repr=False, compare=False)
    # What the properties below build on first use, a slot each (a compiled class keeps no
    # instance dict for functools.cached_property; a list, not a dict: no key to hash).
    _made: list[Any] = field(
        default_factory=lambda: [None] * _SLOTS, init=False, repr=False, compare=False
    )
    # What the modules that read the rules make of them once (:meth:`made_ahead`), by the
    # function that makes it.
    _ahead: dict[Callable[[Rules], object], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def _once(self, slot: int, build: Callable[[Rules], _T]) -> _T:
        """What ``build(self)`` makes, made on first use and kept in ``slot``. (``build`` is the
        class's function, not a bound method, which would be an object made and freed on every
        read.)"""
        made = self._made[slot]
        if made is None:
            made = self._made[slot] = build(self)
        return cast(_T, made)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by value: the tile set's canonical JSON, the game set's name and whether the
        features' turn is forced (:meth:`with_expanded`). Loaded, the rules are made again,
        once per process: where they were pickled, or once loaded, the same rules come back."""
        # Forced: the features' turn on where the game set uses no feature.
        forced = self.expanded is not None and not self.expanded.used
        _remember((self.tileset_hash, self.set_name, forced), self)
        return (rules_from_json, (self.tileset_json, self.set_name, forced))

    def with_expanded(self) -> Rules:
        """The same rules with the features' turn forced on (for a position on a base set that
        holds a feature's state)."""
        if self.expanded is not None or self.extras is None:
            return self
        return replace(self, expanded=self.extras)

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per square, the squares sharing a side with it."""
        return self._once(_NEIGHBOURS, Rules._neighbours)

    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.geometry.neighbours(s) for s in range(self.geometry.size))

    @property
    def around(self) -> tuple[frozenset[int], ...]:
        """Per square, the squares touching it by a side or a corner."""
        made: tuple[frozenset[int], ...] | None = self._made[_AROUND]  # read every turn
        return made if made is not None else self._once(_AROUND, Rules._around)

    def _around(self) -> tuple[frozenset[int], ...]:
        geometry = self.geometry
        found = []
        for square in range(geometry.size):
            file, rank = geometry.coords(square)
            near = (geometry.at(file + dx, rank + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            found.append(frozenset(q for q in near if q is not None and q != square))
        return tuple(found)

    @property
    def reach(self) -> Reach:
        """The icon tables of game sets with features (built on first use)."""
        return self._once(_REACH, Rules._reach)

    def _reach(self) -> Reach:
        sides = [
            tuple((i.icon, i.dx, i.dy) for i in tile.sides[side])
            for tile in self.types
            for side in (FRONT, BACK)
        ]
        return build_reach(self.geometry, sides, self.icons.areas)

    @property
    def traits(self) -> Traits:
        """What the features of a game set with them make its games do (built on first use)."""
        return self._once(_TRAITS, Rules._traits)

    def _traits(self) -> Traits:
        extras = self.expanded if self.expanded is not None else self.extras
        assert extras is not None
        in_play = {*self.bags[0], *self.bags[1], *(s.tile for s in self.setup if s.tile >= 0)}
        return build_traits(extras, self.reach, frozenset(in_play | set(extras.brought_in)))

    @property
    def setup_tiles(self) -> tuple[int, ...]:
        """Per set-up step, the tile type it places (-1: the player chooses from ``choices``)."""
        return self._once(_SETUP_TILES, Rules._setup_tiles)

    def _setup_tiles(self) -> tuple[int, ...]:
        return tuple(step.tile for step in self.setup)

    def made_ahead(self, build: Callable[[Rules], _T]) -> _T:
        """What ``build(self)`` makes, made on first use (or ahead of play: see
        :data:`AHEAD_OF_PLAY`) and kept with the rules: what a module that reads the rules
        makes of them once, such as the features' registry
        (:func:`dukec.engine.features.registry_of`)."""
        made = self._ahead.get(build)
        if made is None:
            made = self._ahead[build] = build(self)
        return cast(_T, made)

    @property
    def untouched(self) -> tuple[bytes, ...]:
        """Per square, which table entries (``code * size + square``) have icons that neither
        reach, cross nor leap it: byte ``k`` is 1 where entry ``k``'s do not, else 0. (A
        layout's entries the base tables give: these of its squares and-ed; a layout of one
        square's are its bytes as they are.)"""
        return self._once(_UNTOUCHED, Rules._untouched)

    def _untouched(self) -> tuple[bytes, ...]:
        reach = self.reach
        keys = len(reach.moves)
        found = [bytearray(b"\x01" * keys) for _ in range(self.geometry.size)]
        for k in range(keys):
            squares: set[int] = set()
            for target, cells in reach.moves[k]:
                squares.add(target)
                squares.update(cells)
            for target, paths in reach.jumps[k]:
                squares.add(target)
                for path in paths:
                    squares.update(path)
            for _how, leaped, line in reach.rays[k]:
                squares.update(line)
                if leaped >= 0:
                    squares.add(leaped)
            for target, line in reach.strikes[k]:
                squares.add(target)
                squares.update(line)
            squares.update(reach.commands[k])
            for square in squares:
                found[square][k] = 0
        return tuple(bytes(entries) for entries in found)

    @property
    def crossing(self) -> tuple[bytes, ...]:
        """Per square, which table entries (``code * size + square``) have Slide or Jump Slide
        lines that cross it (whose lines may meet an obstacle standing there): byte ``k`` is 1
        where entry ``k``'s do, else 0."""
        made: tuple[bytes, ...] | None = self._made[_CROSSING]  # read every turn
        return made if made is not None else self._once(_CROSSING, Rules._crossing)

    def _crossing(self) -> tuple[bytes, ...]:
        rays = self.reach.rays
        found = [bytearray(len(rays)) for _ in range(self.geometry.size)]
        for k, lines in enumerate(rays):
            for _how, _leaped, line in lines:
                for square in line:
                    found[square][k] = 1
        return tuple(bytes(entries) for entries in found)

    @property
    def move_actions(self) -> tuple[tuple[ActionTuple, ...], ...]:
        """The move from ``frm`` to ``to`` at ``[frm][to]``: one tuple for each, made once, so
        that listing a position's actions makes none."""
        return self._once(_MOVE_ACTIONS, Rules._move_pairs)

    @property
    def strike_actions(self) -> list[ActionTuple | None]:
        """The strike from ``frm`` on ``to`` at ``[frm * size + to]`` once a game has listed it
        (None before: :func:`dukec.engine.tablemoves.pseudo` makes it). Strikes are few: only
        those met are made, not one per pair of squares (1,296 on a 6x6 board) in every set's
        first game."""
        return self._once(_STRIKE_ACTIONS, Rules._no_strikes)

    def _move_pairs(self) -> tuple[tuple[ActionTuple, ...], ...]:
        # Lists made into tuples, not generators: compiled, a generator is an object per row
        # resumed once per square (the first game of every set makes these 1,296 tuples).
        size = self.geometry.size
        rows = []
        for frm in range(size):
            rows.append(tuple([(MOVE, frm, to, -1, -1) for to in range(size)]))
        return tuple(rows)

    def _no_strikes(self) -> list[ActionTuple | None]:
        size = self.geometry.size
        return [None] * (size * size)

    def type_named(self, name: str) -> int:
        """The index of the tile type called ``name`` (RulesError with a suggestion if none)."""
        found = lookup(name, self.by_name)
        index = self.by_name.get(found) if found is not None else None
        if index is None:
            raise RulesError(f"unknown tile {name!r}{_suggest(name, self.by_name)}")
        return index

    def code(self, tile: int, side: int, owner: int) -> int:
        """The piece code of a tile type on a side for an owner."""
        return (tile * 2 + side) * 2 + owner


def rules_from_json(text: str, set_name: str, forced: bool = False) -> Rules:
    """The rules of the game set ``set_name`` of the tile set whose canonical JSON is ``text``
    (with the features' turn forced on if ``forced``): what a pickle of rules loads as, made
    once per process."""
    key = (hash_of(text), set_name, forced)
    found = _PICKLED.get(key)
    if found is None:
        found = load_rules(json.loads(text), set_name)
        if forced:
            found = found.with_expanded()
        _remember(key, found)
    return found


def _remember(key: tuple[str, str, bool], rules: Rules) -> None:
    """Keep ``rules`` as the ones a pickle of ``key`` loads as (the rules pickled last win, so
    that a pickle loaded where it was made gives back those very rules)."""
    _PICKLED.pop(key, None)
    if len(_PICKLED) >= _PICKLED_KEPT:
        del _PICKLED[next(iter(_PICKLED))]
    _PICKLED[key] = rules


def kinds_of(rules: Rules) -> int:
    """How many terrain tiles the rules' games with features know (0 without features)."""
    extras = rules.expanded
    return len(extras.terrain_types) if extras is not None else 0


def set_names(tileset: Mapping[str, Any]) -> list[str]:
    """Names of the game sets in a tile set."""
    return [str(s["name"]) for s in tileset.get("sets", [])]


def load_rules(tileset: Mapping[str, Any], set_name: str | None = None) -> Rules:
    """Compile a tile set dict and one of its game sets (default ``base``, else the first)."""
    if not isinstance(tileset, Mapping):
        kind = type(tileset).__name__
        raise RulesError(f"a tile set is a dict, the compiler's output (not {kind})")
    try:
        return _load(tileset, set_name)
    except (KeyError, TypeError, IndexError) as error:
        raise RulesError(f"malformed tile set: missing or bad field {error}") from None


def _suggest(name: str, choices: Mapping[str, Any] | list[str]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _load(tileset: Mapping[str, Any], set_name: str | None) -> Rules:
    if tileset.get("format") not in (FORMAT, FORMAT_1):
        raise RulesError(f"not a compiled tile set (expected format {FORMAT!r})")
    icons = vocabulary_of(tileset)
    sets = {str(s["name"]): s for s in tileset["sets"]}
    if not sets:
        raise RulesError("the tile set defines no game set")
    if set_name is None:
        set_name = "base" if "base" in sets else next(iter(sets))
    if set_name not in sets:
        raise RulesError(f"no game set named {set_name!r}{_suggest(set_name, list(sets))}")
    game_set = sets[set_name]
    geometry = Geometry(int(game_set["board"]["files"]), int(game_set["board"]["ranks"]))

    troops = [t for t in tileset["tiles"] if t["kind"] == "troop"]
    # Order types by content, never by name, so renaming tiles changes nothing but the names.
    troops.sort(key=lambda t: (content(t), t["name"]))

    def grid(tile: Mapping[str, Any], side: str) -> tuple[IconAt, ...]:
        return tuple(
            IconAt(declared(tile, str(i["icon"])), int(i["at"][0]), int(i["at"][1]))
            for i in tile["sides"][side]["icons"]
        )

    def declared(tile: Mapping[str, Any], name: str) -> Icon:
        if name not in icons.by_name:
            known = list(icons.by_name)
            raise RulesError(
                f"tile {tile['name']!r} shows icon {name!r}, which the tile set does not "
                f"declare{_suggest(name, known)}"
            )
        return icons.by_name[name]

    raw_types: list[_RawType] = [
        (
            str(t["name"]),
            int(t["count"]),
            bool(t.get("acts_as_duke", False)),
            tuple(str(a) for a in t.get("abilities", [])),
            (grid(t, "front"), grid(t, "back")),
            tuple(str(c) for c in t.get("classes", [])),
        )
        for t in troops
    ]
    by_name = {name: index for index, (name, *_rest) in enumerate(raw_types)}

    def lookup(name: str, where: str) -> int:
        if name not in by_name:
            raise RulesError(
                f"set {set_name!r}: {where} names unknown tile {name!r}{_suggest(name, by_name)}"
            )
        return by_name[name]

    members: dict[str, tuple[int, ...]] = {}
    for index, raw in enumerate(raw_types):
        for name in raw[5]:
            members[name] = (*members.get(name, ()), index)

    def of_class(name: str, where: str) -> tuple[int, ...]:
        if name not in members:
            raise RulesError(
                f"set {set_name!r}: {where} names unknown class {name!r}"
                f"{_suggest(name, list(members))}"
            )
        return members[name]

    setup: list[SetupStep] = []
    bags: list[tuple[int, ...]] = []
    for owner, army in enumerate(game_set["armies"][:2]):
        for entry in army["start"]:
            choices: tuple[int, ...] = ()
            beside_of: tuple[int, ...] = ()
            if "class" in entry:
                tile = -1
                choices = of_class(str(entry["class"]), f"army {owner} start")
            else:
                tile = lookup(str(entry["tile"]), f"army {owner} start")
            squares: tuple[int, ...] | None = None
            beside: int | None = None
            if "squares" in entry:
                found = []
                for name in entry["squares"]:
                    square = geometry.parse(str(name))
                    if square is None:
                        raise RulesError(
                            f"set {set_name!r}: start square {name!r} is off the "
                            f"{geometry.files}x{geometry.ranks} board"
                        )
                    found.append(square if owner == 0 else geometry.rotate(square))
                squares = tuple(found)
            elif "beside_class" in entry:
                beside_of = of_class(str(entry["beside_class"]), f"army {owner} start 'beside'")
            else:
                beside = lookup(str(entry["beside"]), f"army {owner} start 'beside'")
                beside_of = (beside,)
            setup.extend(
                SetupStep(owner, tile, squares, beside, choices, beside_of)
                for _ in range(int(entry["count"]))
            )
        bag: list[int] = []
        for stack in army["bag"]:
            bag.extend([lookup(str(stack["tile"]), f"army {owner} bag")] * int(stack["count"]))
        bags.append(tuple(sorted(bag)))
    if len(bags) != 2:
        raise RulesError(f"set {set_name!r} must have two armies")

    for owner in (0, 1):
        dukes = [s for s in setup if s.owner == owner and s.tile >= 0 and raw_types[s.tile][2]]
        if len(dukes) > 1 or any(raw_types[t][2] for t in bags[owner]):
            raise RulesError(
                f"set {set_name!r}: army {owner} may have one tile acting as the Duke, "
                "placed at set-up (none in the bag)"
            )
    duke_squares: list[tuple[int, ...]] = [(), ()]
    for step in setup:
        if step.tile >= 0 and raw_types[step.tile][2] and step.squares is not None:
            duke_squares[step.owner] = step.squares

    def fail(message: str) -> RulesError:
        return RulesError(f"set {set_name!r}: {message}")

    extras = build_extras(
        tileset,
        game_set,
        troops,
        lookup,
        (duke_squares[0], duke_squares[1]),
        fail,
        icons,
        of_class,
    )
    first_turn = setup[0].owner if setup else 0
    if extras.objective.first_turn == "last_setup" and setup:
        first_turn = setup[-1].owner
    text = canonical_json(tileset)
    tables, values = compile_tables(geometry, [(raw[2], raw[4]) for raw in raw_types])
    types = tuple(
        TileType(index, name, count, duke, abilities, sides, values[index], classes)
        for index, (name, count, duke, abilities, sides, classes) in enumerate(raw_types)
    )
    rules = Rules(
        set_name=set_name,
        geometry=geometry,
        types=types,
        setup=tuple(setup),
        bags=(bags[0], bags[1]),
        tileset_hash=hash_of(text),
        tables=tables,
        by_name=by_name,
        icons=icons,
        extras=extras,
        expanded=extras if extras.used else None,
        first_turn=first_turn,
        origin=str(game_set.get("derived_from", set_name)),
        content_hash=content_hash(tileset),
        alike=alike_types(
            [content(t) for t in troops],
            [(step.beside, step.owner) for step in setup if step.beside is not None],
            extras,
        ),
        tileset_json=text,
    )
    if rules.expanded is not None:
        # Built now, not inside the first game (with what the features make ahead of play).
        rules.reach  # noqa: B018
        for build in AHEAD_OF_PLAY:
            rules.made_ahead(build)
    return rules
