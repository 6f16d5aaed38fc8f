"""Experiments as tile-set JSON: each builds one tile set holding the two armies to compare.

- self-play: a set's own armies against each other (what does moving first give?);
- replace: every OLD tile of an army becomes NEW, against the unchanged army;
- sets: one set's army against another set's.

The result holds two game sets: army A seated first, and army B seated first.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from dukec.engine import RulesError, load_rules
from dukec.icons import FORMAT, Vocabulary, VocabularyError, base, merged, vocabulary_of
from dukec.names import lookup
from dukec.tileset import ExperimentError, UnknownName, army_tiles, did_you_mean, find_set

AB_SET = "balance-a-first"
BA_SET = "balance-b-first"


@dataclass(frozen=True, slots=True)
class Experiment:
    """Two armies in one tile set, with the words a verdict needs."""

    kind: str
    tileset: dict[str, Any]
    sets: tuple[str, str]
    labels: tuple[str, str]
    subject: str
    opponent: str
    replaced: tuple[str, str] | None = None
    """For a replacement: (old tile, new tile)."""
    first_seat: int = 0
    """Self-play: the seat that takes the first turn (the set's rules may give it to seat 1)."""
    alike: bool = True
    """Self-play: whether both seats play the same army (else the verdict compares armies)."""
    game: str = ""
    """The game set played (the first one, for two sets' armies)."""
    swap: bool | None = None
    """Whether the armies swap seats game by game (by default when the two game sets differ)."""

    def describe(self) -> str:
        """A few words saying what is compared."""
        if self.replaced is not None:
            return f"{self.replaced[1]} in place of {self.replaced[0]}"
        if self.kind == "self-play":
            return f"self-play of {self.sets[0]!r}"
        return f"{self.labels[0]} against {self.labels[1]}"


def _tiles(tileset: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {tile["name"]: tile for tile in tileset.get("tiles", [])}


def replace_in_army(army: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A copy of ``army`` with every ``old`` (set-up, bag, and 'beside' references) made ``new``."""
    result = copy.deepcopy(army)
    for entry in result["start"]:
        if entry["tile"] == old:
            entry["tile"] = new
        if entry.get("beside") == old:
            entry["beside"] = new
    bag: dict[str, int] = {}
    for stack in result["bag"]:
        name = new if stack["tile"] == old else stack["tile"]
        bag[name] = bag.get(name, 0) + stack["count"]
    result["bag"] = [{"tile": name, "count": bag[name]} for name in sorted(bag)]
    return result


def split_replacement(text: str) -> tuple[str, str]:
    """``OLD=NEW``: the tile of the set and the tile that takes its place; ValueError if the
    text is not of that form."""
    old, sep, new = text.partition("=")
    if not sep or not old.strip() or not new.strip():
        raise ValueError("expected OLD=NEW, for example Knight=Paladin")
    return old.strip(), new.strip()


def _both_seatings(
    tiles: dict[str, dict[str, Any]],
    template: dict[str, Any],
    a: dict[str, Any],
    b: dict[str, Any],
    order: list[str] | None,
    icons: Vocabulary | None,
) -> dict[str, Any]:
    """A tile set of two game sets like ``template``: AB_SET with armies ``a`` then ``b``,
    BA_SET with ``b`` then ``a``, holding ``tiles`` (in ``order``, or by name) and the icons they
    show (``icons``, by default the base box's)."""
    sets = []
    for name, armies in ((AB_SET, [a, b]), (BA_SET, [b, a])):
        entry = copy.deepcopy(template)
        entry["name"] = name
        # What the search's learned evaluation is looked up by (dukec.players.learned).
        entry["derived_from"] = template.get("derived_from", template["name"])
        entry["armies"] = copy.deepcopy(armies)
        sets.append(entry)
    return {
        "format": FORMAT,
        "icons": (icons if icons is not None else base()).to_json(),
        "tiles": [copy.deepcopy(tiles[name]) for name in order or sorted(tiles)],
        "sets": sets,
    }


def two_armies(
    tiles: dict[str, dict[str, Any]],
    template: dict[str, Any],
    armies: tuple[dict[str, Any], dict[str, Any]],
    order: list[str] | None = None,
    icons: Vocabulary | None = None,
    *,
    kind: str,
    labels: tuple[str, str],
    subject: str,
    opponent: str,
    replaced: tuple[str, str] | None = None,
) -> Experiment:
    """Army A against army B in one tile set of ``tiles`` (in ``order``, or by name) and
    ``icons`` (by default the base box's), in two game sets like ``template``: army A seated
    first in AB_SET and second in BA_SET, so that seats alternate. Every experiment between two
    armies is built here, with the words its verdict says; its game is the template's."""
    return Experiment(
        kind=kind,
        tileset=_both_seatings(tiles, template, *armies, order, icons),
        sets=(AB_SET, BA_SET),
        labels=labels,
        subject=subject,
        opponent=opponent,
        replaced=replaced,
        game=template["name"],
    )


def listed_after(names: list[str] | dict[str, Any], old: str, new: list[str]) -> list[str]:
    """The tile names in order, by name, but ``new`` right after ``old``.

    The engine orders a bag by tile type, in the tile set's order, and a draw takes a bag
    position. With NEW listed right after OLD, NEW holds in a variant army's bag the positions
    OLD holds in the standard one, so the k-th draw of a pair's two games takes the same tile,
    NEW for OLD (when NEW was not in the army already).
    """
    order = [name for name in sorted(names) if name not in new]
    at = order.index(old) + 1
    order[at:at] = new
    return order


def own_armies(
    tileset: dict[str, Any],
    game: str,
    *,
    kind: str,
    labels: tuple[str, str],
    subject: str,
    opponent: str,
    first_seat: int = 0,
    alike: bool = True,
    swap: bool | None = None,
) -> Experiment:
    """A game set's own armies, as the set plays them (a copy of the tile set): self-play and
    the ladder's pairings are built here, with the words their verdicts say."""
    return Experiment(
        kind=kind,
        tileset=copy.deepcopy(tileset),
        sets=(game, game),
        labels=labels,
        subject=subject,
        opponent=opponent,
        first_seat=first_seat,
        alike=alike,
        game=game,
        swap=swap,
    )


def icons_of(tileset: dict[str, Any], source: dict[str, Any] | None = None) -> Vocabulary:
    """The icons of a tile set and of one given beside it (the first's, then the second's
    others); ExperimentError where the two declare an icon otherwise."""
    icons = vocabulary_of(tileset)
    if source is None:
        return icons
    try:
        return merged(icons, vocabulary_of(source))
    except VocabularyError as error:
        raise ExperimentError(f"the tile sets cannot be played together: {error}") from None


def first_seat(tileset: dict[str, Any], game_set: dict[str, Any]) -> int:
    """The seat that takes the first turn: 0, or with ``first_turn last_setup`` the seat that
    placed the last set-up tile (0 if the engine cannot read the set; it says why later)."""
    try:
        return load_rules(tileset, game_set["name"]).first_turn
    except RulesError:
        return 0


def armies_alike(game_set: dict[str, Any]) -> bool:
    """Whether both seats of a set play the same army (tiles, set-up, bag, own objectives)."""
    armies = game_set.get("armies", [])
    return len(armies) == 2 and armies[0] == armies[1]


def self_play(tileset: dict[str, Any], set_name: str | None) -> Experiment:
    """A set's first army against its second, seats fixed: army A always sits in seat 0.

    With the same army in both seats the sides are named by who moves first; with different
    armies (a set such as Dark Rider) by army, and the verdict compares the armies.
    """
    game_set = find_set(tileset, set_name)
    name = game_set["name"]
    first = first_seat(tileset, game_set)
    alike = armies_alike(game_set)
    if not alike:
        labels, subject = ("first army", "second army"), "The first army"
        opponent = f"the second army in self-play of {name!r}"
    elif first == 0:
        labels, subject = ("first player", "second player"), "The first player"
        opponent = f"the second in self-play of {name!r}"
    else:
        labels, subject = ("second player", "first player"), "The second player"
        opponent = f"the first in self-play of {name!r}"
    return own_armies(
        tileset,
        name,
        kind="self-play",
        labels=labels,
        subject=subject,
        opponent=opponent,
        first_seat=first,
        alike=alike,
    )


def replace(
    tileset: dict[str, Any],
    set_name: str | None,
    old: str,
    new: str,
    source: dict[str, Any] | None = None,
) -> Experiment:
    """Army A has every ``old`` tile replaced by ``new``; army B is the set's own.

    ``new`` comes from ``source`` (a tile set given apart, which wins on a name clash) or from
    ``tileset`` itself. Seats alternate, so each army moves first in half the games.
    """
    game_set = find_set(tileset, set_name)
    if not armies_alike(game_set):
        raise ExperimentError(
            f"game set {game_set['name']!r} gives its two seats different armies; --replace "
            f"plays an army against itself with one tile changed, seats alternating, so it "
            f"needs a set whose armies are alike"
        )
    tiles = _tiles(tileset)
    extra = _tiles(source) if source is not None else {}
    # Names in any case, as every command takes them.
    old = lookup(old, tiles) or old
    new = lookup(new, extra) or lookup(new, tiles) or new
    if old not in tiles:
        raise UnknownName(f"no tile {old!r} in the tile set{did_you_mean(old, sorted(tiles))}")
    in_armies = [old in army_tiles(army) for army in game_set["armies"]]
    if not any(in_armies):
        raise ExperimentError(
            f"tile {old!r} is in no army of game set {game_set['name']!r}, so there is nothing "
            f"to replace"
        )
    if new in extra:
        tiles[new] = copy.deepcopy(extra[new])
    elif new not in tiles:
        known = sorted(set(tiles) | set(extra))
        where = "the tile set or the file given with --with" if source else "the tile set"
        raise UnknownName(
            f"no tile {new!r} in {where}{did_you_mean(new, known)}; "
            f"give the file that defines it with --with PATH"
        )
    if new == old:
        raise ExperimentError(f"a tile cannot replace itself ({old!r})")
    if tiles[new].get("kind") != tiles[old].get("kind"):
        raise ExperimentError(f"{new!r} is a {tiles[new].get('kind')} tile; {old!r} is not")
    if tiles[new].get("acts_as_duke", False) != tiles[old].get("acts_as_duke", False):
        which, other = (old, new) if tiles[old].get("acts_as_duke", False) else (new, old)
        raise ExperimentError(
            f"{which!r} acts as the Duke and {other!r} does not; a tile acting as the Duke "
            f"can only be replaced by another that does"
        )
    # The variant army holds as many NEW tiles as the standard one held OLD ones.
    tiles[new] = {**tiles[new], "count": max(tiles[new]["count"], tiles[old]["count"])}
    armies = game_set["armies"]
    variant = [replace_in_army(army, old, new) for army in armies]
    return two_armies(
        tiles,
        game_set,
        (variant[0], armies[1]),
        listed_after(tiles, old, [new]),
        icons_of(tileset, source),
        kind="replace",
        labels=(f"with {new}", f"with {old}"),
        subject=new,
        opponent=f"the {old} it replaces",
        replaced=(old, new),
    )


def sets_against(
    tileset_a: dict[str, Any],
    set_a: str | None,
    tileset_b: dict[str, Any],
    set_b: str | None,
) -> Experiment:
    """The first army of one set against the first army of another, seats alternating.

    The board and terrain are those of the first set; tiles of the same name must agree.
    """
    game_a = find_set(tileset_a, set_a)
    game_b = find_set(tileset_b, set_b)
    if game_a["board"] != game_b["board"]:
        raise ExperimentError(
            f"game sets {game_a['name']!r} and {game_b['name']!r} use different boards"
        )
    tiles = _tiles(tileset_a)
    for name, tile in _tiles(tileset_b).items():
        if name in tiles and tiles[name] != tile:
            raise ExperimentError(
                f"tile {name!r} is defined differently in the two tile sets; rename one of them"
            )
        tiles[name] = tile
    army_a = game_a["armies"][0]
    army_b = game_b["armies"][0]
    # Start squares are written as each owner sees the board, so army 0 can sit in either seat.
    label_a, label_b = game_a["name"], game_b["name"]
    if label_a == label_b:
        label_a, label_b = f"{label_a} (first set)", f"{label_b} (second set)"
    return two_armies(
        tiles,
        game_a,
        (army_a, army_b),
        None,
        icons_of(tileset_a, tileset_b),
        kind="sets",
        labels=(label_a, label_b),
        subject=f"Set {game_a['name']!r}",
        opponent=f"set {game_b['name']!r}",
    )
