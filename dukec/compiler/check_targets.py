"""Check stage, what a game set names by class and how pack tiles come in.

Targets (`Morgana, class witch`) of `win capture every` and `place beside`; start entries that
take a tile of a class from the bag (`start class musketeer on c1, d1`); a set's `swap`
statement (`swap on draw Conan for Champion, ...`); and, across the tile set, what a terrain
tile's faces name (`flips_to`, the classes of `grants_to`). Every problem is reported with the
words to write instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from dukec.compiler import ast
from dukec.compiler.check_report import Reporter
from dukec.compiler.diagnostics import did_you_mean, quote_list
from dukec.compiler.model import Army, Targets, Tile
from dukec.compiler.vocabulary import Kind

#: How a set's `swap` statement says when pack tiles come in, and the JSON's word for each.
SWAP_WHEN = {("on", "draw"): "draw", ("by", "draft"): "draft", ("by", "choice"): "choice"}

#: Resolves a tile's name to a troop tile (None: reported).
Resolve = Callable[[ast.Word], Tile | None]


def known_classes(tiles: Mapping[str, Tile]) -> dict[str, tuple[str, ...]]:
    """Per class some troop tile declares, the names of its tiles (sorted)."""
    found: dict[str, list[str]] = {}
    for tile in tiles.values():
        if tile.kind is Kind.TROOP:
            for name in tile.classes:
                found.setdefault(name, []).append(tile.name)
    return {name: tuple(sorted(members)) for name, members in found.items()}


def class_ok(word: ast.Word, classes: Mapping[str, Sequence[str]], report: Reporter) -> bool:
    """Whether ``word`` names a class some troop tile declares (else reported)."""
    if word.text in classes:
        return True
    listed = quote_list(sorted(classes), "and") if classes else "none"
    report.error(
        word.pos,
        f"unknown class '{word.text}'{did_you_mean(word.text, classes)} "
        f"(a tile declares its classes with 'class NAME'; classes: {listed})",
    )
    return False


def targets(
    written: Sequence[ast.Target],
    resolve: Resolve,
    classes: Mapping[str, Sequence[str]],
    report: Reporter,
) -> Targets | None:
    """The tiles and classes written (each once), None if any is wrong (reported)."""
    tiles: list[str] = []
    named: list[str] = []
    ok = True
    for target in written:
        if target.of_class:
            if not class_ok(target.name, classes, report):
                ok = False
            elif target.name.text in named:
                report.error(target.name.pos, f"class '{target.name.text}' is listed twice")
                ok = False
            else:
                named.append(target.name.text)
            continue
        tile = resolve(target.name)
        if tile is None:
            ok = False
        elif tile.name in tiles:
            report.error(target.name.pos, f"'{tile.name}' is listed twice")
            ok = False
        else:
            tiles.append(tile.name)
    return Targets(tuple(sorted(tiles)), tuple(sorted(named))) if ok else None


def class_starts(
    army: ast.ArmyDef,
    checked: Army,
    known: Mapping[str, Tile],
    classes: Mapping[str, Sequence[str]],
    report: Reporter,
) -> None:
    """Start entries that take tiles of a class from the bag: the bag holds enough of them (each
    entry's count, the entries before it counted), and none acts as the Duke (it starts on
    its own squares)."""
    bag = dict(checked.bag)
    taken: dict[str, int] = {}
    for item in army.items:
        if not isinstance(item, ast.StartDecl) or not item.of_class:
            continue
        name = item.tile.text
        if name not in classes:
            continue  # reported as unknown
        members = classes[name]
        count = item.count.value if item.count is not None else 1
        # A tile of several classes may be counted for more than one entry: the bag must hold
        # at least the entries' tiles together.
        held = sum(bag.get(member, 0) for member in members)
        taken[name] = taken.get(name, 0) + count
        wanted = sum(taken.values())
        usable = sum(bag.get(tile, 0) for tile in {m for c in taken for m in classes.get(c, ())})
        if count > held or wanted > usable:
            tiles = "a tile" if count == 1 else f"{count} tiles"
            report.error(
                item.pos,
                f"this entry takes {tiles} of class '{name}' from the bag, but the bag holds "
                f"{held} (start entries before it take {wanted - count}); add them to the "
                "army's bag",
            )
        dukes = [m for m in members if known[m].acts_as_duke]
        if dukes:
            report.error(
                item.tile.pos,
                f"class '{name}' holds '{dukes[0]}', which acts as the Duke: it starts on its "
                "own squares, never from the bag",
            )


def swap(
    decl: ast.SwapDecl,
    resolve: Resolve,
    armies: Sequence[Army],
    report: Reporter,
) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """A set's `swap` statement: when, and the pairs (pack tile, the base tile it replaces);
    None if it is wrong (reported)."""
    words = (decl.when[0].text, decl.when[1].text)
    when = SWAP_WHEN.get(words)
    if when is None:
        choices = [" ".join(w) for w in SWAP_WHEN]
        report.error(
            decl.when[0].pos,
            f"unknown swap '{' '.join(words)}'{did_you_mean(' '.join(words), choices)} (write "
            "'swap on draw': in place of the base tile just drawn; 'swap by draft': picked in "
            "turn before play; or 'swap by choice': each player's before play)",
        )
        return None
    # Per tile, the most copies one army has of it (started or in the bag).
    in_armies: dict[str, int] = {}
    in_bags: set[str] = set()
    for army in armies:
        copies: dict[str, int] = {}
        for entry in army.start:
            if not entry.of_class:
                copies[entry.tile] = copies.get(entry.tile, 0) + entry.count
        for name, count in army.bag:
            copies[name] = copies.get(name, 0) + count
            in_bags.add(name)
        for name, count in copies.items():
            in_armies[name] = max(in_armies.get(name, 0), count)
    pairs: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    ok = True
    for pair in decl.pairs:
        tile, base = resolve(pair.tile), resolve(pair.replaced)
        if tile is None or base is None:
            ok = False
            continue
        problem = _pair_problem(tile, base, when, seen, in_armies, in_bags)
        if problem is not None:
            word, message = problem
            report.error(pair.tile.pos if word == "tile" else pair.replaced.pos, message)
            ok = False
            continue
        seen[tile.name] = "pack"
        seen[base.name] = "base"
        pairs.append((tile.name, base.name))
    return (when, tuple(pairs)) if ok else None


def _pair_problem(
    tile: Tile,
    base: Tile,
    when: str,
    seen: Mapping[str, str],
    in_armies: Mapping[str, int],
    in_bags: set[str],
) -> tuple[str, str] | None:
    """What is wrong with one pair of a swap (which word, and the message), if anything."""
    if tile.name == base.name:
        return "tile", f"'{tile.name}' cannot replace itself"
    for name, word in ((tile.name, "tile"), (base.name, "replaced")):
        if name in seen:
            return word, f"'{name}' is already in a pair of this swap: each tile is in one pair"
    if tile.name in in_armies:
        return (
            "tile",
            f"'{tile.name}' is in an army already: a pack tile lies beside the board until it is "
            "swapped in (a player never has both versions of a tile)",
        )
    if tile.acts_as_duke or base.acts_as_duke:
        which = tile if tile.acts_as_duke else base
        return (
            "tile" if which is tile else "replaced",
            f"'{which.name}' acts as the Duke: a swap replaces tiles of the bag and the army, "
            "not the Duke (write the pack's Duke in an army of its own)",
        )
    if when == "draw" and base.name not in in_bags:
        return (
            "replaced",
            f"'{base.name}' is in no army's bag, so it is never drawn to be swapped",
        )
    if base.name not in in_armies:
        return "replaced", f"'{base.name}' is in no army of this set: nothing to replace"
    copies = in_armies[base.name]
    if when == "choice" and tile.count < copies:
        # Chosen, it replaces every copy the player's army has (all or none).
        return (
            "tile",
            f"'{tile.name}' has count {tile.count}, but a player who chooses it replaces every "
            f"{base.name} of his army ({copies}): give it 'count {copies}'",
        )
    return None


def terrain_faces(
    definitions: Sequence[ast.TileDef],
    tiles: Mapping[str, Tile],
    classes: Mapping[str, Sequence[str]],
    reporters: Mapping[str, Reporter],
    paths: Mapping[int, str],
) -> None:
    """What terrain tiles' faces name: `flips_to` another terrain tile, which neither flips
    itself nor is flipped to by another; `flips_on` and `flips_back_on` only with it; the
    classes of `grants_to` declared by some tile, and a grid of icons to grant."""
    flipped_to: dict[str, str] = {}
    for definition in definitions:
        report = reporters[paths[id(definition)]]
        tile = tiles.get(definition.name.text)
        if tile is None or tile.kind is not Kind.TERRAIN or tile.terrain is None:
            continue
        props = {
            item.name.text: item for item in definition.items if isinstance(item, ast.PropertyDecl)
        }
        values = dict(tile.terrain)
        target = values.get("flips_to")
        if isinstance(target, str):
            where = props["flips_to"].values[0].pos
            other = tiles.get(target)
            if other is None or other.kind is not Kind.TERRAIN:
                terrain = [t.name for t in tiles.values() if t.kind is Kind.TERRAIN]
                report.error(
                    where,
                    f"flips_to names '{target}', which is not a terrain tile"
                    f"{did_you_mean(target, terrain)}",
                )
            elif other.name == tile.name:
                report.error(where, f"'{tile.name}' cannot flip to itself")
            elif "flips_to" in dict(other.terrain or ()):
                report.error(
                    where,
                    f"'{other.name}' flips to a tile of its own: a two-sided tile is one face "
                    f"that says 'flips_to' and the other face, which says nothing of flipping",
                )
            elif other.name in flipped_to:
                report.error(
                    where,
                    f"'{other.name}' is already the other face of '{flipped_to[other.name]}': "
                    "each face belongs to one tile",
                )
            else:
                flipped_to[other.name] = tile.name
        else:
            for key in ("flips_on", "flips_back_on"):
                if key in props:
                    report.error(
                        props[key].name.pos,
                        f"'{key}' says when the tile turns to its other face: give that face "
                        f"with 'flips_to NAME'",
                    )
        granted = values.get("grants_to")
        if isinstance(granted, tuple) and granted:
            for value in props["grants_to"].values:
                if isinstance(value, ast.Word):
                    class_ok(value, classes, report)
            if not any(tile.icons(side) for side, _ in tile.sides):
                report.error(
                    props["grants_to"].name.pos,
                    f"'{tile.name}' grants its front grid's icons, but it has none: add a "
                    "front grid (e.g. Command icons around '@')",
                )
