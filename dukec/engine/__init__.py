"""The generic game engine: plays The Duke from a compiled JSON tile set alone.

The engine reads the tile set dict (the compiler's output) and nothing else; it knows no tile
by name. The public API, kept stable for the tools built on it:

Rules (immutable, built once)
    ``load_rules(tileset: dict, set_name: str | None = None) -> Rules`` (default set ``base``);
    ``Rules.types`` (``TileType``: ``name``, ``count``, ``acts_as_duke``, ``sides``, ``value``),
    ``Rules.geometry`` (``name(square) -> "c1"``, ``parse("c1") -> int | None``),
    ``Rules.type_named(name) -> int``, ``Rules.tileset_hash``; ``RulesError``. Rules pickle
    as the tile set's canonical JSON and the game set's name, made again once per process.

Game state (mutable, changed in place)
    ``Game(rules, seed=0, ply_limit=None, setup=True)``: set-up is played as actions.
    In python-chess's words: ``legal_actions()``, ``push(action)`` (``IllegalActionError`` if
    it is not legal), ``push_notation(text)``, ``pop() -> Action``, ``peek()``, ``copy()``,
    ``is_game_over()``, ``outcome() -> Result | None``, ``parse_action(text)``,
    ``notation(action)``; ``str(game)``: the board as text; ``repr(game)``: one line. A game
    pickles as its rules, the position it began at and the actions played since.
    For search (no legality test, the compact form): ``apply(action)``, ``undo() -> action``,
    ``is_legal(action)``, ``result -> Result | None`` (``winner``: 0, 1 or None for the
    ply-limit draw; ``reason``: ``Reason``), ``ply`` (turns of play), ``to_move``, ``phase``,
    ``in_guard()``, ``tile_at(square)``, ``bags``, ``captured``, ``draw_outcomes()``,
    ``random_action(rng)``, ``play_random(rng) -> bool``.
    ``Action(kind, frm=-1, to=-1, by=-1, tile=-1)`` with ``ActionKind`` MOVE, STRIKE, COMMAND,
    DRAW (``tile`` >= 0 forces the outcome, for search), PLACE; an action the game handed out
    prints in notation (``Action('b1-b3')``, ``str``: ``b1-b3``), and equals its plain tuple.

Game sets with features (``dukec.engine.turn``, one module per feature, and their registry,
``dukec.engine.features``)
    The same ``Game`` plays a game set with rule features: tiles besides the troops,
    objective rules, tiles with more icons or abilities (``rules.expanded`` is set;
    ``Rules.with_expanded()`` forces it). The features' action kinds, phases and ways to win
    are members of ``ActionKind``, ``Phase`` and ``Reason`` too; each feature keeps its state
    on the game (``dukec.engine.parts`` says which) and names the types of it that are this
    package's (``features.PUBLIC``). Besides: ``scores``, ``taken``, ``boxed``, ``pending``,
    ``last_events``. ``state_key()`` compares any two states exactly. ``ExpandedGame`` is
    another name for ``Game``.

Notation and positions
    ``format_action(game, action) -> str``, ``parse_action(game, text) -> Action``
    (``NotationError``); ``position_from_json(rules, data, seed=0) -> Game``,
    ``position_to_json(game) -> dict`` (``PositionError``): a position in any phase of any game
    set; ``position_from_text(rules, text, seed=0) -> Game`` and ``position_to_text(game) ->
    str``: the same position as one line of text (:mod:`dukec.engine.position_text`).

Players, games, records
    ``Player`` protocol (``name``, ``choose(game) -> Action | None``); ``RandomPlayer(seed)``,
    ``GreedyPlayer(seed)``, ``HumanPlayer(ask, tell)``, ``make_player(kind, seed)``.
    ``play_game(rules, first, second, seed=0, ply_limit=1000, on_action=None) -> GameRecord``
    (``actions``: ``ActionRecord`` with ``tile``, ``moved``, ``frm``, ``to``, ``by``,
    ``captured``, ``drawn``, ``guard``); ``write_record(record, path)``,
    ``read_record(path) -> GameRecord``, ``replay(rules, record) -> Game`` (``RecordError``).

Pictures
    The engine draws nothing. In a notebook, ``import dukec`` has the workbench tell IPython's
    display how to draw a ``Game`` (the board, last action and Guard marked) and a ``TileType``
    (its card); elsewhere ``dukec.workbench.board.board_svg(game)`` gives the SVG.

Counting and timing
    ``perft(game, depth) -> int``, ``perft_divide(game, depth) -> list[(str, int)]``,
    ``bench(rules, games=200, seed=0, ply_limit=1000, rounds=1) -> BenchResult`` (CPU time, the
    best of ``rounds``), ``bench_against(rules, other, ..., rounds=3) -> (BenchResult,
    BenchResult)`` (two game sets' rounds in turn, to compare their speeds).
"""

from typing import Any

from dukec.engine.bench import DEFAULT_PLY_LIMIT, BenchResult, bench, bench_against
from dukec.engine.facade import IllegalActionError
from dukec.engine.features import PUBLIC as _FEATURES_PUBLIC
from dukec.engine.game import Action, ActionKind, Game, Phase, Reason, Result
from dukec.engine.notation import NotationError, format_action, parse_action
from dukec.engine.perft import perft, perft_divide
from dukec.engine.players import (
    PLAYER_KINDS,
    GreedyPlayer,
    HumanPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from dukec.engine.position import PositionError, position_from_json, position_to_json
from dukec.engine.position_text import position_from_text, position_to_text
from dukec.engine.record import (
    ActionRecord,
    GameRecord,
    RecordError,
    parse_record,
    play_game,
    read_record,
    replay,
    write_record,
)
from dukec.engine.rules import Rules, RulesError, TileType, load_rules, tileset_hash

ExpandedGame = Game
"""The game of a game set with features is the one :class:`Game`."""

__all__ = [
    "DEFAULT_PLY_LIMIT",
    "PLAYER_KINDS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "BenchResult",
    "ExpandedGame",
    "Game",
    "GameRecord",
    "GreedyPlayer",
    "HumanPlayer",
    "IllegalActionError",
    "NotationError",
    "Phase",
    "Player",
    "PositionError",
    "RandomPlayer",
    "Reason",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "TileType",
    "bench",
    "bench_against",
    "format_action",
    "load_rules",
    "make_player",
    "parse_action",
    "parse_record",
    "perft",
    "perft_divide",
    "play_game",
    "position_from_json",
    "position_from_text",
    "position_to_json",
    "position_to_text",
    "read_record",
    "replay",
    "tileset_hash",
    "write_record",
]

__all__ += sorted(_FEATURES_PUBLIC)


def __getattr__(name: str) -> Any:
    """A rule feature's type that is a name of the package (:data:`~dukec.engine.features.PUBLIC`:
    the registry names them, not this module)."""
    try:
        return _FEATURES_PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    """The public names (``__all__``), not the submodules nor what they import."""
    return sorted(__all__)
