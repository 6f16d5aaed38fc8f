"""Playing one balance game with the engine: a job in, a compact summary out.

The engine's rules tables are built once per worker process for each game set (keyed by the tile
set's digest), then every game of the run reuses them. A run that is asked to stop (a cancelled
studio run, a run that has decided) stops its games between two moves, not after the game: see
`stop_when`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from dukec.balance.game import GameJob, GameSummary, Matchup, TileCounts
from dukec.engine import ActionKind, Game, Phase, Reason, Rules, RulesError, load_rules
from dukec.players.policies import make_policy, player_seed

_RULES: dict[tuple[str, str], Rules] = {}

#: Whether the games this thread plays are to stop; None (the default) plays them out.
_STOP: ContextVar[Callable[[], bool] | None] = ContextVar("dukec_balance_stop", default=None)


class Stopped(Exception):
    """A game given up between two moves because its run was asked to stop."""


def stop_when(asked: Callable[[], bool] | None) -> None:
    """From now on, the games this thread plays raise `Stopped` before a move once ``asked()``
    is true (None: they play to their end, as in each new thread). Called in a run's own
    thread, or in a worker process's initializer."""
    _STOP.set(asked)


def rules_for(matchup: Matchup, set_name: str) -> Rules:
    """The engine's rules for one of the matchup's game sets, built once per process."""
    key = (matchup.digest, set_name)
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) > 16:
            _RULES.clear()
        rules = _RULES[key] = load_rules(matchup.tileset, set_name)
    return rules


def check_playable(tileset: dict[str, Any], sets: tuple[str, str]) -> None:
    """Raise ValueError with the engine's reason if it cannot play one of the game sets."""
    for name in dict.fromkeys(sets):
        try:
            load_rules(tileset, name)
        except RulesError as error:
            raise ValueError(f"the engine cannot play this experiment: {error}") from None


class EventLog:
    """Per seat and tile type: entered, drawn, moves, captures, captured, plies on the board."""

    ENTERED, DRAWN, MOVES, CAPTURES, CAPTURED, PLIES = range(6)

    def __init__(self, types: int) -> None:
        self.counts = [[[0] * 6 for _ in range(types)] for _ in range(2)]
        # square -> (owner, tile type, ply it came onto the board)
        self.on_board: dict[int, tuple[int, int, int]] = {}

    def track(self, game: Game) -> None:
        """Count the tiles already on the board (a game that starts from a position)."""
        for square in range(game.rules.geometry.size):
            found = game.tile_at(square)
            if found is not None and square not in self.on_board:
                tile, _side, owner = found
                self.counts[owner][tile][self.ENTERED] += 1
                self.on_board[square] = (owner, tile, game.ply)

    def _lose(self, square: int, ply: int) -> None:
        owner, tile, since = self.on_board.pop(square)
        row = self.counts[owner][tile]
        row[self.CAPTURED] += 1
        row[self.PLIES] += ply - since

    def before(self, game: Game, action: tuple[int, int, int, int, int]) -> None:
        """Record what ``action`` will do (call before applying it).

        A command counts as an action of the commanding tile, which is credited with any capture.
        """
        kind, frm, to, by, tile = action
        me = game.to_move
        ply = game.ply
        counts = self.counts[me]
        if kind == ActionKind.DRAW:
            return
        if kind == ActionKind.PLACE:
            row = counts[tile]
            row[self.ENTERED] += 1
            if game.phase is Phase.PLACING:
                row[self.DRAWN] += 1
            self.on_board[to] = (me, tile, ply)
            return
        actor = game.tile_at(by if kind == ActionKind.COMMAND else frm)
        assert actor is not None
        counts[actor[0]][self.MOVES] += 1
        if game.tile_at(to) is not None:
            counts[actor[0]][self.CAPTURES] += 1
            self._lose(to, ply)
        if kind != ActionKind.STRIKE:
            self.on_board[to] = self.on_board.pop(frm)

    def after(self, game: Game) -> None:
        """Nothing to count after an action: ``before`` already knew what it does."""

    def finish(self, ply: int) -> None:
        """Count the plies of the tiles still on the board when the game ended."""
        for owner, tile, since in self.on_board.values():
            self.counts[owner][tile][self.PLIES] += ply - since
        self.on_board.clear()

    def tiles(self, rules: Rules) -> tuple[dict[str, TileCounts], dict[str, TileCounts]]:
        """The counts by tile name, leaving out tile types that never appeared."""
        seats: list[dict[str, TileCounts]] = []
        for owner in (0, 1):
            seats.append(
                {
                    rules.types[index].name: TileCounts(*row)
                    for index, row in enumerate(self.counts[owner])
                    if any(row)
                }
            )
        return seats[0], seats[1]


# Expanded play: kinds whose action belongs to one tile, and which field of the action names
# its square (1: frm, 3: by).
_ACTOR: dict[int, int] = {
    ActionKind.MOVE: 1,
    ActionKind.STRIKE: 1,
    ActionKind.COMMAND: 3,
    ActionKind.FLAG_PASS: 1,
    ActionKind.SUMMON: 1,
    ActionKind.DIVINE: 1,
    ActionKind.ESCAPE: 1,
}
# Kinds that take the tile on ``frm`` to ``to``.
_MOVING: frozenset[int] = frozenset(
    (ActionKind.MOVE, ActionKind.COMMAND, ActionKind.SUMMON, ActionKind.ESCAPE)
)
# Kinds whose acting tile captures an opponent's tile standing on ``to``.
_TAKING: frozenset[int] = frozenset(
    (ActionKind.MOVE, ActionKind.STRIKE, ActionKind.COMMAND, ActionKind.ESCAPE)
)


class BoardLog(EventLog):
    """The event log of expanded play, counted from the board before and after each action.

    Besides moves, strikes and commands, expanded actions pass banners, summon, divine, escape
    and ransom, and the roaming tile, terrain and sacrifices take tiles between turns; so rather
    than follow each rule, compare the board (square -> owner and tile type) around each action.
    A tile that left a square and stands elsewhere, same owner and type, moved and keeps its
    entry ply; one gone for good was captured; a new one entered (drawn when placed after a draw
    or a divination). The tile an action names is credited with the action and with capturing
    the opponent's tile on its target square; other captures have no capturer.
    """

    def __init__(self, types: int, size: int) -> None:
        super().__init__(types)
        # What each square held after the last action: tile code with the side bit set, or -1.
        self.keys = [-1] * size
        self._drawn = False
        self._ply = 0
        self._action: tuple[int, int, int, int, int] = (-1, -1, -1, -1, -1)

    def track(self, game: Game) -> None:
        """Count the tiles already on the board and remember the board."""
        self.keys = [code | 2 if code >= 0 else -1 for code in game.board]
        for square, key in enumerate(self.keys):
            if key >= 0 and square not in self.on_board:
                self.counts[key & 1][key >> 2][self.ENTERED] += 1
                self.on_board[square] = (key & 1, key >> 2, game.ply)

    def before(self, game: Game, action: tuple[int, int, int, int, int]) -> None:
        """Note what the board diff cannot tell: the action, its ply, whether it places a draw."""
        self._action = tuple(action)  # type: ignore[assignment]
        self._ply = game.ply
        self._drawn = action[0] == ActionKind.PLACE and game.phase is Phase.PLACING

    def after(self, game: Game) -> None:
        """Count what the action just applied did to the board."""
        kind, frm, to, _by, _tile = self._action
        ply = self._ply
        prev = self.keys
        cur = [code | 2 if code >= 0 else -1 for code in game.board]
        self.keys = cur
        on_board = self.on_board
        gone: dict[int, tuple[int, int, int]] = {}
        new: list[int] = []
        for square, (was, now) in enumerate(zip(prev, cur, strict=True)):
            if was != now:
                if was >= 0:
                    gone[square] = on_board.pop(square)
                if now >= 0:
                    new.append(square)
        actor = _ACTOR.get(kind)
        if actor is not None:
            key = prev[self._action[actor]]
            if key >= 0:
                row = self.counts[key & 1][key >> 2]
                row[self.MOVES] += 1
                target = prev[to] if to >= 0 else -1
                if kind in _TAKING and target >= 0 and target & 1 != key & 1:
                    row[self.CAPTURES] += 1
        if kind in _MOVING and frm in gone and frm != to and cur[to] == prev[frm]:
            # The named tile went from frm to to (over whatever stood there, if anything).
            if to in new:
                new.remove(to)
            elif to in on_board:
                gone[to] = on_board.pop(to)
            on_board[to] = gone.pop(frm)
        for square in list(new):
            # Anything else that changed square without changing owner or type moved.
            for left, entry in gone.items():
                if prev[left] == cur[square]:
                    on_board[square] = entry
                    del gone[left]
                    new.remove(square)
                    break
        for owner, tile, since in gone.values():
            row = self.counts[owner][tile]
            row[self.CAPTURED] += 1
            row[self.PLIES] += ply - since
        for square in new:
            key = cur[square]
            owner, tile = key & 1, key >> 2
            row = self.counts[owner][tile]
            row[self.ENTERED] += 1
            row[self.DRAWN] += self._drawn
            on_board[square] = (owner, tile, ply)


def play_game(job: GameJob) -> GameSummary:
    """Play the game ``job`` describes to its end or its ply limit."""
    return play_out(job)[0]


def play_out(job: GameJob) -> tuple[GameSummary, Game]:
    """Play the game ``job`` describes; its summary and the game as it ended."""
    matchup = job.matchup
    rules = rules_for(matchup, job.set_name)
    game = Game(rules, seed=job.seed, ply_limit=matchup.ply_limit)
    players = [
        make_policy(job.policy(seat), player_seed(job.seed, seat), matchup.budget)
        for seat in (0, 1)
    ]
    winner: int | None = None
    reason: str
    log = (
        BoardLog(len(rules.types), rules.geometry.size)
        if rules.expanded is not None
        else EventLog(len(rules.types))
    )
    log.track(game)
    stop = _STOP.get()
    while True:
        if stop is not None and stop():
            raise Stopped
        result = game.result
        if result is not None:
            winner, reason = result.winner, str(result.reason)
            break
        action = players[game.to_move].choose(game)
        if action is None:  # a player that gives up loses
            winner, reason = game.to_move ^ 1, str(Reason.RESIGNED)
            break
        log.before(game, action)
        game.apply(action)
        log.after(game)
    log.finish(game.ply)
    summary = GameSummary(
        job.index,
        winner,
        reason == str(Reason.PLY_LIMIT),
        game.ply,
        reason,
        log.tiles(rules),
        rules.first_turn,
    )
    return summary, game
