"""The formatter: canonical layout, comments kept, idempotent, meaning unchanged."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dukec.cli import main
from dukec.compiler import CompileError, compile_source, parse_source
from dukec.workbench.fmt import FormatError, format_paths, format_text

REPO = Path(__file__).resolve().parents[2]
TILES = REPO / "tiles"

MESSY = """\
# header

# about Foo
tile Foo {   # open
  front {
        M   .  . # row comment
   # between rows
     . @ XC
        # before close
    }  # closed front
    # before back
  back {
   @
 }
        ability   I  summon # trailing ability
  count 2
}   # end foo
set base {
    army first {
        bag Foo, # after foo
          2 Foo
        start Foo on c1 , d1
    }
    board 6 x 6
    # lonely


}
# the end

"""

TIDY = """\
# header

# about Foo
tile Foo {  # open
    count 2
    ability I summon  # trailing ability
    front {
        M  .  .  # row comment
        # between rows
        .  @  XC
        # before close
    }  # closed front
    # before back
    back {
        @
    }
}  # end foo

set base {
    board 6 x 6
    army first {
        start Foo on c1, d1
        # after foo
        bag Foo, 2 Foo
    }
    # lonely
}

# the end
"""


def test_canonical_layout() -> None:
    assert format_text(MESSY, "messy.duke") == TIDY
    assert format_text(TIDY, "tidy.duke") == TIDY


def test_every_comment_is_kept() -> None:
    before = sorted(c.text.rstrip() for c in parse_source(MESSY, "m").comments)
    after = sorted(c.text for c in parse_source(format_text(MESSY, "m"), "m").comments)
    assert before == after
    assert len(after) == 13


@pytest.mark.parametrize("path", sorted(TILES.glob("*.duke")), ids=lambda p: p.name)
def test_base_tiles_are_formatted_and_idempotent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    once = format_text(text, path.name)
    assert once == text, f"{path.name} is not in the canonical layout: run `dukec fmt tiles/`"
    assert format_text(once, path.name) == once


def test_long_lists_wrap_under_the_first_item() -> None:
    names = ", ".join(f"Tile{n}" for n in range(20))
    text = f"set big {{\n    board 6 x 6\n    army {{\n        bag {names}\n    }}\n}}\n"
    lines = format_text(text, "big.duke").splitlines()
    bag = [line for line in lines if "Tile" in line]
    assert len(bag) > 1
    assert all(len(line) <= 80 for line in bag)
    assert all(line.endswith(",") for line in bag[:-1])
    assert all(line.startswith(" " * 12 + "Tile") for line in bag[1:])


def test_terrain_properties_in_schema_order() -> None:
    text = "terrain Hill {\n  placement random\n  occupants 1\n    count 1\n}\n"
    assert format_text(text, "hill.duke") == (
        "terrain Hill {\n    count 1\n    occupants 1\n    placement random\n}\n"
    )


def test_grids_align_to_the_widest_cell() -> None:
    text = "tile A {\n front {\n MC . .\n . @ M\n }\n back {\n @\n }\n}\n"
    assert "        MC .  .\n        .  @  M\n" in format_text(text, "a.duke")


OBJECTIVE_MESSY = """\
set rider {
  army second {
      win capture 3 Pikeman
    start Knight on a1, b1
  }
    rule first_turn   last_setup
  army first {
    freeze Pikeman ,Knight at edge
     win reach 3 Pikeman
    start 4 Pikeman on a1, b1, c1, d1
  }
  board 6 x 6
}
"""

OBJECTIVE_TIDY = """\
set rider {
    board 6 x 6
    rule first_turn last_setup
    army first {
        start 4 Pikeman on a1, b1, c1, d1
        win reach 3 Pikeman
        freeze Pikeman, Knight at edge
    }
    army second {
        start Knight on a1, b1
        win capture 3 Pikeman
    }
}
"""


def test_objective_statements_have_their_place() -> None:
    """Rules come before the armies; in an army, start, bag, win, freeze."""
    assert format_text(OBJECTIVE_MESSY, "rider.duke") == OBJECTIVE_TIDY
    assert format_text(OBJECTIVE_TIDY, "rider.duke") == OBJECTIVE_TIDY


def test_syntax_error_is_reported() -> None:
    with pytest.raises(CompileError) as caught:
        format_text("tile A {\n    fornt {\n", "a.duke")
    assert "a.duke:2:10: error:" in caught.value.render()


def test_unknown_statements_are_kept_as_written() -> None:
    from dukec.compiler import ast
    from dukec.compiler.diagnostics import Position
    from dukec.workbench import fmt

    text = "set s {\n    board 6 x 6\n      something  odd   # kept\n}\n"
    source = parse_source("set s {\n    board 6 x 6\n}\n", "s.duke")

    @dataclass(frozen=True)
    class Objective:
        pos: Position

    game_set = source.definitions[0]
    assert isinstance(game_set, ast.SetDef)
    unknown = Objective(Position(3, 7, 3, 24))
    tree = ast.SourceFile(
        "s.duke",
        (ast.SetDef(game_set.name, (*game_set.items, unknown), game_set.pos),),  # type: ignore[arg-type]
        (ast.Comment("# kept", Position(3, 26, 3, 32)),),
    )
    moved = replace_pos(tree.definitions[0], 4)
    assert isinstance(moved, ast.SetDef)
    tree = ast.SourceFile(tree.path, (moved,), tree.comments)
    out = fmt._Formatter(text, tree).file()
    assert out == "set s {\n    board 6 x 6\n    something  odd   # kept\n}\n"


def replace_pos(definition: object, end_line: int) -> object:
    from dataclasses import replace

    from dukec.compiler.diagnostics import Position

    pos = definition.pos  # type: ignore[attr-defined]
    return replace(definition, pos=Position(pos.line, pos.column, end_line, 2))  # type: ignore[type-var]


# === Property: random tiles ===

CELLS = [".", "M", "J", "X", "C", "D", "B", "MC", "JX", "MJ"]
SPACE = st.sampled_from([" ", "  ", "   ", "\t"])
INDENT = st.sampled_from(["", " ", "    ", "        ", "\t"])
COMMENT = st.one_of(st.none(), st.from_regex(r"# [a-z ]{0,12}", fullmatch=True))


@st.composite
def grids(draw: st.DrawFn) -> list[list[str]]:
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 7))
    cells = [[draw(st.sampled_from(CELLS)) for _ in range(cols)] for _ in range(rows)]
    cells[draw(st.integers(0, rows - 1))][draw(st.integers(0, cols - 1))] = "@"
    return cells


@st.composite
def tile_texts(draw: st.DrawFn) -> str:
    def line(text: str) -> str:
        comment = draw(COMMENT)
        own = draw(COMMENT)
        before = f"{draw(INDENT)}{own}\n" if own else ""
        return f"{before}{draw(INDENT)}{text}{draw(SPACE) + comment if comment else ''}\n"

    statements: list[str] = []
    if draw(st.booleans()):
        statements.append(line(f"count {draw(st.integers(1, 4))}"))
    if draw(st.booleans()):
        statements.append(line(draw(st.sampled_from(["ability I", "ability II divination"]))))
    if draw(st.booleans()):
        statements.append(line("acts as duke"))
    for side in ("front", "back"):
        grid = line(f"{side} {{")
        for row in draw(grids()):
            grid += line(draw(SPACE).join(row))
        grid += line("}")
        statements.append(grid)
    order = draw(st.permutations(statements))
    name = draw(st.from_regex(r"[A-Z][a-z]{0,6}", fullmatch=True))
    return line(f"tile {name} {{") + "".join(order) + line("}")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tile_texts())
def test_fmt_is_idempotent_on_random_tiles(text: str) -> None:
    once = format_text(text, "random.duke")
    assert format_text(once, "random.duke") == once
    before = sorted(c.text.rstrip() for c in parse_source(text, "r").comments)
    assert sorted(c.text for c in parse_source(once, "r").comments) == before
    try:
        compiled = compile_source(text)
    except CompileError:
        with pytest.raises(CompileError):
            compile_source(once)
        return
    assert compile_source(once) == compiled


NAMES = st.lists(st.sampled_from(["Duke", "Footman", "Pikeman", "Knight", "Wizard"]), min_size=1)


@st.composite
def set_texts(draw: st.DrawFn) -> str:
    def items(names: list[str]) -> str:
        # A list may continue on the next line after a comma, with a comment there.
        text = ""
        for index, name in enumerate(names):
            count = f"{draw(st.integers(1, 3))} " if draw(st.booleans()) else ""
            if index:
                text += "," + draw(st.sampled_from([" ", "  ", "\n        ", " # c\n  "]))
            text += count + name
        return text

    def line(text: str) -> str:
        comment = draw(COMMENT)
        return f"{draw(INDENT)}{text}{' ' + comment if comment else ''}\n"

    army = [line(f"start Duke on {draw(st.sampled_from(['c1', 'd1', 'c1, d1']))}")]
    army.append(line("start 2 Footman beside Duke"))
    army.append(line(f"bag {items(draw(NAMES))}"))
    army = draw(st.permutations(army))
    statements = [line("board 6 x 6"), line(f"optional {', '.join(draw(NAMES))}")]
    statements.append(
        line(f"army {draw(st.sampled_from(['', 'first ', 'second ']))}{{")
        + "".join(army)
        + line("}")
    )
    return line("set s {") + "".join(draw(st.permutations(statements))) + line("}")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(set_texts())
def test_fmt_is_idempotent_on_random_sets(text: str) -> None:
    once = format_text(text, "random.duke")
    assert format_text(once, "random.duke") == once
    before = sorted(c.text.rstrip() for c in parse_source(text, "r").comments)
    assert sorted(c.text for c in parse_source(once, "r").comments) == before


# === Files and the command ===


def test_format_paths_rejects_json(tmp_path: Path) -> None:
    (tmp_path / "set.json").write_text("{}")
    results, error = format_paths([tmp_path / "set.json"])
    assert results == []
    assert error is not None
    assert "a compiled .json file is not formatted" in error.render()


def test_format_paths_refuses_a_change_of_meaning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dukec.workbench import fmt

    path = tmp_path / "a.duke"
    path.write_text("tile A {\n    front {\n        M @\n    }\n    back {\n        @\n    }\n}\n")
    monkeypatch.setattr(fmt, "_grid_rows", lambda rows: ["J @" for _ in rows])
    with pytest.raises(FormatError, match="change what the file says"):
        format_paths([path])


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_fmt_check_on_the_base_tiles(runner: CliRunner) -> None:
    result = runner.invoke(main, ["fmt", "--check", str(TILES)])
    assert result.exit_code == 0, result.stdout
    assert result.stdout == ""
    files = len(list(TILES.glob("*.duke")))
    assert result.stderr == f"0 files would be reformatted, {files} unchanged\n"


def test_fmt_check_lists_files_and_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    messy = tmp_path / "messy.duke"
    messy.write_text(MESSY)
    tidy = tmp_path / "tidy.duke"
    tidy.write_text(TIDY.replace("Foo", "Bar").replace("set base", "set other"))
    result = runner.invoke(main, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout == f"{messy}\n"
    assert result.stderr == "1 file would be reformatted, 1 unchanged\n"
    assert messy.read_text() == MESSY


def test_fmt_rewrites_in_place(runner: CliRunner, tmp_path: Path) -> None:
    messy = tmp_path / "messy.duke"
    messy.write_text(MESSY)
    result = runner.invoke(main, ["fmt", str(messy)])
    assert result.exit_code == 0
    assert messy.read_text() == TIDY
    assert [p.name for p in tmp_path.iterdir()] == ["messy.duke"]
    again = runner.invoke(main, ["fmt", "--check", str(messy)])
    assert again.exit_code == 0


def test_fmt_formats_a_copy_of_the_base_set_to_the_same_json(
    runner: CliRunner, tmp_path: Path
) -> None:
    from dukec.compiler import load

    copy = tmp_path / "tiles"
    shutil.copytree(TILES, copy)
    for path in copy.glob("*.duke"):
        path.write_text(path.read_text().replace("    ", "  ").replace(" . ", "  .  "))
    result = runner.invoke(main, ["fmt", str(copy)])
    assert result.exit_code == 0, result.stderr
    assert load([copy]) == load([TILES])
    assert runner.invoke(main, ["fmt", "--check", str(copy)]).exit_code == 0


def test_fmt_syntax_error_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.duke"
    bad.write_text("tile A {\n    fornt {\n")
    result = runner.invoke(main, ["fmt", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:2:10: error: expected" in result.stderr
    assert "did you mean 'front' instead of 'fornt'?" in result.stderr
    assert bad.read_text() == "tile A {\n    fornt {\n"


def test_fmt_usage(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(main, ["fmt"]).exit_code == 2
    missing = runner.invoke(main, ["fmt", str(tmp_path / "nope.duke")])
    assert missing.exit_code == 1
    assert "no such file or directory" in missing.stderr


def test_decompiled_text_is_already_canonical() -> None:
    """`dukec decompile` and `dukec fmt` write one layout: fmt leaves decompiled text alone."""
    from dukec.compiler import load
    from dukec.compiler.decompile import decompile

    text = decompile(load([TILES]))
    assert format_text(text, "decompiled.duke") == text
