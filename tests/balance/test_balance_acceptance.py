"""What balance checking promises, with fixed seeds: each test's numbers are reproducible."""

import math
from typing import Any

import pytest

from dukec.balance.experiments import replace, self_play, sets_against
from dukec.balance.report import to_json, verdict_line
from dukec.balance.run import RunResult, Settings, run
from dukec.balance.stats import WidthStop
from dukec.balance.tally import summary_numbers


def played(result: RunResult) -> dict[str, Any]:
    """The numbers that depend on the games alone (not on timing or the workers)."""
    document = to_json(result)
    for key in ("games_per_second", "seconds", "workers", "backend"):
        del document[key]
    return document


def test_base_self_play_reports_the_first_players_advantage(base_tileset: dict[str, Any]) -> None:
    result = run(self_play(base_tileset, None), Settings(games=1000, seed=2, workers=2))
    numbers = summary_numbers(result.tally)
    first, draws = numbers["wins_by_seat"]["first"], numbers["draws"]
    score = (first + draws / 2) / 1000
    assert numbers["first_player_score"] == pytest.approx(score)
    # The Wilson 95% interval of that score over 1000 games, worked out here by hand.
    z = 1.959964
    centre = (score + z * z / 2000) / (1 + z * z / 1000)
    half = z / (1 + z * z / 1000) * math.sqrt(score * (1 - score) / 1000 + z * z / 4e6)
    assert numbers["first_player_score_ci95"] == pytest.approx([centre - half, centre + half])
    assert 2 * half < 0.07  # 1000 games: about ±3%
    elo = -400 * math.log10(1 / score - 1)
    assert numbers["first_player_elo"] == pytest.approx(elo)
    line = verdict_line(result)
    assert line.startswith("The first player scores ")
    assert "first-player advantage" in line
    assert numbers["game_length"]["mean"] > 0
    assert numbers["adjudicated_draws"] == numbers["draws"]


def test_an_overpowered_tile_is_stronger(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    result = run(experiment, Settings(games=1000, seed=1, workers=2))
    numbers = summary_numbers(result.tally)
    assert numbers["score_ci95"][0] > 0.5
    assert numbers["verdict"] == "stronger"
    assert verdict_line(result).startswith("JumpingFootman scores ")
    assert verdict_line(result).endswith("against the Footman it replaces: stronger")
    # Each army moved first in half the games.
    assert result.tally.a_first == 500


def test_an_exact_copy_under_another_name_is_not_different(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "Footsoldier", test_tiles)
    result = run(experiment, Settings(games=1000, seed=1, workers=2))
    low, high = summary_numbers(result.tally)["score_ci95"]
    assert low < 0.5 < high
    assert verdict_line(result).endswith("against the Footman it replaces: not different")


def test_a_set_against_itself_is_not_different(base_tileset: dict[str, Any]) -> None:
    result = run(sets_against(base_tileset, None, base_tileset, None), Settings(games=400, seed=3))
    low, high = summary_numbers(result.tally)["score_ci95"]
    assert low < 0.5 < high


def test_same_seed_same_results_with_one_worker_two_workers_and_dask(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    pytest.importorskip("distributed")
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    one = played(run(experiment, Settings(games=120, seed=6, workers=1)))
    two = played(run(experiment, Settings(games=120, seed=6, workers=2)))
    dask = played(run(experiment, Settings(games=120, seed=6, workers=2, backend="dask")))
    assert one == two == dask
    assert one["games"] == 120


def test_early_stopping_gives_the_same_answer_on_any_number_of_workers(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    rule = WidthStop(0.04)
    one = run(experiment, Settings(games=2000, seed=5, workers=1, stop=rule))
    two = run(experiment, Settings(games=2000, seed=5, workers=2, stop=rule))
    assert one.decision is not None and one.decision.value == "stronger"
    assert one.tally.games < 2000
    assert played(one) == played(two)


def test_greedy_play_also_finds_the_overpowered_tile(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    result = run(experiment, Settings(games=2000, seed=1, policy="greedy", workers=2))
    assert summary_numbers(result.tally)["score_ci95"][0] > 0.5


@pytest.mark.slow
def test_search_play_also_finds_the_overpowered_tile(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    result = run(experiment, Settings(games=200, seed=1, policy="search", budget=200, workers=2))
    assert summary_numbers(result.tally)["score_ci95"][0] > 0.5
