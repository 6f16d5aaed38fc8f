"""Games against a bot: a person clicks on the board picture, a bot answers.

A game is the engine's `Game`; each action goes through the record's `describe`, so the
downloadable record is the one `dukec play --record` writes. With a new tile (a source and
``replace``), the game is the balance experiment's: the person's army has the new tile in
place of the old one, the bot's army is the set's own.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

from dukec.balance.experiments import AB_SET, BA_SET, replace
from dukec.engine import (
    DEFAULT_PLY_LIMIT,
    Game,
    NotationError,
    Player,
    Rules,
    RulesError,
    format_action,
    load_rules,
    parse_action,
)
from dukec.engine.actions import KIND_NAMES
from dukec.engine.record import ActionRecord, GameRecord, describe, record_lines
from dukec.players.policies import make_policy
from dukec.players.search import DEFAULT_BUDGET
from dukec.studio.api import Workspace, compiled, defined
from dukec.studio.request import ApiError, Body
from dukec.tileset import ExperimentError, find_set
from dukec.workbench.board import SQUARE, board_drawing, square_origin
from dukec.workbench.svg import to_inline_svg

#: Games kept at once; starting one more forgets the oldest.
KEPT = 20


class Session:
    """One game: the rules, the state, the person's seat, the bot, the actions so far, and
    what the game is in words (``title``: the game set's name by default)."""

    def __init__(
        self,
        session_id: str,
        rules: Rules,
        tileset: dict[str, Any],
        human: int,
        bot: str,
        seed: int,
        title: str = "",
        experiment: str = "",
    ) -> None:
        self.id = session_id
        self.title = title or rules.set_name
        self.experiment = experiment
        self.rules = rules
        self.tileset = tileset
        self.human = human
        self.bot_name = bot
        self.seed = seed
        self.game = Game(rules, seed=seed, ply_limit=DEFAULT_PLY_LIMIT)
        self.bot: Player = make_policy(bot, seed * 2 + (1 - human), DEFAULT_BUDGET)
        self.entries: list[ActionRecord] = []
        self.lock = threading.Lock()

    def act(self, text: str) -> ActionRecord:
        """The person's action, in notation; ApiError when it is not theirs to play or illegal."""
        with self.lock:
            self._playing(self.human, "it is the bot's turn: ask it to move")
            try:
                action = parse_action(self.game, text)
            except NotationError as error:
                raise ApiError(400, f"'action': {error}") from None
            return self._apply(action)

    def bot_move(self) -> ActionRecord:
        """The bot's next action; ApiError 409 when it is not the bot's turn."""
        with self.lock:
            self._playing(1 - self.human, "it is your turn, not the bot's")
            action = self.bot.choose(self.game)
            if action is None:
                raise ApiError(409, "the bot has no action to play")
            return self._apply(action)

    def _playing(self, seat: int, message: str) -> None:
        if self.game.result is not None:
            raise ApiError(409, "the game is over")
        if self.game.to_move != seat:
            raise ApiError(409, message)

    def _apply(self, action: Any) -> ActionRecord:
        entry = describe(self.game, tuple(action))
        self.entries.append(entry)
        return entry

    def record(self) -> GameRecord:
        """The game so far as a record; a game of a new tile holds its tile set and says which
        experiment it is, so that `dukec replay` reads it alone."""
        players = [self.bot_name, self.bot_name]
        players[self.human] = "human"
        game = self.game
        record = GameRecord(
            tileset_hash=self.rules.tileset_hash,
            set_name=self.rules.set_name,
            seed=self.seed,
            players=(players[0], players[1]),
            ply_limit=DEFAULT_PLY_LIMIT,
            actions=tuple(self.entries),
            result=game.result,
            plies=game.ply,
            scores=self.entries[-1].scores if self.entries else None,
        )
        if self.experiment:
            return record.named(self.experiment, self.tileset)
        return record

    def record_text(self) -> str:
        """The record as JSON Lines."""
        with self.lock:
            return "".join(line + "\n" for line in record_lines(self.record()))

    def state(self) -> dict[str, Any]:
        """The game for the page: the board picture, its squares, whose turn, the legal actions."""
        with self.lock:
            game = self.game
            drawing = board_drawing(game)
            name = game.rules.geometry.name
            result = game.result
            legal = []
            if result is None and game.to_move == self.human:
                for action in game.legal_actions():
                    kind, frm, to, by, _tile = action
                    legal.append(
                        {
                            "notation": format_action(game, action),
                            "kind": KIND_NAMES[kind],
                            "from": name(frm) if frm >= 0 else None,
                            "to": name(to) if to >= 0 else None,
                            "by": name(by) if by >= 0 else None,
                        }
                    )
            return {
                "id": self.id,
                "set": game.rules.set_name,
                "title": self.title,
                "seed": self.seed,
                "human": self.human,
                "bot": self.bot_name,
                "to_move": game.to_move,
                "ply": game.ply,
                "over": result is not None,
                "result": _result_text(game, self.human),
                "svg": to_inline_svg(drawing),
                "width": drawing.width,
                "height": drawing.height,
                "squares": [
                    {"name": name(square), "x": x, "y": y, "size": SQUARE}
                    for square in range(game.rules.geometry.size)
                    for x, y in [square_origin(game, square)]
                ],
                "log": [
                    {"player": entry.player, "notation": entry.notation, "drawn": entry.drawn}
                    for entry in self.entries
                ],
                "legal": legal,
            }


def _result_text(game: Game, human: int) -> str | None:
    result = game.result
    if result is None:
        return None
    if result.winner is None:
        return f"draw ({result.reason})"
    return f"{'you win' if result.winner == human else 'the bot wins'} ({result.reason})"


class Games:
    """The games of one server, by id."""

    def __init__(self) -> None:
        self._games: dict[str, Session] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def start(self, workspace: Workspace, body: Body) -> Session:
        """A new game: the set's, or with the source's tile in place of ``replace``'s OLD."""
        seat = body.integer("seat", 0, 0, 1)
        bot = body.policy("bot", "greedy")
        seed = body.integer("seed", 1, 0, 2**63 - 1)
        source = body.optional_text("source")
        replacement = None if body.data.get("replace") is None else body.replacement()
        tileset, set_name, title = _game_set(workspace, source, replacement, seat)
        experiment = title.removesuffix(" in your army") if replacement is not None else ""
        try:
            rules = load_rules(tileset, set_name)
        except RulesError as error:
            raise ApiError(422, f"the engine cannot play this game: {error}") from None
        with self._lock:
            session = Session(
                str(next(self._ids)), rules, tileset, seat, bot, seed, title, experiment
            )
            self._games[session.id] = session
            for key in list(self._games)[: max(0, len(self._games) - KEPT)]:
                del self._games[key]
        return session

    def get(self, session_id: str) -> Session:
        """The game called ``session_id``; ApiError 404 when there is none."""
        with self._lock:
            found = self._games.get(session_id)
        if found is None:
            raise ApiError(404, f"no game {session_id!r}")
        return found


def _game_set(
    workspace: Workspace, source: str | None, replacement: tuple[str, str] | None, seat: int
) -> tuple[dict[str, Any], str, str]:
    """The tile set and game set of a new game, and what the game is in words."""
    if replacement is None:
        try:
            name: str = find_set(workspace.tileset, workspace.game)["name"]
        except ExperimentError as error:
            raise ApiError(422, str(error)) from None
        return workspace.tileset, name, f"the {name} set"
    if source is None:
        raise ApiError(400, "'replace' needs 'source', the text that defines the new tile")
    old, new = replacement
    tiles = compiled(source, workspace)
    try:
        experiment = replace(workspace.tileset, workspace.game, old, defined(tiles, new), tiles)
    except ExperimentError as error:
        raise ApiError(422, str(error)) from None
    assert experiment.replaced is not None
    old, new = experiment.replaced
    # Army A (with the new tile) sits first in one game set and second in the other.
    title = f"{new} in place of {old} in your army"
    return experiment.tileset, AB_SET if seat == 0 else BA_SET, title
