"""The language server's answers, computed without a server: diagnostics, hover, completion,
formatting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from lsprotocol import types

from dukec.compiler.diagnostics import Position
from dukec.lsp import features
from dukec.lsp.folder import Checked, check_document
from tests.lsp.sources import (
    ARMY,
    FORMATTED,
    GLYPHS,
    SCOUT,
    SCOUT_BAD,
    UNFORMATTED,
    write_folder,
)


def locate(name: str, position: Position | None) -> types.Location:
    return types.Location(f"file://{name}", features.lsp_range(position))


def labels(items: list[types.CompletionItem]) -> list[str]:
    return [item.label for item in items]


def test_an_error_in_lsp_positions() -> None:
    checked = check_document("scout.duke", SCOUT_BAD)
    (found,) = features.diagnostics(checked, locate)
    assert found.range == types.Range(types.Position(3, 10), types.Position(3, 11))
    assert found.message == f"unknown glyph 'Q' (glyphs: {GLYPHS})"
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.source == "dukec"


def test_a_lint_warning_is_a_warning_with_its_code() -> None:
    (found,) = features.diagnostics(check_document("runner.duke", UNFORMATTED), locate)
    assert found.range == types.Range(types.Position(0, 5), types.Position(0, 11))
    assert found.message == (
        "Runner never moves backward (toward its owner's edge) with either side [no-backward]"
    )
    assert found.severity == types.DiagnosticSeverity.Warning
    assert found.code == "no-backward"


def test_whole_file_problems_sit_at_the_start() -> None:
    (found,) = features.diagnostics(check_document("empty.duke", "# nothing\n"), locate)
    assert found.range == types.Range(types.Position(0, 0), types.Position(0, 0))
    assert found.message == "no tile or set is defined in this file"


def test_the_folder_counts_and_only_the_documents_errors_are_shown(tmp_path: Path) -> None:
    paths = write_folder(tmp_path / "tiles", {"scout.duke": SCOUT_BAD, "army.duke": ARMY})
    army = check_document("x", ARMY, paths["army.duke"])
    assert army.name == str(paths["army.duke"])
    # Scout is known from the other file; its glyph error belongs to that file, not this one.
    assert [(d.position, d.message) for d in army.diagnostics] == [
        (Position(5, 13, 5, 20), "unknown tile 'Zealots'")
    ]
    (scout,) = check_document("x", SCOUT_BAD, paths["scout.duke"]).diagnostics
    assert scout.message.startswith("unknown glyph 'Q'")


def test_open_texts_replace_the_files_on_disk(tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"scout.duke": SCOUT, "army.duke": ARMY})
    renamed = SCOUT.replace("Scout", "Ranger")
    army = check_document("x", ARMY, paths["army.duke"], {paths["scout.duke"]: renamed})
    assert [d.message for d in army.diagnostics] == [
        "unknown tile 'Scout'",
        "unknown tile 'Zealots'",
    ]


def test_a_file_of_the_folder_that_cannot_be_read_silences_unknown_names(
    tmp_path: Path,
) -> None:
    paths = write_folder(tmp_path, {"army.duke": ARMY})
    (tmp_path / "scout.duke").write_bytes(b"tile Scout \xff {\n")
    # As `dukec check DIR` does: the missing file may define them.
    assert check_document("x", ARMY, paths["army.duke"]).diagnostics == ()
    (tmp_path / "scout.duke").unlink()
    assert len(check_document("x", ARMY, paths["army.duke"]).diagnostics) == 2


def test_a_duplicate_across_files_has_a_note_in_the_other_file(tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"a.duke": SCOUT, "b.duke": SCOUT})
    checked = check_document("x", SCOUT, paths["b.duke"])
    (found,) = features.diagnostics(checked, locate)
    assert found.message == "duplicate tile 'Scout'"
    assert found.range == types.Range(types.Position(0, 5), types.Position(0, 10))
    assert found.related_information == [
        types.DiagnosticRelatedInformation(
            types.Location(
                f"file://{paths['a.duke']}",
                types.Range(types.Position(0, 5), types.Position(0, 10)),
            ),
            "'Scout' is first defined here",
        )
    ]
    # The first definition is fine.
    assert check_document("x", SCOUT, paths["a.duke"]).diagnostics == ()


def test_schema_errors_are_reported_as_check_reports_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The checker lets nothing through that the schema rejects, so corrupt the emitted count
    # (as tests/compiler/test_compiler_errors.py does) to see a schema error reach the editor.
    from dukec.compiler import driver

    emit = driver.program_dict  # type: ignore[attr-defined]

    def corrupt(program: Any) -> dict[str, Any]:
        data: dict[str, Any] = emit(program)
        data["tiles"][0]["count"] = -5
        return data

    monkeypatch.setattr(driver, "program_dict", corrupt)
    (found,) = features.diagnostics(check_document("scout.duke", SCOUT), locate)
    assert found.message == "$.tiles[0].count: -5 is less than the minimum of 0"
    assert found.range == types.Range(types.Position(0, 5), types.Position(0, 10))


# === Hover ===


def test_hover_on_a_tile_header_shows_its_card() -> None:
    from dukec.compiler.emit import tile_dict
    from dukec.workbench.terminal import card_lines, plain
    from dukec.workbench.tiles import TileView

    checked = check_document("scout.duke", SCOUT)
    found = features.hover(checked, SCOUT, 0, 7)
    assert found is not None
    assert found.range == types.Range(types.Position(0, 5), types.Position(0, 10))
    assert isinstance(found.contents, types.MarkupContent)
    (tile,) = checked.analysis.program.tiles
    card = plain(card_lines(TileView.from_json(tile_dict(tile))))
    assert found.contents.value == f"```text\n{card}```"
    assert card.startswith("Scout (troop, count 1)\nfront (starting side)    back\n")


def test_hover_where_a_set_names_a_tile_of_the_folder(tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"scout.duke": SCOUT, "army.duke": ARMY})
    checked = check_document("x", ARMY, paths["army.duke"])
    found = features.hover(checked, ARMY, 3, 16)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert found.contents.value.startswith("```text\nScout (troop, count 1)\n")
    # An unknown tile, a keyword: nothing to show; a glyph in a grid: its icon.
    assert features.hover(checked, ARMY, 4, 14) is None
    assert features.hover(checked, ARMY, 3, 9) is None
    grid = check_document("scout.duke", SCOUT)
    glyph = features.hover(grid, SCOUT, 7, 10)
    assert glyph is not None and isinstance(glyph.contents, types.MarkupContent)
    assert glyph.contents.value == "`M` **Move** (`move`): geometry step, effect move, blocked"
    assert features.hover(grid, SCOUT, 7, 8) is None  # '.': an empty square


def test_hover_quotes_the_worth_recorded_beside_the_document(tmp_path: Path) -> None:
    # The worth `dukec value --json` wrote (or a manifest's copy entry), as render --stats
    # stamps it on the card.
    report = {
        "format": "dukec-value/2",
        "tileset_hash": "2f1c0a9b8d7e6f50",
        "worth": {"tile": "Scout", "elo": 51.2, "elo_ci95": [15.0, 87.0]},
    }
    (tmp_path / "worth.json").write_text(json.dumps(report))
    checked = check_document("scout.duke", SCOUT)
    stats = features.worths(tmp_path)
    assert stats is not None and stats[0] == "worth.json"
    found = features.hover(checked, SCOUT, 0, 7, stats)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert found.contents.value.endswith(
        "```\n\nWorth a copy: +51 ± 36 Elo · set 2f1c0a9b8d7e6f50 (from worth.json)"
    )
    # No file, or one that cannot be read: the card alone.
    assert features.worths(tmp_path / "none") is None
    (tmp_path / "worth.json").write_text("{")
    assert features.worths(tmp_path) is None


def test_hover_shows_abilities() -> None:
    text = SCOUT.replace("count 1", "count 1\n    ability I")
    found = features.hover(check_document("scout.duke", text), text, 0, 6)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert found.contents.value.startswith("```text\nScout (troop, count 1, I summon)\n")


# === Completion ===

EMPTY = check_document("empty.duke", "")


def complete(text: str, line: int, character: int, checked: Checked = EMPTY) -> list[str]:
    return labels(features.completion(checked, text, line, character))


def test_completion_of_statements_by_block() -> None:
    assert complete("", 0, 0) == ["extends", "tile", "terrain", "set", "icon"]
    assert complete("tile A {\n    \n", 1, 4) == [
        "count",
        "ability",
        "acts as duke",
        "class",
        "front",
        "back",
    ]
    assert complete("set s {\n    \n", 1, 4) == [
        "board",
        "optional",
        "terrain",
        "rule",
        "swap",
        "army",
    ]
    assert complete("set s {\n    army {\n        ", 2, 8) == [
        "start",
        "bag",
        "win",
        "freeze",
        "place",
    ]


def test_completion_in_a_terrain_tile_offers_its_properties_and_values() -> None:
    found = complete("terrain Pit {\n    ", 1, 4)
    assert found[:6] == ["count", "ability", "acts as duke", "class", "front", "back"]
    assert found[6:9] == ["occupants", "enter_with", "blocks_jump"]
    assert "placement" in found
    assert complete("terrain Pit {\n    placement ", 1, 14) == [
        "random",
        "middle",
        "edge",
        "opponent_edge",
        "chosen",
    ]
    assert complete("terrain Pit {\n    blocks_jump t", 1, 17) == ["true", "false"]
    assert complete("terrain Pit {\n    enter_with move, ", 1, 21) == [
        "move",
        "jump",
        "slide",
        "jump_slide",
        "command",
        "none",
    ]


def test_completion_of_glyphs_in_a_grid() -> None:
    items = features.completion(EMPTY, "tile A {\n    front {\n        . ", 2, 10)
    assert [(item.label, item.detail) for item in items] == [
        ("M", "Move"),
        ("J", "Jump"),
        ("S", "Slide"),
        ("L", "Jump Slide"),
        ("X", "Strike"),
        ("C", "Command"),
        ("D", "Dread"),
        ("B", "Defense"),
        ("@", "the tile's own square"),
        (".", "an empty square"),
    ]


def test_completion_of_abilities() -> None:
    assert complete("tile A {\n    ability ", 1, 12) == [
        "I",
        "II",
        "III",
        "IV",
        "summon",
        "divination",
        "escape",
        "ransom",
    ]
    assert complete("tile A {\n    ability II ", 1, 15) == ["on"]
    assert complete("tile A {\n    ability II on ", 1, 18) == ["front", "back"]


def test_completion_of_rules_and_their_values() -> None:
    rules = complete("set s {\n    rule ", 1, 9)
    assert rules[:3] == ["duke_capture_wins", "lose_without_tiles", "flag_squares"]
    assert "draft" in rules
    assert complete("set s {\n    rule flag_barred ", 1, 21) == ["none", "own", "opponent"]
    assert complete("set s {\n    rule win_score ", 1, 19) == []


def test_completion_of_tile_names_from_the_folder_and_the_text(tmp_path: Path) -> None:
    terrain = "terrain Pit {\n    occupants 0\n    front {\n        @\n    }\n}\n"
    paths = write_folder(tmp_path, {"scout.duke": SCOUT, "pit.duke": terrain})
    text = "tile Courier {\n}\nset s {\n    army {\n        bag 2 \n"
    checked = check_document("x", text, tmp_path / "new.duke")
    assert "Scout" in [t.name for t in checked.analysis.program.tiles]
    # The folder defines no tile acting as the Duke: it lies on the base set, whose tiles count.
    offered = complete(text, 4, 14, checked)
    assert {"Courier", "Scout", "Footman", "Pikeman"} <= set(offered)
    assert offered == sorted(offered)
    items = features.completion(checked, "set s {\n    terrain ", 1, 12)
    assert ("Pit", "terrain tile") in [(item.label, item.detail) for item in items]
    assert {"Pit", "Scout", "Dragon"} <= set(complete("set s {\n    optional ", 1, 13, checked))
    started = complete("set s {\n    army {\n        start ", 2, 14, checked)
    assert "Scout" in started and "Footman" in started and "Pit" not in started
    assert complete("set s {\n    army {\n        start 2 Scout ", 2, 22, checked) == [
        "on",
        "beside",
    ]
    assert complete("set s {\n    army {\n        win ", 2, 12, checked) == ["capture", "reach"]
    assert complete("set s {\n    army ", 1, 9, checked) == ["first", "second"]
    assert paths


# === Formatting ===


def test_formatting_returns_one_edit_with_fmts_layout() -> None:
    edits = features.formatting(UNFORMATTED, "runner.duke")
    assert edits == [
        types.TextEdit(
            range=types.Range(types.Position(0, 0), types.Position(11, 0)),
            new_text=FORMATTED,
        )
    ]


def test_formatting_a_formatted_file_changes_nothing() -> None:
    assert features.formatting(FORMATTED, "runner.duke") == []


def test_formatting_a_file_that_does_not_parse_returns_no_edit() -> None:
    assert features.formatting("tile A {\n    count\n}\n", "a.duke") is None


def test_end_of_text() -> None:
    assert features.end_of("") == types.Position(0, 0)
    assert features.end_of("ab\ncd") == types.Position(1, 2)
    assert features.end_of("ab\n") == types.Position(1, 0)


def test_the_tile_statements_are_the_compilers_keywords() -> None:
    from dukec.compiler.check_tiles import TILE_KEYWORDS

    assert [statement.split()[0] for statement in features.TILE_STATEMENTS] == list(TILE_KEYWORDS)
