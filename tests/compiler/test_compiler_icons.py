"""Icon declarations in the compiler: the prelude in scope, ``like`` and defaults, redeclaring,
and what a grid makes of a declaration in error."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dukec.compiler import CompileError, compile_source, dumps, load
from dukec.compiler.consistency import consistency_errors
from dukec.compiler.decompile import decompile
from dukec.compiler.driver import analyze_texts
from dukec.compiler.emit import canonicalize
from dukec.compiler.validate import tileset_validator
from dukec.icons import FORMAT, Captures, Geometry, Vocabulary, base, icon_dict, icon_from_dict
from tests.conftest import REPO

TILE = """tile Scout {
    count 1
    front {
        . A .
        . @ .
    }
    back {
        . M .
        . @ .
    }
}
"""


def _icons(text: str) -> Vocabulary:
    return analyze_texts([("t.duke", text)]).program.icons


def _errors(text: str) -> list[str]:
    return [d.message for d in analyze_texts([("t.duke", text)]).diagnostics]


def test_the_prelude_is_in_scope_of_every_source() -> None:
    icons = _icons(TILE.replace("A", "J"))
    assert [icon.name for icon in icons] == [icon.name for icon in Vocabulary(list(icons))]
    assert icons.glyphs == ("M", "J", "S", "L", "X", "C", "D", "B")


def test_a_declaration_is_like_another_and_says_what_differs() -> None:
    icons = _icons(
        'icon Advance { glyph A  like move  captures nothing  label "Non-Capture Move" }'
    )
    advance = icons.named("Advance")
    assert (advance.geometry, advance.blocked, advance.captures) == (
        Geometry.STEP,
        True,
        Captures.NOTHING,
    )
    assert (advance.shape, advance.colour, advance.characters) == ("dot", "ink", "●")
    assert advance.order == 8 and icons.glyphs[-1] == "A"


def test_a_new_geometry_takes_what_only_the_geometry_decides() -> None:
    icons = _icons(
        "icon Hop { glyph O  like move  geometry leap }\n"
        "icon Lunge { glyph U  like jump  geometry step  blocked false }"
    )
    hop, lunge = icons.named("Hop"), icons.named("Lunge")
    assert (hop.blocked, hop.shape, hop.characters) == (False, "ring", "○")
    assert (lunge.blocked, lunge.shape) == (False, "dot")


def test_a_new_effect_takes_its_colour() -> None:
    poke = _icons("icon Poke { glyph P  like move  effect strike  blocked false }").named("Poke")
    assert (poke.colour, poke.shape, poke.characters) == ("red", "star", "✶")


def test_a_label_defaults_to_the_names_words() -> None:
    icons = _icons("icon long_step { glyph Z  like move }\nicon Hammer { glyph H  like jump }")
    assert icons.named("long_step").label == "Long Step" and icons.named("Hammer").label == "Hammer"


def test_like_may_name_an_icon_declared_later() -> None:
    icons = _icons("icon B2 { glyph Y  like B1 }\nicon B1 { glyph Z  like strike  area one }")
    assert icons.named("B2").area == "one" and [i.name for i in icons][-2:] == ["B2", "B1"]


def test_redeclaring_a_base_icon_names_the_prelude() -> None:
    found = analyze_texts([("t.duke", "icon Move { glyph W  like jump }")]).diagnostics
    [error] = found
    assert error.message == (
        "icon 'Move' differs from 'move' only in case; icon names are unique without regard to case"
    )
    assert (
        error.notes[0].path.endswith("icons.duke")
        and error.notes[0].message == "first declared here"
    )
    [taken] = analyze_texts([("t.duke", "icon Walk { glyph M  like move }")]).diagnostics
    assert taken.message.startswith("glyph 'M' is icon 'move''s already")


def test_a_grid_is_not_faulted_for_a_declaration_in_error() -> None:
    errors = _errors("icon Advance { glyph A  like mvoe }\n" + TILE)
    assert errors == ["unknown icon 'mvoe'; did you mean 'move'?"]


def test_an_undeclared_glyph_is_an_error_naming_the_declared_ones() -> None:
    [message] = _errors("icon Walk { glyph W  like move }\n" + TILE)
    assert message.startswith("unknown glyph 'A' (glyphs: M move, J jump, ")
    assert message.endswith("B defense, W walk)")


def test_a_copy_of_the_base_set_reads_its_icons_once(tmp_path: Path) -> None:
    copy = tmp_path / "tiles"
    shutil.copytree(REPO / "tiles", copy)
    # Commented otherwise, the same declarations are the prelude.
    text = (copy / "icons.duke").read_text(encoding="utf-8").replace("# Move:", "# The Move:")
    (copy / "icons.duke").write_text(text, encoding="utf-8")
    assert load([copy]) == load([REPO / "tiles"])
    # With an icon more, they are a redeclaration of every base icon.
    (copy / "icons.duke").write_text(text + "icon Walk { glyph W  like move }\n", encoding="utf-8")
    with pytest.raises(CompileError) as raised:
        load([copy])
    assert sum("is declared twice" in d.message for d in raised.value.diagnostics) == 8


def test_one_line_and_many_lines_say_the_same() -> None:
    one = compile_source('icon Walk { glyph W  like move  label "Walk" }')
    many = compile_source('icon Walk {\n    glyph W\n    like move\n    label "Walk"\n}\n')
    assert one == many


# === JSON -> DSL -> JSON for declared icons ===

GLYPHS = "AEFGHIKNOPQRTUVWYZ"


@st.composite
def declared(draw: st.DrawFn, index: int) -> dict[str, Any]:
    """A declaration the algebra allows (drawn so, then checked), as the JSON holds it."""
    from dukec.icon_rules import problems
    from dukec.icons import PALETTE, SHAPES, Captures, Effect, Icon

    effect = draw(st.sampled_from(list(Effect)))
    geometries = list(Geometry) if effect.captures else [Geometry.SQUARE]
    geometry = draw(st.sampled_from(geometries))
    captures = Captures.ENEMIES
    if effect is Effect.MOVE:
        captures = draw(st.sampled_from(list(Captures)))
    elif effect is Effect.STRIKE:
        captures = draw(st.sampled_from([Captures.ENEMIES, Captures.ALL]))
    capturing = effect.captures and captures is not Captures.NOTHING
    shape = draw(st.sampled_from(list(SHAPES)))
    characters = SHAPES[shape].characters if geometry.directed else SHAPES[shape].characters[0]
    icon = Icon(
        name=f"Icon{index}",
        glyph=GLYPHS[index],
        label=draw(st.sampled_from([f"Icon{index}", f"My icon {index}"])),
        geometry=geometry,
        effect=effect,
        blocked=geometry.directed or (geometry is Geometry.STEP and draw(st.booleans())),
        captures=captures,
        path_clear=geometry.passes and effect.captures and draw(st.booleans()),
        ignores_defense=capturing and draw(st.booleans()),
        area=draw(st.sampled_from(["", "siege", "volley"]))
        if effect is Effect.STRIKE and not geometry.directed
        else "",
        shape=shape,
        colour=draw(st.sampled_from(list(PALETTE))),
        characters=characters,
    )
    assert problems(icon) == []
    return icon_dict(icon)


@st.composite
def tilesets_with_icons(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(1, 4))
    extra = [draw(declared(index)) for index in range(count)]
    icons = Vocabulary([*base(), *(icon_from_dict(item) for item in extra)])
    placed = []
    for icon in icons:
        spots = sorted(icon.placement.offsets or {(0, 1), (1, 2), (-2, -1)})
        if draw(st.booleans()):
            placed.append({"icon": icon.name, "at": list(draw(st.sampled_from(spots)))})
    tile = {
        "name": "Scout",
        "kind": "troop",
        "count": 1,
        "abilities": [],
        "sides": {"front": {"icons": placed}, "back": {"icons": []}},
    }
    data = {"format": FORMAT, "icons": icons.to_json(), "tiles": [tile], "sets": []}
    return canonicalize(data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tilesets_with_icons())
def test_declared_icons_round_trip_through_the_language(data: dict[str, Any]) -> None:
    assert list(tileset_validator().iter_errors(data)) == []
    assert consistency_errors(data) == []
    text = decompile(data)
    assert dumps(compile_source(text, "round.duke")) == dumps(data)
