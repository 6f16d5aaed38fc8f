"""Render stage: tile cards, sticker sheets and boards written to files as SVG or PNG.

Every file is written to a temporary file in the target directory and renamed over its name,
so an interrupted run never leaves a half-written picture.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from dukec.atomic import write_bytes_atomic
from dukec.workbench import FORMATS
from dukec.workbench.card import card
from dukec.workbench.shapes import Drawing
from dukec.workbench.sheet import sheets
from dukec.workbench.tiles import TileView

if TYPE_CHECKING:
    from dukec.insight.stamp import Stat
    from dukec.workbench.board import AnyGame
    from dukec.workbench.marks import Marks


def encode(drawing: Drawing, fmt: str) -> bytes:
    """A drawing as the bytes of an SVG or PNG file."""
    if fmt == "svg":
        from dukec.workbench.svg import to_svg

        return to_svg(drawing).encode("utf-8")
    if fmt == "png":
        from dukec.workbench.png import to_png

        return to_png(drawing)
    raise ValueError(f"unknown format {fmt!r}")


def card_filename(tile: TileView, fmt: str) -> str:
    """The file a tile's card is written to: its name, lowercased, and the format."""
    return f"{tile.name.lower()}.{fmt}"


def planned_drawings(
    tiles: Sequence[TileView], fmt: str, sheet: bool, stats: Mapping[str, Stat] | None = None
) -> list[tuple[str, Drawing]]:
    """Each output file's name and drawing: one card per tile (stamped with its worth when
    ``stats`` has it), or the sticker sheets."""
    if sheet:
        pages = sheets(tiles)
        return [(f"sheet-{number}.{fmt}", page) for number, page in enumerate(pages, 1)]
    drawings = []
    for tile in tiles:
        drawing = card(tile)
        if stats is not None and tile.name in stats:
            from dukec.insight.stamp import stamped

            drawing = stamped(drawing, stats[tile.name])
        drawings.append((card_filename(tile, fmt), drawing))
    return drawings


def render_files(
    tiles: Sequence[TileView],
    out_dir: Path,
    fmt: str,
    sheet: bool = False,
    stats: Mapping[str, Stat] | None = None,
) -> list[Path]:
    """Write the cards (or sticker sheets) of ``tiles`` into ``out_dir``; the paths written."""
    written = []
    for name, drawing in planned_drawings(tiles, fmt, sheet, stats):
        path = out_dir / name
        write_bytes_atomic(path, encode(drawing, fmt))
        written.append(path)
    return written


def write_board(game: AnyGame, path: str | os.PathLike[str], marks: Marks | None = None) -> None:
    """Write the board of ``game`` (the engine's or a ``dukec.Game``) to ``path`` (a ``str`` or
    ``os.PathLike``), as SVG or PNG after the path's suffix."""
    from dukec.workbench.board import board_drawing

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"{path}: a board picture is .svg or .png")
    write_bytes_atomic(path, encode(board_drawing(game, marks), fmt))
