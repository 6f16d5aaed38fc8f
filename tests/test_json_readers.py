"""Every JSON reader of dukec refuses a key given twice in one object, at its line and column
(JSON parsers keep one of the two, each its own), and takes no ``true`` for a number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.balance import ratings
from dukec.cli import main
from dukec.compiler import dumps, load_tileset
from dukec.jsontext import JsonTextError, parse_json
from dukec.players.values import read_values


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ('{"a": 1, "a": 2}', 1, 10),
        ('{\n  "x": {"a": 1},\n  "y": [{"a": 2, "b": "{\\"a\\"", "a": 3}]\n}', 3, 33),
        ('{"a\\"": 1, "a\\u0022": 2}', 1, 12),
    ],
    ids=["flat", "nested", "escaped"],
)
def test_a_key_given_twice_is_refused_where_it_is(text: str, line: int, column: int) -> None:
    with pytest.raises(JsonTextError) as caught:
        parse_json(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.message.startswith("the key ") and "is given twice in one object" in (
        caught.value.message
    )


def test_the_same_key_in_different_objects_is_fine() -> None:
    assert parse_json('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}') == {
        "a": {"a": 1},
        "b": [{"a": 2}, {"a": 3}],
    }


def test_a_tile_set_with_a_key_twice(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    text = dumps(load_tileset()).replace('"count": 1,', '"count": 1, "count": 3,', 1)
    assert '"count": 3' in text
    path.write_text(text)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert "error: malformed JSON: the key 'count' is given twice in one object" in result.stderr


def test_a_position_with_a_key_twice(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text('{"to_move": 0, "to_move": 1, "board": []}\n')
    result = CliRunner().invoke(main, ["moves", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"{path}:1:16: error: invalid JSON: the key 'to_move' is given twice in one object\n"
    )


@pytest.mark.parametrize(
    "change",
    [{"budget": True}, {"elo": True}, {"elo_ci95": [False, 10.0]}, {"games": 1.5}],
    ids=["budget", "elo", "interval", "games"],
)
def test_a_ratings_file_takes_no_bool_for_a_number(
    tmp_path: Path, change: dict[str, object]
) -> None:
    document = json.loads(ratings.shipped_path().read_text())
    document["ratings"][0].update(change)
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError) as caught:
        ratings.load(path)
    assert str(caught.value).startswith(f"{path}: a rating needs tileset, game, policy, budget")


def test_a_values_file_takes_no_bool_for_a_value() -> None:
    entry = {"board": {"Footman": True}, "bag": {}}
    text = json.dumps({"format": 1, "values": {"x/base": entry}})
    with pytest.raises(ValueError) as caught:
        read_values(text, "values.json")
    assert str(caught.value) == (
        "values.json: error: values entry 'x/base': 'board' must map tile names to numbers, "
        "not true"
    )
