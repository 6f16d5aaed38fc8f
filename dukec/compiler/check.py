"""Check stage: syntax trees to checked rules data (`dukec.compiler.model`), with every error.

Grids become icons at (dx, dy) offsets; names, glyphs, numerals, squares and counts are checked;
every problem of every file is collected as a `Diagnostic`, none stops the others.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from dukec.compiler import armies, ast
from dukec.compiler.diagnostics import Diagnostic, Note, Position, did_you_mean, quote_list
from dukec.compiler.model import (
    Army,
    GameSet,
    PlacedIcon,
    Program,
    StartEntry,
    TerrainValue,
    Tile,
)
from dukec.compiler.transform import MAX_DIGITS, TOO_LONG
from dukec.compiler.validate import tileset_schema
from dukec.compiler.vocabulary import (
    ABILITY_BY_NUMERAL,
    EMPTY,
    ICON_BY_GLYPH,
    JUMP_SLIDE_OFFSETS,
    OWN_SQUARE,
    SLIDE_OFFSETS,
    Ability,
    Icon,
    Kind,
    Side,
    is_numeral,
)
from dukec.limits import (
    MAX_BOARD,
    MAX_COUNT,
    MAX_NAME_LENGTH,
    MAX_OFFSET,
    MAX_SETS,
    MAX_TILES,
    MIN_BOARD,
)

TILE_KEYWORDS = ("count", "ability", "acts", "front", "back")
PLAYERS = ("first", "second")
NONE_VALUE = "none"
DEFAULT_COUNT = 1


@dataclass(slots=True)
class Reporter:
    """Collects diagnostics for one file."""

    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, position: Position | None, message: str, *notes: Note) -> None:
        """Record an error at `position`."""
        self.diagnostics.append(Diagnostic(self.path, position, message, tuple(notes)))

    def note(self, position: Position | None, message: str) -> Note:
        """A note pointing into this file."""
        return Note(self.path, position, message)


def shown_number(value: int) -> str:
    """A number as an error message shows it (a very long one by its length)."""
    return str(value) if value < TOO_LONG else f"a number of more than {MAX_DIGITS} digits"


def count_of(
    number: ast.Number | None, where: Position, report: Reporter, low: int = 1
) -> int | None:
    """A count as written (1 if not written), or None if it is out of range (reported)."""
    value = number.value if number is not None else 1
    position = number.pos if number is not None else where
    if value < low:
        report.error(position, f"a count is at least {low}")
        return None
    if value > MAX_COUNT:
        report.error(position, f"a count is at most {MAX_COUNT}, not {shown_number(value)}")
        return None
    return value


def name_ok(word: ast.Word, report: Reporter) -> bool:
    """A name within the length limit (else reported)."""
    if len(word.text) > MAX_NAME_LENGTH:
        report.error(
            word.pos,
            f"a name is at most {MAX_NAME_LENGTH} characters; this one has {len(word.text)}",
        )
        return False
    return True


def _span(first: Position, last: Position) -> Position:
    return Position(first.line, first.column, last.end_line, last.end_column)


def _glyph_legend() -> str:
    return ", ".join(f"{icon.glyph} {icon.value.replace('_', ' ')}" for icon in Icon)


# === Grids ===


def grid_icons(grid: ast.SideGrid, report: Reporter) -> tuple[PlacedIcon, ...]:
    """The icons a grid shows, at offsets from its '@'; problems go to `report`."""
    side = grid.side.value
    if not grid.rows:
        report.error(grid.pos, f"the {side} grid is empty: it needs an '@' for the tile's square")
        return ()
    width = len(grid.rows[0].cells)
    ragged = False
    for row in grid.rows[1:]:
        if len(row.cells) != width:
            ragged = True
            span = _span(row.cells[0].pos, row.cells[-1].pos)
            report.error(
                span,
                f"ragged grid: this row has {len(row.cells)} cells, the first row of the "
                f"{side} grid has {width}; every row needs the same number of cells "
                f"(use '.' for an empty square)",
            )
    own: list[tuple[int, int, ast.Cell]] = []
    glyphs: list[tuple[int, int, ast.Cell, Icon]] = []
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row.cells):
            if OWN_SQUARE in cell.text:
                own.append((r, c, cell))
            if cell.text not in (OWN_SQUARE, EMPTY):
                glyphs += [(r, c, cell, icon) for icon in _cell_icons(cell, report)]
    if not own:
        report.error(grid.pos, f"the {side} grid has no '@': mark the tile's own square with '@'")
        return ()
    first = own[0][2]
    for _, _, cell in own[1:]:
        report.error(
            cell.pos,
            f"a second '@' in the {side} grid: a grid has exactly one own square",
            report.note(first.pos, "the first '@' is here"),
        )
    if ragged:
        return ()
    r0, c0, _ = own[0]
    icons = []
    for r, c, cell, icon in glyphs:
        at = (c - c0, r0 - r)
        if max(abs(at[0]), abs(at[1])) > MAX_OFFSET:
            report.error(
                _glyph_position(cell, icon.glyph),
                f"this {icon.value.replace('_', ' ')} icon is {max(abs(at[0]), abs(at[1]))} "
                f"squares from '@'; an icon lies at most {MAX_OFFSET} squares away",
            )
            continue
        if _placement_ok(icon, at, cell, report):
            icons.append(PlacedIcon(icon, at, cell.pos))
    return tuple(sorted(icons, key=PlacedIcon.sort_key))


def _cell_icons(cell: ast.Cell, report: Reporter) -> list[Icon]:
    if OWN_SQUARE in cell.text:
        report.error(
            cell.pos,
            f"icon on '@': the tile's own square cannot hold an icon; write '@' alone and "
            f"put '{cell.text.replace(OWN_SQUARE, '')}' on another square",
        )
        return []
    icons: list[Icon] = []
    for index, char in enumerate(cell.text):
        position = Position.point(cell.pos.line, cell.pos.column + index)
        icon = ICON_BY_GLYPH.get(char)
        if icon is None:
            hint = did_you_mean(char, ICON_BY_GLYPH) if char.upper() in ICON_BY_GLYPH else ""
            if char == EMPTY:
                report.error(position, "'.' marks an empty square and cannot share a cell")
                continue
            report.error(
                position,
                f"unknown glyph '{char}'{hint}" + ("" if hint else f" (glyphs: {_glyph_legend()})"),
            )
        elif icon in icons:
            report.error(position, f"glyph '{char}' ({icon.label}) twice in one cell")
        else:
            icons.append(icon)
    return icons


def _placement_ok(icon: Icon, at: tuple[int, int], cell: ast.Cell, report: Reporter) -> bool:
    # A Slide or Jump Slide takes its direction from where the glyph sits.
    glyph = icon.glyph
    if icon is Icon.SLIDE and at not in SLIDE_OFFSETS:
        report.error(
            _glyph_position(cell, glyph),
            f"a Slide glyph ('{glyph}') must be next to '@': it gives the direction of the "
            f"slide, and this one is at {_offset(at)}",
        )
        return False
    if icon is Icon.JUMP_SLIDE and at not in JUMP_SLIDE_OFFSETS:
        report.error(
            _glyph_position(cell, glyph),
            f"a Jump Slide glyph ('{glyph}') must be exactly two squares from '@' on a straight "
            f"or diagonal line; {_offset(at)} is not",
        )
        return False
    return True


def _glyph_position(cell: ast.Cell, glyph: str) -> Position:
    return Position.point(cell.pos.line, cell.pos.column + max(cell.text.find(glyph), 0))


def _offset(at: tuple[int, int]) -> str:
    return f"({at[0]}, {at[1]})"


# === Tiles ===


@dataclass(frozen=True, slots=True)
class TerrainProperty:
    """One terrain property from the schema's vocabulary."""

    name: str
    kind: str  # "boolean", "integer", "list", "enum" or "word"
    # For "list" and "enum": the allowed words (a list without choices takes any word).
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@functools.cache
def terrain_vocabulary() -> Mapping[str, TerrainProperty]:
    """The terrain properties the schema defines, by name, in the schema's order."""
    return _vocabulary("terrain")


@functools.cache
def rules_vocabulary() -> Mapping[str, TerrainProperty]:
    """The objective rules of a game set the schema defines, by name, in the schema's order."""
    return _vocabulary("rules")


def _vocabulary(definition: str) -> Mapping[str, TerrainProperty]:
    properties: dict[str, Any] = tileset_schema()["$defs"][definition]["properties"]
    vocabulary = {}
    for name, spec in properties.items():
        if spec.get("type") == "boolean":
            vocabulary[name] = TerrainProperty(name, "boolean")
        elif spec.get("type") == "integer":
            vocabulary[name] = TerrainProperty(
                name, "integer", minimum=spec.get("minimum"), maximum=spec.get("maximum")
            )
        elif spec.get("type") == "array":
            choices = tuple(spec.get("items", {}).get("enum", ()))
            vocabulary[name] = TerrainProperty(name, "list", choices)
        elif "enum" in spec:
            vocabulary[name] = TerrainProperty(name, "enum", tuple(spec["enum"]))
        else:
            # Any other property is one word, checked by the schema after emitting.
            vocabulary[name] = TerrainProperty(name, "word")
    return MappingProxyType(vocabulary)


def _terrain_value(
    prop: TerrainProperty, decl: ast.PropertyDecl | ast.RuleDecl, report: Reporter
) -> TerrainValue | None:
    values = decl.values
    name = prop.name
    if prop.kind != "list" and len(values) != 1:
        report.error(decl.pos, f"'{name}' takes one value, not {len(values)}")
        return None
    first = values[0]
    if prop.kind == "boolean":
        if isinstance(first, ast.Word) and first.text in ("true", "false"):
            return first.text == "true"
        report.error(first.pos, f"'{name}' is 'true' or 'false', not '{_text(first)}'")
        return None
    if prop.kind == "integer":
        if not isinstance(first, ast.Number):
            report.error(first.pos, f"'{name}' takes a number, not '{_text(first)}'")
            return None
        low, high = prop.minimum, prop.maximum
        if (low is not None and first.value < low) or (high is not None and first.value > high):
            report.error(first.pos, f"'{name}' must be from {low} to {high}, not {first.value}")
            return None
        return first.value
    if prop.kind == "list" and [_text(v) for v in values] == [NONE_VALUE]:
        return ()
    if prop.kind == "word":
        return _text(first)
    chosen: list[str] = []
    for value in values:
        text = _text(value)
        if prop.choices and text not in prop.choices:
            report.error(
                value.pos,
                f"'{text}' is not a value of '{name}'{did_you_mean(text, prop.choices)} "
                f"(one of {quote_list(prop.choices)})",
            )
        elif text in chosen:
            report.error(value.pos, f"'{text}' is listed twice")
        else:
            chosen.append(text)
    if len(chosen) != len(values):
        return None
    return chosen[0] if prop.kind == "enum" else tuple(chosen)


def _text(value: ast.Word | ast.Number) -> str:
    return value.text if isinstance(value, ast.Word) else str(value.value)


def _ability(decl: ast.AbilityDecl, report: Reporter) -> Ability | None:
    found: Ability | None = None
    names = [a.value for a in Ability]
    for word in decl.words:
        if is_numeral(word.text):
            ability = ABILITY_BY_NUMERAL.get(word.text)
            if ability is None:
                known = ", ".join(f"{a.numeral} {a.value}" for a in Ability)
                report.error(
                    word.pos,
                    f"unknown ability numeral '{word.text}'"
                    f"{did_you_mean(word.text, ABILITY_BY_NUMERAL)} (numerals: {known})",
                )
                return None
        else:
            try:
                ability = Ability(word.text.lower())
            except ValueError:
                report.error(
                    word.pos,
                    f"unknown ability '{word.text}'{did_you_mean(word.text.lower(), names)} "
                    f"(abilities: {quote_list(names)})",
                )
                return None
        if found is not None and ability is not found:
            report.error(
                word.pos,
                f"'{decl.words[0].text}' is {found.numeral} {found.value}, but '{word.text}' "
                f"is {ability.numeral} {ability.value}; write one ability per line",
            )
            return None
        found = ability
    return found


def check_tile(tile: ast.TileDef, report: Reporter) -> Tile:
    """Check one tile definition; a tile is returned even when it has errors."""
    name = tile.name.text
    is_terrain = tile.kind is Kind.TERRAIN
    seen: dict[str, Position] = {}
    count = DEFAULT_COUNT
    abilities: list[Ability] = []
    ability_sides: list[tuple[Ability, tuple[Side, ...]]] = []
    acts_as_duke = False
    sides: dict[Side, tuple[PlacedIcon, ...]] = {}
    terrain: dict[str, TerrainValue] = {}
    vocabulary = terrain_vocabulary()

    def once(key: str, label: str, position: Position) -> bool:
        if key in seen:
            report.error(
                position,
                f"{label} is given twice in tile '{name}'",
                report.note(seen[key], "first given here"),
            )
            return False
        seen[key] = position
        return True

    for item in tile.items:
        if isinstance(item, ast.CountDecl):
            if once("count", "'count'", item.pos):
                count = count_of(item.count, item.pos, report, low=0) or 0
        elif isinstance(item, ast.AbilityDecl):
            if is_terrain:
                report.error(item.pos, "a terrain tile has no enhanced abilities")
                continue
            ability = _ability(item, report)
            if ability is None or not once(f"ability {ability}", f"ability {ability}", item.pos):
                continue
            abilities.append(ability)
            chosen: list[Side] = []
            for word in item.sides:
                try:
                    side = Side(word.text)
                except ValueError:
                    report.error(
                        word.pos,
                        f"unknown side '{word.text}'"
                        f"{did_you_mean(word.text, [s.value for s in Side])} "
                        f"(sides: 'front', 'back')",
                    )
                    continue
                if side in chosen:
                    report.error(word.pos, f"side '{word.text}' is listed twice")
                else:
                    chosen.append(side)
            if chosen:
                order = list(Side)
                ability_sides.append((ability, tuple(sorted(chosen, key=order.index))))
        elif isinstance(item, ast.ActsAsDuke):
            if is_terrain:
                report.error(item.pos, "a terrain tile cannot act as the Duke")
            elif once("acts", "'acts as duke'", item.pos):
                acts_as_duke = True
        elif isinstance(item, ast.SideGrid):
            if once(item.side.value, f"the {item.side.value} grid", item.pos):
                sides[item.side] = grid_icons(item, report)
        else:
            prop_name = item.name.text
            prop = vocabulary.get(prop_name)
            if prop is None or not is_terrain:
                choices = list(TILE_KEYWORDS) + (list(vocabulary) if is_terrain else [])
                hint = did_you_mean(prop_name, choices)
                if prop is not None:
                    report.error(
                        item.name.pos,
                        f"'{prop_name}' is a terrain property; declare the tile with "
                        f"'terrain {name} {{' to use it",
                    )
                else:
                    report.error(item.name.pos, f"unknown statement '{prop_name}'{hint}")
                continue
            if once(prop_name, f"'{prop_name}'", item.pos):
                value = _terrain_value(prop, item, report)
                if value is not None:
                    terrain[prop_name] = value
    if not is_terrain:
        for side in Side:
            if side not in sides and side.value not in seen:
                report.error(
                    tile.name.pos,
                    f"tile '{name}' has no {side.value} grid; add one (a side without "
                    f"icons is a grid holding only '@')",
                )
    return Tile(
        name=name,
        kind=tile.kind,
        count=count,
        abilities=tuple(sorted(abilities, key=lambda a: a.value)),
        ability_sides=tuple(sorted(ability_sides, key=lambda pair: pair[0].value)),
        acts_as_duke=acts_as_duke,
        sides=tuple((side, sides.get(side, ())) for side in Side),
        terrain=tuple(sorted(terrain.items())) if is_terrain else None,
        path=report.path,
        pos=tile.pos,
        name_pos=tile.name.pos,
    )


# === Game sets ===

_SQUARE = re.compile(r"^([a-z])([1-9][0-9]?)$")
_SET_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(slots=True)
class _Known:
    tiles: dict[str, Tile]
    # When some file failed to parse, an unknown name may be defined there: stay quiet.
    incomplete: bool = False

    def resolve(self, word: ast.Word, report: Reporter, kind: Kind | None) -> Tile | None:
        tile = self.tiles.get(word.text)
        if tile is None:
            if not self.incomplete:
                report.error(
                    word.pos, f"unknown tile '{word.text}'{did_you_mean(word.text, self.tiles)}"
                )
            return None
        if kind is not None and tile.kind is not kind:
            wanted = "a troop tile" if kind is Kind.TROOP else "a terrain tile"
            report.error(word.pos, f"'{word.text}' is a {tile.kind.value} tile; {wanted} goes here")
            return None
        return tile


def _whose(player: str) -> str:
    return "both players" if player == "both" else f"the {player} player"


def _check_army(
    army: ast.ArmyDef,
    known: _Known,
    files: int,
    ranks: int,
    report: Reporter,
    shared: dict[str, int] | None = None,
) -> Army:
    """Check one army. With ``shared`` (the two players' armies given apart), an army may
    borrow the other player's tiles (rulebook, Dark Rider: "he'll need to use Pikeman Tiles
    from both bags"): the two armies together may not exceed twice a tile's count."""
    start: list[StartEntry] = []
    bag: dict[str, tuple[int, Position]] = {}
    entries: list[armies.Entry[Position]] = []
    win: list[tuple[str, str, int]] = []
    freeze: list[str] = []

    for item in army.items:
        if isinstance(item, ast.WinDecl):
            how = item.by.text
            if how not in ("capture", "reach"):
                report.error(
                    item.by.pos,
                    f"unknown way to win '{how}'{did_you_mean(how, ['capture', 'reach'])} "
                    f"(write 'win capture N Tile' or 'win reach N Tile')",
                )
                continue
            count = count_of(item.count, item.pos, report)
            if count is None:
                continue
            found = known.resolve(item.tile, report, Kind.TROOP)
            if found is not None:
                win.append((how, found.name, count))
            continue
        if isinstance(item, ast.FreezeDecl):
            for word in item.tiles:
                found = known.resolve(word, report, Kind.TROOP)
                if found is None:
                    continue
                if found.name in freeze:
                    report.error(word.pos, f"'{found.name}' is listed twice")
                else:
                    freeze.append(found.name)
            continue
        if isinstance(item, ast.StartDecl):
            count = count_of(item.count, item.pos, report)
            if count is None:
                continue
            tile = known.resolve(item.tile, report, Kind.TROOP)
            squares: list[str] = []
            for square in item.squares:
                if _square_ok(square, files, ranks, report):
                    if square.text in squares:
                        report.error(square.pos, f"square '{square.text}' is listed twice")
                    else:
                        squares.append(square.text)
            beside = item.beside
            if beside is not None and beside.text not in known.tiles:
                report.error(
                    beside.pos,
                    f"unknown tile '{beside.text}'{did_you_mean(beside.text, known.tiles)}",
                )
                beside = None
            if tile is None:
                continue
            start.append(
                StartEntry(
                    tile.name,
                    count,
                    tuple(squares),
                    item.beside.text if item.beside is not None else None,
                )
            )
            entries.append(
                armies.Entry(
                    True,
                    tile.name,
                    count,
                    tile.count,
                    tile.acts_as_duke,
                    item.pos,
                    len(item.squares),
                    item.squares[0].pos if item.squares else None,
                    beside.text if beside is not None else None,
                    beside.pos if beside is not None else None,
                )
            )
        else:
            for stack in item.stacks:
                count = count_of(stack.count, stack.pos, report)
                if count is None:
                    continue
                tile = known.resolve(stack.tile, report, Kind.TROOP)
                if tile is None:
                    continue
                if tile.name in bag:
                    report.error(
                        stack.tile.pos,
                        f"'{tile.name}' is already in the bag; give its count once",
                        report.note(bag[tile.name][1], "first listed here"),
                    )
                    continue
                bag[tile.name] = (count, stack.pos)
                entries.append(
                    armies.Entry(False, tile.name, count, tile.count, tile.acts_as_duke, stack.pos)
                )
    armies.check_army(entries, report.error, shared)
    return Army(
        tuple(start),
        tuple(sorted((name, c) for name, (c, _) in bag.items())),
        tuple(win),
        tuple(sorted(freeze)),
    )


def _square_ok(square: ast.Word, files: int, ranks: int, report: Reporter) -> bool:
    match = _SQUARE.match(square.text)
    last = f"{chr(ord('a') + files - 1)}{ranks}"
    if match is None:
        report.error(
            square.pos,
            f"'{square.text}' is not a square: squares are named a1 to {last} "
            f"(file letter, then rank)",
        )
        return False
    file_index = ord(match.group(1)) - ord("a")
    rank = int(match.group(2))
    if file_index >= files or rank > ranks:
        report.error(
            square.pos, f"square '{square.text}' is off the {files} x {ranks} board (a1 to {last})"
        )
        return False
    return True


def check_set(definition: ast.SetDef, known: _Known, report: Reporter) -> GameSet | None:
    """Check one game set; None when it is too broken to emit."""
    name = definition.name.text
    if not _SET_NAME.match(name):
        report.error(
            definition.name.pos,
            f"set name '{name}' must be lowercase letters, digits and '-', "
            f"starting with a letter (e.g. '{name.lower().replace('_', '-')}')",
        )
    boards = [i for i in definition.items if isinstance(i, ast.BoardDecl)]
    armies = [i for i in definition.items if isinstance(i, ast.ArmyDef)]
    for extra in boards[1:]:
        report.error(
            extra.pos,
            f"the board size is given twice in set '{name}'",
            report.note(boards[0].pos, "first given here"),
        )
    files, ranks = 6, 6
    ok = True
    if not boards:
        report.error(definition.name.pos, f"set '{name}' has no board size; add 'board 6 x 6'")
        ok = False
    else:
        board = boards[0]
        files, ranks = board.files.value, board.ranks.value
        for number, what in ((board.files, "files"), (board.ranks, "ranks")):
            if not MIN_BOARD <= number.value <= MAX_BOARD:
                report.error(
                    number.pos,
                    f"a board has {MIN_BOARD} to {MAX_BOARD} {what}, "
                    f"not {shown_number(number.value)}",
                )
                ok = False
    if not ok:
        files = max(min(files, MAX_BOARD), MIN_BOARD)
        ranks = max(min(ranks, MAX_BOARD), MIN_BOARD)
    by_player: dict[str, ast.ArmyDef] = {}
    for army in armies:
        player = army.player.text if army.player is not None else "both"
        if player not in ("both", *PLAYERS):
            assert army.player is not None
            report.error(
                army.player.pos,
                f"unknown player '{player}'{did_you_mean(player, PLAYERS)}; write 'army first', "
                f"'army second', or 'army' for both players",
            )
            continue
        clashes = [p for p in by_player if p == player or "both" in (p, player)]
        if clashes:
            report.error(
                army.pos,
                f"a second army for {_whose(player)} in set '{name}'",
                report.note(by_player[clashes[0]].pos, "the army already given is here"),
            )
            continue
        by_player[player] = army
    if not by_player:
        report.error(definition.name.pos, f"set '{name}' has no army; add 'army {{ ... }}'")
        ok = False
    elif "both" not in by_player and len(by_player) < 2:
        missing = "second" if "first" in by_player else "first"
        report.error(definition.name.pos, f"set '{name}' has no army for the {missing} player")
        ok = False
    shared: dict[str, int] | None = None if "both" in by_player else {}
    checked: dict[str, Army] = {
        player: _check_army(army, known, files, ranks, report, shared)
        for player, army in by_player.items()
    }
    terrain: dict[str, int] = {}
    optional: list[str] = []
    rules: dict[str, TerrainValue] = {}
    rule_seen: dict[str, Position] = {}
    vocabulary = rules_vocabulary()
    for item in definition.items:
        if isinstance(item, ast.RuleDecl):
            rule_name = item.name.text
            prop = vocabulary.get(rule_name)
            if prop is None:
                report.error(
                    item.name.pos,
                    f"unknown rule '{rule_name}'{did_you_mean(rule_name, list(vocabulary))} "
                    f"(rules: {quote_list(tuple(vocabulary))})",
                )
                continue
            if rule_name in rule_seen:
                report.error(
                    item.pos,
                    f"rule '{rule_name}' is given twice in set '{name}'",
                    report.note(rule_seen[rule_name], "first given here"),
                )
                continue
            rule_seen[rule_name] = item.pos
            value = _terrain_value(prop, item, report)
            if value is None:
                continue
            if rule_name == "draft" and isinstance(value, tuple):
                words = [v for v in item.values if isinstance(v, ast.Word)]
                if any(known.resolve(w, report, Kind.TROOP) is None for w in words):
                    continue
            rules[rule_name] = value
    for item in definition.items:
        if isinstance(item, ast.TerrainDecl):
            for stack in item.stacks:
                count = stack.count.value if stack.count is not None else 1
                tile = known.resolve(stack.tile, report, Kind.TERRAIN)
                if tile is None:
                    continue
                if count < 1:
                    report.error(stack.pos, "a count is at least 1")
                elif tile.name in terrain:
                    report.error(stack.tile.pos, f"'{tile.name}' is listed twice")
                elif count > tile.count:
                    report.error(
                        stack.pos,
                        f"counts don't add up: {count} {tile.name} on the board, but the "
                        f"tile's count is {tile.count}",
                    )
                else:
                    terrain[tile.name] = count
        elif isinstance(item, ast.OptionalDecl):
            for word in item.names:
                if known.resolve(word, report, None) is None:
                    continue
                if word.text in optional:
                    report.error(word.pos, f"'{word.text}' is listed twice")
                else:
                    optional.append(word.text)
    if not ok:
        return None
    if "both" in checked:
        pair = (checked["both"], checked["both"])
    else:
        pair = (checked["first"], checked["second"])
    return GameSet(
        name=name,
        files=files,
        ranks=ranks,
        armies=pair,
        terrain=tuple(sorted(terrain.items())),
        optional=tuple(sorted(optional)),
        rules=tuple(sorted(rules.items())),
        path=report.path,
        pos=definition.pos,
    )


# === Whole programs ===


def check_sources(
    sources: Sequence[ast.SourceFile], incomplete: bool = False
) -> tuple[Program, list[Diagnostic]]:
    """Check every file together: tile names are shared across files.

    `incomplete` says some file could not be parsed: unknown tile names are then not reported.
    """
    diagnostics: list[Diagnostic] = []
    tiles: dict[str, Tile] = {}
    # Names are unique without regard to case: 'Thing' and 'thing' would be one card file,
    # and every command looks names up without regard to case.
    folded: dict[str, Tile] = {}
    reporters = {source.path: Reporter(source.path) for source in sources}
    for source in sources:
        report = reporters[source.path]
        for definition in source.tiles():
            tile = check_tile(definition, report)
            if not name_ok(definition.name, report):
                continue
            first = folded.get(tile.name.casefold())
            if first is not None:
                same = first.name == tile.name
                report.error(
                    definition.name.pos,
                    f"duplicate tile '{tile.name}'"
                    if same
                    else f"tile '{tile.name}' differs from '{first.name}' only in case; "
                    "names are unique without regard to case",
                    Note(first.path, first.name_pos, f"'{first.name}' is first defined here"),
                )
                continue
            if len(tiles) == MAX_TILES:
                report.error(
                    definition.name.pos, f"more than {MAX_TILES} tiles; a tile set has at most that"
                )
                continue
            tiles[tile.name] = tile
            folded[tile.name.casefold()] = tile
    known = _Known(tiles, incomplete)
    sets: dict[str, GameSet] = {}
    set_positions: dict[str, tuple[str, Position]] = {}
    for source in sources:
        report = reporters[source.path]
        for game in source.sets():
            name = game.name.text
            if name in set_positions:
                path, position = set_positions[name]
                report.error(
                    game.name.pos,
                    f"duplicate set '{name}'",
                    Note(path, position, f"'{name}' is first defined here"),
                )
                continue
            if not name_ok(game.name, report):
                continue
            if len(set_positions) == MAX_SETS:
                report.error(
                    game.name.pos, f"more than {MAX_SETS} game sets; a tile set has at most that"
                )
                continue
            set_positions[name] = (source.path, game.name.pos)
            game_set = check_set(game, known, report)
            if game_set is not None:
                sets[name] = game_set
    for report in reporters.values():
        diagnostics += report.diagnostics
    program = Program(
        tiles=tuple(tiles[name] for name in sorted(tiles)),
        sets=tuple(sets[name] for name in sorted(sets)),
    )
    return program, diagnostics
