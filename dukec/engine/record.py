"""Game records: playing a game to a record, writing and reading it (JSON Lines), replaying it.

A record file has one JSON object per line: a header (format, tile set hash, game set, seed,
players, ply limit; and, for a game of tiles that do not ship with dukec, the experiment in
words and the tile set itself, so that the record replays on its own), one line per action (set-
up placements, draws and placements included), and a last line with the result. Every action
line carries what per-tile statistics need: the tile that acted, the tile a command moved, the
squares, the captured tile and the drawn tile.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from dukec.atomic import write_text_atomic
from dukec.engine import record_fields
from dukec.engine.actions import (
    COMMAND,
    DRAW,
    KIND_NAMES,
    PLACE,
    ActionTuple,
    Phase,
    Reason,
    Result,
)
from dukec.engine.facade import Action
from dukec.engine.feature import Scene
from dukec.engine.game import Game
from dukec.engine.notation import NotationError, format_action, parse_action
from dukec.engine.players import Player
from dukec.engine.rules import Rules
from dukec.jsontext import JsonTextError, parse_json
from dukec.textfile import TextFileError, read_utf8

RECORD_FORMAT = "duke-game/1"
# The fields of an action line that replay checks against the re-played action, in the order
# it reports them, with the name the line gives each.
_CHECKED = (
    ("ply", "ply"),
    ("kind", "kind"),
    ("frm", "from"),
    ("to", "to"),
    ("by", "by"),
    ("tile", "tile"),
    ("moved", "moved"),
    ("guard", "guard"),
    ("notation", "notation"),
    ("scores", "scores"),
)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the first bad line or ply."""


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One action as played: who, what, where, and what it captured or drew."""

    ply: int
    player: int
    kind: str
    notation: str
    tile: str | None = None
    moved: str | None = None
    frm: str | None = None
    to: str | None = None
    by: str | None = None
    captured: str | None = None
    drawn: str | None = None
    guard: bool = False
    # Expanded play: what happened besides the action (roaming tile, sacrifices, points), the
    # scores after it when the game set scores.
    events: tuple[str, ...] = ()
    scores: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: enough to replay it exactly and to count per-tile statistics."""

    tileset_hash: str
    set_name: str
    seed: int
    players: tuple[str, str]
    ply_limit: int | None
    actions: tuple[ActionRecord, ...]
    result: Result | None
    plies: int = field(default=0)
    scores: tuple[int, int] | None = None
    # Where a record read from a file came from: its path and the line of each action and of
    # the result, for errors that point at the line.
    source: str = field(default="", compare=False, repr=False)
    action_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    end_line: int = field(default=0, compare=False, repr=False)
    title: str = ""
    """The game in words, when it is an experiment's ("NEW in place of OLD")."""
    tileset: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """The tile set the game was played with, embedded (a set that does not ship with dukec)."""

    def named(self, title: str, tileset: dict[str, Any] | None) -> GameRecord:
        """This record with its experiment in words and its tile set embedded."""
        return replace(self, title=title, tileset=tileset)


def describe(game: Game, action: ActionTuple) -> ActionRecord:
    """Apply ``action`` to ``game`` and return its record entry."""
    kind, frm, to, by, _tile = action
    rules = game.rules
    names = rules.types
    square = rules.geometry.name
    player = game.to_move
    ply = game.ply
    notation = format_action(game, action)
    tile = moved = captured = drawn = None
    writer = game.registry.writers.get(kind) if game.features and kind > PLACE else None
    if kind == PLACE:
        tile = names[_tile if _tile >= 0 else game.placement_tile()].name
    elif kind <= COMMAND:
        actor = game.board[by if kind == COMMAND else frm]
        tile = names[actor >> 2].name
        if kind == COMMAND:
            moved = names[game.board[frm] >> 2].name
        target = game.board[to] if to >= 0 else -1
        if target >= 0 and (target & 1) != player:
            captured = names[target >> 2].name
    elif writer is not None:
        named, lost = writer.recorded(Scene(game), action)
        tile = names[named].name if named >= 0 else None
        captured = names[lost].name if lost >= 0 else None
    game.apply(action)
    if kind == DRAW:
        drawn = names[game.drawn].name
    events = tuple(game.last_events)
    scores = None
    if game.keeps_scores():
        scores = (game.scores[0], game.scores[1])
    draws = kind == DRAW or (game.features and game.registry.draws[kind])
    guard = not draws and game.phase is not Phase.CHOOSE and game.in_guard(player ^ 1)
    return ActionRecord(
        ply=ply,
        player=player,
        kind=KIND_NAMES[kind],
        notation=notation + ("+" if guard else ""),
        tile=tile,
        moved=moved,
        frm=square(frm) if frm >= 0 else None,
        to=square(to) if to >= 0 else None,
        by=square(by) if by >= 0 else None,
        captured=captured,
        drawn=drawn,
        guard=guard,
        events=events,
        scores=scores,
    )


def play_game(
    rules: Rules,
    first: Player,
    second: Player,
    seed: int = 0,
    ply_limit: int | None = 1000,
    on_action: Callable[[Game, ActionRecord], None] | None = None,
) -> GameRecord:
    """Play a whole game, set-up included, and return its record.

    A player that returns no action (a person quitting) loses; the reason is ``resigned``.
    """
    game = Game(rules, seed=seed, ply_limit=ply_limit)
    players = (first, second)
    actions: list[ActionRecord] = []
    result = game.result
    while result is None:
        choice = players[game.to_move].choose(game)
        if choice is None:
            result = Result(game.to_move ^ 1, Reason.RESIGNED)
            break
        entry = describe(game, choice)
        actions.append(entry)
        if on_action is not None:
            on_action(game, entry)
        result = game.result
    return GameRecord(
        tileset_hash=rules.tileset_hash,
        set_name=rules.set_name,
        seed=seed,
        players=(first.name, second.name),
        ply_limit=ply_limit,
        actions=tuple(actions),
        result=result,
        plies=game.ply,
        scores=actions[-1].scores if actions else None,
    )


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"winner": result.winner, "reason": str(result.reason)}


def record_lines(record: GameRecord) -> Iterable[str]:
    """The record as JSON Lines (without line ends)."""
    header = {
        "format": RECORD_FORMAT,
        "tileset_hash": record.tileset_hash,
        "set": record.set_name,
        "seed": record.seed,
        "players": list(record.players),
        "ply_limit": record.ply_limit,
    }
    if record.title:
        header["title"] = record.title
    if record.tileset is not None:
        header["tileset"] = record.tileset
    # An embedded tile set is long: written compactly, it keeps the header one readable line.
    yield json.dumps(header, separators=(",", ":") if record.tileset else None)
    for entry in record.actions:
        data = {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in asdict(entry).items()
            if v is not None and v is not False and v != ()
        }
        if "frm" in data:
            data["from"] = data.pop("frm")
        yield json.dumps(data)
    end: dict[str, Any] = {"result": _result_json(record.result), "plies": record.plies}
    if record.scores is not None:
        end["scores"] = list(record.scores)
    yield json.dumps(end)


def write_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a record file atomically (temporary file, then rename); ``path`` a ``str`` or
    ``os.PathLike``."""
    write_text_atomic(Path(path), "".join(line + "\n" for line in record_lines(record)))


def parse_record(text: str, source: str = "<record>") -> GameRecord:
    """Read a record from JSON Lines text; RecordError naming the line on a bad one: a line
    that is no JSON object or repeats a key, a field unknown, missing or of the wrong type
    (:mod:`dukec.engine.record_fields`), a header without its two players, a record without
    its result line."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise RecordError(f"{source}: error: empty record")
    parsed: list[tuple[int, dict[str, Any]]] = []
    for number, line in lines:
        try:
            value = parse_json(line)
        except JsonTextError as error:
            raise RecordError(
                f"{source}:{number}:{error.column}: error: not JSON: {error.message}"
            ) from None
        if not isinstance(value, dict):
            raise RecordError(f"{source}:{number}: error: expected a JSON object")
        parsed.append((number, value))
    number, header = parsed[0]
    if header.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"{source}:{number}: error: not a game record (expected format "
            f"{RECORD_FORMAT!r} on the first line)"
        )
    end_line, end = parsed[-1]
    if len(parsed) < 2 or "result" not in end:
        raise RecordError(
            f"{source}:{end_line}: error: the record ends without its result line (a record "
            'ends with {"result": ..., "plies": ...}, as dukec play writes it)'
        )
    body = parsed[1:-1]
    for where, data, fields, line in (
        (number, header, record_fields.HEADER, "the header"),
        *((n, data, record_fields.ACTION, "an action line") for n, data in body),
        (end_line, end, record_fields.END, "the result line"),
    ):
        try:
            record_fields.check(data, fields, line)
        except record_fields.FieldError as error:
            raise RecordError(f"{source}:{where}: error: {error}") from None
    result = None
    if end["result"] is not None:
        result = Result(end["result"]["winner"], Reason(end["result"]["reason"]))
    actions = tuple(
        ActionRecord(
            ply=data.get("ply", 0),
            player=data.get("player", 0),
            kind=data["kind"],
            notation=data["notation"],
            tile=data.get("tile"),
            moved=data.get("moved"),
            frm=data.get("from"),
            to=data.get("to"),
            by=data.get("by"),
            captured=data.get("captured"),
            drawn=data.get("drawn"),
            guard=data.get("guard", False),
            events=tuple(data.get("events", [])),
            scores=_pair(data.get("scores")),
        )
        for _number, data in body
    )
    players = header["players"]
    return GameRecord(
        tileset_hash=header["tileset_hash"],
        set_name=header["set"],
        seed=header["seed"],
        players=(players[0], players[1]),
        ply_limit=header.get("ply_limit"),
        actions=actions,
        result=result,
        plies=end["plies"],
        scores=_pair(end.get("scores")),
        source=source,
        action_lines=tuple(number for number, _data in body),
        end_line=end_line,
        title=header.get("title", ""),
        tileset=header.get("tileset"),
    )


def _pair(scores: list[int] | None) -> tuple[int, int] | None:
    return None if scores is None else (scores[0], scores[1])


def read_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file; ``path`` a ``str`` or ``os.PathLike``."""
    path = Path(path)
    try:
        text = read_utf8(path, "a record is JSON Lines written by `dukec play --record`")
    except TextFileError as error:
        raise RecordError(str(error)) from None
    return parse_record(text, str(path))


def replay(
    rules: Rules,
    record: GameRecord,
    check_hash: bool = True,
    on_action: Callable[[Game], None] | None = None,
) -> Game:
    """Re-play a record under ``rules``, checking every action; RecordError at the first bad one.

    The record's recorded result, if any, must match the result the replay reaches.
    ``on_action`` sees the game after each action, once the action is checked.
    """
    if check_hash and record.tileset_hash != rules.tileset_hash:
        raise RecordError(
            f"the record was played with tile set {record.tileset_hash}, "
            f"but the tile set given is {rules.tileset_hash}: give the tile set it was played "
            f"with (--set FILE), or replay it anyway with --no-hash-check"
        )
    if record.set_name != rules.set_name:
        raise RecordError(
            f"the record is a {record.set_name!r} game, the rules are {rules.set_name!r}"
        )
    game = Game(rules, seed=record.seed, ply_limit=record.ply_limit)
    for number, entry in enumerate(record.actions, 1):
        where = f"action {number} (ply {game.ply}, {entry.notation!r})"
        if record.source and number <= len(record.action_lines):
            where = f"{record.source}:{record.action_lines[number - 1]}: error: {where}"
        if game.result is not None:
            raise RecordError(f"{where}: the game was already over ({game.result.reason})")
        try:
            action: Action = parse_action(game, entry.notation)
        except NotationError as error:
            raise RecordError(f"{where}: {error}") from None
        if entry.player != game.to_move:
            raise RecordError(
                f"{where}: recorded for player {entry.player}, but player {game.to_move} is to move"
            )
        played = describe(game, action)
        if played.drawn != entry.drawn and entry.kind == "draw":
            raise RecordError(
                f"{where}: the draw gives {played.drawn}, the record says {entry.drawn}"
            )
        if played.captured != entry.captured:
            raise RecordError(
                f"{where}: captures {played.captured}, the record says {entry.captured}"
            )
        if played.events != entry.events:
            raise RecordError(
                f"{where}: {'; '.join(played.events) or 'nothing else happens'}, "
                f"the record says {'; '.join(entry.events) or 'nothing else'}"
            )
        for name, shown in _CHECKED:
            expected, found = getattr(played, name), getattr(entry, name)
            if expected != found:
                raise RecordError(
                    f"{where}: {shown} is {_shown(found)} in the record, but the re-played "
                    f"action gives {_shown(expected)}"
                )
        if on_action is not None:
            on_action(game)
    end = f"{record.source}:{record.end_line}: error: " if record.end_line else ""
    resigned = record.result is not None and record.result.reason is Reason.RESIGNED
    if resigned and game.result is not None:
        raise RecordError(
            f"{end}the record says a player resigned, but the game was already over "
            f"({game.result.reason})"
        )
    if record.result is not None and game.result != record.result and not resigned:
        raise RecordError(
            f"{end}the replay ends with {_result_json(game.result)}, "
            f"the record says {_result_json(record.result)}"
        )
    if record.end_line and record.plies != game.ply:
        raise RecordError(f"{end}the record says {record.plies} plies, the replay has {game.ply}")
    scores = (game.scores[0], game.scores[1]) if game.keeps_scores() else None
    if record.end_line and record.scores != scores:
        raise RecordError(
            f"{end}the record says scores {_shown(record.scores)}, the replay has {_shown(scores)}"
        )
    return game


def _shown(value: object) -> str:
    """A field's value as a record line writes it."""
    if value is None:
        return "absent"
    if isinstance(value, tuple):
        value = list(value)
    return json.dumps(value)
