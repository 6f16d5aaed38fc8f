"""The tally: who won by army and by seat, draws apart, lengths, per-tile means."""

import math

import pytest

from dukec.balance.game import GameSummary, TileCounts
from dukec.balance.tally import Tally, length_summary, summary_numbers, tile_rows, trajectory


def summary(index: int, winner: int | None, plies: int, adjudicated: bool = False) -> GameSummary:
    knight = {"Knight": TileCounts(entered=1, drawn=1, moves=3, captures=1, plies_on_board=plies)}
    paladin = {
        "Paladin": TileCounts(
            entered=1, drawn=1, moves=5, captures=2, captured=1, plies_on_board=plies // 2
        )
    }
    # Army A (the Paladin army) sits first in even games.
    seats = (paladin, knight) if index % 2 == 0 else (knight, paladin)
    reason = "ply limit" if adjudicated else ("draw" if winner is None else "duke captured")
    return GameSummary(index, winner, adjudicated, plies, reason, seats)


def four_games() -> Tally:
    tally = Tally(("with Paladin", "with Knight"))
    tally.add(0, summary(0, 0, 40))  # A first, A wins
    tally.add(1, summary(1, 0, 60))  # A second, seat 0 (B) wins
    tally.add(0, summary(2, None, 200, adjudicated=True))  # ply-limit draw
    tally.add(1, summary(3, 1, 20))  # A second, A wins
    return tally


def test_wins_by_army_and_by_seat() -> None:
    tally = four_games()
    assert tally.wins == [2, 1]
    assert tally.seat_wins == [2, 1]
    assert tally.draws == 1
    assert tally.adjudicated == 1
    assert tally.a_first == 2
    # Army A: 1 + 0 + 0.5 + 1 = 2.5 of 4. Seat 0: 1 + 1 + 0.5 + 0 = 2.5 of 4.
    assert tally.score_a.mean == pytest.approx(0.625)
    assert tally.score_first.mean == pytest.approx(0.625)
    assert tally.half_points == [2, 0, 1, 2]


def test_summary_numbers() -> None:
    numbers = summary_numbers(four_games())
    assert numbers["games"] == 4
    assert numbers["wins"] == {"with Paladin": 2, "with Knight": 1}
    assert numbers["draws"] == 1 and numbers["adjudicated_draws"] == 1 and numbers["decisive"] == 3
    assert numbers["score"] == pytest.approx(0.625)
    assert "verdict" not in numbers
    assert numbers["first_player_verdict"] == "inconclusive: play more games"
    assert numbers["endings"] == {"duke captured": 3, "ply limit": 1}
    assert numbers["elo"] == pytest.approx(-400 * math.log10(1 / 0.625 - 1))


def test_tally_refuses_games_out_of_order() -> None:
    tally = Tally(("A", "B"))
    with pytest.raises(ValueError, match="game 1 tallied out of order"):
        tally.add(0, summary(1, 0, 10))


def test_tile_rows_are_per_army_not_per_seat() -> None:
    rows = {(row["side"], row["tile"]): row for row in tile_rows(four_games())}
    assert set(rows) == {("with Paladin", "Paladin"), ("with Knight", "Knight")}
    paladin = rows[("with Paladin", "Paladin")]
    assert paladin["moves_per_game"] == pytest.approx(5.0)
    assert paladin["captures_per_game"] == pytest.approx(2.0)
    assert paladin["captured_rate"] == pytest.approx(1.0)
    # Plies on board 20 + 30 + 100 + 10 over 4 tiles that entered.
    assert paladin["mean_plies_survived"] == pytest.approx(40.0)
    assert rows[("with Knight", "Knight")]["mean_plies_survived"] == pytest.approx(80.0)


def test_length_summary() -> None:
    lengths = length_summary([40, 60, 200, 20])
    assert lengths["mean"] == 80
    assert lengths["median"] == 50
    assert (lengths["min"], lengths["max"]) == (20, 200)
    assert sum(row["games"] for row in lengths["histogram"]) == 4
    assert lengths["histogram"][0]["from"] == 20
    assert length_summary([])["mean"] is None


def test_trajectory_ends_at_the_final_score() -> None:
    points = trajectory([2, 0, 1, 2] * 50, points=10)
    assert len(points) == 10
    assert points[-1]["games"] == 200
    assert points[-1]["score"] == pytest.approx(0.625)
    widths = [p["high"] - p["low"] for p in points]
    assert widths == sorted(widths, reverse=True)
