"""Board pictures: PNG size and pixels, the far player's cards turned, marks, the docs' board."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from dukec.engine import Game, load_rules, parse_action, position_from_json
from dukec.engine.actions import (
    CHOOSE,
    COMMAND,
    DIVINE,
    DRAW,
    ESCAPE,
    FLAG_PLACE,
    MOVE,
    PLACE,
    RANSOM,
    STRIKE,
)
from dukec.workbench import board
from dukec.workbench.board import INSET, SQUARE, board_drawing, board_svg, square_origin
from dukec.workbench.marks import Marks, action_marks, last_marks, parse_marks
from dukec.workbench.notebook import game_svg
from dukec.workbench.palette import INK
from dukec.workbench.png import image_size, to_png
from dukec.workbench.shapes import Circle, Line, Polygon, Rect, Text

from .goldens import DOCS_BOARD, base_set, normalised, played_game

SVG = "{http://www.w3.org/2000/svg}"


def _position(data: dict[str, Any], set_name: str = "base") -> Game:
    return position_from_json(load_rules(base_set(), set_name), data)


def _tile(name: str, owner: int, at: str, side: str = "front") -> dict[str, Any]:
    return {"tile": name, "owner": owner, "side": side, "at": at}


TWIN_FOOTMEN = {
    "to_move": 0,
    "board": [
        _tile("Duke", 0, "c1"),
        _tile("Duke", 1, "d6"),
        _tile("Footman", 0, "a3"),
        _tile("Footman", 1, "d3"),
    ],
}


def _png(game: Game, marks: Marks | None = None) -> Image.Image:
    return Image.open(io.BytesIO(to_png(board_drawing(game, marks)))).convert("RGB")


def _box(game: Game, name: str, scale: float = 2.0) -> tuple[int, int, int, int]:
    """The pixels of the inside of the card on square ``name`` (frame left out)."""
    x, y = square_origin(game, game.rules.geometry.parse(name) or 0)
    inner = INSET + 4
    return (
        round((x + inner) * scale),
        round((y + inner) * scale),
        round((x + SQUARE - inner) * scale),
        round((y + SQUARE - inner) * scale),
    )


def test_png_has_the_drawing_size_and_the_board_colours() -> None:
    game = played_game()
    drawing = board_drawing(game)
    image = _png(game)
    # 6x6 squares of 100 units, labels and a caption, at 2 pixels per unit.
    assert image.size == image_size(drawing) == (1280, 1348)
    x, y = square_origin(game, game.rules.geometry.parse("d1") or 0)  # the last move's start
    assert image.getpixel((round((x + 20) * 2), round((y + 50) * 2))) == (242, 212, 87)
    assert image.getpixel((round((x + 50) * 2), round((y + 50) * 2))) == (46, 139, 87)  # arrow
    x, y = square_origin(game, game.rules.geometry.parse("b4") or 0)  # an empty square
    assert image.getpixel((round((x + 50) * 2), round((y + 50) * 2))) == (185, 173, 144)


def test_the_second_players_card_is_the_first_players_turned_round() -> None:
    game = _position(TWIN_FOOTMEN)
    image = _png(game)
    near = image.crop(_box(game, "a3"))
    far = image.crop(_box(game, "d3")).rotate(180)
    assert near.size == far.size
    difference = ImageStat.Stat(ImageChops.difference(near, far).convert("L")).mean[0]
    assert difference < 6, difference
    # Not a picture that is the same either way up: the name band is at one end.
    assert ImageStat.Stat(ImageChops.difference(near, near.rotate(180)).convert("L")).mean[0] > 6


def test_svg_turns_the_far_players_cards_and_frames_by_owner() -> None:
    game = _position(TWIN_FOOTMEN)
    root = ElementTree.fromstring(board_svg(game))
    texts = {t.text: t.get("transform") for t in root.iter(f"{SVG}text") if t.text in ("Footman",)}
    assert len(texts) == 1  # both cards are named Footman
    turned = [t for t in root.iter(f"{SVG}text") if t.text == "Footman"]
    assert [t.get("transform") is not None for t in turned] == [False, True]
    frames = [r.get("stroke") for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "3"]
    assert frames.count(board.OWNER_COLOURS[0]) == 2 and frames.count(board.OWNER_COLOURS[1]) == 2


def test_board_labels_and_caption() -> None:
    game = _position(TWIN_FOOTMEN)
    texts = [t.text for t in ElementTree.fromstring(board_svg(game)).iter(f"{SVG}text")]
    assert [*"abcdef", *"123456"] == [t for t in texts if t in set("abcdef123456")][:12]
    assert "player 0 (blue) to move  ·  ply 0  ·  bags 0 / 0" in texts


def test_caption_names_a_drawn_tile_and_the_result() -> None:
    from .goldens import GAME

    game = Game(load_rules(base_set()), seed=11)
    for text in GAME[: GAME.index("draw") + 1]:
        game.apply(parse_action(game, text))
    caption = [t.text for t in ElementTree.fromstring(board_svg(game)).iter(f"{SVG}text")][-1]
    assert caption == "player 0 (blue) to move  ·  drawn: Champion  ·  ply 4  ·  bags 15 / 16"
    assert last_marks(game) == Marks()  # a draw touches no square
    over = _position({"to_move": 1, "board": [_tile("Duke", 0, "c1")]})
    caption = [t.text for t in ElementTree.fromstring(board_svg(over)).iter(f"{SVG}text")][-1]
    assert caption == "player 0 wins (no legal action)  ·  ply 0  ·  bags 0 / 0"


def test_shapes_turned_and_moved() -> None:
    assert board.turned(Rect(10, 20, 30, 5, None), 50, 50) == Rect(60, 75, 30, 5, None)
    assert board.turned(Circle(10, 20, 3, None), 50, 50) == Circle(90, 80, 3, None)
    assert board.turned(Line(0, 0, 10, 0, "x", 1), 5, 5) == Line(10, 10, 0, 10, "x", 1)
    assert board.turned(Polygon(((0, 0), (1, 2)), None), 1, 1) == Polygon(((2, 2), (1, 0)), None)
    text = board.turned(Text(10, 10, "a", 5, "x"), 20, 20)
    assert text == Text(30, 30, "a", 5, "x", upside_down=True)
    assert board.moved(Rect(1, 2, 3, 4, None), 10, 20) == Rect(11, 22, 3, 4, None)


def test_action_marks_by_kind() -> None:
    assert action_marks((MOVE, 1, 2, -1, -1)) == Marks(1, 2)
    assert action_marks((STRIKE, 1, 2, -1, -1)) == Marks(1, 2, strike=True)
    assert action_marks((COMMAND, 1, 2, 3, -1)) == Marks(1, 2, 3)
    assert action_marks((PLACE, -1, 7, -1, 4)) == Marks(to=7)
    assert action_marks((DRAW, -1, -1, -1, -1)) == Marks()
    assert action_marks((ESCAPE, 1, 2, -1, 5)) == Marks(1, 2)
    assert action_marks((ESCAPE, 1, 2, 3, -1)) == Marks(1, 2, 3)
    assert action_marks((FLAG_PLACE, 4, 4, -1, -1)) == Marks(to=4)  # the flag stays
    assert action_marks((RANSOM, -1, 9, 2, 3)) == Marks(to=9)  # by is a tile type here
    assert action_marks((DIVINE, 5, -1, -1, -1)) == Marks(frm=5)
    assert action_marks((CHOOSE, -1, -1, 3, 0)) == Marks()


def test_last_marks_follow_the_game() -> None:
    game = played_game()
    square = game.rules.geometry.parse
    assert last_marks(game) == Marks(square("d1") or 0, square("d6") or 0)  # d1xd6
    game.undo()
    assert last_marks(game) == Marks(square("d5") or 0, square("d6") or 0)  # d5-d6
    fresh = Game(load_rules(base_set()))
    assert last_marks(fresh) == Marks()
    fresh.apply(parse_action(fresh, "Duke@c1"))
    assert last_marks(fresh) == Marks(to=2)


def test_parse_marks() -> None:
    rules = load_rules(base_set())
    assert parse_marks(rules, "c2-c3") == Marks(8, 14)
    assert parse_marks(rules, "C2xC3+") == Marks(8, 14)
    assert parse_marks(rules, "c1!c3") == Marks(2, 14, strike=True)
    assert parse_marks(rules, "e1:d1-d2") == Marks(3, 9, 4)
    assert parse_marks(rules, "Footman@b6") == Marks(to=31)
    with pytest.raises(ValueError) as error:
        parse_marks(rules, "draw")
    assert str(error.value) == (
        "'draw' is not an action to mark (c2-c3, c2xc3, c1!c3, e1:d1-d2 or Name@b6)"
    )
    with pytest.raises(ValueError) as error:
        parse_marks(rules, "c2-g2")
    assert str(error.value) == "g2 is not a square of the board"


def test_strike_marks_the_target_and_guard_is_tagged() -> None:
    game = _position(
        {
            "to_move": 1,
            "board": [_tile("Duke", 0, "c1"), _tile("Duke", 1, "c6"), _tile("Footman", 0, "c5")],
        }
    )
    svg = board_svg(game, parse_marks(game.rules, "c4!c3"))
    assert f'fill="{board.STRIKE_FILL}"' in svg and f'fill="{board.STRIKE_COLOUR}"' in svg
    assert ">GUARD</text>" in svg and "player 1's Duke in Guard" in svg
    assert ">GUARD</text>" not in board_svg(_position(TWIN_FOOTMEN))


def test_features_are_drawn() -> None:
    from .goldens import POSITIONS, board_set

    rules = load_rules(board_set(), "panorama")
    game = position_from_json(rules, json.loads((POSITIONS / "panorama.json").read_text()))
    texts = [t.text for t in ElementTree.fromstring(board_svg(game)).iter(f"{SVG}text")]
    assert "Mountain" in texts and "Dragon" in texts and "scores 1-0" in str(texts[-1])
    svg = board_svg(game)
    assert svg.count(f'fill="{board.DRAGON_COLOUR}"') == 1  # the facing wedge
    # One light frost disc (the frozen Pikeman) and one dark (the settled Assassin).
    assert len(re.findall(f'<circle [^>]*fill="#ffffff" stroke="{board.FROST}"', svg)) == 1
    assert len(re.findall(f'<circle [^>]*fill="{INK}" stroke="#ffffff"', svg)) == 1


def test_the_engine_page_notebook_example_draws_docs_board_svg() -> None:
    page = (DOCS_BOARD.parent / "engine.md").read_text(encoding="utf-8")
    section = page.split("## In a notebook", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    game = namespace["game"]
    assert normalised(game_svg(game)) == normalised(DOCS_BOARD.read_text(encoding="utf-8")), (
        "docs/board.svg is out of date: run `python tests/workbench/regenerate.py`"
    )
    assert "](board.svg)" in section.split("\n## ", 1)[0]
