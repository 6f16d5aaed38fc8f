"""The page and its files: `static/index.html` with the opened tile's card put in, and the
CSS and ES modules beside it, read from the package (nothing from the network)."""

from __future__ import annotations

import json
import re
from html import escape
from importlib.resources import files
from typing import Any

from dukec.icons import Vocabulary
from dukec.players.policies import DEFAULT_POLICY, POLICIES
from dukec.studio.api import Workspace, card_svg, folder_file, folder_files, pick
from dukec.studio.pictures import legend, own_square
from dukec.studio.request import ApiError
from dukec.workbench.palette import BACK_FILL, FRONT_FILL
from dukec.workbench.tiles import SIDES

_TYPES = {
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
}
_NAME = re.compile(r"[a-z][a-z0-9-]*\.(js|css)")


def _static(name: str) -> Any:
    return files("dukec.studio").joinpath("static", name)


def static_file(name: str) -> tuple[str, bytes]:
    """A file of the page: its content type and bytes; ApiError 404 for any other name."""
    match = _NAME.fullmatch(name)
    resource = _static(name) if match else None
    if match is None or resource is None or not resource.is_file():
        raise ApiError(404, f"no such file: /static/{name}")
    return _TYPES[match.group(1)], resource.read_bytes()


def legend_html(icons: Vocabulary) -> str:
    """The icons a click steps through, each drawn as on the cards, with its name."""
    return "".join(
        f'<li data-icon="{escape(item["icon"])}">{item["svg"]}{escape(item["label"])}</li>'
        for item in legend(icons)
    )


def placements_text(icons: Vocabulary) -> str:
    """Where the icons that may not stand anywhere stand, from their declarations: "A Slide
    stands only next to the tile, a Jump Slide only two squares out in a line."."""
    rules = [
        f"a {icon.label} only {icon.placement.sits}"
        for icon in icons
        if icon.placement.offsets is not None
    ]
    if not rules:
        return ""
    text = ", ".join([rules[0].replace(" only ", " stands only ", 1), *rules[1:]])
    return text[0].upper() + text[1:] + "."


def page_html(workspace: Workspace, tile: str | None) -> str:
    """The page; with ``tile``, that tile of the set opened: its card in an element with
    ``data-tile`` and its source in the editor (ApiError 404 for a tile the set lacks)."""
    template: str = _static("index.html").read_text(encoding="utf-8")
    opened = ""
    if tile is not None:
        view = pick(workspace.tileset, tile)
        opened = (
            f'<figure id="opened" class="card" data-tile="{escape(view.name)}">'
            f"{card_svg(view)}<figcaption>{escape(view.name)}</figcaption></figure>"
        )
        tile = view.name
    files = folder_files(workspace.folder)
    # Without a tile asked for, the page opens the folder's last edited file.
    last = None
    if tile is None and files:
        try:
            last = folder_file(workspace, files[0]["file"])
        except ApiError:
            last = None
    settings = {
        "tile": tile,
        "files": [{"file": entry["file"], "tiles": entry["tiles"]} for entry in files],
        "open": last,
        "game": workspace.game,
        "folder": str(workspace.folder),
        "policies": list(POLICIES),
        "policy": DEFAULT_POLICY,
        "own": {side: own_square(side) for side in SIDES},
    }
    # JSON inside <script>: "</" must not end the element early.
    data = json.dumps(settings).replace("</", "<\\/")
    colours = f"--front-fill: {FRONT_FILL}; --back-fill: {BACK_FILL};"
    return (
        template.replace("<!--OPENED-->", opened)
        .replace("<!--LEGEND-->", legend_html(workspace.icons))
        .replace("<!--PLACEMENTS-->", escape(placements_text(workspace.icons)))
        .replace("/*PALETTE*/", colours)
        .replace("{/*SETTINGS*/}", data)
    )
