"""Balance runs for the studio: the request checked, the games played, a live view of the score.

A run is of one of two kinds: a balance, the army with every old tile made new against the
set's own, or a value, the army with one new tile in place of one old against the set's own
(what `dukec value NEW --in-place-of OLD` plays). A balance's document is the JSON
`dukec balance --json` prints (the same `report.to_json`); a value's reports the tile's worth as
`dukec value --json` does (without the reference tile's, which would take a second run).

`Runs` is the one scheduler of every run, whether the page polls it (`/api/runs`) or a request
waits for it (`/api/balance`, `/api/value`): at most `STUDIO_MAX_RUNS` play at once, each in a
thread of its own, keeping the games played, the score and its 95% interval as games arrive
(for the page's chart), and its final document. A run asked to stop (cancelled, its waiting
client gone, or nobody asking about it for `STUDIO_UNWATCHED_SECONDS`) gives up between two
moves, so within a fraction of a second: a move searches at most `STUDIO_MAX_BUDGET` nodes.
Games run in the server's process with one worker, so a run never takes more than one core from
the machine the designer works on.
"""

from __future__ import annotations

import collections
import enum
import itertools
import threading
import time
from dataclasses import dataclass
from typing import Any

from dukec import api as app
from dukec.balance.experiments import Experiment
from dukec.balance.plans import Kind
from dukec.balance.play import Stopped, stop_when
from dukec.balance.ratings import stored
from dukec.balance.report import to_json
from dukec.balance.run import Observer, RunResult, Settings
from dukec.balance.tally import Tally
from dukec.insight.report import worth_document, worth_line
from dukec.insight.skill import LEVELS
from dukec.insight.value import Valuation, Worth
from dukec.limits import STUDIO_MAX_GAMES, STUDIO_MAX_RUNS, STUDIO_UNWATCHED_SECONDS
from dukec.stats.decision import fixed_decision
from dukec.studio.api import Workspace, compiled, defined
from dukec.studio.request import ApiError, Body
from dukec.tileset import ExperimentError, merge_sources

#: Games one run may play: enough for any verdict the page shows, not a day of work.
MAX_GAMES = STUDIO_MAX_GAMES
DEFAULT_GAMES = 200
PLY_LIMIT = app.DEFAULT_PLY_LIMIT
#: Finished runs kept for the page to read.
KEPT = 50
#: Points of the live chart, at most.
CHART_POINTS = 200
#: The games over which a run's speed is measured (the latest ones): a rate that follows the
#: games as they come, not the games read back at the start.
RATE_WINDOW = 24


class RunKind(enum.StrEnum):
    """What a run measures: the new tile against the old one, its worth a copy, or that worth
    at each level of skill."""

    BALANCE = "balance"
    VALUE = "value"
    SKILL = "skill"
    """A value at each level of skill (`dukec value NEW --across-skill`)."""


@dataclass(frozen=True, slots=True)
class BalanceRequest:
    """A quick balance: the new tile's source, the tile it replaces, how many games, who plays."""

    kind: RunKind
    source: str
    old: str
    new: str
    games: int
    seed: int
    policy: str
    stop: str | None
    resume: bool = False
    """Read back the games an earlier run of the same games played ("play N more")."""


def balance_request(body: Body, kind: RunKind | None = None) -> BalanceRequest:
    """The request's fields, checked; ApiError 400 for a bad one. Without ``kind``, the body's
    ``kind`` field says it (a balance by default)."""
    if kind is None:
        kind = RunKind(body.choice("kind", RunKind.BALANCE, tuple(RunKind)) or RunKind.BALANCE)
    source = body.text("source")
    old, new = body.replacement()
    games = body.integer("games", DEFAULT_GAMES, 2, MAX_GAMES)
    if games % 2:
        raise ApiError(400, f"'games' must be even: paired games come two by two (not {games})")
    policy = body.policy("policy", app.DEFAULT_POLICY)
    return BalanceRequest(
        kind=kind,
        source=source,
        old=old,
        new=new,
        games=games,
        seed=body.integer("seed", 1, 0, 2**63 - 1),
        policy=policy,
        stop=body.choice("stop", None, ("sprt", "width")),
        resume=body.flag("resume"),
    )


@dataclass(frozen=True, slots=True)
class Prepared:
    """A run ready to play: the experiment, the settings and the policies' stored ratings."""

    kind: RunKind
    experiment: Experiment
    settings: Settings
    ratings: dict[str, dict[str, Any]]
    tileset: dict[str, Any]
    """The tile set a report names by its hash (a value's: the set's tiles and the source's)."""
    resume: bool = False


def prepare(workspace: Workspace, request: BalanceRequest) -> Prepared:
    """The experiment of a request; ApiError 422 for a source with errors or a replacement
    that cannot be made."""
    source = compiled(request.source, workspace)
    new = defined(source, request.new)
    everything = workspace.tileset
    worth = request.kind is not RunKind.BALANCE
    if worth:
        everything = merge_sources(workspace.tileset, source)
    swap = (request.old, new)
    try:
        experiment = app.experiment(
            app.TileSet(workspace.tileset),
            workspace.game,
            replace=None if worth else swap,
            worth=swap if worth else None,
            tiles=app.TileSet(source),
        )
    except (ExperimentError, ValueError) as error:
        raise ApiError(422, str(error)) from None
    # Games run in the server's process, one worker: a run never takes more than one core.
    settings = app.settings(
        request.games,
        request.seed,
        request.policy,
        ply_limit=PLY_LIMIT,
        workers=1,
        stop=request.stop,
    )
    ratings = stored(None, workspace.tileset, experiment.game, settings.budget, {request.policy})
    return Prepared(request.kind, experiment, settings, ratings, everything, request.resume)


def play(prepared: Prepared, observer: Observer | None = None) -> dict[str, Any]:
    """Play a prepared run; its JSON document (a balance's, a value's or one across skill)."""
    if prepared.kind is RunKind.SKILL:
        return skill_json(prepared, observer)
    result = app.play(prepared.experiment, prepared.settings, observer, resume=prepared.resume)
    if prepared.kind is RunKind.VALUE:
        return value_json(prepared, result)
    return to_json(result, prepared.ratings)


def skill_json(prepared: Prepared, observer: Observer | None) -> dict[str, Any]:
    """A run across skill: `dukec value --across-skill --json`'s document, each level's games
    played in turn (the observer hears of each level's as a run of its own), with the plot and
    the page's line."""
    from dukec.insight.chart import skill_svg
    from dukec.insight.report import skill_report

    experiment = prepared.experiment
    assert experiment.replaced is not None  # a value run always puts the new tile in a place
    old, new = experiment.replaced

    def measure_level(
        _tileset: dict[str, Any],
        _game: str | None,
        _tile: str,
        settings: Settings,
        _in_place_of: str,
        _kind: Kind,
    ) -> Valuation:
        result = app.play(experiment, settings, observer)
        if isinstance(observer, BalanceRun):
            observer.next_level()
        return Valuation(Kind.COPY, experiment, result, Worth.of(new, result), old)

    document, _valuations = skill_report(
        prepared.tileset,
        experiment.game,
        new,
        prepared.settings,
        in_place_of=old,
        measure_with=measure_level,
    )
    document["plot"] = skill_svg(document["levels"], f"What one {new} is worth across skill")
    document["verdict"] = "across skill"
    document["verdict_line"] = document["sentence"]
    return document


def value_json(prepared: Prepared, result: RunResult) -> dict[str, Any]:
    """A value run's report: `dukec value --json`'s header, worth and answer, with the page's
    line."""
    experiment = prepared.experiment
    assert experiment.replaced is not None  # a value run always puts the new tile in a place
    old, new = experiment.replaced
    valuation = Valuation(Kind.COPY, experiment, result, Worth.of(new, result), old)
    settings = prepared.settings
    document = worth_document(prepared.tileset, experiment.game, settings, old, valuation)
    document["verdict"] = result.decision.outcome.value
    document["verdict_line"] = worth_line(document)
    return document


def run_balance(workspace: Workspace, body: Body) -> dict[str, Any]:
    """A whole balance in this thread, outside any server's `Runs` (a benchmark's direct call):
    the balance JSON (`dukec balance --json`)."""
    return play(prepare(workspace, balance_request(body, RunKind.BALANCE)))


# === Runs ===


class RunState(enum.StrEnum):
    """Where a background run is."""

    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


class BalanceRun(Observer):
    """One run: its progress, live score and final document, read under a lock."""

    def __init__(
        self, run_id: str, prepared: Prepared, unwatched: float = STUDIO_UNWATCHED_SECONDS
    ) -> None:
        self.id = run_id
        self.prepared = prepared
        levels = len(LEVELS) if prepared.kind is RunKind.SKILL else 1
        self.total = prepared.settings.games * levels
        #: Games of the levels already played (a run across skill plays one level at a time).
        self.offset = 0
        self.state = RunState.RUNNING
        self.games = 0
        self.points: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.error: str | None = None
        self.started = time.perf_counter()
        self.seconds = 0.0
        self.finished = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._every = max(1, self.total // CHART_POINTS)
        self._unwatched = unwatched
        self._seen = time.monotonic()
        self._times: collections.deque[tuple[float, int]] = collections.deque(maxlen=RATE_WINDOW)

    def cancel(self) -> None:
        """Ask the run to stop: it gives up the game it plays before its next move."""
        self._stop.set()

    def seen(self) -> None:
        """Someone is still waiting for the run (a request, or the page polling it)."""
        self._seen = time.monotonic()

    def _asked_to_stop(self) -> bool:
        """Before each move: whether to stop, cancelled or left without anyone to ask."""
        if time.monotonic() - self._seen > self._unwatched and not self._stop.is_set():
            with self._lock:
                self.error = f"nobody asked about the run for {self._unwatched:g} s"
            self._stop.set()
        return self._stop.is_set()

    def standing(self, tally: Tally) -> None:
        """After each game: count it, add a chart point now and then, stop if asked to."""
        point = None
        evidence = tally.evidence
        last = tally.games == self.prepared.settings.games
        if evidence.count and (tally.games % self._every == 0 or last):
            low, high = evidence.interval()
            point = {
                "games": self.offset + tally.games,
                "score": evidence.mean,
                "low": low,
                "high": high,
                "verdict": fixed_decision(evidence, self.prepared.settings.criteria).outcome.value,
            }
        with self._lock:
            self.games = self.offset + tally.games
            self._times.append((time.perf_counter(), self.games))
            if point is not None:
                self.points.append(point)
        if self._asked_to_stop():
            raise Stopped

    def next_level(self) -> None:
        """A level of a run across skill is played: the next one's games count on from it."""
        with self._lock:
            self.offset = self.games

    def play(self) -> None:
        """Play the run to its end, its cancelling or its failure (in the run's thread)."""
        state, result, error = RunState.DONE, None, None
        stop_when(self._asked_to_stop)
        try:
            result = play(self.prepared, self)
        except Stopped:
            state, error = RunState.CANCELLED, self.error
        except Exception as failure:  # a bug must still end the run, and say why
            state, error = RunState.FAILED, f"{type(failure).__name__}: {failure}"
        with self._lock:
            self.state, self.result, self.error = state, result, error
            self.seconds = time.perf_counter() - self.started
        self.finished.set()

    def _rate(self) -> float | None:
        """Games a second over the latest games (None before two have ended)."""
        if len(self._times) < 2:
            return None
        (start, first), (end, last) = self._times[0], self._times[-1]
        return (last - first) / (end - start) if end > start else None

    def snapshot(self) -> dict[str, Any]:
        """The run as the page polls it: ``rate`` in games a second over the latest games,
        ``eta_seconds`` the time the games left would take at it (at most: a stopping rule may
        end the run sooner)."""
        with self._lock:
            rate = self._rate() if self.state is RunState.RUNNING else None
            left = self.total - self.games
            return {
                "rate": rate,
                "eta_seconds": left / rate if rate else None,
                "id": self.id,
                "state": self.state.value,
                "games": self.games,
                "total": self.total,
                "title": self.prepared.experiment.describe(),
                "policy": self.prepared.settings.policy,
                "seed": self.prepared.settings.seed,
                "points": list(self.points),
                "seconds": (
                    self.seconds
                    if self.state is not RunState.RUNNING
                    else time.perf_counter() - self.started
                ),
                "result": self.result,
                "error": self.error,
            }


class Runs:
    """Every run of one server, by id: the one place that starts them, and caps how many play."""

    def __init__(
        self, max_running: int = STUDIO_MAX_RUNS, unwatched: float = STUDIO_UNWATCHED_SECONDS
    ) -> None:
        self.max_running = max_running
        self.unwatched = unwatched
        self._runs: dict[str, BalanceRun] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def start(self, workspace: Workspace, body: Body, kind: RunKind | None = None) -> BalanceRun:
        """Check and prepare a run (errors answer at once), then play it in a thread; ApiError
        429 when `max_running` runs play already. ``kind`` None reads it from the body."""
        prepared = prepare(workspace, balance_request(body, kind))
        with self._lock:
            running = sum(r.state is RunState.RUNNING for r in self._runs.values())
            if running >= self.max_running:
                raise ApiError(
                    429, f"{running} runs are playing already; cancel one or wait for it"
                )
            balance_run = BalanceRun(str(next(self._ids)), prepared, self.unwatched)
            self._runs[balance_run.id] = balance_run
            finished = [k for k, r in self._runs.items() if r.state is not RunState.RUNNING]
            for key in finished[: max(0, len(self._runs) - KEPT)]:
                del self._runs[key]
        threading.Thread(
            target=balance_run.play, name=f"balance-{balance_run.id}", daemon=True
        ).start()
        return balance_run

    def get(self, run_id: str) -> BalanceRun:
        """The run called ``run_id``, which someone has just asked about; ApiError 404 when
        there is none."""
        with self._lock:
            found = self._runs.get(run_id)
        if found is None:
            raise ApiError(404, f"no run {run_id!r}")
        found.seen()
        return found

    def cancel_all(self) -> None:
        """Stop every run (the server is closing)."""
        with self._lock:
            for balance_run in self._runs.values():
                balance_run.cancel()
