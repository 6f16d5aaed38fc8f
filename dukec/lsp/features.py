"""The editor's requests answered: diagnostics, hover, completion and formatting.

Positions here are in code points (Python string indices); `dukec.lsp.server` converts them to
and from the editor's encoding. Compiler positions are 1-based, LSP's 0-based.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lsprotocol import types

from dukec.compiler.diagnostics import CompileError, Diagnostic, Position
from dukec.compiler.emit import tile_dict
from dukec.compiler.model import Tile
from dukec.compiler.properties import TerrainProperty, rules_vocabulary, terrain_vocabulary
from dukec.compiler.vocabulary import EMPTY, OWN_SQUARE, Ability, Icon, Kind
from dukec.lsp.context import Block, cursor, defined_names, word_at
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


def card(tile: Tile) -> str:
    """A tile's card as `dukec show` draws it, as Markdown."""
    view = TileView.from_json(tile_dict(tile))
    return f"```text\n{plain(card_lines(view))}```"


def hover(checked: Checked, text: str, line: int, character: int) -> types.Hover | None:
    """A tile's card for its name in a `tile` header or where a set names it."""
    word = word_at(text, line, character)
    if word is None or not (word.header or word.block in (Block.SET, Block.ARMY)):
        return None
    tile = find_tile(checked, word.text)
    if tile is None:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=card(tile)),
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


def _glyphs() -> list[types.CompletionItem]:
    items = [
        types.CompletionItem(
            label=icon.glyph, kind=types.CompletionItemKind.Constant, detail=icon.label
        )
        for icon in Icon
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
        return _glyphs()
    if where.block in (Block.TILE, Block.TERRAIN):
        return _in_tile(where.words, where.block is Block.TERRAIN)
    tiles = known_tiles(checked, text)
    if where.block is Block.SET:
        return _in_set(where.words, tiles)
    if where.block is Block.ARMY:
        return _in_army(where.words, tiles)
    return []


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
