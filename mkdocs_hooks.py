"""The documentation's pictures, drawn when the site is built from the pages' own examples.

``mkdocs build`` calls :func:`on_files`, which adds every picture of :func:`pictures` to the
site under ``pictures/``: a page shows ``![...](pictures/NAME)``, and the picture is drawn from
the very example the page shows (the tutorial's ``paladin.duke`` block, the icons the language
declares, a seeded game), so it is never older than the page. ``tests/docs/test_pictures.py``
checks that every picture a page names is one of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent / "docs"
#: The block of a page a picture is drawn from: ```duke title="NAME"```.
_BLOCK = re.compile(r'```duke title="(?P<title>[^"]+)"\n(?P<body>.*?)```', re.S)


def page_block(page: str, title: str) -> str:
    """The text of the ``duke`` block called ``title`` on ``page`` (under docs/)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    for found in _BLOCK.finditer(text):
        if found["title"] == title:
            return found["body"]
    raise LookupError(f"docs/{page} has no duke block titled {title!r}")


def pictures() -> dict[str, bytes]:
    """Every picture of the site, by its name under ``pictures/``."""
    from dukec.commands.common import load_tileset
    from dukec.compiler import compile_source
    from dukec.engine import Game, load_rules
    from dukec.engine.players import GreedyPlayer
    from dukec.icons import base as base_icons
    from dukec.studio.pictures import legend
    from dukec.workbench.board import board_drawing
    from dukec.workbench.card import card
    from dukec.workbench.png import to_png
    from dukec.workbench.print_and_play import Layout, sheet_pages
    from dukec.workbench.svg import to_svg
    from dukec.workbench.tiles import all_tiles, find_tile

    made: dict[str, bytes] = {}
    paladin = all_tiles(compile_source(page_block("tutorial.md", "paladin.duke")))[0]
    made["paladin-card.svg"] = to_svg(card(paladin)).encode()
    # The board a few turns into a seeded game between two greedy players.
    base = load_tileset(None)
    game = Game(load_rules(base, "base"), seed=3)
    players = (GreedyPlayer(1), GreedyPlayer(2))
    for _ in range(24):
        action = players[game.to_move].choose(game)
        if action is None or game.result is not None:
            break
        game.apply(action)
    made["board.svg"] = to_svg(board_drawing(game)).encode()
    for item in legend(base_icons()):
        made[f"icon-{item['icon']}.svg"] = item["svg"].encode()
    # Print and play: the fronts page of the base set's Knight, Duke and Footman and the Paladin.
    tiles = [find_tile(base, name) for name in ("Duke", "Footman", "Knight")] + [paladin]
    front, back = sheet_pages(tiles, Layout.of())[:2]
    made["print-and-play-fronts.png"] = to_png(front, 2.0)
    made["print-and-play-backs.png"] = to_png(back, 2.0)
    made["tts.png"] = _tts_picture(paladin, game)
    return made


def _tts_picture(tile: Any, game: Any) -> bytes:
    """What `dukec export tts` writes for a tile and a board: the two faces and the board."""
    import io

    from PIL import Image

    from dukec.workbench.board import board_drawing
    from dukec.workbench.png import render_image
    from dukec.workbench.tts import face

    faces = [render_image(face(tile, side), 1.0) for side in ("front", "back")]
    board = render_image(board_drawing(game), 0.6)
    height = max(board.height, faces[0].height)
    sheet = Image.new("RGB", (board.width + 2 * faces[0].width + 40, height), "white")
    sheet.paste(board, (0, 0))
    for index, picture in enumerate(faces):
        sheet.paste(picture, (board.width + 20 + index * (picture.width + 20) - 10 * index, 0))
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def on_files(files: Any, config: Any, **_: Any) -> Any:
    """Add the pictures to the site's files (mkdocs' hook)."""
    from mkdocs.structure.files import File

    for name, data in pictures().items():
        files.append(File.generated(config, f"pictures/{name}", content=data))
    return files
