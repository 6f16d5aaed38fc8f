"""The application layer: what the command line, the studio and the language server share.

- :class:`TileSet`, a validated tile set with typed accessors and where it came from, and
  :func:`open_tileset`, which reads one by the layering rule (:mod:`dukec.compiler.overlay`: a
  designer's folder of new tiles is read on top of the base set);
- :data:`DEFAULT_POLICY`, the one player every experiment uses unless told otherwise;
- :func:`experiment`, the one place an experiment is made and checked playable (a tile in
  place of another, one tile's worth, two sets' armies, self-play), :func:`settings`, the run
  settings with their defaults, and :func:`play`, which runs it.

Errors are the library's: ``CompileError`` for sources, ``ExperimentError`` (``UnknownName``
for a name the sets do not have) and ``ValueError`` for an experiment that cannot be played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dukec.players.policies import DEFAULT_POLICY
from dukec.players.search import DEFAULT_BUDGET

if TYPE_CHECKING:
    from dukec.arguments import PathLike, Sources
    from dukec.balance.experiments import Experiment
    from dukec.balance.run import Observer, RunResult, Settings
    from dukec.compiler.overlay import Layering
    from dukec.stats.decision import Criteria

__all__ = ["DEFAULT_POLICY", "TileSet", "experiment", "open_tileset", "play", "settings"]

#: Plies after which a game is an adjudicated draw.
DEFAULT_PLY_LIMIT = 300


@dataclass(frozen=True, slots=True)
class TileSet:
    """A validated tile set: its JSON data, how its sources were read, and its source files."""

    data: dict[str, Any]
    layering: Layering | None = None
    files: tuple[Path, ...] = ()
    added: tuple[str, ...] = ()
    """Read on top of the base set: the tiles the designer's sources define."""

    @property
    def tiles(self) -> tuple[Mapping[str, Any], ...]:
        """Every tile's data, in the set's order."""
        return tuple(self.data.get("tiles", []))

    @property
    def tile_names(self) -> tuple[str, ...]:
        """Every tile's name, in the set's order."""
        return tuple(tile["name"] for tile in self.data.get("tiles", []))

    @property
    def game_sets(self) -> tuple[str, ...]:
        """Every game set's name."""
        return tuple(entry["name"] for entry in self.data.get("sets", []))

    def game_set(self, name: str | None = None) -> Mapping[str, Any]:
        """The game set called ``name`` (default: base, or the only one); ExperimentError or
        UnknownName when there is none."""
        from dukec.tileset import find_set

        return find_set(self.data, name)

    def tile(self, name: str) -> Mapping[str, Any]:
        """The tile called ``name`` (any case); UnknownName with a suggestion when none."""
        from dukec.tileset import tile_name

        found = tile_name(self.data, name)
        return next(tile for tile in self.tiles if tile["name"] == found)

    @property
    def digest(self) -> str:
        """The tile set's hash, as reports and manifests name it."""
        from dukec.tileset import tileset_digest

        return tileset_digest(self.data)

    def summary(self) -> str:
        """How many tiles and sets, and what was laid on the base set."""
        tiles, sets = len(self.tile_names), len(self.game_sets)
        counts = f"{_count(tiles, 'tile')}, {_count(sets, 'set')}"
        if self.layering is None or self.layering.whole:
            return counts
        return f"{_count(len(self.added), 'tile')} on top of the base set ({counts})"


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def open_tileset(path: Sources = None) -> TileSet:
    """The tile set at ``path`` (a compiled .json file, .duke files or directories of them,
    each a ``str`` or ``os.PathLike``, or a list of them) by the layering rule; None: the base
    set. Raises CompileError on any mistake."""
    from dukec.arguments import sources
    from dukec.compiler.overlay import load_layered

    loaded = load_layered(sources(path, "path"))
    return TileSet(loaded.data, loaded.layering, loaded.files, loaded.added)


def tiles_of(path: PathLike) -> TileSet:
    """The tiles defined at ``path`` alone, as given (``--with``: tiles added to whatever set
    is played, not to the base set). Raises CompileError on any mistake."""
    from dukec.arguments import path as as_path
    from dukec.compiler import load_tileset

    return TileSet(load_tileset(as_path(path)))


# === Experiments ===


def experiment(
    tileset: TileSet,
    game: str | None = None,
    *,
    replace: tuple[str, str] | None = None,
    worth: tuple[str, str] | None = None,
    tiles: TileSet | None = None,
    against: TileSet | None = None,
    against_game: str | None = None,
) -> Experiment:
    """The experiment asked for, checked playable by the engine: every OLD made NEW
    (``replace=(old, new)``), one NEW in place of one OLD (``worth=(old, new)``, as `dukec
    value`), the set's army against ``against``'s, or else self-play. ``tiles`` holds tiles
    defined apart (``--with``), which win on a name clash."""
    from dukec.balance import experiments
    from dukec.balance.play import check_playable

    source = None if tiles is None else tiles.data
    if replace is not None:
        made = experiments.replace(tileset.data, game, replace[0], replace[1], source)
    elif worth is not None:
        from dukec.balance.plans import value_experiment
        from dukec.tileset import merge_sources

        made = value_experiment(merge_sources(tileset.data, source), game, worth[1], worth[0])
    elif against is not None:
        made = experiments.sets_against(tileset.data, game, against.data, against_game)
    else:
        made = experiments.self_play(tileset.data, game)
    check_playable(made.tileset, made.sets)
    return made


def settings(
    games: int,
    seed: int = 1,
    policy: str = DEFAULT_POLICY,
    opponent_policy: str | None = None,
    *,
    budget: int = DEFAULT_BUDGET,
    ply_limit: int = DEFAULT_PLY_LIMIT,
    workers: int | None = None,
    criteria: Criteria | None = None,
    **more: Any,
) -> Settings:
    """Run settings with every experiment's defaults: the default policy and budget, paired
    games, all cores unless ``workers`` says otherwise; ``more`` sets the rest of
    :class:`~dukec.balance.run.Settings` (stop, width, paired, backend, scheduler)."""
    from dukec.balance.run import Settings
    from dukec.balance.runner import default_workers
    from dukec.stats.decision import Criteria

    more.setdefault("paired", True)
    return Settings(
        games=games,
        seed=seed,
        policy=policy,
        opponent_policy=opponent_policy,
        ply_limit=ply_limit,
        budget=budget,
        workers=workers or default_workers(),
        criteria=criteria or Criteria(),
        **more,
    )


def play(
    made: Experiment, how: Settings, observer: Observer | None = None, resume: bool = False
) -> RunResult:
    """Play an experiment's games; the run's tally, decision and next step. With ``resume``,
    the games an earlier run of the same games kept are read back, not played again."""
    from dukec.balance.run import run

    return run(made, how, observer=observer, resume=resume)
