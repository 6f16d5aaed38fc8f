"""The icons' declarations: the base box's eight, the rules of the algebra, and the files that
list the vocabulary agreeing with the declarations."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from dukec.icon_rules import problems
from dukec.icons import (
    BASE_FILE,
    DIRECTIONS,
    SHAPES,
    Captures,
    Effect,
    Geometry,
    Icon,
    Vocabulary,
    VocabularyError,
    base,
    hashed_form,
    merged,
    vocabulary_of,
)
from dukec.workbench.icon_shapes import DRAWINGS
from tests.base_icons import BASE, JUMP, MOVE, STRIKE
from tests.regenerate_icon_lists import (
    ENUMS,
    GRAMMAR,
    REPO,
    SCHEMA,
    base_text,
    grammar_text,
    schema_text,
)


def test_the_base_copy_is_what_the_prelude_compiles_to() -> None:
    """If not, `python tests/regenerate_icon_lists.py` rewrites dukec/base_icons.json."""
    assert BASE_FILE.read_text(encoding="utf-8") == base_text()


def test_the_base_box_declares_eight_icons_with_their_json_names() -> None:
    assert [icon.name for icon in base()] == [
        "move",
        "jump",
        "slide",
        "jump_slide",
        "strike",
        "command",
        "dread",
        "defense",
    ]
    assert "".join(base().glyphs) == "MJSLXCDB"
    assert [icon.order for icon in base()] == list(range(8))
    assert not any(icon.modified for icon in base())
    assert all(problems(icon) == [] for icon in base())


def test_glyphs_are_distinct_capital_letters() -> None:
    glyphs = base().glyphs
    assert len(set(glyphs)) == len(glyphs)
    assert all(re.fullmatch("[A-Z]", glyph) for glyph in glyphs)
    assert {base().by_glyph[icon.glyph] for icon in BASE} == set(BASE)


def test_the_schema_lists_the_vocabulary() -> None:
    """If not, `python tests/regenerate_icon_lists.py` rewrites its enums."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    properties = schema["$defs"]["icon_declaration"]["properties"]
    for key, values in ENUMS.items():
        assert properties[key]["enum"] == values, key
    assert schema_text(SCHEMA.read_text(encoding="utf-8")) == SCHEMA.read_text(encoding="utf-8")


def test_the_editor_grammar_lists_the_base_glyphs() -> None:
    """If not, `python tests/regenerate_icon_lists.py` rewrites its glyph rules."""
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    grid = grammar["repository"]["grid"]["patterns"]
    named = [p["match"] for p in grid if p.get("name", "").startswith("constant.character.glyph.")]
    assert named == [*(icon.glyph for icon in BASE), "[A-Za-z]"]
    text = GRAMMAR.read_text(encoding="utf-8")
    assert grammar_text(text, list(BASE)) == text


def test_the_lists_are_rewritten_from_the_vocabulary() -> None:
    schema = SCHEMA.read_text(encoding="utf-8").replace('"ring", "arrow"', '"arrow"', 1)
    assert schema_text(schema) == SCHEMA.read_text(encoding="utf-8")
    grammar = GRAMMAR.read_text(encoding="utf-8")
    line = '{"match": "J", "name": "constant.character.glyph.jump.duke"},\n'
    assert line in grammar
    assert grammar_text(grammar.replace(line, "", 1), list(BASE)) == grammar


def test_every_shape_can_be_drawn_and_every_icon_has_its_characters() -> None:
    assert set(DRAWINGS) == set(SHAPES)
    for icon in BASE:
        assert icon.shape in SHAPES, icon
        assert re.fullmatch("#[0-9a-f]{6}", icon.hex_colour), icon
        assert len(icon.characters) == (len(DIRECTIONS) if icon.geometry.directed else 1), icon


def test_a_directed_icon_stands_where_its_direction_can_be_read() -> None:
    for icon in BASE:
        offsets = icon.placement.offsets
        if icon.geometry.directed:
            assert offsets is not None, icon
            units = {((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) for dx, dy in offsets}
            assert len(units) == len(offsets) == len(DIRECTIONS), icon
        if offsets is not None:
            placement = icon.placement
            assert placement.sits and placement.json_error and placement.draw_error, icon
            assert "{at}" in placement.grid_error, icon


def test_the_glyph_table_names_each_base_icon() -> None:
    """docs/dsl.md's glyph table: a row per base icon, in order, with its label and JSON name."""
    text = (REPO / "docs" / "dsl.md").read_text(encoding="utf-8")
    row = r"^\| `(.)` \| ([A-Z][a-z]+(?: [A-Z][a-z]+)*)\b.*\| `([a-z_]+)` \|$"
    rows = re.findall(row, text, re.M)
    assert rows == [(icon.glyph, icon.label, icon.name) for icon in BASE]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"glyph": "7"}, [("glyph", "a glyph is one letter, not '7'")]),
        (
            {"effect": Effect.COMMAND},
            [
                (
                    "geometry",
                    "a command icon acts on the square it stands on alone: its geometry is square",
                )
            ],
        ),
        (
            {"geometry": Geometry.LEAP},
            [("blocked", "a leap passes over no square: nothing can block it")],
        ),
        (
            {"captures": Captures.NOTHING, "effect": Effect.STRIKE, "blocked": False},
            [("captures", "a Strike that captures nothing does nothing")],
        ),
        (
            {"area": "siege"},
            [("area", "an area group is of Strike icons; a move icon cannot join one")],
        ),
        ({"shape": "blob"}, [("shape", "unknown shape 'blob'")]),
        ({"colour": "mauve"}, [("colour", "unknown colour 'mauve'")]),
        (
            {"characters": "ab"},
            [("character", "one character for an icon of geometry step; this has 2")],
        ),
    ],
)
def test_the_algebra_refuses_what_the_engine_cannot_play(
    changes: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    icon = replace(replace(MOVE, name="Odd", glyph="O"), **changes)  # type: ignore[arg-type]
    assert problems(icon) == expected


def test_a_modified_icon_is_one_the_base_tables_do_not_hold() -> None:
    assert replace(MOVE, captures=Captures.NOTHING).modified
    assert replace(JUMP, ignores_defense=True).modified
    assert replace(STRIKE, area="siege").modified
    assert replace(STRIKE, blocked=True).modified
    assert replace(MOVE, blocked=False).modified  # a step that tiles in between do not stop
    assert not replace(MOVE, name="Walk", glyph="W").modified


def test_a_vocabulary_refuses_a_name_or_glyph_twice() -> None:
    with pytest.raises(VocabularyError, match="icon 'MOVE' is declared twice"):
        Vocabulary([*BASE, replace(MOVE, name="MOVE", glyph="Q")])
    with pytest.raises(VocabularyError, match="glyph 'M' is declared twice"):
        Vocabulary([*BASE, replace(MOVE, name="walk")])
    assert base().lookup("JUMP_SLIDE") == base().named("jump_slide")


def test_merged_vocabularies_keep_the_first_and_add_the_others() -> None:
    advance = replace(MOVE, name="Advance", glyph="A", captures=Captures.NOTHING)
    more = Vocabulary([*BASE, advance])
    assert merged(base(), more).icons[-1] == replace(advance, order=8)
    assert merged(more, base()) is more
    with pytest.raises(VocabularyError, match="declared otherwise"):
        merged(more, Vocabulary([*BASE, replace(advance, captures=Captures.ALL)]))
    with pytest.raises(VocabularyError, match="takes glyph 'A'"):
        merged(more, Vocabulary([*BASE, replace(advance, name="Ahead")]))


def test_a_first_format_set_has_the_base_icons_and_the_same_hash() -> None:
    first = {"format": "duke-tileset/1", "tiles": [], "sets": []}
    second = {"format": "duke-tileset/2", "icons": base().to_json(), "tiles": [], "sets": []}
    assert vocabulary_of(first) is base() and vocabulary_of(second) is base()
    assert hashed_form(second) == first
    advance = replace(MOVE, name="Advance", glyph="A", captures=Captures.NOTHING)
    third = {**second, "icons": Vocabulary([*BASE, advance]).to_json()}
    assert hashed_form(third) is third
    assert [icon.name for icon in vocabulary_of(third)][-1] == "Advance"


def test_a_declaration_round_trips_through_its_json() -> None:
    from dukec.icons import icon_dict, icon_from_dict

    hammer = replace(STRIKE, name="Hammer", glyph="H", ignores_defense=True, area="siege")
    assert icon_from_dict(icon_dict(hammer)) == hammer
    assert icon_dict(hammer)["area"] == "siege" and icon_dict(STRIKE)["area"] is None


def test_an_icon_is_not_an_enum_but_keeps_its_value() -> None:
    assert isinstance(MOVE, Icon) and MOVE.value == "move" == MOVE.name
