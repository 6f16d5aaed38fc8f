"""Tile figures: counts checked by hand from the tile cards, percentiles, the command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.workbench.describe import (
    Spread,
    base_troops,
    difference,
    figures,
    percentile,
    side_figures,
    targets,
)
from dukec.workbench.tiles import PlacedIcon, find_tile
from tests.base_icons import COMMAND, DEFENSE, DREAD, JUMP_SLIDE, SLIDE, STRIKE

from .goldens import base_set

HERE = Path(__file__).resolve().parent


def test_base_troops_are_the_fifteen_of_the_bags() -> None:
    names = [tile.name for tile in base_troops(base_set())]
    assert len(names) == 15
    assert "Duke" in names and "Oracle" not in names and "Dragon" not in names


def test_longbowman_front_by_hand() -> None:
    # Four orthogonal Moves: 2 from a corner (4 squares), 3 from another edge square (16),
    # 4 from the 16 inner squares: (8 + 48 + 64) / 36.
    front = figures(find_tile(base_set(), "Longbowman")).sides["front"]
    assert front.reachable == Spread(120 / 36, 2, 4)
    assert front.attacked == front.reachable


def test_longbowman_back_strikes_add_attacked_squares() -> None:
    back = figures(find_tile(base_set(), "Longbowman")).sides["back"]
    # Two backward diagonal Moves: none from rank 1, 1 on the a/f files, else 2.
    assert back.reachable == Spread((0 * 6 + 2 * 5 + 2 * 4 * 5) / 36, 0, 2)
    # Strikes two and three squares forward: on board from ranks 1-3 and 1-4.
    strikes = 6 * 4 + 6 * 3
    assert back.attacked.mean == pytest.approx((50 + strikes) / 36)


def test_slides_reach_the_edge() -> None:
    duke = figures(find_tile(base_set(), "Duke"))
    assert duke.sides["front"].reachable == Spread(5.0, 5, 5)
    moves, _ = targets([PlacedIcon(JUMP_SLIDE, 0, 2)], (0, 0))
    assert moves == {(0, 2), (0, 3), (0, 4), (0, 5)}
    moves, attacked = targets([PlacedIcon(SLIDE, 1, 1), PlacedIcon(STRIKE, 0, 1)], (4, 4))
    assert moves == {(5, 5)} and attacked == {(5, 5), (4, 5)}


def test_command_dread_and_defense_reach_nothing() -> None:
    icons = [PlacedIcon(icon, 0, 1) for icon in (COMMAND, DREAD, DEFENSE)]
    assert side_figures(icons).attacked == Spread(0.0, 0, 0)


def test_difference_of_the_sides() -> None:
    assert difference(find_tile(base_set(), "Duchess")) == 0.0
    assert difference(find_tile(base_set(), "Duke")) == 1.0
    # Champion: Jumps on both sides (4 shared), Moves on the front, Strikes on the back.
    assert difference(find_tile(base_set(), "Champion")) == pytest.approx(8 / 12)


def test_percentile() -> None:
    assert percentile(5, [1, 2, 3, 4]) == 100
    assert percentile(0, [1, 2, 3, 4]) == 0
    assert percentile(2, [1, 2, 3, 4]) == 37.5
    assert percentile(1, []) == 0


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_describe_command(runner: CliRunner) -> None:
    result = runner.invoke(main, ["describe", "Longbowman"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Longbowman on an empty 6x6 board, from each of its 36 squares (mean, range):"
    )
    assert lines[2].split() == [
        "squares",
        "reachable",
        "3.33",
        "(2-4)",
        "1.39",
        "(0-2)",
        "23,",
        "3",
    ]
    assert lines[4].split() == ["sides", "differ", "1.00", "60"]
    assert "base set's 15 troop tiles" in lines[5]
    assert result.stderr == ""


def test_describe_custom_tile_and_unknown(runner: CliRunner) -> None:
    custom = HERE / "tiles" / "custom.duke"
    result = runner.invoke(main, ["describe", "Warden", "--set", str(custom)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Warden on an empty 6x6 board")
    missing = runner.invoke(main, ["describe", "Wardn", "--set", str(custom)])
    assert missing.exit_code == 2
    # The folder is read on top of the base set: its Wizard is a candidate too.
    assert "did you mean 'Warden' or 'Wizard'?" in missing.stderr
