"""The grammar builds strictly, and the parse layer gives positions, comments and source lines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dukec.compiler import CompileError, analyze, ast, parse_file, parse_source, parser
from dukec.compiler.check import check_sources
from dukec.compiler.diagnostics import Position
from dukec.compiler.parser import build_parser
from dukec.compiler.vocabulary import Side
from tests.base_icons import COMMAND, JUMP, MOVE, SLIDE

REPO = Path(__file__).resolve().parents[2]

SOURCE = """\
# A scout. # Still the same comment.
tile Scout {  # after the brace
    count 2
    front {
        . M .
        S @ JC
    }
    # before the back
    back {
        @
    }
}
"""


def test_grammar_builds_with_strict_lark() -> None:
    parser = build_parser(strict=True)
    assert parser.parse(SOURCE).data == "start"


def test_comments_with_positions() -> None:
    source = parse_source(SOURCE, "scout.duke")
    assert [(c.text, c.pos.line, c.pos.column) for c in source.comments] == [
        ("# A scout. # Still the same comment.", 1, 1),
        ("# after the brace", 2, 15),
        ("# before the back", 8, 5),
    ]


def test_positions_and_equality_without_positions() -> None:
    source = parse_source(SOURCE, "scout.duke")
    tile = source.find_tile("Scout")
    assert tile is not None
    assert tile.pos.line == 2
    assert tile.name.pos == Position(2, 6, 2, 11)
    grid = tile.items[1]
    assert isinstance(grid, ast.SideGrid) and grid.side is Side.FRONT
    assert grid.rows[1].cells[2] == ast.Cell("JC")
    assert grid.rows[1].cells[2].pos == Position(6, 13, 6, 15)
    moved = parse_source("\n\n" + SOURCE.replace("    ", "  "), "other.duke")
    assert moved.definitions == source.definitions
    assert source.find_tile("Nobody") is None


def test_icons_map_back_to_their_source_line() -> None:
    program, problems = check_sources([parse_source(SOURCE, "scout.duke")])
    assert problems == []
    (tile,) = program.tiles
    assert tile.pos.line == 2 and tile.path == "scout.duke"
    where = {(i.icon, i.at): i.pos.line for i in tile.icons(Side.FRONT)}
    assert where == {
        (MOVE, (0, 1)): 5,
        (SLIDE, (-1, 0)): 6,
        (JUMP, (1, 0)): 6,
        (COMMAND, (1, 0)): 6,
    }


def test_parse_file_reports_syntax_errors_with_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "broken.duke"
    path.write_text("tile {\n", encoding="utf-8")
    with pytest.raises(CompileError) as caught:
        parse_file(path, "broken.duke")
    assert caught.value.render() == (
        "broken.duke:1:5: error: expected a name, found '{'\n    tile {\n        ^\n1 error"
    )


def test_every_base_file_parses_with_its_comments() -> None:
    for path in sorted((REPO / "tiles").glob("*.duke")):
        source = parse_file(path)
        assert source.definitions, path
        text = path.read_text(encoding="utf-8")
        assert len(source.comments) == text.count("#"), path


def test_tab_indented_source_points_the_caret_under_the_spot() -> None:
    with pytest.raises(CompileError) as caught:
        parse_source("tile A {\n\tcount x\n}\n", "tabs.duke")
    assert caught.value.render().splitlines()[1:3] == ["    \tcount x", "    \t     ^"]


def test_analyze_keeps_trees_checked_tiles_and_errors_together(tmp_path: Path) -> None:
    (tmp_path / "good.duke").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "bad.duke").write_text(SOURCE.replace("Scout", "Spy").replace("@ JC", ". JC"))
    analysis = analyze([tmp_path])
    assert [s.path for s in analysis.sources] == [
        str(tmp_path / "bad.duke"),
        str(tmp_path / "good.duke"),
    ]
    assert [t.name for t in analysis.program.tiles] == ["Scout", "Spy"]
    assert [d.message for d in analysis.diagnostics] == [
        "the front grid has no '@': mark the tile's own square with '@'"
    ]
    error = analysis.error()
    assert error is not None and "bad.duke:4:5: error:" in error.render()
    clean = analyze([tmp_path / "good.duke"])
    assert clean.error() is None and clean.sources[0].comments


# === The stand-alone parser and lark ===

BAD = REPO / "tests" / "compiler" / "bad"
SYNTAX_ERRORS = [
    *sorted(p for p in BAD.glob("*.duke") if "syntax" in p.name),
    BAD / "misspelt_keyword.duke",
]


def _with_each_runtime(monkeypatch: pytest.MonkeyPatch, read: Callable[[], str]) -> list[str]:
    """``read()`` with the stand-alone parser from the cache, then with lark (cache off)."""
    seen = []
    for off in ("", "1"):
        monkeypatch.setenv("DUKEC_NO_CACHE", off)
        parser._shared_runtime.cache_clear()
        seen.append(read())
    parser._shared_runtime.cache_clear()
    return seen


def test_the_runtimes_are_the_stand_alone_one_and_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    names = _with_each_runtime(monkeypatch, lambda: parser._runtime()[0].__name__)
    assert names == ["dukec.compiler._lark_standalone", "lark"]


@pytest.mark.parametrize("path", SYNTAX_ERRORS, ids=lambda p: p.name)
def test_both_runtimes_report_a_syntax_error_alike(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def report() -> str:
        with pytest.raises(CompileError) as caught:
            parse_file(path, path.name)
        return caught.value.render()

    standalone, lark = _with_each_runtime(monkeypatch, report)
    assert standalone == lark
    assert f"{path.name}:" in standalone


def test_both_runtimes_give_the_same_trees_and_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    def trees() -> str:
        return "".join(repr(parse_file(p)) for p in sorted((REPO / "tiles").glob("*.duke")))

    standalone, lark = _with_each_runtime(monkeypatch, trees)
    assert standalone == lark
