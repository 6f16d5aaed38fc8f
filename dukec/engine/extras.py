"""Rules data of expanded play: what lies on squares, abilities, icons' effects, objectives.

Read from the tile set like the base tables, once, and kept apart from them: a game set that
uses none of it plays on the base engine's fast path (``Rules.expanded`` is None there).
Everything here is data the tile set declares; nothing names a tile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any

from dukec.icons import MOVEMENTS, Effect, Icon, Vocabulary

ABILITIES = ("summon", "divination", "escape", "ransom")
FLAG_SQUARES = ("edge", "opponent_edge", "any")
FLAG_BARRED = ("none", "own", "opponent")
FIRST_TURN = ("first_setup", "last_setup")


@dataclass(frozen=True, slots=True)
class TerrainType:
    """A terrain tile and how it changes play (the schema's terrain properties)."""

    index: int
    name: str
    count: int
    occupants: int
    enter_with: frozenset[str]
    blocks_jump: bool
    blocks_slide: bool
    blocks_strike_line: bool
    shelters_from_strike: bool
    #: What a tile on it is sheltered from: each ``shelters_from_EFFECT`` property set, as its
    #: effect's name (``strike`` among them where ``shelters_from_strike`` is set).
    shelters: frozenset[str]
    allows_placement: bool
    carried: bool
    acts: bool
    placement: str
    # Grids of a terrain tile that acts (front, back): (icon, dx, dy) with +dy its facing.
    sides: tuple[tuple[tuple[Icon, int, int], ...], tuple[tuple[Icon, int, int], ...]]
    #: The tile's other face (a terrain index; -1: it has none), what turns this face over
    #: to it (``enter``, ``leave``, ``use``) and what turns it back.
    flips_to: int = -1
    flips_on: frozenset[str] = frozenset()
    flips_back_on: frozenset[str] = frozenset()
    #: The classes of troop tile that may use this face's front grid while on it.
    grants_to: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class WinCondition:
    """An army's extra way to win: ``capture`` N of the opponent's tiles of a type, or
    ``reach`` the opponent's home edge with N of its own tiles of a type."""

    by: str
    tile: int
    count: int


@dataclass(frozen=True, slots=True)
class Objective:
    """A game set's objective rules (``rules`` in the set; absent fields keep the base game)."""

    duke_capture_wins: bool = True
    lose_without_tiles: bool = False
    flag_squares: str = "any"
    flag_barred: str = "none"
    flag_passing: bool = False
    score_beside_flag: bool = False
    win_score: int = 0
    win_flag_home: bool = False
    first_turn: str = "first_setup"
    draft: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Swaps:
    """How pack tiles come in (``swap`` in the set): ``on`` draw, draft or choice ("": none),
    and the pairs (pack tile type, the base tile type it replaces), in the set's order."""

    on: str = ""
    pairs: tuple[tuple[int, int], ...] = ()
    #: The pack tiles to be swapped in on draw or picked in a draft: each pack tile as many
    #: times as its count (one shared copy in the packs), in type order.
    pool: tuple[int, ...] = ()


@dataclass(frozen=True)
class Extras:
    """Everything expanded play reads, for one game set of one tile set."""

    terrain_types: tuple[TerrainType, ...]
    # Terrain put on the board at set-up: (terrain index, count).
    set_terrain: tuple[tuple[int, int], ...]
    objective: Objective
    win: tuple[tuple[WinCondition, ...], tuple[WinCondition, ...]]
    freeze_at_edge: tuple[frozenset[int], frozenset[int]]
    # Squares where each player's Duke may set up (board squares), for Escape and Ransom.
    duke_squares: tuple[tuple[int, ...], tuple[int, ...]]
    # Per tile type: ability name -> sides (0 front, 1 back) it may be used on.
    abilities: tuple[Mapping[str, frozenset[int]], ...]
    used: bool = field(default=False)
    #: An objective other than taking every tile of the opponent (a flag home, a count of
    #: tiles captured or brought to the far edge) may end a game.
    wins_beyond_tiles: bool = field(default=False)
    #: The carried terrain lets every movement end on it (only who may end there can change).
    open_carried: bool = field(default=True)
    #: Per army, its ``win capture every`` conditions: each the tile types none of which may be
    #: left on the opponent's side of the board.
    capture_every: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]] = ((), ())
    #: Per capturer, whether capturing the opponent's Duke wins at once (not where a
    #: ``capture every`` of the capturer's names it).
    duke_wins: tuple[bool, bool] = (True, True)
    #: Per army, the tile types beside which it places drawn tiles (empty: its Duke).
    leaders: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    swaps: Swaps = field(default_factory=Swaps)
    #: Some terrain tile the set lays has two faces or grants icons; and some face of one
    #: grants icons.
    faces: bool = field(default=False)
    lends: bool = field(default=False)
    #: Some terrain tile of the tile set has faces (laid by this set or not).
    faced: bool = field(default=False)

    @property
    def brought_in(self) -> tuple[int, ...]:
        """The tile types the set brings into play besides its armies' (the draft's pool, the
        pack tiles of a swap)."""
        return self.objective.draft + tuple(tile for tile, _base in self.swaps.pairs)

    def named_in_order(self) -> list[tuple[int, tuple[str, int]]]:
        """Each tile type the set's draft or swaps name by its place in their lists, with that
        place: the draft's pool and the pack and base tile of each swap, in the set's order."""
        named: list[tuple[int, tuple[str, int]]] = [
            (tile, ("draft", place)) for place, tile in enumerate(self.objective.draft)
        ]
        for place, (pack, base) in enumerate(self.swaps.pairs):
            named += [(pack, ("swap in", place)), (base, ("swap out", place))]
        return named

    def shared(self) -> list[object]:
        """What a game keeps of this data for speed, which its copies share."""
        return [self.objective, self.terrain_types]


#: The terrain properties that shelter a tile from an effect start so.
_SHELTERS = "shelters_from_"


def _true(spec: Mapping[str, Any], key: str, default: bool = False) -> bool:
    return bool(spec.get(key, default))


def terrain_types(tileset: Mapping[str, Any], icons: Vocabulary) -> tuple[TerrainType, ...]:
    """Every terrain tile of a tile set, in name order (``icons``: the tile set's)."""
    found = []
    tiles = sorted((t for t in tileset["tiles"] if t["kind"] == "terrain"), key=lambda t: t["name"])
    index_of = {str(tile["name"]): index for index, tile in enumerate(tiles)}
    for index, tile in enumerate(tiles):
        spec = tile.get("terrain", {})
        sides = tuple(
            tuple(
                (icons.named(str(i["icon"])), int(i["at"][0]), int(i["at"][1]))
                for i in tile.get("sides", {}).get(side, {}).get("icons", [])
            )
            for side in ("front", "back")
        )
        found.append(
            TerrainType(
                index=index,
                name=str(tile["name"]),
                count=int(tile["count"]),
                occupants=int(spec.get("occupants", 0)),
                enter_with=frozenset(str(w) for w in spec.get("enter_with", [])),
                blocks_jump=_true(spec, "blocks_jump"),
                blocks_slide=_true(spec, "blocks_slide"),
                blocks_strike_line=_true(spec, "blocks_strike_line"),
                shelters_from_strike=_true(spec, "shelters_from_strike"),
                shelters=frozenset(
                    key.removeprefix(_SHELTERS)
                    for key, value in spec.items()
                    if key.startswith(_SHELTERS) and value
                ),
                allows_placement=_true(spec, "allows_placement"),
                carried=_true(spec, "carried"),
                acts=_true(spec, "acts"),
                placement=str(spec.get("placement", "random")),
                sides=(sides[0], sides[1]),
                flips_to=index_of.get(str(spec.get("flips_to", "")), -1),
                flips_on=frozenset(str(e) for e in spec.get("flips_on", [])),
                flips_back_on=frozenset(str(e) for e in spec.get("flips_back_on", [])),
                grants_to=frozenset(str(c) for c in spec.get("grants_to", [])),
            )
        )
    return tuple(found)


def build_extras(
    tileset: Mapping[str, Any],
    game_set: Mapping[str, Any],
    troops: list[Mapping[str, Any]],
    lookup: Callable[[str, str], int],
    duke_squares: tuple[tuple[int, ...], tuple[int, ...]],
    fail: Callable[[str], Exception],
    icons: Vocabulary,
    of_class: Callable[[str, str], tuple[int, ...]],
) -> Extras:
    """The expanded-play data of one game set; ``troops`` are the troop tiles in type order,
    ``icons`` the tile set's (``of_class``: the types of a class, ``lookup``: of a name, each
    failing on an unknown one)."""
    kinds = terrain_types(tileset, icons)
    by_name = {t.name: t.index for t in kinds}
    set_terrain = []
    for stack in game_set.get("terrain", []):
        name = str(stack["tile"])
        if name not in by_name:
            raise fail(f"set terrain names unknown terrain tile {name!r}")
        set_terrain.append((by_name[name], int(stack["count"])))
    # Order by content, never by name, so renaming tiles changes nothing but the names.
    set_terrain.sort(key=lambda entry: (_content(kinds[entry[0]]), entry[1]))
    spec = dict(game_set.get("rules", {}))
    for key, choices in (
        ("flag_squares", FLAG_SQUARES),
        ("flag_barred", FLAG_BARRED),
        ("first_turn", FIRST_TURN),
    ):
        if key in spec and spec[key] not in choices:
            raise fail(f"rule {key} is one of {', '.join(choices)}, not {spec[key]!r}")
    objective = Objective(
        duke_capture_wins=bool(spec.get("duke_capture_wins", True)),
        lose_without_tiles=bool(spec.get("lose_without_tiles", False)),
        flag_squares=str(spec.get("flag_squares", "any")),
        flag_barred=str(spec.get("flag_barred", "none")),
        flag_passing=bool(spec.get("flag_passing", False)),
        score_beside_flag=bool(spec.get("score_beside_flag", False)),
        win_score=int(spec.get("win_score", 0)),
        win_flag_home=bool(spec.get("win_flag_home", False)),
        first_turn=str(spec.get("first_turn", "first_setup")),
        draft=tuple(lookup(str(name), "rule draft") for name in spec.get("draft", [])),
    )
    wins: list[tuple[WinCondition, ...]] = []
    freezes: list[frozenset[int]] = []
    every: list[tuple[frozenset[int], ...]] = []
    leaders: list[frozenset[int]] = []
    dukes: list[int] = []

    def targets(found: Mapping[str, Any], where: str) -> frozenset[int]:
        types = {lookup(str(name), where) for name in found.get("tiles", [])}
        for name in found.get("classes", []):
            types.update(of_class(str(name), where))
        return frozenset(types)

    for owner, army in enumerate(game_set["armies"][:2]):
        every.append(
            tuple(targets(found, f"army {owner} win") for found in army.get("capture_every", []))
        )
        leaders.append(targets(army.get("place_beside", {}), f"army {owner} place"))
        duke = -1
        for entry in army["start"]:
            if "tile" in entry:
                found = lookup(str(entry["tile"]), f"army {owner} start")
                if troops[found].get("acts_as_duke"):
                    duke = found
        dukes.append(duke)
        wins.append(
            tuple(
                WinCondition(
                    str(w["by"]), lookup(str(w["tile"]), f"army {owner} win"), int(w["count"])
                )
                for w in army.get("win", [])
            )
        )
        freezes.append(
            frozenset(
                lookup(str(n), f"army {owner} freeze") for n in army.get("freeze_at_edge", [])
            )
        )
    abilities: list[Mapping[str, frozenset[int]]] = []
    for tile in troops:
        sides_of = tile.get("ability_sides", {})
        abilities.append(
            {
                str(a): frozenset(
                    ("front", "back").index(s) for s in sides_of.get(a, ["front", "back"])
                )
                for a in tile.get("abilities", [])
            }
        )
    swap = game_set.get("swap", {})
    pairs = tuple(
        (lookup(str(pair["tile"]), "swap"), lookup(str(pair["for"]), "swap"))
        for pair in swap.get("tiles", [])
    )
    pool = sorted(tile for tile, _base in pairs for _ in range(int(troops[tile]["count"])))
    swaps = Swaps(str(swap.get("on", "")), pairs, tuple(pool))
    in_play: set[str] = set()
    for army in game_set["armies"][:2]:
        in_play.update(str(e["tile"]) for e in army["start"] if "tile" in e)
        in_play.update(str(e["tile"]) for e in army["bag"])
    brought_names = {str(n) for n in spec.get("draft", [])}
    brought_names.update(str(pair["tile"]) for pair in swap.get("tiles", []))
    # An icon a rule feature plays: Dread, Defense, an area group's.
    uses_icons = any(
        icons.named(i["icon"]).effect.of_feature or bool(icons.named(i["icon"]).area)
        for t in troops
        if t["name"] in in_play | brought_names
        for side in t["sides"].values()
        for i in side.get("icons", [])
    )
    uses_abilities = any(t.get("abilities") for t in troops if t["name"] in in_play | brought_names)
    faces = any(
        kinds[index].flips_to >= 0 or kinds[index].grants_to for index, _count in set_terrain
    )
    lends = any(
        kinds[index].grants_to
        or (kinds[index].flips_to >= 0 and kinds[kinds[index].flips_to].grants_to)
        for index, _count in set_terrain
    )
    classed = any(
        "class" in e or "beside_class" in e for a in game_set["armies"] for e in a["start"]
    )
    used = bool(
        set_terrain
        or spec
        or any(wins)
        or any(freezes)
        or uses_icons
        or uses_abilities
        or any(every)
        or any(leaders)
        or swaps.pairs
        or classed
    )
    duke_wins = tuple(
        objective.duke_capture_wins and not any(dukes[owner ^ 1] in t for t in every[owner])
        for owner in (0, 1)
    )
    return Extras(
        terrain_types=kinds,
        set_terrain=tuple(set_terrain),
        objective=objective,
        win=(wins[0], wins[1]),
        freeze_at_edge=(freezes[0], freezes[1]),
        duke_squares=duke_squares,
        abilities=tuple(abilities),
        used=used,
        wins_beyond_tiles=bool(objective.win_flag_home or any(wins) or any(every)),
        open_carried=all(
            kind.occupants >= 1 and set(MOVEMENTS) <= kind.enter_with
            for kind in kinds
            if kind.carried
        ),
        capture_every=(every[0], every[1]),
        duke_wins=(duke_wins[0], duke_wins[1]),
        leaders=(leaders[0], leaders[1]),
        swaps=swaps,
        faces=faces,
        lends=lends,
        faced=any(kind.flips_to >= 0 or kind.grants_to for kind in kinds),
    )


def _content(kind: TerrainType) -> str:
    """A terrain tile's properties and grids without its name or index."""
    faces = (
        repr((kind.flips_to >= 0, sorted(kind.flips_on), sorted(kind.flips_back_on)))
        + repr(sorted(kind.grants_to))
        if kind.flips_to >= 0 or kind.grants_to
        else ""
    )
    sides = tuple(tuple((icon.name, dx, dy) for icon, dx, dy in side) for side in kind.sides)
    return (
        faces
        + repr((kind.count, sorted(kind.enter_with), kind.placement, sides))
        + repr(
            (
                kind.occupants,
                kind.blocks_jump,
                kind.blocks_slide,
                kind.blocks_strike_line,
                kind.shelters_from_strike,
                bool(kind.shelters - {Effect.STRIKE.value}),  # any shelter besides Strike's
                kind.allows_placement,
                kind.carried,
                kind.acts,
            )
        )
    )


@cache
def shortest_paths(dx: int, dy: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Cells strictly between (0, 0) and (dx, dy) on each shortest path of king steps.

    A straight line (rank, file or diagonal) has one such path; any other offset has several,
    and a Jump or Strike may take whichever avoids what blocks it.
    """
    steps = max(abs(dx), abs(dy))
    if steps <= 1:
        return ((),)
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        ux = (dx > 0) - (dx < 0)
        uy = (dy > 0) - (dy < 0)
        return (tuple((ux * k, uy * k) for k in range(1, steps)),)
    found: list[tuple[tuple[int, int], ...]] = []
    moves = list(product((-1, 0, 1), repeat=2))
    moves.remove((0, 0))

    def walk(x: int, y: int, left: int, cells: tuple[tuple[int, int], ...]) -> None:
        if left == 0:
            if (x, y) == (dx, dy):
                found.append(cells[:-1])
            return
        for mx, my in moves:
            nx, ny = x + mx, y + my
            if max(abs(dx - nx), abs(dy - ny)) <= left - 1:
                walk(nx, ny, left - 1, (*cells, (nx, ny)))

    walk(0, 0, steps, ())
    return tuple(dict.fromkeys(found))


def is_straight(dx: int, dy: int) -> bool:
    """Whether an offset lies on a rank, file or diagonal."""
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)
