"""Tile values fitted from games: the logistic fit recovers known values, positions are counted
right, the values reach the search, and the fit-values command writes them."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.fit import Row, features, fit_values, logistic
from dukec.cli import main
from dukec.commands.common import load_tileset
from dukec.engine import Game, load_rules
from dukec.players.search import SearchPlayer
from dukec.players.values import VALUES_ENV, evaluation, read_values, values_key
from tests.engine.conftest import build

TILESET: dict[str, Any] = load_tileset(None)


def test_the_fit_recovers_known_values_on_synthetic_data() -> None:
    rng = random.Random(7)
    truth = [0.8, -0.5, 0.3, 0.0, 1.2]
    intercept = 0.25
    rows: list[Row] = []
    wins: list[float] = []
    for _ in range(6000):
        row = [(i, float(rng.randint(-2, 2))) for i in range(len(truth))]
        z = intercept + sum(truth[i] * x for i, x in row)
        rows.append([(i, x) for i, x in row if x])
        wins.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    weights = logistic(rows, wins, len(truth), ridge=0.01)
    for found, true in zip(weights[:-1], truth, strict=True):
        assert found == pytest.approx(true, abs=0.08)
    assert weights[-1] == pytest.approx(intercept, abs=0.08)


def test_features_count_board_drawn_and_bag_for_seat_zero() -> None:
    rules = load_rules(TILESET, "base")
    game = build(
        rules,
        ["a1 Duke 0", "b1 Footman 0", "c1 Footman 0", "f6 Duke 1", "e6 Pikeman 1"],
        bags=(["Pikeman", "Pikeman"], ["Knight", "Pikeman"]),
    )
    troops = [t.index for t in rules.types if not t.acts_as_duke]
    width = len(troops)
    row = dict(features(game, troops))
    slot = {rules.types[t].name: i for i, t in enumerate(troops)}
    assert row[slot["Footman"]] == 2 and row[slot["Pikeman"]] == -1
    assert row[width + slot["Pikeman"]] == 1 and row[width + slot["Knight"]] == -1
    assert len(row) == 4


def test_fitted_values_reach_the_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules(TILESET, "base")
    assert evaluation(rules).source == "fitted"  # shipped with dukec
    other = load_rules(TILESET, "mountain")
    path = tmp_path / "values.json"
    board = {t.name: 0.5 for t in other.types}
    entry = {"board": board, "bag": {"Footman": 0.25}}
    path.write_text(json.dumps({"format": 1, "values": {values_key(other): entry}}))
    monkeypatch.setenv(VALUES_ENV, str(path))
    found = evaluation(other)
    assert found.source == "fitted" and found.board[0] == 0.5
    assert found.bag[other.type_named("Footman")] == 0.25 and found.bag[0] == 0.0
    player = SearchPlayer(1, 100)
    game = Game(other, seed=1)
    player.choose(game)
    assert player.values == found


def test_a_tile_set_without_values_is_played_with_material() -> None:
    tileset = {**TILESET, "x-note": "a tile set of its own"}
    rules = load_rules(tileset, "base")
    assert values_key(rules) != values_key(load_rules(TILESET, "base"))
    found = evaluation(rules)
    assert found.source == "material"
    footman = rules.type_named("Footman")
    assert found.board[footman] == rules.types[footman].value
    assert found.bag[footman] == rules.types[footman].value / 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "v.json:1:2: error: not JSON: unexpected end of file"),
        ("[" * 40, "v.json:1:33: error: not JSON: JSON nested deeper than 32 levels"),
        ('{"format": 7}', "v.json: error: not a dukec values file (format 1)"),
        ('{"format": 1}', "v.json: error: no 'values' object"),
    ],
)
def test_a_bad_values_file_is_named(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_values(text, "v.json")
    assert str(caught.value) == message


def test_a_fit_is_reproducible_from_its_seed() -> None:
    rules = load_rules(TILESET, "base")
    one, two = fit_values(rules, 30, 5), fit_values(rules, 30, 5)
    assert one == two and one.games == 30 and one.positions > 100


def test_fit_values_writes_a_values_file(tmp_path: Path) -> None:
    out = tmp_path / "v.json"
    result = CliRunner().invoke(
        main, ["fit-values", "--games", "40", "--seed", "3", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    entries = read_values(out.read_text(), str(out))
    rules = load_rules(TILESET, "base")
    entry = entries[values_key(rules)]
    assert entry["games"] == 40 and entry["seed"] == 3 and entry["policy"] == "search"
    assert set(entry["board"]) == {t.name for t in rules.types if not t.acts_as_duke}
    assert "wrote" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--game", "nope"], 2, "Error: no game set 'nope'"),
        (
            ["--games", "3"],
            2,
            "Invalid value for '--games' / '-n': 3 is not in the range 10<=x<=1000000.",
        ),
        (["--policy", "human"], 2, "Invalid value for '--policy': 'human' is not one of"),
        (
            ["--budget", "0"],
            2,
            "Invalid value for '--budget': 0 is not in the range 1<=x<=1000000.",
        ),
    ],
)
def test_fit_values_mistakes(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    result = CliRunner().invoke(main, ["fit-values", *args, "-o", str(tmp_path / "v.json")])
    assert result.exit_code == code
    assert message in result.stderr
    assert "Traceback" not in result.output
