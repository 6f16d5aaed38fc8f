"""What balance checking promises, with fixed seeds: each test's numbers are reproducible."""

import math
from typing import Any

import pytest

from dukec.balance.experiments import replace, self_play, sets_against
from dukec.balance.report import to_json, verdict_line
from dukec.balance.run import RunResult, Settings, run
from dukec.balance.tally import summary_numbers
from dukec.stats.decision import Outcome


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
    # The 95% interval of that score over 1000 games, worked out here by hand: the variance of
    # a game's score with one more win and one more loss, over the games.
    z = 1.959964
    wins = first
    mean = (wins + draws / 2 + 1) / 1002
    variance = (wins + draws / 4 + 1) / 1002 - mean * mean
    half = z * math.sqrt(variance / 1000)
    assert numbers["first_player_score_ci95"] == pytest.approx([score - half, score + half])
    assert 2 * half < 0.07  # 1000 games: about ±3%
    elo = -400 * math.log10(1 / score - 1)
    assert numbers["first_player_elo"] == pytest.approx(elo)
    line = verdict_line(result)
    assert line.startswith("The first player against the second in self-play of 'base': ")
    # 49.2% over 1000 games: -6 Elo (95% -24 .. +13), inside ±30 Elo.
    assert "the first move is worth less than ±30 Elo, -6 Elo (95% -24 .. +13)" in line
    assert line.endswith(
        "policy random; fixed length: 5% false alarms at +0 Elo, 5% false 'fair' at ±30 Elo"
    )
    assert numbers["game_length"]["mean"] > 0
    assert numbers["adjudicated_draws"] == numbers["draws"]


def test_self_play_of_two_policies_is_not_read_as_a_first_player_advantage(
    base_tileset: dict[str, Any],
) -> None:
    result = run(
        self_play(base_tileset, None),
        Settings(games=40, seed=1, workers=1, policy="greedy", opponent_policy="random"),
    )
    line = verdict_line(result)
    assert result.decision.outcome is Outcome.STRONGER
    assert "first-player advantage" not in line
    assert line.startswith(
        "The first player against the second in self-play of 'base': stronger (the first seat's "
        "policy and the first move together; --against the same tile set swaps the seats), +"
    )


def test_an_overpowered_tile_is_stronger(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    result = run(experiment, Settings(games=1000, seed=1, workers=2))
    numbers = summary_numbers(result.tally)
    assert numbers["score_ci95"][0] > 0.5
    assert result.decision.outcome is Outcome.STRONGER
    assert verdict_line(result).startswith(
        "JumpingFootman against the Footman it replaces: stronger, +"
    )
    # Each army moved first in half the games.
    assert result.tally.a_first == 500


def test_an_exact_copy_under_another_name_is_fair(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "Footsoldier", test_tiles)
    result = run(experiment, Settings(games=1000, seed=1, workers=2))
    low, high = summary_numbers(result.tally)["score_ci95"]
    assert low < 0.5 < high
    assert result.decision.outcome is Outcome.FAIR
    assert verdict_line(result).startswith(
        "Footsoldier against the Footman it replaces: fair within ±30 Elo, "
    )


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
    one = run(experiment, Settings(games=2000, seed=5, workers=1, stop="width", width=0.04))
    two = run(experiment, Settings(games=2000, seed=5, workers=2, stop="width", width=0.04))
    assert one.decision.outcome is Outcome.STRONGER
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
