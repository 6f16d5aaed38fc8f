"""The one-line position text: written from the JSON position and read back to exactly that JSON
at every ply of the recorded games of every game set (every phase, every feature's state), and
to a game with the same legal actions; hand-checked lines; a malformed line names its column."""

from __future__ import annotations

import pytest

from dukec.engine import Game, PositionError, position_to_json
from dukec.engine.position_text import (
    position_from_text,
    position_text,
    position_to_text,
    read_position_text,
)
from tests.engine.test_position_phases import SETS, recorded_games, rules_of

#: The base game just after its set-up (Duke c1, Footmen c2 and b1; Duke d6, Footmen d5, e6).
SET_UP = (
    "base ...-Duke-Footman./...-Footman../....../....../..+Footman.../.+Footman+Duke... 0 "
    "Assassin,Bowman,Champion,Dragoon,Footman,General,Knight,Longbowman,Marshall,Pikeman*3,"
    "Priest,Ranger,Seer,Wizard/Assassin,Bowman,Champion,Dragoon,Footman,General,Knight,"
    "Longbowman,Marshall,Pikeman*3,Priest,Ranger,Seer,Wizard"
)


@pytest.mark.parametrize("set_name", SETS)
def test_every_recorded_position_round_trips_through_the_text(set_name: str) -> None:
    checked = 0
    fields: set[str] = set()
    for game, _read in recorded_games(set_name):
        data = position_to_json(game)
        text = position_to_text(game)
        assert "\n" not in text
        read = read_position_text(text)
        assert read.set_name == set_name
        # Exactly the JSON, its fields in the same order.
        assert list(read.data.items()) == list(data.items()), (set_name, text)
        if checked % 7 == 0:
            again = position_from_text(game.rules, text, seed=game.seed, ply_limit=game.ply_limit)
            assert position_to_json(again) == data
            assert again._legal() == game._legal(), text
        fields |= set(data)
        checked += 1
    assert checked >= 250
    if set_name == "everything":
        # The custom set's games hold every feature's state that a position writes.
        assert {"terrain", "dragon", "flags", "captured", "phase", "drawn"} <= fields


def test_the_base_game_after_its_set_up() -> None:
    game = Game(rules_of("base"), seed=7)
    for text in ["Duke@c1", "Footman@c2", "Footman@b1", "Duke@d6", "Footman@d5", "Footman@e6"]:
        game.push_notation(text)
    assert position_to_text(game) == SET_UP
    game.push_notation("c2-c3")
    assert position_to_text(game).split(" ")[1].split("/")[2:] == [
        "......",
        "..+Footman'...",
        "......",
        ".+Footman+Duke...",
    ]
    assert position_to_text(game).endswith(" ply=1")


def test_values_are_json_without_spaces_and_names_bare() -> None:
    data = {
        "to_move": 1,
        "board": [{"tile": "Duke", "owner": 1, "side": "back", "at": "b2"}],
        "bags": [["Footman", "Footman"], []],
        "terrain": [{"tile": "Mountain", "at": "a1"}],
        "flags": [{"at": "a2", "owner": None}],
        "result": {"winner": 0, "reason": "duke captured"},
        "odd": ["true", "12", 1.5, True, "two words"],
    }
    text = position_text(data, 2, 2)
    assert text == (
        ".-Duke'/.. 1 Footman*2/- terrain=[{tile:Mountain,at:a1}] flags=[{at:a2,owner:null}] "
        'result={winner:0,reason:"duke captured"} odd=["true","12",1.5,true,"two words"]'
    )
    read = read_position_text(text)
    assert (read.set_name, read.files, read.ranks) == (None, 2, 2)
    assert read.data == data


def test_a_position_without_bags_says_so() -> None:
    data = {"to_move": 0, "board": []}
    assert position_text(data, 3, 2) == ".../... 0 -"
    assert read_position_text(".../... 0 -").data == data
    assert read_position_text(".../... 0 -/-").data == {**data, "bags": [[], []]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "column 1: expected the board ('.', '+Name' or '-Name'), found the end of the text"),
        ("Base ... 0 -", "column 1: unexpected 'B' in the game set's name"),
        ("../. 0 -", "column 4: this rank has 1 squares, the first 2"),
        (".x 0 -", "column 2: unexpected 'x' on the board ('.', '+Name', '-Name', '/')"),
        (".+ 0 -", "column 3: expected a tile name after '+'"),
        (".. 2 -", "column 4: expected the player to move, 0 or 1, found '2'"),
        (".. 0 Footman", "column 13: expected '/' between the two bags, found the end of the text"),
        (".. 0 Footman*0/-", "column 14: expected how many after '*'"),
        (".. 0 - ply", "column 11: expected '=' after the field name 'ply', found the end"),
        (".. 0 - ply=1 ply=2", "column 14: field 'ply' given twice"),
        (".. 0 - board=[]", "column 8: field 'board' given twice"),
        (".. 0 - x=[1,2", "column 14: expected ',' between the items of a list, found the end"),
        (".. 0 - x={1:2}", "column 11: a member's name is a word or a quoted string"),
        ('.. 0 - x="ab', "column 10: a quoted string that does not end"),
        (".. 0 - x=[1]]", "column 13: unexpected ']' in the value of 'x'"),
    ],
)
def test_a_malformed_text_names_the_column(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position_text(text)
    assert str(caught.value).startswith(f"position text, {message}")


def test_a_text_of_another_set_or_board_is_refused() -> None:
    rules = rules_of("base")
    with pytest.raises(PositionError, match="of the game set 'dragon', not 'base'"):
        position_from_text(rules, "dragon " + SET_UP.split(" ", 1)[1])
    with pytest.raises(PositionError, match="the position's board is 2x1; the game set's is 6x6"):
        position_from_text(rules, ".. 0 -")
    with pytest.raises(PositionError, match="unknown tile 'Dukee'"):
        position_from_text(rules, SET_UP.replace("-Duke-", "-Dukee-"))


def test_the_writer_refuses_what_no_text_can_hold() -> None:
    entry = {"tile": "Duke", "owner": 0, "side": "front", "at": "c1"}
    with pytest.raises(PositionError, match=r"board\[1\]: square c1 already holds a tile"):
        position_text({"to_move": 0, "board": [entry, entry]}, 6, 6)
    with pytest.raises(PositionError, match=r"board\[0\]: 'g1' is not a square of the 6x6"):
        position_text({"to_move": 0, "board": [{**entry, "at": "g1"}]}, 6, 6)
    with pytest.raises(PositionError, match=r"bags\[1\]: 'two words' is not a tile name"):
        position_text({"to_move": 0, "board": [], "bags": [[], ["two words"]]}, 6, 6)
