"""Balance from Python: :func:`balance` and :func:`value` run the experiments of ``dukec
balance`` and ``dukec value``, read their sources by the same layering rule, check their
arguments as the commands check their options, and return typed results that print as the
commands' verdict lines.

They run on every core by default, from a plain script (no ``if __name__ == "__main__":``
guard needed: the workers never run the script again) and in a notebook alike; ``progress=True``
shows tqdm's bar (``pip install 'dukec[notebook]'``): a widget in a notebook where ipywidgets is
installed, text elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dukec import arguments
from dukec.limits import MAX_PLY
from dukec.players.policies import DEFAULT_POLICY
from dukec.players.search import DEFAULT_BUDGET

if TYPE_CHECKING:
    from dukec.api import TileSet
    from dukec.balance.run import RunResult
    from dukec.insight.value import Valuation
    from dukec.stats.decision import Criteria

#: Plies after which a game is an adjudicated drawn game (the commands' ``--ply-limit``).
DEFAULT_PLY_LIMIT = 300
#: What a tile takes the place of, by default (the commands' ``--in-place-of``).
DEFAULT_IN_PLACE_OF = "Footman"


@dataclass(frozen=True, slots=True)
class BalanceResult:
    """What :func:`balance` found: the ``verdict`` (``"stronger"``, ``"weaker"``, ``"fair"``
    or ``"inconclusive"``), in ``words``; the Elo difference of the army under test and its 95%
    interval; its score; the games played (fewer than asked where a stopping rule decided), and
    the pairs among them; the master seed and the policies. ``str(result)`` is the command's
    verdict line; :meth:`to_json` its ``--json`` document.
    """

    verdict: str
    """``"stronger"``, ``"weaker"``, ``"fair"`` or ``"inconclusive"``: how the army under
    test compares, within the margin of what counts as fair."""
    words: str
    """The verdict in words, as the verdict line says it."""
    elo: float
    """The Elo difference of the army under test over the other (positive: stronger)."""
    elo_ci95: tuple[float, float]
    """The 95% interval of :attr:`elo`, low end first."""
    score: float
    """The army under test's mean score a game (a win 1, a drawn game 1/2, a loss 0)."""
    games: int
    """The games played: fewer than asked where a stopping rule decided first."""
    pairs: int
    """The pairs among :attr:`games` (one seed played twice, the armies swapping seats); 0 for
    unpaired games."""
    seed: int
    """The master seed: the same seed and options play the same games, on any workers."""
    policies: tuple[str, str]
    """The policy of each army: the one under test first."""
    line: str
    """The verdict line, as ``dukec balance`` prints it last."""
    run: RunResult = field(repr=False, compare=False)
    """The run in full, for the tools built on balance (:class:`dukec.balance.run.RunResult`):
    its tally, decision and settings; the fields above say what it found."""
    ratings: dict[str, dict[str, Any]] = field(repr=False, compare=False, default_factory=dict)
    """The stored strength of each policy played (as ``--json`` writes it), by policy name."""

    def to_json(self) -> dict[str, Any]:
        """The run as ``dukec balance --json`` writes it."""
        from dukec.balance.report import to_json

        return to_json(self.run, self.ratings)

    def __str__(self) -> str:
        """The verdict line."""
        return self.line


@dataclass(frozen=True, slots=True)
class ValueResult:
    """What :func:`value` found: one copy of ``tile`` in place of one ``in_place_of`` is worth
    ``elo`` Elo (95% interval ``elo_ci95``); the ``verdict`` against ``in_place_of``
    (``"stronger"``, ``"weaker"``, ``"fair"`` or ``"inconclusive"``; None for ``in_place_of``
    itself, worth +0 by definition) and the ``answer`` in words; ``pairs`` paired games
    (``games`` in all) from the master ``seed``. ``str(result)`` is the line ``dukec value``
    prints last; :meth:`to_json` its ``--json`` document.
    """

    tile: str
    """The tile valued."""
    in_place_of: str
    """The tile whose place one copy of :attr:`tile` takes, worth +0 by definition."""
    elo: float
    """What one copy of :attr:`tile` is worth in Elo over one :attr:`in_place_of`."""
    elo_ci95: tuple[float, float]
    """The 95% interval of :attr:`elo`, low end first."""
    verdict: str | None
    """``"stronger"``, ``"weaker"``, ``"fair"`` or ``"inconclusive"`` against
    :attr:`in_place_of`; None for :attr:`in_place_of` itself."""
    answer: str
    """The verdict in words."""
    games: int
    """The games played (0 for :attr:`in_place_of` itself)."""
    pairs: int
    """The pairs among :attr:`games` (one seed played twice, the armies swapping seats)."""
    seed: int
    """The master seed: the same seed and options play the same games, on any workers."""
    line: str
    """The worth line, as ``dukec value`` prints it last."""
    document: dict[str, Any] = field(repr=False, compare=False)
    """The report as ``dukec value --json`` writes it (:meth:`to_json` gives a copy)."""
    valuation: Valuation = field(repr=False, compare=False)
    """The measure in full, for the tools built on it (:class:`dukec.insight.value.Valuation`):
    its run and games; the fields above say what it found."""

    def to_json(self) -> dict[str, Any]:
        """The report as ``dukec value --json`` writes it."""
        return dict(self.document)

    def __str__(self) -> str:
        """The worth line."""
        return self.line


def balance(
    tileset: Mapping[str, Any] | arguments.Sources = None,
    *,
    replace: str | tuple[str, str] | None = None,
    tiles: arguments.Sources = None,
    against: Mapping[str, Any] | arguments.Sources = None,
    game: str | None = None,
    against_game: str | None = None,
    games: int = 1000,
    seed: int = 1,
    policy: str = DEFAULT_POLICY,
    opponent_policy: str | None = None,
    budget: int = DEFAULT_BUDGET,
    ply_limit: int = DEFAULT_PLY_LIMIT,
    stop: str | None = None,
    width: float = 0.02,
    paired: bool = True,
    elo_margin: float = 30.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    elo_model: str = "logistic",
    workers: int | None = None,
    progress: bool = False,
) -> BalanceResult:
    """Play the experiment of ``dukec balance`` and decide it: every ``OLD`` made ``NEW``
    (``replace="Knight=Paladin"``) against the army as it is, or the set's army ``against``
    another tile set's, or else the set against itself (self-play).

    ``tileset`` is read as ``--set`` is (a folder of new tiles lies on the base set; None: the
    base set), ``tiles`` as ``--with`` (where ``NEW`` is defined, if not in the set). The rest
    are the command's options: ``games`` at most (paired games: an even number), the master
    ``seed``, the ``policy`` of both armies (``opponent_policy`` for army B), ``stop="sprt"``
    or ``"width"``, what counts as fair (``elo_margin``, ``alpha``, ``beta``, ``elo_model``),
    ``workers`` (default: every core; the same games and numbers with any number).

    Raises ``ValueError`` (or ``TypeError``) for an argument the command would refuse,
    :class:`~dukec.ExperimentError` for an experiment the tile sets cannot give (a tile or
    game set they do not have), :class:`~dukec.compiler.CompileError` for sources with
    mistakes.

    >>> import dukec
    >>> result = dukec.balance(replace="Knight=Footman", games=4, policy="random", workers=1)
    >>> result.verdict, result.games, result.pairs
    ('inconclusive', 4, 2)
    >>> print(result)  # doctest: +ELLIPSIS
    Footman against the Knight it replaces: inconclusive: ..., 4 games (2 pairs), policy random; ...
    """
    from dukec import api
    from dukec.balance.experiments import split_replacement
    from dukec.balance.ratings import stored
    from dukec.balance.report import verdict_line, verdict_words

    games = arguments.games(games)
    how = _settings(
        games, seed, policy, opponent_policy, budget, ply_limit, workers, stop=stop, width=width
    )
    criteria = _criteria(elo_margin, alpha, beta, elo_model)
    how = _with(how, criteria=criteria, paired=paired)
    if isinstance(replace, str):
        replace = split_replacement(replace)
    elif replace is not None and not (isinstance(replace, tuple) and len(replace) == 2):
        raise TypeError(f"replace is 'OLD=NEW' or (OLD, NEW), not {replace!r}")
    if replace is not None and against is not None:
        raise ValueError("choose replace or against, not both")
    if tiles is not None and replace is None:
        raise ValueError("tiles names where the tile of replace is defined; add replace=")
    made = api.experiment(
        _tile_set(tileset),
        arguments.name(game, "game"),
        replace=replace,
        tiles=None if tiles is None else api.tiles_of(arguments.path(tiles, "tiles")),
        against=None if against is None else _tile_set(against),
        against_game=arguments.name(against_game, "against_game"),
    )
    if paired and made.sets[0] != made.sets[1] and games % 2:
        raise ValueError(f"paired games come two by two: give an even games (not {games})")
    how = _with(how, paired=paired)
    with _bar(games, made.describe(), progress) as advance:
        from dukec.balance.run import Counter

        run = api.play(made, how, Counter(advance))
    specs = set(how.policies)
    ratings = stored(None, made.tileset, made.game, how.budget, specs)
    decision = run.decision
    return BalanceResult(
        verdict=decision.outcome.value,
        words=verdict_words(run),
        elo=decision.elo,
        elo_ci95=decision.elo_interval,
        score=run.tally.evidence.mean,
        games=run.tally.games,
        pairs=run.tally.pairs.pairs if run.tally.paired else 0,
        seed=how.seed,
        policies=how.policies,
        line=verdict_line(run, ratings),
        run=run,
        ratings=ratings,
    )


def value(
    tile: str,
    tileset: Mapping[str, Any] | arguments.Sources = None,
    *,
    tiles: arguments.Sources = None,
    game: str | None = None,
    in_place_of: str = DEFAULT_IN_PLACE_OF,
    games: int = 1000,
    seed: int = 1,
    policy: str = DEFAULT_POLICY,
    budget: int = DEFAULT_BUDGET,
    ply_limit: int = DEFAULT_PLY_LIMIT,
    elo_margin: float = 30.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    elo_model: str = "logistic",
    workers: int | None = None,
    progress: bool = False,
) -> ValueResult:
    """What one copy of ``tile`` is worth in Elo, as ``dukec value TILE`` measures it: the
    army with one ``tile`` in place of one ``in_place_of`` (the Footman by default, worth +0 by
    definition) against the army as it is, in paired games (``games`` even), and whether it is
    worth more, less, the same within ``elo_margin``, or not yet told apart.

    ``tileset`` and ``tiles`` are read as ``--set`` and ``--with`` are; the rest are the
    command's options. Raises ``ValueError`` (or ``TypeError``) for an argument the command
    would refuse, :class:`~dukec.ExperimentError` for a tile that cannot be valued so (one the
    set does not have, the Duke), :class:`~dukec.compiler.CompileError` for sources with
    mistakes.

    >>> import dukec
    >>> worth = dukec.value("Footman")  # the tile whose place it takes: +0, no game played
    >>> worth.elo, worth.games, worth.verdict
    (0.0, 0, None)
    >>> print(worth)
    Footman is the tile whose place the others take: worth +0 a copy by definition
    """
    from dukec.insight.report import value_report, worth_line
    from dukec.tileset import merge_sources

    arguments.name(tile, "tile")
    games = arguments.games(games, 2)
    if games % 2:
        raise ValueError(f"games are played in pairs: give an even games (not {games})")
    how = _settings(games, seed, policy, None, budget, ply_limit, workers)
    how = _with(how, criteria=_criteria(elo_margin, alpha, beta, elo_model))
    extra = None if tiles is None else _tile_set(tiles).data
    data = merge_sources(_tile_set(tileset).data, extra)

    def measure(
        tileset: dict[str, Any],
        game: str | None,
        tile: str,
        settings: Any,
        old: str,
        kind: Any,
    ) -> Valuation:
        from dukec.balance.plans import is_reference
        from dukec.insight.value import measure

        if is_reference(tileset, tile, old):
            return measure(tileset, game, tile, settings, in_place_of=old)
        with _bar(settings.games, f"{settings.policy}: {tile}", progress) as advance:
            return measure(
                tileset, game, tile, settings, in_place_of=old, kind=kind, progress=advance
            )

    document, valuation = value_report(
        data,
        arguments.name(game, "game"),
        tile,
        how,
        in_place_of=arguments.name(in_place_of, "in_place_of") or DEFAULT_IN_PLACE_OF,
        measure_with=measure,
    )
    worth = valuation.worth
    played = 0 if valuation.result is None else valuation.result.tally.games
    decision = document["decision"]
    return ValueResult(
        tile=worth.tile,
        in_place_of=document["in_place_of"],
        elo=worth.elo,
        elo_ci95=worth.elo_ci95,
        verdict=None if decision is None else decision["outcome"],
        answer=document["answer"],
        games=played,
        pairs=worth.pairs,
        seed=how.seed,
        line=worth_line(document),
        document=document,
        valuation=valuation,
    )


# === Helpers ===


def _tile_set(tileset: Mapping[str, Any] | arguments.Sources) -> TileSet:
    """A tile set given as the library takes one: a dict (checked), or sources."""
    from dukec import api
    from dukec.library.tilesets import tileset_data

    if isinstance(tileset, Mapping):
        return api.TileSet(tileset_data(tileset))
    return api.open_tileset(arguments.sources(tileset, "tileset"))


def _settings(
    games: int,
    seed: int,
    policy: str,
    opponent_policy: str | None,
    budget: int,
    ply_limit: int,
    workers: int | None,
    **more: Any,
) -> Any:
    """The run settings, every number checked as the command checks it."""
    from dukec import api
    from dukec.players.policies import split_policy

    for name in (policy, opponent_policy):
        if name is not None:
            arguments.name(name, "policy")
            split_policy(name)
    stop = more.get("stop")
    if stop is not None and stop not in ("sprt", "width"):
        raise ValueError(f"stop is 'sprt', 'width' or None, not {stop!r}")
    width = more.get("width", 0.02)
    if not (isinstance(width, int | float) and 0.0 < width < 0.5):
        raise ValueError(f"width must be above 0 and below 0.5, not {width!r}")
    return api.settings(
        games,
        arguments.seed(seed),
        policy,
        opponent_policy,
        budget=arguments.budget(budget),
        ply_limit=arguments.whole("ply_limit", ply_limit, 1, MAX_PLY),
        workers=arguments.workers(workers),
        **more,
    )


def _criteria(margin: float, alpha: float, beta: float, model: str) -> Criteria:
    """What counts as fair: checked as ``--elo-margin``, ``--alpha``, ``--beta`` and
    ``--elo-model`` are."""
    import math

    from dukec.limits import MAX_ELO
    from dukec.stats.decision import Criteria
    from dukec.stats.stats import EloModel

    for name, number in (("elo_margin", margin), ("alpha", alpha), ("beta", beta)):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise TypeError(f"{name} must be a number, not {type(number).__name__}")
        if not math.isfinite(number):
            raise ValueError(f"{name} must be a finite number, not {number!r}")
    if not 0.0 < margin <= MAX_ELO:
        raise ValueError(f"elo_margin must be above 0 and at most {MAX_ELO}, not {margin:g}")
    try:
        elo_model = EloModel(model)
    except ValueError:
        names = ", ".join(repr(m.value) for m in EloModel)
        raise ValueError(f"elo_model is one of {names}, not {model!r}") from None
    return Criteria(float(margin), float(alpha), float(beta), model=elo_model)


def _with(how: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(how, **changes)


@contextmanager
def _bar(total: int, label: str, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """tqdm's bar (a widget in a notebook with ipywidgets, text elsewhere) when ``enabled``;
    yields the callback a run calls with the games played so far (None: no bar)."""
    if not enabled:
        yield None
        return
    import importlib
    import warnings

    try:
        with warnings.catch_warnings():
            # tqdm.auto warns where a notebook has no widgets (ipywidgets), then draws text.
            warnings.simplefilter("ignore")
            tqdm = importlib.import_module("tqdm.auto").tqdm
    except ImportError:
        raise ImportError(
            "progress=True shows tqdm's bar: pip install 'dukec[notebook]' (or tqdm)"
        ) from None
    with tqdm(total=total, desc=label, unit="game") as bar:

        def advance(done: int) -> None:
            bar.update(done - bar.n)

        yield advance
