"""Tune's search: its settings, the runs it plays (screens, tests and confirmations) and what
each found, every run of one search kept by :class:`Search`.

:mod:`dukec.insight.tune` says how the search goes; :mod:`dukec.insight.descent` takes its
steps.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from dukec.balance.experiments import replace
from dukec.balance.play import check_playable
from dukec.balance.report import decision_json
from dukec.balance.run import Counter, Settings, run
from dukec.balance.tally import pair_numbers
from dukec.icons import Vocabulary, vocabulary_of
from dukec.insight.edits import Edit, EditKind, checked, single_edits, tile_key
from dukec.players.search import DEFAULT_BUDGET
from dukec.stats.decision import Criteria, Decision, Outcome
from dukec.stats.pairs import Pentanomial
from dukec.workbench.describe import figures
from dukec.workbench.tiles import SIDES, TileView

ELO_CAP = 1000.0
"""A score of 0% or 100% has an infinite Elo; the search ranks it as this far away."""

Progress = Callable[[int], None]
"""Told how many games of the current run have been played."""

Step = tuple[Edit, ...]
"""One step of the search: an edit, or an edit and its mirror image."""


@dataclass(frozen=True, slots=True)
class TuneSettings:
    """How to search: what counts as fair (about the target), the players, seeds and bounds."""

    criteria: Criteria = field(default_factory=Criteria)
    """The sequential test of a tile: its ``centre`` is the target Elo, ``margin`` how near."""
    policy: str = "random"
    seed: int = 1
    max_steps: int = 2
    candidates: int = 12
    """Tiles screened at each number of steps."""
    games: int = 2000
    """Games a test plays at most (it usually stops sooner)."""
    screen_games: int = 1000
    """Games every screened tile plays."""
    beam: int = 2
    """Tiles kept (and tested) at each number of steps."""
    mirror: bool = True
    """For a left-right symmetric tile, make each edit together with its mirror image."""
    ply_limit: int = 300
    budget: int = DEFAULT_BUDGET
    workers: int = 1
    game: str | None = None

    def __post_init__(self) -> None:
        if min(self.games, self.screen_games) < 2 or self.games % 2 or self.screen_games % 2:
            raise ValueError("paired games come two by two: give even numbers of games")
        if self.beam < 1 or self.candidates < 1 or self.max_steps < 0:
            raise ValueError("the search needs a beam and candidates of at least 1")

    @property
    def target(self) -> float:
        """The Elo difference against the old tile to reach."""
        return self.criteria.centre

    @property
    def margin(self) -> float:
        """How near the target counts as reached, in Elo."""
        return self.criteria.margin

    @property
    def test_seed(self) -> int:
        """The seed of every test (the screening plays from ``seed``)."""
        return (self.seed + 1) % 2**64

    def confirm_seed(self, index: int) -> int:
        """The seed of the search's ``index``-th confirmation, from 0: used by no other run."""
        return (self.seed + 2 + index) % 2**64


class Stage(StrEnum):
    """Which kind of run: a screen, a test or a confirmation."""

    SCREEN = "screen"
    TEST = "test"
    CONFIRM = "confirm"


@dataclass(frozen=True, slots=True)
class Trial:
    """One run of a tile: the steps that made it, its proxy, and what its games said."""

    steps: tuple[Step, ...]
    tile: dict[str, Any]
    proxy: float
    stage: Stage
    seed: int
    pairs: Pentanomial
    decision: Decision

    @property
    def edits(self) -> tuple[Edit, ...]:
        """Every edit of the steps, in order."""
        return tuple(edit for step in self.steps for edit in step)

    @property
    def outcome(self) -> Outcome:
        """The run's answer (a screen's is the fixed-length one, and only ranks it)."""
        return self.decision.outcome

    @property
    def fair(self) -> bool:
        """Whether a test or confirmation judged the tile fair about the target."""
        return self.stage is not Stage.SCREEN and self.outcome is Outcome.FAIR

    @property
    def elo(self) -> float:
        """The measured Elo difference against the old tile (capped at ±ELO_CAP)."""
        return max(-ELO_CAP, min(ELO_CAP, self.decision.elo))

    def to_json(self) -> dict[str, Any]:
        """The run for JSON."""
        numbers = pair_numbers(self.pairs)
        decided = decision_json(self.decision)
        return {
            "stage": self.stage.value,
            "steps": [[edit.to_json() for edit in step] for step in self.steps],
            "edits": [edit.to_json() for edit in self.edits],
            "seed": self.seed,
            "games": 2 * self.pairs.pairs,
            "proxy": self.proxy,
            "score": numbers["score"],
            "score_ci95": numbers["score_ci95"],
            "pentanomial": numbers["pentanomial"],
            "decision": "measured" if self.stage is Stage.SCREEN else self.outcome.value,
            "fair": self.fair,
            "elo": decided["elo"],
            "elo_ci95": decided["elo_ci95"],
            "estimate": self.decision.estimate,
        }


class Watch(Protocol):
    """What the search tells its caller: a run starts (returning a games callback), ends."""

    def started(self, steps: tuple[Step, ...], stage: Stage) -> Progress | None:
        """A run of the tile these steps make begins."""
        ...

    def finished(self, trial: Trial) -> None:
        """A run ended with this trial."""
        ...


def proxy(tile: dict[str, Any], icons: Vocabulary | None = None) -> float:
    """The static proxy: squares attacked from an empty board's squares, both sides summed
    (the tile's icons of ``icons``, by default the base box's)."""
    measured = figures(TileView.from_json(tile, icons))
    return sum(measured.sides[side].attacked.mean for side in SIDES)


_WEAKENING = (EditKind.REMOVE, EditKind.MOVE, EditKind.FLIP, EditKind.ADD)
"""The kinds of edit tried first to weaken a tile (reversed to strengthen one)."""


@dataclass(frozen=True, slots=True)
class Single:
    """A single edit and the compiled tile it makes."""

    edit: Edit
    tile: dict[str, Any]


class Search:
    """One search's fixed inputs and every run it has played."""

    def __init__(
        self,
        tileset: dict[str, Any],
        old: str,
        new: str,
        settings: TuneSettings,
        watch: Watch | None,
        icons: Vocabulary | None = None,
    ) -> None:
        self.tileset = tileset
        self.old = old
        self.new = new
        #: The icons the tiles of the search show: the tile set's and its source's.
        self.icons = icons if icons is not None else vocabulary_of(tileset)
        self.settings = settings
        self.watch = watch
        self.runs: list[Trial] = []
        self.tested: dict[str, Trial] = {}
        """Each tested tile's test, by the tile's key."""
        self.rejected = 0

    def play(self, steps: tuple[Step, ...], tile: dict[str, Any], stage: Stage) -> Trial:
        """One run of the tile these steps make in place of the old one, at its stage's seed."""
        s = self.settings
        source = {"icons": self.icons.to_json(), "tiles": [tile]}
        experiment = replace(self.tileset, s.game, self.old, self.new, source)
        check_playable(experiment.tileset, experiment.sets)
        seeds = {
            Stage.SCREEN: s.seed,
            Stage.TEST: s.test_seed,
            Stage.CONFIRM: s.confirm_seed(sum(t.stage is Stage.CONFIRM for t in self.runs)),
        }
        screening = stage is Stage.SCREEN
        run_settings = Settings(
            games=s.screen_games if screening else s.games,
            seed=seeds[stage],
            policy=s.policy,
            ply_limit=s.ply_limit,
            budget=s.budget,
            workers=s.workers,
            stop=None if screening else "sprt",
            criteria=s.criteria,
            paired=True,
        )
        told = self.watch.started(steps, stage) if self.watch is not None else None
        result = run(experiment, run_settings, observer=Counter(told))
        trial = Trial(
            steps,
            tile,
            proxy(tile, self.icons),
            stage,
            seeds[stage],
            result.tally.pairs,
            result.decision,
        )
        self.runs.append(trial)
        if self.watch is not None:
            self.watch.finished(trial)
        return trial

    def accepted(self, steps: tuple[Step, ...], tile: dict[str, Any]) -> tuple[Trial, Trial] | None:
        """The test of a tile and its confirmation from a fresh seed, if both judge it fair."""
        trial = self.play(steps, tile, Stage.TEST)
        self.tested[tile_key(tile)] = trial
        if not trial.fair:
            return None
        again = self.play(steps, tile, Stage.CONFIRM)
        return (trial, again) if again.fair else None

    def standing(self, screened: Trial) -> float:
        """A screened tile's Elo as the search takes it: its test's where the tile was tested
        and the test decided stronger or weaker (far surer than a screen), else its screen's."""
        test = self.tested.get(tile_key(screened.tile))
        return test.elo if test is not None and test.outcome.different else screened.elo

    def singles(
        self, parent: Trial, slope: float | None, kinds: Container[EditKind] = tuple(EditKind)
    ) -> list[Single]:
        """Every single edit of these kinds that compiles into a new tile, likely winners first.

        By the needed direction first (to weaken: removals, moves, the flip, additions; to
        strengthen, the reverse), then by the proxy: the tile's Elo plus ``slope`` times the
        change in proxy predicts an edited tile's Elo, nearest the target first (without a
        slope, the biggest change in the needed direction first).
        """
        target = self.settings.target
        original = parent.tile
        elo_now = self.standing(parent)
        weaken = elo_now > target
        order = _WEAKENING if weaken else tuple(reversed(_WEAKENING))
        seen = {tile_key(original)}
        base = proxy(original, self.icons)
        found: list[tuple[tuple[int, float, int], Single]] = []
        for index, edit in enumerate(single_edits(original, self.icons)):
            if edit.kind not in kinds:
                continue
            tile = checked(edit.apply(original), (edit,), self.icons)
            if tile is None:
                self.rejected += 1
                continue
            key = tile_key(tile)
            if key in seen:
                continue
            seen.add(key)
            value = proxy(tile, self.icons)
            if slope is not None:
                miss = abs(elo_now + slope * (value - base) - target)
            else:
                miss = (value - base) if weaken else (base - value)
            found.append(((order.index(edit.kind), miss, index), Single(edit, tile)))
        return [single for _, single in sorted(found, key=lambda item: item[0])]
