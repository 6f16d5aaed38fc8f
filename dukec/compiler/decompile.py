"""Decompile: a JSON tile set back to .duke source text.

The inverse of the compiler for every tile set it can express: compiling the text gives the same
JSON (tiles, sets and icons in canonical order). The icons beyond the base box's are declared
first, each as ``like`` the base box's icon it differs least from (the base box's own are always
in scope: the prelude, :mod:`dukec.compiler.prelude`). Icons a grid cannot hold (one where its
declaration's placement does not allow, as a Slide not next to the tile, or the same icon twice
on a square), and an icon named as one of the base box's but declared otherwise, raise
CompileError.
"""

from __future__ import annotations

from typing import Any

from dukec.compiler.diagnostics import CompileError, Diagnostic
from dukec.compiler.layout import INDENT, aligned_rows, icon_lines, wrapped
from dukec.compiler.properties import NONE_VALUE, rules_vocabulary, terrain_vocabulary
from dukec.compiler.vocabulary import EMPTY, OWN_SQUARE, Ability, Side
from dukec.icons import (
    EFFECT_COLOURS,
    SHAPES,
    Effect,
    Geometry,
    Icon,
    Vocabulary,
    base,
    default_shape,
    vocabulary_of,
)


def _problem(where: str, message: str) -> CompileError:
    return CompileError([Diagnostic(where, None, message)])


def grid_lines(icons: list[dict[str, Any]], where: str, vocabulary: Vocabulary) -> list[str]:
    """The rows of a grid showing `icons` (of `vocabulary`) around '@', columns aligned."""
    cells: dict[tuple[int, int], list[str]] = {}
    order = vocabulary.glyphs
    for item in icons:
        icon = vocabulary.by_name.get(item["icon"])
        if icon is None:
            raise _problem(where, f"{item['icon']!r} is no declared icon")
        dx, dy = item["at"]
        at = (dx, dy)
        if at == (0, 0):
            raise _problem(where, f"{icon.value} at [0, 0]: the tile's own square holds no icon")
        placement = icon.placement
        if not placement.allows(at):
            raise _problem(
                where, f"{icon.value} at [{dx}, {dy}] cannot be drawn: not {placement.draw_error}"
            )
        glyphs = cells.setdefault(at, [])
        if icon.glyph in glyphs:
            raise _problem(where, f"{icon.value} at [{dx}, {dy}] is listed twice")
        glyphs.append(icon.glyph)
    xs = [0] + [x for x, _ in cells]
    ys = [0] + [y for _, y in cells]
    columns = range(min(xs), max(xs) + 1)
    table = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in columns:
            if (x, y) == (0, 0):
                row.append(OWN_SQUARE)
            elif (x, y) in cells:
                row.append("".join(sorted(cells[(x, y)], key=order.index)))
            else:
                row.append(EMPTY)
        table.append(row)
    return aligned_rows(table)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(value) if value else NONE_VALUE
    return str(value)


def _quoted(text: str) -> str:
    return f'"{text}"'


def _item_values(icon: Icon) -> dict[str, str]:
    """Every item of a declaration, as written (in the order the docs list them)."""
    return {
        "glyph": icon.glyph,
        "label": _quoted(icon.label),
        "geometry": icon.geometry.value,
        "effect": icon.effect.value,
        "blocked": "true" if icon.blocked else "false",
        "captures": icon.captures.value,
        "path": "clear" if icon.path_clear else "",
        "ignores": Effect.DEFENSE.value if icon.ignores_defense else "",
        "area": icon.area,
        "shape": icon.shape,
        "colour": icon.colour,
        "character": _quoted(icon.characters),
    }


def icon_items(icon: Icon) -> list[tuple[str, str]]:
    """A declaration's items as written: ``like`` the base box's icon of its geometry and
    effect that leaves the fewest to write (which takes every property but the glyph and the
    label from it), and what differs; with none such, every item that is not the default."""
    mine = _item_values(icon)
    label = mine["label"] != _quoted(_default_label(icon.name))
    best: list[tuple[str, str]] | None = None
    for like in base():
        if like.geometry is not icon.geometry or like.effect is not icon.effect:
            continue
        theirs = _item_values(like)
        items = [("glyph", mine["glyph"]), ("like", like.name)]
        items += [
            (key, value)
            for key, value in mine.items()
            if key not in ("glyph", "label") and value != theirs[key] and value
        ]
        if label:
            items.append(("label", mine["label"]))
        if best is None or len(items) < len(best):
            best = items
    if best is not None:
        return best
    drawn = SHAPES[icon.shape].characters if icon.shape in SHAPES else ""
    defaults = {
        "captures": "enemies",
        "shape": default_shape(icon.geometry.value, icon.effect.value),
        "colour": EFFECT_COLOURS[icon.effect.value],
        "character": _quoted(drawn if icon.geometry.directed else drawn[:1]),
    }
    if not label:
        defaults["label"] = mine["label"]
    if icon.geometry is not Geometry.STEP:
        defaults["blocked"] = "true" if icon.geometry.directed else "false"
    return [(key, value) for key, value in mine.items() if value and defaults.get(key) != value]


def _default_label(name: str) -> str:
    words = name.replace("_", " ")
    return words.title() if words.islower() else words


def icon_text(icon: Icon) -> str:
    """One icon's declaration, on one line where it fits."""
    return "\n".join(icon_lines(icon.name, icon_items(icon), one_line=True)) + "\n"


def declared_icons(data: dict[str, Any]) -> list[Icon]:
    """The icons of a tile set that its sources declare (beyond the base box's, which are always
    in scope); CompileError for one named as the base box's but declared otherwise."""
    base_icons = base()
    found = []
    for icon in vocabulary_of(data):
        same = base_icons.lookup(icon.name)
        if same is None:
            found.append(icon)
        elif same != icon or same.name != icon.name:
            raise _problem(
                f"icon {icon.name}",
                f"icon '{icon.name}' is declared otherwise than the base box's "
                f"'{same.name}', whose declaration every tile set reads: give it another name",
            )
    return found


def tile_text(tile: dict[str, Any], vocabulary: Vocabulary | None = None) -> str:
    """One tile's definition (its icons of ``vocabulary``, by default the base box's)."""
    vocabulary = vocabulary if vocabulary is not None else base()
    name = tile["name"]
    is_terrain = tile["kind"] == "terrain"
    lines = [f"{'terrain' if is_terrain else 'tile'} {name} {{", f"{INDENT}count {tile['count']}"]
    sides_of = tile.get("ability_sides", {})
    for ability_name in sorted(tile["abilities"]):
        ability = Ability(ability_name)
        line = f"{INDENT}ability {ability.numeral} {ability.value}"
        sides = sides_of.get(ability_name)
        if sides:
            line += f" on {', '.join(sides)}"
        lines.append(line)
    if tile.get("acts_as_duke"):
        lines.append(f"{INDENT}acts as duke")
    if tile.get("classes"):
        lines += wrapped("class", list(tile["classes"]), INDENT)
    if is_terrain:
        order = list(terrain_vocabulary())
        terrain = tile.get("terrain", {})
        for key in sorted(terrain, key=order.index):
            lines.append(f"{INDENT}{key} {_value_text(terrain[key])}")
    sides = tile["sides"]
    has_icons = any(sides[side.value]["icons"] for side in Side)
    if not is_terrain or has_icons:
        for side in Side:
            lines.append(f"{INDENT}{side.value} {{")
            where = f"tile {name}, {side.value}"
            for row in grid_lines(sides[side.value]["icons"], where, vocabulary):
                lines.append(f"{INDENT * 2}{row}")
            lines.append(f"{INDENT}}}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _stacks(stacks: list[dict[str, Any]]) -> list[str]:
    return [
        f"{stack['count']} {stack['tile']}" if stack["count"] != 1 else stack["tile"]
        for stack in stacks
    ]


def _targets(targets: dict[str, Any]) -> list[str]:
    return [*targets.get("tiles", []), *(f"class {name}" for name in targets.get("classes", []))]


def _army_lines(army: dict[str, Any], player: str | None) -> list[str]:
    lines = [f"{INDENT}army {player} {{" if player else f"{INDENT}army {{"]
    inner = INDENT * 2
    for entry in army["start"]:
        count = f"{entry['count']} " if entry["count"] != 1 else ""
        tile = f"class {entry['class']}" if "class" in entry else entry["tile"]
        if "beside" in entry:
            lines.append(f"{inner}start {count}{tile} beside {entry['beside']}")
        elif "beside_class" in entry:
            lines.append(f"{inner}start {count}{tile} beside class {entry['beside_class']}")
        else:
            lines.append(f"{inner}start {count}{tile} on {', '.join(entry['squares'])}")
    if army["bag"]:
        lines += wrapped("bag", _stacks(army["bag"]), inner)
    for win in army.get("win", []):
        lines.append(f"{inner}win {win['by']} {win['count']} {win['tile']}")
    for targets in army.get("capture_every", []):
        lines += wrapped("win capture every", _targets(targets), inner)
    if army.get("freeze_at_edge"):
        lines.append(f"{inner}freeze {', '.join(army['freeze_at_edge'])} at edge")
    if army.get("place_beside"):
        lines += wrapped("place beside", _targets(army["place_beside"]), inner)
    lines.append(f"{INDENT}}}")
    return lines


def set_text(game_set: dict[str, Any]) -> str:
    """One game set's definition."""
    board = game_set["board"]
    lines = [f"set {game_set['name']} {{", f"{INDENT}board {board['files']} x {board['ranks']}"]
    if game_set.get("optional"):
        lines += wrapped("optional", list(game_set["optional"]), INDENT)
    if game_set.get("terrain"):
        lines += wrapped("terrain", _stacks(game_set["terrain"]), INDENT)
    order = list(rules_vocabulary())
    rules = game_set.get("rules", {})
    for key in sorted(rules, key=order.index):
        if isinstance(rules[key], list):
            lines += wrapped(f"rule {key}", [str(v) for v in rules[key]], INDENT)
        else:
            lines.append(f"{INDENT}rule {key} {_value_text(rules[key])}")
    swap = game_set.get("swap")
    if swap is not None:
        when = {"draw": "on draw", "draft": "by draft", "choice": "by choice"}[swap["on"]]
        pairs = [f"{pair['tile']} for {pair['for']}" for pair in swap["tiles"]]
        lines += wrapped(f"swap {when}", pairs, INDENT)
    first, second = game_set["armies"]
    if first == second:
        lines += _army_lines(first, None)
    else:
        lines += _army_lines(first, "first") + _army_lines(second, "second")
    lines.append("}")
    return "\n".join(lines) + "\n"


def decompile(data: dict[str, Any]) -> str:
    """The .duke text of a whole (validated) tile set: the icons it declares beyond the base
    box's in their order, then tiles, then sets, each sorted by name."""
    vocabulary = vocabulary_of(data)
    parts = [icon_text(icon) for icon in declared_icons(data)]
    parts += [tile_text(t, vocabulary) for t in sorted(data["tiles"], key=lambda t: t["name"])]
    parts += [set_text(s) for s in sorted(data["sets"], key=lambda s: s["name"])]
    return "\n".join(parts)
