"""Consistency of a compiled tile set: the rules a JSON Schema cannot say.

The compiler guarantees these for what it emits; a JSON file written by hand or by another tool
is checked here after the schema: the icon declarations (unique names and glyphs, the rules
of the algebra, :func:`dukec.icon_rules.problems`), unique tile names, declared icons a grid can
hold, names that refer to real tiles of the right kind, squares on the board; the army rules
(counts that add up, start entries, the tile acting as the Duke) are :mod:`dukec.compiler.armies`,
shared with the sources.
"""

from __future__ import annotations

from typing import Any

from dukec.compiler import armies
from dukec.compiler.diagnostics import did_you_mean
from dukec.compiler.vocabulary import parse_square
from dukec.icon_rules import problems as icon_problems
from dukec.icons import Icon, icon_from_dict

JsonPath = list[str | int]


def _check_icons(data: dict[str, Any], problems: list[tuple[JsonPath, str]]) -> dict[str, Icon]:
    """The declared icons by name (those without a problem), each problem recorded."""
    declared: dict[str, Icon] = {}
    folded: dict[str, str] = {}
    glyphs: dict[str, str] = {}
    for index, item in enumerate(data["icons"]):
        here: JsonPath = ["icons", index]
        icon = icon_from_dict(item, index)
        first = folded.get(icon.name.casefold())
        if first is not None:
            problems.append(
                (
                    [*here, "name"],
                    f"icon '{icon.name}' is declared twice"
                    if first == icon.name
                    else f"icon '{icon.name}' differs from '{first}' only "
                    "in case; icon names are unique without regard to case",
                )
            )
            continue
        if icon.glyph in glyphs:
            problems.append(
                ([*here, "glyph"], f"glyph '{icon.glyph}' is icon '{glyphs[icon.glyph]}''s already")
            )
            continue
        folded[icon.name.casefold()] = icon.name
        glyphs[icon.glyph] = icon.name
        wrong = icon_problems(icon)
        for prop, message in wrong:
            key = "character" if prop == "characters" else prop
            problems.append(([*here, key], message))
        if not wrong:
            declared[icon.name] = icon
    return declared


def _check_tile(
    index: int,
    tile: dict[str, Any],
    icons: dict[str, Icon],
    listed: set[str],
    problems: list[tuple[JsonPath, str]],
) -> None:
    for side_name, side in tile["sides"].items():
        seen: set[tuple[str, int, int]] = set()
        for position, icon in enumerate(side["icons"]):
            here: JsonPath = ["tiles", index, "sides", side_name, "icons", position]
            kind, at = icon["icon"], tuple(icon["at"])
            declared = icons.get(kind)
            if declared is None and kind not in listed:
                problems.append(
                    ([*here, "icon"], f"'{kind}' is no declared icon{did_you_mean(kind, icons)}")
                )
            elif at == (0, 0):
                problems.append((here, f"{kind} at [0, 0]: the tile's own square holds no icon"))
            elif declared is not None and not declared.placement.allows(at):
                words = declared.placement.json_error
                problems.append((here, f"{kind} at {list(at)} is not {words}"))
            key = (kind, at[0], at[1])
            if key in seen:
                problems.append((here, f"{kind} at {list(at)} is listed twice"))
            seen.add(key)
    for ability in tile.get("ability_sides", {}):
        if ability not in tile["abilities"]:
            problems.append(
                (
                    ["tiles", index, "ability_sides", ability],
                    f"'{ability}' has sides but is not one of the tile's abilities",
                )
            )
    if tile["kind"] == "troop" and "terrain" in tile:
        problems.append((["tiles", index, "terrain"], "a troop tile has no terrain properties"))


def _check_army(
    path: JsonPath,
    army: dict[str, Any],
    tiles: dict[str, dict[str, Any]],
    board: dict[str, int],
    problems: list[tuple[JsonPath, str]],
    shared: dict[str, int] | None = None,
) -> None:
    def troop(here: JsonPath, name: str) -> bool:
        tile = tiles.get(name)
        if tile is None:
            problems.append((here, f"unknown tile '{name}'"))
            return False
        if tile["kind"] != "troop":
            problems.append((here, f"'{name}' is a terrain tile; a troop tile goes here"))
            return False
        return True

    def entry(started: bool, here: JsonPath, item: dict[str, Any]) -> armies.Entry[JsonPath]:
        tile = tiles[item["tile"]]
        squares = item.get("squares", [])
        beside = item.get("beside")
        return armies.Entry(
            started,
            item["tile"],
            item["count"],
            tile["count"],
            bool(tile.get("acts_as_duke", False)),
            here,
            len(squares),
            [*here, "squares"] if squares else None,
            beside if beside in tiles else None,
            [*here, "beside"] if beside is not None else None,
        )

    classes = {c for tile in tiles.values() for c in tile.get("classes", [])}

    def targets(here: JsonPath, found: dict[str, Any]) -> None:
        for number, name in enumerate(found.get("tiles", [])):
            troop([*here, "tiles", number], name)
        for number, name in enumerate(found.get("classes", [])):
            if name not in classes:
                problems.append(([*here, "classes", number], f"unknown class '{name}'"))

    entries: list[armies.Entry[JsonPath]] = []
    for index, item in enumerate(army["start"]):
        here: JsonPath = [*path, "start", index]
        for key in ("class", "beside_class"):
            if key in item and item[key] not in classes:
                problems.append(([*here, key], f"unknown class '{item[key]}'"))
        if "beside" in item and item["beside"] not in tiles:
            problems.append(([*here, "beside"], f"unknown tile '{item['beside']}'"))
        for number, square in enumerate(item.get("squares", [])):
            parsed = parse_square(square)
            assert parsed is not None  # the schema's pattern
            file_index, rank = parsed
            if file_index >= board["files"] or rank > board["ranks"]:
                problems.append(([*here, "squares", number], f"square '{square}' is off the board"))
        if "tile" in item and troop([*here, "tile"], item["tile"]):
            entries.append(entry(True, here, item))
    in_bag: set[str] = set()
    for index, stack in enumerate(army["bag"]):
        here = [*path, "bag", index]
        if stack["tile"] in in_bag:
            problems.append(([*here, "tile"], f"'{stack['tile']}' is in the bag twice"))
        in_bag.add(stack["tile"])
        if troop([*here, "tile"], stack["tile"]):
            entries.append(entry(False, here, stack))
    armies.check_army(entries, lambda where, message: problems.append((where, message)), shared)
    for index, win in enumerate(army.get("win", [])):
        troop([*path, "win", index, "tile"], win["tile"])
    for index, name in enumerate(army.get("freeze_at_edge", [])):
        troop([*path, "freeze_at_edge", index], name)
    for index, found in enumerate(army.get("capture_every", [])):
        targets([*path, "capture_every", index], found)
    if "place_beside" in army:
        targets([*path, "place_beside"], army["place_beside"])


def _start_squares(
    here: JsonPath, number: int, game: dict[str, Any]
) -> list[armies.StartSquare[JsonPath]]:
    """The squares on the board that an army's start entries name (each once an entry)."""
    found: list[armies.StartSquare[JsonPath]] = []
    board = game["board"]
    for entry, item in enumerate(game["armies"][number]["start"]):
        named: set[tuple[int, int]] = set()
        for index, name in enumerate(item.get("squares", [])):
            square = parse_square(name)
            if square is None or square[0] >= board["files"] or square[1] > board["ranks"]:
                continue
            if square not in named:
                named.add(square)
                where: JsonPath = [*here, "armies", number, "start", entry, "squares", index]
                named_tile = item.get("tile", item.get("class", ""))
                found.append(armies.StartSquare(entry, named_tile, square, where))
    return found


def consistency_errors(data: dict[str, Any]) -> list[tuple[JsonPath, str]]:
    """Every inconsistency of a schema-valid tile set, as (JSON path, message), in order."""
    problems: list[tuple[JsonPath, str]] = []
    tiles: dict[str, dict[str, Any]] = {}
    folded: dict[str, str] = {}
    icons = _check_icons(data, problems)
    # Icons declared with a problem (reported there) are not reported again where tiles show them.
    listed = {str(item["name"]) for item in data["icons"]}
    for index, tile in enumerate(data["tiles"]):
        first = folded.get(tile["name"].casefold())
        if first == tile["name"]:
            problems.append((["tiles", index, "name"], f"duplicate tile '{tile['name']}'"))
        elif first is not None:
            problems.append(
                (
                    ["tiles", index, "name"],
                    f"tile '{tile['name']}' differs from '{first}' only in case; names are "
                    "unique without regard to case",
                )
            )
        else:
            tiles[tile["name"]] = tile
            folded[tile["name"].casefold()] = tile["name"]
        _check_tile(index, tile, icons, listed, problems)
    names: set[str] = set()
    for index, game in enumerate(data["sets"]):
        here: JsonPath = ["sets", index]
        if game["name"] in names:
            problems.append(([*here, "name"], f"duplicate set '{game['name']}'"))
        names.add(game["name"])
        shared: dict[str, int] | None = None if game["armies"][0] == game["armies"][1] else {}
        for number, army in enumerate(game["armies"]):
            _check_army([*here, "armies", number], army, tiles, game["board"], problems, shared)
        starts = (_start_squares(here, 0, game), _start_squares(here, 1, game))
        armies.check_start_squares(
            starts,
            game["board"]["files"],
            game["board"]["ranks"],
            lambda where, message: problems.append((where, message)),
            one_army=shared is None,
        )
        for number, name in enumerate(game.get("rules", {}).get("draft", [])):
            tile = tiles.get(name)
            if tile is None or tile["kind"] != "troop":
                problems.append(([*here, "rules", "draft", number], f"'{name}' is no troop tile"))
        for number, stack in enumerate(game.get("terrain", [])):
            tile = tiles.get(stack["tile"])
            where: JsonPath = [*here, "terrain", number, "tile"]
            if tile is None:
                problems.append((where, f"unknown tile '{stack['tile']}'"))
            elif tile["kind"] != "terrain":
                problems.append((where, f"'{stack['tile']}' is a troop tile; terrain goes here"))
            elif stack["count"] > tile["count"]:
                problems.append(
                    (
                        [*here, "terrain", number],
                        f"counts don't add up: {stack['count']} {stack['tile']} on the board, "
                        f"but the tile's count is {tile['count']}",
                    )
                )
        for number, name in enumerate(game.get("optional", [])):
            if name not in tiles:
                problems.append(([*here, "optional", number], f"unknown tile '{name}'"))
        for number, pair in enumerate(game.get("swap", {}).get("tiles", [])):
            for key in ("tile", "for"):
                tile = tiles.get(pair[key])
                if tile is None or tile["kind"] != "troop":
                    where = [*here, "swap", "tiles", number, key]
                    problems.append((where, f"'{pair[key]}' is no troop tile"))
    _check_faces(data, tiles, problems)
    return problems


def _check_faces(
    data: dict[str, Any], tiles: dict[str, dict[str, Any]], problems: list[tuple[JsonPath, str]]
) -> None:
    """A terrain tile's other face is another terrain tile, and the classes it grants to are
    some troop tile's."""
    classes = {c for tile in tiles.values() for c in tile.get("classes", [])}
    for index, tile in enumerate(data["tiles"]):
        spec = tile.get("terrain", {})
        here: JsonPath = ["tiles", index, "terrain"]
        other = spec.get("flips_to")
        if other is not None:
            found = tiles.get(other)
            if found is None or found["kind"] != "terrain" or other == tile["name"]:
                problems.append(([*here, "flips_to"], f"'{other}' is no other terrain tile"))
            elif "flips_to" in found.get("terrain", {}):
                problems.append(([*here, "flips_to"], f"'{other}' flips to a tile of its own"))
        for number, name in enumerate(spec.get("grants_to", [])):
            if name not in classes:
                problems.append(([*here, "grants_to", number], f"unknown class '{name}'"))
