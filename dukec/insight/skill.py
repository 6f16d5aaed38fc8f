"""A tile's worth across playing strength: one copy's worth measured by players of each level.

A tile can pay off in careless hands and not in skilled ones, or the reverse (Ludii's skill
trace; the AlphaZero study of chess variants measured balance across playing strength). So the
worth per copy (:func:`dukec.insight.value.measure`) is measured at each level of the ladder
(:data:`LEVELS`: random, greedy, and the search at three budgets, weakest first), each level
playing both armies, from the same seeds, with the same tile in the same place. Each level's
worth has its 95% interval and its answer against the reference, and each level its own Elo
where a rating is stored (``dukec ladder``'s, relative to random).

What changes across the levels is said in words (:func:`change`), with the error rates held
over every comparison made: a level's worth is *above* or *below* 0 where its two-sided test
says so, Holm over the levels at ``alpha``; two levels' worths *differ by more than the
margin* where a one-sided test of the difference beyond the margin says so, Holm over every
pair of levels at ``alpha``. The levels' runs are taken as independent (they share seeds, and so
the bag's draws, but their players make other games of them), so a difference's standard error
is the two worths' added in quadrature. Where no test says so, the words say that the games did
not show it, never that the worths are the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any

from dukec.balance.plans import Kind
from dukec.balance.ratings import stored
from dukec.balance.run import Settings
from dukec.insight.value import Valuation, signed
from dukec.stats.holm import holm
from dukec.stats.stats import chance

#: The ladder's levels, weakest first: random, greedy, and the search at three budgets.
LEVELS = ("random", "greedy", "search@100", "search@300", "search@1000")

Measure = Callable[[dict[str, Any], str | None, str, Settings, str, Kind], Valuation]
"""Plays the games that value a tile (as :data:`dukec.insight.report.Measure`)."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level's worth: the policy that played both armies, the worth in Elo and its
    standard error (its 95% interval's half width over z), and whether games were played (the
    reference's worth is 0 without a game)."""

    policy: str
    elo: float
    standard_error: float
    played: bool = True

    @staticmethod
    def of(policy: str, valuation: Valuation) -> Level:
        """A level's worth as measured."""
        worth = valuation.worth
        return Level(policy, worth.elo, worth.standard_error, not valuation.reference)


def measure_levels(
    tileset: dict[str, Any],
    game: str | None,
    tile: str,
    settings: Settings,
    in_place_of: str,
    levels: tuple[str, ...],
    measure_with: Measure,
) -> list[Valuation]:
    """The worth per copy of ``tile`` at each level: ``settings`` with each level's policy
    (``search@1000``: its own budget) for both armies, from the same seed."""
    found = []
    for policy in levels:
        at_level = replace(settings, policy=policy, opponent_policy=None)
        found.append(measure_with(tileset, game, tile, at_level, in_place_of, Kind.COPY))
    return found


@dataclass(frozen=True, slots=True)
class Change:
    """What the levels' worths show: the levels shown above and below 0, and the pairs of
    levels shown to differ by more than the margin (weaker level first), largest first."""

    above: tuple[int, ...]
    below: tuple[int, ...]
    apart: tuple[tuple[int, int], ...]

    @property
    def changes_sign(self) -> bool:
        """Whether one level's worth is shown above 0 and another's below."""
        return bool(self.above and self.below)


def change(levels: list[Level], margin: float, alpha: float) -> Change:
    """What the worths show across ``levels``, each family of tests Holm-corrected at
    ``alpha`` (see the module's text). A level played with no game (the reference) shows
    nothing above or below 0."""
    normal = NormalDist()
    sign_p = []
    for level in levels:
        se = level.standard_error
        if not level.played or not se > 0 or not math.isfinite(level.elo):
            sign_p.append(1.0)
        else:
            sign_p.append(2.0 * (1.0 - normal.cdf(abs(level.elo) / se)))
    signs = holm(sign_p, alpha)
    above = tuple(i for i, level in enumerate(levels) if signs[i] and level.elo > 0)
    below = tuple(i for i, level in enumerate(levels) if signs[i] and level.elo < 0)
    pairs = [(i, j) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    pair_p = []
    for i, j in pairs:
        difference = levels[j].elo - levels[i].elo
        se = math.hypot(levels[i].standard_error, levels[j].standard_error)
        if not se > 0 or not math.isfinite(difference) or not levels[i].played:
            pair_p.append(1.0)
        else:
            # The p-value of |difference| at the null's edge, a true difference of ±margin.
            far = abs(difference)
            pair_p.append(1.0 - normal.cdf((far - margin) / se) + normal.cdf((-far - margin) / se))
    shown = holm(pair_p, alpha)
    apart = [pair for pair, found in zip(pairs, shown, strict=True) if found]
    apart.sort(key=lambda p: (-abs(levels[p[1]].elo - levels[p[0]].elo), p))
    return Change(above, below, tuple(apart))


def difference_json(levels: list[Level], i: int, j: int) -> dict[str, Any]:
    """The worth at level ``j`` less the worth at level ``i``, with its 95% interval."""
    difference = levels[j].elo - levels[i].elo
    half = 1.959963984540054 * math.hypot(levels[i].standard_error, levels[j].standard_error)
    return {
        "from": levels[i].policy,
        "to": levels[j].policy,
        "elo": difference,
        "elo_ci95": [difference - half, difference + half],
    }


def sentence(
    levels: list[Level], found: Change, margin: float, unit: str, alpha: float, reference: str
) -> str:
    """What changes across the levels, in words."""
    if not levels:
        return "no level was played"
    if found.changes_sign:
        ups = ", ".join(f"{levels[i].policy} ({_shown(levels[i].elo)})" for i in found.above)
        downs = ", ".join(f"{levels[i].policy} ({_shown(levels[i].elo)})" for i in found.below)
        words = (
            f"The worth changes sign across skill: worth more than {_a(reference)} to {ups}, "
            f"less to {downs}"
        )
    elif found.apart:
        words = "The worth is not shown to change sign across skill"
    else:
        words = "The worth is not shown to change across skill"
    if found.apart:
        i, j = found.apart[0]
        d = difference_json(levels, i, j)
        way = "rises" if d["elo"] > 0 else "falls"
        low, high = d["elo_ci95"]
        words += (
            f"; from {levels[i].policy} to {levels[j].policy} it {way} by "
            f"{abs(d['elo']):.0f} {unit} (95%: {signed(low)} to {signed(high)}), more than the "
            f"±{margin:g} {unit} margin"
        )
        if len(found.apart) > 1:
            words += f" ({len(found.apart)} pairs of levels differ by more than it)"
    else:
        words += f": no two levels' worths are shown to differ by more than ±{margin:g} {unit}"
        finite = sorted(
            (k for k in range(len(levels)) if math.isfinite(levels[k].elo)),
            key=lambda k: levels[k].elo,
        )
        if len(finite) > 1:
            low_i, high_i = sorted((finite[0], finite[-1]))
            words += (
                f" (the widest gap, {levels[low_i].policy} to {levels[high_i].policy}, "
                f"{signed(levels[high_i].elo - levels[low_i].elo)})"
            )
    tests = len(levels) * (len(levels) - 1) // 2
    rate = chance(alpha)
    return f"{words}. ({rate} false findings over the levels and over {tests} pairs of levels)"


def _shown(value: float) -> str:
    """An Elo figure in words: '+40', '+infinite' (a level that won every game)."""
    return signed(value) if math.isfinite(value) else ("+" if value > 0 else "-") + "infinite"


def _a(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def level_ratings(
    tileset: dict[str, Any], game: str, budget: int, levels: tuple[str, ...]
) -> dict[str, dict[str, Any]]:
    """The stored rating (``dukec ladder``'s, relative to random) of each level's policy on
    this tile set and game set, where one is stored."""
    return stored(None, tileset, game, budget, levels)
