"""The answers about sources: build, card, lint, describe, fmt, grid edits, save, the set's tiles.

Each handler takes the workspace (the tile set and the designer's folder) and the request's
body, and returns the JSON answer; a user's mistake is an `ApiError`. Diagnostics come from the
language server's `check_document` (errors and lint warnings, as an editor shows them).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic, write_text_new
from dukec.compiler import CompileError, Diagnostic
from dukec.compiler.decompile import declared_icons, icon_text, tile_text
from dukec.compiler.diagnostics import SourceTexts, render_diagnostic
from dukec.compiler.driver import emit_analysis
from dukec.compiler.parser import parse_source
from dukec.icons import Vocabulary, vocabulary_of
from dukec.limits import STUDIO_MAX_FILE_NAME
from dukec.lsp.folder import Checked, check_document
from dukec.names import lookup
from dukec.studio.grid import edit_grid
from dukec.studio.pictures import side_squares
from dukec.studio.request import ApiError, Body
from dukec.tileset import unknown_tile_message
from dukec.workbench.card import card as card_drawing
from dukec.workbench.describe import base_troops, figures, percentiles, report
from dukec.workbench.fmt import FormatError, format_text
from dukec.workbench.svg import to_inline_svg
from dukec.workbench.tiles import SIDES, TileView, all_tiles

#: The name a source sent by the page has in its diagnostics.
SOURCE_NAME = "tile.duke"
SUFFIX = ".duke"


#: The name the tile set's own icon declarations have, read before a source sent by the page.
ICONS_NAME = "the tile set's icons"


@dataclass(frozen=True, slots=True)
class Workspace:
    """What the studio works on: the tile set, where tiles are saved, the game set played, and
    what the tile set is read from again after a save (``source``: the ``--set`` path; None
    keeps the tile set as it is)."""

    tileset: dict[str, Any]
    folder: Path
    game: str | None = None
    source: Path | None = None

    def reloaded(self) -> Workspace:
        """The workspace with its tile set read again (a save changed the folder); as it is
        when there is nothing to read or the folder no longer compiles."""
        if self.source is None:
            return self
        from dukec.api import open_tileset

        try:
            return dataclasses.replace(self, tileset=open_tileset(self.source).data)
        except CompileError:
            return self

    @property
    def icons(self) -> Vocabulary:
        """The tile set's icons: what the editor's click cycle, legend and grids show."""
        return vocabulary_of(self.tileset)

    def scope(self, source: str) -> list[tuple[str, str]]:
        """What a source sent by the page is checked with: the declarations of the tile set's
        icons beyond the base box's, those the source declares itself left out (a source
        that cannot be parsed is checked with them all, and its error is what is said)."""
        own_names: set[str] = set()
        own_glyphs: set[str] = set()
        try:
            parsed = parse_source(source, SOURCE_NAME)
        except CompileError:
            parsed = None
        if parsed is not None:
            for definition in parsed.icons():
                own_names.add(definition.name.text.casefold())
                own_glyphs.update(
                    item.value.text for item in definition.items if item.key.text == "glyph"
                )
        try:
            declared = declared_icons(self.tileset)
        except CompileError:
            return []
        kept = [
            icon
            for icon in declared
            if icon.name.casefold() not in own_names and icon.glyph not in own_glyphs
        ]
        text = "".join(icon_text(icon) for icon in kept)
        return [(ICONS_NAME, text)] if text else []


#: A tile or terrain definition's first line: its name.
_DEFINES = re.compile(r"^\s*(?:tile|terrain)\s+([A-Za-z_][\w-]*)", re.M)


def folder_files(folder: Path) -> list[dict[str, Any]]:
    """The .duke files of the designer's folder, the last edited first: each file's name, the
    tiles it defines and when it was last changed."""
    found: list[dict[str, Any]] = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            text = path.read_text(encoding="utf-8")
            modified = path.stat().st_mtime
        except (OSError, UnicodeDecodeError):
            continue
        found.append({"file": path.name, "tiles": _DEFINES.findall(text), "modified": modified})
    found.sort(key=lambda entry: (-entry["modified"], entry["file"]))
    return found


def folder_file(workspace: Workspace, name: str) -> dict[str, Any]:
    """One .duke file of the folder: its name, text and tiles; ApiError 404 when none."""
    path = target(workspace.folder, name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ApiError(404, f"no file {name!r} in the folder") from None
    except (OSError, UnicodeDecodeError) as error:
        reason = _reason(error) if isinstance(error, OSError) else "not UTF-8 text"
        raise ApiError(422, f"cannot read {name}: {reason}") from None
    return {"file": name, "source": text, "tiles": _DEFINES.findall(text)}


def defining_file(folder: Path, tile: str) -> str | None:
    """The folder's file that defines ``tile``, if one does."""
    for entry in folder_files(folder):
        if tile in entry["tiles"]:
            return str(entry["file"])
    return None


# === Sources ===


def diagnostic_json(diagnostic: Diagnostic, texts: SourceTexts) -> dict[str, Any]:
    """One error or warning for the page: where (1-based), what, and the compiler's report."""
    position = diagnostic.position
    return {
        "severity": diagnostic.severity,
        "line": position.line if position else 1,
        "col": position.column if position else 1,
        "end_line": position.end_line if position else 1,
        "end_col": position.end_column if position else 1,
        "message": diagnostic.message,
        "code": diagnostic.code,
        "text": render_diagnostic(diagnostic, texts),
    }


def check(source: str, workspace: Workspace | None = None) -> tuple[Checked, dict[str, Any] | None]:
    """The source checked as an editor checks it (with the workspace's icons in scope), and its
    tile set when it has no error."""
    scope = workspace.scope(source) if workspace is not None else []
    checked = check_document(SOURCE_NAME, source, scope=scope)
    if any(d.severity == "error" for d in checked.diagnostics):
        return checked, None
    return checked, emit_analysis(checked.analysis, SOURCE_NAME)


def compiled(source: str, workspace: Workspace | None = None) -> dict[str, Any]:
    """The source's tile set (the workspace's icons in scope); ApiError 422 with the
    diagnostics when it has errors."""
    checked, tileset = check(source, workspace)
    if tileset is None:
        errors = [d for d in checked.diagnostics if d.severity == "error"]
        raise ApiError(
            422,
            f"the source has {len(errors)} error{'s' if len(errors) != 1 else ''}: "
            f"line {errors[0].position.line if errors[0].position else 1}: {errors[0].message}",
            diagnostics=[diagnostic_json(d, checked.analysis.texts) for d in errors],
        )
    return tileset


def card_svg(view: TileView) -> str:
    """A tile's card as an inline ``<svg>`` element."""
    return to_inline_svg(card_drawing(view))


def tile_json(view: TileView) -> dict[str, Any]:
    """A tile for the page: its name, kind, count, icons by side, the squares that hold them
    (with their pictures, for the editor's grids) and its card."""
    return {
        "name": view.name,
        "kind": view.kind,
        "count": view.count,
        "sides": {
            side: [
                {"icon": icon.icon.value, "glyph": icon.icon.glyph, "at": [icon.dx, icon.dy]}
                for icon in view.side(side)
            ]
            for side in SIDES
        },
        "squares": {side: side_squares(view, side) for side in SIDES},
        "card": card_svg(view),
    }


def pick(tileset: dict[str, Any], name: str | None) -> TileView:
    """The tile called ``name`` (any case), or the first tile; ApiError 404 when none."""
    views = all_tiles(tileset)
    if not views:
        raise ApiError(422, "the source defines no tile")
    if name is None:
        return views[0]
    found = lookup(name, [view.name for view in views])
    for view in views:
        if view.name == found:
            return view
    raise ApiError(404, unknown_tile_message(name, [view.name for view in views]))


def defined(tileset: dict[str, Any], name: str) -> str:
    """The name of the source's tile called ``name`` (any case); ApiError 422 when the source
    does not define it."""
    names = [tile["name"] for tile in tileset.get("tiles", [])]
    found = lookup(name, names)
    if found is None:
        raise ApiError(
            422, f"the source defines no tile {name!r} (it defines {', '.join(names) or 'none'})"
        )
    return found


# === Handlers ===


def build(workspace: Workspace, body: Body) -> dict[str, Any]:
    """Compile a source: errors and lint warnings at their lines, and its tiles with cards."""
    checked, tileset = check(body.text("source"), workspace)
    texts = checked.analysis.texts
    return {
        "ok": tileset is not None,
        "diagnostics": [diagnostic_json(d, texts) for d in checked.diagnostics],
        "tiles": [tile_json(view) for view in all_tiles(tileset or {})],
    }


def card(workspace: Workspace, body: Body) -> dict[str, Any]:
    """The card of a tile of the source (``tile``, default the first)."""
    view = pick(compiled(body.text("source"), workspace), body.optional_text("tile"))
    return {"tile": view.name, "svg": card_svg(view)}


def lint(workspace: Workspace, body: Body) -> dict[str, Any]:
    """The source's lint warnings (its errors too, since a tile with errors is not linted)."""
    source = body.text("source")
    checked = check_document(SOURCE_NAME, source, scope=workspace.scope(source))
    texts = checked.analysis.texts
    return {
        "warnings": [
            diagnostic_json(d, texts) for d in checked.diagnostics if d.severity == "warning"
        ],
        "errors": [diagnostic_json(d, texts) for d in checked.diagnostics if d.severity == "error"],
    }


def describe(workspace: Workspace, body: Body) -> dict[str, Any]:
    """A tile's reach figures, ranked among the set's troop tiles (as `dukec describe`)."""
    view = pick(compiled(body.text("source"), workspace), body.optional_text("tile"))
    base = base_troops(workspace.tileset, workspace.game or "base")
    own = figures(view)
    ranks = percentiles(own, [figures(other) for other in base])
    return {
        "tile": view.name,
        "figures": own.values(),
        "percentiles": ranks,
        "population": len(base),
        "text": report(view, base),
    }


def fmt(_workspace: Workspace, body: Body) -> dict[str, Any]:
    """The source in the canonical layout (as `dukec fmt`)."""
    source = body.text("source")
    try:
        formatted = format_text(source, SOURCE_NAME)
    except CompileError as error:
        raise ApiError(
            422,
            f"the source does not parse: {error.summary()}",
            diagnostics=[diagnostic_json(d, error.sources) for d in error.diagnostics],
        ) from None
    except FormatError as error:
        raise ApiError(422, str(error)) from None
    return {"source": formatted, "changed": formatted != source}


def grid(workspace: Workspace, body: Body) -> dict[str, Any]:
    """Click a square of a tile's grid: the source with that square's next icon (or ``glyphs``)."""
    at = body.data.get("at")
    if (
        not isinstance(at, list)
        or len(at) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in at)
    ):
        raise ApiError(400, "'at' must be [dx, dy], two whole numbers (+dy forward)")
    side = body.choice("side", None, ("front", "back"))
    if side is None:
        raise ApiError(400, "missing 'side'")
    text = body.text("source")
    checked, _ = check(text, workspace)
    source, glyphs = edit_grid(
        text,
        body.text("tile"),
        side,
        (at[0], at[1]),
        body.optional_text("glyphs"),
        checked.analysis.program.icons,
    )
    return {"source": source, "glyphs": glyphs}


def save(workspace: Workspace, body: Body) -> dict[str, Any]:
    """Write the source, formatted, as ``file`` in the designer's folder (never over a file
    unless ``overwrite``)."""
    source = body.text("source")
    overwrite = body.flag("overwrite")
    tileset = compiled(source, workspace)
    formatted = fmt(workspace, body)["source"]
    name = body.optional_text("file") or f"{pick(tileset, None).name.lower()}{SUFFIX}"
    path = target(workspace.folder, name)
    if path.exists() and not overwrite:
        raise _exists(workspace, name)
    # Checked with the folder's other files, as an editor checks it: a name another file
    # defines already would leave the folder (perhaps the --set) unable to compile.
    checked = check_document(str(path), formatted, path)
    errors = [d for d in checked.diagnostics if d.severity == "error"]
    if errors:
        raise ApiError(
            422,
            f"{name} would not compile with the other files of {workspace.folder}: "
            f"{errors[0].message}",
            diagnostics=[diagnostic_json(d, checked.analysis.texts) for d in errors],
        )
    try:
        if overwrite:
            write_text_atomic(path, formatted)
        else:
            # Of saves racing for one new name, exactly one makes the file.
            write_text_new(path, formatted)
    except FileExistsError:
        raise _exists(workspace, name) from None
    except OSError as error:
        raise ApiError(500, f"cannot write {name}: {_reason(error)}") from None
    return {"path": str(path), "file": name, "source": formatted}


def _exists(workspace: Workspace, name: str) -> ApiError:
    return ApiError(
        409,
        f'{name} exists in {workspace.folder}; send "overwrite": true',
        file=name,
        folder=str(workspace.folder),
    )


def _reason(error: OSError) -> str:
    return (error.strerror or type(error).__name__).lower()


def target(folder: Path, name: str) -> Path:
    """Where ``name`` is saved in ``folder``; ApiError 400 for a name that is not a plain,
    printable ``.duke`` file name of that folder, of at most `STUDIO_MAX_FILE_NAME` characters
    and 255 bytes."""
    if len(name) > STUDIO_MAX_FILE_NAME or len(name.encode("utf-8")) > 255:
        raise ApiError(
            400,
            f"'file' must be at most {STUDIO_MAX_FILE_NAME} characters (and 255 bytes in UTF-8), "
            f"not {len(name)}",
        )
    if not name.endswith(SUFFIX) or name == SUFFIX:
        raise ApiError(400, f"'file' must be a file name ending in {SUFFIX}")
    if not name.isprintable():
        # Control characters (a newline) and format ones (U+202E turns the name around)
        # make a name that reads as another.
        raise ApiError(
            400, f"'file' must be printable: no control or formatting characters in {name!r}"
        )
    if "/" in name or "\\" in name or name.startswith("."):
        raise ApiError(400, f"'file' must be a plain file name in the folder, not {name!r}")
    path = folder / name
    try:
        inside = path.resolve().parent == folder.resolve()
    except OSError as error:
        raise ApiError(400, f"'file' {name!r} cannot be saved: {_reason(error)}") from None
    if not inside:
        raise ApiError(400, f"'file' {name!r} leads out of the folder")
    return path


def policies() -> dict[str, Any]:
    """The players a run may name, weakest first, the one it gets when it names none, and the
    node budgets: the default and the most a move may search."""
    from dukec.api import DEFAULT_POLICY
    from dukec.limits import STUDIO_MAX_BUDGET
    from dukec.players.policies import BUDGETED, POLICIES
    from dukec.players.search import DEFAULT_BUDGET

    return {
        "policies": list(POLICIES),
        "default": DEFAULT_POLICY,
        "budgeted": list(BUDGETED),
        "budget": DEFAULT_BUDGET,
        "max_budget": STUDIO_MAX_BUDGET,
    }


def set_tiles(workspace: Workspace) -> dict[str, Any]:
    """The set's tiles with their cards."""
    return {"tiles": [tile_json(view) for view in all_tiles(workspace.tileset)]}


def set_tile(workspace: Workspace, name: str) -> dict[str, Any]:
    """One tile of the set: its card, icons and its source (decompiled)."""
    view = pick(workspace.tileset, name)
    data = next(tile for tile in workspace.tileset["tiles"] if tile["name"] == view.name)
    file = defining_file(workspace.folder, view.name)
    if file is not None:
        # A tile of the designer's folder opens as its file has it, comments and all.
        source = folder_file(workspace, file)["source"]
        return {**tile_json(view), "source": source, "file": file}
    return {**tile_json(view), "source": tile_text(data, workspace.icons), "file": None}
