"""Aggregation: game summaries, taken in game-index order, become the numbers of a result."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from dukec.balance.game import GameSummary, TileCounts
from dukec.stats.decision import Criteria, fixed_decision
from dukec.stats.pairs import BINS, Pentanomial
from dukec.stats.stats import EloModel, Evidence, Trinomial, elo, elo_interval, half_width, wilson


@dataclass(slots=True)
class Tally:
    """Running counts over the games seen so far, side A being the army whose score we report.

    With ``paired``, games 2k and 2k+1 are a pair (one seed, seats swapped) and their results
    are counted as a pair too.
    """

    labels: tuple[str, str]
    paired: bool = False
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    """Wins of the player who took the first turn, and of the other."""
    draws: int = 0
    adjudicated: int = 0
    a_first: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    half_points: list[int] = field(default_factory=list)
    score_a: Trinomial = field(default_factory=Trinomial)
    score_first: Trinomial = field(default_factory=Trinomial)
    tiles: dict[tuple[int, str], TileCounts] = field(default_factory=dict)
    pairs: Pentanomial = field(default_factory=Pentanomial)
    _first_of_pair: float = 0.0

    def add(self, a_seat: int, summary: GameSummary) -> None:
        """Count one more game, in which army A sat at ``a_seat``."""
        if summary.index != self.games:
            raise ValueError(f"game {summary.index} tallied out of order (expected {self.games})")
        self.games += 1
        self.a_first += a_seat == 0
        self.reasons[summary.reason] += 1
        self.lengths.append(summary.plies)
        if summary.winner is None:
            self.draws += 1
            self.adjudicated += summary.adjudicated
        else:
            self.seat_wins[0 if summary.winner == summary.first else 1] += 1
            self.wins[0 if summary.winner == a_seat else 1] += 1
        points = summary.points(a_seat)
        self.half_points.append(round(2 * points))
        self.score_a = self.score_a.add(points)
        if self.paired:
            if summary.index % 2 == 0:
                self._first_of_pair = points
            else:
                self.pairs = self.pairs.add(self._first_of_pair, points)
        self.score_first = self.score_first.add(summary.points(summary.first))
        for seat, counts in enumerate(summary.tiles):
            side = 0 if seat == a_seat else 1
            for name, count in counts.items():
                key = (side, name)
                self.tiles[key] = self.tiles.get(key, TileCounts()) + count

    @property
    def evidence(self) -> Evidence:
        """What the decision and the stopping rules read: the pairs, or else the games."""
        return self.pairs if self.paired else self.score_a


def trajectory(half_points: list[int], points: int = 120) -> list[dict[str, float]]:
    """The score and its interval as games accumulate, at about ``points`` game counts."""
    total = len(half_points)
    if total == 0:
        return []
    counts = sorted({max(1, round(total * (k + 1) / points)) for k in range(points)})
    running = 0
    out = []
    position = 0
    for games in counts:
        running += sum(half_points[position:games])
        position = games
        score = running / (2.0 * games)
        low, high = wilson(score, games)
        out.append({"games": games, "score": score, "low": low, "high": high})
    return out


def length_summary(lengths: list[int]) -> dict[str, Any]:
    """Mean, median, spread and a histogram of game lengths in plies."""
    if not lengths:
        return {"mean": None, "median": None, "min": None, "max": None, "histogram": []}
    ordered = sorted(lengths)
    deciles = statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else []
    low, high = ordered[0], ordered[-1]
    bins = min(30, max(1, high - low + 1))
    width = max(1, -(-(high - low + 1) // bins))
    histogram = Counter((value - low) // width for value in ordered)
    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "min": low,
        "max": high,
        "p10": deciles[0] if deciles else low,
        "p90": deciles[-1] if deciles else high,
        "histogram": [
            {"from": low + b * width, "to": low + (b + 1) * width - 1, "games": histogram.get(b, 0)}
            for b in range((high - low) // width + 1)
        ],
    }


def tile_rows(tally: Tally) -> list[dict[str, Any]]:
    """The per-tile table: per game means of what each tile type did for each side."""
    rows = []
    for side, name in sorted(tally.tiles):
        counts = tally.tiles[(side, name)]
        games = max(tally.games, 1)
        rows.append(
            {
                "side": tally.labels[side],
                "tile": name,
                "entered_per_game": counts.entered / games,
                "drawn_per_game": counts.drawn / games,
                "moves_per_game": counts.moves / games,
                "captures_per_game": counts.captures / games,
                "captured_per_game": counts.captured / games,
                "captured_rate": counts.captured / counts.entered if counts.entered else None,
                "mean_plies_survived": (
                    counts.plies_on_board / counts.entered if counts.entered else None
                ),
                "totals": {
                    "entered": counts.entered,
                    "drawn": counts.drawn,
                    "moves": counts.moves,
                    "captures": counts.captures,
                    "captured": counts.captured,
                    "plies_on_board": counts.plies_on_board,
                },
            }
        )
    return rows


def finite(value: float) -> float | None:
    """A float for JSON: infinities (Elo of a 0% or 100% score) become null."""
    return None if value in (float("inf"), float("-inf")) else value


def score_numbers(evidence: Evidence) -> dict[str, Any]:
    """The score over ``evidence`` with its 95% interval, and the Elo (logistic, and normalized:
    in per-game standard deviations) they stand for."""
    interval = evidence.interval()
    elo_low, elo_high = elo_interval(interval)
    sigma = evidence.sigma_pg
    normalized = EloModel.NORMALIZED
    return {
        "score": evidence.mean,
        "score_ci95": list(interval),
        "score_pm": half_width(interval),
        "elo": finite(elo(evidence.mean)),
        "elo_ci95": [finite(elo_low), finite(elo_high)],
        "nelo": normalized.elo(evidence.mean, sigma),
        "nelo_ci95": [normalized.elo(interval[0], sigma), normalized.elo(interval[1], sigma)],
    }


def pair_numbers(pairs: Pentanomial) -> dict[str, Any]:
    """The pentanomial counts (DD and WL also apart) and the score over pairs, for JSON."""
    return {
        "pairs": pairs.pairs,
        "pentanomial": dict(zip(BINS, pairs.bins, strict=True)),
        "DD": pairs.dd,
        "WL": pairs.wl,
        **score_numbers(pairs),
    }


def summary_numbers(tally: Tally, criteria: Criteria | None = None) -> dict[str, Any]:
    """The headline numbers of a tally, ready for JSON.

    The headline score, interval and Elo are the pairs' in a paired run (``per_game`` holds the
    plain per-game ones beside them, as if the games were independent) and the games'
    otherwise. The first player's score gets a fixed-length decision under ``criteria``.
    """
    per_game = score_numbers(tally.score_a)
    headline = pair_numbers(tally.pairs) if tally.paired else per_game
    first = score_numbers(tally.score_first)
    first_decision = fixed_decision(tally.score_first, criteria or Criteria())
    return {
        "games": tally.games,
        "paired": tally.paired,
        "wins": {tally.labels[0]: tally.wins[0], tally.labels[1]: tally.wins[1]},
        "wins_by_seat": {"first": tally.seat_wins[0], "second": tally.seat_wins[1]},
        "draws": tally.draws,
        "adjudicated_draws": tally.adjudicated,
        "decisive": tally.games - tally.draws,
        "endings": dict(sorted(tally.reasons.items())),
        **{key: headline[key] for key in per_game},
        "per_game": per_game,
        "pairs": pair_numbers(tally.pairs) if tally.paired else None,
        "first_player_score": first["score"],
        "first_player_score_ci95": first["score_ci95"],
        "first_player_elo": first["elo"],
        "first_player_elo_ci95": first["elo_ci95"],
        "first_player_verdict": first_decision.words,
        "side_a_first": tally.a_first,
        "game_length": length_summary(tally.lengths),
    }
