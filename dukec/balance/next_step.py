"""What to do after a verdict: play on (and about how long), tune the tile, or keep the answer.

- **inconclusive**: about how many more games the sequential test needs to decide. Each of its
  two one-sided tests that has not decided yet is a Brownian motion between its bounds
  (:mod:`dukec.stats.brownian`), drifting as the results would at a true Elo; its expected
  exit time (Wald's identity) is the number of results still to play. The run ends when a test
  accepts its H1, or when both have accepted H0: at a truth where one H1 is the likelier end, its
  time, else the longer of the two. That is said at the observed Elo, and as a range over the
  95% interval (the truth is not known, and near a margin's midpoint the test takes longest).
  The games already played are not played again: the run continues with ``--resume``.
- **stronger** or **weaker** by less than the margin: the difference is real but small; say so
  in words, and that tuning finds the smallest edit that makes the tile fair.
- **stronger** or **weaker**: tune the tile; **fair**: keep the answer as a regression test.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dukec.limits import MAX_GAMES
from dukec.stats import gsprt
from dukec.stats.brownian import Brownian
from dukec.stats.decision import Criteria, Decision, Outcome
from dukec.stats.sequential import OneSided, SequentialRun
from dukec.stats.stats import Evidence, Sprt, SprtState

#: Elo values over the 95% interval at which the games still needed are looked at.
_GRID = 25
#: The farthest Elo looked at: about a 1% (or 99%) score.
_FAR = 800.0
#: The run continues to this many times the games expected at the observed Elo (rounded up),
#: so that a run continued as suggested decides more often than not.
_HEADROOM = 2.0


@dataclass(frozen=True, slots=True)
class MoreGames:
    """How many more games the sequential test needs, about: at the observed Elo, and the
    fewest and most over the 95% interval; ``games``: the cap to continue to (the total)."""

    more: int
    low: int
    high: int
    games: int


@dataclass(frozen=True, slots=True)
class NextStep:
    """The step after a verdict: ``more`` games (a resumed run), ``tune`` the tile or ``keep``
    the answer; ``words`` say it; ``small`` marks a difference inside the margin."""

    kind: str
    words: str
    more_games: MoreGames | None = None
    small: bool = False


def _count(value: int) -> str:
    return f"{value:,}"


def _round_up(value: float) -> int:
    """Up to two significant figures, and even (paired games come two by two); at most
    :data:`~dukec.limits.MAX_GAMES`."""
    if not value < MAX_GAMES:
        return MAX_GAMES
    if value <= 10:
        return 2 * math.ceil(value / 2)
    scale = 10 ** (int(math.log10(value)) - 1)
    rounded = int(math.ceil(value / scale) * scale)
    return rounded + rounded % 2


def _remaining(
    side: OneSided, evidence: Evidence, criteria: Criteria, sprt: Sprt, truth: float
) -> tuple[float, float]:
    """The expected results still to play by one undecided one-sided test, at a true score
    ``truth``, and its chance of ending in H1."""
    low, centre, high = criteria.scores(evidence)
    target = high if side.sign > 0 else low
    drift, variance = gsprt.llr_drift_variance(
        evidence.frequencies(), evidence.SCORES, centre, target, truth
    )
    motion = Brownian(sprt.lower - side.llr, sprt.upper - side.llr, drift, max(variance, 1e-12))
    time = motion.expected_exit_time()
    # A drift too small to leave its bounds in any time the run can take: the longest.
    return (max(0.0, time) if math.isfinite(time) else math.inf), 1.0 - motion.lower_exit()


def results_needed(
    watch: SequentialRun, evidence: Evidence, criteria: Criteria, elo: float
) -> float:
    """About how many more results (games, or pairs) the sequential test needs at a true
    ``elo``: the run ends when one test accepts H1 or both accept H0."""
    score = min(max(criteria.model.score(elo, evidence.sigma_pg), 1e-6), 1.0 - 1e-6)
    open_sides = [s for s in (watch.up, watch.down) if s.state is SprtState.CONTINUE]
    if not open_sides:
        return 0.0
    ends = [_remaining(side, evidence, criteria, watch.sprt, score) for side in open_sides]
    for time, h1 in ends:
        if h1 > 0.5:
            return time
    return max(time for time, _ in ends)


def more_games(
    watch: SequentialRun | None, evidence: Evidence, decision: Decision, played: int
) -> MoreGames | None:
    """The games still needed, about, and the cap to continue to; None before any result."""
    if not evidence.count:
        return None
    criteria = decision.criteria
    if watch is None:
        # A run without the sequential test: how long one would still take on these results.
        watch = SequentialRun(criteria)
        watch.update(evidence)
        if watch.outcome is not None:
            return MoreGames(0, 0, 0, played)
    per = evidence.GAMES
    # An interval open at one end (every game won, or lost) is looked at as far as a 1% score.
    low, high = (min(max(e, -_FAR), _FAR) for e in decision.elo_interval)
    elo = min(max(decision.elo, -_FAR), _FAR)
    point = results_needed(watch, evidence, criteria, elo) * per
    over = [point] + [
        results_needed(watch, evidence, criteria, low + (high - low) * i / (_GRID - 1)) * per
        for i in range(_GRID)
    ]
    more = _round_up(max(point, per))
    total = min(MAX_GAMES, played + _round_up(max(_HEADROOM * point, 2 * per)))
    return MoreGames(more, _round_up(max(min(over), per)), _round_up(max(over)), total)


def next_step(
    decision: Decision, evidence: Evidence, watch: SequentialRun | None, played: int
) -> NextStep:
    """The step after ``decision``, reached after ``played`` games on ``evidence``."""
    criteria = decision.criteria
    outcome = decision.outcome
    if outcome is Outcome.INCONCLUSIVE:
        more = more_games(watch, evidence, decision, played)
        if more is None:
            return NextStep("more", "play some games first")
        unit = criteria.model.unit
        elo = min(max(decision.elo, -_FAR), _FAR)
        words = (
            f"about {_count(more.more)} more games should decide at {round(elo):+d} "
            f"{unit} ({_count(more.low)} to {_count(more.high)} for a truth anywhere in the "
            f"95% interval)"
        )
        if more.games >= MAX_GAMES and played + more.more > MAX_GAMES:
            words += f"; a run stops at {_count(MAX_GAMES)} games"
        return NextStep("more", words, more)
    if outcome.different:
        small = abs(decision.elo - criteria.centre) < criteria.margin
        if small:
            low, high = decision.elo_interval
            inside = all(abs(e - criteria.centre) < criteria.margin for e in (low, high))
            how = "by less than" if inside else "most likely by less than"
            words = (
                f"{outcome.value} {how} your {criteria.about()} margin: a real but small "
                f"difference; a smaller edit, or tuning, finds the nearest fair tile"
            )
            return NextStep("tune", words, small=True)
        return NextStep("tune", "tuning finds the fewest edits that make it fair")
    return NextStep("keep", "keep the answer as a regression test")
