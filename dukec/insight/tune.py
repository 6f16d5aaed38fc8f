"""Tune: the fewest small edits of a new tile that make it fair against the tile it replaces.

Every run plays the tile in place of the old one: paired games against the standard army.
Runs are of three kinds, each from its own seeds:

- a **screen** measures a tile over ``screen_games`` games with no stopping rule, from the
  screening seed (``seed``): every candidate the same number of games, none cut short by a
  lucky start, all from the same seeds (the same bags and players' draws, as far as the tiles
  let the games stay alike; ``benchmarks/tune_screening.py`` measures how far that narrows
  the differences between candidates: for tiles that play differently, hardly at all);
- a **test** is the sequential test of the criteria about the target (``Criteria(margin,
  centre=target)``): stronger, weaker, fair within the margin, or inconclusive at the
  ``games`` cap, from the test seed (``seed + 1``), never the screening's games again;
- a **confirmation** is that test again from a seed no run of the search has used
  (``seed + 2``, then ``seed + 3`` for a second, and so on).

The search (the descent itself is :mod:`dukec.insight.descent`):

1. The tile as given is tested. Judged fair and confirmed fair: nothing needs editing.
2. At each number of steps, one to ``max_steps``, the candidates (at most ``candidates``) are
   one more step from each of the ``beam`` tiles kept at the count before (at first the tile
   as given), every candidate is screened, and the ``beam`` screened nearest the target are
   kept and tested, nearest first. The first judged fair and then confirmed fair is the tuned
   tile, with the fewest steps among those found.

A step is one edit, or, for a left-right symmetric tile and ``mirror`` (the default), an edit
together with its mirror image, so that the tile stays symmetric (:func:`~dukec.insight.edits.
mirrored_step`). The search ends with one of three answers: a tuned tile; none within the
bounds (every test decided, none fair and confirmed); or inconclusive, when no tile was found
and some test or confirmation reached its cap undecided, so that more games could decide it.

Everything is seeded, ordered and bounded, so the same inputs give the same search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dukec.balance.experiments import replace
from dukec.icons import Vocabulary, base, vocabulary_of
from dukec.insight.descent import descend
from dukec.insight.edits import symmetric
from dukec.insight.tune_search import Search, Stage, Trial, TuneSettings, Watch, proxy
from dukec.stats.decision import Outcome


class Answer(StrEnum):
    """How a search ended."""

    FOUND = "found"
    NONE = "none within the bounds"
    INCONCLUSIVE = "inconclusive: raise --games"


@dataclass(frozen=True, slots=True)
class TuneResult:
    """The search's outcome: every run in order, and the tuned tile with its confirmation."""

    old: str
    new: str
    game: str
    original: dict[str, Any]
    settings: TuneSettings
    symmetric: bool
    """Whether the steps were mirror pairs (a symmetric tile, with ``mirror``)."""
    runs: tuple[Trial, ...]
    """Every screen, test and confirmation, in the order played."""
    tuned: Trial | None
    confirmation: Trial | None
    rejected: int
    """Edited tiles that did not compile (never played)."""
    icons: Vocabulary = field(default_factory=base)
    """The icons the tiles show (the tile set's, and those of the file the new tile came from)."""

    def of(self, stage: Stage) -> tuple[Trial, ...]:
        """The runs of one stage, in order."""
        return tuple(trial for trial in self.runs if trial.stage is stage)

    @property
    def baseline(self) -> Trial:
        """The test of the new tile as given."""
        return self.of(Stage.TEST)[0]

    @property
    def undecided(self) -> tuple[Trial, ...]:
        """The tests and confirmations that reached their cap undecided."""
        return tuple(
            trial
            for trial in self.runs
            if trial.stage is not Stage.SCREEN and trial.outcome is Outcome.INCONCLUSIVE
        )

    @property
    def answer(self) -> Answer:
        """Found; inconclusive (none found, some test undecided at its cap); or none."""
        if self.tuned is not None:
            return Answer.FOUND
        return Answer.INCONCLUSIVE if self.undecided else Answer.NONE

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON document."""
        s = self.settings
        tuned = self.tuned
        return {
            "kind": "tune",
            "old": self.old,
            "new": self.new,
            "game": self.game,
            "answer": self.answer.value,
            "found": tuned is not None,
            "target_elo": s.target,
            "margin_elo": s.margin,
            "elo_model": s.criteria.model.value,
            "fair": f"within {s.criteria.about()}",
            "test": s.criteria.rates("sequential"),
            "policy": s.policy,
            "seed": s.seed,
            "seeds": {
                "screen": s.seed,
                "test": s.test_seed,
                "confirm": [trial.seed for trial in self.of(Stage.CONFIRM)],
            },
            "max_steps": s.max_steps,
            "candidates_per_count": s.candidates,
            "games_per_test": s.games,
            "screen_games": s.screen_games,
            "beam": s.beam,
            "mirror": s.mirror,
            "symmetric": self.symmetric,
            "rejected_by_compiler": self.rejected,
            "steps": len(tuned.steps) if tuned is not None else None,
            "edits": [e.to_json() for e in tuned.edits] if tuned is not None else None,
            "tuned": tuned.to_json() if tuned is not None else None,
            "confirmation": self.confirmation.to_json() if self.confirmation else None,
            "baseline": self.baseline.to_json(),
            "undecided": len(self.undecided),
            "runs": [trial.to_json() for trial in self.runs],
        }


def tune(
    tileset: dict[str, Any],
    old: str,
    new: str,
    source: dict[str, Any] | None,
    settings: TuneSettings,
    watch: Watch | None = None,
) -> TuneResult:
    """Search steps of ``new`` (from ``source`` or the set) for a tile fair against ``old``.

    Raises ExperimentError for a replacement that cannot be played (unknown tiles, and so on).
    """
    first = replace(tileset, settings.game, old, new, source)
    old, new = first.replaced or (old, new)
    # The tile as written (the experiment's copy has its count sized to OLD's).
    given = {tile["name"]: tile for tile in (source or tileset).get("tiles", [])}
    original = given.get(new) or next(t for t in first.tileset["tiles"] if t["name"] == new)
    search = Search(tileset, old, new, settings, watch, vocabulary_of(first.tileset))
    mirrored = settings.mirror and symmetric(original)
    found = search.accepted((), original)
    if found is None and settings.max_steps:
        base = search.runs[0].elo
        before = next(t for t in first.tileset["tiles"] if t["name"] == old)
        gap = proxy(original, search.icons) - proxy(before, search.icons)
        slope = base / gap if gap and base / gap > 0 else None
        found = descend(search, original, slope, mirrored)
    tuned, confirmation = found or (None, None)
    return TuneResult(
        old,
        new,
        first.game,
        original,
        settings,
        mirrored,
        tuple(search.runs),
        tuned,
        confirmation,
        search.rejected,
        search.icons,
    )
