"""A position is checked against the tile set's counts and the rules, not only its shape: the
Duke is never in a bag nor drawn, no player holds more copies of a tile than it has, and a
square is written exactly as notation writes it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main


def _duke(owner: int, at: str) -> dict[str, Any]:
    return {"tile": "Duke", "owner": owner, "side": "front", "at": at}


def _footman(owner: int, at: str) -> dict[str, Any]:
    return {"tile": "Footman", "owner": owner, "side": "front", "at": at}


def _position(**fields: Any) -> dict[str, Any]:
    return {"to_move": 0, "board": [_duke(0, "c1"), _duke(1, "d6")], **fields}


def _moves(position: dict[str, Any], *args: str) -> Any:
    return CliRunner().invoke(main, ["moves", "-", *args], input=json.dumps(position))


SQUARES = [" c2 ", "C2", "c2\n", "c02", "\uff432", "c\u00b2", "c\u0662"]


@pytest.mark.parametrize("written", SQUARES, ids=[repr(s) for s in SQUARES])
def test_a_square_is_written_as_notation_writes_it(written: str) -> None:
    result = _moves(_position(board=[_duke(0, written), _duke(1, "d6")]))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr in (
        f"<stdin>: error: board[0]: write the square {written!r} as notation does: 'c2'\n",
        f"<stdin>: error: board[0]: square {written} is off the 6x6 board\n",
    )


def test_the_canonical_square_is_read() -> None:
    result = _moves(_position(board=[_duke(0, "c2"), _duke(1, "d6")]))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"bags": [["Footman", "Duke"], []]},
            "bags[0][1]: Duke acts as the Duke: it is never in a bag",
        ),
        ({"bags": [[], ["Duke"]]}, "bags[1][0]: Duke acts as the Duke: it is never in a bag"),
        ({"drawn": "Duke"}, "drawn: Duke acts as the Duke: it is never drawn"),
        (
            {"bags": [["Footman"] * 4, []]},
            "$: player 0 has 4 Footman (4 in the bag), but the tile's count is 3",
        ),
        (
            {
                "board": [_duke(0, "c1"), _footman(0, "c2"), _footman(0, "b1"), _duke(1, "d6")],
                "bags": [["Footman"], []],
                "drawn": "Footman",
            },
            "$: player 0 has 4 Footman (2 on the board, 1 in the bag, 1 drawn), but the tile's "
            "count is 3",
        ),
        (
            {"board": [_duke(0, "c1"), _duke(1, "d6")], "bags": [[], ["Wizard", "Wizard"]]},
            "$: player 1 has 2 Wizard (2 in the bag), but the tile's count is 1",
        ),
    ],
    ids=["duke-in-bag", "duke-in-second-bag", "duke-drawn", "bag", "everywhere", "second"],
)
def test_what_no_player_can_hold(fields: dict[str, Any], message: str) -> None:
    result = _moves(_position(**fields))
    assert result.exit_code == 1
    assert result.stderr == f"<stdin>: error: {message}\n"


def test_a_player_holds_up_to_the_count() -> None:
    position = _position(
        board=[_duke(0, "c1"), _footman(0, "c2"), _footman(0, "b1"), _duke(1, "d6")],
        bags=[["Footman"], ["Footman"] * 3],
    )
    assert _moves(position).exit_code == 0


def _pikemen(owner: int, count: int) -> list[dict[str, Any]]:
    squares = ["a1", "b1", "c1", "d1", "e1"] if owner == 0 else ["a6", "b6", "c6", "d6", "e6"]
    return [
        {"tile": "Pikeman", "owner": owner, "side": "front", "at": square}
        for square in squares[:count]
    ]


def test_an_army_that_borrows_tiles_holds_what_it_starts_with() -> None:
    # Dark Rider: "he'll need to use Pikeman Tiles from both bags": four Pikemen, count 3.
    knight = {"tile": "Knight", "owner": 1, "side": "front", "at": "f6"}
    four = {"to_move": 1, "board": [*_pikemen(0, 4), knight]}
    assert _moves(four, "--game", "dark-rider").exit_code == 0
    five = {"to_move": 1, "board": [*_pikemen(0, 5), knight]}
    result = _moves(five, "--game", "dark-rider")
    assert result.exit_code == 1
    assert result.stderr == (
        "<stdin>: error: $: player 0 has 5 Pikeman (5 on the board), but the tile's count is 4\n"
    )
    together = {"to_move": 1, "board": [*_pikemen(0, 4), *_pikemen(1, 3), knight]}
    result = _moves(together, "--game", "dark-rider")
    assert result.exit_code == 1
    assert result.stderr == "<stdin>: error: $: the players have 7 Pikeman, but they own 6\n"


def test_expanded_squares_and_captured_tiles_are_checked() -> None:
    position = _position(
        frozen=["C1"],
        captured=[["Footman"] * 4, []],
    )
    result = _moves(position, "--game", "terrain")
    assert result.exit_code == 1
    assert (
        result.stderr == "<stdin>: error: frozen[0]: write the square 'C1' as notation does: 'c1'\n"
    )
    result = _moves(_position(captured=[["Footman"] * 4, []]), "--game", "terrain")
    assert result.exit_code == 1
    assert result.stderr == (
        "<stdin>: error: $: player 0 has 4 Footman (4 captured), but the tile's count is 3\n"
    )


def test_perft_checks_the_same_rules() -> None:
    result = CliRunner().invoke(
        main, ["perft", "--depth", "1", "-"], input=json.dumps(_position(drawn="Duke"))
    )
    assert result.exit_code == 1
    assert result.stderr == "<stdin>: error: drawn: Duke acts as the Duke: it is never drawn\n"
