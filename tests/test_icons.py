"""The icons' entries: one per icon, complete, and the files that list icons agree with them."""

from __future__ import annotations

import json
import re

from dukec.icons import DIRECTIONS, ENTRIES, ICON_BY_GLYPH, Icon
from dukec.workbench.icon_shapes import SHAPES
from tests.regenerate_icon_lists import GRAMMAR, REPO, SCHEMA, grammar_text, schema_text, scope


def test_every_icon_has_one_entry_in_the_enum_order() -> None:
    assert list(ENTRIES) == list(Icon)


def test_glyphs_are_distinct_capital_letters() -> None:
    glyphs = [entry.glyph for entry in ENTRIES.values()]
    assert len(set(glyphs)) == len(glyphs)
    assert all(re.fullmatch("[A-Z]", glyph) for glyph in glyphs)
    assert {ICON_BY_GLYPH[icon.glyph] for icon in Icon} == set(Icon)


def test_the_schema_lists_the_entries() -> None:
    """If not, `python tests/regenerate_icon_lists.py` rewrites its icon enum."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$defs"]["icon"]["properties"]["icon"]["enum"] == [icon.value for icon in Icon]
    assert schema_text(SCHEMA.read_text(encoding="utf-8")) == SCHEMA.read_text(encoding="utf-8")


def test_the_editor_grammar_lists_the_entries() -> None:
    """If not, `python tests/regenerate_icon_lists.py` rewrites its glyph rules."""
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    grid = grammar["repository"]["grid"]["patterns"]
    glyphs = [p["match"] for p in grid if p.get("name", "").startswith("constant.character.glyph")]
    assert glyphs == [icon.glyph for icon in Icon]
    assert grammar_text(GRAMMAR.read_text(encoding="utf-8")) == GRAMMAR.read_text(encoding="utf-8")


def test_the_lists_are_rewritten_from_the_entries() -> None:
    schema = SCHEMA.read_text(encoding="utf-8").replace('"jump", "slide"', '"slide"', 1)
    assert schema_text(schema) == SCHEMA.read_text(encoding="utf-8")
    grammar = GRAMMAR.read_text(encoding="utf-8")
    line = f'{{"match": "J", "name": "{scope(Icon.JUMP)}"}},\n'
    assert line in grammar
    assert grammar_text(grammar.replace(line, "", 1)) == grammar


def test_every_entry_can_be_drawn() -> None:
    for icon, entry in ENTRIES.items():
        assert entry.shape in SHAPES, icon
        assert re.fullmatch("#[0-9a-f]{6}", entry.colour), icon
        assert len(entry.characters) == (len(DIRECTIONS) if entry.geometry.directed else 1), icon


def test_a_directed_icon_stands_where_its_direction_can_be_read() -> None:
    for icon, entry in ENTRIES.items():
        offsets = entry.placement.offsets
        if entry.geometry.directed:
            assert offsets is not None, icon
            units = {((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) for dx, dy in offsets}
            assert len(units) == len(offsets) == len(DIRECTIONS), icon
        if offsets is not None:
            placement = entry.placement
            assert placement.sits and placement.json_error and placement.draw_error, icon
            assert "{at}" in placement.grid_error, icon


def test_the_glyph_table_names_each_entry() -> None:
    """docs/dsl.md's glyph table: a row per entry, in order, with its label and JSON name."""
    text = (REPO / "docs" / "dsl.md").read_text(encoding="utf-8")
    row = r"^\| `(.)` \| ([A-Z][a-z]+(?: [A-Z][a-z]+)*)\b.*\| `([a-z_]+)` \|$"
    rows = re.findall(row, text, re.M)
    assert rows == [(icon.glyph, icon.label, icon.value) for icon in Icon]
