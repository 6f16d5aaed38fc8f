"""Tune: the fewest small edits of a new tile that make it fair against the tile it replaces.

Every test plays the tile in place of the old one (paired games against the standard army,
from one seed) under a GSPRT that decides whether its Elo difference is within ``margin`` of
``target``: the balance code's three-decision SPRT, taken about the target.

1. The tile as given is tested. If it is within the margin, nothing needs editing.
2. One edit: every single edit is made and compiled (what does not compile is dropped), ordered
   so that likely winners come first, and the first ``candidates`` are tested.
3. Two edits and more, up to ``max_edits``: the single edits that moved the tile towards the
   target are combined; combinations are ranked by their predicted Elo, the tile's plus the sum
   of their edits' measured effects (effects taken as adding up), nearest the target first,
   and the first ``candidates`` that compile into a tile not yet tested are tested.
4. The first tile judged within the margin is tested again from a fresh seed; if that agrees,
   it is the tuned tile, with the fewest edits among those tested.

With ``screen_games``, step 2 measures instead of testing: the tile as given and each of the
first ``candidates`` single edits play that many games from the seed, with no stopping rule;
the single edits measured nearest the target are then tested, then step 3. Effects of a few
tens of Elo need such equal, longer runs to be told apart, where a test's SPRT stops as soon
as a tile is plainly off the target.

With ``beam`` (and ``screen_games``), steps 2 and 3 are a descent instead (``descent``): at
each edit count, single edits of the ``beam`` tiles of the count before measured nearest the
target, all measured from one seed, the nearest tested. It reaches tiles that need more edits
than combining effects measured once can find; ``mirror`` makes each of its edits together
with its mirror image.

The order of step 2 goes by the needed direction first: to weaken a tile, removals, then moves,
the flip, additions; to strengthen it, the reverse. Within a kind it goes by a static proxy,
what ``describe`` measures: the squares the tile attacks from each square of an empty board,
summed over both sides. The tile's measured Elo and the two tiles' proxies give an Elo per
proxy unit; an edited tile's Elo is predicted from the tile's plus that slope times the change
in proxy, and the tiles predicted nearest the target go first. Where the slope is not positive
(a weaker tile that reaches more), the biggest change in the needed direction goes first.
Everything is seeded, ordered and bounded, so the same inputs give the same search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any, Protocol

from dukec.balance.decision import Criteria, Outcome
from dukec.balance.experiments import replace
from dukec.balance.pairs import Pentanomial
from dukec.balance.play import check_playable
from dukec.balance.run import Counter, Settings, run
from dukec.balance.search import DEFAULT_BUDGET
from dukec.balance.stats import elo
from dukec.balance.tally import finite, pair_numbers
from dukec.insight.edits import Edit, EditKind, checked, single_edits, steps, tile_key
from dukec.workbench.describe import figures
from dukec.workbench.tiles import SIDES, TileView

ELO_CAP = 1000.0
"""A score of 0% or 100% has an infinite Elo; the search ranks it as this far away."""

Progress = Callable[[int], None]
"""Told how many games of the current run have been played."""


@dataclass(frozen=True, slots=True)
class TuneSettings:
    """How to search: the target and margin in Elo, the players, the seed and the bounds."""

    target: float = 0.0
    margin: float = 30.0
    policy: str = "random"
    seed: int = 1
    max_edits: int = 2
    candidates: int = 12
    """Edited tiles tested at each edit count."""
    games: int = 2000
    """Games a test plays at most (the SPRT usually stops it sooner)."""
    ply_limit: int = 300
    budget: int = DEFAULT_BUDGET
    workers: int = 1
    game: str | None = None
    screen_games: int = 0
    """With more than 0: single edits are measured over this many games, not tested."""
    beam: int = 0
    """With more than 0: descend, keeping this many tiles of each edit count (needs
    ``screen_games``)."""
    mirror: bool = False
    """Descending, make each edit with its mirror image (left to right), when it has one."""

    @property
    def verify_seed(self) -> int:
        """The fresh seed the winner is played again with."""
        return (self.seed + 1) % 2**64

    @property
    def criteria(self) -> Criteria:
        """The sequential test of one candidate: within ``margin`` of ``target``, or not."""
        return Criteria(self.margin, centre=self.target)


@dataclass(frozen=True, slots=True)
class Trial:
    """One tested tile: the edits that made it, its proxy, and what its games said."""

    edits: tuple[Edit, ...]
    tile: dict[str, Any]
    proxy: float
    seed: int
    pairs: Pentanomial
    decision: Outcome | None

    @property
    def fair(self) -> bool:
        """Whether the test decided the tile is within the margin of the target."""
        return self.decision is Outcome.FAIR

    @property
    def elo(self) -> float:
        """The measured Elo difference against the old tile (capped at ±ELO_CAP)."""
        return max(-ELO_CAP, min(ELO_CAP, elo(self.pairs.mean)))

    def to_json(self) -> dict[str, Any]:
        """The trial for JSON."""
        numbers = pair_numbers(self.pairs)
        return {
            "edits": [edit.to_json() for edit in self.edits],
            "seed": self.seed,
            "games": 2 * self.pairs.pairs,
            "proxy": self.proxy,
            "score": numbers["score"],
            "score_ci95": numbers["score_ci95"],
            "elo": finite(elo(self.pairs.mean)),
            "elo_ci95": numbers["elo_ci95"],
            "pentanomial": numbers["pentanomial"],
            "decision": self.decision.value if self.decision is not None else "undecided",
            "fair": self.fair,
        }


@dataclass(frozen=True, slots=True)
class TuneResult:
    """The search's outcome: every trial in order, and the tuned tile with its re-check."""

    old: str
    new: str
    game: str
    original: dict[str, Any]
    settings: TuneSettings
    trials: tuple[Trial, ...]
    """The tests, the tile as given first (re-checks apart)."""
    screened: tuple[Trial, ...]
    """The screening's measurements, the tile as given first (none without screening)."""
    rechecks: tuple[Trial, ...]
    """Every re-check from the fresh seed, the failed ones too."""
    tuned: Trial | None
    verification: Trial | None
    rejected: int
    """Edited tiles that did not compile (never tested)."""

    @property
    def baseline(self) -> Trial:
        """The trial of the new tile as given."""
        return self.trials[0]

    @property
    def steps(self) -> int | None:
        """The tuned tile's steps: its edits, an edit and its mirror image one with ``mirror``."""
        if self.tuned is None:
            return None
        edits = self.tuned.edits
        return len(steps(edits)) if self.settings.mirror else len(edits)

    def to_json(self) -> dict[str, Any]:
        """The report as a JSON document."""
        s = self.settings
        return {
            "kind": "tune",
            "old": self.old,
            "new": self.new,
            "game": self.game,
            "target_elo": s.target,
            "margin_elo": s.margin,
            "stop": f"sequential test: {s.criteria.about()} about {s.target:+g} Elo",
            "policy": s.policy,
            "seed": s.seed,
            "verify_seed": s.verify_seed,
            "max_edits": s.max_edits,
            "candidates_per_count": s.candidates,
            "games_per_test": s.games,
            "rejected_by_compiler": self.rejected,
            "found": self.tuned is not None,
            "edits": [e.to_json() for e in self.tuned.edits] if self.tuned is not None else None,
            "steps": self.steps,
            "tuned": self.tuned.to_json() if self.tuned is not None else None,
            "verification": self.verification.to_json() if self.verification else None,
            "baseline": self.baseline.to_json(),
            "trials": [trial.to_json() for trial in self.trials],
            "screen_games": s.screen_games,
            "beam": s.beam,
            "mirror": s.mirror,
            "screened": [{**trial.to_json(), "decision": "measured"} for trial in self.screened],
            "rechecks": [trial.to_json() for trial in self.rechecks],
        }


class Stage(StrEnum):
    """Which part of the search a run belongs to."""

    SCREEN = "screen"
    TEST = "test"
    RECHECK = "re-check"


class Watch(Protocol):
    """What the search tells its caller: a test starts (returning a games callback), ends."""

    def started(self, edits: tuple[Edit, ...], stage: Stage) -> Progress | None:
        """A run of the tile these edits make begins."""
        ...

    def finished(self, trial: Trial, stage: Stage) -> None:
        """A run ended with this trial."""
        ...


def proxy(tile: dict[str, Any]) -> float:
    """The static proxy: squares attacked from an empty board's squares, both sides summed."""
    measured = figures(TileView.from_json(tile))
    return sum(measured.sides[side].attacked.mean for side in SIDES)


_WEAKENING = (EditKind.REMOVE, EditKind.MOVE, EditKind.FLIP, EditKind.ADD)
"""The kinds of edit tried first to weaken a tile (reversed to strengthen one)."""


@dataclass(frozen=True, slots=True)
class _Single:
    edit: Edit
    tile: dict[str, Any]


class Search:
    """One search's fixed inputs and what it has played."""

    def __init__(
        self,
        tileset: dict[str, Any],
        old: str,
        new: str,
        settings: TuneSettings,
        watch: Watch | None,
    ) -> None:
        self.tileset = tileset
        self.old = old
        self.new = new
        self.settings = settings
        self.watch = watch
        self.trials: list[Trial] = []
        self.seen: set[str] = set()
        self.screened: list[Trial] = []
        self.rechecks: list[Trial] = []
        self.rejected = 0

    def play(self, edits: tuple[Edit, ...], tile: dict[str, Any], stage: Stage) -> Trial:
        """Play the tile these edits make in place of the old one, for the stage's runs."""
        s = self.settings
        experiment = replace(self.tileset, s.game, self.old, self.new, {"tiles": [tile]})
        check_playable(experiment.tileset, experiment.sets)
        seed = s.verify_seed if stage is Stage.RECHECK else s.seed
        screening = stage is Stage.SCREEN
        run_settings = Settings(
            games=s.screen_games if screening else s.games,
            seed=seed,
            policy=s.policy,
            ply_limit=s.ply_limit,
            budget=s.budget,
            workers=s.workers,
            stop=None if screening else "sprt",
            criteria=s.criteria,
            paired=True,
        )
        told = self.watch.started(edits, stage) if self.watch is not None else None
        result = run(experiment, run_settings, observer=Counter(told))
        decision = None if screening else result.decision.outcome
        trial = Trial(edits, tile, proxy(tile), seed, result.tally.pairs, decision)
        if stage is Stage.TEST:
            self.trials.append(trial)
            self.seen.add(tile_key(tile))
        elif screening:
            self.screened.append(trial)
        else:
            self.rechecks.append(trial)
        if self.watch is not None:
            self.watch.finished(trial, stage)
        return trial

    def accepted(self, edits: tuple[Edit, ...], tile: dict[str, Any]) -> tuple[Trial, Trial] | None:
        """The test of a tile and its re-check from a fresh seed, if both judge it fair."""
        trial = self.play(edits, tile, Stage.TEST)
        if not trial.fair:
            return None
        again = self.play(edits, tile, Stage.RECHECK)
        return (trial, again) if again.fair else None

    def singles(
        self, original: dict[str, Any], elo_now: float, slope: float | None
    ) -> list[_Single]:
        """Every single edit that compiles into a new tile, likely winners first."""
        target = self.settings.target
        weaken = elo_now > target
        kinds = _WEAKENING if weaken else tuple(reversed(_WEAKENING))
        seen = set(self.seen)
        base = proxy(original)
        found: list[tuple[tuple[int, float, int], _Single]] = []
        for index, edit in enumerate(single_edits(original)):
            tile = checked(edit.apply(original), (edit,))
            if tile is None:
                self.rejected += 1
                continue
            key = tile_key(tile)
            if key in seen:
                continue
            seen.add(key)
            value = proxy(tile)
            if slope is not None:
                miss = abs(elo_now + slope * (value - base) - target)
            else:
                # No usable slope: the biggest step in the needed direction first.
                miss = (value - base) if weaken else (base - value)
            found.append(((kinds.index(edit.kind), miss, index), _Single(edit, tile)))
        return [single for _, single in sorted(found, key=lambda item: item[0])]

    def plans(
        self, original: dict[str, Any], effects: list[tuple[Edit, float]], count: int, base: float
    ) -> list[tuple[tuple[Edit, ...], dict[str, Any]]]:
        """Up to ``candidates`` compiled tiles of ``count`` helpful edits, predicted nearest
        the target first."""
        target = self.settings.target
        ranked = sorted(
            combinations(range(len(effects)), count),
            key=lambda chosen: (
                abs(base + sum(effects[i][1] for i in chosen) - target),
                chosen,
            ),
        )
        found = []
        for chosen in ranked:
            edits = tuple(effects[i][0] for i in chosen)
            tile = _applied(original, edits)
            if tile is not None and tile_key(tile) not in self.seen:
                self.seen.add(tile_key(tile))
                found.append((edits, tile))
            if len(found) == self.settings.candidates:
                break
        return found


MAX_HELPFUL = 16
"""The most helpful single edits combined (the number of combinations grows fast)."""


def _applied(original: dict[str, Any], edits: tuple[Edit, ...]) -> dict[str, Any] | None:
    """The compiled tile these edits make one after another, or None if they clash or it does
    not compile."""
    tile = original
    for edit in edits:
        try:
            tile = edit.apply(tile)
        except ValueError:
            # An earlier edit took away the icon this one removes or moves.
            return None
    return checked(tile, edits)


def tune(
    tileset: dict[str, Any],
    old: str,
    new: str,
    source: dict[str, Any] | None,
    settings: TuneSettings,
    watch: Watch | None = None,
) -> TuneResult:
    """Search edits of ``new`` (from ``source`` or the set) for a tile fair against ``old``.

    Raises ExperimentError for a replacement that cannot be played (unknown tiles, and so on).
    """
    if settings.beam and not settings.screen_games:
        raise ValueError("the descent measures every tile it keeps: give screen_games")
    first = replace(tileset, settings.game, old, new, source)
    old, new = first.replaced or (old, new)
    # The tile as written (the experiment's copy has its count sized to OLD's).
    given = {tile["name"]: tile for tile in (source or tileset).get("tiles", [])}
    original = given.get(new) or next(t for t in first.tileset["tiles"] if t["name"] == new)
    search = Search(tileset, old, new, settings, watch)

    def result(found: tuple[Trial, Trial] | None) -> TuneResult:
        tuned, verification = found or (None, None)
        return TuneResult(
            old,
            new,
            first.game,
            original,
            settings,
            tuple(search.trials),
            tuple(search.screened),
            tuple(search.rechecks),
            tuned,
            verification,
            search.rejected,
        )

    found = search.accepted((), original)
    if found is not None or settings.max_edits == 0:
        return result(found)
    base = search.trials[0].elo
    weaken = base > settings.target
    gap = proxy(original) - proxy(next(t for t in first.tileset["tiles"] if t["name"] == old))
    slope = base / gap if gap and base / gap > 0 else None
    if settings.beam:
        # Imported here: the descent builds on this module's search.
        from dukec.insight.descent import descend

        return result(descend(search, original, slope))
    singles = search.singles(original, base, slope)[: settings.candidates]
    measured: list[tuple[Edit, float]] = []
    if settings.screen_games:
        # Effects from equal runs of one seed, the tile as given among them.
        base = search.play((), original, Stage.SCREEN).elo
        weaken = base > settings.target
        for single in singles:
            trial = search.play((single.edit,), single.tile, Stage.SCREEN)
            measured.append((single.edit, trial.elo - base))
    else:
        for single in singles:
            found = search.accepted((single.edit,), single.tile)
            if found is not None:
                return result(found)
            measured.append((single.edit, search.trials[-1].elo - base))
    effects = [(edit, effect) for edit, effect in measured if effect and (effect < 0) == weaken]
    effects.sort(key=lambda item: -abs(item[1]))
    effects = effects[:MAX_HELPFUL]
    if settings.screen_games:
        # One edit: every measured edit, nearest the target first, whatever its direction.
        for edits, tile in search.plans(original, measured, 1, base):
            found = search.accepted(edits, tile)
            if found is not None:
                return result(found)
    for count in range(2, min(settings.max_edits, len(effects)) + 1):
        for edits, tile in search.plans(original, effects, count, base):
            found = search.accepted(edits, tile)
            if found is not None:
                return result(found)
    return result(None)
