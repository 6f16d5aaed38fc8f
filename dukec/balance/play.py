"""Playing one balance game with the engine: a job in, a compact summary out.

The engine's rules tables are built once per worker process for each game set (keyed by the tile
set's digest), then every game of the run reuses them.
"""

from __future__ import annotations

from typing import Any

from dukec.balance.game import POLICIES, GameJob, GameSummary, Matchup, TileCounts
from dukec.engine import (
    ActionKind,
    Game,
    Phase,
    Player,
    Reason,
    Rules,
    RulesError,
    load_rules,
    make_player,
)

_RULES: dict[tuple[str, str], Rules] = {}


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


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of one seat's player: apart from the game's own (draw) seed and the other seat's."""
    return (game_seed << 2) | (seat + 1)


def make_policy(name: str, seed: int, budget: int) -> Player:
    """A player by policy name; ``budget`` bounds the search policy's nodes per move."""
    if name == "search":
        from dukec.balance.search import SearchPlayer

        return SearchPlayer(seed, budget)
    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})")
    return make_player(name, seed)


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


def play_game(job: GameJob) -> GameSummary:
    """Play the game ``job`` describes to its end or its ply limit."""
    matchup = job.matchup
    rules = rules_for(matchup, job.set_name)
    game = Game(rules, seed=job.seed, ply_limit=matchup.ply_limit)
    players = [
        make_policy(matchup.policy, player_seed(job.seed, seat), matchup.budget) for seat in (0, 1)
    ]
    log = EventLog(len(rules.types))
    log.track(game)
    winner: int | None = None
    reason: str
    while True:
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
    log.finish(game.ply)
    return GameSummary(
        job.index,
        winner,
        reason == str(Reason.PLY_LIMIT),
        game.ply,
        reason,
        log.tiles(rules),
    )
