"""Ratings from a tournament: one strength per player, fitted by maximum likelihood.

The Bradley-Terry (logistic Elo) model gives each player (a policy of the ladder, a tile of the
swap matrix) one rating, and ``first`` is expected to score

    p = 1 / (1 + 10^(-(r_first - r_second + e) / 400))

per game against ``second``, where ``e`` is an edge of the first side when the sides differ by
more than their players (the swap matrix's row policy against another column policy), else 0.
The ratings are those under which the games played are likeliest (as Ordo and BayesElo fit
them), a draw counting half a win and half a loss, over every game of every pairing. The anchor
is 0 and nothing else is assumed: no prior and no virtual draws, so nothing pulls a rating
towards 0 by an amount that depends on how many games were played.

Intervals (95%) are by the delta method, from the larger of two variances per rating: the
model's (the inverse Fisher information) and the cluster-robust sandwich, whose clusters are
the units the games came in (a pair of games with the seats swapped, or a single game), so two
games that share a seed and its draws are not counted as two independent results.

A player that scored every point against every player it met from the anchor's side (or none)
has no finite maximum-likelihood rating: the likelihood keeps rising as it moves away. The
players are grouped by who scored against whom (the strongly connected components of "X scored
a point against Y"); ratings are finite within a group, and the anchor's group is rated. A
player of a group above it gets a lower bound, one below it an upper bound:

- over N units that X won whole against Y, each unit is won whole with chance at most p (the
  expected score per game), so "p > eps^(1/N)", that is "r_X - r_Y > elo(eps^(1/N))", fails
  with chance at most eps;
- X's bound is the greatest over the rated players Y it met of (Y's lower end + that gap); the
  2.5% that a 95% interval's lower end may miss by is shared equally (Bonferroni) among every
  gap and every Y's lower end the bounds rest on, so the bound holds at least 97.5% of the time.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dukec.stats.linalg import SingularError, cholesky, inverse, solve
from dukec.stats.stats import Z95, Evidence, elo, z_for

PER_ELO = math.log(10.0) / 400.0
"""d(log-odds) / d(Elo)."""

TAIL = 0.025
"""The chance a 95% interval's lower (or upper) end may miss by; a bound's whole error."""

LIMIT = 4000.0
"""A fitted strength beyond this many Elo means the maximum is at infinity."""

EDGE = "first side's edge"
"""The name of the first side's edge among the fitted parameters."""

Row = list[tuple[int, float]]
"""A pairing's parameters with their signs: first +1, second -1, the edge +1."""


class FitError(ValueError):
    """The model has no finite fit (the first side won, or lost, every game)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """What ``first`` scored against ``second``: units of games (pairs or single games)."""

    first: str
    second: str
    results: Evidence

    @property
    def games(self) -> int:
        """Games played."""
        return self.results.count * self.results.GAMES

    @property
    def points(self) -> float:
        """Points ``first`` scored."""
        return self.games * self.results.mean if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Elo relative to the anchor with its 95% interval, or a one-sided bound.

    ``elo`` is None where the maximum-likelihood rating is infinite: ``low`` is then a lower
    bound (``high`` infinite), or ``high`` an upper one (``low`` infinite), or neither is known.
    """

    name: str
    elo: float | None
    low: float
    high: float
    games: int

    @property
    def bound(self) -> str | None:
        """'lower' (at least ``low``), 'upper' (at most ``high``), or None."""
        if self.elo is not None:
            return None
        if math.isfinite(self.low):
            return "lower"
        if math.isfinite(self.high):
            return "upper"
        return None

    def shown(self) -> str:
        """'+334', 'at least +606', 'at most -50', or 'unmeasured'."""
        if self.elo is not None:
            return _signed(self.elo)
        if self.bound == "lower":
            return f"at least {_signed(self.low)}"
        if self.bound == "upper":
            return f"at most {_signed(self.high)}"
        return "unmeasured"

    def span(self) -> str:
        """The 95% interval: '+274 .. +393', '+606 or more', '-50 or less', or '-'."""
        if self.elo is not None:
            return f"{_signed(self.low)} .. {_signed(self.high)}"
        if self.bound == "lower":
            return f"{_signed(self.low)} or more"
        if self.bound == "upper":
            return f"{_signed(self.high)} or less"
        return "-"

    @classmethod
    def from_json(cls, name: str, entry: dict[str, Any]) -> Rating:
        """A rating back from ``to_json`` (or a stored rating's ``elo`` and ``elo_ci95``)."""
        low, high = entry["elo_ci95"]
        return cls(
            name,
            None if entry["elo"] is None else float(entry["elo"]),
            -math.inf if low is None else float(low),
            math.inf if high is None else float(high),
            int(entry.get("games", 0)),
        )

    def to_json(self) -> dict[str, Any]:
        """The rating for JSON: infinite ends are null; ``bound`` names a one-sided one."""
        return {
            "elo": self.elo,
            "elo_ci95": [_finite(self.low), _finite(self.high)],
            "bound": self.bound,
            "games": self.games,
        }


def _signed(value: float) -> str:
    # Rounded first, so that a small negative figure reads +0, not -0.
    return f"{round(value):+d}"


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def logistic(difference: float) -> float:
    """The expected score of an Elo difference, safe at any size."""
    z = PER_ELO * difference
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    exp = math.exp(z)
    return exp / (1.0 + exp)


def _log_logistic(z: float) -> float:
    """log(1 / (1 + exp(-z))), safe at any size."""
    return -math.log1p(math.exp(-z)) if z >= 0 else z - math.log1p(math.exp(z))


# --- groups: who scored against whom -----------------------------------------------------------


def _reach(players: Sequence[str], pairings: Iterable[Pairing]) -> dict[str, set[str]]:
    """Everyone each player reaches by "scored a point against", itself included."""
    scored: dict[str, set[str]] = {name: set() for name in players}
    for pairing in pairings:
        if pairing.games and pairing.points > 0:
            scored[pairing.first].add(pairing.second)
        if pairing.games and pairing.points < pairing.games:
            scored[pairing.second].add(pairing.first)
    reach = {}
    for name in players:
        seen, todo = {name}, [name]
        while todo:
            for other in scored[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        reach[name] = seen
    return reach


def _groups(players: Sequence[str], reach: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The players by mutual reach, weakest first (a group reaching fewer players is weaker)."""
    groups: list[tuple[str, ...]] = []
    placed: set[str] = set()
    for name in players:
        if name not in placed:
            group = tuple(
                other for other in players if other in reach[name] and name in reach[other]
            )
            placed.update(group)
            groups.append(group)
    return sorted(groups, key=lambda group: len(reach[group[0]]))


# --- the fit -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Design:
    """The free parameters (each group's players but its first, then the edge) and the
    pairings inside groups that inform them."""

    free: tuple[str, ...]
    pairings: tuple[Pairing, ...]
    edge: bool

    @property
    def size(self) -> int:
        """How many parameters."""
        return len(self.free) + self.edge

    def row(self, pairing: Pairing) -> Row:
        """The pairing's parameters and signs (a player against itself cancels out)."""
        signs: dict[int, float] = {}
        for name, sign in ((pairing.first, 1.0), (pairing.second, -1.0)):
            if name in self.free:
                at = self.free.index(name)
                signs[at] = signs.get(at, 0.0) + sign
        if self.edge:
            signs[len(self.free)] = 1.0
        return [(i, sign) for i, sign in signs.items() if sign]

    def difference(self, row: Row, theta: Sequence[float]) -> float:
        """The fitted Elo difference of a pairing."""
        return sum(sign * theta[i] for i, sign in row)

    def log_likelihood(self, theta: Sequence[float]) -> float:
        """The log-likelihood of the pairings' points (a draw half a win, half a loss)."""
        total = 0.0
        for pairing in self.pairings:
            z = PER_ELO * self.difference(self.row(pairing), theta)
            total += pairing.points * _log_logistic(z)
            total += (pairing.games - pairing.points) * _log_logistic(-z)
        return total

    def score_and_information(
        self, theta: Sequence[float]
    ) -> tuple[list[float], list[list[float]], list[list[float]]]:
        """The gradient, the Fisher information, and the sum over units (pairs or games) of
        each unit's gradient's outer product (the sandwich's meat)."""
        gradient = [0.0] * self.size
        information = [[0.0] * self.size for _ in range(self.size)]
        meat = [[0.0] * self.size for _ in range(self.size)]
        for pairing in self.pairings:
            row = self.row(pairing)
            p = logistic(self.difference(row, theta))
            games = pairing.results.GAMES
            weight = PER_ELO * PER_ELO * pairing.games * p * (1.0 - p)
            spread = sum(
                count * (PER_ELO * games * (score - p)) ** 2
                for count, score in zip(pairing.results.bins, pairing.results.SCORES, strict=True)
            )
            for i, si in row:
                gradient[i] += si * PER_ELO * (pairing.points - pairing.games * p)
                for j, sj in row:
                    information[i][j] += si * sj * weight
                    meat[i][j] += si * sj * spread
        return gradient, information, meat


@dataclass(frozen=True, slots=True)
class Fit:
    """The fitted ratings and what they were fitted from."""

    anchor: str
    ratings: tuple[Rating, ...]
    groups: tuple[tuple[str, ...], ...]
    """Players by who scored against whom, weakest group first; ratings are finite within one."""
    pairings: tuple[Pairing, ...]
    strengths: dict[str, float]
    """Each player's fitted Elo above its group's first player (the anchor in the anchor's)."""
    design: Design
    theta: tuple[float, ...]
    """The fitted parameters of ``design``."""
    edge: Rating | None
    """The first side's edge, where one was fitted."""
    group_of: dict[str, int]
    """Each player's group, by its index in ``groups``."""

    def rating(self, name: str) -> Rating:
        """The rating of ``name``."""
        return next(rating for rating in self.ratings if rating.name == name)

    def within(self, pairing: Pairing) -> bool:
        """Whether the pairing's players are in one group (its games inform the ratings)."""
        return self.group_of[pairing.first] == self.group_of[pairing.second]


def maximise(design: Design) -> list[float]:
    """The parameters of greatest likelihood, by Newton's method with step halving."""
    theta = [0.0] * design.size
    if not design.size:
        return theta
    best = design.log_likelihood(theta)
    for step_number in range(200):
        gradient, information, _ = design.score_and_information(theta)
        try:
            step = solve(cholesky(information), gradient)
        except SingularError:
            if step_number:
                raise FitError(RUNAWAY) from None
            raise FitError("the games cannot tell these strengths apart") from None
        scale = 1.0
        while True:
            trial = [t + scale * s for t, s in zip(theta, step, strict=True)]
            value = design.log_likelihood(trial)
            if value >= best - 1e-12 or scale < 1e-9:
                break
            scale /= 2.0
        theta, best = trial, max(best, value)
        if max(abs(t) for t in theta) > LIMIT:
            raise FitError(RUNAWAY)
        if max(abs(scale * s) for s in step) < 1e-7:
            return theta
    raise FitError(RUNAWAY)


RUNAWAY = (
    "no finite fit: the first side won (or lost) nearly every game, so its edge cannot be told "
    "from the strengths"
)


def fit(
    players: Sequence[str], pairings: Sequence[Pairing], anchor: str, edge: bool = False
) -> Fit:
    """The ratings of ``players`` relative to ``anchor`` (0) from ``pairings``; with ``edge``,
    also an edge of every pairing's first side (see the module's docstring)."""
    _check(players, pairings, anchor)
    reach = _reach(players, pairings)
    groups = _groups(players, reach)
    group_of = {name: k for k, group in enumerate(groups) for name in group}
    base = {anchor if anchor in group else group[0] for group in groups}
    inside = tuple(p for p in pairings if p.games and group_of[p.first] == group_of[p.second])
    free = tuple(name for name in players if name not in base)
    design = Design(free, inside, edge and bool(inside))
    theta = maximise(design)
    errors = standard_errors(design, theta)
    strengths = dict.fromkeys(base, 0.0) | dict(zip(free, theta[: len(free)], strict=True))
    spread = dict.fromkeys(base, 0.0) | dict(zip(free, errors[: len(free)], strict=True))
    games = dict.fromkeys(players, 0)
    for pairing in pairings:
        for name in {pairing.first, pairing.second}:
            games[name] += pairing.games
    rated = groups[group_of[anchor]]
    ratings = []
    for name in players:
        if name in rated:
            centre, half = strengths[name], Z95 * spread[name]
            ratings.append(Rating(name, centre, centre - half, centre + half, games[name]))
        else:
            routes = _routes(name, rated, pairings, edge)
            ratings.append(_bound(name, anchor, reach, routes, strengths, spread, games[name]))
    edge_rating = None
    if design.edge:
        value, half = theta[-1], Z95 * errors[-1]
        edge_rating = Rating(EDGE, value, value - half, value + half, sum(p.games for p in inside))
    return Fit(
        anchor,
        tuple(ratings),
        tuple(groups),
        tuple(pairings),
        strengths,
        design,
        tuple(theta),
        edge_rating,
        group_of,
    )


def _check(players: Sequence[str], pairings: Sequence[Pairing], anchor: str) -> None:
    if anchor not in players:
        raise ValueError(f"the anchor {anchor!r} is not among the players")
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    named = {p.first for p in pairings} | {p.second for p in pairings}
    if named - set(players):
        raise ValueError(
            f"a pairing names an unknown player: {', '.join(sorted(named - set(players)))}"
        )


def standard_errors(design: Design, theta: Sequence[float]) -> list[float]:
    """Each parameter's standard error: the larger of the model's (inverse information) and
    the sandwich's (H^-1 J H^-1, J summing each unit's gradient outer product)."""
    if not design.size:
        return []
    _, information, meat = design.score_and_information(theta)
    try:
        model = inverse(information)
    except SingularError:
        raise FitError(RUNAWAY) from None
    size = range(design.size)
    sandwich = [
        sum(model[i][k] * meat[k][m] * model[m][i] for k in size for m in size) for i in size
    ]
    return [math.sqrt(max(model[i][i], sandwich[i])) for i in size]


def gap(units: int, tail: float) -> float:
    """The Elo a player is above another with chance at least 1 - ``tail`` when it won
    ``units`` independent units whole: elo(tail^(1/units))."""
    return elo(tail ** (1.0 / units))


def _routes(
    name: str, rated: tuple[str, ...], pairings: Sequence[Pairing], edge: bool
) -> list[tuple[str, list[int]]]:
    """The rated players ``name`` met, each with the units it won (or lost) whole against
    them: all together, or with an edge, those as the first side and those as the second."""
    routes = []
    for other in rated:
        met = [p for p in pairings if {p.first, p.second} == {name, other} and p.games]
        if edge:
            sides = [
                sum(p.results.count for p in met if p.first == first) for first in (name, other)
            ]
        else:
            sides = [sum(p.results.count for p in met)]
        if all(sides):
            routes.append((other, sides))
    return routes


def _bound(
    name: str,
    anchor: str,
    reach: dict[str, set[str]],
    routes: list[tuple[str, list[int]]],
    strengths: dict[str, float],
    errors: dict[str, float],
    games: int,
) -> Rating:
    """A one-sided bound for a player outside the anchor's group (see the module docstring).

    With an edge, X won (or lost) whole both as the first side and as the second: half the sum
    of the two gaps bounds X against Y whatever the edge.
    """
    above = anchor in reach[name] and name not in reach[anchor]
    below = name in reach[anchor] and anchor not in reach[name]
    terms = sum(len(sides) + (other != anchor) for other, sides in routes)
    if not (above or below) or not routes:
        return Rating(name, None, -math.inf, math.inf, games)
    tail = TAIL / terms
    z = z_for(tail)
    sign = 1.0 if above else -1.0
    ends = [
        strengths[other]
        - sign * z * errors[other]
        + sign * sum(gap(units, tail) for units in sides) / len(sides)
        for other, sides in routes
    ]
    if above:
        return Rating(name, None, max(ends), math.inf, games)
    return Rating(name, None, -math.inf, min(ends), games)
