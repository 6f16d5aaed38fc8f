"""The editor's requests answered: diagnostics, hover, completion and formatting.

What an editor is told of icons comes from the declarations in scope (the prelude's and the
folder's, :mod:`dukec.icons`): the glyphs a grid may hold, an icon's properties on hover, the
items and values an icon declaration takes.

Positions here are in code points (Python string indices); `dukec.lsp.server` converts them to
and from the editor's encoding. Compiler positions are 1-based, LSP's 0-based.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from lsprotocol import types

from dukec.compiler.diagnostics import CompileError, Diagnostic, Position
from dukec.compiler.emit import tile_dict
from dukec.compiler.model import Tile
from dukec.compiler.properties import TerrainProperty, rules_vocabulary, terrain_vocabulary
from dukec.compiler.vocabulary import EMPTY, OWN_SQUARE, Ability, Kind
from dukec.icons import PALETTE, SHAPES, Captures, Effect, Geometry, Icon, Vocabulary
from dukec.insight.stamp import Stat, StatsError, read_stats
from dukec.lsp.context import Block, code, cursor, defined_names, word_at
from dukec.lsp.folder import Checked
from dukec.names import lookup
from dukec.workbench.fmt import FormatError, format_text
from dukec.workbench.terminal import card_lines, plain
from dukec.workbench.tiles import TileView

SOURCE = "dukec"

#: Where a span of a named file is, as the editor counts: its URI and range.
Locate = Callable[[str, Position | None], types.Location]


# === Diagnostics ===


def lsp_range(position: Position | None) -> types.Range:
    """A compiler span (1-based, end exclusive) as an LSP range (0-based); a whole-file
    problem sits at the start of the file."""
    if position is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    return types.Range(
        types.Position(max(position.line - 1, 0), max(position.column - 1, 0)),
        types.Position(max(position.end_line - 1, 0), max(position.end_column - 1, 0)),
    )


def lsp_diagnostic(diagnostic: Diagnostic, locate: Locate) -> types.Diagnostic:
    """One compiler error or lint warning, its notes as related information."""
    warning = diagnostic.severity == "warning"
    code = diagnostic.code
    related = [
        types.DiagnosticRelatedInformation(locate(note.path, note.position), note.message)
        for note in diagnostic.notes
    ]
    return types.Diagnostic(
        range=locate(diagnostic.path, diagnostic.position).range,
        message=diagnostic.message,
        severity=types.DiagnosticSeverity.Warning if warning else types.DiagnosticSeverity.Error,
        source=SOURCE,
        code=code,
        related_information=related or None,
    )


def diagnostics(checked: Checked, locate: Locate) -> list[types.Diagnostic]:
    """The document's errors and lint warnings, in position order."""
    return [lsp_diagnostic(d, locate) for d in checked.diagnostics]


# === Hover ===


def find_tile(checked: Checked, name: str) -> Tile | None:
    """The checked tile called `name` (any case when the spelling is not exact)."""
    tiles = {tile.name: tile for tile in checked.analysis.program.tiles}
    found = lookup(name, tiles)
    return tiles[found] if found is not None else None


def card(tile: Tile, icons: Vocabulary | None = None) -> str:
    """A tile's card as `dukec show` draws it, as Markdown."""
    view = TileView.from_json(tile_dict(tile), icons)
    return f"```text\n{plain(card_lines(view))}```"


#: The files beside a document whose worths a hover quotes, first found first: a balance
#: manifest and a ``dukec value --json`` report (one tile or ``--all``), as ``render --stats``
#: reads them.
STATS_FILES = ("balance.toml", "worth.json")


def worths(folder: Path | None) -> tuple[str, dict[str, Stat]] | None:
    """The worths a hover quotes: those of the first of :data:`STATS_FILES` in ``folder`` that
    can be read (its name and the worths by tile), or None."""
    if folder is None:
        return None
    for name in STATS_FILES:
        path = folder / name
        if path.is_file():
            try:
                return name, read_stats(path)
            except StatsError:
                continue
    return None


def icon_summary(icon: Icon) -> str:
    """An icon's declaration in words, as Markdown: glyph, label, what it is and its
    modifiers."""
    facts = [f"geometry {icon.geometry.value}", f"effect {icon.effect.value}"]
    if icon.geometry.passes:
        facts.append("blocked" if icon.blocked else "not blocked")
    if icon.captures is not Captures.ENEMIES:
        facts.append(f"captures {icon.captures.value}")
    if icon.path_clear:
        facts.append("path clear")
    if icon.ignores_defense:
        facts.append("ignores defense")
    if icon.area:
        facts.append(f"area {icon.area}")
    return f"`{icon.glyph}` **{icon.label}** (`{icon.name}`): {', '.join(facts)}"


def _glyph_at(text: str, line: int, character: int) -> str | None:
    """The character under the cursor in a grid cell, if it is one."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    source = code(lines[line])
    if not 0 <= character < len(source) or source[character].isspace():
        return None
    return source[character]


def _hover_at(word_range: types.Range, value: str) -> types.Hover:
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
        range=word_range,
    )


def hover(
    checked: Checked,
    text: str,
    line: int,
    character: int,
    stats: tuple[str, dict[str, Stat]] | None = None,
) -> types.Hover | None:
    """A tile's card for its name in a `tile` header or where a set names it, with the worth a
    copy that ``stats`` records for it (:func:`worths`: the numbers `dukec value` measured, as
    `dukec render --stats` stamps them on the card); an icon's declaration for its glyph in a
    grid, or its name in an `icon` declaration."""
    icons = checked.analysis.program.icons
    if cursor(text, line, character).block is Block.GRID:
        glyph = _glyph_at(text, line, character)
        icon = icons.by_glyph.get(glyph) if glyph is not None else None
        if icon is None:
            return None
        where = types.Range(types.Position(line, character), types.Position(line, character + 1))
        return _hover_at(where, icon_summary(icon))
    word = word_at(text, line, character)
    if (word is not None and word.block is Block.ICON) or (
        word is not None and code(text.split("\n")[line]).lstrip().startswith("icon ")
    ):
        declared = icons.lookup(word.text)
        if declared is None:
            return None
        where = types.Range(
            types.Position(word.line, word.start), types.Position(word.line, word.end)
        )
        return _hover_at(where, icon_summary(declared))
    if word is None or not (word.header or word.block in (Block.SET, Block.ARMY)):
        return None
    tile = find_tile(checked, word.text)
    if tile is None:
        return None
    shown = card(tile, icons)
    if stats is not None and tile.name in stats[1]:
        shown += f"\n\nWorth a copy: {stats[1][tile.name].text()} (from {stats[0]})"
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=shown),
        range=types.Range(
            types.Position(word.line, word.start), types.Position(word.line, word.end)
        ),
    )


# === Completion ===

TILE_STATEMENTS = {
    "count": "count N: how many of the tile a bag holds",
    "ability": "ability I-IV or its name, optionally `on front, back`",
    "acts as duke": "the tile counts as a Duke",
    "class": "class name, ...: tags that terrain, set-up and win rules name the tile by",
    "front": "front { ... }: the starting side's grid",
    "back": "back { ... }: the other side's grid",
}
SET_STATEMENTS = {
    "board": "board FILES x RANKS",
    "optional": "optional Tile, ...: tiles a player may add",
    "terrain": "terrain [N] Tile, ...: terrain tiles on the board",
    "rule": "rule name value: an objective rule",
    "swap": "swap on draw|by draft|by choice Pack for Base, ...: pack tiles in place of base tiles",
    "army": "army [first|second] { ... }",
}
ARMY_STATEMENTS = {
    "start": "start [N] Tile|class name on a1, ... | start [N] Tile beside Tile|class name",
    "bag": "bag [N] Tile, ...",
    "win": "win capture|reach N Tile | win capture every Tile, class name, ...",
    "freeze": "freeze Tile, ... at edge",
    "place": "place beside Tile, class name, ...: where drawn tiles go (default: the Duke)",
}
TOP_STATEMENTS = {
    "extends": "extends base: read on top of the base set",
    "tile": "tile Name { ... }: a troop tile",
    "terrain": "terrain Name { ... }: a terrain tile",
    "set": "set name { ... }: a game set",
    "icon": "icon Name { glyph G  like move ... }: a movement icon",
}
ICON_ITEMS = {
    "glyph": "glyph G: the letter that stands for it in a grid",
    "label": 'label "...": its name as the card prints it',
    "like": "like ICON: start from a declared icon's properties",
    "geometry": "geometry step|leap|ray|leap_ray|square: where it reaches",
    "effect": "effect move|strike|command|dread|defense: what it does there",
    "blocked": "blocked true|false: whether tiles in between stop it",
    "captures": "captures enemies|nothing|all: what it may capture",
    "path": "path clear: every square it passes over must be empty",
    "ignores": "ignores defense: Defense icons do not protect against it",
    "area": "area GROUP: the icons of one group on one side fire together",
    "shape": "shape NAME: how a card draws it",
    "colour": "colour NAME: its colour on a card",
    "character": 'character "...": its character in the terminal',
}


def _items(
    words: Iterable[str], kind: types.CompletionItemKind, details: dict[str, str] | None = None
) -> list[types.CompletionItem]:
    return [
        types.CompletionItem(label=word, kind=kind, detail=(details or {}).get(word))
        for word in dict.fromkeys(words)
    ]


def _keywords(statements: dict[str, str]) -> list[types.CompletionItem]:
    return _items(statements, types.CompletionItemKind.Keyword, statements)


def _values(prop: TerrainProperty | None, tiles: dict[str, str]) -> list[types.CompletionItem]:
    if prop is None:
        return []
    if prop.kind == "boolean":
        return _items(("true", "false"), types.CompletionItemKind.Value)
    if prop.kind in ("enum", "list") and prop.choices:
        extra = ("none",) if prop.kind == "list" else ()
        return _items((*prop.choices, *extra), types.CompletionItemKind.EnumMember)
    if prop.kind == "list":
        return _tile_items(tiles, None)
    return []


def _tile_items(tiles: dict[str, str], kind: str | None) -> list[types.CompletionItem]:
    names = sorted(name for name, tile_kind in tiles.items() if kind in (None, tile_kind))
    return _items(
        names, types.CompletionItemKind.Class, {name: f"{tiles[name]} tile" for name in names}
    )


def known_tiles(checked: Checked, text: str) -> dict[str, str]:
    """Tile names with their kind: the checked ones, then those the text defines."""
    found = {tile.name: tile.kind.value for tile in checked.analysis.program.tiles}
    for source in checked.analysis.sources:
        for definition in source.tiles():
            found.setdefault(definition.name.text, definition.kind.value)
    for name, kind in defined_names(text).items():
        found.setdefault(name, kind)
    return found


def _glyphs(icons: Vocabulary) -> list[types.CompletionItem]:
    items = [
        types.CompletionItem(
            label=icon.glyph, kind=types.CompletionItemKind.Constant, detail=icon.label
        )
        for icon in icons
    ]
    items.append(
        types.CompletionItem(
            label=OWN_SQUARE, kind=types.CompletionItemKind.Constant, detail="the tile's own square"
        )
    )
    items.append(
        types.CompletionItem(
            label=EMPTY, kind=types.CompletionItemKind.Constant, detail="an empty square"
        )
    )
    return items


def _in_tile(words: tuple[str, ...], terrain: bool) -> list[types.CompletionItem]:
    vocabulary = terrain_vocabulary()
    if not words:
        items = _keywords(TILE_STATEMENTS)
        if terrain:
            items += _items(vocabulary, types.CompletionItemKind.Property)
        return items
    if words[0] == "ability":
        if "on" in words:
            return _items(("front", "back"), types.CompletionItemKind.EnumMember)
        if len(words) == 1:
            numerals = {ability.numeral: ability.value for ability in Ability}
            names = {ability.value: ability.numeral for ability in Ability}
            return _items(numerals, types.CompletionItemKind.EnumMember, numerals) + _items(
                names, types.CompletionItemKind.EnumMember, names
            )
        return _items(("on",), types.CompletionItemKind.Keyword)
    if words == ("acts",) and not terrain:
        return _items(("as duke",), types.CompletionItemKind.Keyword)
    if terrain:
        return _values(vocabulary.get(words[0]), {})
    return []


def _in_set(words: tuple[str, ...], tiles: dict[str, str]) -> list[types.CompletionItem]:
    if not words:
        return _keywords(SET_STATEMENTS)
    if words[0] == "rule":
        vocabulary = rules_vocabulary()
        if len(words) == 1:
            return _items(vocabulary, types.CompletionItemKind.Property)
        return _values(vocabulary.get(words[1]), tiles)
    if words[0] == "optional":
        return _tile_items(tiles, None)
    if words[0] == "terrain":
        return _tile_items(tiles, Kind.TERRAIN.value)
    if words == ("army",):
        return _items(("first", "second"), types.CompletionItemKind.EnumMember)
    if words[0] == "swap":
        if len(words) == 1:
            return _items(("on draw", "by draft", "by choice"), types.CompletionItemKind.Keyword)
        if words[-1] == "for" or len(words) >= 3:
            return _tile_items(tiles, Kind.TROOP.value)
    return []


def _in_army(words: tuple[str, ...], tiles: dict[str, str]) -> list[types.CompletionItem]:
    if not words:
        return _keywords(ARMY_STATEMENTS)
    first, last = words[0], words[-1]
    if first == "start":
        if last == "on":
            return []
        named = [word for word in words[1:] if word in tiles]
        if named and last not in ("beside",):
            return _items(("on", "beside"), types.CompletionItemKind.Keyword)
        return _tile_items(tiles, Kind.TROOP.value)
    if first == "bag":
        return _tile_items(tiles, Kind.TROOP.value)
    if first == "win":
        if len(words) == 1:
            return _items(("capture", "reach"), types.CompletionItemKind.EnumMember)
        if len(words) == 2 and words[1] == "capture":
            every = _items(("every",), types.CompletionItemKind.Keyword)
            return every + _tile_items(tiles, Kind.TROOP.value)
        return _tile_items(tiles, Kind.TROOP.value)
    if first == "place":
        if len(words) == 1:
            return _items(("beside",), types.CompletionItemKind.Keyword)
        return _tile_items(tiles, Kind.TROOP.value) + _items(
            ("class",), types.CompletionItemKind.Keyword
        )
    if first == "freeze":
        return _tile_items(tiles, Kind.TROOP.value) + _items(
            ("at edge",), types.CompletionItemKind.Keyword
        )
    return []


def completion(
    checked: Checked, text: str, line: int, character: int
) -> list[types.CompletionItem]:
    """What may be written at the cursor: statements, glyphs, tile names, rules and values."""
    where = cursor(text, line, character)
    if where.block is Block.TOP:
        return _keywords(TOP_STATEMENTS) if not where.words else []
    if where.block is Block.GRID:
        return _glyphs(checked.analysis.program.icons)
    if where.block is Block.ICON:
        return _in_icon(_icon_words(text, line, character), checked.analysis.program.icons)
    if where.block in (Block.TILE, Block.TERRAIN):
        return _in_tile(where.words, where.block is Block.TERRAIN)
    tiles = known_tiles(checked, text)
    if where.block is Block.SET:
        return _in_set(where.words, tiles)
    if where.block is Block.ARMY:
        return _in_army(where.words, tiles)
    return []


def _icon_words(text: str, line: int, character: int) -> tuple[str, ...]:
    """The words of an icon declaration's line before the cursor, after its ``{`` if the line
    holds it (a declaration written on one line)."""
    lines = text.split("\n")
    before = code(lines[line][: max(character, 0)]) if 0 <= line < len(lines) else ""
    after = before.rsplit("{", 1)[-1]
    words = after.replace('"', " ").split()
    if after and not after[-1].isspace() and words:
        words = words[:-1]  # the word being typed
    return tuple(words)


_ICON_VALUES: dict[str, tuple[str, ...]] = {
    "geometry": tuple(g.value for g in Geometry),
    "effect": tuple(e.value for e in Effect),
    "blocked": ("true", "false"),
    "captures": tuple(c.value for c in Captures),
    "path": ("clear",),
    "ignores": (Effect.DEFENSE.value,),
    "shape": tuple(SHAPES),
    "colour": tuple(PALETTE),
}


def _in_icon(words: tuple[str, ...], icons: Vocabulary) -> list[types.CompletionItem]:
    """In an icon declaration: an item's word, or the values the item before the cursor takes
    (``like``: the icons in scope)."""
    if len(words) % 2 == 0:
        return _keywords(ICON_ITEMS)
    key = words[-1]
    if key == "like":
        return _items(
            (icon.name for icon in icons),
            types.CompletionItemKind.Class,
            {icon.name: icon.label for icon in icons},
        )
    return _items(_ICON_VALUES.get(key, ()), types.CompletionItemKind.EnumMember)


# === Formatting ===


def end_of(text: str) -> types.Position:
    """The position just after the last character of `text` (in code points)."""
    lines = text.split("\n")
    return types.Position(len(lines) - 1, len(lines[-1]))


def formatting(text: str, name: str) -> list[types.TextEdit] | None:
    """The edit that puts the text in `dukec fmt`'s layout: none when it is already there,
    and no answer (None) when the file does not parse or cannot be formatted safely."""
    try:
        result = format_text(text, name)
    except (CompileError, FormatError):
        return None
    if result == text:
        return []
    return [types.TextEdit(range=types.Range(types.Position(0, 0), end_of(text)), new_text=result)]
