"""Positions as one line of text (DPN, the Duke position notation): the JSON position
(``schemas/position.schema.json``) written the way FEN writes a chess position.

A line holds fields separated by spaces::

    base ...-Duke./....../..+Name'.../....../....../..+Duke... 1 Name,Other*3/- ply=1

1. the game set's name (optional: a position read without one is the game set asked for);
2. the board, from the last rank down to rank 1, ranks separated by ``/``, each square from
   file a: ``.`` empty, ``+Name`` a tile of the first player, ``-Name`` of the second, with
   ``'`` after it when the tile shows its back side;
3. the player to move, ``0`` or ``1``;
4. the bags, the first player's then the second's, separated by ``/``: tile names separated
   by commas, ``Name*3`` for three of them in a row, ``-`` for an empty bag (the field ``-``
   alone: the position gives no bags);
5. then every other field of the JSON position in its order, as ``name=value``: the ply, the
   drawn tile, the phase and whatever state each rule feature writes. A value is written as
   JSON is, without spaces, and with bare words where a string is a name or a square
   (``drawn=Name``, ``scores=[2,0]``, ``result={winner:0,reason:"duke captured"}``).

The fields after the bags are written from the JSON position alone, so a feature's state comes
along however the feature writes it (the position modules name no feature, and neither does
this one). :func:`position_text` and :func:`read_position_text` round-trip exactly with the JSON
that :func:`dukec.engine.position.position_to_json` writes; a malformed line is a
:class:`~dukec.engine.position_problems.PositionError` naming the column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dukec.engine.board import FILE_LETTERS
from dukec.engine.game import Game
from dukec.engine.position import position_from_json, position_to_json
from dukec.engine.position_problems import PositionError
from dukec.engine.rules import Rules

#: The fields every position text has, in its order (the set name aside).
CORE = ("board", "to_move", "bags")
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_SET = re.compile(r"[a-z][a-z0-9-]*")
_KEYWORDS = {"true": True, "false": False, "null": None}
_SIDES = ("front", "back")
_OWNERS = "+-"


@dataclass(frozen=True, slots=True)
class PositionText:
    """A position text read: its game set's name (None if it gives none), the JSON position,
    and the board's files and ranks."""

    set_name: str | None
    data: dict[str, Any]
    files: int
    ranks: int


def position_to_text(game: Game) -> str:
    """The position of ``game`` as one line of text, its game set's name first."""
    geometry = game.rules.geometry
    data = position_to_json(game)
    return position_text(data, geometry.files, geometry.ranks, game.rules.set_name)


def position_from_text(
    rules: Rules, text: str, seed: int = 0, ply_limit: int | None = None
) -> Game:
    """A game in the position a text gives (read as :func:`position_from_json` reads its JSON);
    PositionError if the text is malformed, names another game set, has another board's size,
    or is not a position of these rules."""
    read = read_position_text(text)
    check_fits(read, rules)
    return position_from_json(rules, read.data, seed=seed, ply_limit=ply_limit)


def check_fits(read: PositionText, rules: Rules) -> None:
    """PositionError if a position text names another game set than ``rules``' or has another
    board's size."""
    if read.set_name is not None and read.set_name != rules.set_name:
        raise PositionError(
            f"the position is of the game set {read.set_name!r}, not {rules.set_name!r}"
        )
    geometry = rules.geometry
    if (read.files, read.ranks) != (geometry.files, geometry.ranks):
        raise PositionError(
            f"the position's board is {read.files}x{read.ranks}; "
            f"the game set's is {geometry.files}x{geometry.ranks}"
        )


# === Writing ===


def position_text(
    data: Mapping[str, Any], files: int, ranks: int, set_name: str | None = None
) -> str:
    """The one-line text of the JSON position ``data`` on a board of ``files`` x ``ranks``
    (with ``set_name`` first when given). PositionError if ``data`` is not a position the text
    can hold (a tile off the board or on another's square, a name that is not a tile's)."""
    fields = [] if set_name is None else [set_name]
    fields.append(_write_board(data.get("board", []), files, ranks))
    to_move = data.get("to_move")
    if to_move not in (0, 1) or isinstance(to_move, bool):
        raise PositionError("$.to_move: must be 0 or 1")
    fields.append(str(to_move))
    fields.append(_write_bags(data["bags"]) if "bags" in data else "-")
    for key, value in data.items():
        if key not in CORE:
            if not _BARE.fullmatch(key):
                raise PositionError(f"$: field {key!r} is not a name")
            fields.append(f"{key}={_value(value)}")
    return " ".join(fields)


def _write_board(board: Any, files: int, ranks: int) -> str:
    cells = [["."] * files for _ in range(ranks)]
    for index, entry in enumerate(board):
        where = f"board[{index}]"
        if not isinstance(entry, Mapping):
            raise PositionError(f"{where}: a tile is an object")
        name, at, owner, side = (entry.get(k) for k in ("tile", "at", "owner", "side"))
        square = _square(at, files, ranks)
        if square is None:
            raise PositionError(f"{where}: {at!r} is not a square of the {files}x{ranks} board")
        if not isinstance(name, str) or not _BARE.fullmatch(name):
            raise PositionError(f"{where}: {name!r} is not a tile name")
        if owner not in (0, 1) or isinstance(owner, bool) or side not in _SIDES:
            raise PositionError(f"{where}: owner must be 0 or 1 and side front or back")
        file, rank = square
        if cells[rank][file] != ".":
            raise PositionError(f"{where}: square {at} already holds a tile")
        cells[rank][file] = _OWNERS[owner] + name + ("'" if side == "back" else "")
    return "/".join("".join(row) for row in reversed(cells))


def _square(at: Any, files: int, ranks: int) -> tuple[int, int] | None:
    """(file, rank) of a square name as the engine writes it, or None."""
    if not isinstance(at, str) or not re.fullmatch(r"[a-z][1-9][0-9]?", at):
        return None
    file, rank = FILE_LETTERS.index(at[0]), int(at[1:]) - 1
    return (file, rank) if file < files and rank < ranks else None


def _write_bags(bags: Any) -> str:
    if not (isinstance(bags, list) and len(bags) == 2 and all(isinstance(b, list) for b in bags)):
        raise PositionError("$.bags: must be two lists of tile names")
    return "/".join(_write_bag(bag, owner) for owner, bag in enumerate(bags))


def _write_bag(bag: list[Any], owner: int) -> str:
    if not bag:
        return "-"
    runs: list[list[Any]] = []
    for name in bag:
        if not isinstance(name, str) or not _BARE.fullmatch(name):
            raise PositionError(f"bags[{owner}]: {name!r} is not a tile name")
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    return ",".join(name if count == 1 else f"{name}*{count}" for name, count in runs)


def _value(value: Any) -> str:
    """A JSON value as the text writes it: JSON without spaces, bare words where they are
    names."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        plain = _BARE.fullmatch(value) and value not in _KEYWORDS
        return value if plain else json.dumps(value)
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ",".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_value(str(k))}:{_value(v)}" for k, v in value.items()) + "}"
    raise PositionError(f"$: {value!r} is not a JSON value")


# === Reading ===


class _Reader:
    """The characters of a position text, read from left to right; errors name the column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, message: str, at: int | None = None) -> PositionError:
        column = (self.at if at is None else at) + 1
        return PositionError(f"position text, column {column}: {message}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def match(self, pattern: re.Pattern[str]) -> str | None:
        found = pattern.match(self.text, self.at)
        if found is None:
            return None
        self.at = found.end()
        return found.group()

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise self.fail(f"expected {char!r} {what}, found {self._found()}")
        self.at += 1

    def _found(self) -> str:
        return repr(self.peek()) if self.peek() else "the end of the text"

    def field_end(self, what: str) -> None:
        """A space or the end of the text must follow the field just read."""
        if self.peek() not in ("", " "):
            raise self.fail(f"unexpected {self._found()} in {what}")
        while self.peek() == " ":
            self.at += 1


def read_position_text(text: str) -> PositionText:
    """The game set's name, the JSON position and the board's size that a position text gives;
    PositionError naming the column of the first mistake."""
    if not isinstance(text, str):
        raise PositionError("a position text is a string")
    line = text.strip()
    if "\n" in line:
        raise PositionError("a position text is one line")
    reader = _Reader(line)
    set_name = None
    if reader.peek().isalpha():
        set_name = reader.match(_SET)
        reader.field_end("the game set's name (lower-case letters, digits and '-')")
    board, files, ranks = _read_board(reader)
    data: dict[str, Any] = {"to_move": _read_to_move(reader), "board": board}
    bags = _read_bags(reader)
    if bags is not None:
        data["bags"] = bags
    while reader.peek():
        start = reader.at
        key = reader.match(_BARE)
        if key is None:
            raise reader.fail(f"expected a field name=value, found {reader._found()}")
        if key in data or key in CORE:
            raise reader.fail(f"field {key!r} given twice", start)
        reader.expect("=", f"after the field name {key!r}")
        data[key] = _read_value(reader)
        reader.field_end(f"the value of {key!r}")
    return PositionText(set_name, data, files, ranks)


def _read_board(reader: _Reader) -> tuple[list[dict[str, Any]], int, int]:
    if reader.peek() not in (".", "+", "-"):
        raise reader.fail(f"expected the board ('.', '+Name' or '-Name'), found {reader._found()}")
    rows: list[list[tuple[str, int, str] | None]] = [[]]
    starts = [reader.at]
    while reader.peek() not in ("", " "):
        char = reader.peek()
        if char == "/":
            reader.at += 1
            rows.append([])
            starts.append(reader.at)
        elif char == ".":
            reader.at += 1
            rows[-1].append(None)
        elif char in _OWNERS:
            reader.at += 1
            name = reader.match(_BARE)
            if name is None:
                raise reader.fail(f"expected a tile name after {char!r}")
            side = "front"
            if reader.peek() == "'":
                reader.at += 1
                side = "back"
            rows[-1].append((name, _OWNERS.index(char), side))
        else:
            raise reader.fail(f"unexpected {char!r} on the board ('.', '+Name', '-Name', '/')")
    reader.field_end("the board")
    files = len(rows[0])
    for row, start in zip(rows, starts, strict=True):
        if len(row) != files:
            raise reader.fail(f"this rank has {len(row)} squares, the first {files}", start)
    if not 1 <= files <= len(FILE_LETTERS):
        raise reader.fail(f"a board has 1 to {len(FILE_LETTERS)} files", starts[0])
    ranks = len(rows)
    board = []
    for rank, row in enumerate(reversed(rows)):
        for file, cell in enumerate(row):
            if cell is not None:
                name, owner, side = cell
                at = f"{FILE_LETTERS[file]}{rank + 1}"
                board.append({"tile": name, "owner": owner, "side": side, "at": at})
    return board, files, ranks


def _read_to_move(reader: _Reader) -> int:
    char = reader.peek()
    if char not in ("0", "1"):
        raise reader.fail(f"expected the player to move, 0 or 1, found {reader._found()}")
    reader.at += 1
    reader.field_end("the player to move")
    return int(char)


def _read_bags(reader: _Reader) -> list[list[str]] | None:
    if reader.peek() == "-" and reader.text[reader.at + 1 : reader.at + 2] in ("", " "):
        reader.at += 1
        reader.field_end("the bags")
        return None
    bags = [_read_bag(reader)]
    reader.expect("/", "between the two bags")
    bags.append(_read_bag(reader))
    reader.field_end("the bags")
    return bags


def _read_bag(reader: _Reader) -> list[str]:
    if reader.peek() == "-":
        reader.at += 1
        return []
    bag: list[str] = []
    while True:
        name = reader.match(_BARE)
        if name is None:
            raise reader.fail(f"expected a tile name in the bag, found {reader._found()}")
        count = 1
        if reader.peek() == "*":
            reader.at += 1
            start = reader.at
            digits = reader.match(re.compile(r"[1-9][0-9]*"))
            if digits is None:
                raise reader.fail("expected how many after '*'", start)
            count = int(digits)
        bag += [name] * count
        if reader.peek() != ",":
            return bag
        reader.at += 1


def _read_value(reader: _Reader) -> Any:
    char = reader.peek()
    if char == "[":
        reader.at += 1
        items: list[Any] = []
        while reader.peek() != "]":
            if items:
                reader.expect(",", "between the items of a list")
            items.append(_read_value(reader))
        reader.at += 1
        return items
    if char == "{":
        reader.at += 1
        found: dict[str, Any] = {}
        while reader.peek() != "}":
            if found:
                reader.expect(",", "between the members of an object")
            start = reader.at
            key = _read_value(reader)
            if not isinstance(key, str):
                raise reader.fail("a member's name is a word or a quoted string", start)
            reader.expect(":", f"after the member's name {key!r}")
            found[key] = _read_value(reader)
        reader.at += 1
        return found
    if char == '"':
        start = reader.at
        try:
            value, end = json.JSONDecoder().raw_decode(reader.text, reader.at)
        except json.JSONDecodeError:
            raise reader.fail("a quoted string that does not end", start) from None
        reader.at = end
        return value
    word = reader.match(_BARE)
    if word is not None:
        return _KEYWORDS.get(word, word)
    number = reader.match(_NUMBER)
    if number is not None:
        return json.loads(number)
    raise reader.fail(f"expected a value, found {reader._found()}")
