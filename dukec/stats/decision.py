"""What a run decides: stronger, weaker, fair within a margin or inconclusive, and how surely.

A designer asks whether a tile is fair. Games can support four answers, and only these:

- **stronger** / **weaker**: the difference from even (or from a target) is real;
- **fair within ±margin Elo**: the difference is shown to be smaller than the margin the designer
  accepts (an equivalence test; "no difference found" is never read as "fair");
- **inconclusive**: the games so far cannot tell; play more.

A fixed number of games decides by two tests at the stated level ``alpha``:

- different (stronger or weaker) when the two-sided (1 - alpha) interval excludes the centre:
  at a true centre this happens at most ``alpha`` of the time;
- fair when the (1 - 2 alpha) interval lies inside ±margin (two one-sided tests, TOST): at a
  true difference of ±margin or more this happens at most ``alpha`` of the time.

Where both hold (a small but measurable edge inside the margin) the answer is fair, with the
edge named. The sequential test (:mod:`dukec.stats.sequential`) reaches the same four answers
after as few games as the evidence allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dukec.stats.stats import EloModel, Evidence, chance, z_for


class Outcome(Enum):
    """The four answers a run can give."""

    STRONGER = "stronger"
    WEAKER = "weaker"
    FAIR = "fair"
    INCONCLUSIVE = "inconclusive"

    @property
    def different(self) -> bool:
        """Stronger or weaker."""
        return self in (Outcome.STRONGER, Outcome.WEAKER)

    def mirrored(self) -> Outcome:
        """The answer with the two armies exchanged."""
        return {Outcome.STRONGER: Outcome.WEAKER, Outcome.WEAKER: Outcome.STRONGER}.get(self, self)


@dataclass(frozen=True, slots=True)
class Criteria:
    """What counts as fair, and how sure each answer must be.

    ``margin``: the largest difference from ``centre`` (Elo of ``model``) that the designer calls
    fair. ``alpha``: the chance of calling a true centre stronger or weaker (both ways together).
    ``beta`` (sequential test only): the chance of missing a true difference of ±margin.
    """

    margin: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05
    centre: float = 0.0
    model: EloModel = EloModel.LOGISTIC

    def __post_init__(self) -> None:
        if not self.margin > 0.0:
            raise ValueError(f"the margin must be above 0 Elo, not {self.margin:g}")
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < rate < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, not {rate:g}")

    def scores(self, evidence: Evidence) -> tuple[float, float, float]:
        """The expected scores at centre - margin, centre and centre + margin."""
        sigma = evidence.sigma_pg
        return (
            self.model.score(self.centre - self.margin, sigma),
            self.model.score(self.centre, sigma),
            self.model.score(self.centre + self.margin, sigma),
        )

    def rates(self, method: str) -> str:
        """The error rates of the ``sequential`` or ``fixed`` test in words."""
        alarms = f"{chance(self.alpha)} false alarms at {self.centre:+g} {self.model.unit}"
        if method == "sequential":
            return f"sequential test: {alarms}, {1.0 - self.beta:.0%} power at {self.about()}"
        return f"fixed length: {alarms}, {chance(self.alpha)} false 'fair' at {self.about()}"

    def about(self) -> str:
        """'±30 Elo' or '+50±30 Elo': the fair band in words."""
        unit = self.model.unit
        if self.centre:
            return f"{self.centre:+g}±{self.margin:g} {unit}"
        return f"±{self.margin:g} {unit}"


@dataclass(frozen=True, slots=True)
class Decision:
    """An answer with everything needed to read it: the Elo estimate and its interval, the test
    and its error rates, the evidence it rests on."""

    outcome: Outcome
    criteria: Criteria
    method: str
    """``sequential`` (the SPRT, stopped or cut short by the cap) or ``fixed`` (fixed length)."""
    elo: float
    elo_interval: tuple[float, float]
    estimate: str
    """How the Elo was estimated: ``plain`` or ``stop-aware`` (the stopping rule accounted
    for)."""
    samples: int
    """Results the decision rests on: games, or pairs of games."""
    edge: Outcome | None = None
    """For a fair answer of a fixed-length run, a measurable direction inside the margin."""

    @property
    def words(self) -> str:
        """'stronger', 'fair within ±30 Elo', 'inconclusive: play more games', ..."""
        if self.outcome is Outcome.FAIR:
            return f"fair within {self.criteria.about()}"
        if self.outcome is Outcome.INCONCLUSIVE:
            return "inconclusive: play more games"
        return str(self.outcome.value)

    def error_rates(self) -> str:
        """The test's error rates in words."""
        return self.criteria.rates(self.method)


def fixed_decision(evidence: Evidence, criteria: Criteria) -> Decision:
    """The answer of a fixed-length run (see the module's docstring for the two tests)."""
    low_score, centre_score, high_score = criteria.scores(evidence)
    mean, error = evidence.mean, evidence.standard_error()
    sigma = evidence.sigma_pg
    model = criteria.model
    different: Outcome | None = None
    interval = evidence.interval(z_for(criteria.alpha / 2.0))
    if evidence.count and interval[0] > centre_score:
        different = Outcome.STRONGER
    elif evidence.count and interval[1] < centre_score:
        different = Outcome.WEAKER
    tost = z_for(criteria.alpha) * error
    fair = bool(evidence.count) and low_score < mean - tost and mean + tost < high_score
    if fair:
        outcome = Outcome.FAIR
    elif different is not None:
        outcome = different
    else:
        outcome = Outcome.INCONCLUSIVE
    return Decision(
        outcome=outcome,
        criteria=criteria,
        method="fixed",
        elo=model.elo(mean, sigma),
        elo_interval=(model.elo(interval[0], sigma), model.elo(interval[1], sigma)),
        estimate="plain",
        samples=evidence.count,
        edge=different if fair else None,
    )
