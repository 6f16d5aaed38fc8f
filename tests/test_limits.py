"""The documented limits (dukec/limits.py): the schemas hold the same numbers, the compiler
reports a source past them at the spot, and every JSON reader stops bad JSON with an error that
names the file, never a traceback, a hang or a machine's worth of memory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dukec import limits
from dukec.cli import main

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / name).read_text())
    return data


def test_the_schemas_hold_the_documented_limits() -> None:
    tileset = _schema("tileset.schema.json")
    defs = tileset["$defs"]
    assert tileset["properties"]["tiles"]["maxItems"] == limits.MAX_TILES
    assert tileset["properties"]["sets"]["maxItems"] == limits.MAX_SETS
    assert defs["name"]["maxLength"] == limits.MAX_NAME_LENGTH
    assert defs["set"]["properties"]["name"]["maxLength"] == limits.MAX_NAME_LENGTH
    for axis in defs["offset"]["prefixItems"]:
        assert (axis["minimum"], axis["maximum"]) == (-limits.MAX_OFFSET, limits.MAX_OFFSET)
    assert defs["tile"]["properties"]["count"]["maximum"] == limits.MAX_COUNT
    assert defs["start"]["properties"]["count"]["maximum"] == limits.MAX_COUNT
    assert defs["stack"]["properties"]["count"]["maximum"] == limits.MAX_COUNT
    board = defs["set"]["properties"]["board"]["properties"]
    for axis in ("files", "ranks"):
        assert (board[axis]["minimum"], board[axis]["maximum"]) == (
            limits.MIN_BOARD,
            limits.MAX_BOARD,
        )
    assert defs["rules"]["properties"]["win_score"]["maximum"] == limits.MAX_WIN_SCORE
    win = defs["army"]["properties"]["win"]["items"]["properties"]
    assert win["count"]["maximum"] == limits.MAX_COUNT
    position = _schema("position.schema.json")["properties"]
    assert position["ply"]["maximum"] == limits.MAX_PLY
    for score in position["scores"]["prefixItems"]:
        assert score["maximum"] == limits.MAX_WIN_SCORE


def _check(tmp_path: Path, name: str, text: str) -> Any:
    path = tmp_path / name
    path.write_text(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        return CliRunner().invoke(main, ["check", name, str(REPO / "tiles" / "duke.duke")])


TILE = (
    "tile {name} {{\n    count {count}\n    front {{\n{grid}\n    }}\n"
    "    back {{\n        @\n    }}\n}}\n"
)


def test_a_count_past_the_limit(tmp_path: Path) -> None:
    result = _check(tmp_path, "c.duke", TILE.format(name="Big", count=100, grid="        @"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "c.duke:2:11: error: a count is at most 99, not 100"


def test_a_number_too_long_for_int(tmp_path: Path) -> None:
    count = "9" * 100_000
    result = _check(tmp_path, "c.duke", TILE.format(name="Big", count=count, grid="        @"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "c.duke:2:11: error: a count is at most 99, not a number of more than 30 digits"
    )


def test_a_grid_two_hundred_squares_wide(tmp_path: Path) -> None:
    rows = []
    for r in range(201):
        cells = ["."] * 201
        if r == 0:
            cells[0] = "M"
        if r == 100:
            cells[100] = "@"
        rows.append("        " + " ".join(cells))
    result = _check(tmp_path, "g.duke", TILE.format(name="Wide", count=1, grid="\n".join(rows)))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "g.duke:4:9: error: this move icon is 100 squares from '@'; an icon lies at most 12 "
        "squares away"
    )
    assert lines[2] == " " * 12 + "^"


def test_a_name_too_long(tmp_path: Path) -> None:
    result = _check(tmp_path, "n.duke", TILE.format(name="A" * 41, count=1, grid="        @"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "n.duke:1:6: error: a name is at most 40 characters; this one has 41"
    )


def test_names_that_differ_only_in_case(tmp_path: Path) -> None:
    text = TILE.format(name="Thing", count=1, grid="        @") + "\n"
    text += TILE.format(name="thing", count=1, grid="        @")
    result = _check(tmp_path, "t.duke", text)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "t.duke:11:6: error: tile 'thing' differs from 'Thing' only in case; names are unique "
        "without regard to case"
    )


def test_a_board_past_the_limit(tmp_path: Path) -> None:
    text = "set s {\n    board 27 x 6\n    army {\n        start Duke on c1\n    }\n}\n"
    result = _check(tmp_path, "b.duke", text)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "b.duke:2:11: error: a board has 2 to 26 files, not 27"


def test_a_source_file_too_large(tmp_path: Path) -> None:
    path = tmp_path / "huge.duke"
    with path.open("wb") as f:
        f.truncate(limits.MAX_FILE_BYTES + 1)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{path}: error: file too large: {limits.MAX_FILE_BYTES + 1} bytes (at most 16 MiB)"
    )


def _base_json(tmp_path: Path) -> Path:
    path = tmp_path / "set.json"
    assert CliRunner().invoke(main, ["build", str(REPO / "tiles"), "-o", str(path)]).exit_code == 0
    return path


def test_a_compiled_set_past_the_limits(tmp_path: Path) -> None:
    path = _base_json(tmp_path)
    data = json.loads(path.read_text())
    data["tiles"][0]["count"] = 10**19
    data["tiles"][1]["sides"]["front"]["icons"][0]["at"] = [10**19, 0]
    path.write_text(json.dumps(data, indent=2))
    for command in (["check", str(path)], ["show", "Footman", "--set", str(path)]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1
        assert "is greater than the maximum of 99" in result.stderr
        assert "is greater than the maximum of 12" in result.stderr


@pytest.mark.parametrize(
    ("command", "name"),
    [(["check"], "set.json"), (["moves"], "position.json"), (["replay"], "game.jsonl")],
)
def test_deep_nesting_in_every_json_reader(tmp_path: Path, command: list[str], name: str) -> None:
    path = tmp_path / name
    path.write_text("[" * 100_000)
    result = CliRunner().invoke(main, [*command, str(path)])
    assert result.exit_code == 1
    assert "RecursionError" not in result.stderr and result.exception is not None
    assert isinstance(result.exception, SystemExit)
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:1:33: error: ")
    assert first.endswith("JSON nested deeper than 32 levels")


READERS = [["check"], ["moves"], ["replay"], ["show", "Duke", "--set"], ["perft", "--depth", "1"]]


def _json_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.sampled_from([1e308, -1e308, 0.5]),
        st.text(max_size=8),
    )
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["tiles", "sets", "board", "at", "count", "to_move", "format"]),
                inner,
                max_size=4,
            )
        ),
        max_leaves=40,
    )


@settings(max_examples=40, deadline=None)
@given(
    value=_json_values(),
    depth=st.integers(0, 200),
    cut=st.integers(0, 50),
    extra=st.sampled_from(["", "NaN", "Infinity", "1e999", "9" * 5000]),
    reader=st.sampled_from(READERS),
)
def test_no_reader_gives_a_traceback(
    tmp_path_factory: pytest.TempPathFactory,
    value: Any,
    depth: int,
    cut: int,
    extra: str,
    reader: list[str],
) -> None:
    text = "[" * depth + json.dumps(value) + extra + "]" * depth
    text = text[: len(text) - cut] if cut < len(text) else text
    path = tmp_path_factory.mktemp("json") / "input.json"
    path.write_text(text)
    result = CliRunner().invoke(main, [*reader, str(path)])
    assert result.exit_code in (0, 1, 2), result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 1:
        assert str(path) in result.stderr


SMALL = "tile T{0} {{\n    front {{\n        M @\n    }}\n    back {{\n        @\n    }}\n}}\n"


def test_more_sources_than_a_tile_set_holds_is_one_error_before_reading(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for number in range(limits.MAX_SOURCE_FILES + 1):
        (folder / f"t{number:04d}.duke").write_text(SMALL.format(number))
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder}: error: more than 600 .duke files: a tile set holds at most 500 tiles and "
        "100 game sets, each file defining one at least, so at most 600 files\n1 error\n"
    )


def test_more_tiles_than_a_tile_set_holds_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "many.duke"
    path.write_text("".join(SMALL.format(number) for number in range(2 * limits.MAX_TILES)))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:4001:6: error: more than 500 tiles; a tile set has at most that\n"
        "    tile T500 {\n         ^~~~\n1 error\n"
    )


def test_more_game_sets_than_a_tile_set_holds_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "sets.duke"
    game = "set s{0} {{\n    board 6 x 6\n    army {{\n        start Duke on c1\n    }}\n}}\n"
    path.write_text("".join(game.format(number) for number in range(2 * limits.MAX_SETS)))
    result = CliRunner().invoke(main, ["check", str(path), str(REPO / "tiles" / "duke.duke")])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{path}:601:5: error: more than 100 game sets; a tile set has at most that"
    )
    assert result.stderr.endswith("\n1 error\n")


def test_sources_too_large_together(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dukec.compiler.sources.MAX_SOURCE_BYTES", 1000)
    folder = tmp_path / "big"
    folder.mkdir()
    for number in range(20):
        (folder / f"t{number}.duke").write_text(SMALL.format(number))
    total = sum(path.stat().st_size for path in folder.iterdir())
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder}: error: the sources come to {total} bytes; a tile set's sources are at most "
        "1000 bytes together\n1 error\n"
    )
