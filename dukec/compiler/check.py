"""Check stage: syntax trees to checked rules data (`dukec.compiler.model`), with every error.

The icon declarations in scope (the prelude's, then the sources') become the tile set's
vocabulary (`check_icons`); grids become icons at (dx, dy) offsets; names, glyphs, numerals,
squares and counts are checked; every problem of every file is collected as a `Diagnostic`, none
stops the others. This module checks the sources together (names shared across files); one tile
is `check_tiles` (its grids `check_grids`, a terrain tile's properties `properties`), one game
set `check_sets`, and `check_report` collects the diagnostics.
"""

from __future__ import annotations

from collections.abc import Sequence

from dukec.compiler import ast, check_targets
from dukec.compiler.check_icons import check_icons
from dukec.compiler.check_report import Reporter
from dukec.compiler.check_sets import KnownTiles, check_set
from dukec.compiler.check_tiles import check_tile
from dukec.compiler.diagnostics import Diagnostic, Note, Position, did_you_mean
from dukec.compiler.model import GameSet, Program, Tile
from dukec.compiler.prelude import is_prelude, prelude
from dukec.limits import MAX_NAME_LENGTH, MAX_SETS, MAX_TILES


def name_ok(word: ast.Word, report: Reporter) -> bool:
    """A name within the length limit (else reported)."""
    if len(word.text) > MAX_NAME_LENGTH:
        report.error(
            word.pos,
            f"a name is at most {MAX_NAME_LENGTH} characters; this one has {len(word.text)}",
        )
        return False
    return True


#: What a file may extend: the base set that ships with dukec.
EXTENDS = ("base",)


def _check_extends(sources: Sequence[ast.SourceFile], reporters: dict[str, Reporter]) -> None:
    """`extends base`, at most once a file."""
    for source in sources:
        report = reporters[source.path]
        seen: ast.ExtendsDecl | None = None
        for decl in source.extends():
            if decl.name.text not in EXTENDS:
                report.error(
                    decl.name.pos,
                    f"a file extends the base set: write 'extends base', not "
                    f"'extends {decl.name.text}'{did_you_mean(decl.name.text, EXTENDS)}",
                )
            elif seen is not None:
                report.error(
                    decl.pos,
                    "'extends base' is given twice in this file",
                    report.note(seen.pos, "first given here"),
                )
            else:
                seen = decl


def check_sources(
    sources: Sequence[ast.SourceFile], incomplete: bool = False
) -> tuple[Program, list[Diagnostic]]:
    """Check every file together: tile names are shared across files.

    `incomplete` says some file could not be parsed: unknown tile names (and glyphs, and the
    icons `like` names) are then not reported. The prelude's icons come first; a source that is
    the prelude (:func:`dukec.compiler.prelude.is_prelude`) is read once, as the prelude.
    """
    diagnostics: list[Diagnostic] = []
    tiles: dict[str, Tile] = {}
    # Names are unique without regard to case: 'Thing' and 'thing' would be one card file,
    # and every command looks names up without regard to case.
    folded: dict[str, Tile] = {}
    reporters = {source.path: Reporter(source.path) for source in sources}
    base = prelude()
    reporters.setdefault(base.path, Reporter(base.path))
    scope = [base, *(source for source in sources if not is_prelude(source))]
    declared = check_icons(scope, reporters, incomplete)
    over = False
    for source in sources:
        report = reporters[source.path]
        for definition in source.tiles():
            tile = check_tile(definition, report, declared)
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
                if not over:  # one error, not one per tile past the limit
                    report.error(
                        definition.name.pos,
                        f"more than {MAX_TILES} tiles; a tile set has at most that",
                    )
                over = True
                continue
            tiles[tile.name] = tile
            folded[tile.name.casefold()] = tile
    _check_extends(sources, reporters)
    classes = check_targets.known_classes(tiles)
    definitions = [d for source in sources for d in source.tiles()]
    paths = {id(d): source.path for source in sources for d in source.tiles()}
    check_targets.terrain_faces(definitions, tiles, classes, reporters, paths)
    known = KnownTiles(tiles, incomplete, classes)
    sets: dict[str, GameSet] = {}
    set_positions: dict[str, tuple[str, Position]] = {}
    over = False
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
                if not over:
                    report.error(
                        game.name.pos,
                        f"more than {MAX_SETS} game sets; a tile set has at most that",
                    )
                over = True
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
        icons=declared.vocabulary,
        icon_sources=declared.where,
    )
    return program, diagnostics
